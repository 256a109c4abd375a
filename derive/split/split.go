// Package split cuts polygons into pieces along lines, the way an edition
// splits one region of the borders file into several (the United Kingdom into
// England, Scotland, Wales and Northern Ireland), and assigns each piece to
// the part whose point lies in it.
//
// The pieces share the cut exactly (the same vertices), so that adjacency by
// shared segments sees the two sides as bordering along it. Coordinates are
// treated as planar, which is right for cuts a few hundred kilometres long.
package split

import (
	"math"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/tendays/tendays/geo"
)

// Polygon cuts one polygon by the given lines and returns the pieces (outer
// rings counter-clockwise, holes clockwise). A line that does not cross the
// polygon changes nothing; crossed reports whether any line did.
func Polygon(p orb.Polygon, cuts []orb.LineString) (pieces []orb.Polygon, crossed bool) {
	if len(p) == 0 || len(p[0]) < 4 {
		return []orb.Polygon{p}, false
	}
	g := newGraph()
	for ri, ring := range p {
		for i := 0; i+1 < len(ring); i++ {
			g.addSegment(ring[i], ring[i+1], ri == 0)
		}
	}
	// Node the cut lines against the rings, keeping the cut pieces that lie
	// inside the polygon.
	var chords [][2]orb.Point
	for _, line := range cuts {
		for i := 0; i+1 < len(line); i++ {
			chords = append(chords, insideParts(p, line[i], line[i+1])...)
		}
	}
	if len(chords) == 0 {
		return []orb.Polygon{p}, false
	}
	for _, c := range chords {
		g.addChord(c[0], c[1])
	}
	g.pruneDangles()
	faces := g.faces()
	var outs []orb.Ring
	for _, f := range faces {
		if planar.Area(f) <= 0 {
			continue
		}
		// A bounded face inside a hole is the hole itself, not a piece.
		pt := interiorPoint(f)
		if !planar.PolygonContains(p, pt) {
			continue
		}
		outs = append(outs, f)
	}
	if len(outs) <= 1 {
		return []orb.Polygon{p}, false
	}
	pieces = make([]orb.Polygon, len(outs))
	for i, r := range outs {
		pieces[i] = orb.Polygon{r}
	}
	// Holes no cut touched go to the piece that holds them.
	for _, hole := range p[1:] {
		if g.touched(hole) {
			continue
		}
		pt := interiorPoint(hole)
		for i := range pieces {
			if planar.RingContains(pieces[i][0], pt) {
				pieces[i] = append(pieces[i], geo.WindRing(hole, false, geo.RFC7946))
				break
			}
		}
	}
	return pieces, true
}

// insideParts cuts segment a-b where it crosses the polygon's rings and
// returns the sub-segments whose midpoints are inside the polygon.
func insideParts(p orb.Polygon, a, b orb.Point) [][2]orb.Point {
	ts := []float64{0, 1}
	for _, ring := range p {
		for i := 0; i+1 < len(ring); i++ {
			if t, _, ok := intersect(a, b, ring[i], ring[i+1]); ok {
				ts = append(ts, t)
			}
		}
	}
	sort.Float64s(ts)
	var out [][2]orb.Point
	for i := 0; i+1 < len(ts); i++ {
		if ts[i+1]-ts[i] < 1e-12 {
			continue
		}
		mid := lerp(a, b, (ts[i]+ts[i+1])/2)
		if planar.PolygonContains(p, mid) {
			out = append(out, [2]orb.Point{lerp(a, b, ts[i]), lerp(a, b, ts[i+1])})
		}
	}
	return out
}

func lerp(a, b orb.Point, t float64) orb.Point {
	if t == 0 {
		return a
	}
	if t == 1 {
		return b
	}
	return orb.Point{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t}
}

// intersect finds where segment a-b crosses segment c-d: the parameters
// along each. Parallel segments do not intersect here.
func intersect(a, b, c, d orb.Point) (t, u float64, ok bool) {
	rx, ry := b[0]-a[0], b[1]-a[1]
	sx, sy := d[0]-c[0], d[1]-c[1]
	den := rx*sy - ry*sx
	if den == 0 {
		return 0, 0, false
	}
	qx, qy := c[0]-a[0], c[1]-a[1]
	t = (qx*sy - qy*sx) / den
	u = (qx*ry - qy*rx) / den
	if t < 0 || t > 1 || u < 0 || u > 1 {
		return 0, 0, false
	}
	return t, u, true
}

// graph is a planar graph of ring edges and chords, noded where they meet.
type graph struct {
	ring   [][2]orb.Point // ring segments, split as chords cross them
	outer  []bool
	chords [][2]orb.Point
	adj    map[orb.Point][]orb.Point
	hit    map[orb.Point]bool // ring vertices a chord ends on
}

