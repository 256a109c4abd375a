package routes

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

func TestGabrielAndRNG(t *testing.T) {
	// A square with its centre: the centre is inside the circle on each
	// diagonal, so no diagonal; the sides stay in Gabriel; RNG drops the
	// sides too (the centre is nearer to both corners than they are to
	// each other).
	pts := [][2]float64{{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 1}}
	assert.Equal(t, [][2]int{{0, 1}, {0, 3}, {0, 4}, {1, 2}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}, Gabriel(pts))
	assert.Equal(t, [][2]int{{0, 4}, {1, 4}, {2, 4}, {3, 4}}, RNG(pts))
}

func TestProximityGraphsArePlanarAndNested(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20; trial++ {
		pts := make([][2]float64, 30)
		for i := range pts {
			pts[i] = [2]float64{r.Float64() * 1000, r.Float64() * 1000}
		}
		g, rng := Gabriel(pts), RNG(pts)
		for _, e := range rng {
			assert.Contains(t, g, e, "RNG is a subgraph of Gabriel")
		}
		for i, a := range g {
			for _, b := range g[i+1:] {
				if a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1] {
					continue
				}
				assert.False(t, mapdata.SegmentsCross(pts[a[0]], pts[a[1]], pts[b[0]], pts[b[1]]), "edges %v and %v cross", a, b)
			}
		}
	}
}

func TestPassengerPoints(t *testing.T) {
	linear := mapdata.PointsSpec{Base: 2, Per: 450, Min: 3, Max: 12}
	for _, tc := range []struct {
		d    float64
		want int
	}{{100, 3}, {900, 4}, {2250, 7}, {9000, 12}} {
		assert.Equal(t, tc.want, PassengerPoints(linear, tc.d), "%g km", tc.d)
	}
	bands := mapdata.PointsSpec{Rule: "bands", Bands: []mapdata.BandSpec{{UpTo: 500, Points: 3}, {UpTo: 1500, Points: 6}, {UpTo: 1e9, Points: 10}}}
	assert.Equal(t, 3, PassengerPoints(bands, 500))
	assert.Equal(t, 6, PassengerPoints(bands, 501))
	assert.Equal(t, 10, PassengerPoints(bands, 5000))
}

func TestFreightCombinationsAndRarity(t *testing.T) {
	assert.Len(t, combos(4, 3), 20, "multisets of 3 from 4")
	assert.Equal(t, [][]int{{0, 0}, {0, 1}, {1, 1}}, combos(2, 2))
	p := &mapdata.NetworkPack{Commodities: []mapdata.Commodity{{ID: "grain"}, {ID: "iron"}},
		Tokens: []mapdata.TokenCount{{Kind: mapdata.TokenCommodity, Commodity: "grain", Count: 3}, {Kind: mapdata.TokenCommodity, Commodity: "iron", Count: 1}}}
	r := Rarity(p)
	assert.InDelta(t, 2.0/3, r[0], 1e-9)
	assert.InDelta(t, 2.0, r[1], 1e-9, "iron is three times rarer than grain")
	spec := mapdata.FreightPointsSpec{Base: 1, Per: 2}
	assert.Less(t, FreightPoints(spec, r, []int{0, 0, 0}), FreightPoints(spec, r, []int{1, 1, 1}))
}

// build derives the bundled edition from its folder.
func build(t *testing.T, dir string) *Result {
	t.Helper()
	src, err := os.ReadFile(dir + "/edition.yaml")
	require.NoError(t, err)
	doc, err := mapdata.DecodeNetworkEdition("edition.yaml", src)
	require.NoError(t, err)
	res, err := Build(Input{Doc: doc, FS: os.DirFS(dir), Dir: dir})
	require.NoError(t, err)
	return res
}

func TestBundledEdition(t *testing.T) {
	res := build(t, "../../editions/across-the-us")
	assert.Empty(t, res.Findings)
	p := res.Pack
	assert.Len(t, p.Stations, 45)
	assert.Len(t, p.Passenger, 24)
	assert.Len(t, p.Freight, 24)
	assert.Equal(t, 45, p.TokenTotal())
	num := map[string]int{}
	for _, s := range p.Stations {
		num[s.Name] = s.Number
	}
	assert.Equal(t, 7, num["Charlotte"], "the rulebook example's numbers")
	assert.Equal(t, 13, num["Cincinnati"])
	assert.Equal(t, 14, num["Atlanta"])
	// Every division is on a passenger ticket; no station on more than two.
	regions, reached, uses := map[string]bool{}, map[string]bool{}, map[string]int{}
	for _, s := range p.Stations {
		regions[s.Region] = true
	}
	for _, tk := range p.Passenger {
		for _, id := range []string{tk.A, tk.B} {
			reached[p.Stations[p.Station(id)].Region] = true
			uses[id]++
		}
	}
	assert.Len(t, regions, 9)
	assert.Equal(t, regions, reached)
	for id, n := range uses {
		assert.LessOrEqual(t, n, 2, id)
	}
	// Points rise with distance.
	for i := 1; i < len(p.Passenger); i++ {
		assert.GreaterOrEqual(t, p.Passenger[i].Points, p.Passenger[i-1].Points)
		assert.GreaterOrEqual(t, p.Passenger[i].DistanceKm, p.Passenger[i-1].DistanceKm)
	}
	// Each commodity equally often on the freight deck.
	count := map[string]int{}
	for _, f := range p.Freight {
		for _, c := range f.Commodities {
			count[c]++
		}
	}
	assert.Equal(t, map[string]int{"grain": 18, "iron": 18, "cow": 18, "fruit": 18}, count)
	// The same edition gives the same bytes.
	var a, b bytes.Buffer
	require.NoError(t, mapdata.EncodeNetworkPack(&a, p))
	require.NoError(t, mapdata.EncodeNetworkPack(&b, build(t, "../../editions/across-the-us").Pack))
	assert.Equal(t, a.String(), b.String())
}

