// Command tendays authors and checks the maps of "10 Days in ..." travel
// games: it builds map packs from borders and an edition file, lints them,
// plays test games on them and exports them to other formats.
//
// Every command is a file here with an options struct, a constructor that
// wires its flags and a run function that works from the struct alone, so
// that tests call it without a terminal. Exit codes are decided in one place,
// exitCode, from the type of the error a command returns.
package main

import (
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/tendays/tendays/internal/atomicfile"
)

func main() {
	exitOnSignal()
	os.Exit(Main(os.Args[1:], SystemIO()))
}

// stopOnSignal, when set, is called on the first SIGINT or SIGTERM instead
// of exiting: a command that runs until stopped (build --watch) finishes the
// write under way and returns, with exit 0. A second signal exits as usual.
var stopOnSignal atomic.Pointer[context.CancelFunc]

// exitOnSignal makes SIGINT and SIGTERM end the process the way a failed
// run does: files being written keep their old contents and no temporary
// file is left behind. The exit code is the shell's 128+signal.
func exitOnSignal() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sigs
		if stop := stopOnSignal.Swap(nil); stop != nil {
			(*stop)()
			s = <-sigs
		}
		atomicfile.Abandon()
		code := 128 + 2
		if s == syscall.SIGTERM {
			code = 128 + 15
		}
		os.Exit(code)
	}()
}

// Main runs tendays with args and returns the exit code.
func Main(args []string, io *IOStreams) int {
	root := newRootCmd(io)
	root.SetArgs(args)
	err := root.Execute()
	return exitCode(err, io)
}
