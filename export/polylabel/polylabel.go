// Package polylabel finds a polygon's pole of inaccessibility: the inside
// point farthest from every edge, which is where a name sits best (a
// centroid can fall outside a crescent or a ring-shaped region).
//
// The search covers the polygon's bounds with square cells and keeps
// splitting the cells that could still hold a farther point, best first,
// until no cell can beat the best point found by more than the precision.
// It works in plane coordinates (project first).
package polylabel

import (
	"container/heap"
	"math"

	"github.com/paulmach/orb"
)

// Find returns the pole of inaccessibility of poly (outer ring first, then
// holes) to within precision, and its distance to the nearest edge. An empty
// or flat polygon gives its first point and distance 0.
func Find(poly orb.Polygon, precision float64) (orb.Point, float64) {
	if len(poly) == 0 || len(poly[0]) == 0 {
		return orb.Point{}, 0
	}
	b := poly[0].Bound()
	w, h := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1]
	size := math.Min(w, h)
	if size <= 0 || math.IsNaN(size) {
		return poly[0][0], 0
	}
	if precision <= 0 {
		precision = size / 100
	}
	q := &cellQueue{}
	half := size / 2
	for x := b.Min[0]; x < b.Max[0]; x += size {
		for y := b.Min[1]; y < b.Max[1]; y += size {
			heap.Push(q, newCell(x+half, y+half, half, poly))
		}
	}
	best := centroidCell(poly)
	if c := newCell(b.Min[0]+w/2, b.Min[1]+h/2, 0, poly); c.d > best.d {
		best = c
	}
	// Each split quarters a cell; a guard on the count keeps a degenerate
	// input from running away.
	for n := 0; q.Len() > 0 && n < 1_000_000; n++ {
		c := heap.Pop(q).(cell)
		if c.d > best.d {
			best = c
		}
		if c.max-best.d <= precision {
			continue
		}
		hh := c.h / 2
		heap.Push(q, newCell(c.x-hh, c.y-hh, hh, poly))
		heap.Push(q, newCell(c.x+hh, c.y-hh, hh, poly))
		heap.Push(q, newCell(c.x-hh, c.y+hh, hh, poly))
		heap.Push(q, newCell(c.x+hh, c.y+hh, hh, poly))
	}
	return orb.Point{best.x, best.y}, math.Max(best.d, 0)
}

// FindMulti runs Find on each polygon and keeps the best: the region's name
// goes on its roomiest part.
func FindMulti(mp orb.MultiPolygon, precision float64) (orb.Point, float64) {
	var best orb.Point
	bestD := -1.0
	for _, poly := range mp {
		p, d := Find(poly, precision)
		if d > bestD {
			best, bestD = p, d
		}
	}
	return best, math.Max(bestD, 0)
}

// Distance is the signed distance from p to the polygon's edges: positive
// inside, negative outside.
func Distance(p orb.Point, poly orb.Polygon) float64 {
	inside := false
	minSq := math.Inf(1)
	for _, ring := range poly {
		n := len(ring)
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			a, b := ring[i], ring[j]
			if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
				inside = !inside
			}
			minSq = math.Min(minSq, segDistSq(p, a, b))
		}
	}
	d := math.Sqrt(minSq)
	if inside {
		return d
	}
	return -d
}

func segDistSq(p, a, b orb.Point) float64 {
	x, y := a[0], a[1]
	dx, dy := b[0]-x, b[1]-y
	if dx != 0 || dy != 0 {
		t := ((p[0]-x)*dx + (p[1]-y)*dy) / (dx*dx + dy*dy)
		if t > 1 {
			x, y = b[0], b[1]
		} else if t > 0 {
			x += dx * t
			y += dy * t
		}
	}
	dx, dy = p[0]-x, p[1]-y
	return dx*dx + dy*dy
}

// cell is a square of half-size h centred on (x, y); d is the centre's
// distance to the polygon and max the most any point of the cell can have.
type cell struct {
	x, y, h, d, max float64
}

func newCell(x, y, h float64, poly orb.Polygon) cell {
	d := Distance(orb.Point{x, y}, poly)
	return cell{x: x, y: y, h: h, d: d, max: d + h*math.Sqrt2}
}

// centroidCell starts the search at the area centroid, which is often
// close to the answer for compact shapes.
func centroidCell(poly orb.Polygon) cell {
	ring := poly[0]
	var area, cx, cy float64
	n := len(ring)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := ring[i], ring[j]
		f := a[0]*b[1] - b[0]*a[1]
		cx += (a[0] + b[0]) * f
		cy += (a[1] + b[1]) * f
		area += f * 3
	}
	if area == 0 {
		return newCell(ring[0][0], ring[0][1], 0, poly)
	}
	return newCell(cx/area, cy/area, 0, poly)
}

type cellQueue []cell

func (q cellQueue) Len() int { return len(q) }

// Less orders by potential, then by position, so that ties never depend on
// the heap's history and the result is the same on every run.
func (q cellQueue) Less(i, j int) bool {
	if q[i].max != q[j].max {
		return q[i].max > q[j].max
	}
	if q[i].x != q[j].x {
		return q[i].x < q[j].x
	}
	return q[i].y < q[j].y
}
func (q cellQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *cellQueue) Push(x any)   { *q = append(*q, x.(cell)) }
func (q *cellQueue) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}
