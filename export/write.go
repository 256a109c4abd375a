package export

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/tendays/tendays/internal/atomicfile"
)

// ErrOutput marks a problem with the output path (a missing folder, a file
// where a folder should be): the user's to fix, not a failure of the export.
var ErrOutput = errors.New("bad output path")

// Write renders a format and writes it at out, returning the paths written:
//
//   - a single-file format: the file out, or <id><ext> inside out when out
//     is a folder;
//   - csv: out.regions.csv and out.links.csv (a trailing .csv on out is
//     dropped), or <id>.regions.csv and <id>.links.csv inside a folder, or
//     one zip archive of both when out ends in .zip;
//   - gis: the layers' files in the folder out, created if it is not there;
//   - datapackage: the folder out, created, or replaced if it is a data
//     package already;
//   - tts: the save at out (out.tts.json when out has no .json ending, or
//     <id>.tts.json inside a folder) with its images beside it, named after
//     it. Unless opt.AssetURL is set, the save points at them by file://
//     URL.
//
// Nothing is left half-written: files are written whole to temporary names
// and renamed; a set of files is written into a temporary folder first.
func Write(in Input, format, out string, opt Options) ([]string, error) {
	if err := CheckFormat(format); err != nil {
		return nil, err
	}
	if out == "" {
		return nil, fmt.Errorf("%w: no output path", ErrOutput)
	}
	isDir := false
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		isDir = true
	}
	id := baseName(in.Pack)
	switch {
	case OneFile(format):
		path := out
		if isDir {
			path = filepath.Join(out, id+Ext(format))
		}
		if err := parentExists(path); err != nil {
			return nil, err
		}
		files, err := Render(in, format, opt)
		if err != nil {
			return nil, err
		}
		if err := atomicfile.WriteBytes(path, files[0].Data, 0o644); err != nil {
			return nil, err
		}
		return []string{path}, nil

	case format == CSV:
		if isDir {
			files, err := Render(in, format, opt)
			if err != nil {
				return nil, err
			}
			return writeSet(out, files)
		}
		if err := parentExists(out); err != nil {
			return nil, err
		}
		files, err := Render(in, format, opt)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(strings.ToLower(out), ".zip") {
			data, err := Zip(files)
			if err != nil {
				return nil, err
			}
			if err := atomicfile.WriteBytes(out, data, 0o644); err != nil {
				return nil, err
			}
			return []string{out}, nil
		}
		base := filepath.Base(strings.TrimSuffix(out, ".csv"))
		files[0].Name, files[1].Name = base+".regions.csv", base+".links.csv"
		return writeSet(filepath.Dir(out), files)

	case format == GIS:
		if err := parentExists(out); err != nil {
			return nil, err
		}
		files, err := Render(in, format, opt)
		if err != nil {
			return nil, err
		}
		return WriteFiles(out, files)

	case format == DataPackage:
		if err := parentExists(out); err != nil {
			return nil, err
		}
		if fi, err := os.Stat(out); err == nil {
			if !fi.IsDir() {
				return nil, fmt.Errorf("%w: %s is a file; a data package is a folder", ErrOutput, out)
			}
			if _, err := os.Stat(filepath.Join(out, "datapackage.json")); err != nil {
				return nil, fmt.Errorf("%w: %s exists and is not a data package (no datapackage.json): remove it or choose another -o", ErrOutput, out)
			}
		}
		files, err := Render(in, format, opt)
		if err != nil {
			return nil, err
		}
		if err := writeFolder(out, files); err != nil {
			return nil, err
		}
		return pathsIn(out, files), nil

	case format == TTS:
		dir, save := out, id+".tts.json"
		if !isDir {
			dir, save = filepath.Dir(out), filepath.Base(out)
			if !strings.HasSuffix(strings.ToLower(save), ".json") {
				save += ".tts.json"
			}
			if err := parentExists(out); err != nil {
				return nil, err
			}
		}
		o := opt
		o.AssetBase = strings.TrimSuffix(strings.TrimSuffix(save, filepath.Ext(save)), ".tts")
		if o.AssetURL == "" {
			abs, err := filepath.Abs(dir)
			if err != nil {
				return nil, err
			}
			o.AssetURL = (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs) + "/"}).String()
		}
		files, err := Render(in, format, o)
		if err != nil {
			return nil, err
		}
		files[0].Name = save
		// The images first, the save last: a save never points at images
		// that are not there yet.
		files = append(files[1:], files[0])
		return writeSet(dir, files)
	}
	return nil, CheckFormat(format)
}

