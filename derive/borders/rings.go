package borders

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
)

// arena hands out rings carved from large chunks of points, so that a file
// of a million positions makes a few dozen allocations, not a million.
type arena struct {
	buf   []orb.Point
	start int // where the ring being built starts in buf
	chunk int
}

func (a *arena) init(srcLen int) {
	a.chunk = max(256, srcLen/32)
	a.buf = make([]orb.Point, 0, a.chunk)
}

func (a *arena) begin() { a.start = len(a.buf) }

func (a *arena) add(p orb.Point) {
	if len(a.buf) == cap(a.buf) {
		// Move the ring being built to a fresh chunk; earlier rings keep
		// the old one alive.
		part := a.buf[a.start:]
		nb := make([]orb.Point, len(part), max(a.chunk, 2*len(part)+16))
		copy(nb, part)
		a.buf, a.start = nb, 0
	}
	a.buf = append(a.buf, p)
}

// pop drops the last point of the ring being built.
func (a *arena) pop() {
	if len(a.buf) > a.start {
		a.buf = a.buf[:len(a.buf)-1]
	}
}

func (a *arena) len() int { return len(a.buf) - a.start }

func (a *arena) first() orb.Point { return a.buf[a.start] }

func (a *arena) last() orb.Point { return a.buf[len(a.buf)-1] }

// take returns the ring built since begin, capped so that appending to it
// cannot overwrite the next ring.
func (a *arena) take() orb.Ring {
	r := a.buf[a.start:len(a.buf):len(a.buf)]
	a.start = len(a.buf)
	return r
}

// ringCtx says where a ring is, for messages; the pointer is built only
// when something is reported.
type ringCtx struct {
	feat *featCtx
	poly int // -1 for a Polygon's rings
	ring int
}

func (rc *ringCtx) ptr() string {
	p := rc.feat.coordsPointer()
	if rc.poly >= 0 {
		p += "/" + strconv.Itoa(rc.poly)
	}
	return p + "/" + strconv.Itoa(rc.ring)
}

// featCtx is the feature being read. Its pointer is prefix+idx (or prefix
// alone when idx < 0), built only when something is reported.
type featCtx struct {
	prefix  string
	idx     int
	suffix  string // from the feature to its coordinates: "/geometry/coordinates", "/arcs"
	off     int    // offset of the geometry, for line:col
	cut     int    // polygons cut at the antimeridian
	wrong   bool   // some ring wound against RFC 7946
	geojson bool
	empty   bool     // an empty geometry (or empty polygon of a MultiPolygon) was read
	once    []string // position-level rules already reported for this feature
}

func (fc *featCtx) pointer() string {
	if fc.idx < 0 {
		return fc.prefix
	}
	return fc.prefix + strconv.Itoa(fc.idx)
}

func (fc *featCtx) coordsPointer() string { return fc.pointer() + fc.suffix }

// arena chunks for the slices of rings and polygons, so that a feature costs
// no allocation of its own for them.
func (d *decoder) takeRings(mark int) orb.Polygon {
	n := len(d.ringBuf) - mark
	if n == 0 {
		return nil
	}
	if len(d.ringArena)+n > cap(d.ringArena) {
		d.ringArena = make([]orb.Ring, 0, max(4096, n))
	}
	start := len(d.ringArena)
	d.ringArena = append(d.ringArena, d.ringBuf[mark:]...)
	d.ringBuf = d.ringBuf[:mark]
	return orb.Polygon(d.ringArena[start:len(d.ringArena):len(d.ringArena)])
}

func (d *decoder) takePolys(mark int) orb.MultiPolygon {
	n := len(d.polyBuf) - mark
	if n == 0 {
		return nil
	}
	if len(d.polyArena)+n > cap(d.polyArena) {
		d.polyArena = make([]orb.Polygon, 0, max(4096, n))
	}
	start := len(d.polyArena)
	d.polyArena = append(d.polyArena, d.polyBuf[mark:]...)
	d.polyBuf = d.polyBuf[:mark]
	return orb.MultiPolygon(d.polyArena[start:len(d.polyArena):len(d.polyArena)])
}

