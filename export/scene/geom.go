package scene

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/clip"
	"github.com/paulmach/orb/planar"
	"github.com/tendays/tendays/export/project"
	"github.com/tendays/tendays/geo"
)

// shape is a region, land or sea outline on the page, with the box of each
// polygon kept for quick point tests.
type shape struct {
	polys  []orb.Polygon // page coordinates, outer rings first
	bounds []orb.Bound   // of each polygon's outer ring
	bound  orb.Bound
}

func newShape(polys []orb.Polygon) shape {
	s := shape{polys: polys, bound: emptyBound()}
	for _, p := range polys {
		b := p[0].Bound()
		s.bounds = append(s.bounds, b)
		s.bound = s.bound.Union(b)
	}
	return s
}

func (s shape) rings() [][]orb.Point {
	var out [][]orb.Point
	for _, p := range s.polys {
		for _, r := range p {
			out = append(out, r)
		}
	}
	return out
}

// contains reports whether p is inside the shape (even-odd within each
// polygon, so holes are out).
func (s shape) contains(p orb.Point) bool {
	if len(s.polys) == 0 || !s.bound.Contains(p) {
		return false
	}
	for i, poly := range s.polys {
		if s.bounds[i].Contains(p) && inPolygon(p, poly) {
			return true
		}
	}
	return false
}

func inPolygon(p orb.Point, poly orb.Polygon) bool {
	in := false
	for _, ring := range poly {
		n := len(ring)
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			a, b := ring[i], ring[j]
			if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
				in = !in
			}
		}
	}
	return in
}

// toPage projects a multipolygon, drops vertices closer than minStep to the
// one before (the page cannot show them) and orients rings for the non-zero
// fill rule: outer rings one way, holes the other.
func toPage(mp orb.MultiPolygon, f func(orb.Point) orb.Point, minStep float64) shape {
	var polys []orb.Polygon
	for _, poly := range mp {
		var out orb.Polygon
		for j, ring := range poly {
			pr := thin(ring, f, minStep, true)
			if len(pr) < 4 {
				if j == 0 {
					break // a speck: drop the polygon, holes and all
				}
				continue
			}
			out = append(out, geo.WindRing(pr, j == 0, geo.RFC7946))
		}
		if len(out) == 0 {
			continue
		}
		polys = append(polys, out)
	}
	if len(polys) == 0 {
		// Every part is smaller than the page can show: keep the largest, so a
		// tiny region still has a place on the map.
		best, bestA := -1, -1.0
		for i, poly := range mp {
			if len(poly) == 0 {
				continue
			}
			r := thin(poly[0], f, 0, true)
			if a := math.Abs(planar.Area(r)); a > bestA {
				best, bestA = i, a
			}
		}
		if best >= 0 {
			r := thin(mp[best][0], f, 0, true)
			polys = []orb.Polygon{{geo.WindRing(r, true, geo.RFC7946)}}
		}
	}
	return newShape(polys)
}

// thinLine projects and thins a line the same way.
func thinLine(ls []orb.Point, f func(orb.Point) orb.Point, minStep float64) orb.Ring {
	return thin(ls, f, minStep, false)
}

func thin(pts []orb.Point, f func(orb.Point) orb.Point, minStep float64, closed bool) orb.Ring {
	out := make(orb.Ring, 0, len(pts))
	for i, p := range pts {
		q := f(p)
		last := i == len(pts)-1
		if len(out) > 0 && !last && dist(out[len(out)-1], q) < minStep {
			continue
		}
		out = append(out, q)
	}
	if closed && len(out) > 0 && out[0] != out[len(out)-1] {
		out = append(out, out[0])
	}
	return out
}

func dist(a, b orb.Point) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

func emptyBound() orb.Bound {
	return orb.Bound{Min: orb.Point{math.Inf(1), math.Inf(1)}, Max: orb.Point{math.Inf(-1), math.Inf(-1)}}
}

func validBound(b orb.Bound) bool { return b.Min[0] <= b.Max[0] && b.Min[1] <= b.Max[1] }

func overlaps(a, b orb.Bound) bool {
	return a.Min[0] < b.Max[0] && b.Min[0] < a.Max[0] && a.Min[1] < b.Max[1] && b.Min[1] < a.Max[1]
}

func inside(inner, outer orb.Bound) bool {
	return inner.Min[0] >= outer.Min[0] && inner.Min[1] >= outer.Min[1] && inner.Max[0] <= outer.Max[0] && inner.Max[1] <= outer.Max[1]
}

// nearestOnBound is the point of b nearest to p (p itself when inside).
func nearestOnBound(b orb.Bound, p orb.Point) orb.Point {
	return orb.Point{math.Max(b.Min[0], math.Min(p[0], b.Max[0])), math.Max(b.Min[1], math.Min(p[1], b.Max[1]))}
}