const stationsJSON = `{"type": "FeatureCollection", "features": [
{"type": "Feature", "properties": {"name": "West", "n": 2}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
{"type": "Feature", "properties": {"name": "Middle", "n": 3}, "geometry": {"type": "Point", "coordinates": [1, 1]}},
{"type": "Feature", "properties": {"name": "East", "n": 1}, "geometry": {"type": "Point", "coordinates": [2, 0.5]}},
{"type": "Feature", "properties": {"name": "Nowhere"}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
{"type": "Feature", "properties": {"title": "Nameless"}, "geometry": {"type": "Point", "coordinates": [5, 5]}}
]}`

func buildText(t *testing.T, yaml string) *Result {
	t.Helper()
	doc, err := mapdata.DecodeNetworkEdition("ed/edition.yaml", []byte(yaml))
	require.NoError(t, err)
	fsys := fstest.MapFS{"s.geojson": {Data: []byte(stationsJSON)}}
	res, err := Build(Input{Doc: doc, FS: fsys, Dir: "ed"})
	require.NoError(t, err)
	return res
}

const baseYAML = `kind: network
id: t
name: T
stations: {file: s.geojson, numbering: %s}
routes: {graph: gabriel, add: [%s], remove: [%s]}
companies: [{id: R, name: R, color: red, cards: 4}]
commodities: [{id: grain, name: Grain}]
tokens: {home: 1, free_stock: 0, money: 2, ticket: 0, commodity: {}}
players: {2: {rounds: 1}}
tickets:
  passenger: {count: 0, points: {per: 100}}
  freight: {count: 1, size: 1, points: {per: 1}}
`

func TestStationsNumberingAndFindings(t *testing.T) {
	for _, tc := range []struct {
		name      string
		numbering string
		want      map[string]int
	}{
		{"west to east", "{rule: west-east}", map[string]int{"west": 1, "middle": 2, "east": 3}},
		{"north to south", "{rule: north-south}", map[string]int{"middle": 1, "east": 2, "west": 3}},
		{"a property", "{rule: property, property: n}", map[string]int{"east": 1, "west": 2, "middle": 3}},
		{"a list", "{rule: list, list: [Middle, West, East]}", map[string]int{"middle": 1, "west": 2, "east": 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := buildText(t, sprintf(baseYAML, tc.numbering, "", ""))
			got := map[string]int{}
			for _, s := range res.Pack.Stations {
				got[s.ID] = s.Number
			}
			assert.Equal(t, tc.want, got)
			rules := ruleIDs(res.Findings)
			assert.Equal(t, []string{RuleStationName, RuleStationPoint}, rules, "the line and the nameless feature")
			for _, f := range res.Findings {
				assert.Equal(t, "ed/s.geojson", f.File)
				assert.Greater(t, f.Line, 3)
			}
		})
	}
}

func ruleIDs(fs []diag.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	slices.Sort(out)
	return out
}

func TestRouteOverrides(t *testing.T) {
	res := buildText(t, sprintf(baseYAML, "{rule: west-east}", "{a: West, b: Middle, why: kept}, {a: West, b: Atlantis}", "{a: West, b: East}, {a: \"2\", b: \"3\"}"))
	var routes []string
	for _, r := range res.Pack.Routes {
		routes = append(routes, r.A+"-"+r.B)
	}
	assert.Equal(t, []string{"middle-west"}, routes, "middle-east removed by number, west-middle listed")
	assert.Equal(t, "kept", res.Pack.Routes[0].Why)
	var unknown []diag.Finding
	for _, f := range res.Findings {
		if f.Rule == RuleUnknownStation || f.Rule == RuleRemoveMissing {
			unknown = append(unknown, f)
		}
	}
	require.Len(t, unknown, 2)
	assert.Equal(t, RuleRemoveMissing, unknown[0].Rule, "west-east is no Gabriel route (middle is in its circle)")
	assert.Equal(t, RuleUnknownStation, unknown[1].Rule)
	assert.Equal(t, "ed/edition.yaml", unknown[1].File)
	assert.Equal(t, 5, unknown[1].Line, "at the add entry's line")
	assert.Contains(t, unknown[1].Message, `"Atlantis" is not a station`)
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
