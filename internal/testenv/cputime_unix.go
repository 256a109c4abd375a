//go:build unix

package testenv

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user and system) the process has used so far,
// for benchmarks on a loaded machine, where wall time says little: the
// difference across a benchmark's loop, per op, is its CPU cost.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
