package adjacency

import (
	"math"
	"slices"

	"github.com/paulmach/orb"
)

// metresPerDegree of latitude (and of longitude at the equator).
const metresPerDegree = EarthRadiusKm * 1000 * math.Pi / 180

// coastPiece is the part [a, b] (parameters along the segment) of a
// segment that no other region shares.
type coastPiece struct {
	seg  int32
	a, b float64
}

// span is the part [lo, hi] of a segment that lies within the tolerance
// of some segment of region reg.
type span struct {
	reg    int32
	lo, hi float64
}

// grid is a uniform grid over segment bounding boxes (grown by the
// tolerance), stored as compressed rows: the segments of cell c are
// items[start[c]:start[c+1]].
type grid struct {
	minX, minY float64
	cell       float64
	nx, ny     int
	start      []int32
	items      []int32
	only       []int32 // the one region in a cell, or -1 when several
}

type box struct{ minX, minY, maxX, maxY float64 }

func (g *grid) cells(b box) (x0, y0, x1, y1 int) {
	cx := func(v, lo float64, n int) int {
		i := int((v - lo) / g.cell)
		return max(0, min(n-1, i))
	}
	return cx(b.minX, g.minX, g.nx), cx(b.minY, g.minY, g.ny), cx(b.maxX, g.minX, g.nx), cx(b.maxY, g.minY, g.ny)
}

// matchLeftovers runs the segments the exact pass left unmatched through a
// grid index: for each one, the parts of it that lie within the tolerance
// of other regions' leftover segments count as border with them. At
// tolerance 0 a millimetre's slack finds T-junctions and collinear
// overlaps. Leftovers meet only leftovers: a segment matched exactly lies
// between two regions already, and a third region cannot run along it
// without overlapping one of them.
func (c *computer) matchLeftovers() {
	var left []int32
	for i, m := range c.matched {
		if !m {
			left = append(left, int32(i))
		}
	}
	if len(left) == 0 {
		return
	}
	tolM := max(0, c.opts.ToleranceM) + epsilonM
	tolLat := tolM / metresPerDegree
	boxes := make([]box, len(left))
	var all box
	extent := 0.0
	for i, si := range left {
		s := &c.segs[si]
		b := box{min(s.p[0], s.q[0]), min(s.p[1], s.q[1]), max(s.p[0], s.q[0]), max(s.p[1], s.q[1])}
		lat := min(89.99, max(math.Abs(b.minY), math.Abs(b.maxY))+tolLat)
		tolLon := tolLat / math.Cos(lat*math.Pi/180)
		b = box{b.minX - tolLon, b.minY - tolLat, b.maxX + tolLon, b.maxY + tolLat}
		boxes[i] = b
		if i == 0 {
			all = b
		} else {
			all = box{min(all.minX, b.minX), min(all.minY, b.minY), max(all.maxX, b.maxX), max(all.maxY, b.maxY)}
		}
		extent += max(b.maxX-b.minX, b.maxY-b.minY)
	}
	g := c.buildGrid(left, boxes, all, extent/float64(len(left)))

	stamp := make([]int32, len(left)) // last query that saw each leftover, plus one
	var spans []span
	for qi, si := range left {
		s := &c.segs[si]
		x0, y0, x1, y1 := g.cells(boxes[qi])
		alone := true
		for y := y0; y <= y1 && alone; y++ {
			for x := x0; x <= x1; x++ {
				if o := g.only[y*g.nx+x]; o != s.reg && o != math.MinInt32 {
					alone = false
					break
				}
			}
		}
		spans = spans[:0]
		if !alone {
			f := newFrame(s.p, s.q)
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					cell := y*g.nx + x
					for _, ti := range g.items[g.start[cell]:g.start[cell+1]] {
						t := &c.segs[left[ti]]
						if t.reg == s.reg || stamp[ti] == int32(qi)+1 {
							continue
						}
						stamp[ti] = int32(qi) + 1
						bq, bt := &boxes[qi], &boxes[ti]
						if bt.minX > bq.maxX || bt.maxX < bq.minX || bt.minY > bq.maxY || bt.maxY < bq.minY {
							continue
						}
						if lo, hi, _, _, ok := f.within(t.p, t.q, tolM); ok {
							spans = append(spans, span{t.reg, lo, hi})
						}
					}
				}
			}
		}
		c.recordSpans(si, spans)
	}
}

