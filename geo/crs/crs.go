// Package crs reads the coordinate reference system a GIS file declares (the
// WKT of a Shapefile's .prj or of a GeoPackage's gpkg_spatial_ref_sys, an
// EPSG code, the name in a GeoJSON file's legacy "crs" member) and takes the
// file's coordinates to WGS 84 longitude and latitude, which is what every
// other part of tendays works in.
//
// It reprojects from the transverse Mercator (UTM, Gauss–Krüger and the
// national grids built on it), the Lambert conformal conic (one or two
// standard parallels), the Lambert azimuthal equal-area, the Albers
// equal-area conic, the Mercator and the Web Mercator, on any ellipsoid,
// with a datum shift: the 3- or 7-parameter Helmert transformation the WKT
// gives (TOWGS84, or a WKT 2 bound CRS), else the one of a table of legacy
// datums (OSGB 1936, ED50, NAD27, Tokyo, DHDN, MGI, Pulkovo 1942, NTF,
// Belge 1972, from the EPSG dataset as PROJ ranks them first without grid
// files), else none for a datum on the WGS 84 or GRS 1980 ellipsoid (ETRS89,
// NAD83, GDA, SIRGAS ...: within about a metre of WGS 84, as ITRF
// realizations are). A system it cannot carry out is an *UnsupportedError
// that says why; nothing is guessed.
//
// The datums (ellipsoids, geocentric coordinates, Helmert transformations)
// and the Albers and Web Mercator projections are github.com/wroge/wgs84's;
// the others are this package's own (project.go says why). Accuracy against
// PROJ: crs_test.go checks points to a millimetre for the projections, and
// the CI test of derive/borders/load compares whole files reprojected by
// ogr2ogr.
//
// It does not read files, and it never projects forward into a system
// except in its tests.
package crs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wroge/wgs84"
)

type wgs84Spheroid = wgs84.Spheroid

// CRS is a coordinate reference system ready to take coordinates to WGS 84.
type CRS struct {
	// Name is the system's name as its definition gives it ("ETRS89 /
	// UTM zone 32N"), or "EPSG:N".
	Name string
	// Code is its EPSG code when the definition gives one (0 otherwise).
	Code int
	// toLonLat takes (x, y) in the system to WGS 84 longitude, latitude;
	// nil when the coordinates are WGS 84 longitude, latitude already.
	toLonLat func(x, y float64) (float64, float64)
	// Method says in words how the coordinates are projected ("" for
	// longitude/latitude), for messages and the edition's comment.
	Method string
}

// WGS84 is longitude and latitude on WGS 84 (EPSG:4326, OGC CRS84).
func WGS84() *CRS { return &CRS{Name: "WGS 84", Code: 4326} }

// IsWGS84 says the coordinates need no change.
func (c *CRS) IsWGS84() bool { return c.toLonLat == nil }

// ToWGS84 takes a position in the system to WGS 84 longitude and latitude.
func (c *CRS) ToWGS84(x, y float64) (lon, lat float64) {
	if c.toLonLat == nil {
		return x, y
	}
	return c.toLonLat(x, y)
}

// String names the system, with its EPSG code when known.
func (c *CRS) String() string {
	if c.Code != 0 && !strings.Contains(c.Name, strconv.Itoa(c.Code)) {
		return fmt.Sprintf("%s (EPSG:%d)", c.Name, c.Code)
	}
	return c.Name
}

// UnsupportedError is a coordinate system this package cannot carry out.
type UnsupportedError struct {
	Name string // the system, as its definition names it
	Why  string
}

func (e *UnsupportedError) Error() string {
	if e.Name == "" {
		return "coordinate system: " + e.Why
	}
	return fmt.Sprintf("coordinate system %q: %s", e.Name, e.Why)
}

// Supported lists in words the projections this package reprojects from.
const Supported = "longitude/latitude, transverse Mercator (UTM, Gauss-Krüger), Lambert conformal conic, " +
	"Lambert azimuthal equal-area, Albers equal-area, Mercator and Web Mercator"

// definition is a system as read, before it is set up.
type definition struct {
	name       string
	code       int
	projected  bool
	el         ellipsoid
	datum      string    // normalized datum name
	shift      []float64 // Helmert to WGS 84, position vector: tx ty tz (m), rx ry rz ("), ds (ppm); nil: not given
	pm         float64   // prime meridian, degrees east of Greenwich
	angUnit    float64   // degrees per angular unit of the coordinates
	linUnit    float64   // metres per linear unit of the coordinates
	method     string    // normalized projection method
	params     map[string]float64
	webMerc    bool // the spherical "pseudo" Mercator of web maps
	methodName string
}

