//go:build !unix

package atomicfile

func lockDirs([]File) (func(), error) { return func() {}, nil }

// Lock is a no-op where there is no flock.
func Lock(string) (func(), error) { return func() {}, nil }
