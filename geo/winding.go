package geo

import (
	"fmt"

	"github.com/paulmach/orb"
)

// Winding is the order of a polygon's rings in longitude/latitude (x east,
// y north). Two conventions are in use and they disagree:
//
//   - RFC7946: outer rings counter-clockwise, holes clockwise (RFC 7946
//     §3.1.6), what GeoJSON readers and GEOS (shapely, PostGIS) expect;
//   - D3: outer rings clockwise, holes counter-clockwise, what d3-geo reads
//     as "the small side of the ring is inside" (and what TopoJSON from
//     us-atlas and world-atlas holds, like ESRI shapefiles). d3-geo takes a
//     polygon wound the RFC 7946 way for everything outside it: its geoArea
//     is over 2π and it fills the whole frame.
type Winding int

const (
	RFC7946 Winding = iota
	D3
)

// WindingNamed is the winding of a name: rfc7946 (or "") or d3.
func WindingNamed(name string) (Winding, error) {
	switch name {
	case "rfc7946", "":
		return RFC7946, nil
	case "d3":
		return D3, nil
	}
	return 0, fmt.Errorf("unknown winding %q (want rfc7946 or d3)", name)
}

// Wind returns g with every polygon ring wound by w. Rings already so wound
// are kept as they are (shared, not copied); others are reversed copies. A
// ring of no area is left as it is. Geometries other than polygons pass
// unchanged.
func Wind(g orb.Geometry, w Winding) orb.Geometry {
	switch t := g.(type) {
	case orb.Polygon:
		return windPolygon(t, w)
	case orb.MultiPolygon:
		out := make(orb.MultiPolygon, len(t))
		for i, p := range t {
			out[i] = windPolygon(p, w)
		}
		return out
	}
	return g
}

func windPolygon(p orb.Polygon, w Winding) orb.Polygon {
	out := make(orb.Polygon, len(p))
	for k, r := range p {
		out[k] = WindRing(r, k == 0, w)
	}
	return out
}

// WindRing returns a polygon's ring wound by w as an outer ring or a hole:
// r itself when it is so wound already or has no area, else a reversed
// copy.
func WindRing(r orb.Ring, outer bool, w Winding) orb.Ring {
	if len(r) == 0 {
		return r
	}
	want := orb.CCW
	if w == D3 {
		want = orb.CW
	}
	if !outer {
		want = -want
	}
	if r.Orientation() == -want {
		r = r.Clone()
		r.Reverse()
	}
	return r
}
