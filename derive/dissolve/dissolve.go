// Package dissolve makes a region's polygons valid by OGC simple-feature
// rules and wound as RFC 7946 asks, working on the topology of the rings:
//
//   - outer rings counter-clockwise, holes clockwise (RFC 7946 §3.1.6);
//   - parts that share a border are dissolved into one polygon: an edge
//     used once in each direction (the old border between Sudan and South
//     Sudan) is dropped, and the edges left are chained into rings again;
//   - a ring that passes twice through one vertex (a self-touching ring) is
//     split there, into two polygons or a polygon and a hole;
//   - rings of zero area (a sliver the source's quantization collapsed) and
//     repeated points are dropped.
//
// The dissolve is exact and needs no tolerance because the borders of a
// TopoJSON file (and of any clean GeoJSON) are shared vertex for vertex:
// two neighbours use the same arc. Parts that only overlap, without shared
// edges, are left as separate polygons. Nothing here crosses, snaps or
// moves a coordinate.
package dissolve

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// Stats says what Clean changed, for a finding.
type Stats struct {
	Reversed      int // rings whose winding was turned to RFC 7946's
	SharedEdges   int // edge pairs dropped because two parts shared them
	SplitRings    int // rings split at a vertex they passed twice
	DroppedRings  int // rings of zero area dropped
	OrphanHoles   int // holes that lay in no outer ring, dropped
	RepeatedPoint int // consecutive duplicate points removed
}

// Repaired reports whether the geometry was changed beyond its winding.
func (s Stats) Repaired() bool {
	return s.SplitRings+s.DroppedRings+s.OrphanHoles > 0
}

// zeroArea is the area (square degrees) under which a ring counts as
// empty: about 0.01 m², far below any coordinate precision in use.
const zeroArea = 1e-12

// Clean returns mp dissolved, repaired and wound as RFC 7946 asks. The
// input is not changed. An input that needs nothing but winding keeps its
// rings' points and starting points.
func Clean(mp orb.MultiPolygon) (orb.MultiPolygon, Stats) {
	var st Stats
	var rings []orb.Ring // oriented: outer CCW, holes CW
	for _, poly := range mp {
		for k, r := range poly {
			r = dedupe(r, &st)
			if len(r) < 4 {
				st.DroppedRings++
				continue
			}
			a := planar.Area(r) // signed: positive counter-clockwise
			if math.Abs(a) <= zeroArea {
				st.DroppedRings++
				continue
			}
			if (k == 0) != (a > 0) {
				r = reversed(r)
				st.Reversed++
			}
			rings = append(rings, r)
		}
	}
	edges, shared := edgeList(rings)
	st.SharedEdges = shared
	st.SplitRings = pinches(rings)
	if shared == 0 && st.SplitRings == 0 {
		return assemble(rings, &st), st
	}
	traced, ok := trace(edges)
	if !ok { // edges that do not close (broken input): keep the rings as wound
		return assemble(rings, &st), st
	}
	var out []orb.Ring
	for _, r := range traced {
		for _, p := range splitAtRepeats(r) {
			if len(p) < 4 || math.Abs(planar.Area(p)) <= zeroArea {
				st.DroppedRings++
				continue
			}
			out = append(out, p)
		}
	}
	return assemble(out, &st), st
}

// dedupe drops consecutive repeated points and closes the ring.
func dedupe(r orb.Ring, st *Stats) orb.Ring {
	out := make(orb.Ring, 0, len(r)+1)
	for _, p := range r {
		if len(out) > 0 && out[len(out)-1] == p {
			st.RepeatedPoint++
			continue
		}
		out = append(out, p)
	}
	if len(out) > 0 && out[0] != out[len(out)-1] {
		out = append(out, out[0])
	}
	return out
}

func reversed(r orb.Ring) orb.Ring {
	out := r.Clone()
	out.Reverse()
	return out
}

type edge struct{ a, b orb.Point }

