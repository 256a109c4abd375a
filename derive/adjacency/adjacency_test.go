package adjacency

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
)

// rect is a counterclockwise rectangle in lon/lat.
func rect(x0, y0, x1, y1 float64) orb.Polygon {
	return orb.Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}}
}

func regions(polys ...orb.Polygon) []orb.MultiPolygon {
	out := make([]orb.MultiPolygon, len(polys))
	for i, p := range polys {
		out[i] = orb.MultiPolygon{p}
	}
	return out
}

// pairSet gives the pairs as "a-b" strings.
func pairSet(ps []Pair) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprintf("%d-%d", p.A, p.B)
	}
	return out
}

// squares is an n×n grid of cells of the given size in degrees, row by row.
func squares(n int, size float64) []orb.MultiPolygon {
	var polys []orb.Polygon
	for y := range n {
		for x := range n {
			polys = append(polys, rect(float64(x)*size, float64(y)*size, float64(x+1)*size, float64(y+1)*size))
		}
	}
	return regions(polys...)
}

func TestGrid(t *testing.T) {
	side := haversineKm(orb.Point{0, 0}, orb.Point{0, 1})
	tests := []struct {
		n     int
		rule  Rule
		pairs int
	}{
		{3, Rook, 12},
		{3, Queen, 20},
		{2, Rook, 4},  // the Four Corners: the diagonals touch at one point
		{2, Queen, 6}, // ... which queen counts
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d %s", tt.n, tt.n, tt.rule), func(t *testing.T) {
			res := Compute(squares(tt.n, 1), Options{Rule: tt.rule})
			require.Len(t, res.Pairs, tt.pairs)
			assert.True(t, sort.SliceIsSorted(res.Pairs, func(i, j int) bool {
				a, b := res.Pairs[i], res.Pairs[j]
				return a.A < b.A || (a.A == b.A && a.B < b.B)
			}))
			for _, p := range res.Pairs {
				assert.Less(t, p.A, p.B)
				ax, ay, bx, by := p.A%tt.n, p.A/tt.n, p.B%tt.n, p.B/tt.n
				if ax == bx || ay == by {
					// A side: a meridian is exactly 1°; a parallel is a
					// little shorter away from the equator, by cos(lat).
					assert.InDelta(t, side, p.LengthKm, side*(1-math.Cos(float64(tt.n)*math.Pi/180))+1e-9, "%v", p)
				} else {
					assert.Equal(t, 0.0, p.LengthKm, "a point contact has no length: %v", p)
				}
			}
		})
	}
	// The centre cell of the 3×3 grid borders 1, 3, 5 and 7 under rook.
	var centre []string
	for _, p := range Compute(squares(3, 1), Options{}).Pairs {
		if p.A == 4 || p.B == 4 {
			centre = append(centre, fmt.Sprintf("%d-%d", p.A, p.B))
		}
	}
	assert.Equal(t, []string{"1-4", "3-4", "4-5", "4-7"}, centre)
}

func TestTolerance(t *testing.T) {
	// Two 0.01° squares, one above the other, 11 m apart.
	gap := 11 / metresPerDegree
	geoms := regions(rect(0, 0, 0.01, 0.01), rect(0, 0.01+gap, 0.01, 0.02+gap))
	side := haversineKm(orb.Point{0, 0.01}, orb.Point{0.01, 0.01})
	tests := []struct {
		tol, minBorder float64
		rule           Rule
		want           bool
	}{
		{0, 0, Rook, false},
		{0, 0, Queen, false},
		{10.9, 0, Rook, false},
		{11, 0, Rook, true},
		{11, 0, Queen, true},
		{25, 0, Rook, true},
		{25, 1000, Rook, true},  // 1.11 km of border > 1 km
		{25, 1200, Rook, false}, // ... but not > 1.2 km
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("tol %v min %v %s", tt.tol, tt.minBorder, tt.rule), func(t *testing.T) {
			res := Compute(geoms, Options{Rule: tt.rule, ToleranceM: tt.tol, MinBorderM: tt.minBorder})
			if !tt.want {
				assert.Empty(t, res.Pairs)
				return
			}
			require.Len(t, res.Pairs, 1)
			assert.InDelta(t, side, res.Pairs[0].LengthKm, 1e-6)
		})
	}
}