// FromWKT reads a coordinate system from its WKT: OGC WKT 1 (a .prj as GDAL
// writes it, a GeoPackage's definition), ESRI's WKT (a .prj as ArcGIS writes
// it) or WKT 2 (ISO 19162).
func FromWKT(text string) (*CRS, error) {
	if len(text) > MaxWKTBytes {
		return nil, &UnsupportedError{Why: fmt.Sprintf("its WKT is %d bytes, more than the %d a coordinate system takes", len(text), MaxWKTBytes)}
	}
	root, err := parseWKT(strings.TrimSpace(text))
	if err != nil {
		return nil, &UnsupportedError{Why: "its WKT cannot be read: " + err.Error()}
	}
	def, err := readDefinition(root)
	if err != nil {
		return nil, err
	}
	return def.build()
}

// readDefinition reads the parts of a WKT tree this package uses.
func readDefinition(root *node) (*definition, error) {
	def := &definition{name: root.name(), angUnit: 1, linUnit: 1, params: map[string]float64{}}
	def.code = authority(root)
	switch root.key {
	case "COMPD_CS", "COMPOUNDCRS":
		for _, a := range root.args {
			if a.sub != nil && isHorizontal(a.sub.key) {
				return readDefinition(a.sub)
			}
		}
		return nil, &UnsupportedError{Name: def.name, Why: "a compound system with no horizontal part"}
	case "BOUNDCRS":
		src := root.child("SOURCECRS")
		if src == nil || len(src.args) == 0 || src.args[0].sub == nil {
			return nil, &UnsupportedError{Name: def.name, Why: "a bound system with no source system"}
		}
		inner, err := readDefinition(src.args[0].sub)
		if err != nil {
			return nil, err
		}
		if t := root.child("ABRIDGEDTRANSFORMATION"); t != nil {
			shift, err := abridged(t)
			if err != nil {
				return nil, &UnsupportedError{Name: inner.name, Why: err.Error()}
			}
			inner.shift = shift
		}
		return inner, nil
	case "PROJCS", "PROJCRS", "PROJECTEDCRS":
		def.projected = true
		geog := root.child("GEOGCS", "BASEGEOGCRS", "BASEGEODCRS", "GEOGCRS", "GEODCRS")
		if geog == nil {
			return nil, &UnsupportedError{Name: def.name, Why: "a projected system with no geographic system under it"}
		}
		if err := def.readGeodetic(geog); err != nil {
			return nil, err
		}
		def.linUnit = unitOf(root, "LENGTHUNIT", 1)
		if def.code == 3857 || def.code == 900913 || def.code == 3785 || def.code == 102100 || def.code == 102113 {
			def.webMerc = true
		}
		if ext := root.child("EXTENSION"); ext != nil && len(ext.args) > 1 && strings.Contains(ext.args[1].text, "+a=6378137 +b=6378137") {
			def.webMerc = true
		}
		if conv := root.child("CONVERSION"); conv != nil { // WKT 2
			m := conv.child("METHOD")
			def.methodName = m.name()
			def.method = normal(def.methodName)
			for _, p := range conv.children("PARAMETER") {
				v, ok := p.number(1)
				if !ok {
					continue
				}
				if u := p.child("ANGLEUNIT"); u != nil {
					f, _ := u.number(1)
					v *= f / rad
				} else if u := p.child("LENGTHUNIT", "SCALEUNIT"); u != nil {
					f, _ := u.number(1)
					v *= f
				}
				def.params[normal(p.name())] = v
			}
		} else { // WKT 1: angles in the geographic system's unit, lengths in the projected one's
			def.methodName = root.child("PROJECTION").name()
			def.method = normal(def.methodName)
			for _, p := range root.children("PARAMETER") {
				v, ok := p.number(1)
				if !ok {
					continue
				}
				k := normal(p.name())
				switch {
				case strings.Contains(k, "easting") || strings.Contains(k, "northing"):
					v *= def.linUnit
				case strings.HasPrefix(k, "scale"), strings.Contains(k, "auxiliary"):
				default:
					v *= def.angUnit
				}
				def.params[k] = v
			}
		}
		return def, nil
	case "GEOGCS", "GEOGCRS", "GEOGRAPHICCRS", "GEODCRS", "GEODETICCRS":
		if root.key == "GEODCRS" || root.key == "GEODETICCRS" {
			if cs := root.child("CS"); cs != nil && len(cs.args) > 0 && cs.args[0].sub != nil && cs.args[0].sub.key == "CARTESIAN" {
				return nil, &UnsupportedError{Name: def.name, Why: "a geocentric (Cartesian) system"}
			}
		}
		return def, def.readGeodetic(root)
	case "GEOCCS":
		return nil, &UnsupportedError{Name: def.name, Why: "a geocentric (Cartesian) system"}
	}
	return nil, &UnsupportedError{Name: def.name, Why: fmt.Sprintf("a %s is not a map's coordinate system", root.key)}
}