// buildGrid sizes cells near the mean segment extent (bounded so there are
// at most about four cells per segment) and files each segment under every
// cell its box touches.
func (c *computer) buildGrid(left []int32, boxes []box, all box, meanExtent float64) *grid {
	w, h := all.maxX-all.minX, all.maxY-all.minY
	n := float64(len(left))
	cell := max(meanExtent, math.Sqrt(w*h/n), 1e-9)
	for (w/cell+1)*(h/cell+1) > 4*n+16 {
		cell *= 1.5
	}
	g := &grid{minX: all.minX, minY: all.minY, cell: cell, nx: int(w/cell) + 1, ny: int(h/cell) + 1}
	ncell := g.nx * g.ny
	g.start = make([]int32, ncell+1)
	g.only = make([]int32, ncell)
	for i := range g.only {
		g.only[i] = math.MinInt32 // empty
	}
	for i := range left {
		x0, y0, x1, y1 := g.cells(boxes[i])
		reg := c.segs[left[i]].reg
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				cell := y*g.nx + x
				g.start[cell+1]++
				switch g.only[cell] {
				case math.MinInt32:
					g.only[cell] = reg
				case reg:
				default:
					g.only[cell] = -1
				}
			}
		}
	}
	for i := 1; i <= ncell; i++ {
		g.start[i] += g.start[i-1]
	}
	g.items = make([]int32, g.start[ncell])
	fill := slices.Clone(g.start[:ncell])
	for i := range left {
		x0, y0, x1, y1 := g.cells(boxes[i])
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				cell := y*g.nx + x
				g.items[fill[cell]] = int32(i)
				fill[cell]++
			}
		}
	}
	return g
}

