//go:build unix

package advise_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used so far,
// for benchmarks on a loaded machine, where wall time says little.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
