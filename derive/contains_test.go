package derive

import (
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
)

// TestPreparedPolygonMatchesPlanar: on the world's polygons, at random
// points in and around each, at its vertices and at its edges' midpoints
// (the boundary, which counts as in), the same answer as
// planar.PolygonContains.
func TestPreparedPolygonMatchesPlanar(t *testing.T) {
	layer, _, err := borders.Decode("world", editions.World(), borders.Options{})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(3, 4))
	checked, inside := 0, 0
	check := func(p orb.Polygon, pp *preparedPolygon, pt orb.Point) {
		want := planar.PolygonContains(p, pt)
		require.Equal(t, want, pp.contains(pt), "%v", pt)
		checked++
		if want {
			inside++
		}
	}
	for _, f := range layer.Features {
		for _, p := range f.Geometry {
			pp := preparePolygon(p)
			b := p.Bound().Pad(0.5)
			for k := 0; k < 40; k++ {
				check(p, &pp, orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])})
			}
			for _, r := range p {
				for i := 0; i+1 < len(r); i += 1 + len(r)/20 {
					check(p, &pp, r[i])
					check(p, &pp, orb.Point{(r[i][0] + r[i+1][0]) / 2, (r[i][1] + r[i+1][1]) / 2})
					check(p, &pp, orb.Point{r[i][0], r[i][1] + 1e-9})
				}
			}
		}
	}
	assert.Greater(t, checked, 10000)
	assert.Greater(t, inside, checked/10, "enough points inside to test both answers")
	// An unclosed ring, a ring of one x, an empty polygon.
	open := orb.Polygon{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}}
	flat := orb.Polygon{{{1, 0}, {1, 2}, {1, 0}}}
	for _, p := range []orb.Polygon{open, flat} {
		pp := preparePolygon(p)
		for _, pt := range []orb.Point{{1, 1}, {0, 1}, {0, 0}, {1, 0.5}, {3, 3}, {1, 2}} {
			check(p, &pp, pt)
		}
	}
}
