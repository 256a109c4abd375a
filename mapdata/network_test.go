package mapdata

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGreatCircleKm(t *testing.T) {
	// One degree of latitude is about 111.2 km.
	assert.InDelta(t, 111.19, GreatCircleKm([2]float64{0, 0}, [2]float64{0, 1}), 0.01)
	assert.InDelta(t, 0, GreatCircleKm([2]float64{10, 20}, [2]float64{10, 20}), 1e-9)
}

func TestPlaneKeepsDistancesRoughly(t *testing.T) {
	pts := [][2]float64{{-122.33, 47.61}, {-71.06, 42.36}, {-80.19, 25.76}, {-118.24, 34.05}}
	pl := Plane(pts)
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			gc := GreatCircleKm(pts[i], pts[j])
			d := math.Hypot(pl[i][0]-pl[j][0], pl[i][1]-pl[j][1])
			assert.InEpsilon(t, gc, d, 0.03, "%v-%v: %g km on the globe, %g in the plane", pts[i], pts[j], gc, d)
		}
	}
	assert.Equal(t, pl, Plane(pts), "the same points give the same plane")
}

func TestSegmentsCross(t *testing.T) {
	a, b, c, d := [2]float64{0, 0}, [2]float64{2, 2}, [2]float64{0, 2}, [2]float64{2, 0}
	assert.True(t, SegmentsCross(a, b, c, d))
	assert.False(t, SegmentsCross(a, c, b, d), "parallel")
	assert.False(t, SegmentsCross(a, b, b, d), "meeting at an end")
	assert.False(t, SegmentsCross(a, [2]float64{1, 1}, [2]float64{1, 1}, d), "touching at a station")
}

func TestNetworkPackRoundTrip(t *testing.T) {
	p := &NetworkPack{
		Edition:   NetworkInfo{ID: "x", Name: "X"},
		Rules:     DefaultNetworkRules(),
		Stations:  []Station{{ID: "b", Number: 2, Name: "B", Space: true}, {ID: "a", Number: 1, Name: "A", Space: true}},
		Routes:    []Route{{A: "b", B: "a", LengthKm: 1.23456}},
		Companies: []Company{{ID: "UP", Name: "Union Pacific", Color: "red", Hex: "#c62828", Cards: 15}},
		Setups:    []PlayerSetup{{Players: 3, Rounds: 10, RanksScored: 2}, {Players: 2, Rounds: 11, RanksScored: 1}},
	}
	var buf bytes.Buffer
	require.NoError(t, EncodeNetworkPack(&buf, p))
	assert.Equal(t, "a", p.Stations[0].ID, "stations by number")
	assert.Equal(t, Route{A: "a", B: "b", LengthKm: 1.235}, p.Routes[0], "a < b, metres")
	assert.Equal(t, 2, p.Setups[0].Players)
	doc, err := DecodeNetworkPack("x.pack.json", buf.Bytes())
	require.NoError(t, err)
	var again bytes.Buffer
	require.NoError(t, EncodeNetworkPack(&again, doc.Pack))
	assert.Equal(t, buf.String(), again.String())
	_, err = DecodePack("x.pack.json", buf.Bytes())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x.pack.json:4:")
	assert.Contains(t, err.Error(), "route-network pack")
	i, err := doc.Pack.LookupStation(" 2 ")
	require.NoError(t, err)
	assert.Equal(t, "b", doc.Pack.Stations[i].ID)
	_, err = doc.Pack.LookupStation("Zed")
	assert.EqualError(t, err, `no station "Zed"`)
}
