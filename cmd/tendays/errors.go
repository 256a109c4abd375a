package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
)

// Exit codes (DESIGN.md): 0 success; 1 the answer is "no" (an invalid
// journey, lint findings at or above --fail-on); 2 bad usage or bad input.
const (
	exitOK    = 0
	exitNo    = 1
	exitUsage = 2
)

// errNo is the answer "no": the command has already printed why.
var errNo = errors.New("no")

// usageError is a misused command line: a bad flag value, a missing
// argument. Its message is printed with a pointer to --help.
type usageError struct {
	msg  string
	help string // the command path, for "see 'tendays lint --help'"
	// cmd, when set, gives help its command path; with usage, its usage
	// line is printed too (for a wrong argument count).
	cmd   *cobra.Command
	usage bool
}

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// silentError ends a command with a code after it has printed its own
// messages (lint with unreadable files, a batch with a bad line).
type silentError struct{ code int }

func (e *silentError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// exitCode maps a command's error to the process's exit code, printing the
// error on stderr as one line (no stack traces, no usage dump).
func exitCode(err error, io *IOStreams) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errNo) {
		return exitNo
	}
	var silent *silentError
	if errors.As(err, &silent) {
		return silent.code
	}
	var usage *usageError
	if errors.As(err, &usage) {
		fmt.Fprintf(io.ErrOut, "tendays: %s\n", diag.OneLine(usage.msg))
		help := usage.help
		if usage.cmd != nil {
			help = usage.cmd.CommandPath()
			if usage.usage {
				fmt.Fprintf(io.ErrOut, "Usage: %s\n", usage.cmd.UseLine())
			}
		}
		if help != "" {
			fmt.Fprintf(io.ErrOut, "Run '%s --help' for usage.\n", help)
		}
		return exitUsage
	}
	var input *diag.InputError
	if errors.As(err, &input) {
		// Compiler style: the place first, then the fault.
		fmt.Fprintln(io.ErrOut, err.Error())
		return exitUsage
	}
	// Anything else is a fault met on the way (a file that cannot be
	// written, a failed read): bad input, said on one line.
	fmt.Fprintf(io.ErrOut, "tendays: %s\n", diag.OneLine(err.Error())) // control characters from input stay escaped
	return exitUsage
}