func isHorizontal(key string) bool {
	switch key {
	case "PROJCS", "PROJCRS", "PROJECTEDCRS", "GEOGCS", "GEOGCRS", "GEOGRAPHICCRS", "GEODCRS", "GEODETICCRS", "BOUNDCRS":
		return true
	}
	return false
}

// readGeodetic reads the datum, ellipsoid, prime meridian and angular unit.
func (def *definition) readGeodetic(g *node) error {
	datum := g.child("DATUM", "GEODETICDATUM", "TRF", "ENSEMBLE")
	if datum == nil {
		return &UnsupportedError{Name: def.name, Why: "no datum"}
	}
	def.datum = datumName(datum.name())
	sph := datum.child("SPHEROID", "ELLIPSOID")
	if sph == nil {
		sph = g.child("SPHEROID", "ELLIPSOID")
	}
	a, okA := sph.number(1)
	rf, okF := sph.number(2)
	if !okA || !okF || !(a > 1e6 && a < 1e7) || !(rf == 0 || (rf > 100 && rf < 1e4)) {
		return &UnsupportedError{Name: def.name, Why: "its ellipsoid is not an Earth's (semi-major axis in metres, inverse flattening)"}
	}
	if u := sph.child("LENGTHUNIT"); u != nil {
		f, _ := u.number(1)
		a *= f
	}
	def.el = newEllipsoid(a, rf)
	if t := datum.child("TOWGS84"); t != nil {
		var v []float64
		for i := range t.args {
			x, _ := t.number(i)
			v = append(v, x)
		}
		if len(v) == 3 || len(v) == 7 {
			def.shift = v
		}
	}
	def.angUnit = unitOf(g, "ANGLEUNIT", rad) / rad
	if pm := g.child("PRIMEM"); pm != nil {
		v, _ := pm.number(1)
		if u := pm.child("ANGLEUNIT"); u != nil {
			f, _ := u.number(1)
			v *= f / rad
		} else {
			v *= def.angUnit
		}
		def.pm = v
	}
	return nil
}

// unitOf is the factor of the element's unit (UNIT, or the WKT 2 kind), or
// of its first axis's, or def.
func unitOf(n *node, kind string, def float64) float64 {
	u := n.child("UNIT", kind)
	if u == nil {
		if cs := n.child("AXIS"); cs != nil {
			u = cs.child("UNIT", kind)
		}
	}
	if u == nil {
		return def
	}
	if f, ok := u.number(1); ok && f > 0 && !math.IsInf(f, 0) {
		return f
	}
	return def
}

// authority is the EPSG code an element gives (AUTHORITY["EPSG","4326"] or
// ID["EPSG",4326]), or 0.
func authority(n *node) int {
	a := n.child("AUTHORITY", "ID")
	if a == nil || !strings.EqualFold(a.name(), "EPSG") || len(a.args) < 2 {
		return 0
	}
	if a.args[1].isNum {
		return int(a.args[1].num)
	}
	code, _ := strconv.Atoi(a.args[1].text)
	return code
}

