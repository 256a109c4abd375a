package borders

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/jsonscan"
)

// topology is the shared part of a TopoJSON file: its arcs and transform.
type topology struct {
	pts          []orb.Point // every arc's positions, decoded once read
	start        []int       // arc i is pts[start[i]:start[i+1]]
	scale        [2]float64
	translate    [2]float64
	hasTransform bool
	arcsOff      int // where "arcs" starts, to place a bad position
	scaleOff     int // where the transform's scale and translate start
	translateOff int
}

func (t *topology) arcCount() int { return max(0, len(t.start)-1) }

// readArcs reads the "arcs" array: an array of arcs, each an array of
// positions (quantized and delta-encoded when there is a transform).
func (t *topology) readArcs(s *jsonscan.Scanner) error {
	t.arcsOff = s.Pos
	t.pts = make([]orb.Point, 0, (len(s.Src)-s.Pos)/8)
	t.start = t.start[:0]
	ok, err := s.Array()
	for ok && err == nil {
		t.start = append(t.start, len(t.pts))
		var inner bool
		if inner, err = s.Array(); err != nil {
			return err
		}
		for inner {
			var p orb.Point
			if p, err = topoPosition(s); err != nil {
				return err
			}
			t.pts = append(t.pts, p)
			if inner, err = s.Next(); err != nil {
				return err
			}
		}
		ok, err = s.Next()
	}
	t.start = append(t.start, len(t.pts))
	return err
}

// topoPosition reads [x, y, ...] of an arc; more numbers are ignored.
func topoPosition(s *jsonscan.Scanner) (orb.Point, error) {
	var p orb.Point
	if s.WS() != '[' {
		return p, s.Fail("expected a position (an array of numbers)")
	}
	s.Pos++
	for n := 0; ; n++ {
		v, err := s.Num()
		if err != nil {
			return p, err
		}
		if n < 2 {
			p[n] = v
		}
		switch s.WS() {
		case ',':
			s.Pos++
			continue
		case ']':
			if n < 1 {
				return p, s.Fail("a position needs 2 numbers")
			}
			s.Pos++
			return p, nil
		}
		return p, s.Fail("expected ',' or ']' in a position")
	}
}

