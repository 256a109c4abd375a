package dissolve

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sq(x0, y0, x1, y1 float64) orb.Ring {
	return orb.Ring{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

func cw(r orb.Ring) orb.Ring { return reversed(r) }

func TestWindingRFC7946(t *testing.T) {
	// d3 and us-atlas wind outer rings clockwise: they come out CCW, holes CW.
	in := orb.MultiPolygon{{cw(sq(0, 0, 10, 10)), sq(2, 2, 4, 4)}}
	out, st := Clean(in)
	require.Len(t, out, 1)
	require.Len(t, out[0], 2)
	assert.Greater(t, planar.Area(out[0][0]), 0.0, "outer ring counter-clockwise")
	assert.Less(t, planar.Area(out[0][1]), 0.0, "hole clockwise")
	assert.Equal(t, 2, st.Reversed)
	assert.False(t, st.Repaired())
	assert.Equal(t, cw(sq(0, 0, 10, 10)), in[0][0], "the input is not changed")
	// Already right: the very same points, starting where they started.
	again, st := Clean(out)
	assert.Equal(t, out, again)
	assert.Equal(t, 0, st.Reversed)
}

func TestDissolveSharedBorder(t *testing.T) {
	// Two parts sharing the edge x=1 (wound either way) become one square
	// with no seam: the shared edge is gone.
	in := orb.MultiPolygon{{sq(0, 0, 1, 1)}, {cw(sq(1, 0, 2, 1))}}
	out, st := Clean(in)
	require.Len(t, out, 1)
	require.Len(t, out[0], 1)
	assert.InDelta(t, 2.0, planar.Area(out[0][0]), 1e-12)
	assert.Equal(t, 1, st.SharedEdges)
	for _, p := range out[0][0] {
		assert.NotEqual(t, orb.Point{1, 0.5}, p)
	}
	// The outer ring has only the six corners (plus the closing point):
	// (1,0) and (1,1) remain as vertices on straight edges.
	assert.Len(t, out[0][0], 7)
}

func TestDissolveMakesHole(t *testing.T) {
	// A ring of four parts around an empty middle: one polygon with a hole.
	// Neighbours share their borders vertex for vertex, as TopoJSON arcs do.
	bottom := orb.Ring{{0, 0}, {3, 0}, {3, 1}, {2, 1}, {1, 1}, {0, 1}, {0, 0}}
	top := orb.Ring{{0, 2}, {1, 2}, {2, 2}, {3, 2}, {3, 3}, {0, 3}, {0, 2}}
	in := orb.MultiPolygon{{bottom}, {top}, {sq(0, 1, 1, 2)}, {sq(2, 1, 3, 2)}}
	out, _ := Clean(in)
	require.Len(t, out, 1)
	require.Len(t, out[0], 2)
	assert.InDelta(t, 9.0, planar.Area(out[0][0]), 1e-12)
	assert.InDelta(t, -1.0, planar.Area(out[0][1]), 1e-12)
}

func TestOverlapWithoutSharedVerticesKept(t *testing.T) {
	// Borders that meet without shared vertices (a T-junction) are not
	// dissolved: the parts stay as they are, which the validity test of
	// the bundled editions would catch.
	in := orb.MultiPolygon{{sq(0, 0, 3, 1)}, {sq(1, 1, 2, 2)}}
	out, st := Clean(in)
	assert.Len(t, out, 2)
	assert.Equal(t, 0, st.SharedEdges)
}

func TestTouchingCornersStayTwoPolygons(t *testing.T) {
	in := orb.MultiPolygon{{sq(0, 0, 1, 1)}, {sq(1, 1, 2, 2)}, {sq(1, 0, 2, 1)}}
	// The third square shares edges with both: all three dissolve into an
	// L-shape... and the corner (1,1) where the first two touched is no
	// longer a pinch.
	out, _ := Clean(in)
	require.Len(t, out, 1)
	assert.InDelta(t, 3.0, planar.Area(out[0][0]), 1e-12)

	// Two squares touching at a corner only stay two polygons.
	out, _ = Clean(orb.MultiPolygon{{sq(0, 0, 1, 1)}, {sq(1, 1, 2, 2)}})
	assert.Len(t, out, 2)
}

func TestSelfTouchingRingSplit(t *testing.T) {
	// A figure eight through (1,1): two polygons.
	eight := orb.Ring{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}, {0, 0}}
	out, st := Clean(orb.MultiPolygon{{eight}})
	require.Len(t, out, 2)
	assert.Equal(t, 1, st.SplitRings)
	assert.True(t, st.Repaired())
	for _, p := range out {
		assert.InDelta(t, 1.0, planar.Area(p[0]), 1e-12)
	}
	// A ring that touches itself inward: a polygon with a hole touching
	// its outer ring at one point.
	inward := orb.Ring{{0, 0}, {2, 0}, {1, 2}, {3, 2}, {2, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 0}}
	out, st = Clean(orb.MultiPolygon{{inward}})
	require.Len(t, out, 1)
	require.Len(t, out[0], 2)
	assert.Equal(t, 1, st.SplitRings)
	assert.InDelta(t, 16.0, planar.Area(out[0][0]), 1e-12)
	assert.InDelta(t, -2.0, planar.Area(out[0][1]), 1e-12)
}

func TestZeroAreaDropped(t *testing.T) {
	sliver := orb.Ring{{5, 5}, {6, 6}, {7, 7}, {5, 5}}
	spike := orb.Ring{{5, 5}, {6, 6}, {5, 5}}
	out, st := Clean(orb.MultiPolygon{{sq(0, 0, 1, 1)}, {sliver}, {spike}})
	require.Len(t, out, 1)
	assert.Equal(t, 2, st.DroppedRings)
	assert.True(t, st.Repaired())
}

func TestRepeatedPointsAndSpike(t *testing.T) {
	// A spike out of a square (there and back along one edge) is cut off.
	r := orb.Ring{{0, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 2}, {1, 1}, {0, 1}, {0, 0}}
	out, st := Clean(orb.MultiPolygon{{r}})
	require.Len(t, out, 1)
	assert.Equal(t, 1, st.RepeatedPoint)
	assert.Equal(t, 1, st.SharedEdges)
	assert.InDelta(t, 1.0, planar.Area(out[0][0]), 1e-12)
	for _, p := range out[0][0] {
		assert.NotEqual(t, orb.Point{1, 2}, p)
	}
}

// FuzzClean: any rings (on a small grid, so that edges are shared and
// vertices repeat often) come out without a panic, closed, with outer
// rings counter-clockwise and holes clockwise, and no ring of zero area.
func FuzzClean(f *testing.F) {
	f.Add([]byte{0, 0, 2, 0, 2, 2, 0, 2, 255, 2, 0, 4, 0, 4, 2, 2, 2})
	f.Add([]byte{0, 0, 1, 0, 1, 1, 2, 1, 2, 2, 1, 2, 1, 1, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		var mp orb.MultiPolygon
		var ring orb.Ring
		flush := func() {
			if len(ring) > 0 {
				mp = append(mp, orb.Polygon{append(ring, ring[0])})
			}
			ring = nil
		}
		for i := 0; i+1 < len(data); i += 2 {
			if data[i] == 255 {
				flush()
				i--
				continue
			}
			ring = append(ring, orb.Point{float64(data[i] % 8), float64(data[i+1] % 8)})
		}
		flush()
		out, _ := Clean(mp)
		for _, poly := range out {
			for k, r := range poly {
				if len(r) < 4 || r[0] != r[len(r)-1] {
					t.Fatalf("ring %v is not closed", r)
				}
				a := planar.Area(r)
				if (k == 0) != (a > 0) || a == 0 {
					t.Fatalf("ring %d of %v has area %v", k, poly, a)
				}
			}
		}
	})
}