// abridged reads a WKT 2 bound system's Helmert transformation.
func abridged(t *node) ([]float64, error) {
	method := normal(t.child("METHOD").name())
	frame := strings.Contains(method, "coordinateframe")
	if !frame && !strings.Contains(method, "positionvector") && !strings.Contains(method, "geocentrictranslation") {
		return nil, fmt.Errorf("its datum shift, %q, is not a Helmert transformation", t.child("METHOD").name())
	}
	names := []string{"xaxistranslation", "yaxistranslation", "zaxistranslation", "xaxisrotation", "yaxisrotation", "zaxisrotation", "scaledifference"}
	v := make([]float64, 7)
	for _, p := range t.children("PARAMETER") {
		x, _ := p.number(1)
		k := normal(p.name())
		for i, n := range names {
			if k != n {
				continue
			}
			if u := p.child("ANGLEUNIT"); u != nil { // rotations: to arc-seconds
				f, _ := u.number(1)
				x *= f / (rad / 3600)
			}
			if i == 6 {
				// The scale: in parts per million with that unit; else, as
				// PROJ writes it, a factor (1 is no change).
				f := 1.0
				if u := p.child("SCALEUNIT"); u != nil {
					f, _ = u.number(1)
				}
				if math.Abs(f-1e-6) < 1e-12 {
					x *= 1
				} else if math.Abs(x*f-1) < 1e-3 {
					x = (x*f - 1) * 1e6
				}
			}
			if frame && i >= 3 && i <= 5 {
				x = -x // coordinate frame rotations are position vector ones negated
			}
			v[i] = x
		}
	}
	return v, nil
}

// datumName normalizes a datum's name: ESRI's "D_OSGB_1936" and OGC's
// "OSGB_1936" and WKT 2's "OSGB 1936" all become "osgb1936".
func datumName(s string) string {
	if len(s) > 2 && (s[:2] == "D_" || s[:2] == "d_") {
		s = s[2:]
	}
	return normal(s)
}

// build sets the system up, or says why it cannot be.
func (def *definition) build() (*CRS, error) {
	c := &CRS{Name: def.name, Code: def.code}
	if c.Name == "" && def.code != 0 {
		c.Name = "EPSG:" + strconv.Itoa(def.code)
	}
	var inverse func(x, y float64) (float64, float64)
	if def.projected {
		p, method, err := def.projection()
		if err != nil {
			return nil, err
		}
		c.Method = method
		sph := spheroid{def.el}
		lin := def.linUnit
		inverse = func(x, y float64) (float64, float64) { return p.ToLonLat(x*lin, y*lin, sph) }
	} else if def.angUnit != 1 {
		f := def.angUnit
		inverse = func(x, y float64) (float64, float64) { return x * f, y * f }
	}
	shift, err := def.datumShift()
	if err != nil {
		return nil, err
	}
	if def.pm != 0 {
		inner, pm := inverse, def.pm
		inverse = func(x, y float64) (float64, float64) {
			if inner != nil {
				x, y = inner(x, y)
			}
			return x + pm, y
		}
	}
	if shift != nil {
		// Through geocentric coordinates: onto the datum's ellipsoid, the
		// Helmert transformation, and back onto WGS 84's.
		datum := wgs84.Helmert(def.el.a, 1/def.el.f, shift[0], shift[1], shift[2], shift[3], shift[4], shift[5], shift[6])
		geog, target := datum.LonLat(), wgs84.LonLat()
		inner := inverse
		inverse = func(x, y float64) (float64, float64) {
			if inner != nil {
				x, y = inner(x, y)
			}
			lon, lat, _ := target.FromWGS84(geog.ToWGS84(x, y, 0))
			return lon, lat
		}
	}
	if inverse != nil {
		c.toLonLat = func(x, y float64) (float64, float64) {
			lon, lat := inverse(x, y)
			return wrapLon(lon), lat
		}
	}
	return c, nil
}

// wrapLon brings a longitude into [-180, 180]: a projection centred near
// the antimeridian gives longitudes beyond it.
func wrapLon(lon float64) float64 {
	if lon >= -180 && lon <= 180 || math.IsNaN(lon) || math.IsInf(lon, 0) {
		return lon
	}
	lon = math.Mod(lon+180, 360)
	if lon < 0 {
		lon += 360
	}
	return lon - 180
}

// datumShift is the Helmert transformation to WGS 84 (7 numbers), nil when
// none is needed.
func (def *definition) datumShift() ([]float64, error) {
	v := def.shift
	if v == nil {
		if known, ok := legacyDatums[def.datum]; ok {
			if math.Abs(known.a-def.el.a) > 1 {
				return nil, &UnsupportedError{Name: def.name, Why: fmt.Sprintf("its datum %q is on an ellipsoid other than its own (semi-major axis %g m, not %g m)", def.datum, def.el.a, known.a)}
			}
			v = known.shift
		} else if !def.el.likeWGS84() && !def.webMerc {
			return nil, &UnsupportedError{Name: def.name, Why: fmt.Sprintf("its datum %q is not on the WGS 84 or GRS 1980 ellipsoid and its shift to WGS 84 is not given (no TOWGS84) nor known to tendays", def.datum)}
		}
	}
	if len(v) == 3 {
		v = append(v[:3:3], 0, 0, 0, 0)
	}
	zero := true
	for _, x := range v {
		zero = zero && x == 0
	}
	if zero {
		return nil, nil
	}
	if def.el.f == 0 {
		return nil, &UnsupportedError{Name: def.name, Why: "a datum shift from a sphere"}
	}
	return v, nil
}