// readTransform reads {"scale": [sx, sy], "translate": [tx, ty]}.
func (t *topology) readTransform(s *jsonscan.Scanner) error {
	t.hasTransform = true
	start := s.Pos
	sawScale, sawTranslate := false, false
	err := s.Object(func(key []byte) error {
		switch string(key) {
		case "scale":
			t.scaleOff = s.Pos
			p, err := topoPosition(s)
			if err == nil && !(finite(p[0]) && finite(p[1]) && p[0] != 0 && p[1] != 0) {
				// A zero scale collapses every shape to a point.
				s.Pos = t.scaleOff
				return s.Fail(fmt.Sprintf("transform scale [%g, %g] must be two finite numbers other than 0", p[0], p[1]))
			}
			t.scale, sawScale = p, true
			return err
		case "translate":
			t.translateOff = s.Pos
			p, err := topoPosition(s)
			if err == nil && !(finite(p[0]) && finite(p[1])) {
				s.Pos = t.translateOff
				return s.Fail(fmt.Sprintf("transform translate [%g, %g] must be two finite numbers", p[0], p[1]))
			}
			t.translate, sawTranslate = p, true
			return err
		}
		return s.Skip()
	})
	if err == nil && (!sawScale || !sawTranslate) {
		s.Pos = start
		return s.Fail("transform needs both \"scale\" and \"translate\" (TopoJSON §2.1.2)")
	}
	return err
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// decodeArcs undoes the delta encoding and the quantization, in the order
// topojson-client does, so that equal arcs give bit-identical points. A
// position that is not finite once decoded (deltas whose sum overflows,
// or 1e400 in the file) is an error at that position: every shape after it
// would be meaningless.
func (t *topology) decodeArcs(s *jsonscan.Scanner) error {
	for a := 0; a+1 < len(t.start); a++ {
		var x, y float64
		for i := t.start[a]; i < t.start[a+1]; i++ {
			if t.hasTransform {
				x += t.pts[i][0]
				y += t.pts[i][1]
				t.pts[i] = orb.Point{x*t.scale[0] + t.translate[0], y*t.scale[1] + t.translate[1]}
			}
			if p := t.pts[i]; !finite(p[0]) || !finite(p[1]) {
				what := "is not a finite number"
				if t.hasTransform {
					what = "decodes to a number that is not finite (its deltas or the transform overflow)"
				}
				ptr := "/arcs/" + strconv.Itoa(a) + "/" + strconv.Itoa(i-t.start[a])
				s.Pos = positionOffset(s.Src, t.arcsOff, a, i-t.start[a])
				return s.Fail(fmt.Sprintf("arc position %s %s", ptr, what))
			}
		}
	}
	return nil
}

// positionOffset finds where position i of arc a starts, rescanning the
// arcs array from off (only when an error needs the place).
func positionOffset(src []byte, off, a, i int) int {
	s := &jsonscan.Scanner{Src: src, Pos: off}
	ok, err := s.Array()
	for ; ok && err == nil && a > 0; a-- {
		if err = s.Skip(); err == nil {
			ok, err = s.Next()
		}
	}
	if !ok || err != nil {
		return off
	}
	ok, err = s.Array()
	for ; ok && err == nil && i > 0; i-- {
		if err = s.Skip(); err == nil {
			ok, err = s.Next()
		}
	}
	if !ok || err != nil {
		return off
	}
	s.WS()
	return s.Pos
}

// topoGeom is a TopoJSON geometry object as read.
type topoGeom struct {
	typ     string
	off     int
	prefix  string // the pointer is prefix+idx, or prefix alone when idx < 0
	idx     int
	id      string
	hasID   bool
	props   map[string]any
	sawArcs bool
	arcsOff int
	refs    []int
	ends    [maxArcDepth + 2][]int // ends[d]: where each array at depth d ends
	leaf    int                    // depth of the arrays holding indexes; 0 until one is seen
	members []topoGeom
}

const maxArcDepth = 4

func (g *topoGeom) pointer() string {
	if g.idx < 0 {
		return g.prefix
	}
	return g.prefix + strconv.Itoa(g.idx)
}

// A map uses each arc at most twice, once for the region on either side, so
// the rings of one object hold about twice the arcs' positions. A file that
// references one long arc a million times would expand a few hundred
// kilobytes into gigabytes: past expandFactor times the arcs' positions
// (and some slack for tiny topologies), decoding stops.
const (
	expandFactor = 4
	expandSlack  = 1 << 20
)

// topoObjects reads the "objects" member and turns the chosen object into
// features.
func (d *decoder) topoObjects(t *topology) ([]rawFeature, error) {
	s := &d.s
	var names []string
	var chosen *topoGeom
	err := s.Object(func(key []byte) error {
		name := string(key)
		names = append(names, name)
		if chosen != nil || (d.opts.Object != "" && d.opts.Object != name) {
			return s.Skip()
		}
		g, err := d.topoGeometry("/objects/"+escapePtr(name), -1, 0)
		chosen = &g
		return err
	})
	if err != nil {
		return nil, err
	}
	if chosen == nil {
		if len(names) == 0 {
			return nil, d.errAt("/objects", -1, "Topology has no objects")
		}
		return nil, d.errAt("/objects", -1, "Topology has no object %q (it has %s)", d.opts.Object, strings.Join(names, ", "))
	}
	geoms := []topoGeom{*chosen}
	if chosen.typ == "GeometryCollection" {
		geoms = chosen.members
	}
	if len(geoms) == 0 {
		return nil, d.errAt(chosen.pointer(), chosen.off, "object has no geometries")
	}
	out := make([]rawFeature, 0, len(geoms))
	for i := range geoms {
		g := &geoms[i]
		if g.typ == "" {
			d.report(RuleNullGeometry, diag.Warning, g.pointer(), g.off, "geometry has no type (a null geometry); skipped it")
			continue
		}
		d.fc = featCtx{prefix: g.prefix, idx: g.idx, suffix: "/arcs", off: g.off}
		mark := len(d.polyBuf)
		isPolygon, err := d.topoPolygons(&d.fc, g, t)
		if err != nil {
			return nil, err
		}
		mp := d.takePolys(mark)
		if !isPolygon {
			continue
		}
		if len(mp) == 0 {
			d.report(RuleEmpty, diag.Warning, g.pointer(), g.off, "geometry has no polygon left once bad rings are dropped; skipped it")
			continue
		}
		out = append(out, rawFeature{id: g.id, hasID: g.hasID, props: g.props, geom: mp, prefix: g.prefix, idx: g.idx, off: g.off})
	}
	return out, nil
}

func escapePtr(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// topoGeometry reads one geometry object, members included.
func (d *decoder) topoGeometry(prefix string, idx, depth int) (topoGeom, error) {
	s := &d.s
	s.WS()
	g := topoGeom{prefix: prefix, idx: idx, off: s.Pos}
	if depth > 8 {
		return g, s.Fail("geometry collections nested too deep")
	}
	if s.Null() {
		return g, nil
	}
	ok, err := s.OpenObject()
	for ok && err == nil {
		var key []byte
		if key, err = s.Key(); err != nil {
			return g, err
		}
		switch string(key) {
		case "type":
			if !s.Null() {
				var b []byte
				b, err = s.Str()
				g.typ = geometryType(b)
			}
		case "id":
			switch c := s.WS(); {
			case c == '"':
				var b []byte
				b, err = s.Str()
				g.id, g.hasID = string(b), true
			case c == '-' || ('0' <= c && c <= '9'):
				start := s.Pos
				if _, err = s.Num(); err == nil {
					g.id, g.hasID = string(s.Src[start:s.Pos]), true
				}
			default:
				err = s.Skip()
			}
		case "properties":
			if !s.Null() {
				g.props, err = d.properties(g.pointer)
			}
		case "arcs":
			g.sawArcs, g.arcsOff = true, s.Pos
			err = d.readRefs(&g)
		case "geometries":
			var more bool
			more, err = s.Array()
			sub := g.pointer() + "/geometries/"
			for i := 0; more && err == nil; i++ {
				var m topoGeom
				if m, err = d.topoGeometry(sub, i, depth+1); err == nil {
					g.members = append(g.members, m)
					more, err = s.Next()
				}
			}
		default:
			err = s.Skip()
		}
		if err == nil {
			ok, err = s.NextMember()
		}
	}
	return g, err
}

// readRefs reads a geometry's "arcs": nested arrays of arc indexes. It
// records where each array ends, so that Polygon (indexes at depth 2) and
// MultiPolygon (depth 3) read the same way whatever order the members come
// in. The lists are built in scratch buffers and then carved from a shared
// chunk, not allocated geometry by geometry.
func (d *decoder) readRefs(g *topoGeom) error {
	sc := &d.refScratch
	sc.refs = sc.refs[:0]
	for i := range sc.ends {
		sc.ends[i] = sc.ends[i][:0]
	}
	g.leaf = 0
	if err := d.readRefLevel(g, 1); err != nil {
		return err
	}
	g.refs = d.carve(sc.refs)
	for i := range sc.ends {
		g.ends[i] = d.carve(sc.ends[i])
	}
	return nil
}

// refScratch holds the lists of the geometry whose arcs are being read.
type refScratch struct {
	refs []int
	ends [maxArcDepth + 2][]int
}

// carve copies a list into the shared chunk.
func (d *decoder) carve(v []int) []int {
	if len(v) == 0 {
		return nil
	}
	if len(d.intArena)+len(v) > cap(d.intArena) {
		d.intArena = make([]int, 0, max(8192, len(v)))
	}
	start := len(d.intArena)
	d.intArena = append(d.intArena, v...)
	return d.intArena[start:len(d.intArena):len(d.intArena)]
}

func (d *decoder) readRefLevel(g *topoGeom, depth int) error {
	s := &d.s
	sc := &d.refScratch
	if depth > maxArcDepth {
		return s.Fail("arc indexes nested too deep")
	}
	ok, err := s.Array()
	for ok && err == nil {
		if s.WS() == '[' {
			if g.leaf != 0 && g.leaf <= depth {
				return s.Fail("arc indexes nested unevenly")
			}
			err = d.readRefLevel(g, depth+1)
		} else {
			if g.leaf != 0 && g.leaf != depth {
				return s.Fail("arc indexes nested unevenly")
			}
			g.leaf = depth
			start := s.Pos
			var v float64
			if v, err = s.Num(); err != nil {
				return err
			}
			if v != float64(int(v)) || v > 1<<40 || v < -(1<<40) {
				s.Pos = start
				return s.Fail("arc index is not an integer")
			}
			sc.refs = append(sc.refs, int(v))
		}
		if err == nil {
			ok, err = s.Next()
		}
	}
	if err != nil {
		return err
	}
	if depth == g.leaf {
		sc.ends[depth] = append(sc.ends[depth], len(sc.refs))
	} else {
		sc.ends[depth] = append(sc.ends[depth], len(sc.ends[depth+1]))
	}
	return nil
}

// topoPolygons appends the polygons of a TopoJSON geometry to d.polyBuf.
// It reports whether the geometry is polygonal; other types are reported
// and skipped.
func (d *decoder) topoPolygons(fc *featCtx, g *topoGeom, t *topology) (bool, error) {
	switch g.typ {
	case "GeometryCollection":
		for i := range g.members {
			m := &g.members[i]
			if m.typ == "" {
				continue
			}
			sub := *fc
			sub.prefix, sub.idx = m.prefix, m.idx
			if _, err := d.topoPolygons(&sub, m, t); err != nil {
				return false, err
			}
			fc.cut = sub.cut
		}
		return true, nil
	case "Polygon", "MultiPolygon":
	default:
		d.report(RuleNotPolygon, diag.Warning, g.pointer(), g.off, "geometry is a %s, not a Polygon or MultiPolygon; skipped it", typeName(g.typ))
		return false, nil
	}
	want := 2
	if g.typ == "MultiPolygon" {
		want = 3
	}
	if !g.sawArcs || len(g.refs) == 0 {
		return false, d.errAt(fc.coordsPointer(), g.arcsOffOr(), "%s has no arcs", g.typ)
	}
	if g.leaf != want {
		return false, d.errAt(fc.coordsPointer(), g.arcsOff, "arcs of a %s must be nested %d deep, not %d", g.typ, want, g.leaf)
	}
	for dd := want + 1; dd < len(g.ends); dd++ {
		if len(g.ends[dd]) > 0 {
			return false, d.errAt(fc.coordsPointer(), g.arcsOff, "arc indexes nested unevenly")
		}
	}
	ringEnds := g.ends[want]
	if want == 2 {
		return true, d.topoPolygon(fc, g, t, -1, ringEnds, 0, len(ringEnds))
	}
	r0 := 0
	for pi, r1 := range g.ends[2] {
		if err := d.topoPolygon(fc, g, t, pi, ringEnds, r0, r1); err != nil {
			return false, err
		}
		r0 = r1
	}
	return true, nil
}

func (g *topoGeom) arcsOffOr() int {
	if g.sawArcs {
		return g.arcsOff
	}
	return g.off
}

// topoPolygon stitches rings r0..r1 (indexes into ringEnds) from their arcs.
func (d *decoder) topoPolygon(fc *featCtx, g *topoGeom, t *topology, polyIdx int, ringEnds []int, r0, r1 int) error {
	mark := len(d.ringBuf)
	needCut, dropped := false, false
	n := t.arcCount()
	for ri := r0; ri < r1; ri++ {
		rc := ringCtx{feat: fc, poly: polyIdx, ring: ri - r0}
		a0 := 0
		if ri > 0 {
			a0 = ringEnds[ri-1]
		}
		d.pts.begin()
		for j, ref := range g.refs[a0:ringEnds[ri]] {
			idx, rev := ref, ref < 0
			if rev {
				idx = ^ref
			}
			if idx >= n {
				d.ringBuf = d.ringBuf[:mark]
				ptr := rc.ptr() + "/" + strconv.Itoa(j)
				return d.errAt(ptr, g.arcsOff, "arc index %d at %s is out of range (the topology has %d arcs)", ref, ptr, n)
			}
			arc := t.pts[t.start[idx]:t.start[idx+1]]
			if len(arc) == 0 {
				continue
			}
			if d.expand -= len(arc); d.expand < 0 {
				d.ringBuf = d.ringBuf[:mark]
				ptr := rc.ptr() + "/" + strconv.Itoa(j)
				return d.errAt(ptr, g.arcsOff, "the geometries use their arcs over and over (at %s, past %d positions for the %d the arcs hold): a map uses an arc at most twice, once from each side", ptr, expandFactor*len(t.pts)+expandSlack, len(t.pts))
			}
			if d.pts.len() > 0 {
				d.pts.pop() // the previous arc's end is this arc's start
			}
			if rev {
				for k := len(arc) - 1; k >= 0; k-- {
					d.pts.add(arc[k])
				}
			} else {
				for _, p := range arc {
					d.pts.add(p)
				}
			}
		}
		r, cut := d.finishRing(&rc, g.arcsOff)
		switch {
		case r == nil && ri == r0:
			dropped = true
		case r != nil && !dropped:
			d.ringBuf = append(d.ringBuf, r)
			needCut = needCut || cut
		}
	}
	poly := d.takeRings(mark)
	if dropped || len(poly) == 0 {
		return nil
	}
	d.addPolygon(fc, poly, needCut, polyIdx, g.arcsOff)
	return nil
}
