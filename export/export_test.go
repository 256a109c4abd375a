package export

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

const (
	fixturePack  = "testdata/testland.pack.json"
	fixtureBoard = "testdata/testland.board.geojson"
)

// fixture is the synthetic edition: eight regions in three colours and an
// air-only white one far away, a bridge, a ferry, car links, a sea, a rail
// line, a region with a hole, one in two parts and a tiny one.
func fixture(t testing.TB) Input {
	t.Helper()
	src, err := os.ReadFile(fixturePack)
	require.NoError(t, err)
	pd, err := mapdata.DecodePack(fixturePack, src)
	require.NoError(t, err)
	b, err := board.Read(fixtureBoard)
	require.NoError(t, err)
	return Input{Pack: pd.Pack, PackFile: fixturePack, PackJSON: src, Board: b}
}

// goldenOptions keep the goldens small and free of local paths.
var goldenOptions = Options{AssetURL: "https://example.invalid/testland/", CardWidth: 100, BoardWidth: 800}

// golden compares got with testdata/golden/name, or rewrites it.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "no golden file: run go test ./export -run TestGolden -update")
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs from the golden file (rerun with -update and read the diff)\n--- got:\n%s", path, clip(got))
	}
}

func clip(b []byte) string {
	if len(b) > 3000 {
		return string(b[:3000]) + "\n..."
	}
	return string(b)
}

// TestGolden renders every format of the fixture and compares each file
// with its golden copy. The data package's resources are checked against
// the other goldens; the TTS images are checked in TestTTS.
func TestGolden(t *testing.T) {
	in := fixture(t)
	cases := []struct {
		format string
		opt    Options
		keep   []string // files to compare; nil: all
	}{
		{CSV, goldenOptions, nil},
		{DOT, goldenOptions, nil},
		{GraphML, goldenOptions, nil},
		{JSONGraph, goldenOptions, nil},
		{GeoJSON, goldenOptions, nil},
		{TopoJSON, goldenOptions, nil},
		{GIS, goldenOptions, nil},
		{SVG, goldenOptions, nil},
		{DataPackage, goldenOptions, []string{"datapackage.json"}},
		{TTS, goldenOptions, []string{"testland.tts.json"}},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			files, err := Render(in, c.format, c.opt)
			require.NoError(t, err)
			for _, f := range files {
				if c.keep == nil || contains(c.keep, f.Name) {
					golden(t, f.Name, f.Data)
				}
			}
		})
	}
	t.Run("svg-graph", func(t *testing.T) {
		o := goldenOptions
		o.Graph = true
		files, err := Render(in, SVG, o)
		require.NoError(t, err)
		golden(t, "testland.graph.svg", files[0].Data)
	})
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestDeterministic renders each format twice: the same bytes every time.
func TestDeterministic(t *testing.T) {
	in := fixture(t)
	for _, f := range Names() {
		a, err := Render(in, f, goldenOptions)
		require.NoError(t, err, f)
		b, err := Render(fixture(t), f, goldenOptions)
		require.NoError(t, err, f)
		require.Equal(t, len(a), len(b), f)
		for i := range a {
			assert.Equal(t, a[i].Name, b[i].Name, f)
			assert.True(t, bytes.Equal(a[i].Data, b[i].Data), "%s: %s differs between two runs", f, a[i].Name)
		}
	}
}

// lookup is the format of a name the test knows to be one.
func lookup(name string) *Format {
	f, err := Lookup(name)
	if err != nil {
		panic(err)
	}
	return f
}

// regionsPack is the test input's pack, a regions pack.
func (in Input) regionsPack() *mapdata.Pack { return in.Pack.(*mapdata.Pack) }

// Every kind of pack exports to some format, every format serves some
// kind, and a format's facts agree: one file has an ending for each kind,
// several files say what -o wants.
func TestFormatsCoverTheKinds(t *testing.T) {
	served := map[string]bool{}
	for _, f := range Formats() {
		if f.Doc == "" || len(f.Kinds) == 0 {
			t.Errorf("format %s: no doc or no kind", f.Name)
		}
		if !f.OneFile && f.Output == "" {
			t.Errorf("format %s writes several files and does not say what -o wants", f.Name)
		}
		for kind, e := range f.Kinds {
			served[kind] = true
			if e.Render == nil || f.OneFile != (e.Ext != "") {
				t.Errorf("format %s, kind %s: render %v, ext %q, one file %v", f.Name, kind, e.Render != nil, e.Ext, f.OneFile)
			}
		}
		if got, err := Lookup(f.Name); err != nil || got != f {
			t.Errorf("Lookup(%s): %v", f.Name, err)
		}
	}
	for _, kind := range mapdata.Kinds {
		if !served[kind] {
			t.Errorf("no format exports kind %s", kind)
		}
	}
}
