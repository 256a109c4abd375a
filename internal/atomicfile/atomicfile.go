// Package atomicfile writes files so that a reader sees either the old
// contents or the new, never a half-written file: the data goes to a
// temporary file in the same folder, is synced, and is renamed over the
// target. On any failure the temporary file is removed and the target is
// left as it was; a command interrupted by a signal calls Abandon, which
// removes the temporary files of the writes still in progress.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// live holds the temporary files of writes in progress, for Abandon. Its
// lock is also held across each rename, so that Abandon never races one.
var (
	liveMu sync.Mutex
	live   = map[string]bool{}
)

// hook lets tests inject a failure after the data is written but before the
// rename, which is where a crash would hurt most.
var hook func(tmp string) error

// Write calls fill with a buffered writer on a temporary file beside path and,
// if fill and every write succeed, renames the file to path.
func Write(path string, perm os.FileMode, fill func(w io.Writer) error) error {
	return WriteAll(File{Path: path, Perm: perm, Fill: fill})
}

// File is one file of a set written together.
type File struct {
	Path string
	Perm os.FileMode
	Fill func(w io.Writer) error
	// Chosen marks a name the toolkit chose rather than one the user typed:
	// a default (NAME.pack.json, lint-report.sarif), a file beside another
	// output (the board beside its pack), a file put inside a folder the
	// user named. A symbolic link at such a name is followed only while it
	// leads inside the working folder or the folder the file goes in, and
	// refused otherwise: a link committed in a checkout must not aim an
	// output nobody named at a file outside it.
	Chosen bool
}

// WriteAll writes a set of files that belong together (a pack and its board
// geometry): every one is written and synced to its temporary file first,
// and only when all have succeeded are they renamed into place, one after
// the other with Abandon held off and the folders they go in locked against
// other processes doing the same. A failure before the renames leaves every
// target as it was.
//
// A target that is a character device or a FIFO (/dev/null, /dev/stdout, a
// pipe) is written through, not replaced; a symbolic link is followed and
// the file it points to replaced, the link left as it is.
func WriteAll(files ...File) (err error) {
	tmps := make([]string, 0, len(files))
	defer func() {
		liveMu.Lock()
		for _, tmp := range tmps {
			if err != nil {
				os.Remove(tmp)
			}
			delete(live, tmp)
		}
		liveMu.Unlock()
	}()
	var renames []File
	for _, f := range files {
		target, through, err := resolve(f.Path, f.Chosen)
		if err != nil {
			return err
		}
		if through {
			// A device or FIFO: written to, never replaced.
			if err := writeThrough(target, f); err != nil {
				return err
			}
			continue
		}
		f.Path = target
		tmp, err := prepare(f)
		if err != nil {
			return err
		}
		tmps = append(tmps, tmp)
		renames = append(renames, f)
	}
	// Another process writing the same pair waits for this one's renames
	// (a lock on each folder), so the files of a pair come from one run.
	unlock, err := lockDirs(renames)
	if err != nil {
		return err
	}
	defer unlock()
	liveMu.Lock()
	defer liveMu.Unlock()
	for i, f := range renames {
		if err := os.Rename(tmps[i], f.Path); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
	}
	return nil
}

// prepare writes a file's data to a synced temporary file beside it and
// returns its name; on failure nothing is left behind.
func prepare(file File) (_ string, err error) {
	path := file.Path
	dir := filepath.Dir(path)
	if fi, statErr := os.Stat(dir); statErr != nil {
		return "", fmt.Errorf("write %s: folder %s: %w", path, dir, statErr)
	} else if !fi.IsDir() {
		return "", fmt.Errorf("write %s: %s is not a folder", path, dir)
	}
	if fi, statErr := os.Stat(path); statErr == nil && fi.IsDir() {
		return "", fmt.Errorf("write %s: is a folder", path)
	}
	// Create and record the temporary file under the lock, so that Abandon
	// cannot run between the two and miss it.
	liveMu.Lock()
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err == nil {
		live[f.Name()] = true
	}
	liveMu.Unlock()
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			liveMu.Lock()
			os.Remove(tmp)
			delete(live, tmp)
			liveMu.Unlock()
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err = file.Fill(bw); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err = bw.Flush(); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err = f.Chmod(file.Perm); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if hook != nil {
		if err = hook(tmp); err != nil {
			return "", fmt.Errorf("write %s: %w", path, err)
		}
	}
	return tmp, nil
}

// Abandon removes the temporary files (and folders, see TempDir) of the
// writes in progress and blocks every write from renaming its file from then
// on. It is for a process about to exit on a signal (SIGINT, SIGTERM): the
// targets keep their old contents and no temporary file is left beside
// them. Abandon never returns the lock, so call it only on the way out.
func Abandon() {
	liveMu.Lock()
	for tmp := range live {
		os.RemoveAll(tmp)
	}
}

// TempDir creates a temporary folder in dir, as os.MkdirTemp does, for a set
// of files to be moved into place together; Abandon removes it with all it
// holds. Call RemoveTemp when done with it.
func TempDir(dir, pattern string) (string, error) {
	liveMu.Lock()
	defer liveMu.Unlock()
	tmp, err := os.MkdirTemp(dir, pattern)
	if err == nil {
		live[tmp] = true
	}
	return tmp, err
}

// RemoveTemp removes a folder made by TempDir, if it is still there (its
// contents may have been moved away), and forgets it.
func RemoveTemp(tmp string) error {
	err := os.RemoveAll(tmp)
	liveMu.Lock()
	delete(live, tmp)
	liveMu.Unlock()
	return err
}

// Locked runs f with Abandon held off, for renames that must happen all or
// none: several files moved out of a TempDir into place, or an old folder
// moved aside and the new one moved in.
func Locked(f func() error) error {
	liveMu.Lock()
	defer liveMu.Unlock()
	return f()
}

// WriteBytes writes data to path atomically.
func WriteBytes(path string, data []byte, perm os.FileMode) error {
	return WriteAll(File{Path: path, Perm: perm, Fill: Bytes(data)})
}

// Bytes is a Fill that writes data.
func Bytes(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
}

// ErrInjected is the failure tests inject with FailBeforeRename.
var ErrInjected = errors.New("injected write failure")

// FailBeforeRename makes every Write fail just before its rename until the
// returned function is called. For tests only.
func FailBeforeRename() (restore func()) {
	hook = func(string) error { return ErrInjected }
	return func() { hook = nil }
}
