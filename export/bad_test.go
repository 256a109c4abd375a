package export

import (
	"encoding/json"
	"io/fs"
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
	for _, f := range Names() {
		out := filepath.Join(dir, "nope", "out."+f)
		_, err := Write(in, lookup(f), out, goldenOptions)
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
	for _, f := range Names() {
		t.Run(f, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			if f == TTS {
				out += ".json"
			}
			restore := atomicfile.FailBeforeRename()
			_, err := Write(in, lookup(f), out, goldenOptions)
			restore()
			require.ErrorIs(t, err, atomicfile.ErrInjected)
			assertEmpty(t, dir)
		})
	}
	t.Run("datapackage kept", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "pkg")
		_, err := Write(in, lookup(DataPackage), out, Options{})
		require.NoError(t, err)
		before, _ := os.ReadFile(filepath.Join(out, "datapackage.json"))
		restore := atomicfile.FailBeforeRename()
		_, err = Write(in, lookup(DataPackage), out, Options{PackageVersion: "9.9.9"})
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
	_, err := Write(in, lookup(DataPackage), dir, Options{})
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
		paths, err := Write(in, lookup(c.format), c.out, goldenOptions)
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

// TestDataPackageNeverDeletes: issue 26 class "an export deletes a folder".
// A data package is written into its folder, never over it: a folder
// marked only by a datapackage.json keeps its sources and .git, a link
// named as the folder is followed (as links to files are), and anything
// the export did not write, or wrote and was edited since, stops it with
// every file left as it was.
func TestDataPackageNeverDeletes(t *testing.T) {
	in := fixture(t)
	listing := func(t *testing.T, dir string) map[string]string {
		t.Helper()
		got := map[string]string{}
		require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			require.NoError(t, err)
			rel, _ := filepath.Rel(dir, p)
			if d.Type()&fs.ModeSymlink != 0 {
				target, _ := os.Readlink(p)
				got[rel] = "-> " + target
			} else if !d.IsDir() {
				b, _ := os.ReadFile(p)
				got[rel] = string(b)
			} else {
				got[rel] = "/"
			}
			return nil
		}))
		return got
	}
	t.Run("a project marked by a descriptor", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.MkdirAll(filepath.Join(dir, ".git", "objects"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "datapackage.json"), []byte("{}"), 0o644))
		before := listing(t, dir)
		_, err := Write(in, lookup(DataPackage), dir, Options{})
		require.ErrorIs(t, err, ErrOutput)
		assert.Contains(t, err.Error(), `".git", "main.go"`)
		assert.Equal(t, before, listing(t, dir))
	})
	t.Run("a package written again, and into an empty folder", func(t *testing.T) {
		dir := t.TempDir()
		_, err := Write(in, lookup(DataPackage), dir, Options{})
		require.NoError(t, err, "an empty folder is written into")
		_, err = Write(in, lookup(DataPackage), dir, Options{PackageVersion: "2.0.0"})
		require.NoError(t, err, "a package the export wrote is written over")
		raw, _ := os.ReadFile(filepath.Join(dir, "datapackage.json"))
		assert.Contains(t, string(raw), `"2.0.0"`)
	})
	t.Run("a link named as the folder is followed", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.Mkdir(filepath.Join(dir, "real"), 0o755))
		link := filepath.Join(dir, "link")
		require.NoError(t, os.Symlink("real", link))
		_, err := Write(in, lookup(DataPackage), link, Options{})
		require.NoError(t, err)
		fi, err := os.Lstat(link)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&fs.ModeSymlink, "the link is left a link")
		assert.FileExists(t, filepath.Join(dir, "real", "datapackage.json"))
		require.NoError(t, os.Symlink("nowhere", filepath.Join(dir, "dangling")))
		_, err = Write(in, lookup(DataPackage), filepath.Join(dir, "dangling"), Options{})
		require.ErrorIs(t, err, ErrOutput)
		assert.Contains(t, err.Error(), "a symbolic link to nothing")
		_, err = os.Lstat(filepath.Join(dir, "nowhere"))
		assert.ErrorIs(t, err, fs.ErrNotExist, "nothing made at the link's target")
	})
	refused := map[string]func(t *testing.T, dir string){
		"a file edited since": func(t *testing.T, dir string) {
			f, err := os.OpenFile(filepath.Join(dir, "testland.links.csv"), os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			_, err = f.WriteString("my,own,row\r\n")
			require.NoError(t, err)
			require.NoError(t, f.Close())
		},
		"a file of the user's": func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.md"), []byte("mine"), 0o644))
		},
		"a link where a file goes": func(t *testing.T, dir string) {
			require.NoError(t, os.Remove(filepath.Join(dir, "testland.regions.csv")))
			require.NoError(t, os.Symlink("/etc/hostname", filepath.Join(dir, "testland.regions.csv")))
		},
		"a file this export drops": func(t *testing.T, dir string) {
			raw, err := os.ReadFile(filepath.Join(dir, "datapackage.json"))
			require.NoError(t, err)
			var d Descriptor
			require.NoError(t, json.Unmarshal(raw, &d))
			d.Resources = append(d.Resources, Resource{Path: "old.geojson", Bytes: 2, Hash: "sha256:x"})
			raw, err = json.Marshal(d)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "datapackage.json"), raw, 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "old.geojson"), []byte("{}"), 0o644))
		},
	}
	for name, spoil := range refused {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			_, err := Write(in, lookup(DataPackage), dir, Options{})
			require.NoError(t, err)
			spoil(t, dir)
			before := listing(t, dir)
			_, err = Write(in, lookup(DataPackage), dir, Options{PackageVersion: "3.0.0"})
			require.ErrorIs(t, err, ErrOutput)
			assert.Contains(t, err.Error(), "never removes a file")
			assert.Equal(t, before, listing(t, dir), "every file as it was")
		})
	}
}