func newGraph() *graph {
	return &graph{adj: map[orb.Point][]orb.Point{}, hit: map[orb.Point]bool{}}
}

func (g *graph) addSegment(a, b orb.Point, outer bool) {
	if a == b {
		return
	}
	g.ring = append(g.ring, [2]orb.Point{a, b})
	g.outer = append(g.outer, outer)
}

// addChord inserts a chord, splitting the ring segment each end lies on so
// the chord's end is a vertex of the ring.
func (g *graph) addChord(a, b orb.Point) {
	if a == b {
		return
	}
	for _, end := range []orb.Point{a, b} {
		g.splitRingAt(end)
	}
	g.chords = append(g.chords, [2]orb.Point{a, b})
}

func (g *graph) splitRingAt(p orb.Point) {
	best, bestD := -1, math.Inf(1)
	for i, s := range g.ring {
		if s[0] == p || s[1] == p {
			g.hit[p] = true
			return
		}
		if d := planar.DistanceFromSegmentSquared(s[0], s[1], p); d < bestD {
			best, bestD = i, d
		}
	}
	// Chord ends inside the polygon (a dangling cut) touch no ring.
	if best < 0 || bestD > 1e-18 {
		return
	}
	s := g.ring[best]
	g.ring[best] = [2]orb.Point{s[0], p}
	g.ring = append(g.ring, [2]orb.Point{p, s[1]})
	g.outer = append(g.outer, g.outer[best])
	g.hit[p] = true
}

func (g *graph) link(a, b orb.Point) {
	for _, n := range g.adj[a] {
		if n == b {
			return
		}
	}
	g.adj[a] = append(g.adj[a], b)
	g.adj[b] = append(g.adj[b], a)
}

// pruneDangles builds the adjacency and drops chord ends that lead nowhere
// (a cut that stops inside the polygon), repeatedly.
func (g *graph) pruneDangles() {
	for _, s := range g.ring {
		g.link(s[0], s[1])
	}
	for _, c := range g.chords {
		g.link(c[0], c[1])
	}
	for {
		removed := false
		for v, ns := range g.adj {
			if len(ns) == 1 {
				w := ns[0]
				delete(g.adj, v)
				g.adj[w] = without(g.adj[w], v)
				removed = true
			} else if len(ns) == 0 {
				delete(g.adj, v)
			}
		}
		if !removed {
			return
		}
	}
}

