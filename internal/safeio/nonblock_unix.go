//go:build unix

package safeio

import "syscall"

// nonblock opens a FIFO without waiting for a writer; it changes nothing
// for a regular file.
const nonblock = syscall.O_NONBLOCK
