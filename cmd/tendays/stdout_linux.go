package main

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// stdoutWasClosed tells whether descriptor 1 was closed when the process
// started: Go's runtime then opens /dev/null on it, for reading and
// writing, which a shell's `>/dev/null` (write only) never does. When it
// was, the descriptor is replaced by one no write succeeds on and that
// cannot be opened again by name (an epoll descriptor), so that `-o
// /dev/stdout` fails too instead of writing into /dev/null.
func stdoutWasClosed() bool {
	flags, err := unix.FcntlInt(1, unix.F_GETFL, 0)
	if err != nil || flags&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	var out, null syscall.Stat_t
	if syscall.Fstat(1, &out) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	if out.Mode&syscall.S_IFMT != syscall.S_IFCHR || out.Rdev != null.Rdev {
		return false
	}
	if dead, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC); err == nil {
		_ = unix.Dup2(dead, 1)
		_ = unix.Close(dead)
	}
	return true
}