func without(s []orb.Point, p orb.Point) []orb.Point {
	out := s[:0]
	for _, q := range s {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

func (g *graph) touched(ring orb.Ring) bool {
	for _, p := range ring {
		if g.hit[p] {
			return true
		}
	}
	return false
}

// faces walks every face of the graph, keeping it on the left: bounded faces
// come out counter-clockwise, each component's outside clockwise.
func (g *graph) faces() []orb.Ring {
	verts := make([]orb.Point, 0, len(g.adj))
	for v := range g.adj {
		verts = append(verts, v)
	}
	sort.Slice(verts, func(i, j int) bool {
		if verts[i][0] != verts[j][0] {
			return verts[i][0] < verts[j][0]
		}
		return verts[i][1] < verts[j][1]
	})
	for _, v := range verts {
		ns := g.adj[v]
		sort.Slice(ns, func(i, j int) bool {
			return math.Atan2(ns[i][1]-v[1], ns[i][0]-v[0]) < math.Atan2(ns[j][1]-v[1], ns[j][0]-v[0])
		})
	}
	type half struct{ from, to orb.Point }
	seen := map[half]bool{}
	var out []orb.Ring
	for _, v := range verts {
		for _, w := range g.adj[v] {
			start := half{v, w}
			if seen[start] {
				continue
			}
			var ring orb.Ring
			e := start
			for steps := 0; !seen[e]; steps++ {
				seen[e] = true
				ring = append(ring, e.from)
				// Next: from e.to, the neighbour just clockwise of e.from.
				ns := g.adj[e.to]
				i := indexOf(ns, e.from)
				next := ns[(i-1+len(ns))%len(ns)]
				e = half{e.to, next}
				if steps > 4*len(g.ring)+4*len(g.chords)+8 {
					break // cannot happen on a planar graph; guards bad input
				}
			}
			if len(ring) >= 3 {
				ring = append(ring, ring[0])
				out = append(out, ring)
			}
		}
	}
	return out
}

func indexOf(s []orb.Point, p orb.Point) int {
	for i, q := range s {
		if q == p {
			return i
		}
	}
	return 0
}

// interiorPoint finds a point strictly inside a counter-clockwise ring: the
// middle of the widest horizontal span through the ring at a latitude between
// its vertices.
func interiorPoint(r orb.Ring) orb.Point {
	r = geo.WindRing(r, true, geo.RFC7946)
	b := r.Bound()
	ys := make([]float64, 0, len(r))
	for _, p := range r {
		ys = append(ys, p[1])
	}
	sort.Float64s(ys)
	// The scan lines go up; an edge crosses line y when its lower end is
	// at or below y and its upper end above. Edges enter the active list in
	// order of their lower end and leave once the line reaches their upper
	// end, so each line looks at the edges it may cross, not at all of them.
	// The crossings are the same numbers, sorted the same, as scanning
	// every edge would give.
	edges := make([]int, 0, len(r))
	for j := 0; j+1 < len(r); j++ {
		if r[j][1] != r[j+1][1] {
			edges = append(edges, j)
		}
	}
	lower := func(j int) float64 { return math.Min(r[j][1], r[j+1][1]) }
	upper := func(j int) float64 { return math.Max(r[j][1], r[j+1][1]) }
	sort.SliceStable(edges, func(a, c int) bool { return lower(edges[a]) < lower(edges[c]) })
	var active []int
	next := 0
	best, bestW := b.Center(), -1.0
	var xs []float64
	for i := 0; i+1 < len(ys); i++ {
		if ys[i+1]-ys[i] <= 0 {
			continue
		}
		y := (ys[i] + ys[i+1]) / 2
		for next < len(edges) && lower(edges[next]) <= y {
			active = append(active, edges[next])
			next++
		}
		xs = xs[:0]
		kept := active[:0]
		for _, j := range active {
			if upper(j) <= y {
				continue
			}
			kept = append(kept, j)
			a, c := r[j], r[j+1]
			xs = append(xs, a[0]+(y-a[1])*(c[0]-a[0])/(c[1]-a[1]))
		}
		active = kept
		sort.Float64s(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			if w := xs[k+1] - xs[k]; w > bestW {
				best, bestW = orb.Point{(xs[k] + xs[k+1]) / 2, y}, w
			}
		}
	}
	return best
}

// InteriorPoint is a point inside the polygon (not on its boundary).
func InteriorPoint(p orb.Polygon) orb.Point { return interiorPoint(p[0]) }

// Assignment says which part each piece belongs to.
type Assignment struct {
	Owner []int // per piece: the index of its part
	// Unplaced lists the parts whose point lies in no piece; Crowded the
	// pieces holding the points of two parts or more.
	Unplaced []int
	Crowded  [][]int
}

// Assign gives each piece to the part whose point lies in it, and each piece
// holding no point (an island) to the part whose pieces are nearest.
func Assign(pieces []orb.Polygon, points []orb.Point) Assignment {
	a := Assignment{Owner: make([]int, len(pieces))}
	holders := make([][]int, len(pieces))
	for pi, pt := range points {
		placed := false
		for i, pc := range pieces {
			if planar.PolygonContains(pc, pt) {
				holders[i] = append(holders[i], pi)
				placed = true
				break
			}
		}
		if !placed {
			a.Unplaced = append(a.Unplaced, pi)
		}
	}
	var orphans []int
	for i, h := range holders {
		switch len(h) {
		case 0:
			a.Owner[i] = -1
			orphans = append(orphans, i)
		case 1:
			a.Owner[i] = h[0]
		default:
			a.Owner[i] = h[0]
			a.Crowded = append(a.Crowded, h)
		}
	}
	for _, i := range orphans {
		pt := InteriorPoint(pieces[i])
		// Measure in a frame where a degree of longitude is as long as it
		// is on the ground at this latitude, so "nearest" means kilometres.
		k := math.Cos(pt[1] * math.Pi / 180)
		scaled := orb.Point{pt[0] * k, pt[1]}
		best, bestD := -1, math.Inf(1)
		for j, pc := range pieces {
			if a.Owner[j] < 0 {
				continue
			}
			if d := planar.DistanceFrom(scalePolygon(pc, k), scaled); d < bestD {
				best, bestD = a.Owner[j], d
			}
		}
		if best < 0 {
			// No piece holds a point: fall back on the nearest point.
			for pi, p := range points {
				if d := planar.Distance(p, pt); d < bestD {
					best, bestD = pi, d
				}
			}
		}
		a.Owner[i] = best
	}
	return a
}

func scalePolygon(p orb.Polygon, k float64) orb.Polygon {
	out := make(orb.Polygon, len(p))
	for i, r := range p {
		out[i] = make(orb.Ring, len(r))
		for j, q := range r {
			out[i][j] = orb.Point{q[0] * k, q[1]}
		}
	}
	return out
}
