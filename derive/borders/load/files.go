package load

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/tendays/tendays/derive/folder"
	"github.com/tendays/tendays/mapdata"
)

// OS is the operating system's files, named as a command line names them.
type OS struct{}

func (OS) ReadFile(name string, max int64) ([]byte, string, error) {
	data, err := mapdata.ReadFile(name, max)
	return data, name, err
}
func (OS) Stat(name string) (fs.FileInfo, error)      { return os.Stat(name) }
func (OS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (OS) Glob(pattern string) ([]string, error)      { return filepath.Glob(pattern) }
func (OS) Join(dir, name string) string               { return filepath.Join(dir, name) }
func (OS) Display(name string) string                 { return name }

// Edition is an edition's folder: names are slash paths inside it, every
// file is read through the edition's folder.Reader (confined to the
// folder, recorded for the pack's provenance), and errors point at the
// place in edition.yaml that named the borders.
type Edition struct {
	Files   *folder.Reader
	Pointer string // where edition.yaml names the borders ("/borders/file")
}

func (e Edition) ReadFile(name string, max int64) ([]byte, string, error) {
	saved := e.Files.MaxBytes
	e.Files.MaxBytes = max
	defer func() { e.Files.MaxBytes = saved }()
	return e.Files.Read(name, e.Pointer)
}
func (e Edition) Stat(name string) (fs.FileInfo, error) {
	if name == "." || fs.ValidPath(name) {
		return fs.Stat(e.Files.FS, name)
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
}
func (e Edition) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(e.Files.FS, name) }
func (e Edition) Glob(pattern string) ([]string, error)      { return fs.Glob(e.Files.FS, pattern) }
func (e Edition) Join(dir, name string) string {
	if dir == "." {
		return name
	}
	return path.Join(dir, name)
}
func (e Edition) Display(name string) string { return path.Join(e.Files.Dir, name) }
