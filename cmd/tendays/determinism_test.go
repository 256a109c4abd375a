package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
)

// TestBuildIsDeterministic builds every bundled edition four times, twice
// with GOMAXPROCS=1 and twice with 2, and wants the same pack and board bytes
// every time. Building in one process also catches map iteration order
// reaching the output: Go randomizes it on every range.
func TestBuildIsDeterministic(t *testing.T) {
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
	board, err = os.ReadFile(strings.TrimSuffix(out, ".pack.json") + ".board.geojson")
	if os.IsNotExist(err) && bytes.Contains(pack, []byte(`"kind": "network"`)) {
		return pack, nil // a network pack holds its stations' points: no board beside it
	}
	require.NoError(t, err)
	require.NotEmpty(t, board)
	return pack, board
}
