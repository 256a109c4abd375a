package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/pipeline"
	"github.com/tendays/tendays/studio"
)

// The doctor's progress goes to stderr only when it is a terminal or
// --progress asks for it, and --quiet is not given: redrawn in place and
// cleared before the report on a terminal, a line at each tenth in a log;
// it never lands on stdout, so --format json stays clean.
func TestDoctorProgressOnStderrOnly(t *testing.T) {
	tests := []struct {
		name     string
		tty      bool
		progress bool
		quiet    bool
		format   string
		line     bool
	}{
		{"terminal", true, false, false, "text", true},
		{"terminal, json", true, false, false, "json", true},
		{"terminal, quiet", true, false, true, "text", false},
		{"pipe", false, false, false, "text", false},
		{"pipe, --progress", false, true, false, "json", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			opts := &doctorOptions{IO: &IOStreams{Out: &out, ErrOut: &errOut, ErrTTY: tc.tty}, Global: &globalOptions{Quiet: tc.quiet},
				Target: usaPack, Format: tc.format, Progress: tc.progress, Advise: advise.Options{Games: 200, MeasureGames: 40, Seed: 1}}
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
			if tc.tty {
				assert.True(t, strings.HasSuffix(errOut.String(), "\r\033[K"), "the line is cleared: %q", errOut.String())
			} else {
				assert.NotContains(t, errOut.String(), "\r", "a log gets whole lines")
				assert.True(t, strings.HasSuffix(errOut.String(), "\n"))
			}
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

// The studio's Doctor tab and the command line give the same proposals in
// the same order for the same edition and seed: the CLI's --format json
// and the studio's report, which the page lists as it gets it. serve
// hands the studio the command line's defaults (advise.Options{}).
func TestDoctorStudioAgreesWithTheCommandLine(t *testing.T) {
	dir := filepath.Join("..", "..", "advise", "testdata", "island")
	opts := advise.Options{Games: 300, MeasureGames: 100, Seed: 5}
	var out, errOut bytes.Buffer
	cli := &doctorOptions{IO: &IOStreams{Out: &out, ErrOut: &errOut}, Global: &globalOptions{}, Target: dir, Format: "json", Advise: opts}
	require.ErrorIs(t, runDoctor(context.Background(), cli), errNo)
	var fromCLI advise.Report
	require.NoError(t, json.Unmarshal(out.Bytes(), &fromCLI))
	require.NotEmpty(t, fromCLI.Proposals)

	res, err := pipeline.Edition(context.Background(), pipeline.Source{Path: dir}, pipeline.Options{})
	require.NoError(t, err)
	page, err := studio.NewAdvise(dir, pipeline.Options{}, opts).Diagnose(context.Background(), &studio.Build{Pack: res.Pack})
	require.NoError(t, err)
	require.Len(t, page.Proposals, len(fromCLI.Proposals))
	for i, p := range fromCLI.Proposals {
		assert.Equal(t, strconv.Itoa(p.ID), page.Proposals[i].ID)
		assert.Equal(t, p.Edit, page.Proposals[i].Title)
		assert.Contains(t, page.Proposals[i].Effect, p.Effect)
	}
	// The summary holds the report's one baseline figure and its counts.
	assert.Contains(t, page.Summary, fromCLI.Counts())
	assert.Contains(t, page.Summary, fmt.Sprintf("stalled after %d turns", advise.DefaultTurnCap))
}