// finishRing closes the ring being built in the arena and checks it. It
// returns nil when the ring is dropped. cut reports that the ring crosses
// the antimeridian or leaves [-180, 180] and must be cut.
func (d *decoder) finishRing(rc *ringCtx, off int) (r orb.Ring, cut bool) {
	a := &d.pts
	if n := a.len(); n > 0 && a.first() != a.last() {
		a.add(a.first())
		if n >= 3 {
			d.report(RuleUnclosedRing, diag.Warning, rc.ptr(), off,
				"ring is not closed (its last position differs from its first); closed it")
		}
	}
	if a.len() == 0 {
		d.report(RuleShortRing, diag.Warning, rc.ptr(), off, "ring has no positions; dropped it")
		return nil, false
	}
	if n := a.len(); n < 4 {
		distinct := 1
		for i := a.start + 1; i < len(a.buf); i++ {
			if a.buf[i] != a.buf[a.start] && a.buf[i] != a.buf[i-1] {
				distinct++
			}
		}
		if distinct < 2 {
			a.take()
			d.report(RuleShortRing, diag.Warning, rc.ptr(), off,
				"ring has a single distinct position; dropped it")
			return nil, false
		}
		// Quantization collapses small rings to a line (Falls Church in
		// us-atlas). Such a ring still carries real border, so keep it,
		// padded to four positions as topojson-client does. In TopoJSON
		// that is what quantizing does, not a fault of the file: info.
		for a.len() < 4 {
			a.add(a.first())
		}
		sev := diag.Warning
		if d.topo {
			sev = diag.Info
		}
		d.report(RuleShortRing, sev, rc.ptr(), off,
			"ring has %d positions, fewer than 4, and no area; kept it for its edges", n)
	}
	r = a.take()
	if d.topo {
		// GeoJSON positions are checked as they are read; TopoJSON ones
		// only exist once the arcs are stitched into rings.
		for _, p := range r {
			if p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90 {
				d.reportOnce(rc.feat, RuleOutOfRange, diag.Error, rc.ptr(), off,
					"position [%g, %g] is outside longitude [-180, 180] or latitude [-90, 90]: %s", p[0], p[1], projectedHint)
				break
			}
		}
	}
	for i, p := range r {
		if p[0] < -180 || p[0] > 180 {
			cut = true
			break
		}
		if i > 0 && math.Abs(p[0]-r[i-1][0]) > 180 {
			cut = true
			break
		}
	}
	if !cut {
		switch c := selfCrossing(r); {
		case c.found:
			i, j := c.i, c.j
			d.report(RuleSelfCrossing, diag.Warning, rc.ptr(), off,
				"ring crosses itself: the edge from [%g, %g] to [%g, %g] crosses the edge from [%g, %g] to [%g, %g]; its area and borders may be wrong",
				r[i][0], r[i][1], r[i+1][0], r[i+1][1], r[j][0], r[j][1], r[j+1][0], r[j+1][1])
		case !c.complete:
			d.report(RuleSelfCrossing, diag.Info, rc.ptr(), off,
				"ring of %d positions not checked for crossing itself: its edges overlap too much to check in bounded time (%d tests per edge)",
				len(r), selfCrossBudgetPerEdge)
		}
	}
	return r, cut
}

// signedArea is twice the planar area of a ring in lon/lat, positive when it
// runs counterclockwise. Longitudes are unwrapped so that a ring crossing
// the antimeridian keeps its shape.
func signedArea(r orb.Ring) float64 {
	var sum float64
	px, py := r[0][0], r[0][1]
	for _, p := range r[1:] {
		x := p[0]
		if d := x - px; d > 180 || d < -180 {
			x -= 360 * math.Round(d/360)
		}
		sum += px*p[1] - x*py
		px, py = x, p[1]
	}
	return sum
}

// addPolygon appends a polygon to d.polyBuf, checking its winding and
// cutting it at the antimeridian when one of its rings needs it.
func (d *decoder) addPolygon(fc *featCtx, poly orb.Polygon, needCut bool, polyIdx, off int) {
	if fc.geojson && !fc.wrong {
		for i, r := range poly {
			a := signedArea(r)
			if (i == 0 && a < 0) || (i > 0 && a > 0) {
				fc.wrong = true
				break
			}
		}
	}
	if !needCut {
		d.polyBuf = append(d.polyBuf, poly)
		return
	}
	pieces := cutPolygon(poly)
	fc.cut++
	ptr := fc.coordsPointer()
	if polyIdx >= 0 {
		ptr += "/" + strconv.Itoa(polyIdx)
	}
	which := "polygon"
	if polyIdx >= 0 {
		which = fmt.Sprintf("polygon %d", polyIdx) // in TopoJSON all a geometry's polygons report at one place
	}
	d.report(RuleAntimeridian, diag.Info, ptr, off,
		"%s crosses the antimeridian; cut it at ±180° into %s (RFC 7946 §3.1.9)", which, plural(len(pieces), "piece"))
	d.polyBuf = append(d.polyBuf, pieces...)
}

