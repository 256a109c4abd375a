package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tendays/tendays/internal/fuzzcheck"
)

// refusingWriter fails every write, as a full disk does.
type refusingWriter struct{ writes int }

func (w *refusingWriter) Write([]byte) (int, error) {
	w.writes++
	return 0, syscall.ENOSPC
}

// Every command that writes on standard output ends with exit 2 and one
// line when the writes fail, whatever it did with the error: the check is
// made once, in MainContext (issue 33: a lost output was a success).
func TestEveryCommandChecksStandardOutput(t *testing.T) {
	pack := filepath.Join(repoRoot(t), "engine", "testdata", "usa.pack.json")
	borders := filepath.Join(repoRoot(t), "testdata", "borders", "us-states-10m.topojson")
	for _, args := range [][]string{
		{"export", pack, "--format", "cards"},
		{"export", pack, "--format", "dot"},
		{"export", pack, "--format", "json-graph"},
		{"export", pack, "--format", "graphml"},
		{"journey", "check", pack, "OR", "car", "AZ", "plane:tan", "OH", "WV", "PA", "plane:light-blue", "GA", "FL"},
		{"journey", "check", pack, "OR", "WA", "--days", "2", "--format", "json"},
		{"journey", "count", pack, "--days", "3"},
		{"simulate", pack, "--games", "2", "--players", "2"},
		{"lint", pack, "--format", "json"},
		{"lint", "--list-rules"},
		{"schema", "pack"},
		{"rules", "usa"},
		{"derive", "adjacency", borders},
		{"completion", "bash"},
		{"--version"},
		{"--help"},
	} {
		name := strings.Join(args, " ")
		t.Run(name, func(t *testing.T) {
			out := &refusingWriter{}
			var errOut bytes.Buffer
			var code int
			fuzzcheck.Within(t, func() {
				code = Main(args, &IOStreams{In: strings.NewReader(""), Out: out, ErrOut: &errOut})
			})
			assert.Equal(t, 2, code, errOut.String())
			assert.Positive(t, out.writes)
			assert.Equal(t, "tendays: cannot write standard output (no space left on device): the output is lost\n", errOut.String())
		})
	}
}