// TestChosenNamesStayHome: issue 26 class "CI follows links". A file the
// export names itself inside a folder (NAME.regions.csv, the images beside
// a save) that is a link leading out of the folder and the working folder
// is refused, its target untouched; a link that stays inside is followed.
func TestChosenNamesStayHome(t *testing.T) {
	in := fixture(t)
	outside := filepath.Join(t.TempDir(), "victim.txt")
	require.NoError(t, os.WriteFile(outside, []byte("precious"), 0o644))
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.Mkdir("out", 0o755))
	require.NoError(t, os.Symlink(outside, filepath.Join("out", "testland.regions.csv")))
	_, err := Write(in, lookup(CSV), "out", Options{})
	require.ErrorIs(t, err, atomicfile.ErrLinkOutside)
	got, _ := os.ReadFile(outside)
	assert.Equal(t, "precious", string(got))
	assert.NoFileExists(t, filepath.Join("out", "testland.links.csv"), "neither file of the pair written")

	require.NoError(t, os.Remove(filepath.Join("out", "testland.regions.csv")))
	require.NoError(t, os.WriteFile("kept.csv", nil, 0o644))
	require.NoError(t, os.Symlink(filepath.Join(dir, "kept.csv"), filepath.Join("out", "testland.regions.csv")))
	_, err = Write(in, lookup(CSV), "out", Options{})
	require.NoError(t, err, "a link inside the working folder is followed")
	got, _ = os.ReadFile("kept.csv")
	assert.Contains(t, string(got), "id,name")

	// A file the user named inside the working folder never follows a link
	// out of it either (issue 33: a checkout can hold such links); named
	// outside the working folder, it is theirs to aim anywhere.
	require.NoError(t, os.Symlink(outside, "mine.svg"))
	_, err = Write(in, lookup(SVG), "mine.svg", Options{})
	require.ErrorIs(t, err, atomicfile.ErrLinkOutside)
	got, _ = os.ReadFile(outside)
	assert.Equal(t, "precious", string(got))
	theirs := filepath.Join(t.TempDir(), "theirs.svg")
	require.NoError(t, os.Symlink(outside, theirs))
	_, err = Write(in, lookup(SVG), theirs, Options{})
	require.NoError(t, err)
	got, _ = os.ReadFile(outside)
	assert.Contains(t, string(got), "<svg")
}
