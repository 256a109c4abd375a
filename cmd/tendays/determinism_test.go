package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/testenv"
)

// TestBuildIsDeterministic builds every bundled edition four times, twice
// with GOMAXPROCS=1 and twice with 2, and wants the same pack and board bytes
// (when the edition has a board) every time. Building in one process also catches map iteration order
// reaching the output: Go randomizes it on every range.
func TestBuildIsDeterministic(t *testing.T) {
	testenv.Long(t, "every bundled edition built four times")
	for _, name := range editions.Names() {
		t.Run(name, func(t *testing.T) {
			var firstPack, firstBoard []byte
			for run, procs := range []int{1, 2, 1, 2} {
				pack, board := buildWithProcs(t, name, procs, run)
				if firstPack == nil {
					firstPack, firstBoard = pack, board
					require.NotEmpty(t, pack)
					continue
				}
				assert.True(t, bytes.Equal(firstPack, pack), "run %d (GOMAXPROCS=%d): the pack differs from the first build", run, procs)
				assert.True(t, bytes.Equal(firstBoard, board), "run %d (GOMAXPROCS=%d): the board differs from the first build", run, procs)
			}
		})
	}
}

func buildWithProcs(t *testing.T, name string, procs, run int) (pack, board []byte) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	out := filepath.Join(t.TempDir(), name+"-"+strconv.Itoa(run)+".pack.json")
	var stdout, stderr bytes.Buffer
	code := Main([]string{"build", name, "-o", out}, &IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr})
	require.Equal(t, 0, code, stderr.String())
	pack, err := os.ReadFile(out)
	require.NoError(t, err)
	// A route-network edition has no board geometry to write.
	board, err = os.ReadFile(strings.TrimSuffix(out, ".pack.json") + ".board.geojson")
	if !errors.Is(err, fs.ErrNotExist) {
		require.NoError(t, err)
	}
	return pack, board
}

// TestSimulateReportIsTheSameWhateverTheWorkers: one seed gives one report,
// text and JSON, whether the games are played by one worker or several,
// with one core or two.
func TestSimulateReportIsTheSameWhateverTheWorkers(t *testing.T) {
	pack, _ := buildWithProcs(t, "usa", 2, 0)
	path := filepath.Join(t.TempDir(), "usa.pack.json")
	require.NoError(t, os.WriteFile(path, pack, 0o644))
	for _, format := range []string{"json", "text"} {
		var first string
		for _, run := range []struct{ procs, workers int }{{1, 1}, {2, 1}, {2, 2}, {2, 5}, {1, 3}} {
			var stdout, stderr bytes.Buffer
			func() {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(run.procs))
				code := Main([]string{"simulate", path, "--games", "24", "--seed", "11", "--players", "3",
					"--bots", "random,greedy,strong", "--workers", strconv.Itoa(run.workers), "--format", format},
					&IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr})
				require.Equal(t, 0, code, stderr.String())
			}()
			if first == "" {
				first = stdout.String()
				require.Contains(t, first, "24")
				continue
			}
			assert.Equal(t, first, stdout.String(), "%s report with GOMAXPROCS=%d and %d workers", format, run.procs, run.workers)
		}
	}
}
