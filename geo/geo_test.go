package geo

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
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
