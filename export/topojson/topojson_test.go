package topojson

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
)

// square is a counter-clockwise unit square at (x, y) (RFC 7946 winding).
func square(x, y, size float64) orb.Ring {
	return orb.Ring{{x, y}, {x + size, y}, {x + size, y + size}, {x, y + size}, {x, y}}
}

// topo is the parsed JSON of a topology.
type topo struct {
	Type      string
	BBox      []float64
	Transform struct{ Scale, Translate [2]float64 }
	Objects   map[string]struct {
		Type       string
		Geometries []struct {
			Type       *string
			ID         any
			Properties map[string]any
			Arcs       json.RawMessage
		}
	}
	Arcs [][][2]int64
}

func encode(t *testing.T, layers []Layer, q int) (topo, []byte, Stats) {
	t.Helper()
	data, st, err := Encode(layers, Options{Quantization: q})
	require.NoError(t, err)
	var tp topo
	require.NoError(t, json.Unmarshal(data, &tp), "%s", data)
	require.Equal(t, "Topology", tp.Type)
	return tp, data, st
}

// arcsOf reads a Polygon geometry's arc references.
func arcsOf(t *testing.T, raw json.RawMessage) [][]int {
	t.Helper()
	var rings [][]int
	require.NoError(t, json.Unmarshal(raw, &rings))
	return rings
}

func TestSharedBorderIsOneArc(t *testing.T) {
	// Two squares side by side share the edge x=1: three arcs in all,
	// the shared one referenced forwards by one square, backwards by the
	// other.
	layers := []Layer{{Name: "regions", Features: []Feature{
		{ID: "A", Geometry: orb.Polygon{square(0, 0, 1)}},
		{ID: "B", Geometry: orb.Polygon{square(1, 0, 1)}},
	}}}
	tp, _, st := encode(t, layers, 3)
	assert.Equal(t, 3, st.Arcs)
	assert.Len(t, tp.Arcs, 3)
	a := arcsOf(t, tp.Objects["regions"].Geometries[0].Arcs)
	b := arcsOf(t, tp.Objects["regions"].Geometries[1].Arcs)
	require.Len(t, a, 1)
	require.Len(t, b, 1)
	shared := 0
	for _, i := range a[0] {
		for _, j := range b[0] {
			if i == ^j {
				shared++
			}
		}
	}
	assert.Equal(t, 1, shared, "one arc shared, in opposite directions: %v %v", a, b)
	// Grid of 3 steps over [0, 2] x [0, 1]: scale 1 and 0.5, translate 0.
	assert.Equal(t, [2]float64{1, 0.5}, tp.Transform.Scale)
	assert.Equal(t, [2]float64{0, 0}, tp.Transform.Translate)
	assert.Equal(t, []float64{0, 0, 2, 1}, tp.BBox)
}

func TestArcsAreDeltaEncoded(t *testing.T) {
	tp, _, _ := encode(t, []Layer{{Name: "l", Features: []Feature{{Geometry: orb.LineString{{0, 0}, {10, 0}, {10, 10}}}}}}, 11)
	require.Len(t, tp.Arcs, 1)
	assert.Equal(t, [][2]int64{{0, 0}, {10, 0}, {0, 10}}, tp.Arcs[0], "first position absolute, then differences")
}

func TestIslandInTwoLayersIsOneArc(t *testing.T) {
	// The same ring drawn from another start and the other way round (a
	// sea drawn round an island region) is one arc.
	r := square(0, 0, 4)
	other := orb.Ring{{4, 4}, {4, 0}, {0, 0}, {0, 4}, {4, 4}}
	tp, _, _ := encode(t, []Layer{
		{Name: "regions", Features: []Feature{{Geometry: orb.Polygon{r}}}},
		{Name: "seas", Features: []Feature{{Geometry: orb.Polygon{other}}}},
	}, 5)
	assert.Len(t, tp.Arcs, 1)
}

func TestEnclaveIsTheHoleOfItsNeighbour(t *testing.T) {
	// Lesotho in South Africa: the enclave's ring and the hole round it
	// are one arc, read in opposite directions.
	outer, hole := square(0, 0, 10), square(3, 3, 4)
	tp, _, _ := encode(t, []Layer{{Name: "regions", Features: []Feature{
		{ID: "ZA", Geometry: orb.Polygon{outer, hole}},
		{ID: "LS", Geometry: orb.Polygon{hole}},
	}}}, 11)
	assert.Len(t, tp.Arcs, 2)
	za := arcsOf(t, tp.Objects["regions"].Geometries[0].Arcs)
	ls := arcsOf(t, tp.Objects["regions"].Geometries[1].Arcs)
	require.Len(t, za, 2)
	assert.Equal(t, []int{^ls[0][0]}, za[1])
}

