package scene

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/paulmach/orb"
)

// labeler places names so that they do not overlap: each region's name goes
// at its pole of inaccessibility, as large as the region allows within the
// page's size range; a name that does not fit inside, or that would cover
// another, goes outside on a leader line, where it hides the least land.
type labeler struct {
	area   orb.Bound   // labels stay inside this box
	placed []orb.Bound // boxes already taken (take adds one)
	land   []shape     // what outside labels should not cover (setLand)
	// placedIx and landIx find the boxes and the land near a place.
	placedIx, landIx *boxIndex
	u                float64
	maxS             float64 // the largest name
	minS             float64 // the smallest name inside a region
	outS             float64 // names outside their region
}

type labelJob struct {
	id, name string
	note     string // a second, smaller line ("air only")
	anchor   orb.Point
	r        float64
	shape    shape
}

func newLabeler(area orb.Bound, u float64) *labeler {
	return &labeler{area: area, u: u, maxS: 17 * u, minS: 9 * u, outS: 10.5 * u, placedIx: newBoxIndex(area, 1024)}
}

// block reserves a box (an inset) that no label may cover.
func (lb *labeler) block(b orb.Bound) { lb.take(b) }

// take marks a box as taken by a label or an inset.
func (lb *labeler) take(b orb.Bound) {
	lb.placedIx.add(len(lb.placed), b)
	lb.placed = append(lb.placed, b)
}

// setLand is what outside labels should not cover.
func (lb *labeler) setLand(land []shape) {
	lb.land = land
	lb.landIx = newBoxIndex(lb.area, len(land))
	for i, s := range land {
		lb.landIx.add(i, s.bound)
	}
}

// onLand reports whether p is on a shape setLand gave.
func (lb *labeler) onLand(p orb.Point) bool {
	if lb.landIx == nil {
		return false
	}
	for _, i := range lb.landIx.atPoint(p) {
		if lb.land[i].contains(p) {
			return true
		}
	}
	return false
}

func (lb *labeler) free(b orb.Bound) bool {
	if !inside(b, lb.area) {
		return false
	}
	g := b.Pad(1.5 * lb.u)
	free := true
	lb.placedIx.meeting(g, func(i int) bool {
		free = !overlaps(g, lb.placed[i])
		return free
	})
	return free
}

func (lb *labeler) text(lines []string, at orb.Point, size float64) *Text {
	return &Text{Class: "label", At: at, Lines: lines, Size: size, Fill: textColor, Halo: haloColor, HaloWidth: 2.4 * lb.u}
}

// place labels every job: names that fit inside first (largest region
// first), then the rest outside, smallest first, since the smallest need
// to stay closest to home.
func (lb *labeler) place(jobs []*labelJob) []Item {
	order := append([]*labelJob(nil), jobs...)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].r != order[j].r {
			return order[i].r > order[j].r
		}
		return order[i].id < order[j].id
	})
	byJob := map[*labelJob][]Item{}
	var outside []*labelJob
	for _, j := range order {
		if t := lb.inside(j); t != nil {
			byJob[j] = []Item{t}
			lb.take(t.Bound())
		} else {
			outside = append(outside, j)
		}
	}
	sort.SliceStable(outside, func(a, b int) bool {
		if outside[a].r != outside[b].r {
			return outside[a].r < outside[b].r
		}
		return outside[a].id < outside[b].id
	})
	for _, j := range outside {
		byJob[j] = lb.outside(j)
	}
	// Leader lines under every text, then the texts, in job order so the
	// output does not depend on placement order.
	var leaders, texts []Item
	for _, j := range jobs {
		for _, it := range byJob[j] {
			if t, ok := it.(*Text); ok {
				texts = append(texts, t)
			} else {
				leaders = append(leaders, it)
			}
		}
	}
	return append(leaders, texts...)
}

// layouts are the ways to break a name: one line, or two at the space
// nearest its middle.
func layouts(name, note string) [][]string {
	out := [][]string{{name}}
	if i := splitAt(name); i > 0 {
		out = append(out, []string{name[:i], name[i+1:]})
	}
	if note != "" {
		for k := range out {
			out[k] = append(out[k], note)
		}
	}
	return out
}

func splitAt(name string) int {
	best, bestD := -1, math.MaxInt
	for i, r := range name {
		if r == ' ' {
			if d := abs(2*i - len(name)); d < bestD {
				best, bestD = i, d
			}
		}
	}
	return best
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func widthAt1(lines []string) float64 {
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, Measure(Regular, l, 1))
	}
	return w
}

