package scene

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
)

// TestBoxIndexFindsEveryHit: whatever holds a point or meets a box is
// among the index's candidates, boxes and points outside the area and not
// numbers included, against trying every box.
func TestBoxIndexFindsEveryHit(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 1))
	area := orb.Bound{Min: orb.Point{0, 0}, Max: orb.Point{100, 80}}
	coord := func() float64 { return r.Float64()*140 - 20 } // some outside the area
	box := func() orb.Bound {
		x, y := coord(), coord()
		return orb.Bound{Min: orb.Point{x, y}, Max: orb.Point{x + r.Float64()*30, y + r.Float64()*30}}
	}
	var boxes []orb.Bound
	for range 300 {
		boxes = append(boxes, box())
	}
	boxes = append(boxes, orb.Bound{Min: orb.Point{math.NaN(), 1}, Max: orb.Point{2, 3}})
	for _, ar := range []orb.Bound{area, {Min: orb.Point{5, 5}, Max: orb.Point{5, 5}}} {
		ix := newBoxIndex(ar, len(boxes))
		for i, b := range boxes {
			ix.add(i, b)
		}
		for range 2000 {
			p := orb.Point{coord(), coord()}
			got := map[int]bool{}
			for _, i := range ix.atPoint(p) {
				got[i] = true
			}
			for i, b := range boxes {
				if b.Contains(p) {
					assert.True(t, got[i], "box %d %v holds %v", i, b, p)
				}
			}
			q := box()
			got = map[int]bool{}
			ix.meeting(q, func(i int) bool { got[i] = true; return true })
			for i, b := range boxes {
				if overlaps(q, b) {
					assert.True(t, got[i], "box %d %v meets %v", i, b, q)
				}
			}
		}
		// Stopping early stops.
		calls := 0
		ix.meeting(ar.Pad(50), func(int) bool { calls++; return false })
		assert.Equal(t, 1, calls)
	}
}
