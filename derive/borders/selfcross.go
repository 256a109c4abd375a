package borders

import (
	"sort"

	"github.com/paulmach/orb"
)

// selfCrossing finds two edges of a closed ring that cross each other at a
// point inside both (a bow-tie, a loop). Edges that only touch, at a shared
// vertex or where one ends on the other, and collinear overlaps are not
// crossings: quantized data is full of those and they do no harm. It
// returns the indexes of the two edges (edge i runs from r[i] to r[i+1]).
//
// Edges are swept in order of their smallest longitude, and each is tested
// only against the edges still open at that longitude, so a ring of n
// positions costs about n log n, not n².
func selfCrossing(r orb.Ring) (i, j int, found bool) {
	n := len(r) - 1 // edges
	if n < 4 {
		return 0, 0, false
	}
	order := make([]int32, n)
	for k := range order {
		order[k] = int32(k)
	}
	minX := func(k int) float64 { return min(r[k][0], r[k+1][0]) }
	maxX := func(k int) float64 { return max(r[k][0], r[k+1][0]) }
	sort.Slice(order, func(a, b int) bool { return minX(int(order[a])) < minX(int(order[b])) })
	var open []int32
	for _, e := range order {
		k := int(e)
		x := minX(k)
		kept := open[:0]
		for _, o := range open {
			if maxX(int(o)) >= x {
				kept = append(kept, o)
			}
		}
		open = kept
		for _, o := range open {
			if properCross(r[k], r[k+1], r[o], r[o+1]) {
				a, b := min(k, int(o)), max(k, int(o))
				return a, b, true
			}
		}
		open = append(open, e)
	}
	return 0, 0, false
}

// properCross reports whether segments ab and cd cross at a single point
// strictly inside both.
func properCross(a, b, c, d orb.Point) bool {
	if max(c[1], d[1]) < min(a[1], b[1]) || max(a[1], b[1]) < min(c[1], d[1]) {
		return false
	}
	d1, d2 := orient(a, b, c), orient(a, b, d)
	d3, d4 := orient(c, d, a), orient(c, d, b)
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

// orient is the sign of the turn a→b→c: positive counterclockwise.
func orient(a, b, c orb.Point) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}