// edgeList is every directed edge of the rings, in ring order, less the
// pairs used once each way; shared counts those pairs.
func edgeList(rings []orb.Ring) ([]edge, int) {
	n := 0
	for _, r := range rings {
		n += len(r) - 1
	}
	all := make([]edge, 0, n)
	open := make(map[edge][]int, n) // unmatched edges by direction, their indexes
	dead := make([]bool, 0, n)
	shared := 0
	for _, r := range rings {
		for i := 0; i+1 < len(r); i++ {
			e := edge{r[i], r[i+1]}
			rev := edge{e.b, e.a}
			if idx := open[rev]; len(idx) > 0 {
				dead[idx[len(idx)-1]] = true
				open[rev] = idx[:len(idx)-1]
				all = append(all, e)
				dead = append(dead, true)
				shared++
				continue
			}
			open[e] = append(open[e], len(all))
			all = append(all, e)
			dead = append(dead, false)
		}
	}
	if shared == 0 {
		return all, 0
	}
	live := all[:0:0]
	for i, e := range all {
		if !dead[i] {
			live = append(live, e)
		}
	}
	return live, shared
}

// pinches counts the vertices a ring passes through twice.
func pinches(rings []orb.Ring) int {
	n := 0
	for _, r := range rings {
		seen := make(map[orb.Point]struct{}, len(r))
		for _, p := range r[:len(r)-1] {
			if _, ok := seen[p]; ok {
				n++
			}
			seen[p] = struct{}{}
		}
	}
	return n
}

// trace chains the edges into closed rings. At a vertex with several ways
// on, it takes the sharpest left turn, so that each ring bounds one face
// and rings touch at a vertex without crossing there.
func trace(edges []edge) ([]orb.Ring, bool) {
	from := make(map[orb.Point][]int, len(edges))
	for i, e := range edges {
		from[e.a] = append(from[e.a], i)
	}
	used := make([]bool, len(edges))
	var out []orb.Ring
	for start := range edges {
		if used[start] {
			continue
		}
		ring := orb.Ring{edges[start].a}
		cur := start
		for {
			used[cur] = true
			e := edges[cur]
			ring = append(ring, e.b)
			next, best := -1, math.Inf(-1)
			for _, j := range from[e.b] {
				if used[j] && j != start {
					continue
				}
				if t := turn(e, edges[j]); t > best || (t == best && j == start) {
					next, best = j, t
				}
			}
			if next < 0 {
				return nil, false
			}
			if next == start {
				break
			}
			cur = next
		}
		out = append(out, ring)
	}
	return out, true
}

// turn is the angle from e's heading to f's, positive to the left, in
// (-π, π].
func turn(e, f edge) float64 {
	ux, uy := e.b[0]-e.a[0], e.b[1]-e.a[1]
	vx, vy := f.b[0]-f.a[0], f.b[1]-f.a[1]
	return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
}

// splitAtRepeats cuts a closed walk at every vertex it passes twice, giving
// simple rings.
func splitAtRepeats(r orb.Ring) []orb.Ring {
	var out []orb.Ring
	stack := orb.Ring{}
	at := map[orb.Point]int{}
	for _, p := range r[:len(r)-1] {
		if i, ok := at[p]; ok {
			loop := append(orb.Ring{}, stack[i:]...)
			loop = append(loop, p)
			out = append(out, loop)
			for _, q := range stack[i+1:] {
				delete(at, q)
			}
			stack = stack[:i+1]
			continue
		}
		at[p] = len(stack)
		stack = append(stack, p)
	}
	stack = append(stack, stack[0])
	return append([]orb.Ring{stack}, out...)
}

// assemble makes polygons: each counter-clockwise ring an outer ring, each
// clockwise ring a hole of the smallest outer ring around it.
func assemble(rings []orb.Ring, st *Stats) orb.MultiPolygon {
	type shell struct {
		poly orb.Polygon
		area float64
	}
	var shells []*shell
	var holes []orb.Ring
	for _, r := range rings {
		if a := planar.Area(r); a > 0 {
			shells = append(shells, &shell{poly: orb.Polygon{r}, area: a})
		} else {
			holes = append(holes, r)
		}
	}
	for _, h := range holes {
		pt := probe(h)
		var best *shell
		for _, s := range shells {
			if (best == nil || s.area < best.area) && s.poly[0].Bound().Contains(pt) && planar.RingContains(s.poly[0], pt) {
				best = s
			}
		}
		if best == nil {
			st.OrphanHoles++
			continue
		}
		best.poly = append(best.poly, h)
	}
	out := make(orb.MultiPolygon, 0, len(shells))
	for _, s := range shells {
		out = append(out, s.poly)
	}
	return out
}

// probe is the middle of a hole's first edge: a point of the hole that is
// no vertex, so it is off the vertices where a hole may touch its outer
// ring, and inside that ring.
func probe(h orb.Ring) orb.Point {
	a, b := h[0], h[1]
	return orb.Point{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2}
}
