package borders

import (
	"sort"

	"github.com/paulmach/orb"
)

// selfCrossBudget bounds the work of one self-crossing check: pairs of
// edges tested plus edges dropped from the sweep, per edge of the ring, on
// top of a fixed allowance. Real rings (us-atlas counties, Natural Earth)
// use under 4 per edge; only a ring whose edges all overlap each other's
// extent on both axes (a comb of long parallel teeth) can exhaust it, and
// then the check stops and says so instead of taking n² time.
const (
	selfCrossBudgetPerEdge = 64
	selfCrossBudgetFixed   = 1 << 20
)

// crossing is the verdict of selfCrossing.
type crossing struct {
	i, j     int  // the two edges that cross (edge i runs from r[i] to r[i+1]), i < j
	found    bool // a crossing was found
	complete bool // the whole ring was checked (false: the work bound was reached first)
	work     int  // open edges visited, for tests of the bound
}

// selfCrossing finds two edges of a closed ring that cross each other at a
// point inside both (a bow-tie, a loop). Edges that only touch, at a shared
// vertex or where one ends on the other, and collinear overlaps are not
// crossings: quantized data is full of those and they do no harm.
//
// Edges are swept along the axis on which the ring is longer, in order of
// their smallest coordinate on it, and each is tested only against the
// edges still open at that coordinate. A ring whose positions all lie on
// one line cannot cross itself and is not swept at all. So a long
// north–south border is swept south to north, and a ring of n positions
// costs about n log n in either orientation; the rare ring that would
// still cost n² stops at a bound (complete is false).
func selfCrossing(r orb.Ring) crossing {
	n := len(r) - 1 // edges
	if n < 4 || collinear(r) {
		return crossing{complete: true}
	}
	ax := 0 // the sweep axis
	lo, hi := r[0], r[0]
	for _, p := range r {
		lo = orb.Point{min(lo[0], p[0]), min(lo[1], p[1])}
		hi = orb.Point{max(hi[0], p[0]), max(hi[1], p[1])}
	}
	if hi[1]-lo[1] > hi[0]-lo[0] {
		ax = 1
	}
	order := make([]int32, n)
	for k := range order {
		order[k] = int32(k)
	}
	minA := func(k int) float64 { return min(r[k][ax], r[k+1][ax]) }
	maxA := func(k int) float64 { return max(r[k][ax], r[k+1][ax]) }
	sort.Slice(order, func(a, b int) bool { return minA(int(order[a])) < minA(int(order[b])) })
	budget := selfCrossBudgetFixed + selfCrossBudgetPerEdge*n
	work := 0
	var open []int32
	for _, e := range order {
		k := int(e)
		x := minA(k)
		if work += 2 * len(open); work > budget {
			return crossing{work: work}
		}
		kept := open[:0]
		for _, o := range open {
			if maxA(int(o)) >= x {
				kept = append(kept, o)
			}
		}
		open = kept
		for _, o := range open {
			if properCross(r[k], r[k+1], r[o], r[o+1]) {
				return crossing{i: min(k, int(o)), j: max(k, int(o)), found: true, complete: true, work: work}
			}
		}
		open = append(open, e)
	}
	return crossing{complete: true, work: work}
}

// collinear reports whether every position of r lies on one line.
func collinear(r orb.Ring) bool {
	a := r[0]
	k := 1
	for k < len(r) && r[k] == a {
		k++
	}
	if k == len(r) {
		return true
	}
	b := r[k]
	for _, p := range r[k+1:] {
		if orient(a, b, p) != 0 {
			return false
		}
	}
	return true
}

// properCross reports whether segments ab and cd cross at a single point
// strictly inside both.
func properCross(a, b, c, d orb.Point) bool {
	if max(c[0], d[0]) < min(a[0], b[0]) || max(a[0], b[0]) < min(c[0], d[0]) ||
		max(c[1], d[1]) < min(a[1], b[1]) || max(a[1], b[1]) < min(c[1], d[1]) {
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
