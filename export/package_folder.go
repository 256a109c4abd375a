package export

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/internal/safeio"
)

// A data package is written into its folder, never over it: the folder may
// hold the user's sources, a .git, anything. The rules:
//
//   - a folder that does not exist is made whole (in a temporary folder
//     beside it, then renamed into place);
//   - an existing folder (or a symbolic link to one, followed as links to
//     files are) is written into, file by file, when every entry in it is a
//     file this export writes and that an earlier export wrote unchanged:
//     listed in its datapackage.json with the same size and SHA-256;
//   - anything else (an entry the export does not write, a file edited
//     since, a link or folder where a file goes, an earlier package's file
//     this one drops) is refused, and nothing is written or removed.
//
// So after every export the folder holds exactly datapackage.json and the
// files it lists, and no export removes a file.

// maxDescriptor bounds the datapackage.json read back from a folder.
const maxDescriptor = 16 << 20

// writePackage writes files (datapackage.json first among them) as the
// data package folder out.
func writePackage(out string, files []File) ([]string, error) {
	if err := parentExists(out); err != nil {
		return nil, err
	}
	dir := out
	fi, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return writeNewFolder(out, files)
	case err != nil:
		return nil, fmt.Errorf("%w: -o %s: %v", ErrOutput, out, err)
	case fi.Mode()&fs.ModeSymlink != 0:
		if dir, err = filepath.EvalSymlinks(out); err != nil {
			return nil, fmt.Errorf("%w: -o %s: a symbolic link to nothing: remove it or choose another -o", ErrOutput, out)
		}
		if fi, err = os.Stat(dir); err != nil {
			return nil, fmt.Errorf("%w: -o %s: %v", ErrOutput, out, err)
		}
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%w: -o %s is a file; a data package is a folder", ErrOutput, out)
	}
	if err := checkPackageFolder(out, dir, files); err != nil {
		return nil, err
	}
	// The resources first and the descriptor last: datapackage.json never
	// lists a file before it is in place.
	ordered := append(slices.Clone(files[1:]), files[0])
	set := make([]atomicfile.File, len(ordered))
	for i, f := range ordered {
		set[i] = atomicfile.File{Path: filepath.Join(dir, f.Name), Perm: 0o644, Fill: atomicfile.Bytes(f.Data), Chosen: true}
	}
	if err := atomicfile.WriteAll(set...); err != nil {
		return nil, err
	}
	return pathsIn(out, files), nil
}

// checkPackageFolder says whether the existing folder dir (named out on the
// command line) may take the package files: see the rules above.
func checkPackageFolder(out, dir string, files []File) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("%w: -o %s: %v", ErrOutput, out, err)
	}
	if len(entries) == 0 {
		return nil
	}
	refuse := func(what string) error {
		return fmt.Errorf("%w: -o %s: %s; tendays writes a data package only into an empty folder or over a package it wrote, and never removes a file: move it away, or choose another -o", ErrOutput, out, what)
	}
	written := map[string]bool{}
	for _, f := range files {
		written[f.Name] = true
	}
	var foreign []string
	for _, e := range entries {
		if !written[e.Name()] {
			foreign = append(foreign, e.Name())
		}
	}
	old, err := readDescriptor(dir)
	if err != nil {
		if len(foreign) > 0 {
			return refuse(fmt.Sprintf("the folder holds %s, not written by this export (and %v)", listNames(foreign), err))
		}
		return refuse(err.Error())
	}
	listed := map[string]Resource{}
	for _, r := range old.Resources {
		listed[r.Path] = r
	}
	if len(foreign) > 0 {
		var earlier []string
		for _, name := range foreign {
			if _, ok := listed[name]; ok {
				earlier = append(earlier, name)
			}
		}
		if len(earlier) == len(foreign) {
			return refuse(fmt.Sprintf("the folder holds %s from an earlier export, not part of this one", listNames(earlier)))
		}
		return refuse(fmt.Sprintf("the folder holds %s, not written by this export", listNames(foreign)))
	}
	for _, e := range entries {
		if e.Name() == "datapackage.json" {
			continue
		}
		r, ok := listed[e.Name()]
		if !ok {
			return refuse(fmt.Sprintf("%s is not listed in its datapackage.json, so no export wrote it", e.Name()))
		}
		if err := sameAsListed(filepath.Join(dir, e.Name()), r); err != nil {
			return refuse(fmt.Sprintf("%s %v", e.Name(), err))
		}
	}
	return nil
}

// readDescriptor reads the datapackage.json of an existing folder.
func readDescriptor(dir string) (*Descriptor, error) {
	path := filepath.Join(dir, "datapackage.json")
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errors.New("it holds no datapackage.json, so it is not a data package tendays wrote")
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("its datapackage.json is not a regular file")
	}
	src, err := safeio.ReadFile(path, maxDescriptor)
	if err != nil {
		return nil, fmt.Errorf("its datapackage.json: %w", err)
	}
	var d Descriptor
	if err := json.Unmarshal(src, &d); err != nil {
		return nil, fmt.Errorf("its datapackage.json does not read as a descriptor (%v)", err)
	}
	return &d, nil
}

// sameAsListed checks that the file at path is a regular file with the
// size and SHA-256 its descriptor entry records: what an export wrote,
// unchanged since.
func sameAsListed(path string, r Resource) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("is a %s, where the export writes a file", describeMode(fi.Mode()))
	}
	if fi.Size() != int64(r.Bytes) {
		return errors.New("changed since the export wrote it (its size is not the one datapackage.json records)")
	}
	f, err := safeio.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, fi.Size()+1)); err != nil {
		return err
	}
	if "sha256:"+hex.EncodeToString(h.Sum(nil)) != r.Hash {
		return errors.New("changed since the export wrote it (its SHA-256 is not the one datapackage.json records)")
	}
	return nil
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m.IsDir():
		return "folder"
	}
	return "special file"
}

// listNames names up to three entries, then how many more.
func listNames(names []string) string {
	slices.Sort(names)
	if len(names) <= 3 {
		return strings.Join(quoteAll(names), ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(quoteAll(names[:3]), ", "), len(names)-3)
}

func quoteAll(names []string) []string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return q
}

// writeNewFolder writes files into a new folder beside target and renames
// it to target, which did not exist a moment ago. A folder made there
// since is never replaced: the rename fails on one that holds anything.
func writeNewFolder(target string, files []File) ([]string, error) {
	parent := filepath.Dir(target)
	tmp, err := atomicfile.TempDir(parent, "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", target, err)
	}
	defer atomicfile.RemoveTemp(tmp) // nothing left there once renamed
	if err := os.Chmod(tmp, 0o755); err != nil {
		return nil, fmt.Errorf("write %s: %w", target, err)
	}
	for _, f := range files {
		if err := atomicfile.WriteBytes(filepath.Join(tmp, f.Name), f.Data, 0o644); err != nil {
			return nil, err
		}
	}
	err = atomicfile.Locked(func() error {
		if _, err := os.Lstat(target); err == nil {
			return fmt.Errorf("%w: -o %s appeared while the package was written: export again", ErrOutput, target)
		}
		if err := os.Rename(tmp, target); err != nil {
			return fmt.Errorf("write %s: %w", target, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return pathsIn(target, files), nil
}