func TestToleranceSumsAlongTheBorder(t *testing.T) {
	// B's lower edge zigzags 5 m either side of A's upper edge in four
	// pieces: with 6 m of tolerance all of it counts, once.
	d := 5 / metresPerDegree
	a := rect(0, 0, 0.04, 0.01)
	b := orb.Polygon{{{0, 0.01 + d}, {0.01, 0.01 - d}, {0.02, 0.01 + d}, {0.03, 0.01 - d}, {0.04, 0.01 + d},
		{0.04, 0.02}, {0, 0.02}, {0, 0.01 + d}}}
	res := Compute(regions(a, b), Options{ToleranceM: 6})
	require.Len(t, res.Pairs, 1)
	assert.InDelta(t, haversineKm(orb.Point{0, 0.01}, orb.Point{0.04, 0.01}), res.Pairs[0].LengthKm, 0.001)
}

func TestMultiPartRegion(t *testing.T) {
	// Region 0 has two parts that touch each other along x=1 (an internal
	// edge) and a third part far away; 1 touches the first part, 2 the
	// far one.
	r0 := orb.MultiPolygon{rect(0, 0, 1, 1), rect(1, 0, 2, 1), rect(10, 0, 11, 1)}
	geoms := []orb.MultiPolygon{r0, {rect(0, 1, 1, 2)}, {rect(11, 0, 12, 1)}}
	res := Compute(geoms, Options{Coast: true})
	assert.Equal(t, []string{"0-1", "0-2"}, pairSet(res.Pairs))
	// The internal edge is not coast: region 0's coast is its outline less
	// the borders with 1 and 2.
	got := 0.0
	for _, l := range res.Coast[0] {
		for i := 1; i < len(l); i++ {
			got += haversineKm(l[i-1], l[i])
		}
	}
	want := 0.0
	for _, seg := range [][2]orb.Point{
		{{0, 0}, {2, 0}}, {{2, 0}, {2, 1}}, {{1, 1}, {2, 1}}, {{0, 0}, {0, 1}}, // first two parts, less the top of the first
		{{10, 0}, {11, 0}}, {{10, 1}, {11, 1}}, {{10, 0}, {10, 1}}, // far part, less its east side
	} {
		want += haversineKm(seg[0], seg[1])
	}
	assert.InDelta(t, want, got, 1e-6)
}

func TestNonNoded(t *testing.T) {
	// A's lower edge is one segment from (0,0) to (2,0); B and C below it
	// split it at x=1 (a T-junction); D overlaps part of E's edge with no
	// vertex in common; F touches A's edge at one point only.
	geoms := regions(
		rect(0, 0, 2, 1),      // 0 A
		rect(0, -1, 1, 0),     // 1 B
		rect(1, -1, 2, 0),     // 2 C
		rect(5, 0, 8, 1),      // 3 E
		rect(5.5, -1, 6.5, 0), // 4 D
		orb.Polygon{{{0.5, 2}, {1, 1}, {1.5, 2}, {0.5, 2}}}, // 5 F, its tip on A's top edge
	)
	deg := haversineKm(orb.Point{0, 0}, orb.Point{1, 0})
	rook := Compute(geoms, Options{Rule: Rook})
	assert.Equal(t, []string{"0-1", "0-2", "1-2", "3-4"}, pairSet(rook.Pairs))
	for _, p := range rook.Pairs {
		assert.InDelta(t, deg, p.LengthKm, 1e-6, "%v", p)
	}
	queen := Compute(geoms, Options{Rule: Queen})
	assert.Equal(t, []string{"0-1", "0-2", "0-5", "1-2", "3-4"}, pairSet(queen.Pairs))
}

func TestCoast(t *testing.T) {
	res := Compute(squares(3, 1), Options{Coast: true})
	require.Len(t, res.Coast, 9)
	assert.Empty(t, res.Coast[4], "the centre cell has no coast")
	// The corner cell's coast is one line round the corner, though its
	// ring starts in the middle of it.
	assert.Equal(t, orb.MultiLineString{{{0, 1}, {0, 0}, {1, 0}}}, res.Coast[0])
	assert.Equal(t, orb.MultiLineString{{{1, 0}, {2, 0}}}, res.Coast[1])
	assert.Nil(t, Compute(squares(3, 1), Options{}).Coast, "no coast unless asked")
}

