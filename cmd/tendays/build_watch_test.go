package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/internal/testenv"
)

// copyBundledEdition copies a bundled edition into a temporary folder (for tests and benchmarks).
func copyBundledEdition(t testing.TB, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	sub, err := fsSub(name)
	require.NoError(t, err)
	require.NoError(t, os.CopyFS(dir, sub))
	return dir
}

// editFile replaces old by new in the file, written whole (as editors save).
// It reports with t.Error, so it may run on another goroutine.
func editFile(t testing.TB, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err == nil && !strings.Contains(string(data), old) {
		t.Errorf("%s holds no %q", path, old)
		return
	}
	if err == nil {
		err = atomicfile.Write(path, 0o644, atomicfile.Bytes([]byte(strings.Replace(string(data), old, new, 1))))
	}
	if err != nil {
		t.Error(err)
	}
}

// syncBuffer is a buffer written by the watch's goroutine and read by the
// test's; lines tells of each write.
type syncBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	lines chan struct{}
}

func newSyncBuffer() *syncBuffer { return &syncBuffer{lines: make(chan struct{}, 64)} }

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n, err := b.buf.Write(p)
	select {
	case b.lines <- struct{}{}:
	default:
	}
	return n, err
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitLines waits until out holds n lines.
func waitLines(t testing.TB, out *syncBuffer, n int) []string {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); out.String() != "" && len(lines) >= n {
			return lines
		}
		select {
		case <-out.lines:
		case <-deadline:
			t.Fatalf("no line %d: %q", n, out.String())
		}
	}
}

// TestBuildWatchRebuildsOnEdit drives build --watch as a user does: the
// first build, an edit of edition.yaml, a second build that shows the edit,
// then Ctrl-C (the context's end), which ends the watch with no error and
// no temporary file left.
func TestBuildWatchRebuildsOnEdit(t *testing.T) {
	t.Parallel()
	dir := copyBundledEdition(t, "usa")
	out := filepath.Join(t.TempDir(), "out") + string(filepath.Separator)
	stdout, stderr := newSyncBuffer(), newSyncBuffer()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := &buildOptions{IO: &IOStreams{Out: stdout, ErrOut: stderr}, Global: &globalOptions{},
		Edition: dir, Output: out, Format: "json"}
	done := make(chan error, 1)
	go func() { done <- runBuildWatch(ctx, opts) }()
	waitLines(t, stdout, 1)
	editFile(t, filepath.Join(dir, "edition.yaml"), "id: usa\n", "id: usa2\n")
	lines := waitLines(t, stdout, 2)
	cancel()
	require.NoError(t, <-done, stderr.String())

	var first, next buildReport
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &next))
	assert.Equal(t, "usa", first.Edition)
	assert.Equal(t, "usa2", next.Edition, "the second build sees the edit")
	assert.True(t, first.Built && next.Built)
	assert.Equal(t, []string{filepath.ToSlash(out) + "usa2.pack.json", filepath.ToSlash(out) + "usa2.board.geojson"}, next.Written)
	assert.Equal(t, 50, next.Counts["regions"])

	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"usa.board.geojson", "usa.pack.json", "usa2.board.geojson", "usa2.pack.json"}, names, "no temporary file left")
	assert.Contains(t, stderr.String(), "watching 2 file(s)")
	assert.Contains(t, stderr.String(), "changed: edition.yaml: rebuilding")
}

// TestBuildWatchRefusesBundled: a bundled edition never changes.
func TestBuildWatchRefusesBundled(t *testing.T) {
	opts := &buildOptions{IO: &IOStreams{Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}, Global: &globalOptions{}, Edition: "usa", Format: "text"}
	err := runBuildWatch(context.Background(), opts)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bundled edition")
}

var fsSub = editions.Folder

// BenchmarkWatchSaveToPack is a save reaching the rebuilt pack through
// build --watch, end to end, for every bundled edition: the save of
// edition.yaml (written whole, renamed into place, as editors save), the
// event, the rebuild (read and check the edition, derive it with the
// parsed borders from the cache, lint), and the pack and board written,
// until the summary line is out. ms/save is the median wall time from the
// write to the summary; cpu-ms/op the process's user and system time, what
// a save costs when the cores are free.
func BenchmarkWatchSaveToPack(b *testing.B) {
	for _, name := range editions.Names() {
		b.Run(name, func(b *testing.B) {
			dir := copyBundledEdition(b, name)
			file := filepath.Join(dir, "edition.yaml")
			stdout, stderr := newSyncBuffer(), newSyncBuffer()
			ctx, cancel := context.WithCancel(context.Background())
			opts := &buildOptions{IO: &IOStreams{Out: stdout, ErrOut: stderr}, Global: &globalOptions{},
				Edition: dir, Output: filepath.Join(b.TempDir(), "out") + string(filepath.Separator), Format: "json"}
			done := make(chan error, 1)
			go func() { done <- runBuildWatch(ctx, opts) }()
			waitLines(b, stdout, 1)
			edits := 0
			var took []time.Duration
			cpu := testenv.CPUTime()
			for b.Loop() {
				edits++
				start := time.Now()
				editFile(b, file, "\nid:", fmt.Sprintf("\n# edit %d\nid:", edits))
				lines := waitLines(b, stdout, edits+1)
				took = append(took, time.Since(start))
				if !strings.Contains(lines[edits], `"built":true`) {
					b.Fatalf("rebuild %d: %s", edits, lines[edits])
				}
			}
			b.ReportMetric(float64(testenv.CPUTime()-cpu)/float64(edits)/1e6, "cpu-ms/op")
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1e3, "ms/save")
			cancel()
			if err := <-done; err != nil {
				b.Fatal(err)
			}
		})
	}
}
