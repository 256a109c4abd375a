package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/internal/atomicfile"
)

func TestBadInput(t *testing.T) {
	in := fixture(t)
	noBoard := in
	noBoard.Board = nil
	for _, f := range []string{GeoJSON, SVG, TTS} {
		_, err := Render(noBoard, f, Options{})
		require.ErrorIs(t, err, ErrNoBoard, f)
		assert.Contains(t, err.Error(), "--format "+f)
	}
	// Formats that need no geometry work without it; the data package then
	// has no GeoJSON.
	for _, f := range []string{CSV, DOT, GraphML, JSONGraph} {
		_, err := Render(noBoard, f, Options{})
		require.NoError(t, err, f)
	}
	files, err := Render(noBoard, DataPackage, Options{})
	require.NoError(t, err)
	assert.Len(t, files, 4)

	_, err = Render(in, "docx", Options{})
	require.ErrorIs(t, err, ErrUnknownFormat)
	assert.Contains(t, err.Error(), "csv, dot, graphml, json-graph, geojson, topojson, gis, svg, datapackage, tts, pdf, cards")

	// A board of another edition.
	other := in
	b := *in.Board
	b.Regions = append([]board.Region{{ID: "ZZ", Geometry: orb.MultiPolygon{{{{0, 0}, {1, 0}, {1, 1}, {0, 0}}}}}}, b.Regions[1:]...)
	other.Board = &b
	_, err = Render(other, SVG, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), fixtureBoard)
	assert.Contains(t, err.Error(), "no outline for AL")
	assert.Contains(t, err.Error(), "ZZ")
}

// TestOutputInMissingFolder: a clear error naming the folder, and nothing
// written anywhere.
func TestOutputInMissingFolder(t *testing.T) {
	in := fixture(t)
	dir := t.TempDir()
	for _, f := range Formats() {
		out := filepath.Join(dir, "nope", "out."+f)
		_, err := Write(in, f, out, goldenOptions)
		require.ErrorIs(t, err, ErrOutput, f)
		assert.Contains(t, err.Error(), filepath.Join(dir, "nope")+" does not exist", f)
	}
	assertEmpty(t, dir)
}

// TestFailedWriteLeavesNothing injects a failure before the last rename of
// every file: no output, no temporary file or folder, and an existing
// output is left as it was.
func TestFailedWriteLeavesNothing(t *testing.T) {
	in := fixture(t)
	for _, f := range Formats() {
		t.Run(f, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			if f == TTS {
				out += ".json"
			}
			restore := atomicfile.FailBeforeRename()
			_, err := Write(in, f, out, goldenOptions)
			restore()
			require.ErrorIs(t, err, atomicfile.ErrInjected)
			assertEmpty(t, dir)
		})
	}
	t.Run("datapackage kept", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "pkg")
		_, err := Write(in, DataPackage, out, Options{})
		require.NoError(t, err)
		before, _ := os.ReadFile(filepath.Join(out, "datapackage.json"))
		restore := atomicfile.FailBeforeRename()
		_, err = Write(in, DataPackage, out, Options{PackageVersion: "9.9.9"})
		restore()
		require.Error(t, err)
		after, _ := os.ReadFile(filepath.Join(out, "datapackage.json"))
		assert.Equal(t, string(before), string(after))
		entries, _ := os.ReadDir(dir)
		assert.Len(t, entries, 1)
	})
}

func TestDataPackageWillNotReplaceOtherFolders(t *testing.T) {
	in := fixture(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644))
	_, err := Write(in, DataPackage, dir, Options{})
	require.ErrorIs(t, err, ErrOutput)
	assert.Contains(t, err.Error(), "not a data package")
	got, _ := os.ReadFile(filepath.Join(dir, "notes.txt"))
	assert.Equal(t, "mine", string(got))
}

func TestWriteNames(t *testing.T) {
	in := fixture(t)
	dir := t.TempDir()
	cases := []struct {
		format, out string
		want        []string
	}{
		{CSV, dir, []string{"testland.regions.csv", "testland.links.csv"}},
		{CSV, filepath.Join(dir, "t.csv"), []string{"t.regions.csv", "t.links.csv"}},
		{CSV, filepath.Join(dir, "t.zip"), []string{"t.zip"}},
		{SVG, dir, []string{"testland.svg"}},
		{SVG, filepath.Join(dir, "b.svg"), []string{"b.svg"}},
		{TTS, filepath.Join(dir, "sim"), []string{"sim.cards-1.png", "sim.back.png", "sim.board.png", "sim.tts.json"}},
	}
	for _, c := range cases {
		paths, err := Write(in, c.format, c.out, goldenOptions)
		require.NoError(t, err, c.out)
		var names []string
		for _, p := range paths {
			names = append(names, filepath.Base(p))
			_, err := os.Stat(p)
			require.NoError(t, err)
		}
		assert.Equal(t, c.want, names, c.out)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), "."), "temporary %s left behind", e.Name())
	}
}

func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	var found []string
	_ = filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if p != dir {
			found = append(found, p)
		}
		return nil
	})
	assert.Empty(t, found)
}