// recordSpans turns the spans found for leftover segment si into border
// records per region and, for the coast, the parts no region covers.
func (c *computer) recordSpans(si int32, spans []span) {
	s := &c.segs[si]
	if len(spans) > 0 {
		slices.SortFunc(spans, func(a, b span) int {
			if a.reg != b.reg {
				return int(a.reg - b.reg)
			}
			return cmpFloat(a.lo, b.lo)
		})
		km := haversineKm(s.p, s.q)
		for i := 0; i < len(spans); {
			reg := spans[i].reg
			covered, lo, hi := 0.0, 0.0, -1.0
			j := i
			for ; j < len(spans) && spans[j].reg == reg; j++ {
				switch sp := spans[j]; {
				case sp.lo >= sp.hi: // a contact only
				case sp.lo > hi:
					covered += max(0, hi-lo)
					lo, hi = sp.lo, sp.hi
				default:
					hi = max(hi, sp.hi)
				}
			}
			covered += max(0, hi-lo)
			kind := uint8(kindCovAB)
			if s.reg > reg {
				kind = kindCovBA
			}
			c.recs = append(c.recs, rec{pairKey(s.reg, reg), kindContact, 0})
			if covered > 0 {
				c.recs = append(c.recs, rec{pairKey(s.reg, reg), kind, covered * km})
			}
			i = j
		}
	}
	if !c.opts.Coast || onCut(s.p, s.q) {
		return // a cut edge whose other half did not match is not coast either
	}
	// The coast is what no region covers.
	slices.SortFunc(spans, func(a, b span) int { return cmpFloat(a.lo, b.lo) })
	at := 0.0
	for _, sp := range spans {
		if sp.lo >= sp.hi {
			continue
		}
		if sp.lo > at {
			c.coastPc = append(c.coastPc, coastPiece{si, at, sp.lo})
		}
		at = max(at, sp.hi)
	}
	if at < 1 {
		c.coastPc = append(c.coastPc, coastPiece{si, at, 1})
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// frame is a local equirectangular projection in metres centred on a
// segment, good to well under a millimetre over the few kilometres that
// matter here.
type frame struct {
	lon0, lat0, kx float64
	p0, d          [2]float64 // the segment: p0 + u*d, u in [0, 1]
}

func newFrame(p, q orb.Point) frame {
	f := frame{lon0: p[0], lat0: p[1]}
	f.kx = metresPerDegree * math.Cos((p[1]+q[1])/2*math.Pi/180)
	f.d = f.project(q)
	return f
}

func (f *frame) project(p orb.Point) [2]float64 {
	dl := p[0] - f.lon0
	if dl > 180 {
		dl -= 360
	} else if dl < -180 {
		dl += 360
	}
	return [2]float64{dl * f.kx, (p[1] - f.lat0) * metresPerDegree}
}

// within compares the frame's segment s with segment ab at r metres. The
// contact is the part of s within r of ab: the intersection of a line with a
// capsule (a rectangle and two discs), convex, so one interval [clo, chi];
// ok reports that it is not empty. The cover [lo, hi] is the part of s
// that runs alongside ab: within r of it, with its perpendicular foot on
// ab (the rectangle only, so that two segments meeting end to end do not
// cover each other), and only when the two run within 60° of parallel (a
// side meeting a border at a corner is not part of the border).
func (f *frame) within(a, b orb.Point, r float64) (lo, hi, clo, chi float64, ok bool) {
	qa, qb := f.project(a), f.project(b)
	clo, chi = math.Inf(1), math.Inf(-1)
	add := func(l, h float64) {
		l, h = max(l, 0), min(h, 1)
		if l <= h {
			clo, chi = min(clo, l), max(chi, h)
		}
	}
	add(f.disc(qa, r))
	add(f.disc(qb, r))
	lo, hi = 1, 0
	ex, ey := qb[0]-qa[0], qb[1]-qa[1]
	if l := math.Hypot(ex, ey); l > 0 {
		ex, ey = ex/l, ey/l
		wx, wy := f.p0[0]-qa[0], f.p0[1]-qa[1]
		l0, l1 := 0.0, 1.0
		clip := func(a0, a1, mn, mx float64) {
			if a1 == 0 {
				if a0 < mn || a0 > mx {
					l0, l1 = 1, 0
				}
				return
			}
			u1, u2 := (mn-a0)/a1, (mx-a0)/a1
			if u1 > u2 {
				u1, u2 = u2, u1
			}
			l0, l1 = max(l0, u1), min(l1, u2)
		}
		along := f.d[0]*ex + f.d[1]*ey
		clip(wx*ex+wy*ey, along, 0, l)
		clip(-wx*ey+wy*ex, -f.d[0]*ey+f.d[1]*ex, -r, r)
		add(l0, l1)
		if l0 < l1 && math.Abs(along) >= 0.5*math.Hypot(f.d[0], f.d[1]) {
			lo, hi = l0, l1
		}
	}
	return lo, hi, clo, chi, clo <= chi
}

// disc gives the parameters where the segment is within r of point c.
func (f *frame) disc(c [2]float64, r float64) (float64, float64) {
	wx, wy := f.p0[0]-c[0], f.p0[1]-c[1]
	a := f.d[0]*f.d[0] + f.d[1]*f.d[1]
	b := 2 * (wx*f.d[0] + wy*f.d[1])
	cc := wx*wx + wy*wy - r*r
	if a == 0 {
		if cc <= 0 {
			return 0, 1
		}
		return 1, 0
	}
	disc := b*b - 4*a*cc
	if disc < 0 {
		return 1, 0
	}
	sq := math.Sqrt(disc)
	return (-b - sq) / (2 * a), (-b + sq) / (2 * a)
}

// coast joins the coast pieces into lines, per region, in ring order.
func (c *computer) coast(n int) []orb.MultiLineString {
	out := make([]orb.MultiLineString, n)
	at := func(s *segment, u float64) orb.Point {
		switch u {
		case 0:
			return s.p
		case 1:
			return s.q
		}
		return orb.Point{s.p[0] + u*(s.q[0]-s.p[0]), s.p[1] + u*(s.q[1]-s.p[1])}
	}
	var cur orb.LineString
	curRing, curReg := int32(-1), int32(-1)
	ringFirst := -1 // index in out[curReg] of the ring's first line
	flush := func() {
		if len(cur) >= 2 {
			out[curReg] = append(out[curReg], cur)
		}
		cur = nil
	}
	closeRing := func() {
		flush()
		// A coast that runs through the ring's start is one line, not two.
		if curReg >= 0 && ringFirst >= 0 && len(out[curReg]) > ringFirst+1 {
			lines := out[curReg]
			first, last := lines[ringFirst], lines[len(lines)-1]
			if last[len(last)-1] == first[0] {
				lines[ringFirst] = append(last[:len(last):len(last)], first[1:]...)
				out[curReg] = lines[:len(lines)-1]
			}
		}
	}
	for _, pc := range c.coastPc {
		s := &c.segs[pc.seg]
		a, b := at(s, pc.a), at(s, pc.b)
		if s.ring != curRing {
			closeRing()
			curRing, curReg = s.ring, s.reg
			ringFirst = len(out[curReg])
		}
		if len(cur) > 0 && cur[len(cur)-1] == a {
			cur = append(cur, b)
			continue
		}
		flush()
		cur = orb.LineString{a, b}
	}
	closeRing()
	return out
}