func (el ellipsoid) likeWGS84() bool {
	return math.Abs(el.a-6378137) < 1e-3 && el.f != 0 && math.Abs(1/el.f-298.2572) < 1e-3
}

// spheroid gives an ellipsoid to github.com/wroge/wgs84 (its Spheroid).
type spheroid struct{ el ellipsoid }

func (s spheroid) A() float64 { return s.el.a }
func (s spheroid) Fi() float64 {
	if s.el.f == 0 {
		return math.Inf(1)
	}
	return 1 / s.el.f
}

// projection sets up the projection of a projected system.
func (def *definition) projection() (wgs84.Projection, string, error) {
	get := func(def0 float64, keys ...string) float64 {
		for _, k := range keys {
			if v, ok := def.params[k]; ok {
				return v
			}
		}
		return def0
	}
	has := func(keys ...string) bool {
		for _, k := range keys {
			if _, ok := def.params[k]; ok {
				return true
			}
		}
		return false
	}
	lat0Keys := []string{"latitudeoforigin", "latitudeofnaturalorigin", "latitudeofcenter", "latitudeoffalseorigin", "latitudeofprojectioncentre", "latitudeofprojectioncenter"}
	lon0Keys := []string{"centralmeridian", "longitudeofnaturalorigin", "longitudeofcenter", "longitudeoffalseorigin", "longitudeoforigin", "longitudeofprojectioncentre", "longitudeofprojectioncenter"}
	sp1Keys := []string{"standardparallel1", "latitudeof1ststandardparallel", "latitudeoffirststandardparallel"}
	sp2Keys := []string{"standardparallel2", "latitudeof2ndstandardparallel", "latitudeofsecondstandardparallel"}
	lat0, lon0 := get(0, lat0Keys...), get(0, lon0Keys...)
	k0 := get(1, "scalefactor", "scalefactoratnaturalorigin")
	fe := get(0, "falseeasting", "eastingatfalseorigin", "eastingatprojectioncentre")
	fn := get(0, "falsenorthing", "northingatfalseorigin", "northingatprojectioncentre")
	el := def.el
	m := def.method
	switch {
	case def.webMerc || m == "popularvisualisationpseudomercator" || m == "pseudomercator" ||
		(m == "mercatorauxiliarysphere" && get(0, "auxiliaryspheretype") == 0):
		p := wgs84.Datum{}.WebMercator().Projection
		return offsetProjection{p, lon0, fe, fn}, "Web Mercator", nil
	case m == "transversemercator" || m == "gausskruger" || m == "gausskrueger":
		return newTransverseMercator(el, lat0, lon0, k0, fe, fn), "transverse Mercator", nil
	case m == "lambertconformalconic1sp" || m == "lambertconicconformal1sp":
		return newLambertConic1SP(el, lat0, lon0, k0, fe, fn), "Lambert conformal conic", nil
	case m == "lambertconformalconic2sp" || m == "lambertconicconformal2sp" || m == "lambertconformalconic2spbelgium":
		if m == "lambertconformalconic2spbelgium" {
			return nil, "", &UnsupportedError{Name: def.name, Why: "its projection, the Belgian variant of the Lambert conformal conic, is not one tendays reprojects from (it does " + Supported + ")"}
		}
		return newLambertConic2SP(el, lat0, lon0, get(lat0, sp1Keys...), get(lat0, sp2Keys...), fe, fn), "Lambert conformal conic", nil
	case m == "lambertconformalconic": // ESRI's one name for both
		sp1, sp2 := get(lat0, sp1Keys...), get(math.NaN(), sp2Keys...)
		if !has(sp2Keys...) || sp1 == sp2 {
			return newLambertConic1SP(el, sp1, lon0, k0, fe, fn), "Lambert conformal conic", nil
		}
		return newLambertConic2SP(el, lat0, lon0, sp1, sp2, fe, fn), "Lambert conformal conic", nil
	case m == "lambertazimuthalequalarea":
		return newLambertAzimuthal(el, lat0, lon0, fe, fn), "Lambert azimuthal equal-area", nil
	case m == "albersconicequalarea" || m == "albersequalarea" || m == "albers" || m == "albersequalareaconic":
		p := wgs84.Datum{Spheroid: spheroid{el}}.AlbersEqualAreaConic(lon0, lat0, get(lat0, sp1Keys...), get(lat0, sp2Keys...), fe, fn).Projection
		return p, "Albers equal-area conic", nil
	case m == "mercator1sp" || m == "mercatorvarianta" || (m == "mercator" && !has(sp1Keys...)):
		return newMercator(el, lon0, k0, fe, fn), "Mercator", nil
	case m == "mercator2sp" || m == "mercatorvariantb" || m == "mercator":
		return newMercator(el, lon0, mercatorScale(el, get(0, sp1Keys...)), fe, fn), "Mercator", nil
	}
	name := def.methodName
	if name == "" {
		return nil, "", &UnsupportedError{Name: def.name, Why: "it names no projection"}
	}
	return nil, "", &UnsupportedError{Name: def.name, Why: fmt.Sprintf("its projection, %q, is not one tendays reprojects from (it does %s)", name, Supported)}
}

