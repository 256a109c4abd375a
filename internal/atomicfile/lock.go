package atomicfile

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DefaultLockTimeout is how long LockWait waits by default for a lock
// another process holds (doctor's --lock-timeout).
const DefaultLockTimeout = 10 * time.Second

// LockOptions bound the wait for a lock another process holds.
type LockOptions struct {
	// Timeout is how long to wait: 0 is DefaultLockTimeout, a negative
	// value does not wait at all.
	Timeout time.Duration
	// Held, when set, is told at once (before any wait) that another
	// process holds the lock, who it is and how long the wait may be.
	Held func(h Holder, wait time.Duration)
}

func (o LockOptions) timeout() time.Duration {
	switch {
	case o.Timeout == 0:
		return DefaultLockTimeout
	case o.Timeout < 0:
		return 0
	}
	return o.Timeout
}

// Holder is who holds a lock, as far as can be told: the process (from the
// lock's record, which a tendays holding it writes beside the file, or
// from the system's table of locks) and since when (from the record).
type Holder struct {
	PID     int       // 0 when unknown
	Command string    // the process's name, when the system tells
	Since   time.Time // zero when unknown
}

// String names the holder for a message: "PID 4242 (tendays) since
// 2026-12-01 23:01:05", or "another process".
func (h Holder) String() string {
	if h.PID == 0 {
		return "another process"
	}
	var b strings.Builder
	b.WriteString("PID " + strconv.Itoa(h.PID))
	if h.Command != "" {
		b.WriteString(" (" + h.Command + ")")
	}
	if !h.Since.IsZero() {
		b.WriteString(" since " + h.Since.Format("2006-01-02 15:04:05"))
	}
	return b.String()
}

// ErrLockTimeout is wrapped by LockWait's error when the lock was still
// held at the end of the wait.
var ErrLockTimeout = errors.New("still locked")

// LockTimeoutError is a lock another process held for the whole wait.
type LockTimeoutError struct {
	Holder Holder
	Waited time.Duration
}

func (e *LockTimeoutError) Error() string {
	return fmt.Sprintf("still locked by %s after %s: let that process finish (or end it), or wait longer with --lock-timeout",
		e.Holder, Seconds(e.Waited))
}

// Seconds writes a wait as people read it: "10 s", "0.5 s", "2 min".
func Seconds(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return strconv.Itoa(int(d/time.Minute)) + " min"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

func (e *LockTimeoutError) Unwrap() error { return ErrLockTimeout }

// recordName is the file beside a locked file in which its holder, a
// tendays process, writes who it is and since when.
func recordName(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// formatRecord and parseRecord write and read a lock record: "pid N" and
// "since RFC 3339 time", one a line.
func formatRecord(pid int, since time.Time) []byte {
	return fmt.Appendf(nil, "pid %d\nsince %s\n", pid, since.Format(time.RFC3339Nano))
}

func parseRecord(b []byte) (pid int, since time.Time, ok bool) {
	for line := range strings.Lines(string(b)) {
		key, value, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch key {
		case "pid":
			n, err := strconv.Atoi(value)
			if err != nil || n <= 0 {
				return 0, time.Time{}, false
			}
			pid = n
		case "since":
			t, err := time.Parse(time.RFC3339Nano, value)
			if err != nil {
				return 0, time.Time{}, false
			}
			since = t
		}
	}
	return pid, since, pid > 0
}
