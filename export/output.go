package export

import (
	"fmt"
	"io"
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
// links, hard links) is refused, as is a file a format writes into a folder
// that is one, a data package folder holding one, and a device or a pipe
// for a format that writes several files. These, and every problem with
// out itself, wrap ErrOutput.
func Output(w io.Writer, in Input, f *Format, out string, inputs []string, opt Options) ([]string, error) {
	e, err := f.For(in.Pack.PackKind())
	if err != nil {
		return nil, err
	}
	opt.OutputChosen, opt.inputs = atomicfile.Chosen(out), inputs
	if out != "" && out != atomicfile.Stdout && f.OneFile {
		path, _, err := atomicfile.Dest(out, mapdata.PackFileName(in.Pack.EditionID()))
		if err != nil {
			return nil, err
		}
		if atomicfile.IsDirArg(out) {
			path = filepath.Join(out, strings.TrimSuffix(filepath.Base(path), ".pack.json")+e.Ext)
		}
		out = path
	} else if strings.HasSuffix(out, "/") && !f.ownFolder {
		if _, _, err := atomicfile.Dest(out, ""); err != nil { // creates the folder
			return nil, err
		}
	}
	if err := atomicfile.CheckClobber([]string{strings.TrimSuffix(out, "/")}, inputs); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOutput, err)
	}
	if !f.OneFile && atomicfile.WritesThrough(out) {
		// Files "beside" a device or a pipe would be new files in /dev or
		// next to the FIFO, never what the reader of the stream sees.
		return nil, fmt.Errorf("%w: -o %s is a device or a pipe, and --format %s writes several files: give %s", ErrOutput, out, f.Name, f.Output)
	}
	if f.ownFolder {
		if err := checkInside(out, f.Name, inputs); err != nil {
			return nil, err
		}
	}
	if out == "" || out == atomicfile.Stdout {
		if !f.OneFile {
			return nil, fmt.Errorf("%w: --format %s writes several files: give -o (%s)", ErrOutput, f.Name, f.Output)
		}
		files, err := f.Render(in, opt)
		if err != nil {
			return nil, err
		}
		_, err = w.Write(files[0].Data)
		return nil, err
	}
	return Write(in, f, strings.TrimSuffix(out, "/"), opt)
}

// checkInside refuses a folder a format owns (a data package, an npm
// package, a site) that holds an input: the export would write over it.
func checkInside(out, format string, inputs []string) error {
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
			return fmt.Errorf("%w: -o %s: the %s folder holds %s, an input of this run: write it elsewhere", ErrOutput, out, ownMarker(format).what, in)
		}
	}
	return nil
}