// The topology reads back, through the toolkit's own TopoJSON reader, as
// the input on the quantization grid, wound as d3 expects.
func TestReadsBackThroughBorders(t *testing.T) {
	a := orb.Polygon{square(-10, 40, 5), square(-9, 41, 1)} // with a hole
	b := orb.Polygon{square(-5, 40, 5)}
	c := orb.MultiPolygon{{square(0.001, 40, 5)}, {orb.Ring{{20, 50}, {21, 50.5}, {20, 51}, {20, 50}}}}
	layers := []Layer{{Name: "regions", Features: []Feature{
		{ID: "A", Properties: map[string]any{"name": "A"}, Geometry: a},
		{ID: "B", Properties: map[string]any{"name": "B"}, Geometry: b},
		{ID: "C", Properties: map[string]any{"name": "C", "seas": []string{"x", "y"}}, Geometry: c},
	}}}
	_, data, st := encode(t, layers, 100_000)
	assert.Zero(t, st.DroppedRings)
	layer, findings, err := borders.Decode("t.topojson", data, borders.Options{Object: "regions"})
	require.NoError(t, err)
	for _, f := range findings {
		assert.NotEqual(t, "error", f.Severity.String(), "%s", f)
	}
	require.Len(t, layer.Features, 3)
	step := 31.0 / (100_000 - 1) // the grid's step, in degrees: the box is 31° wide
	for i, f := range layer.Features {
		in := layers[0].Features[i]
		assert.Equal(t, in.ID, f.ID)
		var want orb.MultiPolygon
		switch g := in.Geometry.(type) {
		case orb.Polygon:
			want = orb.MultiPolygon{g}
		case orb.MultiPolygon:
			want = g
		}
		require.Len(t, f.Geometry, len(want), f.ID)
		for pi, poly := range f.Geometry {
			require.Len(t, poly, len(want[pi]), f.ID)
			for ri, ring := range poly {
				wantOrient := orb.CW // d3: outer rings clockwise
				if ri > 0 {
					wantOrient = orb.CCW
				}
				assert.Equal(t, wantOrient, ring.Orientation(), "%s polygon %d ring %d", f.ID, pi, ri)
				require.Len(t, ring, len(want[pi][ri]), f.ID)
				for _, p := range ring {
					assert.True(t, near(p, want[pi][ri], step), "%s: %v is no input position on the grid", f.ID, p)
				}
			}
		}
	}
}

// near reports whether p is within half a grid step of a position of r.
func near(p orb.Point, r orb.Ring, step float64) bool {
	for _, q := range r {
		if math.Abs(p[0]-q[0]) <= step/2+1e-9 && math.Abs(p[1]-q[1]) <= step/2+1e-9 {
			return true
		}
	}
	return false
}

func TestQuantizationDropsCollapsedRings(t *testing.T) {
	// On a 2x2 grid over a 100° box, a tiny island has no area left: its
	// ring is dropped and its feature is kept with no geometry.
	tp, _, st := encode(t, []Layer{{Name: "regions", Features: []Feature{
		{ID: "big", Geometry: orb.Polygon{square(0, 0, 100)}},
		{ID: "tiny", Geometry: orb.Polygon{square(50, 50, 0.001)}},
	}}}, 2)
	assert.Equal(t, 1, st.DroppedRings)
	assert.Equal(t, 1, st.EmptyFeatures)
	g := tp.Objects["regions"].Geometries
	require.Len(t, g, 2)
	assert.Equal(t, "Polygon", *g[0].Type)
	assert.Nil(t, g[1].Type, "a geometry of type null")
	assert.Equal(t, "tiny", g[1].ID)
}

func TestPointsLinesAndProperties(t *testing.T) {
	tp, _, _ := encode(t, []Layer{
		{Name: "stations", Features: []Feature{
			{ID: "a", Properties: map[string]any{"n": 1}, Geometry: orb.Point{0, 0}},
			{ID: "b", Geometry: orb.Point{10, 10}},
		}},
		{Name: "routes", Features: []Feature{{ID: "a--b", Geometry: orb.LineString{{0, 0}, {10, 10}}}}},
		{Name: "empty"},
	}, 11)
	assert.Len(t, tp.Objects, 3)
	assert.Empty(t, tp.Objects["empty"].Geometries)
	s := tp.Objects["stations"].Geometries
	assert.Equal(t, "Point", *s[0].Type)
	assert.Equal(t, map[string]any{"n": float64(1)}, s[0].Properties)
	assert.Equal(t, "LineString", *tp.Objects["routes"].Geometries[0].Type)
}

func TestDeterministic(t *testing.T) {
	layers := []Layer{{Name: "regions", Features: []Feature{
		{ID: "A", Geometry: orb.Polygon{square(0, 0, 1)}},
		{ID: "B", Geometry: orb.Polygon{square(1, 0, 1)}},
		{ID: "C", Geometry: orb.Polygon{square(0, 1, 2)}},
	}}}
	_, first, _ := encode(t, layers, 1000)
	for range 5 {
		_, again, _ := encode(t, layers, 1000)
		assert.Equal(t, string(first), string(again))
	}
}

func TestRefuses(t *testing.T) {
	_, _, err := Encode([]Layer{{Name: "x"}}, Options{})
	assert.ErrorIs(t, err, ErrNoCoordinates)
	_, _, err = Encode([]Layer{{Name: "x", Features: []Feature{{Geometry: orb.Point{0, 0}}}}}, Options{Quantization: 1})
	assert.ErrorContains(t, err, "quantization 1 is out of range")
}
