//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"time"
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

// LockWait takes an exclusive advisory lock (flock) on the file at path,
// for a read-compare-write that must not interleave with another: `doctor
// --apply` and --fix, and the studio's Apply on one edition.yaml. When
// another process holds it, opts.Held is told at once who (see Holder) and
// the wait is bounded by opts.Timeout: a lock still held then is a
// *LockTimeoutError (ErrLockTimeout), never a wait without end. While held,
// a record of this process (its PID and the time) is kept beside the file
// so that a process waiting can name it; unlock removes it.
//
// The lock is on the file as it is now; a writer that replaces it (rename)
// releases it to a waiter, who then reads the new file by its name. Where
// the file system has no flock, it is a no-op.
func LockWait(path string, opts LockOptions) (unlock func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, unwrapPath(err))
	}
	err = flockNow(f)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		wait := opts.timeout()
		holder := lockHolder(path, f)
		if opts.Held != nil {
			opts.Held(holder, wait)
		}
		deadline := time.Now().Add(wait)
		for step := 10 * time.Millisecond; errors.Is(err, syscall.EWOULDBLOCK); step = min(2*step, 200*time.Millisecond) {
			left := time.Until(deadline)
			if left <= 0 {
				f.Close()
				return nil, &LockTimeoutError{Holder: holder, Waited: wait}
			}
			time.Sleep(min(step, left))
			err = flockNow(f)
		}
	}
	if err != nil {
		f.Close()
		return func() {}, nil // no locks on this file system: as before
	}
	record := recordName(path)
	ours := writeRecord(record)
	return func() {
		if ours {
			_ = os.Remove(record)
		}
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// flockNow tries the lock once, without waiting (a signal's EINTR is tried
// again).
func flockNow(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// writeRecord writes this process's lock record: never through a link or
// over another file's contents (a record left by a killed run, or planted,
// is removed first, then the record made anew).
func writeRecord(record string) bool {
	_ = os.Remove(record)
	f, err := os.OpenFile(record, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return false // a folder we may not write in: the lock holds all the same
	}
	_, err = f.Write(formatRecord(os.Getpid(), time.Now()))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(record)
		return false
	}
	return true
}

// readRecord reads a lock record, of at most a few hundred bytes, never
// through a link.
func readRecord(record string) (pid int, since time.Time, ok bool) {
	f, err := os.OpenFile(record, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return 0, time.Time{}, false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return 0, time.Time{}, false
	}
	b, err := io.ReadAll(io.LimitReader(f, 512))
	if err != nil {
		return 0, time.Time{}, false
	}
	return parseRecord(b)
}

// lockHolder tells who holds the lock on f: the system's table of locks
// gives the process that took it (Linux), the record beside the file its
// time when that process is a tendays that wrote one. A record whose
// process is not the one the system names (left by a killed run) is not
// believed.
func lockHolder(path string, f *os.File) Holder {
	var h Holder
	system := lockPID(f)
	pid, since, ok := readRecord(recordName(path))
	switch {
	case ok && (pid == system || system == 0 && syscall.Kill(pid, 0) == nil):
		h.PID, h.Since = pid, since
	default:
		h.PID = system
	}
	if h.PID != 0 {
		h.Command = processName(h.PID)
	}
	return h
}