func TestAntimeridian(t *testing.T) {
	// W spans 170°E to 170°W across the antimeridian; E lies east of it,
	// F west of it. G and H meet along the antimeridian itself, which is a
	// border on the globe. Z lies on W's latitudes at the other side of the
	// world, where a planar reading of W's 340°-long segments would put it.
	src := `{"type":"FeatureCollection","features":[
{"type":"Feature","id":"W","geometry":{"type":"Polygon","coordinates":[[[170,0],[-170,0],[-170,10],[170,10],[170,0]]]}},
{"type":"Feature","id":"E","geometry":{"type":"Polygon","coordinates":[[[-170,0],[-160,0],[-160,10],[-170,10],[-170,0]]]}},
{"type":"Feature","id":"F","geometry":{"type":"Polygon","coordinates":[[[160,0],[170,0],[170,10],[160,10],[160,0]]]}},
{"type":"Feature","id":"G","geometry":{"type":"Polygon","coordinates":[[[-180,20],[-175,20],[-175,30],[-180,30],[-180,20]]]}},
{"type":"Feature","id":"H","geometry":{"type":"Polygon","coordinates":[[[175,20],[180,20],[180,30],[175,30],[175,20]]]}},
{"type":"Feature","id":"Z","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,10],[0,10],[0,0]]]}}
]}`
	layer, findings, err := borders.Decode("am.geojson", []byte(src), borders.Options{})
	require.NoError(t, err)
	require.Len(t, findings, 1)
	assert.Equal(t, borders.RuleAntimeridian, findings[0].Rule)
	geoms := make([]orb.MultiPolygon, len(layer.Features))
	for i, f := range layer.Features {
		geoms[i] = f.Geometry
	}
	for _, rule := range []Rule{Rook, Queen} {
		res := Compute(geoms, Options{Rule: rule, ToleranceM: 1000, Coast: true})
		assert.Equal(t, []string{"0-1", "0-2", "3-4"}, pairSet(res.Pairs), "%s", rule)
		assert.InDelta(t, haversineKm(orb.Point{180, 20}, orb.Point{180, 30}), res.Pairs[2].LengthKm, 1e-9)
		// W's coast: its top and bottom, 20° of longitude each, not the
		// cut along the antimeridian.
		got := 0.0
		for _, l := range res.Coast[0] {
			for i := 1; i < len(l); i++ {
				got += haversineKm(l[i-1], l[i])
				assert.False(t, math.Abs(l[i][0]) == 180 && l[i][0] == l[i-1][0], "a cut edge in the coast: %v", l)
			}
		}
		want := haversineKm(orb.Point{170, 0}, orb.Point{180, 0})*2 + haversineKm(orb.Point{170, 10}, orb.Point{180, 10})*2
		assert.InDelta(t, want, got, 1e-6)
	}
}

func TestDegenerateInput(t *testing.T) {
	nan := math.NaN()
	geoms := []orb.MultiPolygon{
		nil,
		{{{}}},
		{{{{nan, 0}, {1, nan}, {nan, nan}}}},
		{{{{0, 0}, {0, 0}, {0, 0}, {0, 0}}}},
		{rect(0, 0, 1, 1)},
		{{{{1, 0}, {2, 0}, {2, 1}, {1, 1}}}}, // not closed
	}
	res := Compute(geoms, Options{Rule: Rook, Coast: true, ToleranceM: 5})
	assert.Equal(t, []string{"4-5"}, pairSet(res.Pairs))
	res = Compute(geoms, Options{Rule: Queen, Coast: true})
	assert.Equal(t, []string{"3-4", "4-5"}, pairSet(res.Pairs), "a ring collapsed to a point touches the corner it sits on")
	assert.Empty(t, Compute(nil, Options{}).Pairs)
}

// readLayer reads a committed fixture.
func readLayer(t testing.TB, name string, opts borders.Options) *borders.Layer {
	t.Helper()
	layer, _, err := borders.Read(filepath.Join("..", "..", "testdata", "borders", name), opts)
	require.NoError(t, err)
	return layer
}

func computeLayer(layer *borders.Layer, opts Options) []string {
	geoms := make([]orb.MultiPolygon, len(layer.Features))
	for i, f := range layer.Features {
		geoms[i] = f.Geometry
	}
	res := Compute(geoms, opts)
	out := make([]string, len(res.Pairs))
	for i, p := range res.Pairs {
		a, b := layer.Features[p.A].ID, layer.Features[p.B].ID
		if b < a {
			a, b = b, a
		}
		out[i] = a + " " + b
	}
	sort.Strings(out)
	return out
}

func readPairs(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "borders", name))
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	require.NoError(t, sc.Err())
	sort.Strings(out)
	return out
}

