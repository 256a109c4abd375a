//go:build !unix

package atomicfile

func lockDirs([]File) (func(), error) { return func() {}, nil }

// LockWait is a no-op where there is no flock.
func LockWait(string, LockOptions) (func(), error) { return func() {}, nil }
