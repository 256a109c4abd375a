package derive

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// build derives a test edition from testdata/editions/NAME, with its
// edition.yaml edited by replacing old with new (pairs).
func build(t *testing.T, name string, edits ...string) *Result {
	t.Helper()
	dir := filepath.Join("..", "testdata", "editions", name)
	files := fstest.MapFS{}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		files[e.Name()] = &fstest.MapFile{Data: data}
	}
	text := string(files["edition.yaml"].Data)
	for i := 0; i+1 < len(edits); i += 2 {
		require.Contains(t, text, edits[i], "edit target")
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	files["edition.yaml"] = &fstest.MapFile{Data: []byte(text)}
	doc, err := mapdata.DecodeEdition(name+"/edition.yaml", []byte(text))
	require.NoError(t, err)
	res, err := Build(Input{Doc: doc, FS: files, Dir: name})
	require.NoError(t, err)
	return res
}

type linkSet map[string]mapdata.Link

func links(p *mapdata.Pack) linkSet {
	out := linkSet{}
	for _, l := range p.Links {
		out[l.A+"-"+l.B+":"+string(l.Kind)] = l
	}
	return out
}

func (s linkSet) has(a, b string, kind mapdata.LinkKind) bool {
	if b < a {
		a, b = b, a
	}
	_, ok := s[a+"-"+b+":"+string(kind)]
	return ok
}

func (s linkSet) get(a, b string, kind mapdata.LinkKind) mapdata.Link {
	if b < a {
		a, b = b, a
	}
	return s[a+"-"+b+":"+string(kind)]
}

func errorsOf(fs []diag.Finding) []diag.Finding {
	var out []diag.Finding
	for _, f := range fs {
		if f.Severity == diag.Error {
			out = append(out, f)
		}
	}
	return out
}

func TestFourCornersIsNoBorderButACarDrivesRound(t *testing.T) {
	res := build(t, "corners")
	require.Empty(t, errorsOf(res.Findings))
	ls := links(res.Pack)
	assert.True(t, ls.has("NW", "NE", mapdata.Border))
	assert.True(t, ls.has("SW", "SE", mapdata.Border))
	assert.False(t, ls.has("NW", "SE", mapdata.Border), "a point contact is not a border")
	assert.False(t, ls.has("NE", "SW", mapdata.Border))
	car := ls.get("NW", "SE", mapdata.Car)
	assert.Equal(t, []string{"NE", "SW"}, car.Via)
	assert.InDelta(t, 111.2, ls.get("NW", "NE", mapdata.Border).LengthKm, 0.1)

	// Under queen, the corner is a border (of length zero).
	res = build(t, "corners", "borders: {file: borders.geojson, id: name}", "borders: {file: borders.geojson, id: name}\nadjacency: {rule: queen}")
	assert.True(t, links(res.Pack).has("NW", "SE", mapdata.Border))
}

func TestTwoPartRegionLinksBothNeighbourSets(t *testing.T) {
	res := build(t, "peninsulas")
	ls := links(res.Pack)
	assert.True(t, ls.has("Twopart", "Lowland", mapdata.Border))
	assert.True(t, ls.has("Twopart", "Highland", mapdata.Border))
	assert.False(t, ls.has("Twopart", "Midland", mapdata.Border))
	assert.Len(t, res.Pack.Regions, 4)
}

func TestFerryToAnIsland(t *testing.T) {
	res := build(t, "ferry")
	ls := links(res.Pack)
	ferry := ls.get("Farshore", "Isle", mapdata.Ferry)
	assert.Equal(t, "the island ferry", ferry.Why)
	assert.True(t, ls.has("Eastshore", "Isle", mapdata.Car), "ferries count for cars when through names them")

	res = build(t, "ferry", "through: [border, ferry]", "through: [border]")
	assert.False(t, links(res.Pack).has("Eastshore", "Isle", mapdata.Car))
	assert.True(t, links(res.Pack).has("Farshore", "Isle", mapdata.Ferry))
}

func TestOmittedRegionWasTheOnlyVia(t *testing.T) {
	res := build(t, "omit", "omit: [Omitted]", "omit: []")
	ls := links(res.Pack)
	require.True(t, ls.has("Pleft", "Qright", mapdata.Car))
	assert.Equal(t, []string{"Omitted"}, ls.get("Pleft", "Qright", mapdata.Car).Via)

	res = build(t, "omit")
	ls = links(res.Pack)
	assert.False(t, ls.has("Pleft", "Qright", mapdata.Car))
	assert.Nil(t, res.Pack.Region("Omitted"))
	for _, l := range res.Pack.Links {
		assert.NotContains(t, []string{l.A, l.B}, "Omitted")
		assert.NotContains(t, l.Via, "Omitted")
	}
}