// TestLibpysal compares with libpysal's Rook and Queen on the us-atlas
// TopoJSON (pair lists in testdata/borders, see SOURCES.md). libpysal ran
// on topojson-client's GeoJSON of the same files, where rings collapsed by
// quantization (Falls Church, an island of San Francisco) are padded to
// four positions: tendays keeps them too, so the sets are equal.
func TestLibpysal(t *testing.T) {
	tests := []struct {
		file, object string
		features     int
		rook, queen  int
	}{
		{"us-states-10m.topojson", "states", 56, 107, 109},
		{"us-counties-10m.topojson", "counties", 3231, 8944, 9341},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			layer := readLayer(t, tt.file, borders.Options{Object: tt.object})
			require.Len(t, layer.Features, tt.features)
			base := strings.TrimSuffix(tt.file, ".topojson")
			rook := computeLayer(layer, Options{Rule: Rook})
			assert.Len(t, rook, tt.rook)
			assert.Equal(t, readPairs(t, base+".libpysal-rook.txt"), rook)
			queen := computeLayer(layer, Options{Rule: Queen})
			assert.Len(t, queen, tt.queen)
			assert.Equal(t, readPairs(t, base+".libpysal-queen.txt"), queen)
		})
	}
}

// TestWorld runs two world-atlas subsets. The European pairs are libpysal's
// on the whole of countries-50m (327 rook, 329 queen: tendays's sets equal
// them, see ../shared/bench/compare.py), restricted to these 15 countries.
//
// At the antimeridian tendays and libpysal agree too: libpysal matches
// vertices exactly, so the 359°-long segments of world-atlas's stitched
// Russia and Fiji never share one with anything. The tools that intersect
// polygons in the plane (shapely/GEOS, PostGIS) read those segments as
// spanning the globe and report 16 false queen pairs on countries-50m,
// such as Fiji–Angola and Russia–Canada; tendays cuts the rings at ±180°
// first. Here Fiji, Russia, the USA (Aleutians), Kiribati and their
// neighbours across the antimeridian have exactly one pair between them,
// Mongolia–Russia, even with a 10 km tolerance.
func TestWorld(t *testing.T) {
	europe := readLayer(t, "world-europe-50m.geojson", borders.Options{})
	wantEurope := "020 250;020 724;040 276;040 380;040 438;040 756;056 250;056 276;056 442;056 528;250 276;250 380;" +
		"250 442;250 492;250 724;250 756;276 442;276 528;276 756;336 380;380 674;380 756;438 756;620 724"
	assert.Equal(t, strings.Split(wantEurope, ";"), computeLayer(europe, Options{Rule: Rook}))
	assert.Equal(t, strings.Split(wantEurope, ";"), computeLayer(europe, Options{Rule: Queen}))

	am := readLayer(t, "world-antimeridian-50m.geojson", borders.Options{IDProperty: "name"})
	for _, rule := range []Rule{Rook, Queen} {
		assert.Equal(t, []string{"Mongolia Russia"}, computeLayer(am, Options{Rule: rule}), "%s", rule)
		assert.Equal(t, []string{"Mongolia Russia"}, computeLayer(am, Options{Rule: rule, ToleranceM: 10000}), "%s", rule)
	}
}

func TestHaversine(t *testing.T) {
	// The plain formula, as written in the textbooks.
	plain := func(p, q orb.Point) float64 {
		const rad = math.Pi / 180
		s1 := math.Sin((q[1] - p[1]) * rad / 2)
		s2 := math.Sin((q[0] - p[0]) * rad / 2)
		h := s1*s1 + math.Cos(p[1]*rad)*math.Cos(q[1]*rad)*s2*s2
		return 2 * EarthRadiusKm * math.Asin(math.Sqrt(h))
	}
	x := uint64(7)
	next := func() float64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return float64(x>>11) / (1 << 53)
	}
	for range 100000 {
		p := orb.Point{next()*360 - 180, next()*178 - 89}
		scale := math.Pow(10, -6*next()) // segments from 1° down to 1e-6°
		q := orb.Point{p[0] + (next()-0.5)*scale, p[1] + (next()-0.5)*scale}
		want := plain(p, q)
		assert.InDelta(t, want, haversineKm(p, q), want*1e-12+1e-15, "%v %v", p, q)
	}
	// One degree of a meridian.
	assert.InDelta(t, 2*math.Pi*EarthRadiusKm/360, haversineKm(orb.Point{10, 0}, orb.Point{10, 1}), 1e-9)
}
