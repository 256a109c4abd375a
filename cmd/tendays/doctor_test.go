package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/advise"
)

// The doctor's progress line goes to stderr only when it is a terminal,
// the report is text and --quiet is not given; it is cleared before the
// report, and never lands on stdout.
func TestDoctorProgressOnlyOnATerminal(t *testing.T) {
	tests := []struct {
		name   string
		tty    bool
		quiet  bool
		format string
		line   bool
	}{
		{"terminal", true, false, "text", true},
		{"terminal, json", true, false, "json", false},
		{"terminal, quiet", true, true, "text", false},
		{"pipe", false, false, "text", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			opts := &doctorOptions{IO: &IOStreams{Out: &out, ErrOut: &errOut, ErrTTY: tc.tty}, Global: &globalOptions{Quiet: tc.quiet},
				Target: usaPack, Format: tc.format, Advise: advise.Options{Games: 200, MeasureGames: 40, Seed: 1}}
			err := runDoctor(context.Background(), opts)
			if err != nil {
				require.ErrorIs(t, err, errNo) // proposals: exit 1
			}
			assert.NotContains(t, out.String(), "doctor: ")
			if !tc.line {
				assert.Empty(t, errOut.String())
				return
			}
			assert.Contains(t, errOut.String(), "doctor: evidence ")
			assert.Contains(t, errOut.String(), "200/200 games (100%)")
			assert.True(t, strings.HasSuffix(errOut.String(), "\r\033[K"), "the line is cleared: %q", errOut.String())
		})
	}
}

// A negative count is refused (exit 2); left out, the budget sizes it.
func TestDoctorRefusesNegativeGames(t *testing.T) {
	var out, errOut bytes.Buffer
	opts := &doctorOptions{IO: &IOStreams{Out: &out, ErrOut: &errOut}, Global: &globalOptions{}, Target: usaPack, Format: "text",
		Advise: advise.Options{Games: -1}}
	var usage *usageError
	require.ErrorAs(t, runDoctor(context.Background(), opts), &usage)
	assert.Contains(t, usage.Error(), "--games and --measure-games")
}
