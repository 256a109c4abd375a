package derive

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// hostileEdition derives an edition of the given polygons (named r0, r1,
// ...) under rule.
func hostileEdition(tb testing.TB, polys [][][2]float64, rule string) *Result {
	tb.Helper()
	var feats []map[string]any
	for i, ring := range polys {
		feats = append(feats, map[string]any{"type": "Feature", "properties": map[string]any{"name": fmt.Sprintf("r%d", i)},
			"geometry": map[string]any{"type": "Polygon", "coordinates": [][][2]float64{ring}}})
	}
	gj, err := json.Marshal(map[string]any{"type": "FeatureCollection", "features": feats})
	require.NoError(tb, err)
	text := "id: hostile\nname: Hostile\ndays: 10\nborders: {file: borders.geojson, id: name}\nadjacency: {rule: " + rule +
		"}\ncolors: {palette: [red, blue, green, tan, black]}\ntransports:\n  airplane: {per_color: 2}\n  automobile: {count: 6}\n"
	files := fstest.MapFS{"borders.geojson": {Data: gj}, "edition.yaml": {Data: []byte(text)}}
	doc, err := mapdata.DecodeEdition("hostile/edition.yaml", []byte(text))
	require.NoError(tb, err)
	res, err := Build(Input{Doc: doc, FS: files, Dir: "hostile"})
	require.NoError(tb, err)
	return res
}

func square(x, y, s float64) [][2]float64 {
	return [][2]float64{{x, y}, {x + s, y}, {x + s, y + s}, {x, y + s}, {x, y}}
}

func identicalSquares(n int) [][][2]float64 {
	out := make([][][2]float64, n)
	for i := range out {
		out[i] = square(0, 0, 1)
	}
	return out
}

func wedges(n int) [][][2]float64 {
	at := func(a float64) [2]float64 {
		return [2]float64{math.Round(math.Cos(a)*1e9) / 1e9, math.Round(math.Sin(a)*1e9) / 1e9}
	}
	out := make([][][2]float64, n)
	for i := range out {
		a0, a1 := 2*math.Pi*float64(i)/float64(n), 2*math.Pi*float64(i+1)/float64(n)
		out[i] = [][2]float64{{0, 0}, at(a0), at((a0 + a1) / 2), at(a1), {0, 0}}
	}
	return out
}

// comb is a long bar with n teeth along its top, each sharing a side
// with it: the bar borders every tooth, so a car drives between any two.
func comb(n int) [][][2]float64 {
	const w = 0.01
	bar := [][2]float64{{0, 0}, {float64(n) * w, 0}}
	for i := n; i >= 0; i-- {
		bar = append(bar, [2]float64{float64(i) * w, 1})
	}
	bar = append(bar, [2]float64{0, 0})
	out := [][][2]float64{bar}
	for i := range n {
		x := float64(i) * w
		out = append(out, [][2]float64{{x, 1}, {x + w, 1}, {x + w, 1.5}, {x, 1.5}, {x, 1}})
	}
	return out
}

func rulesOf(fs []diag.Finding) map[string]int {
	out := map[string]int{}
	for _, f := range fs {
		if f.Severity >= diag.Error {
			out[f.Rule]++
		}
	}
	return out
}

// TestHostileShapesAreRefusedInLinearWork: issue 26 class "work that grows
// too fast". 400 copies of one region (22 s in build) and 400 regions
// meeting at one point under queen (20 s) are crowds: reported once, no
// links counted there; a region bordering 1,500 others would make 1.1
// million car-link middles: refused before they are built.
func TestHostileShapesAreRefusedInLinearWork(t *testing.T) {
	res := hostileEdition(t, identicalSquares(400), "rook")
	assert.Equal(t, map[string]int{"adjacency/crowded": 1}, rulesOf(res.Findings))
	assert.Empty(t, res.Pack.Links)

	res = hostileEdition(t, wedges(400), "queen")
	assert.Equal(t, map[string]int{"adjacency/crowded": 1}, rulesOf(res.Findings))
	assert.Len(t, res.Pack.Links, 2*400, "the wedges' shared sides and the cars round them")

	res = hostileEdition(t, comb(1500), "rook")
	assert.Equal(t, 1, rulesOf(res.Findings)["links/too-many-car-links"], "%v", rulesOf(res.Findings))
	for _, l := range res.Pack.Links {
		require.NotEqual(t, mapdata.Car, l.Kind, "a car link made past the bound")
	}
}

// Benchmarks of the classes above (docs/BENCHMARKS.md).
func BenchmarkBuildIdentical400(b *testing.B) {
	polys := identicalSquares(400)
	for b.Loop() {
		hostileEdition(b, polys, "rook")
	}
}

func BenchmarkBuildStarQueen400(b *testing.B) {
	polys := wedges(400)
	for b.Loop() {
		hostileEdition(b, polys, "queen")
	}
}

func BenchmarkBuildComb1500(b *testing.B) {
	polys := comb(1500)
	for b.Loop() {
		hostileEdition(b, polys, "rook")
	}
}