// extent is the length of the chord of poly through p along one axis
// (horizontal when vertical is false): how much room a label has there.
func extent(poly orb.Polygon, p orb.Point, vertical bool) float64 {
	ax, ay := 0, 1
	if vertical {
		ax, ay = 1, 0
	}
	var xs []float64
	for _, ring := range poly {
		for i := 0; i+1 < len(ring); i++ {
			a, b := ring[i], ring[i+1]
			if (a[ay] > p[ay]) != (b[ay] > p[ay]) {
				xs = append(xs, a[ax]+(p[ay]-a[ay])*(b[ax]-a[ax])/(b[ay]-a[ay]))
			}
		}
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, x := range xs {
		if x <= p[ax] && x > lo {
			lo = x
		}
		if x >= p[ax] && x < hi {
			hi = x
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 0
	}
	return hi - lo
}

// Outline projects a region on its own (an equal-area projection centred on
// it) and fits it into box: the silhouette on a card, or an inset.
func Outline(mp orb.MultiPolygon, box orb.Bound, minStep float64) [][]orb.Point {
	if len(mp) == 0 {
		return nil
	}
	c := project.CentreLon(project.Points(mp))
	proj := project.Auto(project.UnwrapMultiPolygon(mp, c).Bound())
	m := project.Mapper{Proj: proj, Fit: project.FitBound(project.ProjectedBound(proj, c, mp), box), Centre: c}
	return toPage(mp, m.Point, minStep).rings()
}

// clipShape cuts a shape to a box (Sutherland–Hodgman, ring by ring), for
// finding label points on the part of a region the page shows. The cut
// rings may run along the box's edge; they are not drawn.
func clipShape(s shape, box orb.Bound) shape {
	if inside(s.bound, box) {
		return s
	}
	var polys []orb.Polygon
	for _, poly := range s.polys {
		var cp orb.Polygon
		for j, ring := range poly {
			r := clipRing(ring, box)
			if len(r) < 4 {
				if j == 0 {
					break
				}
				continue
			}
			cp = append(cp, r)
		}
		if len(cp) > 0 {
			polys = append(polys, cp)
		}
	}
	return newShape(polys)
}

// clipRing is orb's Sutherland–Hodgman clip of a ring to a box, on a copy
// (orb uses its input as scratch space).
func clipRing(ring orb.Ring, box orb.Bound) orb.Ring {
	return clip.Ring(box, ring.Clone())
}

// crossing is where a bridge or ferry between two regions is drawn: the
// coast-to-coast segment that is short and crosses as little other land as
// possible (a line from Sweden's name to Denmark's would cross Norway; the
// nearest coasts of Ukraine and Bulgaria lie along Romania's). It is
// lengthened to at least minLen so that a narrow strait still shows a line.
func crossing(a, b shape, land []shape, minLen float64) [2]orb.Point {
	as, bs := coastSamples(a, 48), coastSamples(b, 48)
	best, bestCost := [2]orb.Point{}, math.Inf(1)
	for _, p := range as {
		for _, q := range bs {
			d := math.Hypot(p[0]-q[0], p[1]-q[1])
			if d*1 >= bestCost {
				continue // even with no land crossed it could not win
			}
			over := 0
			const samples = 9
			for k := 1; k <= samples; k++ {
				t := float64(k) / (samples + 1)
				m := orb.Point{p[0] + (q[0]-p[0])*t, p[1] + (q[1]-p[1])*t}
				for _, l := range land {
					if l.bound.Contains(m) && l.contains(m) {
						over++
						break
					}
				}
			}
			if cost := d * (1 + 20*float64(over)/samples); cost < bestCost {
				best, bestCost = [2]orb.Point{p, q}, cost
			}
		}
	}
	if math.IsInf(bestCost, 1) {
		return best
	}
	d := math.Hypot(best[1][0]-best[0][0], best[1][1]-best[0][1])
	if d >= minLen {
		return best
	}
	mid := orb.Point{(best[0][0] + best[1][0]) / 2, (best[0][1] + best[1][1]) / 2}
	ux, uy := 1.0, 0.0
	if d > 0 {
		ux, uy = (best[1][0]-best[0][0])/d, (best[1][1]-best[0][1])/d
	}
	h := minLen / 2
	return [2]orb.Point{{mid[0] - ux*h, mid[1] - uy*h}, {mid[0] + ux*h, mid[1] + uy*h}}
}

// coastSamples picks about n points spread over the outer rings of a shape,
// more from bigger rings.
func coastSamples(s shape, n int) []orb.Point {
	total := 0
	for _, p := range s.polys {
		if len(p) > 0 {
			total += len(p[0])
		}
	}
	if total == 0 {
		return nil
	}
	step := max(1, total/n)
	var out []orb.Point
	k := 0
	for _, p := range s.polys {
		if len(p) == 0 {
			continue
		}
		for _, q := range p[0] {
			if k%step == 0 {
				out = append(out, q)
			}
			k++
		}
	}
	return out
}

// maxSegDeg is the longest segment, in degrees, projected as a straight
// line: a longer one is cut into pieces first, so that it bends with the
// projection (a parallel is a curve in a conic or azimuthal projection).
const maxSegDeg = 0.5

// densify returns mp with points added along every segment longer than
// maxDeg (in longitude/latitude), so that no straight edge crosses the
// projection's curves. Short segments (real coastlines) are left alone.
func densify(mp orb.MultiPolygon, maxDeg float64) orb.MultiPolygon {
	out := make(orb.MultiPolygon, 0, len(mp))
	for _, poly := range mp {
		np := make(orb.Polygon, 0, len(poly))
		for _, r := range poly {
			nr := make(orb.Ring, 0, len(r))
			for i, p := range r {
				if i > 0 {
					q := r[i-1]
					if n := int(math.Ceil(math.Max(math.Abs(p[0]-q[0]), math.Abs(p[1]-q[1])) / maxDeg)); n > 1 {
						for k := 1; k < n; k++ {
							t := float64(k) / float64(n)
							nr = append(nr, orb.Point{q[0] + t*(p[0]-q[0]), q[1] + t*(p[1]-q[1])})
						}
					}
				}
				nr = append(nr, p)
			}
			np = append(np, nr)
		}
		out = append(out, np)
	}
	return out
}
