package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
)

var ctx = context.Background()

// copyDir copies a folder of the repository (testdata/editions/NAME or
// editions/NAME) to dir/as.
func copyDir(t testing.TB, from, dir, as string) string {
	t.Helper()
	dst := filepath.Join(dir, as)
	require.NoError(t, os.CopyFS(dst, os.DirFS(filepath.Join("..", from))))
	return dst
}

// combo lays out a small combined edition and its two members side by side
// in a temporary folder: combo/, corners/ and ferry/.
func combo(t testing.TB) (dir string) {
	t.Helper()
	dir = t.TempDir()
	copyDir(t, "testdata/editions/corners", dir, "corners")
	copyDir(t, "testdata/editions/ferry", dir, "ferry")
	require.NoError(t, os.Mkdir(filepath.Join(dir, "combo"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "combo", "edition.yaml"), []byte(`kind: combined
id: combo
name: Two small maps
days: 20
members: [corners, ferry]
piles: {draw: 3, face_up: 6}
win: every-map
planes: within-map
`), 0o644))
	return dir
}

func TestLoadKindsAndSources(t *testing.T) {
	for _, c := range []struct {
		path, kind string
		bundled    bool
	}{
		{"usa", mapdata.KindRegions, true},
		{"across-the-us", mapdata.KindNetwork, true},
		{"../testdata/editions/corners", mapdata.KindRegions, false},
		{"../testdata/editions/corners/edition.yaml", mapdata.KindRegions, false},
		{"../testdata/packs/mini.pack.json", mapdata.KindRegions, false},
	} {
		res, err := Load(ctx, Source{Path: c.path}, Options{})
		require.NoError(t, err, c.path)
		assert.Equal(t, c.kind, res.Kind, c.path)
		assert.Equal(t, c.bundled, res.Bundled, c.path)
		assert.True(t, res.Derived(), c.path)
		if !c.bundled {
			assert.NotEmpty(t, res.Inputs, c.path)
		}
	}
	// A pack is not an edition: Edition refuses it.
	_, err := Edition(ctx, Source{Path: "../testdata/packs/mini.pack.json"}, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "an edition is a folder holding edition.yaml")
	// A cancelled context stops before anything is read.
	done, cancel := context.WithCancel(ctx)
	cancel()
	_, err = Load(done, Source{Path: "usa"}, Options{})
	assert.ErrorIs(t, err, context.Canceled)
}

// The text of edition.yaml held in memory builds against the files of its
// folder, as the doctor's proposals and the studio's edits do.
func TestLoadTextInMemory(t *testing.T) {
	f, err := OpenEdition("../testdata/editions/corners", Options{})
	require.NoError(t, err)
	defer f.Close()
	edited := strings.Replace(string(f.Text), "id: corners", "id: edited", 1)
	require.NotEqual(t, string(f.Text), edited, "the fixture's id line")
	res, err := Edition(ctx, Source{Text: []byte(edited), FS: f.FS, Dir: f.Dir}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "edited", res.ID())
	assert.Contains(t, res.Inputs, f.Path)
}

// A combined edition's inputs are every file of every member, by its real
// path: the watchers watch them and no output may overwrite one.
func TestCombinedInputsHoldEveryMember(t *testing.T) {
	dir := combo(t)
	res, err := Load(ctx, Source{Path: filepath.Join(dir, "combo")}, Options{})
	require.NoError(t, err)
	require.True(t, res.Derived())
	assert.Equal(t, mapdata.KindCombined, res.Kind)
	real, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	for _, f := range []string{"combo/edition.yaml", "corners/edition.yaml", "corners/borders.geojson", "ferry/edition.yaml", "ferry/borders.geojson"} {
		assert.Contains(t, res.Inputs, filepath.Join(real, f))
	}
}

// Every file a member names is read inside the member's folder, as when the
// member is built alone; a member folder is inside the combined edition's
// parent folder.
func TestCombinedMembersStayInTheirFence(t *testing.T) {
	outside := t.TempDir()
	copyDir(t, "testdata/editions/corners", outside, "corners")
	for name, setup := range map[string]func(dir string){
		"borders link outside": func(dir string) {
			p := filepath.Join(dir, "corners", "borders.geojson")
			require.NoError(t, os.Remove(p))
			require.NoError(t, os.Symlink(filepath.Join(outside, "corners", "borders.geojson"), p))
		},
		"edition.yaml link outside": func(dir string) {
			p := filepath.Join(dir, "corners", "edition.yaml")
			require.NoError(t, os.Remove(p))
			require.NoError(t, os.Symlink(filepath.Join(outside, "corners", "edition.yaml"), p))
		},
		"member folder link outside": func(dir string) {
			require.NoError(t, os.RemoveAll(filepath.Join(dir, "corners")))
			require.NoError(t, os.Symlink(filepath.Join(outside, "corners"), filepath.Join(dir, "corners")))
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := combo(t)
			setup(dir)
			_, err := Load(ctx, Source{Path: filepath.Join(dir, "combo")}, Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "outside")
			var ie *diag.InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, filepath.ToSlash(filepath.Join(dir, "combo", "edition.yaml")), ie.File, "the error names the combined edition.yaml")
			assert.Equal(t, 5, ie.Line, "and the line of members:")
		})
	}
}