// WriteFiles writes a set of files into the folder out: beside what is there
// when the folder exists, else into a new folder. Either way a reader sees
// none of the files or all of them.
func WriteFiles(out string, files []File) ([]string, error) {
	fi, err := os.Stat(out)
	switch {
	case err == nil && !fi.IsDir():
		return nil, fmt.Errorf("%w: %s is a file; this format writes a folder of files", ErrOutput, out)
	case err == nil:
		return writeSet(out, files)
	}
	if err := writeFolder(out, files); err != nil {
		return nil, err
	}
	return pathsIn(out, files), nil
}

// pathsIn is where files are in the folder dir.
func pathsIn(dir string, files []File) []string {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = filepath.Join(dir, f.Name)
	}
	return paths
}

// parentExists checks the folder a path goes in, for a message that names
// it (and the flag) rather than a failed rename.
func parentExists(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%w: -o %s: folder %s does not exist", ErrOutput, path, dir)
		}
		return fmt.Errorf("%w: -o %s: %v", ErrOutput, path, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%w: -o %s: %s is not a folder", ErrOutput, path, dir)
	}
	return nil
}

// writeSet writes files into dir: all of them into a temporary folder in
// dir first, then each renamed into place in order. A failure before the
// renames leaves dir as it was.
func writeSet(dir string, files []File) ([]string, error) {
	for _, f := range files {
		if fi, err := os.Stat(filepath.Join(dir, f.Name)); err == nil && fi.IsDir() {
			return nil, fmt.Errorf("%w: %s is a folder", ErrOutput, filepath.Join(dir, f.Name))
		}
	}
	tmp, err := atomicfile.TempDir(dir, ".tendays-export-*")
	if err != nil {
		return nil, fmt.Errorf("write in %s: %w", dir, err)
	}
	defer atomicfile.RemoveTemp(tmp)
	for _, f := range files {
		if err := atomicfile.WriteBytes(filepath.Join(tmp, f.Name), f.Data, 0o644); err != nil {
			return nil, err
		}
	}
	var paths []string
	// A signal waits until every file is in place.
	err = atomicfile.Locked(func() error {
		for _, f := range files {
			dst := filepath.Join(dir, f.Name)
			if err := os.Rename(filepath.Join(tmp, f.Name), dst); err != nil {
				return fmt.Errorf("write %s: %w", dst, err)
			}
			paths = append(paths, dst)
		}
		return nil
	})
	return paths, err
}

// writeFolder writes files into a new folder beside target and renames it
// to target, replacing the old folder only once the new one is complete.
func writeFolder(target string, files []File) error {
	parent := filepath.Dir(target)
	tmp, err := atomicfile.TempDir(parent, "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", target, err)
	}
	defer atomicfile.RemoveTemp(tmp) // nothing left there once renamed

	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", target, err)
	}
	for _, f := range files {
		if err := atomicfile.WriteBytes(filepath.Join(tmp, f.Name), f.Data, 0o644); err != nil {
			return err
		}
	}
	// A signal waits until the new folder is in place and the old one gone.
	return atomicfile.Locked(func() error {
		if _, err := os.Stat(target); err == nil {
			old := tmp + ".old"
			if err := os.Rename(target, old); err != nil {
				return fmt.Errorf("write %s: %w", target, err)
			}
			if err := os.Rename(tmp, target); err != nil {
				_ = os.Rename(old, target) // put the old package back
				return fmt.Errorf("write %s: %w", target, err)
			}
			return os.RemoveAll(old)
		}
		if err := os.Rename(tmp, target); err != nil {
			return fmt.Errorf("write %s: %w", target, err)
		}
		return nil
	})
}