func TestMerge(t *testing.T) {
	res := build(t, "merge")
	p := res.Pack
	assert.Len(t, p.Regions, 4)
	assert.Nil(t, p.Region("South Sudan"))
	ls := links(p)
	assert.True(t, ls.has("Sudan", "Libya", mapdata.Border), "South Sudan's border with Libya is Sudan's now")
	assert.True(t, ls.has("Sudan", "Chad", mapdata.Border))
	// The two parts' lengths add up: Sudan-Chad is one side of the lower square.
	assert.InDelta(t, 111.2, ls.get("Sudan", "Chad", mapdata.Border).LengthKm, 0.1)
}

func TestSplitByCutLines(t *testing.T) {
	res := build(t, "split")
	require.Empty(t, errorsOf(res.Findings))
	p := res.Pack
	for _, id := range []string{"West", "Middle", "East", "Northland"} {
		require.NotNil(t, p.Region(id), id)
	}
	assert.Nil(t, p.Region("Kingdom"))
	ls := links(p)
	assert.True(t, ls.has("West", "Middle", mapdata.Border), "the two sides border along the cut")
	assert.True(t, ls.has("Middle", "East", mapdata.Border))
	assert.False(t, ls.has("West", "East", mapdata.Border))
	for _, part := range []string{"West", "Middle", "East"} {
		assert.True(t, ls.has(part, "Northland", mapdata.Border), "Northland borders %s", part)
	}
	// The cut is a meridian 1 degree long at the equator.
	assert.InDelta(t, 111.2, ls.get("West", "Middle", mapdata.Border).LengthKm, 0.1)
	// The island joined the nearest part.
	for _, f := range res.Board.Features {
		if f.ID == "East" {
			assert.Equal(t, "MultiPolygon", f.Geometry.GeoJSONType())
		}
	}
}

func TestSplitBadInput(t *testing.T) {
	res := build(t, "split", "cut: cuts.geojson", "cut: cuts.geojson\n      # shifted away", "Middle: [1.5, 0.5]", "Middle: [9, 9]")
	require.NotEmpty(t, errorsOf(res.Findings))
	f := errorsOf(res.Findings)[0]
	assert.Equal(t, RuleSplitPart, f.Rule)
	assert.Equal(t, "/regions/split/Kingdom/parts/Middle", f.Pointer)
	assert.Equal(t, 13, f.Line)
}

func TestSeaFromGeometryWithTolerance(t *testing.T) {
	res := build(t, "sea")
	on := map[string][]string{}
	for _, r := range res.Pack.Regions {
		on[r.ID] = r.Seas
	}
	assert.Equal(t, []string{"south"}, on["Alpha"])
	assert.Equal(t, []string{"south"}, on["Beta"], "its coast runs within 2 km of the sea")
	assert.Empty(t, on["Gamma"])
	assert.Empty(t, on["Delta"], "no coast on the south side")

	res = build(t, "sea", "tolerance_m: 2000", "tolerance_m: 500")
	for _, r := range res.Pack.Regions {
		assert.Empty(t, r.Seas, r.ID)
	}
	assert.Equal(t, RuleSeaFew, res.Findings[0].Rule)

	res = build(t, "sea", "tolerance_m: 2000}", "tolerance_m: 2000}\n    add: [Gamma]\n    remove: [Alpha]")
	on = map[string][]string{}
	for _, r := range res.Pack.Regions {
		on[r.ID] = r.Seas
	}
	assert.Empty(t, on["Alpha"])
	assert.Equal(t, []string{"south"}, on["Gamma"])
}

func TestRailFromALine(t *testing.T) {
	res := build(t, "rail")
	require.Len(t, res.Pack.Rails, 1)
	assert.Equal(t, []string{"One", "Two", "Three"}, res.Pack.Rails[0].Stops)
	assert.Equal(t, []string{"coastal"}, res.Pack.Region("Two").Rails)
	assert.Empty(t, res.Pack.Region("Four").Rails)
}

