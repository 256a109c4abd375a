package watch

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run starts a watcher on paths and returns a channel of its reports and a
// stop function.
func run(t *testing.T, paths ...string) (<-chan []string, func()) {
	return runWith(t, Watcher{Paths: func() []string { return paths }, Interval: 5 * time.Millisecond})
}

func runWith(t *testing.T, w Watcher) (<-chan []string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	reports := make(chan []string, 16)
	done, ready := make(chan struct{}), make(chan struct{})
	w.Ready = func() { close(ready) }
	first := w.snapshot()
	go func() {
		defer close(done)
		_ = w.run(ctx, first, func(changed []string) { reports <- changed })
	}()
	<-ready // the events are asked for: a change from now on is seen
	return reports, func() { cancel(); <-done }
}

// next waits for a report; the generous limit only bounds a failing test.
func next(t *testing.T, reports <-chan []string) []string {
	t.Helper()
	select {
	case r := <-reports:
		return r
	case <-time.After(5 * time.Second):
		t.Fatal("no change reported")
		return nil
	}
}

func TestReportsWritesRenamesAndRemovals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.geojson")
	require.NoError(t, os.WriteFile(a, []byte("one"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("{}"), 0o644))
	reports, stop := run(t, a, b)
	defer stop()

	require.NoError(t, os.WriteFile(a, []byte("two!"), 0o644))
	assert.Equal(t, []string{a}, next(t, reports))

	// An atomic save: a new file renamed over the old one, same size.
	tmp := filepath.Join(dir, "tmp")
	require.NoError(t, os.WriteFile(tmp, []byte("[]"), 0o644))
	require.NoError(t, os.Rename(tmp, b))
	assert.Equal(t, []string{b}, next(t, reports))

	require.NoError(t, os.Remove(a))
	assert.Equal(t, []string{a}, next(t, reports))
}

func TestBurstOfWritesIsOneReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	require.NoError(t, os.WriteFile(a, nil, 0o644))
	require.NoError(t, os.WriteFile(b, nil, 0o644))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reports := make(chan []string, 16)
	// A long interval, so both writes land between two polls.
	w := Watcher{Paths: func() []string { return []string{a, b} }, Interval: 400 * time.Millisecond}
	first := w.snapshot()
	go func() { _ = w.run(ctx, first, func(c []string) { reports <- c }) }()
	require.NoError(t, os.WriteFile(a, []byte("x"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("y"), 0o644))
	assert.Equal(t, []string{a, b}, next(t, reports))
	select {
	case r := <-reports:
		t.Fatalf("a second report %v for one burst", r)
	case <-time.After(500 * time.Millisecond):
	}
}

func TestStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Watcher{Paths: func() []string { return nil }}.Run(ctx, func([]string) { t.Fatal("no change expected") })
	assert.ErrorIs(t, err, context.Canceled)
}

// A save made while onChange runs (a rebuild takes a while) is reported at
// the next look, not lost.
func TestChangeDuringOnChangeIsReported(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := filepath.Join(dir, "edition.yaml")
	require.NoError(t, os.WriteFile(a, []byte("one"), 0o644))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reports := make(chan []string, 16)
	w := Watcher{Paths: func() []string { return []string{a} }, Interval: 5 * time.Millisecond}
	first := w.snapshot()
	calls := 0
	go func() {
		_ = w.run(ctx, first, func(c []string) {
			calls++
			if calls == 1 {
				require.NoError(t, os.WriteFile(a, []byte("three"), 0o644))
			}
			reports <- c
		})
	}()
	require.NoError(t, os.WriteFile(a, []byte("two!"), 0o644))
	assert.Equal(t, []string{a}, next(t, reports))
	assert.Equal(t, []string{a}, next(t, reports), "the save made during the first report")
}

// The polling fallback (no events: network mounts, some containers) finds
// writes, renames and removals by stat'ing the files alone.
func TestPollingFallback(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.geojson")
	require.NoError(t, os.WriteFile(a, []byte("one"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("{}"), 0o644))
	reports, stop := runWith(t, Watcher{Paths: func() []string { return []string{a, b} }, Interval: 5 * time.Millisecond, Poll: true})
	defer stop()
	require.NoError(t, os.WriteFile(a, []byte("two!"), 0o644))
	assert.Equal(t, []string{a}, next(t, reports))
	tmp := filepath.Join(dir, "tmp")
	require.NoError(t, os.WriteFile(tmp, []byte("[]"), 0o644))
	require.NoError(t, os.Rename(tmp, b))
	assert.Equal(t, []string{b}, next(t, reports))
}

// Events, not the poll, report a save: with a poll of an hour, the change
// still comes within a fraction of a second, and a file of the folder that
// is not watched reports nothing.
func TestEventsDriveReports(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, other := filepath.Join(dir, "edition.yaml"), filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(a, []byte("one"), 0o644))
	reports, stop := runWith(t, Watcher{Paths: func() []string { return []string{a} }, Interval: time.Hour})
	defer stop()
	require.NoError(t, os.WriteFile(other, []byte("x"), 0o644))
	start := time.Now()
	tmp := filepath.Join(dir, ".edition.yaml.tmp")
	require.NoError(t, os.WriteFile(tmp, []byte("two"), 0o644))
	require.NoError(t, os.Rename(tmp, a))
	assert.Equal(t, []string{a}, next(t, reports))
	assert.Less(t, time.Since(start), 500*time.Millisecond, "reported by an event, not by the poll (every second with events)")
}

// A file in a folder that does not exist yet (a member not made yet) is
// seen when it appears.
func TestFileInAMissingFolderAppears(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := filepath.Join(dir, "later", "edition.yaml")
	reports, stop := run(t, a)
	defer stop()
	require.NoError(t, os.MkdirAll(filepath.Dir(a), 0o755))
	require.NoError(t, os.WriteFile(a, []byte("x"), 0o644))
	assert.Equal(t, []string{a}, next(t, reports))
}
