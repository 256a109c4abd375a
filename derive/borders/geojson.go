package borders

import (
	"math"
	"strconv"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
)

// featureCollection reads the "features" array of a GeoJSON file.
func (d *decoder) featureCollection() ([]rawFeature, error) {
	s := &d.s
	var out []rawFeature
	ok, err := s.Array()
	d.members = 0
	for i := 0; ok && err == nil; i++ {
		d.members++
		var f rawFeature
		var keep bool
		if f, keep, err = d.feature(i); err != nil {
			return nil, err
		}
		if keep {
			out = append(out, f)
		}
		ok, err = s.Next()
	}
	return out, err
}

// feature reads one member of "features".
func (d *decoder) feature(i int) (rawFeature, bool, error) {
	s := &d.s
	s.WS()
	f := rawFeature{prefix: "/features/", idx: i, off: s.Pos}
	d.fc = featCtx{prefix: "/features/", idx: i, suffix: "/geometry/coordinates", off: s.Pos, geojson: true}
	fc := &d.fc
	polys := len(d.polyBuf)
	var typ []byte
	sawGeom, nullGeom, isPolygon := false, false, false
	ok, err := s.OpenObject()
	for ok && err == nil {
		var key []byte
		if key, err = s.Key(); err != nil {
			break
		}
		switch string(key) {
		case "type":
			typ, err = s.Str()
		case "id":
			switch c := s.WS(); {
			case c == '"':
				var b []byte
				b, err = s.Str()
				f.id, f.hasID = string(b), true
			case c == '-' || ('0' <= c && c <= '9'):
				start := s.Pos
				if _, err = s.Num(); err == nil {
					f.id, f.hasID = string(s.Src[start:s.Pos]), true
				}
			default:
				err = s.Skip()
			}
		case "properties":
			if s.Null() {
				break
			}
			f.props, err = d.properties(fc.pointer)
		case "geometry":
			sawGeom = true
			fc.off = s.Pos
			if s.Null() {
				nullGeom = true
				break
			}
			d.polyBuf = d.polyBuf[:polys] // a repeated member replaces the first
			isPolygon, err = d.geometry(fc, 0)
		default:
			err = s.Skip()
		}
		if err == nil {
			ok, err = s.NextMember()
		}
	}
	if err != nil {
		return f, false, err
	}
	f.geom = d.takePolys(polys)
	switch {
	case string(typ) != "Feature":
		d.report(RuleNotPolygon, diag.Warning, f.pointer(), f.off, "member of \"features\" has type %q, not \"Feature\"; skipped it", typ)
		return f, false, nil
	case nullGeom || !sawGeom:
		d.report(RuleNullGeometry, diag.Warning, f.pointer(), f.off, "feature has no geometry; skipped it")
		return f, false, nil
	case isPolygon && len(f.geom) == 0 && fc.empty:
		d.report(RuleEmpty, diag.Warning, f.pointer(), fc.off, "feature's geometry is empty (no coordinates); skipped it")
	case isPolygon && len(f.geom) == 0:
		d.report(RuleEmpty, diag.Warning, f.pointer(), fc.off, "feature has no polygon left once bad rings are dropped; skipped it")
	}
	f.wrongWound = fc.wrong
	return f, len(f.geom) > 0, nil
}

// properties reads a properties object into plain values, sharing the
// strings of keys that repeat from feature to feature.
// owner gives the pointer of the feature, for the message when they are
// not an object.
func (d *decoder) properties(owner func() string) (map[string]any, error) {
	s := &d.s
	off := s.Pos
	if s.WS() != '{' {
		if err := s.Skip(); err != nil {
			return nil, err
		}
		return nil, d.errAt(owner()+"/properties", off, "properties must be an object or null")
	}
	m := make(map[string]any, 4)
	ok, err := s.OpenObject()
	for ok && err == nil {
		var key []byte
		if key, err = s.Key(); err != nil {
			return nil, err
		}
		k, seen := d.keys[string(key)]
		if !seen {
			if d.keys == nil {
				d.keys = map[string]string{}
			}
			k = string(key)
			d.keys[k] = k
		}
		var v any
		if v, err = s.Value(); err != nil {
			return nil, err
		}
		m[k] = v
		ok, err = s.NextMember()
	}
	return m, err
}