func TestBadOverridesAreFindingsAtTheirPlace(t *testing.T) {
	tests := []struct {
		name, edition string
		edits         []string
		rule, pointer string
		line          int
	}{
		{"unknown region", "ferry", []string{"{a: Farshore, b: Isle", "{a: Farshore, b: Isel"},
			RuleUnknownRegion, "/links/add/0/b", 9},
		{"cut misses", "split", []string{"cut: cuts.geojson", "cut: missing.geojson"}, "", "", 0},
		{"same colour for bordering regions", "corners", []string{"colors: {palette: [red, blue]}", "colors:\n  palette: [red, blue]\n  same: [[Northwest, Northeast]]"},
			RuleColorConflict, "/colors/same/0", 11},
		{"sea file with no match", "sea", []string{"match: [South Sea]", "match: [North Sea]"},
			RuleSeaNoMatch, "/seas/south/geometry", 10},
		{"assigned colour not in palette", "corners", []string{"colors: {palette: [red, blue]}", "colors: {palette: [red, blue], assign: {Northwest: mauve}}"},
			RuleUnknownColor, "/colors/assign/Northwest", 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.rule == "" {
				t.Skip("covered by TestMissingFileIsAnError")
			}
			res := build(t, tt.edition, tt.edits...)
			var hit *diag.Finding
			for i, f := range res.Findings {
				if f.Rule == tt.rule {
					hit = &res.Findings[i]
					break
				}
			}
			require.NotNil(t, hit, "findings: %v", res.Findings)
			assert.Equal(t, diag.Error, hit.Severity)
			assert.Equal(t, tt.pointer, hit.Pointer)
			assert.Equal(t, tt.line, hit.Line)
			assert.Equal(t, tt.edition+"/edition.yaml", hit.File)
		})
	}
}

func TestCutThatMissesItsRegion(t *testing.T) {
	dir := filepath.Join("..", "testdata", "editions", "split")
	files := fstest.MapFS{}
	for _, n := range []string{"edition.yaml", "borders.geojson"} {
		data, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		files[n] = &fstest.MapFile{Data: data}
	}
	files["cuts.geojson"] = &fstest.MapFile{Data: []byte(`{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[10,10],[11,11]]}}]}`)}
	doc, err := mapdata.DecodeEdition("split/edition.yaml", files["edition.yaml"].Data)
	require.NoError(t, err)
	res, err := Build(Input{Doc: doc, FS: files, Dir: "split"})
	require.NoError(t, err)
	var rules []string
	for _, f := range errorsOf(res.Findings) {
		rules = append(rules, f.Rule+" "+f.Pointer)
	}
	assert.Contains(t, rules, RuleCutMisses+" /regions/split/Kingdom/cut")
}

func TestMissingFileIsAnError(t *testing.T) {
	doc, err := mapdata.DecodeEdition("x/edition.yaml", []byte("id: x\nname: X\ndays: 3\nborders: {file: nowhere.geojson}\ncolors: {palette: [red]}\ntransports: {}\n"))
	require.NoError(t, err)
	_, err = Build(Input{Doc: doc, FS: fstest.MapFS{}, Dir: "x"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x/edition.yaml:4:11: x/nowhere.geojson: file does not exist")
}

func TestBuildTwiceGivesTheSameBytes(t *testing.T) {
	for _, name := range []string{"corners", "split", "sea", "rail", "merge"} {
		var first []byte
		for i := 0; i < 2; i++ {
			res := build(t, name)
			var buf bytes.Buffer
			require.NoError(t, mapdata.EncodePack(&buf, res.Pack))
			board, err := res.Board.MarshalJSON()
			require.NoError(t, err)
			buf.Write(board)
			if i == 0 {
				first = buf.Bytes()
			} else {
				assert.Equal(t, string(first), buf.String(), name)
			}
		}
	}
}

// Marking a bordered region air-only drops its borders, and listing an
// air-only region on a sea leaves it off: both are said, at the line that
// does it, never done silently.
func TestAirOnlySaysWhatItDrops(t *testing.T) {
	res := build(t, "sea", "tolerance_m: 2000}", "tolerance_m: 2000}\n    add: [Gamma]\nair_only: [Beta, Gamma]")
	var got []string
	for _, f := range res.Findings {
		if f.Rule == RuleAirOnlyOverride {
			got = append(got, f.Pointer+" "+f.Message)
		}
	}
	assert.Contains(t, got, "/air_only/0 Beta is air-only, so its land border(s) with Alpha, Gamma, Delta are dropped")
	assert.Contains(t, got, "/seas/south/add/0 Gamma is air-only, so it is left off sea south, which lists it")
	assert.Empty(t, res.Pack.Region("Gamma").Seas)
}