// inside finds the largest size at which the name fits in its region
// without covering a placed label: at the pole of inaccessibility, or
// shifted a little from it (a name is wider than tall; the roomiest circle
// is not always where the widest line is).
func (lb *labeler) inside(j *labelJob) *Text {
	poly := holder(j.shape, j.anchor)
	if poly == nil {
		return nil
	}
	var best *Text
	h := j.r * 0.5
	for _, off := range []orb.Point{{0, 0}, {-h, 0}, {h, 0}, {0, -h}, {0, h}, {-h, -h}, {h, -h}, {-h, h}, {h, h}} {
		at := orb.Point{j.anchor[0] + off[0], j.anchor[1] + off[1]}
		if !poly.contains(at) {
			continue
		}
		wh := extent(poly.polys[0], at, false)
		hv := extent(poly.polys[0], at, true)
		for _, lines := range layouts(j.name, j.note) {
			s := math.Min(lb.maxS, 0.85*wh/widthAt1(lines))
			s = math.Min(s, 0.9*math.Min(hv, 2.8*j.r)/(float64(len(lines))*LineHeight))
			for ; s >= lb.minS; s *= 0.92 {
				t := lb.text(lines, at, s)
				bd := t.Bound()
				if fitsIn(bd, poly) && lb.free(bd) {
					// A later try must be clearly larger to win: the pole
					// and one line are preferred.
					if best == nil || s > best.Size*1.15 {
						best = t
					}
					break
				}
			}
		}
	}
	return best
}

// holder is the polygon of s that holds p, as a shape of its own.
func holder(s shape, p orb.Point) *shape {
	for i, poly := range s.polys {
		if s.bounds[i].Contains(p) && inPolygon(p, poly) {
			h := newShape([]orb.Polygon{poly})
			return &h
		}
	}
	return nil
}

// fitsIn checks a label box against its region: the box's corners and edge
// midpoints, pulled in a little (a name may touch the border), must be
// inside.
func fitsIn(b orb.Bound, s *shape) bool {
	dx, dy := (b.Max[0]-b.Min[0])*0.03, (b.Max[1]-b.Min[1])*0.15
	x0, x1, y0, y1 := b.Min[0]+dx, b.Max[0]-dx, b.Min[1]+dy, b.Max[1]-dy
	xm, ym := (x0+x1)/2, (y0+y1)/2
	for _, p := range []orb.Point{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}, {xm, y0}, {xm, y1}, {x0, ym}, {x1, ym}} {
		if !s.contains(p) {
			return false
		}
	}
	return true
}

// outside puts the name beside its region with a leader line, trying rings
// of positions at growing distance and keeping the cheapest: near, over
// water rather than land, never over another label.
func (lb *labeler) outside(j *labelJob) []Item {
	lines := []string{j.name}
	if j.note != "" {
		lines = append(lines, j.note)
	}
	size := lb.outS
	var best *Text
	bestCost := math.Inf(1)
	for _, d := range []float64{6, 16, 30, 48, 72, 104, 144, 200} {
		d = d*lb.u + j.r
		for k := 0; k < 16; k++ {
			ang := float64(k) * math.Pi / 8
			dir := orb.Point{math.Cos(ang), math.Sin(ang)}
			t := lb.text(lines, j.anchor, size)
			bd := t.Bound()
			hw, hh := (bd.Max[0]-bd.Min[0])/2, (bd.Max[1]-bd.Min[1])/2
			// Push the box out along dir until its near edge is d away.
			reach := math.Min(hw/math.Max(math.Abs(dir[0]), 1e-9), hh/math.Max(math.Abs(dir[1]), 1e-9))
			c := orb.Point{j.anchor[0] + dir[0]*(d+reach), j.anchor[1] + dir[1]*(d+reach)}
			t.At = c
			bd = t.Bound()
			if !lb.free(bd) {
				continue
			}
			end := nearestOnBound(bd.Pad(1*lb.u), j.anchor)
			cost := d + lb.landCost(bd) + lb.crossCost(j.anchor, end, j.shape)
			if cost < bestCost {
				best, bestCost = t, cost
			}
		}
		if best != nil && bestCost < d+lb.u*20 {
			break // nothing farther can be cheaper by much
		}
	}
	if best == nil {
		// Nowhere free: keep the name at home, small, rather than lose it.
		t := lb.text(lines, j.anchor, lb.minS*0.9)
		lb.take(t.Bound())
		return []Item{t}
	}
	lb.take(best.Bound())
	end := nearestOnBound(best.Bound().Pad(1*lb.u), j.anchor)
	return []Item{
		&Path{Class: "leader", Rings: [][]orb.Point{{j.anchor, end}}, Style: Style{Stroke: textColor, StrokeOpacity: 0.8, StrokeWidth: 0.8 * lb.u}},
		&Circle{Class: "leader-dot", Center: j.anchor, R: 1.8 * lb.u, Style: Filled(textColor)},
		best,
	}
}

