package crs

import (
	"fmt"
	"strconv"
	"strings"
)

// FromEPSG sets up a system by its EPSG code, for files that give a code and
// no definition (a GeoJSON file's legacy "crs" member). The table holds
// longitude/latitude on the common datums, the Web and World Mercator, the
// UTM zones on WGS 84, ETRS89, NAD83, ED50 and GDA, and national grids of
// the kinds this package reprojects; any other code is an
// *UnsupportedError.
func FromEPSG(code int) (*CRS, error) {
	def, ok := epsgDefinition(code)
	if !ok {
		return nil, &UnsupportedError{Name: "EPSG:" + strconv.Itoa(code), Why: "not in the table of EPSG codes tendays reprojects from a code alone (with no WKT definition)"}
	}
	def.code = code
	return def.build()
}

// Ellipsoids of the table: semi-major axis and inverse flattening.
var (
	elWGS84 = newEllipsoid(6378137, 298.257223563)
	elGRS80 = newEllipsoid(6378137, 298.257222101)
	elIntl  = newEllipsoid(6378388, 297)
	elAiry  = newEllipsoid(6377563.396, 299.3249646)
	elBess  = newEllipsoid(6377397.155, 299.1528128)
	elClk66 = newEllipsoid(6378206.4, 294.978698214)
	elKrass = newEllipsoid(6378245, 298.3)
	elClk80 = newEllipsoid(6378249.2, 293.466021294)
)

func geographic(name, datum string, el ellipsoid) definition {
	return definition{name: name, datum: datum, el: el, angUnit: 1, linUnit: 1}
}

func projected(name, datum string, el ellipsoid, method string, params map[string]float64) definition {
	return definition{name: name, datum: datum, el: el, angUnit: 1, linUnit: 1, projected: true, method: method, methodName: method, params: params}
}

func tm(lat0, lon0, k0, fe, fn float64) map[string]float64 {
	return map[string]float64{"latitudeoforigin": lat0, "centralmeridian": lon0, "scalefactor": k0, "falseeasting": fe, "falsenorthing": fn}
}

func conic(lat0, lon0, sp1, sp2, fe, fn float64) map[string]float64 {
	return map[string]float64{"latitudeoforigin": lat0, "centralmeridian": lon0, "standardparallel1": sp1, "standardparallel2": sp2, "falseeasting": fe, "falsenorthing": fn}
}

func utm(name, datum string, el ellipsoid, zone int, south bool) definition {
	fn := 0.0
	hemi := "N"
	if south {
		fn, hemi = 10000000, "S"
	}
	return projected(fmt.Sprintf("%s / UTM zone %d%s", name, zone, hemi), datum, el, "transversemercator", tm(0, float64(6*zone-183), 0.9996, 500000, fn))
}

