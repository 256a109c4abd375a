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
	ok, err := s.array()
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
		ok, err = s.next()
	}
	return out, err
}

// feature reads one member of "features".
func (d *decoder) feature(i int) (rawFeature, bool, error) {
	s := &d.s
	ptr := "/features/" + strconv.Itoa(i)
	s.ws()
	f := rawFeature{ptr: ptr, off: s.pos}
	fc := &featCtx{ptr: ptr, coordsPtr: ptr + "/geometry/coordinates", off: s.pos, key: ptr, geojson: true}
	var typ string
	sawGeom, nullGeom := false, false
	err := s.object(func(key []byte) error {
		switch string(key) {
		case "type":
			b, err := s.str()
			typ = string(b)
			return err
		case "id":
			switch c := s.ws(); {
			case c == '"':
				b, err := s.str()
				f.id, f.hasID = string(b), true
				return err
			case c == '-' || ('0' <= c && c <= '9'):
				start := s.pos
				if _, err := s.num(); err != nil {
					return err
				}
				f.id, f.hasID = string(s.src[start:s.pos]), true
				return nil
			}
			return s.skip()
		case "properties":
			if s.null() {
				return nil
			}
			off := s.pos
			v, err := s.value()
			if err != nil {
				return err
			}
			m, ok := v.(map[string]any)
			if !ok {
				return d.errAt(ptr+"/properties", off, "properties must be an object or null")
			}
			f.props = m
			return nil
		case "geometry":
			sawGeom = true
			fc.off = s.pos
			if s.null() {
				nullGeom = true
				return nil
			}
			var err error
			f.geom, err = d.geometry(fc, ptr+"/geometry", 0)
			return err
		}
		return s.skip()
	})
	if err != nil {
		return f, false, err
	}
	if typ != "Feature" {
		d.report(RuleNotPolygon, diag.Warning, ptr, f.off, "member of \"features\" has type %q, not \"Feature\"; skipped it", typ)
		return f, false, nil
	}
	if nullGeom || !sawGeom {
		d.report(RuleNullGeometry, diag.Warning, ptr, f.off, "feature has no geometry; skipped it")
		return f, false, nil
	}
	if fc.cut == 0 && len(f.geom) == 0 && f.geom != nil {
		d.report(RuleEmpty, diag.Warning, ptr, fc.off, "feature has no polygon left once bad rings are dropped; skipped it")
	}
	f.wrongWound = fc.wrong
	return f, len(f.geom) > 0, nil
}

// geometry reads a GeoJSON geometry object. Polygons come back as a non-nil
// MultiPolygon (empty when every ring was dropped); other types are reported
// and come back nil.
func (d *decoder) geometry(fc *featCtx, ptr string, depth int) (orb.MultiPolygon, error) {
	s := &d.s
	if depth > 8 {
		return nil, s.fail("geometry collections nested too deep")
	}
	off := s.pos
	var (
		typ          string
		mp           orb.MultiPolygon
		deferred     = -1 // offset of "coordinates" or "geometries" seen before "type"
		deferredKey  string
		sawCoords    bool
		sawGeometrie bool
	)
	read := func(key string) error {
		switch {
		case key == "coordinates" && (typ == "Polygon" || typ == "MultiPolygon"):
			sawCoords = true
			var err error
			mp, err = d.coordinates(fc, typ == "MultiPolygon")
			return err
		case key == "geometries" && typ == "GeometryCollection":
			sawGeometrie = true
			mp = orb.MultiPolygon{}
			ok, err := s.array()
			for i := 0; ok && err == nil; i++ {
				var part orb.MultiPolygon
				sub := *fc
				sub.coordsPtr = ptr + "/geometries/" + strconv.Itoa(i) + "/coordinates"
				if part, err = d.geometry(&sub, ptr+"/geometries/"+strconv.Itoa(i), depth+1); err != nil {
					return err
				}
				fc.cut, fc.wrong = sub.cut, sub.wrong
				mp = append(mp, part...)
				ok, err = s.next()
			}
			return err
		}
		return s.skip()
	}
	err := s.object(func(key []byte) error {
		k := string(key)
		switch k {
		case "type":
			b, err := s.str()
			typ = string(b)
			return err
		case "coordinates", "geometries":
			if typ == "" {
				deferred, deferredKey = s.pos, k
				return s.skip()
			}
			return read(k)
		}
		return s.skip()
	})
	if err != nil {
		return nil, err
	}
	if deferred >= 0 && typ != "" {
		save, saveDepth := s.pos, s.depth
		s.pos = deferred
		if err := read(deferredKey); err != nil {
			return nil, err
		}
		s.pos, s.depth = save, saveDepth
	}
	switch typ {
	case "Polygon", "MultiPolygon":
		if !sawCoords {
			return nil, d.errAt(ptr, off, "%s has no \"coordinates\"", typ)
		}
	case "GeometryCollection":
		if !sawGeometrie {
			return nil, d.errAt(ptr, off, "GeometryCollection has no \"geometries\"")
		}
	default:
		d.report(RuleNotPolygon, diag.Warning, ptr, off, "geometry is a %s, not a Polygon or MultiPolygon; skipped it", typeName(typ))
		return nil, nil
	}
	if mp == nil {
		mp = orb.MultiPolygon{}
	}
	return mp, nil
}

