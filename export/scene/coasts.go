package scene

import (
	"math"
	"slices"

	"github.com/paulmach/orb"
)

// A sea an edition gives as a list of regions has no area on the board:
// it is drawn as a band along the coasts of its regions, in the sea's own
// tint, with its name in the water beside it and in the legend. A coast
// here is an edge of a region's outline with no region and no other land
// just outside it. A region on two such seas carries both bands, the
// second outside the first.

// bandTints are the list seas' tints, in the order of the pack's seas: blues
// and teals a player tells apart, each dark enough for its name at WCAG AA
// on the water.
var bandTints = []string{"#1f5f99", "#146b62", "#5b3f94", "#2d5f8a", "#8a4512", "#2f6626"}

// coastBands are the list seas' bands and the shapes their names go in.
type coastBands struct {
	group  *Group
	shapes map[string]shape
	names  map[string]string
	tints  map[string]string // by sea id, for the legend
	order  []string
}

// bandWidth is the width one sea's band shows outside the coast.
const bandWidth = 5.0

// coastBands draws the pack's seas that the board has no area for, along
// the coasts of the regions on them; onLand tells a point on any region or
// land.
func (l *BoardLayout) coastBands(onLand func(orb.Point) bool) coastBands {
	out := coastBands{shapes: map[string]shape{}, names: map[string]string{}, tints: map[string]string{}}
	drawn := map[string]bool{}
	for _, s := range l.b.Seas {
		drawn[s.ID] = true
	}
	var list []string
	for _, s := range l.p.Seas {
		if !drawn[s.ID] && !slices.Contains(list, s.ID) {
			list = append(list, s.ID)
		}
	}
	if len(list) == 0 {
		return out
	}
	u := l.u
	type band struct {
		lines [][]orb.Point
		level int
	}
	bands := map[string][]band{}
	labelPolys := map[string][]orb.Polygon{}
	for _, pr := range l.regions {
		if pr.inset >= 0 {
			continue
		}
		var on []string
		for _, id := range list {
			if slices.Contains(pr.reg.Seas, id) {
				on = append(on, id)
			}
		}
		if len(on) == 0 {
			continue
		}
		coast := coastEdges(pr.visible, onLand, 3*u)
		if len(coast) == 0 {
			continue
		}
		for level, id := range on {
			bands[id] = append(bands[id], band{coast, level})
			// The water beside the band, where its name may go.
			off := (float64(level)+1)*bandWidth*u + 14*u
			for _, run := range coast {
				for i := 1; i < len(run); i++ {
					a, b := run[i-1], run[i]
					n := outward(a, b, pr.visible, u)
					labelPolys[id] = append(labelPolys[id], orb.Polygon{orb.Ring{a, b, {b[0] + n[0]*off, b[1] + n[1]*off}, {a[0] + n[0]*off, a[1] + n[1]*off}, a}})
				}
			}
		}
	}
	out.group = &Group{ID: "sea-bands"}
	maxLevel := 0
	for _, bs := range bands {
		for _, b := range bs {
			maxLevel = max(maxLevel, b.level)
		}
	}
	for k, id := range list {
		out.tints[id] = bandTints[k%len(bandTints)]
		out.names[id] = seaName(l.p, id, "")
		out.order = append(out.order, id)
		out.shapes[id] = newShape(labelPolys[id])
	}
	// Wider (outer) bands first, so each inner one lies over it; a band is
	// stroked along the coast and the region drawn over its inner half.
	for level := maxLevel; level >= 0; level-- {
		for _, id := range list {
			var rings [][]orb.Point
			for _, b := range bands[id] {
				if b.level == level {
					rings = append(rings, b.lines...)
				}
			}
			if len(rings) == 0 {
				continue
			}
			out.group.Items = append(out.group.Items, &Path{ID: "sea-band-" + id, Class: "sea-band", Title: out.names[id], Rings: rings,
				Style: Style{Stroke: out.tints[id], StrokeOpacity: 0.5, StrokeWidth: 2 * bandWidth * u * float64(level+1), RoundCaps: true}})
		}
	}
	return out
}

// coastEdges are the runs of edges of s whose outside, d away, is on no
// land: each a polyline.
func coastEdges(s shape, onLand func(orb.Point) bool, d float64) [][]orb.Point {
	var out [][]orb.Point
	for _, poly := range s.polys {
		for _, ring := range poly {
			var run []orb.Point
			flush := func() {
				if len(run) >= 2 {
					out = append(out, run)
				}
				run = nil
			}
			for i := 1; i < len(ring); i++ {
				a, b := ring[i-1], ring[i]
				if dist(a, b) < 1e-9 {
					continue
				}
				m := orb.Point{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2}
				n := outward(a, b, s, d/3)
				q := orb.Point{m[0] + n[0]*d, m[1] + n[1]*d}
				if onLand(q) {
					flush()
					continue
				}
				if len(run) == 0 {
					run = append(run, a)
				}
				run = append(run, b)
			}
			flush()
		}
	}
	return out
}

// outward is the unit normal of edge a-b pointing out of s (tested a step
// eps to one side).
func outward(a, b orb.Point, s shape, eps float64) orb.Point {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Hypot(dx, dy)
	if l == 0 {
		return orb.Point{0, 0}
	}
	n := orb.Point{-dy / l, dx / l}
	m := orb.Point{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2}
	if s.contains(orb.Point{m[0] + n[0]*eps, m[1] + n[1]*eps}) {
		return orb.Point{-n[0], -n[1]}
	}
	return n
}
