package project

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cellArea is the projected area of a small lon/lat cell, divided by its
// area on the unit sphere: 1 everywhere for an equal-area projection.
func cellArea(p Projection, lon, lat float64) float64 {
	const d = 0.01
	x0, y0 := p.Forward(lon, lat)
	x1, y1 := p.Forward(lon+d, lat)
	x2, y2 := p.Forward(lon, lat+d)
	flat := math.Abs((x1-x0)*(y2-y0) - (x2-x0)*(y1-y0))
	sphere := (d * deg) * (d * deg) * math.Cos((lat+d/2)*deg)
	return flat / sphere
}

func TestEqualArea(t *testing.T) {
	for _, p := range []Projection{NewAlbers(-96, 37.5, 29.5, 45.5), NewLAEA(20, 0), NewLAEA(100, 40)} {
		for _, pt := range [][2]float64{{-120, 25}, {-70, 48}, {-96, 37.5}, {10, -30}, {60, 60}} {
			assert.InDelta(t, 1, cellArea(p, pt[0], pt[1]), 0.005, "%s at %v", p, pt)
		}
	}
}

func TestAlbersStandardParallels(t *testing.T) {
	// Along a standard parallel, east-west distances are true.
	a := NewAlbers(-96, 37.5, 29.5, 45.5)
	for _, lat := range []float64{29.5, 45.5} {
		x0, y0 := a.Forward(-96, lat)
		x1, y1 := a.Forward(-95.99, lat)
		got := math.Hypot(x1-x0, y1-y0)
		want := 0.01 * deg * math.Cos(lat*deg)
		assert.InDelta(t, 1, got/want, 1e-4, "scale at %g", lat)
	}
	x, y := a.Forward(-96, 37.5)
	assert.InDelta(t, 0, x, 1e-12)
	assert.InDelta(t, 0, y, 1e-12)
	// North is up: Minneapolis is above Dallas.
	_, yn := a.Forward(-93, 45)
	_, ys := a.Forward(-97, 33)
	assert.Greater(t, yn, ys)
}

func TestLAEAAntipodeStaysFinite(t *testing.T) {
	l := NewLAEA(0, 0)
	x, y := l.Forward(180, 0)
	assert.False(t, math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0))
}

func TestChoose(t *testing.T) {
	usa := Choose("usa", orb.Bound{Min: orb.Point{-125, 24}, Max: orb.Point{-67, 49}})
	require.IsType(t, &Albers{}, usa)
	a := usa.(*Albers)
	assert.Equal(t, [4]float64{-96, 37.5, 29.5, 45.5}, [4]float64{a.Lon0, a.Lat0, a.Par1, a.Par2})

	europe := Choose("europe", orb.Bound{Min: orb.Point{-25, 35}, Max: orb.Point{45, 71}})
	assert.IsType(t, &Albers{}, europe, "one side of the equator: a conic")
	africa := Choose("africa", orb.Bound{Min: orb.Point{-18, -35}, Max: orb.Point{52, 37}})
	assert.IsType(t, &LAEA{}, africa, "across the equator: azimuthal")
	l := africa.(*LAEA)
	assert.Equal(t, 17.0, l.Lon0)
	assert.Equal(t, 1.0, l.Lat0)
}

func TestUnwrap(t *testing.T) {
	cases := []struct{ lon, centre, want float64 }{
		{-179, 100, 181},
		{179, 100, 179},
		{-10, 100, -10},
		{170, -170, -190},
		{540, 0, 180},
	}
	for _, c := range cases {
		assert.InDelta(t, c.want, Unwrap(c.lon, c.centre), 1e-9, "%v", c)
	}
}

// TestCentreLonAcrossTheAntimeridian: the middle of Chukotka and Kamchatka
// is near 180, not 0.
func TestCentreLonAcrossTheAntimeridian(t *testing.T) {
	mp := orb.MultiPolygon{{{{170, 60}, {180, 60}, {-170, 60}, {-170, 70}, {180, 70}, {170, 70}, {170, 60}}}}
	c := CentreLon(Points(mp))
	assert.InDelta(t, 180, math.Abs(c), 3)
	un := UnwrapMultiPolygon(mp, c)
	b := un.Bound()
	assert.InDelta(t, 20, b.Max[0]-b.Min[0], 1e-9, "the ring stays 20 degrees wide")
}

func TestFitBound(t *testing.T) {
	f := FitBound(orb.Bound{Min: orb.Point{0, 0}, Max: orb.Point{2, 1}}, orb.Bound{Min: orb.Point{10, 10}, Max: orb.Point{110, 110}})
	assert.Equal(t, 50.0, f.Scale, "the wider side sets the scale")
	assert.Equal(t, orb.Point{10, 85}, f.Apply(0, 0), "south-west corner, y down, centred vertically")
	assert.Equal(t, orb.Point{110, 35}, f.Apply(2, 1))
}
