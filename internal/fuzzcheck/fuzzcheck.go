// Package fuzzcheck holds what the fuzz targets of several packages share:
// a guard that turns a hang into a failure. Go's fuzzer stops making
// progress when an input loops forever and never saves that input; a target
// that runs its work through Within fails instead, and the fuzzer records the
// input under testdata/fuzz like any crash.
//
// It is for tests only; nothing in the toolkit imports it.
package fuzzcheck

import (
	"runtime/debug"
	"testing"
	"time"
)

// Limit is how long one input may take. Every parser reads a fuzzer's inputs
// (a few kilobytes) in milliseconds, but the seeds of some targets are whole
// editions (a combined one builds its member maps), which took over 10 s on
// a 2-core machine at load 20; half a minute still means a loop.
const Limit = 30 * time.Second

// Within runs f and fails t if it panics or has not returned after Limit. f
// runs on another goroutine, so it must not call t.Fatal: it computes, and
// the target checks the results after Within returns.
func Within(t testing.TB, f func()) {
	t.Helper()
	type outcome struct {
		panicked any
		stack    []byte
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{p, debug.Stack()}
				return
			}
			done <- outcome{}
		}()
		f()
	}()
	select {
	case o := <-done:
		if o.panicked != nil {
			t.Fatalf("panic: %v\n%s", o.panicked, o.stack)
		}
	case <-time.After(Limit):
		t.Fatalf("no answer after %s: the input makes it loop", Limit)
	}
}
