package main

import (
	"io"
	"os"
)

// IOStreams are a command's standard streams. Progress bars and colour are
// shown only when the stream they go to is a terminal.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	OutTTY bool
	ErrTTY bool
}

// SystemIO is the process's own streams.
func SystemIO() *IOStreams {
	return &IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		OutTTY: isTerminal(os.Stdout), ErrTTY: isTerminal(os.Stderr)}
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
