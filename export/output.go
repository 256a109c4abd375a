package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
)

// Output writes an export where the -o argument out of `tendays export`
// says, and returns the paths written:
//
//   - "" or "-" (atomicfile.Stdout): the one file of a single-file format,
//     to w;
//   - a single-file format and a folder (an existing one, or a name ending
//     in a slash, created): <id><ext> in it; else the file out;
//   - the other formats: as Write places them (a name ending in a slash is
//     a folder, created first, but for a data package, which makes its
//     own).
//
// An output that is one of inputs (the files the run read, however named:
// links, hard links) is refused, as is a data package folder holding one,
// and a device or a pipe for a format that writes several files. These,
// and every problem with out itself, wrap ErrOutput.
func Output(w io.Writer, in Input, format, out string, inputs []string, opt Options) ([]string, error) {
	opt.OutputChosen = atomicfile.Chosen(out)
	if out != "" && out != atomicfile.Stdout && OneFile(format) {
		path, _, err := atomicfile.Dest(out, mapdata.PackFileName(in.Pack.Edition.ID))
		if err != nil {
			return nil, err
		}
		if atomicfile.IsDirArg(out) {
			path = filepath.Join(out, strings.TrimSuffix(filepath.Base(path), ".pack.json")+Ext(format))
		}
		out = path
	} else if strings.HasSuffix(out, "/") && format != DataPackage {
		if _, _, err := atomicfile.Dest(out, ""); err != nil { // creates the folder
			return nil, err
		}
	}
	if err := atomicfile.CheckClobber([]string{strings.TrimSuffix(out, "/")}, inputs); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOutput, err)
	}
	if !OneFile(format) && atomicfile.WritesThrough(out) {
		// Files "beside" a device or a pipe would be new files in /dev or
		// next to the FIFO, never what the reader of the stream sees.
		return nil, fmt.Errorf("%w: -o %s is a device or a pipe, and --format %s writes several files: give %s", ErrOutput, out, format, OutputHint(format))
	}
	if format == DataPackage {
		if err := checkInside(out, inputs); err != nil {
			return nil, err
		}
	}
	if out == "" || out == atomicfile.Stdout {
		files, err := Render(in, format, opt)
		if err != nil {
			return nil, err
		}
		_, err = w.Write(files[0].Data)
		return nil, err
	}
	return Write(in, format, strings.TrimSuffix(out, "/"), opt)
}

// checkInside refuses a data package folder that holds an input: the
// export would write over it.
func checkInside(out string, inputs []string) error {
	dir, err := filepath.Abs(filepath.Clean(out))
	if err != nil || out == "" || out == atomicfile.Stdout {
		return nil
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	for _, in := range inputs {
		if in == "" || in == atomicfile.Stdout {
			continue
		}
		abs, err := filepath.Abs(in)
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		if strings.HasPrefix(abs, dir+string(filepath.Separator)) {
			return fmt.Errorf("%w: -o %s: the data package folder holds %s, an input of this run: write it elsewhere", ErrOutput, out, in)
		}
	}
	return nil
}

// OutputHint says what -o a format that writes several files wants.
func OutputHint(format string) string {
	switch format {
	case CSV:
		return "-o FOLDER, -o BASE for BASE.regions.csv and BASE.links.csv, or -o FILE.zip"
	case DataPackage:
		return "-o FOLDER: a new or empty folder, or a data package tendays wrote"
	case TTS:
		return "-o FILE.json, with the images written beside it"
	case GIS:
		return "-o FOLDER, a folder for the layers' files"
	case CardImages:
		return "-o FOLDER, a folder for the images and manifest.csv"
	case BoardgameIO:
		return "-o FOLDER: a new or empty folder, or a package tendays wrote"
	case Site:
		return "-o FOLDER: a new or empty folder, or a site tendays wrote"
	}
	return "-o FILE"
}

// OutputNetwork writes one of NetworkFormats of a network pack (another
// format is an error, see RenderNetwork) where the -o argument out says,
// as Output does: "" or "-" to w; a folder (an
// existing one, or a name ending in a slash) gets <id><ext>; gis writes
// its layers into the folder out. The folder out goes in must exist. An
// output that is one of inputs is refused; that and every problem with out
// wrap ErrOutput. opt.Land is the caller's to read (svg).
func OutputNetwork(w io.Writer, p *mapdata.NetworkPack, format, out string, inputs []string, opt Options) ([]string, error) {
	if format == GIS {
		return outputNetworkGIS(p, out, inputs)
	}
	data, err := RenderNetwork(p, format, opt)
	if err != nil {
		return nil, err
	}
	if out == "" || out == atomicfile.Stdout {
		_, err = w.Write(data)
		return nil, err
	}
	path, _, err := atomicfile.Dest(out, NetworkFileName(p, format))
	if err != nil {
		return nil, err
	}
	if err := folderExists(out, filepath.Dir(path)); err != nil {
		return nil, err
	}
	if err := atomicfile.CheckClobber([]string{path}, inputs); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOutput, err)
	}
	if err := atomicfile.WriteDest(out, path, false, nil, 0o644, atomicfile.Bytes(data)); err != nil {
		return nil, err
	}
	return []string{path}, nil
}

// outputNetworkGIS writes a network's GIS layers into the folder out.
func outputNetworkGIS(p *mapdata.NetworkPack, arg string, inputs []string) ([]string, error) {
	out := strings.TrimSuffix(arg, "/")
	if out == "" || out == atomicfile.Stdout || atomicfile.WritesThrough(out) {
		return nil, fmt.Errorf("%w: --format gis writes several files: give -o FOLDER", ErrOutput)
	}
	if err := folderExists(arg, filepath.Dir(out)); err != nil {
		return nil, err
	}
	files, err := NetworkGISFiles(p)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.CheckClobber(pathsIn(out, files), inputs); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOutput, err)
	}
	return WriteFiles(out, files)
}

// folderExists refuses an -o argument whose folder dir is not there.
func folderExists(arg, dir string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("%w: -o %s: the folder %s does not exist", ErrOutput, arg, dir)
	}
	return nil
}
