//go:build unix

package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// lockDirs takes an exclusive lock on each folder the files go in (flock on
// the folder itself, so no lock file is left behind), in a fixed order, for
// a set of more than one file: a pair written by two processes at once ends
// up whole from one of them. Where the file system has no flock the set is
// written unlocked.
func lockDirs(files []File) (unlock func(), err error) {
	if len(files) < 2 {
		return func() {}, nil
	}
	var dirs []string
	for _, f := range files {
		abs, err := filepath.Abs(filepath.Dir(f.Path))
		if err != nil {
			return nil, fmt.Errorf("write %s: %w", f.Path, err)
		}
		dirs = append(dirs, abs)
	}
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	var held []*os.File
	unlock = func() {
		for _, d := range held {
			_ = syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
			d.Close()
		}
	}
	for _, dir := range dirs {
		d, err := os.Open(dir)
		if err != nil {
			unlock()
			return nil, fmt.Errorf("write in %s: %w", dir, unwrapPath(err))
		}
		if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX); err != nil {
			d.Close()
			continue // no locks here: write as before
		}
		held = append(held, d)
	}
	return unlock, nil
}

// Lock takes an exclusive advisory lock (flock) on the file at path,
// waiting for another process's to be released, for a read-compare-write
// that must not interleave with another: `doctor --apply` and the studio's
// Apply on one edition.yaml. The lock is on the file as it is now; a writer
// that replaces it (rename) releases it to a waiter, who then reads the
// new file by its name. Where the file system has no flock, it is a no-op.
func Lock(path string) (unlock func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, unwrapPath(err))
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return func() {}, nil
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