func epsgDefinition(code int) (definition, bool) {
	switch code {
	case 4326:
		return geographic("WGS 84", "wgs1984", elWGS84), true
	case 4258:
		return geographic("ETRS89", "europeanterrestrialreferencesystem1989", elGRS80), true
	case 4269:
		return geographic("NAD83", "northamericandatum1983", elGRS80), true
	case 4283:
		return geographic("GDA94", "geocentricdatumofaustralia1994", elGRS80), true
	case 7844:
		return geographic("GDA2020", "geocentricdatumofaustralia2020", elGRS80), true
	case 4171:
		return geographic("RGF93", "reseaugeodesiquefrancais1993", elGRS80), true
	case 4674:
		return geographic("SIRGAS 2000", "sistemadereferenciageocentricoparalasamericas2000", elGRS80), true
	case 4277:
		return geographic("OSGB36", "osgb1936", elAiry), true
	case 4230:
		return geographic("ED50", "europeandatum1950", elIntl), true
	case 4267:
		return geographic("NAD27", "northamericandatum1927", elClk66), true
	case 4301:
		return geographic("Tokyo", "tokyo", elBess), true
	case 4314:
		return geographic("DHDN", "deutscheshauptdreiecksnetz", elBess), true
	case 4312:
		return geographic("MGI", "militargeographischeinstitut", elBess), true
	case 4284:
		return geographic("Pulkovo 1942", "pulkovo1942", elKrass), true
	case 4275:
		return geographic("NTF", "nouvelletriangulationfrancaise", elClk80), true
	case 4313:
		return geographic("Belge 1972", "reseaunationalbelge1972", elIntl), true
	case 3857, 900913, 3785, 102100, 102113:
		d := projected("WGS 84 / Pseudo-Mercator", "wgs1984", elWGS84, "popularvisualisationpseudomercator", map[string]float64{})
		d.webMerc = true
		return d, true
	case 3395:
		return projected("WGS 84 / World Mercator", "wgs1984", elWGS84, "mercator1sp", map[string]float64{"scalefactor": 1}), true
	case 3035:
		return projected("ETRS89-extended / LAEA Europe", "europeanterrestrialreferencesystem1989", elGRS80, "lambertazimuthalequalarea",
			map[string]float64{"latitudeoforigin": 52, "centralmeridian": 10, "falseeasting": 4321000, "falsenorthing": 3210000}), true
	case 3034:
		return projected("ETRS89-extended / LCC Europe", "europeanterrestrialreferencesystem1989", elGRS80, "lambertconformalconic2sp", conic(52, 10, 35, 65, 4000000, 2800000)), true
	case 2154:
		return projected("RGF93 v1 / Lambert-93", "reseaugeodesiquefrancais1993", elGRS80, "lambertconformalconic2sp", conic(46.5, 3, 49, 44, 700000, 6600000)), true
	case 3416:
		return projected("ETRS89 / Austria Lambert", "europeanterrestrialreferencesystem1989", elGRS80, "lambertconformalconic2sp", conic(47.5, 13+1.0/3, 49, 46, 400000, 400000)), true
	case 5070:
		return projected("NAD83 / Conus Albers", "northamericandatum1983", elGRS80, "albersconicequalarea", conic(23, -96, 29.5, 45.5, 0, 0)), true
	case 3577:
		return projected("GDA94 / Australian Albers", "geocentricdatumofaustralia1994", elGRS80, "albersconicequalarea", conic(0, 132, -18, -36, 0, 0)), true
	case 27700:
		return projected("OSGB36 / British National Grid", "osgb1936", elAiry, "transversemercator", tm(49, -2, 0.9996012717, 400000, -100000)), true
	case 31467, 31468, 31469:
		zone := float64(code - 31464)
		return projected(fmt.Sprintf("DHDN / 3-degree Gauss-Kruger zone %d", code-31464), "deutscheshauptdreiecksnetz", elBess, "transversemercator", tm(0, 3*zone, 1, zone*1e6+500000, 0)), true
	case 3006:
		return projected("SWEREF99 TM", "swedishreferenceframe1999", elGRS80, "transversemercator", tm(0, 15, 0.9996, 500000, 0)), true
	case 3067:
		return projected("ETRS89 / TM35FIN(E,N)", "europeanterrestrialreferencesystem1989", elGRS80, "transversemercator", tm(0, 27, 0.9996, 500000, 0)), true
	case 2180:
		return projected("ETRS89 / Poland CS92", "europeanterrestrialreferencesystem1989", elGRS80, "transversemercator", tm(0, 19, 0.9993, 500000, -5300000)), true
	case 3763:
		return projected("ETRS89 / Portugal TM06", "europeanterrestrialreferencesystem1989", elGRS80, "transversemercator", tm(39.668258333333, -8.133108333333, 1, 0, 0)), true
	}
	switch {
	case code >= 32601 && code <= 32660:
		return utm("WGS 84", "wgs1984", elWGS84, code-32600, false), true
	case code >= 32701 && code <= 32760:
		return utm("WGS 84", "wgs1984", elWGS84, code-32700, true), true
	case code >= 25828 && code <= 25838:
		return utm("ETRS89", "europeanterrestrialreferencesystem1989", elGRS80, code-25800, false), true
	case code >= 26901 && code <= 26923:
		return utm("NAD83", "northamericandatum1983", elGRS80, code-26900, false), true
	case code >= 26703 && code <= 26722:
		return utm("NAD27", "northamericandatum1927", elClk66, code-26700, false), true
	case code >= 23028 && code <= 23038:
		return utm("ED50", "europeandatum1950", elIntl, code-23000, false), true
	case code >= 28348 && code <= 28358:
		d := utm("GDA94", "geocentricdatumofaustralia1994", elGRS80, code-28300, true)
		d.name = fmt.Sprintf("GDA94 / MGA zone %d", code-28300)
		return d, true
	case code >= 7846 && code <= 7859:
		d := utm("GDA2020", "geocentricdatumofaustralia2020", elGRS80, code-7800, true)
		d.name = fmt.Sprintf("GDA2020 / MGA zone %d", code-7800)
		return d, true
	}
	return definition{}, false
}

// FromName sets up the system a GeoJSON file's legacy "crs" member names
// (the 2008 GeoJSON specification): "urn:ogc:def:crs:OGC:1.3:CRS84",
// "urn:ogc:def:crs:EPSG::3857", "EPSG:3857".
func FromName(name string) (*CRS, error) {
	n := strings.TrimSpace(name)
	upper := strings.ToUpper(n)
	switch {
	case strings.HasSuffix(upper, "CRS84") || strings.HasSuffix(upper, "CRS:84"):
		return WGS84(), nil
	case strings.HasPrefix(upper, "URN:OGC:DEF:CRS:EPSG:"):
		parts := strings.Split(upper, ":")
		code, err := strconv.Atoi(parts[len(parts)-1])
		if err == nil {
			return FromEPSG(code)
		}
	case strings.HasPrefix(upper, "EPSG:"):
		code, err := strconv.Atoi(strings.TrimPrefix(upper, "EPSG:"))
		if err == nil {
			return FromEPSG(code)
		}
	}
	return nil, &UnsupportedError{Name: n, Why: "not a name of a coordinate system tendays reads (urn:ogc:def:crs:EPSG::CODE, EPSG:CODE or CRS84)"}
}
