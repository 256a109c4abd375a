//go:build !unix

package advise_test

import "time"

func cpuTime() time.Duration { return 0 }
