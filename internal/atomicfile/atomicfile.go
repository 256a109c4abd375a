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
func Write(path string, perm os.FileMode, fill func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if fi, statErr := os.Stat(dir); statErr != nil {
		return fmt.Errorf("write %s: folder %s: %w", path, dir, statErr)
	} else if !fi.IsDir() {
		return fmt.Errorf("write %s: %s is not a folder", path, dir)
	}
	if fi, statErr := os.Stat(path); statErr == nil && fi.IsDir() {
		return fmt.Errorf("write %s: is a folder", path)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	liveMu.Lock()
	live[tmp] = true
	liveMu.Unlock()
	defer func() {
		liveMu.Lock()
		delete(live, tmp)
		liveMu.Unlock()
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err = fill(bw); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = f.Chmod(perm); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if hook != nil {
		if err = hook(tmp); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	liveMu.Lock()
	err = os.Rename(tmp, path)
	liveMu.Unlock()
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// Abandon removes the temporary files of the writes in progress and blocks
// every write from renaming its file from then on. It is for a process about
// to exit on a signal (SIGINT, SIGTERM): the targets keep their old contents
// and no temporary file is left beside them. Abandon never returns the lock,
// so call it only on the way out.
func Abandon() {
	liveMu.Lock()
	for tmp := range live {
		os.Remove(tmp)
	}
}

// WriteBytes writes data to path atomically.
func WriteBytes(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// ErrInjected is the failure tests inject with FailBeforeRename.
var ErrInjected = errors.New("injected write failure")

// FailBeforeRename makes every Write fail just before its rename until the
// returned function is called. For tests only.
func FailBeforeRename() (restore func()) {
	hook = func(string) error { return ErrInjected }
	return func() { hook = nil }
}
