package safeio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Folder is a folder whose files are read by name: an edition on disk, or
// one bundled in the binary. A Folder on disk is an fs.FS confined to the
// folder (os.Root): a name whose symbolic links lead outside it, through a
// file or a sub-folder, is refused, and a FIFO is never waited on.
type Folder struct {
	fsys fs.FS
	root *os.Root // nil for a bundled folder
	real string   // the folder's own path, symlinks resolved (on disk only)
}

// OpenFolder opens a folder on disk.
func OpenFolder(dir string) (*Folder, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, unwrapPath(err)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		root.Close()
		return nil, unwrapPath(err)
	}
	if real, err = filepath.Abs(real); err != nil {
		root.Close()
		return nil, err
	}
	return &Folder{fsys: rootFS{root, real}, root: root, real: real}, nil
}

// OpenSibling opens the folder name beside dir: a member of a combined
// edition, which names its members by the names of folders beside its own.
// The fence is dir's parent: a member folder that is a link leading outside
// it is refused (ErrOutside), and the member's own files are confined to
// the member's folder, as every edition's are. A member that is not there
// is fs.ErrNotExist.
func OpenSibling(dir, name string) (*Folder, error) {
	if !fs.ValidPath(name) || strings.Contains(name, "/") || name == "." {
		return nil, fmt.Errorf("%q: a member is named by a folder beside the edition's (no /, no ..)", name)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, unwrapPath(err)
	}
	if real, err = filepath.Abs(real); err != nil {
		return nil, err
	}
	parent := filepath.Dir(real)
	proot, err := os.OpenRoot(parent)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer proot.Close()
	root, err := proot.OpenRoot(name)
	if err != nil {
		if strings.Contains(err.Error(), "path escapes from parent") {
			return nil, fmt.Errorf("%s leads %w (a symbolic link?): a member's folder must be beside the edition's, in %s", name, ErrOutside, parent)
		}
		return nil, unwrapPath(err)
	}
	mreal, err := filepath.EvalSymlinks(filepath.Join(parent, name))
	if err == nil {
		mreal, err = filepath.Abs(mreal)
	}
	if err != nil {
		root.Close()
		return nil, unwrapPath(err)
	}
	return &Folder{fsys: rootFS{root, mreal}, root: root, real: mreal}, nil
}

// Close releases a folder on disk (its os.Root); a bundled folder has
// nothing to release.
func (d *Folder) Close() error {
	if d == nil || d.root == nil {
		return nil
	}
	return d.root.Close()
}

// FolderFS is the folder an fs.FS holds: the confined folder itself when
// fsys is a Folder's FS, else (an embedded edition, a test's map) a folder
// trusted to hold no links, whose reads are bounded all the same.
func FolderFS(fsys fs.FS) *Folder {
	if rf, ok := fsys.(rootFS); ok {
		return &Folder{fsys: rf, root: rf.r, real: rf.real}
	}
	return &Folder{fsys: fsys}
}

// FS is the folder as an fs.FS (confined, for a folder on disk).
func (d *Folder) FS() fs.FS { return d.fsys }

// Path is the file name on disk of a name in the folder, symlinks resolved
// as far as they exist, or "" for a bundled folder: for telling whether an
// output would overwrite an input.
func (d *Folder) Path(name string) string {
	if d.root == nil {
		return ""
	}
	return filepath.Join(d.real, filepath.FromSlash(name))
}

// ReadFile reads the file name (slash-separated, relative to the folder) of
// at most max bytes. It must resolve, links followed, to a regular file
// inside the folder; that is checked before the file is opened, and again
// on what was opened.
func (d *Folder) ReadFile(name string, max int64) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, fmt.Errorf("%q: a file of the folder is named by a path inside it (no .., no leading ./ or /)", name)
	}
	if d.root != nil {
		// os.Root enforces the confinement; this finds out early, to
		// say so in words rather than "path escapes from parent".
		if err := d.inside(name); err != nil {
			return nil, err
		}
	}
	fi, err := fs.Stat(d.fsys, name)
	if err != nil {
		return nil, d.explain(err)
	}
	if err := checkRegular(fi); err != nil {
		return nil, err
	}
	f, err := d.fsys.Open(name)
	if err != nil {
		return nil, d.explain(err)
	}
	defer f.Close()
	return readOpen(f, max)
}

// inside checks that name, links followed, stays in the folder.
func (d *Folder) inside(name string) error {
	target, err := filepath.EvalSymlinks(filepath.Join(d.real, filepath.FromSlash(name)))
	if err != nil {
		return nil // missing: Stat says so
	}
	if target, err = filepath.Abs(target); err != nil {
		return err
	}
	rel, err := filepath.Rel(d.real, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return fmt.Errorf("leads to %s, %w (a symbolic link?): every file an edition names must be inside its folder", target, ErrOutside)
	}
	return nil
}

// explain turns os.Root's refusal into words.
func (d *Folder) explain(err error) error {
	err = unwrapPath(err)
	if err != nil && strings.Contains(err.Error(), "path escapes from parent") {
		return fmt.Errorf("leads %w (a symbolic link?): every file an edition names must be inside its folder", ErrOutside)
	}
	return err
}

// rootFS is an os.Root as an fs.FS whose Open never waits on a FIFO, with
// Stat following links (inside the root only).
type rootFS struct {
	r    *os.Root
	real string
}

func (f rootFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	file, err := f.r.OpenFile(filepath.FromSlash(name), os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	return file, nil
}

func (f rootFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	return f.r.Stat(filepath.FromSlash(name))
}

// ReadDir lets fs.ReadDir and fs.WalkDir list a folder on disk.
func (f rootFS) ReadDir(name string) ([]fs.DirEntry, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	dir, ok := file.(fs.ReadDirFile)
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a folder")}
	}
	return dir.ReadDir(-1)
}
