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
	"os"
)

func main() {
	os.Exit(Main(os.Args[1:], SystemIO()))
}

// Main runs tendays with args and returns the exit code.
func Main(args []string, io *IOStreams) int {
	root := newRootCmd(io)
	root.SetArgs(args)
	err := root.Execute()
	return exitCode(err, io)
}
