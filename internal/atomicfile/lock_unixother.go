//go:build unix && !linux

package atomicfile

import "os"

// lockPID is unknown where there is no table of locks to read.
func lockPID(*os.File) int { return 0 }

// processName is unknown here.
func processName(int) string { return "" }