// geometry reads a GeoJSON geometry object, appending its polygons to
// d.polyBuf. It reports whether the geometry is polygonal (a Polygon, a
// MultiPolygon or a collection of them); other types are reported and
// skipped.
func (d *decoder) geometry(fc *featCtx, depth int) (bool, error) {
	s := &d.s
	if depth > 8 {
		return false, s.Fail("geometry collections nested too deep")
	}
	off := s.Pos
	var (
		typ         string
		deferred    = -1 // offset of "coordinates" or "geometries" seen before "type"
		deferredKey string
		sawCoords   bool
		sawMembers  bool
	)
	ok, err := s.OpenObject()
	for ok && err == nil {
		var key []byte
		if key, err = s.Key(); err != nil {
			return false, err
		}
		switch string(key) {
		case "type":
			var b []byte
			b, err = s.Str()
			typ = geometryType(b)
		case "coordinates", "geometries":
			if typ == "" {
				deferred, deferredKey = s.Pos, string(key)
				err = s.Skip()
			} else {
				var read bool
				read, err = d.geometryMember(fc, string(key), typ, depth)
				sawCoords = sawCoords || (read && key[0] == 'c')
				sawMembers = sawMembers || (read && key[0] == 'g')
			}
		default:
			err = s.Skip()
		}
		if err == nil {
			ok, err = s.NextMember()
		}
	}
	if err != nil {
		return false, err
	}
	if deferred >= 0 && typ != "" {
		save, saveDepth := s.Pos, s.Depth
		s.Pos = deferred
		read, err := d.geometryMember(fc, deferredKey, typ, depth)
		if err != nil {
			return false, err
		}
		sawCoords = read && deferredKey == "coordinates"
		sawMembers = read && deferredKey == "geometries"
		s.Pos, s.Depth = save, saveDepth
	}
	ptr := func() string { return fc.pointer() + fc.suffix[:len(fc.suffix)-len("/coordinates")] }
	switch typ {
	case "Polygon", "MultiPolygon":
		if !sawCoords {
			return false, d.errAt(ptr(), off, "%s has no \"coordinates\"", typ)
		}
	case "GeometryCollection":
		if !sawMembers {
			return false, d.errAt(ptr(), off, "GeometryCollection has no \"geometries\"")
		}
	default:
		d.report(RuleNotPolygon, diag.Warning, ptr(), off, "geometry is a %s, not a Polygon or MultiPolygon; skipped it", typeName(typ))
		return false, nil
	}
	return true, nil
}

// geometryMember reads "coordinates" or "geometries" when typ says they
// are polygons, and skips them otherwise; it reports whether it read them.
func (d *decoder) geometryMember(fc *featCtx, key, typ string, depth int) (bool, error) {
	s := &d.s
	switch {
	case key == "coordinates" && (typ == "Polygon" || typ == "MultiPolygon"):
		return true, d.coordinates(fc, typ == "MultiPolygon")
	case key == "geometries" && typ == "GeometryCollection":
		ok, err := s.Array()
		base := fc.suffix
		for i := 0; ok && err == nil; i++ {
			fc.suffix = base[:len(base)-len("coordinates")] + "geometries/" + strconv.Itoa(i) + "/coordinates"
			if _, err = d.geometry(fc, depth+1); err == nil {
				ok, err = s.Next()
			}
		}
		fc.suffix = base
		return true, err
	}
	return false, s.Skip()
}

// geometryType returns the type names this package acts on as constants,
// so that reading them allocates nothing.
func geometryType(b []byte) string {
	switch string(b) {
	case "Polygon":
		return "Polygon"
	case "MultiPolygon":
		return "MultiPolygon"
	case "GeometryCollection":
		return "GeometryCollection"
	case "":
		return emptyType
	}
	return string(b)
}

// emptyType stands for "type": "", which is not the same as no type yet.
const emptyType = "\x00"

func typeName(t string) string {
	switch t {
	case "":
		return "geometry without a type"
	case emptyType:
		return "geometry with an empty type"
	}
	return strconv.Quote(t)
}

// coordinates reads the coordinates of a Polygon (multi false) or a
// MultiPolygon into d.polyBuf.
func (d *decoder) coordinates(fc *featCtx, multi bool) error {
	s := &d.s
	ok, err := s.Array()
	if err != nil {
		return err
	}
	if !ok {
		// An empty geometry ("coordinates": []), which RFC 7946 §3.1
		// allows: the feature has no polygon and is skipped.
		fc.empty = true
		return nil
	}
	if !multi {
		return d.polygon(fc, -1)
	}
	for i := 0; ok; i++ {
		inner, err := s.Array()
		if err != nil {
			return err
		}
		if !inner {
			fc.empty = true // an empty polygon of the MultiPolygon: nothing to read
		} else if err = d.polygon(fc, i); err != nil {
			return err
		}
		if ok, err = s.Next(); err != nil {
			return err
		}
	}
	return nil
}