// checkWinding reports, once per file, GeoJSON features whose rings do not
// follow RFC 7946's right-hand rule (exterior rings counterclockwise). It is
// info only: the RFC says not to reject such files, the geometry is read
// the same either way, and the same file says the same at every build; the
// message gives the command that rewrites it.
func (d *decoder) checkWinding(features []rawFeature) {
	n, first := 0, -1
	for i := range features {
		if features[i].wrongWound {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n > 0 {
		f := features[first]
		d.report(RuleWinding, diag.Info, f.pointer(), f.off,
			"%d of %d features have rings wound clockwise; RFC 7946 wants exterior rings counterclockwise and holes clockwise (read as they are; to rewrite the file: ogr2ogr -lco RFC7946=YES %s %s)",
			n, len(features), shellQuote(rewoundName(d.file)), shellQuote(d.file))
	}
}

// cutPolygon cuts a polygon whose rings cross the antimeridian (or lie
// outside [-180, 180]) into pieces that each lie within [-180, 180] with no
// segment longer than 180° of longitude. Each ring is unwrapped into a
// continuous band of longitudes, clipped to each 360°-wide strip it touches
// and shifted back. The cut edges lie exactly on ±180°.
func cutPolygon(poly orb.Polygon) []orb.Polygon {
	var out []orb.Polygon
	for _, ext := range cutRing(poly[0]) {
		out = append(out, orb.Polygon{ext})
	}
	if len(out) == 0 {
		return nil
	}
	for _, hole := range poly[1:] {
		for _, h := range cutRing(hole) {
			hb := h.Bound()
			for i := range out {
				if out[i][0].Bound().Contains(hb.Min) && out[i][0].Bound().Contains(hb.Max) {
					out[i] = append(out[i], h)
					break
				}
			}
		}
	}
	return out
}

// upt is a point of a ring being cut: x is its longitude unwrapped into a
// continuous band, n the point itself with longitude in [-180, 180].
type upt struct {
	x float64
	n orb.Point
}

// normLon brings a longitude into [-180, 180] (a loop of subtractions
// would never end on 1e300).
func normLon(x float64) float64 {
	if x >= -180 && x <= 180 {
		return x
	}
	x = math.Mod(x+180, 360)
	if x < 0 {
		x += 360
	}
	return x - 180
}

// cutRing is cutPolygon for one ring.
func cutRing(r orb.Ring) []orb.Ring {
	u := make([]upt, 0, len(r)+4)
	for i, p := range r {
		n := orb.Point{normLon(p[0]), p[1]}
		x := n[0]
		if i > 0 {
			prev := u[i-1].x
			x += 360 * math.Round((prev-x)/360)
		}
		u = append(u, upt{x, n})
	}
	// A ring that ends 360° away from where it started goes round a pole
	// (Antarctica): close it along the nearer pole, in steps of at most 180°.
	if end := u[len(u)-1]; end.x != u[0].x {
		var latSum float64
		for _, p := range u {
			latSum += p.n[1]
		}
		pole := 90.0
		if latSum < 0 {
			pole = -90
		}
		steps := int(math.Round(math.Abs(u[0].x-end.x) / 180)) // 2 per turn round the pole
		step := (u[0].x - end.x) / float64(steps)
		for i := range steps {
			x := end.x + float64(i)*step
			u = append(u, upt{x, orb.Point{normLon(x), pole}})
		}
		u = append(u, upt{u[0].x, orb.Point{u[0].n[0], pole}}, u[0])
	}
	minX, maxX := u[0].x, u[0].x
	for _, p := range u {
		minX, maxX = min(minX, p.x), max(maxX, p.x)
	}
	var out []orb.Ring
	for k := math.Floor((minX + 180) / 360); k*360-180 < maxX; k++ {
		piece := clipX(clipX(u, k*360-180, true), k*360+180, false)
		if len(piece) < 4 {
			continue
		}
		ring := make(orb.Ring, len(piece))
		for i, p := range piece {
			ring[i] = p.n
			// Keep the side of the cut the piece lies on: a point on
			// the cut at the strip's west edge is -180, at its east +180.
			if p.x == k*360-180 {
				ring[i][0] = -180
			} else if p.x == k*360+180 {
				ring[i][0] = 180
			}
		}
		out = append(out, ring)
	}
	return out
}

// clipX clips a closed ring to x >= c (keepAbove) or x <= c
// (Sutherland–Hodgman). A non-convex ring may come back with zero-width
// bridges along x = c; they lie on the cut, which adjacency ignores.
func clipX(r []upt, c float64, keepAbove bool) []upt {
	if len(r) == 0 {
		return nil
	}
	in := func(p upt) bool {
		if keepAbove {
			return p.x >= c
		}
		return p.x <= c
	}
	out := make([]upt, 0, len(r)+4)
	for i := 0; i+1 < len(r); i++ {
		p, q := r[i], r[i+1]
		pin, qin := in(p), in(q)
		if pin {
			out = append(out, p)
		}
		if pin != qin && p.x != c && q.x != c {
			out = append(out, upt{c, orb.Point{normLon(c), crossLat(p, q)}})
		}
	}
	if len(out) > 0 && out[0] != out[len(out)-1] {
		out = append(out, out[0])
	}
	return out
}

// crossLat is the latitude where segment pq crosses the antimeridian,
// interpolated linearly in longitude. It is worked out from the points'
// own longitudes, west end first, so that two rings sharing the segment
// (in either direction, unwrapped either way) get the same point.
func crossLat(p, q upt) float64 {
	if q.x < p.x {
		p, q = q, p
	}
	// p is east of the meridian (longitude up to 180), q west of it.
	dp := 180 - p.n[0]
	dq := 180 + q.n[0]
	if dp+dq == 0 {
		return p.n[1]
	}
	return p.n[1] + dp/(dp+dq)*(q.n[1]-p.n[1])
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// rewoundName is the name the winding message proposes for the rewritten
// file: states.geojson -> states-rfc7946.geojson.
func rewoundName(file string) string {
	if i := strings.LastIndexByte(file, '.'); i > strings.LastIndexAny(file, "/\\") && i > 0 {
		return file[:i] + "-rfc7946" + file[i:]
	}
	return file + "-rfc7946.geojson"
}