// offsetProjection shifts a projection with no origin of its own (the Web
// Mercator of github.com/wroge/wgs84) by a central meridian and false
// easting and northing.
type offsetProjection struct {
	p            wgs84.Projection
	lon0, fe, fn float64
}

func (o offsetProjection) ToLonLat(east, north float64, s wgs84.Spheroid) (float64, float64) {
	lon, lat := o.p.ToLonLat(east-o.fe, north-o.fn, s)
	return lon + o.lon0, lat
}

func (o offsetProjection) FromLonLat(lon, lat float64, s wgs84.Spheroid) (float64, float64) {
	x, y := o.p.FromLonLat(lon-o.lon0, lat, s)
	return x + o.fe, y + o.fn
}

// legacyDatum is a datum that is not WGS 84's and the Helmert
// transformation to it (position vector convention).
type legacyDatum struct {
	a     float64 // semi-major axis of its ellipsoid, to check the WKT agrees
	shift []float64
}

// legacyDatums are the shifts of the datums national maps still use, by
// normalized name (OGC's and ESRI's), from the EPSG dataset: the
// transformation PROJ 9 ranks first for the datum's whole area when no
// grid file is installed (projinfo -s EPSG:4277 -t EPSG:4326). Their
// accuracy is the dataset's: 2 to 10 m, far below what borders a game
// board is drawn from need.
var legacyDatums = func() map[string]legacyDatum {
	osgb := legacyDatum{6377563.396, []float64{446.448, -125.157, 542.06, 0.15, 0.247, 0.842, -20.489}} // EPSG:1314
	ed50 := legacyDatum{6378388, []float64{-87, -98, -121}}
	nad27 := legacyDatum{6378206.4, []float64{-8, 160, 176}}
	tokyo := legacyDatum{6377397.155, []float64{-146.414, 507.337, 680.507}}
	dhdn := legacyDatum{6377397.155, []float64{598.1, 73.7, 418.2, 0.202, 0.045, -2.455, 6.7}}
	mgi := legacyDatum{6377397.155, []float64{577.326, 90.129, 463.919, 5.137, 1.474, 5.297, 2.4232}}
	pulkovo := legacyDatum{6378245, []float64{25, -141, -78.5, 0, 0.35, 0.736, 0}} // coordinate frame rotations, negated
	ntf := legacyDatum{6378249.2, []float64{-168, -60, 320}}
	belge := legacyDatum{6378388, []float64{-106.8686, 52.2978, -103.7239, 0.3366, -0.457, 1.8422, -1.2747}} // coordinate frame rotations, negated
	return map[string]legacyDatum{
		"osgb1936": osgb, "osgb36": osgb, "ordnancesurveyofgreatbritain1936": osgb,
		"europeandatum1950": ed50, "european1950": ed50, "ed50": ed50,
		"northamericandatum1927": nad27, "northamerican1927": nad27, "nad27": nad27,
		"tokyo": tokyo, "tokyo1918": tokyo,
		"deutscheshauptdreiecksnetz": dhdn, "dhdn": dhdn,
		"militargeographischeinstitut": mgi, "mgi": mgi, "militargeographischeinstitutferro": mgi,
		"pulkovo1942": pulkovo, "sk42": pulkovo,
		"nouvelletriangulationfrancaise": ntf, "ntf": ntf,
		"reseaunationalbelge1972": belge, "belge1972": belge,
	}
}()
