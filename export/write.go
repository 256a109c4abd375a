package export

import (
	"errors"
	"fmt"
	"io/fs"
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
//   - datapackage: the folder out, created, or written into when it is
//     empty or a data package an export wrote (see writePackage); never
//     replaced, and no file in it removed;
//   - tts: the save at out (out.tts.json when out has no .json ending, or
//     <id>.tts.json inside a folder) with its images beside it, named after
//     it. The save names them by their bare names (copy them into
//     Tabletop Simulator's Mods/Images folder, or host them and set
//     opt.AssetURL, the prefix of their URLs): never by a path of the
//     machine that wrote them, so the save can be shared;
//   - boardgameio and site: the folder out, created, or written into when
//     it is empty or one this export wrote (see writeOwnFolder);
//   - any other format of several files (gis): its files in the folder
//     out, created if it is not there.
//
// Nothing is left half-written: files are written whole to temporary names
// and renamed; a set of files is written into a temporary folder first.
func Write(in Input, f *Format, out string, opt Options) ([]string, error) {
	if out == "" {
		return nil, fmt.Errorf("%w: no output path", ErrOutput)
	}
	isDir := false
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		isDir = true
	}
	switch {
	case f.OneFile:
		return writeOneFile(in, f, out, isDir, opt)
	case f.write != nil:
		return f.write(in, f, out, isDir, opt)
	}
	return writeFolder(in, f, out, opt)
}

// writeOneFile writes a single-file format at out, or inside the folder out.
func writeOneFile(in Input, f *Format, out string, isDir bool, opt Options) ([]string, error) {
	e, err := f.For(in.Pack.PackKind())
	if err != nil {
		return nil, err
	}
	path := out
	if isDir {
		path = filepath.Join(out, fileBase(in.Pack.EditionID())+e.Ext)
	}
	if err := parentExists(path); err != nil {
		return nil, err
	}
	files, err := f.Render(in, opt)
	if err != nil {
		return nil, err
	}
	file := atomicfile.File{Path: path, Perm: 0o644, Fill: atomicfile.Bytes(files[0].Data), Chosen: isDir || opt.OutputChosen}
	if err := atomicfile.WriteAll(file); err != nil {
		return nil, err
	}
	return []string{path}, nil
}

// writeFolder writes a format's files into the folder out (created when
// missing), none of them an input of the run.
func writeFolder(in Input, f *Format, out string, opt Options) ([]string, error) {
	if err := parentExists(out); err != nil {
		return nil, err
	}
	files, err := f.Render(in, opt)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.CheckClobber(pathsIn(out, files), opt.inputs); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOutput, err)
	}
	return WriteFiles(out, files)
}

// writeCSVTables writes the csv tables: into a folder, as one zip archive
// (out ending in .zip), or as out.regions.csv and out.links.csv.
func writeCSVTables(in Input, f *Format, out string, isDir bool, opt Options) ([]string, error) {
	if isDir {
		files, err := f.Render(in, opt)
		if err != nil {
			return nil, err
		}
		return writeSet(out, files)
	}
	if err := parentExists(out); err != nil {
		return nil, err
	}
	files, err := f.Render(in, opt)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(strings.ToLower(out), ".zip") {
		data, err := Zip(files)
		if err != nil {
			return nil, err
		}
		if err := atomicfile.WriteAll(atomicfile.File{Path: out, Perm: 0o644, Fill: atomicfile.Bytes(data), Chosen: opt.OutputChosen}); err != nil {
			return nil, err
		}
		return []string{out}, nil
	}
	base := filepath.Base(strings.TrimSuffix(out, ".csv"))
	files[0].Name, files[1].Name = base+".regions.csv", base+".links.csv"
	return writeSet(filepath.Dir(out), files)
}

// writeDataPackage writes a data package as the folder out.
func writeDataPackage(in Input, f *Format, out string, _ bool, opt Options) ([]string, error) {
	files, err := f.Render(in, opt)
	if err != nil {
		return nil, err
	}
	return writePackage(out, files)
}

// writeOwn writes a folder the format owns (an npm package, a static
// site) as the folder out.
func writeOwn(in Input, f *Format, out string, _ bool, opt Options) ([]string, error) {
	files, err := f.Render(in, opt)
	if err != nil {
		return nil, err
	}
	return writeOwnFolder(out, files, ownMarker(f.Name))
}

// writeTTS writes the Tabletop Simulator save at out (or inside the folder
// out) and its images beside it, the images first: a save never points at
// images that are not there yet.
func writeTTS(in Input, f *Format, out string, isDir bool, opt Options) ([]string, error) {
	dir, save := out, fileBase(in.Pack.EditionID())+".tts.json"
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
	// No AssetURL: the images by their bare names, which Tabletop
	// Simulator looks up in its Mods/Images folder, never a path of the
	// machine that exported them.
	files, err := f.Render(in, o)
	if err != nil {
		return nil, err
	}
	files[0].Name = save
	files = append(files[1:], files[0])
	return writeSet(dir, files)
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
	return writeNewFolder(out, files)
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

// writeSet writes files into dir, each under a name the toolkit chose
// (atomicfile.File.Chosen): every one to a temporary file first, then all
// renamed into place in order, so a failure before the renames leaves dir
// as it was. A name that is a symbolic link is followed as for any output
// (and refused when it leads away); a folder there is refused.
func writeSet(dir string, files []File) ([]string, error) {
	var set []atomicfile.File
	var paths []string
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return nil, fmt.Errorf("%w: %s is a folder", ErrOutput, path)
		}
		set = append(set, atomicfile.File{Path: path, Perm: 0o644, Fill: atomicfile.Bytes(f.Data), Chosen: true})
		paths = append(paths, path)
	}
	if err := atomicfile.WriteAll(set...); err != nil {
		return nil, err
	}
	return paths, nil
}
