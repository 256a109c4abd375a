package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
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
		err = atomicfile.Write(path, 0o644, writeBytes([]byte(strings.Replace(string(data), old, new, 1))))
	}
	if err != nil {
		t.Error(err)
	}
}

// TestBuildWatchRebuildsOnEdit drives build --watch with a context: the
// first build, an edit of edition.yaml, a second build that shows the edit
// and reuses the parsed borders, then a cancel that ends the watch with no
// error and no temporary file left.
func TestBuildWatchRebuildsOnEdit(t *testing.T) {
	dir := copyBundledEdition(t, "usa")
	out := filepath.Join(t.TempDir(), "out") + string(filepath.Separator)
	var stdout, stderr bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	second := make(chan struct{})
	var editor sync.WaitGroup
	defer editor.Wait()
	w := &watchState{interval: 5 * time.Millisecond}
	w.started = func() {
		// The edit must land after the watcher's first look at the files,
		// which follows this call: save until the second build is seen.
		editor.Add(1)
		go func() {
			defer editor.Done()
			for i := 0; ; i++ {
				if i == 0 {
					editFile(t, filepath.Join(dir, "edition.yaml"), "id: usa\n", "id: usa2\n")
				} else {
					editFile(t, filepath.Join(dir, "edition.yaml"), "id: usa2\n", "id: usa2\n")
				}
				select {
				case <-second:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}()
	}
	w.built = func(n int, err error) {
		assert.NoError(t, err, "build %d", n)
		if n == 2 {
			close(second)
			cancel()
		}
	}
	opts := &buildOptions{IO: &IOStreams{Out: &stdout, ErrOut: &stderr}, Global: &globalOptions{},
		Edition: dir, Output: out, Format: "json", watch: w}
	require.NoError(t, runBuildWatch(ctx, opts), stderr.String())
	editor.Wait()

	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	require.GreaterOrEqual(t, len(lines), 2, stdout.String())
	var first, next buildReport
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &next))
	assert.Equal(t, "usa", first.Edition)
	assert.Equal(t, "usa2", next.Edition, "the second build sees the edit")
	assert.True(t, first.Built && next.Built)
	assert.Equal(t, []string{filepath.ToSlash(out) + "usa2.pack.json", filepath.ToSlash(out) + "usa2.board.geojson"}, next.Written)
	assert.Equal(t, 50, next.Counts["regions"])
	assert.GreaterOrEqual(t, w.cache.Hits(), 1, "the rebuild reused the parsed borders")

	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"usa.board.geojson", "usa.pack.json", "usa2.board.geojson", "usa2.pack.json"}, names, "no temporary file left")
	assert.Contains(t, stderr.String(), "watching 3 file(s)")
}

// TestBuildWatchRefusesBundled: a bundled edition never changes.
func TestBuildWatchRefusesBundled(t *testing.T) {
	opts := &buildOptions{IO: &IOStreams{Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}, Global: &globalOptions{}, Edition: "usa", Format: "text"}
	err := runBuildWatch(context.Background(), opts)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bundled edition")
}

var fsSub = editions.Folder

// BenchmarkWatchRebuild is build --watch's rebuild after an edit to
// edition.yaml alone, for every bundled edition: read and check the edition,
// derive it with the parsed borders from the cache, lint, and write the pack
// and board. The machine the figures come from is shared: cpu-ms/op (user
// and system time of the process) says what a rebuild costs when the
// cores are free.
func BenchmarkWatchRebuild(b *testing.B) {
	for _, name := range editions.Names() {
		b.Run(name, func(b *testing.B) {
			dir := copyBundledEdition(b, name)
			file := filepath.Join(dir, "edition.yaml")
			w := &watchState{}
			w.built = func(n int, err error) {
				if err != nil {
					b.Fatalf("build %d: %v", n, err)
				}
			}
			src, err := openEdition(dir)
			require.NoError(b, err)
			w.cache = newBordersCacheForWatch()
			w.edition = src.Folder.Path(editionFile)
			opts := &buildOptions{IO: &IOStreams{Out: io.Discard, ErrOut: io.Discard}, Global: &globalOptions{},
				Edition: dir, Output: filepath.Join(b.TempDir(), "out") + string(filepath.Separator), Format: "text", watch: w}
			w.rebuild(opts)
			hits := w.cache.Hits()
			edits := 0
			cpu := cpuTime()
			for b.Loop() {
				edits++
				editFile(b, file, "\nid:", fmt.Sprintf("\n# edit %d\nid:", edits))
				w.rebuild(opts)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(edits)/1e6, "cpu-ms/op")
			yaml, err := os.ReadFile(file)
			require.NoError(b, err)
			want := 0 // a network edition has no borders file
			if strings.Contains(string(yaml), "\nborders:") {
				want = edits
			} else if strings.Contains(string(yaml), "\nkind: combined") {
				// Every member is bundled, so its build is kept whole.
				ed, err := mapdata.DecodeCombinedEdition(file, yaml)
				require.NoError(b, err)
				if rc := w.caches(); rc == nil || len(rc.members) != len(ed.Edition.Members) {
					b.Fatalf("%d members, %d kept", len(ed.Edition.Members), len(rc.members))
				}
			}
			if got := w.cache.Hits() - hits; want > 0 && got != want {
				b.Fatalf("%d rebuilds, %d cache hits, want %d", edits, got, want)
			}
		})
	}
}

// A watch on a combined edition (around-the-world) keeps its bundled
// members' builds and their parsed borders: after an edit to the combined
// edition.yaml alone, the rebuild derives no member again and writes the
// same pack.
func TestWatchRebuildCombinedReusesMembers(t *testing.T) {
	dir := copyBundledEdition(t, "around-the-world")
	file := filepath.Join(dir, "edition.yaml")
	w := &watchState{}
	w.built = func(n int, err error) {
		if err != nil {
			t.Fatalf("build %d: %v", n, err)
		}
	}
	src, err := openEdition(dir)
	require.NoError(t, err)
	w.cache = newBordersCacheForWatch()
	w.edition = src.Folder.Path(editionFile)
	out := filepath.Join(t.TempDir(), "p.pack.json")
	opts := &buildOptions{IO: &IOStreams{Out: io.Discard, ErrOut: io.Discard}, Global: &globalOptions{},
		Edition: dir, Output: out, Format: "text", watch: w}
	w.rebuild(opts)
	first, err := os.ReadFile(out)
	require.NoError(t, err)
	rc := w.caches()
	if rc == nil || len(rc.members) != 4 {
		t.Fatalf("members kept: %v", rc)
	}
	kept := map[memberKey]*derive.Result{}
	for k, mb := range rc.members {
		kept[k] = mb.res
	}
	editFile(t, file, "\nid:", "\n# an edit\nid:")
	w.rebuild(opts)
	second, err := os.ReadFile(out)
	require.NoError(t, err)
	for k, mb := range w.caches().members {
		if kept[k] != mb.res {
			t.Errorf("member %s derived again", k.dir)
		}
	}
	// The same pack as a build from nothing.
	fresh := filepath.Join(t.TempDir(), "fresh.pack.json")
	require.NoError(t, buildPack(&buildOptions{IO: &IOStreams{Out: io.Discard, ErrOut: io.Discard}, Global: &globalOptions{},
		Edition: dir, Output: fresh, Format: "text"}))
	want, err := os.ReadFile(fresh)
	require.NoError(t, err)
	if len(first) == 0 || !bytes.Equal(second, want) {
		t.Error("the rebuild with kept members wrote another pack than a build from nothing")
	}
}
