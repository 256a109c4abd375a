package split

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/geo"
)

func square(x0, y0, x1, y1 float64) orb.Ring {
	return orb.Ring{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

func totalArea(ps []orb.Polygon) float64 {
	a := 0.0
	for _, p := range ps {
		a += planar.Area(p)
	}
	return a
}

func TestCutSquareInTwo(t *testing.T) {
	p := orb.Polygon{square(0, 0, 4, 2)}
	pieces, crossed := Polygon(p, []orb.LineString{{{1, -1}, {1.5, 1}, {1, 3}}})
	require.True(t, crossed)
	require.Len(t, pieces, 2)
	assert.InDelta(t, 8, totalArea(pieces), 1e-9)
	// The two pieces share the cut's vertices exactly.
	shared := 0
	for _, a := range pieces[0][0] {
		for _, b := range pieces[1][0] {
			if a == b {
				shared++
			}
		}
	}
	assert.GreaterOrEqual(t, shared, 3) // two ends and the bend
	for _, pc := range pieces {
		assert.Greater(t, planar.Area(pc[0]), 0.0, "outer rings counter-clockwise")
	}
}

func TestTwoCutsMakeThreePieces(t *testing.T) {
	p := orb.Polygon{square(0, 0, 6, 2)}
	pieces, crossed := Polygon(p, []orb.LineString{{{2, -1}, {2, 3}}, {{4, 3}, {4, -1}}})
	require.True(t, crossed)
	require.Len(t, pieces, 3)
	areas := []float64{planar.Area(pieces[0]), planar.Area(pieces[1]), planar.Area(pieces[2])}
	for _, a := range areas {
		assert.InDelta(t, 4, a, 1e-9)
	}
}

func TestLineThatMissesChangesNothing(t *testing.T) {
	p := orb.Polygon{square(0, 0, 1, 1)}
	pieces, crossed := Polygon(p, []orb.LineString{{{5, 5}, {6, 6}}})
	assert.False(t, crossed)
	assert.Equal(t, []orb.Polygon{p}, pieces)
	// A cut that stops inside does not split either.
	pieces, crossed = Polygon(p, []orb.LineString{{{0.5, -1}, {0.5, 0.5}}})
	assert.False(t, crossed)
	assert.Len(t, pieces, 1)
}

func TestHoles(t *testing.T) {
	hole := orb.Ring{{1, 1}, {1, 2}, {2, 2}, {2, 1}, {1, 1}} // clockwise
	far := orb.Ring{{5, 1}, {5, 2}, {6, 2}, {6, 1}, {5, 1}}  // clockwise, not cut
	p := orb.Polygon{square(0, 0, 8, 3), hole, far}
	pieces, crossed := Polygon(p, []orb.LineString{{{1.5, -1}, {1.5, 4}}})
	require.True(t, crossed)
	require.Len(t, pieces, 2)
	assert.InDelta(t, 24-1-1, totalArea(pieces), 1e-9)
	// The untouched hole stays a hole of the piece it lies in.
	holes := 0
	for _, pc := range pieces {
		holes += len(pc) - 1
	}
	assert.Equal(t, 1, holes)
	assert.False(t, planar.PolygonContains(pieces[0], orb.Point{5.5, 1.5}) || planar.PolygonContains(pieces[1], orb.Point{5.5, 1.5}))
}

func TestInteriorPointIsInside(t *testing.T) {
	// A U shape whose bounding-box centre lies outside it.
	u := orb.Polygon{{{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}, {0, 0}}}
	pt := InteriorPoint(u)
	assert.True(t, planar.PolygonContains(u, pt), "%v", pt)
	assert.False(t, math.IsNaN(pt[0]))
}

func TestAssignGivesIslandsToTheNearestPart(t *testing.T) {
	pieces := []orb.Polygon{
		{square(0, 0, 2, 2)},     // holds part 0's point
		{square(2, 0, 4, 2)},     // holds part 1's point
		{square(5, 0, 5.5, 0.5)}, // an island near part 1
		{square(-3, 0, -2.5, 1)}, // an island near part 0
	}
	a := Assign(pieces, []orb.Point{{1, 1}, {3, 1}, {50, 50}})
	assert.Equal(t, []int{0, 1, 1, 0}, a.Owner)
	assert.Equal(t, []int{2}, a.Unplaced)
	assert.Empty(t, a.Crowded)

	a = Assign(pieces[:2], []orb.Point{{1, 1}, {1.5, 1.5}, {3, 1}})
	assert.Equal(t, [][]int{{0, 1}}, a.Crowded)
}

// interiorPointReference is interiorPoint as first written: every edge
// looked at for every scan line. The sweep must give the same point.
func interiorPointReference(r orb.Ring) orb.Point {
	r = geo.WindRing(r, true, geo.RFC7946)
	b := r.Bound()
	ys := make([]float64, 0, len(r))
	for _, p := range r {
		ys = append(ys, p[1])
	}
	sort.Float64s(ys)
	best, bestW := b.Center(), -1.0
	for i := 0; i+1 < len(ys); i++ {
		if ys[i+1]-ys[i] <= 0 {
			continue
		}
		y := (ys[i] + ys[i+1]) / 2
		var xs []float64
		for j := 0; j+1 < len(r); j++ {
			a, c := r[j], r[j+1]
			if (a[1] <= y) != (c[1] <= y) {
				xs = append(xs, a[0]+(y-a[1])*(c[0]-a[0])/(c[1]-a[1]))
			}
		}
		sort.Float64s(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			if w := xs[k+1] - xs[k]; w > bestW {
				best, bestW = orb.Point{(xs[k] + xs[k+1]) / 2, y}, w
			}
		}
	}
	return best
}

// TestInteriorPointSweepMatchesReference: on every ring of the world
// borders and on random rings (with repeated y values), the same point.
func TestInteriorPointSweepMatchesReference(t *testing.T) {
	layer, _, err := borders.Decode("world", editions.World(), borders.Options{})
	require.NoError(t, err)
	rings := 0
	for _, f := range layer.Features {
		for _, p := range f.Geometry {
			for _, r := range p {
				rings++
				require.Equal(t, interiorPointReference(r), interiorPoint(r), "%s", f.ID)
			}
		}
	}
	assert.Greater(t, rings, 500)
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		var r orb.Ring
		for k := 3 + rng.IntN(30); k > 0; k-- {
			r = append(r, orb.Point{float64(rng.IntN(10)), float64(rng.IntN(6))})
		}
		r = append(r, r[0])
		require.Equal(t, interiorPointReference(r), interiorPoint(r), "%v", r)
	}
}
