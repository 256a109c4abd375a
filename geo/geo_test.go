package geo

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGreatCircleKm(t *testing.T) {
	// A degree of a great circle is 2πR/360.
	assert.InDelta(t, 2*math.Pi*EarthRadiusKm/360, GreatCircleKm(orb.Point{10, 0}, orb.Point{11, 0}), 1e-9)
	assert.InDelta(t, 2*math.Pi*EarthRadiusKm/360, GreatCircleKm(orb.Point{10, 40}, orb.Point{10, 41}), 1e-9)
	// Across the antimeridian, the short way.
	assert.InDelta(t, 2*math.Pi*EarthRadiusKm/360*2, GreatCircleKm(orb.Point{179, 0}, orb.Point{-179, 0}), 1e-9)
	// Antipodes: half the circumference.
	assert.InDelta(t, math.Pi*EarthRadiusKm, GreatCircleKm(orb.Point{0, 0}, orb.Point{180, 0}), 1e-6)
}

func TestProjectionsKeepAreasAndOrientation(t *testing.T) {
	for _, p := range []Projection{NewAlbers(-96, 37.5, 29.5, 45.5), NewLAEA(20, 0)} {
		ox, oy := p.Forward(20, 0) // somewhere on both maps
		ex, _ := p.Forward(21, 0)
		_, ny := p.Forward(20, 1)
		assert.Greater(t, ex, ox, "%s: east is right", p)
		assert.Greater(t, ny, oy, "%s: north is up", p)
	}
}

func TestNearestKmAndBoxGap(t *testing.T) {
	a := []orb.Point{{0, 0}, {1, 0}}
	b := []orb.Point{{3, 0}, {2, 0}}
	// The nearest pair is (1,0)-(2,0): one degree on the equator.
	assert.InDelta(t, 2*math.Pi*EarthRadiusKm/360, NearestKm(a, b, math.Inf(1)), 1e-6)
	// Farther than the limit: the limit.
	assert.Equal(t, 50.0, NearestKm(a, b, 50))
	// The short way round the antimeridian.
	assert.InDelta(t, 2*math.Pi*EarthRadiusKm/360*2, NearestKm([]orb.Point{{179, 0}}, []orb.Point{{-179, 0}}, math.Inf(1)), 1e-6)
	box1 := orb.Bound{Min: orb.Point{0, 0}, Max: orb.Point{1, 1}}
	box2 := orb.Bound{Min: orb.Point{2, 0}, Max: orb.Point{3, 1}}
	gap := BoxGapKm(box1, box2)
	assert.LessOrEqual(t, gap, NearestKm([]orb.Point{{1, 0}, {1, 1}}, []orb.Point{{2, 0}, {2, 1}}, math.Inf(1))+1e-9)
	assert.Greater(t, gap, 100.0)
	assert.Equal(t, 0.0, BoxGapKm(box1, box1))
}

// NearestKm by latitude window is NearestKm pair by pair, on outlines
// large enough for the window, across the antimeridian and near the poles,
// with and without a limit.
func TestNearestKmWindowMatchesEveryPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	cloud := func(n int, lon, lat, spread float64) []orb.Point {
		ps := make([]orb.Point, n)
		for i := range ps {
			ps[i] = orb.Point{lon + spread*(rng.Float64()-0.5), math.Max(-90, math.Min(90, lat+spread*(rng.Float64()-0.5)))}
		}
		return ps
	}
	cases := [][2][]orb.Point{
		{cloud(300, 10, 45, 4), cloud(200, 14, 46, 4)},
		{cloud(100, 179, 0, 3), cloud(100, -179, 1, 3)},
		{cloud(150, 0, 88, 6), cloud(120, 90, 87, 6)},
		{cloud(80, 0, 0, 1), cloud(500, 30, 30, 1)},
		{append(cloud(100, 5, 5, 2), orb.Point{5, math.NaN()}), cloud(100, 6, 5, 2)},
	}
	for i, c := range cases {
		require.True(t, len(c[0]) >= windowPoints && len(c[1]) >= windowPoints, "case %d is large enough for the window", i)
		for _, limit := range []float64{math.Inf(1), 100, 1} {
			assert.Equal(t, nearestEvery(c[0], c[1], limit), NearestKm(c[0], c[1], limit), "case %d, limit %v", i, limit)
			// Sorted once, asked with few points (a piece of a region).
			for _, n := range []int{1, 5} {
				assert.Equal(t, nearestEvery(c[0][:n], c[1], limit), ByLatitude(c[1]).NearestKm(c[0][:n], limit), "case %d, %d points, limit %v", i, n, limit)
			}
		}
	}
}
