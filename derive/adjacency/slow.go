package adjacency

import (
	"fmt"
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

// grid is a sparse uniform grid over segments: a hash table from cell to
// the segments filed under it (items[start:start+n]). Cells are about the
// size of a segment, wherever the segments are, so that dense coastlines
// and empty oceans cost the same per segment.
type grid struct {
	cell   float64
	mask   uint64
	slots  []gslot
	items  []int32
	first  []int32 // segment i's filings are slotOf[first[i]:first[i+1]]
	slotOf []int32
}

type gslot struct {
	key      uint64 // 0: empty
	start, n int32
	only     int32 // the one region filed here, or -1 when several
}

// slot finds (or adds) the slot of a cell key.
func (g *grid) slot(key uint64) int32 {
	for h := (key * 0x9E3779B97F4A7C15) >> 20 & g.mask; ; h = (h + 1) & g.mask {
		sl := &g.slots[h]
		if sl.key == key {
			return int32(h)
		}
		if sl.key == 0 {
			sl.key = key
			sl.only = math.MinInt32
			return int32(h)
		}
	}
}

// cells appends the keys of the cells that segment pq, grown by ex
// degrees of longitude and ey of latitude, passes through: column by
// column, so a long diagonal costs its length in cells, not its box.
func (g *grid) cells(p, q orb.Point, ex, ey float64, buf []uint64) []uint64 {
	buf = buf[:0]
	if q[0] < p[0] {
		p, q = q, p
	}
	cx0 := math.Floor((p[0] - ex) / g.cell)
	cx1 := math.Floor((q[0] + ex) / g.cell)
	dx := q[0] - p[0]
	for cx := cx0; cx <= cx1; cx++ {
		// The part of the segment over this column (grown by ex).
		x0, x1 := max(cx*g.cell-ex, p[0]), min((cx+1)*g.cell+ex, q[0])
		y0, y1 := p[1], q[1]
		if dx > 0 {
			t0, t1 := (x0-p[0])/dx, (x1-p[0])/dx
			y0, y1 = p[1]+max(0, t0)*(q[1]-p[1]), p[1]+min(1, t1)*(q[1]-p[1])
		}
		if y0 > y1 {
			y0, y1 = y1, y0
		}
		for cy := math.Floor((y0 - ey) / g.cell); cy <= math.Floor((y1+ey)/g.cell); cy++ {
			buf = append(buf, uint64(int64(cx)+1<<31)<<32|uint64(int64(cy)+1<<31))
		}
	}
	return buf
}

// lonSlack is how many degrees of longitude r metres span near segment pq.
func lonSlack(p, q orb.Point, tolLat float64) float64 {
	lat := min(89.99, max(math.Abs(p[1]), math.Abs(q[1]))+tolLat)
	return tolLat / math.Cos(lat*math.Pi/180)
}

// buildGrid sizes the cells at the mean segment extent (or the tolerance,
// if larger) and files each leftover segment under every cell its
// tolerance-grown outline crosses.
func (c *computer) buildGrid(left []int32, tolLat float64) *grid {
	extent := 0.0
	for _, si := range left {
		p, q := c.pts[si], c.pts[si+1]
		extent += max(math.Abs(q[0]-p[0]), math.Abs(q[1]-p[1]))
	}
	g := &grid{cell: max(extent/float64(len(left)), 2*tolLat, 1e-7), first: make([]int32, len(left)+1)}
	var keys, buf []uint64
	// Grow the cells if there are too many filings (a few very long
	// segments among many short ones).
	for {
		keys = keys[:0]
		for i, si := range left {
			p, q := c.pts[si], c.pts[si+1]
			buf = g.cells(p, q, lonSlack(p, q, tolLat), tolLat, buf)
			keys = append(keys, buf...)
			g.first[i+1] = int32(len(keys))
			if len(keys) > 16*len(left)+1024 {
				break
			}
		}
		if len(keys) <= 16*len(left)+1024 {
			break
		}
		g.cell *= 2
	}
	size := 1
	for size < 2*len(keys) {
		size *= 2
	}
	g.slots = make([]gslot, size)
	g.mask = uint64(size - 1)
	g.items = make([]int32, len(keys))
	g.slotOf = make([]int32, len(keys))
	for i, si := range left {
		reg := c.reg[si]
		for f := g.first[i]; f < g.first[i+1]; f++ {
			h := g.slot(keys[f])
			g.slotOf[f] = h
			sl := &g.slots[h]
			sl.n++
			switch sl.only {
			case math.MinInt32:
				sl.only = reg
			case reg:
			default:
				sl.only = -1
			}
		}
	}
	start := int32(0)
	for i := range g.slots {
		g.slots[i].start = start
		start += g.slots[i].n
		g.slots[i].n = 0
	}
	for i := range left {
		for _, h := range g.slotOf[g.first[i]:g.first[i+1]] {
			sl := &g.slots[h]
			g.items[sl.start+sl.n] = int32(i)
			sl.n++
		}
	}
	return g
}

// nearOthers is the leftovers (in their order) that may come within the
// tolerance of another region's leftover: those filed, with the grid's
// outlines, under a cell of a coarse dense grid that another region's
// leftover is filed under too. Two segments within the tolerance of each
// other have outlines that meet, so they share a cell at any size; the
// rest would find nothing in the grid and stay out of it.
func (c *computer) nearOthers(left []int32, tolLat float64) []int32 {
	lo, hi := orb.Point{math.Inf(1), math.Inf(1)}, orb.Point{math.Inf(-1), math.Inf(-1)}
	extent := 0.0
	for _, si := range left {
		p, q := c.pts[si], c.pts[si+1]
		lo = orb.Point{min(lo[0], p[0], q[0]), min(lo[1], p[1], q[1])}
		hi = orb.Point{max(hi[0], p[0], q[0]), max(hi[1], p[1], q[1])}
		extent += max(math.Abs(q[0]-p[0]), math.Abs(q[1]-p[1]))
	}
	// Cells a few segments wide, at most about four a leftover: a dense
	// array read and written in place, no hashing.
	cg := &grid{cell: max(4*extent/float64(len(left)), 2*tolLat, 1e-7)}
	slack := 2 * lonSlack(lo, hi, tolLat)
	for (hi[0]-lo[0]+2*slack)*(hi[1]-lo[1]+2*tolLat) > float64(4*len(left)+1024)*cg.cell*cg.cell {
		cg.cell *= 2
	}
	x0, y0 := math.Floor((lo[0]-slack)/cg.cell), math.Floor((lo[1]-tolLat)/cg.cell)
	nx := int(math.Floor((hi[0]+slack)/cg.cell)-x0) + 1
	ny := int(math.Floor((hi[1]+tolLat)/cg.cell)-y0) + 1
	if nx <= 0 || ny <= 0 || nx*ny > 16*len(left)+4096 {
		return left // a grid this coarse cannot tell: every leftover goes in
	}
	only := make([]int32, nx*ny) // the one region filed there plus one; -1 several
	// index is a cell's place in only, or -1 outside the grid (rounding at
	// its edge): such a segment goes in.
	index := func(key uint64) int {
		cx := int(float64(int64(key>>32)-1<<31) - x0)
		cy := int(float64(int64(key&(1<<32-1))-1<<31) - y0)
		if cx < 0 || cx >= nx || cy < 0 || cy >= ny {
			return -1
		}
		return cy*nx + cx
	}
	var buf []uint64
	for _, si := range left {
		p, q := c.pts[si], c.pts[si+1]
		reg := c.reg[si] + 1
		buf = cg.cells(p, q, lonSlack(p, q, tolLat), tolLat, buf)
		for _, key := range buf {
			i := index(key)
			if i < 0 {
				continue
			}
			switch o := &only[i]; *o {
			case 0:
				*o = reg
			case reg, -1:
			default:
				*o = -1
			}
		}
	}
	var near []int32
	for _, si := range left {
		p, q := c.pts[si], c.pts[si+1]
		buf = cg.cells(p, q, lonSlack(p, q, tolLat), tolLat, buf)
		for _, key := range buf {
			if i := index(key); i < 0 || only[i] != c.reg[si]+1 {
				near = append(near, si)
				break
			}
		}
	}
	return near
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
		if !m && c.valid(i) {
			left = append(left, int32(i))
		}
	}
	if len(left) == 0 {
		return
	}
	tolM := max(0, c.opts.ToleranceM) + epsilonM
	tolLat := tolM / metresPerDegree
	// Most leftovers are coast, far from any other region: only those that
	// come near another region's leftovers go into the grid.
	near := c.nearOthers(left, tolLat)
	g := &grid{}
	if len(near) > 0 {
		g = c.buildGrid(near, tolLat)
	}

	stamp := make([]int32, len(near)) // last query that saw each leftover near others, plus one
	var spans []span
	// The work is bounded: a tolerance that puts every boundary within
	// reach of every other would test every pair of segments.
	budget := MaxTestsPerSegment*len(left) + 1<<22
	qi := -1
	for _, si := range left {
		spans = spans[:0]
		if qi+1 >= len(near) || near[qi+1] != si {
			c.recordSpans(si, spans) // alone: no region within reach
			continue
		}
		qi++
		s := c.seg(si)
		// The cells the segment is filed under hold every segment within
		// the tolerance of it (and some more).
		slots := g.slotOf[g.first[qi]:g.first[qi+1]]
		alone := true
		for _, h := range slots {
			if g.slots[h].only != s.reg {
				alone = false
				break
			}
		}
		if !alone {
			f := newFrame(s.p, s.q)
			for _, h := range slots {
				sl := &g.slots[h]
				if budget -= int(sl.n); budget < 0 {
					c.unfinished = fmt.Sprintf("the tolerance of %g m puts so many boundaries within reach of each other that matching them would take more than %d tests per segment: the borders it would add were not all found", c.opts.ToleranceM, MaxTestsPerSegment)
					return
				}
				for _, ti := range g.items[sl.start : sl.start+sl.n] {
					if stamp[ti] == int32(qi)+1 {
						continue
					}
					stamp[ti] = int32(qi) + 1
					t := c.seg(near[ti])
					if t.reg == s.reg {
						continue
					}
					if lo, hi, _, _, ok := f.within(t.p, t.q, tolM); ok {
						spans = append(spans, span{t.reg, lo, hi})
					}
				}
			}
		}
		c.recordSpans(si, spans)
	}
}

// recordSpans turns the spans found for leftover segment si into border
// records per region and, for the coast, the parts no region covers.
func (c *computer) recordSpans(si int32, spans []span) {
	s := c.seg(si)
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
		s := c.seg(pc.seg)
		a, b := at(&s, pc.a), at(&s, pc.b)
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