func typeName(t string) string {
	if t == "" {
		return "geometry without a type"
	}
	return strconv.Quote(t)
}

// coordinates reads the coordinates of a Polygon (multi false) or a
// MultiPolygon.
func (d *decoder) coordinates(fc *featCtx, multi bool) (orb.MultiPolygon, error) {
	s := &d.s
	off := s.pos
	ok, err := s.array()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, d.errAt(fc.coordsPtr, off, "geometry has no coordinates")
	}
	if !multi {
		return d.polygon(orb.MultiPolygon{}, fc, -1)
	}
	mp := orb.MultiPolygon{}
	for i := 0; ok; i++ {
		po := s.pos
		inner, err := s.array()
		if err != nil {
			return nil, err
		}
		if !inner {
			return nil, d.errAt(fc.coordsPtr+"/"+strconv.Itoa(i), po, "polygon has no rings")
		}
		if mp, err = d.polygon(mp, fc, i); err != nil {
			return nil, err
		}
		if ok, err = s.next(); err != nil {
			return nil, err
		}
	}
	return mp, nil
}

// polygon reads the rings of one polygon; the scanner sits after its '['
// and the array is known to be non-empty.
func (d *decoder) polygon(mp orb.MultiPolygon, fc *featCtx, polyIdx int) (orb.MultiPolygon, error) {
	s := &d.s
	off := s.pos
	var poly orb.Polygon
	needCut, dropped := false, false
	ok := true
	for ri := 0; ok; ri++ {
		rc := ringCtx{feat: fc, poly: polyIdx, ring: ri}
		roff := s.pos
		if err := d.ring(&rc); err != nil {
			return nil, err
		}
		r, cut := d.finishRing(&rc, roff)
		switch {
		case r == nil && ri == 0:
			dropped = true // holes without their exterior are dropped too
		case r != nil && !dropped:
			poly = append(poly, r)
			needCut = needCut || cut
		}
		var err error
		if ok, err = s.next(); err != nil {
			return nil, err
		}
	}
	if dropped || len(poly) == 0 {
		return mp, nil
	}
	ptr := fc.coordsPtr
	if polyIdx >= 0 {
		ptr += "/" + strconv.Itoa(polyIdx)
	}
	return d.addPolygon(mp, fc, poly, needCut, ptr, off), nil
}

// ring reads one ring's positions into the arena.
func (d *decoder) ring(rc *ringCtx) error {
	s := &d.s
	d.pts.begin()
	ok, err := s.array()
	for pi := 0; ok && err == nil; pi++ {
		off := s.pos
		var p orb.Point
		var n int
		var finite bool
		if p, n, finite, err = d.readPosition(); err != nil {
			return err
		}
		switch {
		case n < 2:
			d.report(RuleShortRing, diag.Error, rc.ptr()+"/"+strconv.Itoa(pi), off,
				"position has %d numbers, fewer than the 2 (longitude, latitude) a position needs; dropped it", n)
		case !finite:
			d.reportOnce(rc.feat.key, RuleNonFinite, diag.Error, rc.ptr()+"/"+strconv.Itoa(pi), off,
				"position is not a finite number (NaN or infinity); dropped it")
		default:
			if n > 3 {
				d.reportOnce(rc.feat.key, RuleExtraNumbers, diag.Warning, rc.ptr()+"/"+strconv.Itoa(pi), off,
					"position has %d numbers; RFC 7946 allows at most 3 (longitude, latitude, elevation); the rest are ignored", n)
			}
			if p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90 {
				d.reportOnce(rc.feat.key, RuleOutOfRange, diag.Warning, rc.ptr()+"/"+strconv.Itoa(pi), off,
					"position [%g, %g] is outside longitude [-180, 180] or latitude [-90, 90]", p[0], p[1])
			}
			d.pts.add(p)
		}
		if err == nil {
			ok, err = s.next()
		}
	}
	return err
}

// position reads [lon, lat, ...]. It counts the numbers and reports whether
// the first two are finite; NaN and Infinity, which are not JSON but which
// some writers emit, are accepted here so that they can be reported.
func (d *decoder) readPosition() (p orb.Point, n int, finite bool, err error) {
	s := &d.s
	if s.ws() != '[' {
		return p, 0, false, s.fail("expected a position (an array of numbers)")
	}
	s.pos++
	finite = true
	if s.ws() == ']' {
		s.pos++
		return p, 0, false, nil
	}
	for {
		var v float64
		switch c := s.ws(); {
		case c == 'N' && s.literal("NaN"):
			v = math.NaN()
		case c == 'I' && s.literal("Infinity"):
			v = math.Inf(1)
		case c == '-' && s.pos+1 < len(s.src) && s.src[s.pos+1] == 'I':
			s.pos++
			if !s.literal("Infinity") {
				return p, n, false, s.fail("expected a number")
			}
			v = math.Inf(-1)
		default:
			if v, err = s.num(); err != nil {
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
		switch s.ws() {
		case ',':
			s.pos++
		case ']':
			s.pos++
			return p, n, finite, nil
		default:
			return p, n, false, s.fail("expected ',' or ']' in a position")
		}
	}
}