// A member that is nowhere is told at the line of members: that names it.
func TestMissingMemberNamesItsLine(t *testing.T) {
	dir := combo(t)
	require.NoError(t, os.RemoveAll(filepath.Join(dir, "ferry")))
	_, err := Load(ctx, Source{Path: filepath.Join(dir, "combo")}, Options{})
	require.Error(t, err)
	assert.Regexp(t, `combo/edition.yaml:5:\d+: member "ferry": no folder ferry beside this edition, and no bundled edition of that name`, err.Error())
}

// The cache keeps a combined edition's bundled members: a rebuild after an
// edit to the combined edition.yaml alone derives no member again, and
// gives the same pack as a build from nothing.
func TestCacheKeepsBundledMembers(t *testing.T) {
	dir := copyDir(t, "editions/around-the-world", t.TempDir(), "atw")
	cache := NewCache()
	first, err := Load(ctx, Source{Path: dir}, Options{Cache: cache})
	require.NoError(t, err)
	require.Equal(t, 4, cache.Members())
	kept := map[memberKey]*Result{}
	for k, mb := range cache.members {
		kept[k] = mb.res
	}
	file := filepath.Join(dir, EditionFile)
	y, err := os.ReadFile(file)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(file, append([]byte("# an edit\n"), y...), 0o644))
	second, err := Load(ctx, Source{Path: dir}, Options{Cache: cache})
	require.NoError(t, err)
	for k, mb := range cache.members {
		assert.Same(t, kept[k], mb.res, "member %s derived again", k.dir)
	}
	fresh, err := Load(ctx, Source{Path: dir}, Options{})
	require.NoError(t, err)
	a, err := second.Encode(true)
	require.NoError(t, err)
	b, err := fresh.Encode(true)
	require.NoError(t, err)
	assert.Equal(t, string(b.Pack), string(a.Pack))
	assert.Equal(t, first.ID(), second.ID())
}

// Watch rebuilds on a save of any file the edition reads: the combined
// edition.yaml, and a member's file beside it.
func TestWatchRebuildsOnAMemberSave(t *testing.T) {
	t.Parallel()
	dir := combo(t)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	builds := make(chan *Result, 8)
	done := make(chan error, 1)
	go func() {
		done <- Watch(ctx, Source{Path: filepath.Join(dir, "combo")}, Options{}, WatchOptions{}, func(res *Result, err error) {
			mu.Lock()
			defer mu.Unlock()
			assert.NoError(t, err)
			builds <- res
		})
	}()
	next := func() *Result {
		select {
		case r := <-builds:
			return r
		case <-time.After(20 * time.Second):
			t.Fatal("no build")
			return nil
		}
	}
	first := next()
	require.True(t, first.Derived())
	member := filepath.Join(dir, "ferry", EditionFile)
	y, err := os.ReadFile(member)
	require.NoError(t, err)
	edited := strings.Replace(string(y), "name: 3 Days by Ferry", "name: 10 Days in Renamed", 1)
	require.NoError(t, atomicfile.WriteBytes(member, []byte(edited), 0o644))
	second := next()
	require.True(t, second.Derived())
	names := []string{}
	for _, m := range second.Pack.(*mapdata.Pack).Combined.Members {
		names = append(names, m.Name)
	}
	assert.True(t, slices.ContainsFunc(names, func(n string) bool { return n == "Renamed" }), "the member's edit is in the rebuilt pack: %v", names)
	cancel()
	require.NoError(t, <-done)
}

// The land under a route-network board: the U.S. states under Across the
// United States, nothing under stations elsewhere.
func TestNetworkLand(t *testing.T) {
	res, err := Load(ctx, Source{Path: "across-the-us"}, Options{})
	require.NoError(t, err)
	land, err := res.Land()
	require.NoError(t, err)
	assert.Equal(t, 56, len(land), "every feature of the usa edition's states file (states, DC, territories)")
	far := *res.Pack.(*mapdata.NetworkPack)
	far.Stations = append([]mapdata.Station{{ID: "x", Name: "Paris", Point: [2]float64{2.35, 48.85}}}, far.Stations...)
	land, err = NetworkLand(&far)
	require.NoError(t, err)
	assert.Nil(t, land, "a station outside the lower 48: no U.S. land")
}