// polygon reads the rings of one polygon; the scanner sits after its '['
// and the array is known to be non-empty.
func (d *decoder) polygon(fc *featCtx, polyIdx int) error {
	s := &d.s
	off := s.Pos
	rings := len(d.ringBuf)
	needCut, dropped := false, false
	ok := true
	for ri := 0; ok; ri++ {
		rc := ringCtx{feat: fc, poly: polyIdx, ring: ri}
		roff := s.Pos
		if err := d.ring(&rc); err != nil {
			return err
		}
		r, cut := d.finishRing(&rc, roff)
		switch {
		case r == nil && ri == 0:
			dropped = true // holes without their exterior are dropped too
		case r != nil && !dropped:
			d.ringBuf = append(d.ringBuf, r)
			needCut = needCut || cut
		}
		var err error
		if ok, err = s.Next(); err != nil {
			return err
		}
	}
	poly := d.takeRings(rings)
	if dropped || len(poly) == 0 {
		return nil
	}
	d.addPolygon(fc, poly, needCut, polyIdx, off)
	return nil
}

// ring reads one ring's positions into the arena.
func (d *decoder) ring(rc *ringCtx) error {
	s := &d.s
	d.pts.begin()
	ok, err := s.Array()
	for pi := 0; ok && err == nil; pi++ {
		off := s.Pos
		var p orb.Point
		var n int
		var finite bool
		if p, n, finite, err = d.readPosition(); err != nil {
			return err
		}
		if d.reproject != nil && finite && n >= 2 {
			p[0], p[1] = d.reproject(p[0], p[1])
			finite = !math.IsNaN(p[0]+p[1]) && !math.IsInf(p[0]+p[1], 0)
		}
		switch {
		case n < 2:
			d.report(RuleShortRing, diag.Error, rc.ptr()+"/"+strconv.Itoa(pi), off,
				"position has %d numbers, fewer than the 2 (longitude, latitude) a position needs; dropped it", n)
		case !finite:
			d.reportOnce(rc.feat, RuleNonFinite, diag.Error, rc.ptr()+"/"+strconv.Itoa(pi), off,
				"position is not a finite number (NaN or infinity); dropped it")
		default:
			if n > 3 {
				d.reportOnce(rc.feat, RuleExtraNumbers, diag.Warning, rc.ptr()+"/"+strconv.Itoa(pi), off,
					"position has %d numbers; RFC 7946 allows at most 3 (longitude, latitude, elevation); the rest are ignored", n)
			}
			if p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90 {
				// Adjacency and border lengths are computed on the sphere
				// from degrees; metres read as degrees mean nothing.
				d.reportOnce(rc.feat, RuleOutOfRange, diag.Error, rc.ptr()+"/"+strconv.Itoa(pi), off,
					"position [%g, %g] is outside longitude [-180, 180] or latitude [-90, 90]: %s", p[0], p[1], projectedHint)
			}
			d.pts.add(p)
		}
		if err == nil {
			ok, err = s.Next()
		}
	}
	return err
}

// readPosition reads [lon, lat, ...]. It counts the numbers and reports
// whether the first two are finite; NaN and Infinity, which are not JSON
// but which some writers emit, are accepted here so that they can be
// reported.
func (d *decoder) readPosition() (p orb.Point, n int, finite bool, err error) {
	s := &d.s
	if s.WS() != '[' {
		return p, 0, false, s.Fail("expected a position (an array of numbers)")
	}
	s.Pos++
	finite = true
	if s.WS() == ']' {
		s.Pos++
		return p, 0, false, nil
	}
	for {
		var v float64
		switch c := s.WS(); {
		case c == 'N' && s.Literal("NaN"):
			v = math.NaN()
		case c == 'I' && s.Literal("Infinity"):
			v = math.Inf(1)
		case c == '-' && s.Pos+1 < len(s.Src) && s.Src[s.Pos+1] == 'I':
			s.Pos++
			if !s.Literal("Infinity") {
				return p, n, false, s.Fail("expected a number")
			}
			v = math.Inf(-1)
		default:
			if v, err = s.Num(); err != nil {
				return p, n, false, err
			}
		}
		if n < 2 {
			p[n] = v
			if math.IsNaN(v) || math.IsInf(v, 0) {
				finite = false
			}
		}
		n++
		switch s.WS() {
		case ',':
			s.Pos++
		case ']':
			s.Pos++
			return p, n, finite, nil
		default:
			return p, n, false, s.Fail("expected ',' or ']' in a position")
		}
	}
}