// landCost charges a label box for the land under it (sampled at nine
// points): a name over water hides nothing.
func (lb *labeler) landCost(b orb.Bound) float64 {
	cost := 0.0
	for i := 0; i < 3; i++ {
		for k := 0; k < 3; k++ {
			p := orb.Point{b.Min[0] + float64(i)*(b.Max[0]-b.Min[0])/2, b.Min[1] + float64(k)*(b.Max[1]-b.Min[1])/2}
			if lb.onLand(p) {
				cost += 9 * lb.u
			}
		}
	}
	return cost
}

// crossCost charges a leader line for each stretch of it over another
// region: a line across a neighbour reads as pointing at the neighbour.
func (lb *labeler) crossCost(a, b orb.Point, own shape) float64 {
	const n = 10
	cost := 0.0
	for i := 1; i < n; i++ {
		t := float64(i) / n
		p := orb.Point{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1])}
		if own.contains(p) {
			continue
		}
		if lb.onLand(p) {
			cost += 6 * lb.u
		}
	}
	return cost
}

// seaLabel names a sea where its tint is widest and no land or label is in
// the way; nothing when there is no such place.
func (lb *labeler) seaLabel(name string, s shape) Item {
	return lb.waterLabel(name, s, seaText, nil)
}

// bandLabel names a sea drawn as a coastal band, in the water beside the
// band, in the band's tint: beside a coast of its own (off the other
// bands) when there is one.
func (lb *labeler) bandLabel(name string, s shape, tint string, others []shape) Item {
	if t := lb.waterLabel(name, s, tint, others); t != nil {
		return t
	}
	return lb.waterLabel(name, s, tint, nil)
}

// waterLabel puts name in the water of s (not in avoid), as far from the
// edges of s's box as it can, clear of land and other labels.
func (lb *labeler) waterLabel(name string, s shape, fill string, avoid []shape) Item {
	if name == "" || len(s.polys) == 0 {
		return nil
	}
	size := 13 * lb.u
	lines := []string{name}
	if Measure(Italic, name, size) > 160*lb.u {
		if i := splitAt(name); i > 0 {
			lines = []string{name[:i], name[i+1:]}
		}
	}
	const n = 24
	b := s.bound
	var best *Text
	bestScore := math.Inf(-1)
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			p := orb.Point{b.Min[0] + (float64(i)+0.5)*(b.Max[0]-b.Min[0])/n, b.Min[1] + (float64(k)+0.5)*(b.Max[1]-b.Min[1])/n}
			if !s.contains(p) || slices.ContainsFunc(avoid, func(a shape) bool { return a.contains(p) }) {
				continue
			}
			t := &Text{Class: "sea-label", At: p, Lines: lines, Size: size, Font: Italic, Fill: fill, Halo: waterColor, HaloWidth: 2 * lb.u}
			bd := t.Bound()
			if !lb.free(bd) || lb.landCost(bd) > 0 {
				continue
			}
			// Prefer the middle of the sea's box: far from its edges.
			score := -math.Hypot(p[0]-(b.Min[0]+b.Max[0])/2, p[1]-(b.Min[1]+b.Max[1])/2)
			if score > bestScore {
				best, bestScore = t, score
			}
		}
	}
	if best == nil {
		return nil
	}
	lb.take(best.Bound())
	return best
}

// lineLabel names a rail line beside the middle of its longest piece, if
// there is room.
func (lb *labeler) lineLabel(name string, lines [][]orb.Point) Item {
	var longest []orb.Point
	for _, l := range lines {
		if len(l) > len(longest) || (len(l) == len(longest) && pathLen(l) > pathLen(longest)) {
			longest = l
		}
	}
	if len(longest) < 2 || strings.TrimSpace(name) == "" {
		return nil
	}
	mid := pointAlong(longest, pathLen(longest)/2)
	size := 10 * lb.u
	for _, off := range []orb.Point{{0, -10}, {0, 10}, {0, -18}, {0, 18}} {
		t := &Text{Class: "rail-label", At: orb.Point{mid[0] + off[0]*lb.u, mid[1] + off[1]*lb.u}, Lines: []string{name}, Size: size, Font: Italic, Fill: railColor, Halo: haloColor, HaloWidth: 2 * lb.u}
		if lb.free(t.Bound()) {
			lb.take(t.Bound())
			return t
		}
	}
	return nil
}

func pathLen(l []orb.Point) float64 {
	s := 0.0
	for i := 1; i < len(l); i++ {
		s += dist(l[i-1], l[i])
	}
	return s
}

func pointAlong(l []orb.Point, at float64) orb.Point {
	for i := 1; i < len(l); i++ {
		d := dist(l[i-1], l[i])
		if at <= d && d > 0 {
			t := at / d
			return orb.Point{l[i-1][0] + t*(l[i][0]-l[i-1][0]), l[i-1][1] + t*(l[i][1]-l[i-1][1])}
		}
		at -= d
	}
	return l[len(l)-1]
}
