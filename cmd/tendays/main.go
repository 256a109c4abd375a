// Command tendays authors and checks the maps of "10 Days in ..." travel
// games: it builds map packs from borders and an edition file, lints them,
// plays test games on them and exports them to other formats.
//
// Every command is a file here with an options struct of its inputs, a
// constructor that wires its flags and a run function that works from the
// struct alone, so that tests call it without a terminal. An edition goes
// down into the pipeline (package pipeline) and comes back as values: the
// commands parse flags, call the library and print. Exit codes are decided
// in one place, exitCode, from the type of the error a command returns.
package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/tendays/tendays/internal/atomicfile"
)

func main() {
	// The context ends on SIGINT or SIGTERM: serve and --watch stop
	// cleanly then (exit 0); any other run ends as a failed one does (see
	// onSignal).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	which := make(chan os.Signal, 2)
	signal.Notify(which, os.Interrupt, syscall.SIGTERM)
	go onSignal(which)
	code := MainContext(ctx, os.Args[1:], SystemIO())
	stop()
	os.Exit(code)
}

// untilStopped is set while a command that runs until it is stopped (serve,
// build --watch) runs: it stops cleanly when its context ends.
var untilStopped atomic.Bool

// onSignal ends the process on a signal the way a failed run ends: files
// being written keep their old contents and no temporary file is left
// behind; the exit code is the shell's 128+signal. A command that runs until
// stopped is left to stop on its context instead, and a second signal ends
// it at once.
func onSignal(which <-chan os.Signal) {
	s := <-which
	if untilStopped.Load() {
		s = <-which
	}
	atomicfile.Abandon()
	code := 128 + 2
	if s == syscall.SIGTERM {
		code = 128 + 15
	}
	os.Exit(code)
}

// Main runs tendays with args and returns the exit code.
func Main(args []string, io *IOStreams) int {
	return MainContext(context.Background(), args, io)
}

// MainContext is Main with a context that stops the commands that run until
// stopped.
//
// Standard output is checked here for every command: a run one of whose
// writes to it failed (closed, a full disk, a device that refuses) ends
// with one line on stderr and exit 2, never as a success.
func MainContext(ctx context.Context, args []string, io *IOStreams) int {
	io, out := io.checked()
	root := newRootCmd(io)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if out.err != nil && (err == nil || errors.Is(err, out.err) || errors.Is(err, errNo)) {
		// The command's own error, if any, is the failed write itself (or
		// a "no" whose reasons were lost with it): said once.
		err = outputLost(out.err)
	} else if out.err != nil {
		code := exitCode(err, io)
		return max(code, exitCode(outputLost(out.err), io))
	}
	return exitCode(err, io)
}
