package borders

import (
	"slices"
	"sort"
	"sync"

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
	if c, sure := sweepForNone(r); sure {
		return c
	}
	return sweepInOrder(r)
}

// edgeSpan is an edge's extent along the sweep axis (lo, hi) and across it
// (clo, chi).
type edgeSpan struct {
	lo, hi, clo, chi float64
	k                int32
}

// sweepForNone is the sweep of sweepInOrder, made cheaper: the edges'
// extents computed once and sorted as values, and an open edge whose
// extent across the axis misses the new edge's passed over without the
// crossing test. Whether two edges cross does not depend on the order in
// which edges of equal extent are swept, so when it finds no crossing,
// well within the work bound, that is the verdict (sure). Otherwise the
// caller sweeps in sweepInOrder's order, which names the crossing it finds
// first and reaches the bound where it always did.
func sweepForNone(r orb.Ring) (c crossing, sure bool) {
	n := len(r) - 1
	ax, cx := sweepAxis(r), 1
	if ax == 1 {
		cx = 0
	}
	scratch := spanPool.Get().(*[]edgeSpan)
	defer spanPool.Put(scratch)
	buf := slices.Grow((*scratch)[:0], 3*n)
	*scratch = buf
	spans := buf[:n]
	for k := range spans {
		a, b := r[k], r[k+1]
		spans[k] = edgeSpan{lo: min(a[ax], b[ax]), hi: max(a[ax], b[ax]), clo: min(a[cx], b[cx]), chi: max(a[cx], b[cx]), k: int32(k)}
	}
	spans = sortByLo(spans, buf[n:2*n])
	budget := (selfCrossBudgetFixed + selfCrossBudgetPerEdge*n) / 2
	work := 0
	open := buf[2*n : 2*n] // the last third of the scratch
	for _, e := range spans {
		if work += 2 * len(open); work > budget {
			return crossing{}, false
		}
		kept := open[:0]
		for _, o := range open {
			if o.hi >= e.lo {
				kept = append(kept, o)
				// Edges side by side share a position and cannot cross.
				if o.chi >= e.clo && e.chi >= o.clo && !nextTo(e.k, o.k, n) && properCross(r[e.k], r[e.k+1], r[o.k], r[o.k+1]) {
					return crossing{}, false
				}
			}
		}
		open = append(kept, e)
	}
	return crossing{complete: true, work: work}, true
}

// nextTo reports whether edges a and b of a ring of n edges are side by
// side (the last edge is next to the first).
func nextTo(a, b int32, n int) bool {
	d := a - b
	return d == 1 || d == -1 || d == int32(n-1) || d == -int32(n-1)
}

// sortByLo sorts spans by lo, using tmp (as long) as scratch, and returns
// the sorted spans (in spans or tmp). A ring's edges come in runs that
// are sorted along the axis one way or the other already (a coast runs
// along it for many edges), so the runs are found, the falling ones
// reversed, and merged pairwise: n log(runs), not n log n.
func sortByLo(spans, tmp []edgeSpan) []edgeSpan {
	var starts []int
	for i := 0; i < len(spans); {
		j := i + 1
		if j < len(spans) && spans[j].lo < spans[i].lo {
			for j < len(spans) && spans[j].lo <= spans[j-1].lo {
				j++
			}
			slices.Reverse(spans[i:j])
		} else {
			for j < len(spans) && spans[j].lo >= spans[j-1].lo {
				j++
			}
		}
		starts = append(starts, i)
		i = j
	}
	starts = append(starts, len(spans))
	src, dst := spans, tmp
	for len(starts) > 2 {
		next := starts[:0:0]
		for r := 0; r+1 < len(starts); r += 2 {
			lo, mid, hi := starts[r], starts[r+1], len(spans)
			if r+2 < len(starts) {
				hi = starts[r+2]
			}
			next = append(next, lo)
			a, b, o := lo, mid, lo
			for a < mid && b < hi {
				if src[b].lo < src[a].lo {
					dst[o] = src[b]
					b++
				} else {
					dst[o] = src[a]
					a++
				}
				o++
			}
			o += copy(dst[o:], src[a:mid])
			copy(dst[o:], src[b:hi])
		}
		starts = append(next, len(spans))
		src, dst = dst, src
	}
	return src
}

// spanPool holds sweepForNone's scratch: a decoder checks every ring, and
// the spans of one are garbage once it is checked.
var spanPool = sync.Pool{New: func() any { return new([]edgeSpan) }}

// sweepAxis is the axis along which ring r is longer (0: longitude).
func sweepAxis(r orb.Ring) int {
	lo, hi := r[0], r[0]
	for _, p := range r {
		lo = orb.Point{min(lo[0], p[0]), min(lo[1], p[1])}
		hi = orb.Point{max(hi[0], p[0]), max(hi[1], p[1])}
	}
	if hi[1]-lo[1] > hi[0]-lo[0] {
		return 1
	}
	return 0
}

// sweepInOrder is the sweep selfCrossing describes, in the order that
// decides which crossing it names and where it stops.
func sweepInOrder(r orb.Ring) crossing {
	n := len(r) - 1
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
