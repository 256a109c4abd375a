package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
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

// SystemIO is the process's own streams. A standard output that was closed
// when tendays started (`>&-`; Go's runtime puts /dev/null in its place)
// refuses every write, so that output nobody can read is a failure, never
// a silent success.
func SystemIO() *IOStreams {
	var out io.Writer = os.Stdout
	if stdoutWasClosed() {
		out = failedWriter{errStdoutClosed}
	}
	return &IOStreams{In: os.Stdin, Out: out, ErrOut: os.Stderr,
		OutTTY: isTerminal(os.Stdout), ErrTTY: isTerminal(os.Stderr)}
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// errStdoutClosed is the write error of a standard output closed at start.
var errStdoutClosed = errors.New("it was closed when tendays started")

// failedWriter fails every write with err.
type failedWriter struct{ err error }

func (w failedWriter) Write([]byte) (int, error) { return 0, w.err }

// checkedWriter is standard output as commands see it: it keeps the first
// write that failed, so that main ends the run with exit 2 and says so
// whatever the command made of the error (printed, ignored, returned).
// Every command writes through it: the check is made once, here, not in
// each command.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

// checked gives the streams with standard output checked (see
// checkedWriter), and that writer.
func (s *IOStreams) checked() (*IOStreams, *checkedWriter) {
	if c, ok := s.Out.(*checkedWriter); ok {
		return s, c
	}
	c := &checkedWriter{w: s.Out}
	if s.Out == nil {
		c.w = io.Discard
	}
	cp := *s
	cp.Out = c
	return &cp, c
}

// outputLost is the error of a run whose standard output failed: one line,
// exit 2 (the output went nowhere).
func outputLost(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // "write /dev/stdout: ..." says less than the errno
	}
	return fmt.Errorf("cannot write standard output (%w): the output is lost", err)
}
