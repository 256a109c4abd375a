package geo

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// CentreLon is the circular mean of the longitudes: the middle of a set of
// points even when it straddles the antimeridian (Russia, Fiji), where the
// plain mean of -179 and 179 would put it at 0.
func CentreLon(pts func(yield func(orb.Point) bool)) float64 {
	var sx, sy float64
	for p := range pts {
		sx += math.Cos(p[0] * deg)
		sy += math.Sin(p[0] * deg)
	}
	if sx == 0 && sy == 0 {
		return 0
	}
	return math.Atan2(sy, sx) / deg
}

// Unwrap moves lon by whole turns to within 180 degrees of centre, so a ring
// stitched across ±180 stays in one piece on the map.
func Unwrap(lon, centre float64) float64 {
	d := math.Mod(lon-centre, 360)
	if d > 180 {
		d -= 360
	} else if d < -180 {
		d += 360
	}
	return centre + d
}

// UnwrapMultiPolygon returns a copy of mp with every longitude unwrapped
// around centre.
func UnwrapMultiPolygon(mp orb.MultiPolygon, centre float64) orb.MultiPolygon {
	out := make(orb.MultiPolygon, len(mp))
	for i, poly := range mp {
		out[i] = make(orb.Polygon, len(poly))
		for j, ring := range poly {
			out[i][j] = orb.Ring(unwrapPoints(ring, centre))
		}
	}
	return out
}

// UnwrapMultiLineString returns a copy of ml unwrapped around centre.
func UnwrapMultiLineString(ml orb.MultiLineString, centre float64) orb.MultiLineString {
	out := make(orb.MultiLineString, len(ml))
	for i, ls := range ml {
		out[i] = orb.LineString(unwrapPoints(ls, centre))
	}
	return out
}

func unwrapPoints(pts []orb.Point, centre float64) []orb.Point {
	out := make([]orb.Point, len(pts))
	for i, p := range pts {
		out[i] = orb.Point{Unwrap(p[0], centre), p[1]}
	}
	return out
}

// Points yields every vertex of the polygons, for CentreLon.
func Points(mps ...orb.MultiPolygon) func(yield func(orb.Point) bool) {
	return func(yield func(orb.Point) bool) {
		for _, mp := range mps {
			for _, poly := range mp {
				for _, ring := range poly {
					for _, p := range ring {
						if !yield(p) {
							return
						}
					}
				}
			}
		}
	}
}

// LargestPolygon is the polygon of mp whose outer ring encloses the most
// (in square degrees): a region's mainland, without its far islands or
// overseas parts; false when mp has none.
func LargestPolygon(mp orb.MultiPolygon) (orb.Polygon, bool) {
	best, bestA := -1, -1.0
	for i, poly := range mp {
		if len(poly) == 0 {
			continue
		}
		if a := math.Abs(planar.Area(poly[0])); a > bestA {
			best, bestA = i, a
		}
	}
	if best < 0 {
		return nil, false
	}
	return mp[best], true
}
