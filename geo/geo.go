// Package geo is the toolkit's one place for measuring and flattening the
// Earth: the great-circle distance every length in tendays is measured with
// (borders, routes, coasts) and the equal-area projections every board and
// plane is drawn in (Albers conic, Lambert azimuthal), and the nearest
// distance between two outlines (NearestKm; Sorted for an outline asked
// many times). Angles are degrees; projections map onto the unit sphere
// with y pointing north.
package geo

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/paulmach/orb"
)

const deg = math.Pi / 180

// EarthRadiusKm is the mean Earth radius (IUGG) used for every length.
const EarthRadiusKm = 6371.0088

// GreatCircleKm is the great-circle distance between two longitude/latitude
// points, by the haversine formula.
func GreatCircleKm(a, b orb.Point) float64 {
	lat1, lat2 := a[1]*deg, b[1]*deg
	dlat, dlon := lat2-lat1, (b[0]-a[0])*deg
	h := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(lat1)*math.Cos(lat2)*math.Sin(dlon/2)*math.Sin(dlon/2)
	return 2 * EarthRadiusKm * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Projection maps a longitude and latitude (degrees) to the plane.
type Projection interface {
	Forward(lon, lat float64) (x, y float64)
	String() string
}

// Albers is the Albers equal-area conic on a sphere: true to scale along its
// two standard parallels, with areas kept everywhere. Suited to a land wider
// than tall in the middle latitudes (the USA).
type Albers struct {
	Lon0, Lat0 float64 // centre of the map
	Par1, Par2 float64 // standard parallels
	n, c, rho0 float64
}

// NewAlbers prepares an Albers projection.
func NewAlbers(lon0, lat0, par1, par2 float64) *Albers {
	a := &Albers{Lon0: lon0, Lat0: lat0, Par1: par1, Par2: par2}
	s1, s2 := math.Sin(par1*deg), math.Sin(par2*deg)
	a.n = (s1 + s2) / 2
	c1 := math.Cos(par1 * deg)
	a.c = c1*c1 + 2*a.n*s1
	a.rho0 = a.rho(lat0)
	return a
}

func (a *Albers) rho(lat float64) float64 {
	v := a.c - 2*a.n*math.Sin(lat*deg)
	if v < 0 {
		v = 0 // only beyond the pole the cone is built for
	}
	return math.Sqrt(v) / a.n
}

// Forward projects a point.
func (a *Albers) Forward(lon, lat float64) (float64, float64) {
	rho := a.rho(lat)
	theta := a.n * (lon - a.Lon0) * deg
	return rho * math.Sin(theta), a.rho0 - rho*math.Cos(theta)
}

func (a *Albers) String() string {
	return fmt.Sprintf("Albers equal-area conic (standard parallels %s, %s; centre %s, %s)", deg2(a.Par1), deg2(a.Par2), deg2(a.Lon0), deg2(a.Lat0))
}

// LAEA is the Lambert azimuthal equal-area projection centred on a point:
// areas kept, shapes least distorted near the centre. Suited to a board
// that spans the equator or a whole continent (Africa, Asia).
type LAEA struct {
	Lon0, Lat0       float64
	sinLat0, cosLat0 float64
}

// NewLAEA prepares a Lambert azimuthal equal-area projection.
func NewLAEA(lon0, lat0 float64) *LAEA {
	return &LAEA{Lon0: lon0, Lat0: lat0, sinLat0: math.Sin(lat0 * deg), cosLat0: math.Cos(lat0 * deg)}
}

// Forward projects a point. The point opposite the centre has no image; it
// and its neighbourhood land on the rim of the projection's disc.
func (l *LAEA) Forward(lon, lat float64) (float64, float64) {
	phi, dl := lat*deg, (lon-l.Lon0)*deg
	sp, cp := math.Sin(phi), math.Cos(phi)
	cdl := math.Cos(dl)
	den := 1 + l.sinLat0*sp + l.cosLat0*cp*cdl
	if den < 1e-9 {
		den = 1e-9
	}
	k := math.Sqrt(2 / den)
	return k * cp * math.Sin(dl), k * (l.cosLat0*sp - l.sinLat0*cp*cdl)
}

func (l *LAEA) String() string {
	return fmt.Sprintf("Lambert azimuthal equal-area (centre %s, %s)", deg2(l.Lon0), deg2(l.Lat0))
}

// deg2 writes an angle to two decimals at most, for names that must read
// the same on every machine.
func deg2(v float64) string {
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// kmPerDegree is the length of a degree of latitude on the mean sphere.
var kmPerDegree = EarthRadiusKm * deg

// NearestKm is the smallest distance in km between a point of as and one of
// bs, in a local equirectangular frame at each point of as (good to a
// percent over hundreds of km; longitudes taken the short way round),
// stopping at limit: pairs farther apart than limit are not measured, and
// limit is returned when none is nearer. The nearest coasts of two regions
// are the nearest points of their outlines.
//
// Where there are many points on both sides, bs is sorted by latitude
// and each point of as looks outward from its own latitude, up and down,
// until the points are best apart in latitude alone: it skips only pairs
// that cannot be nearer, so the result is the one of every pair.
func NearestKm(as, bs []orb.Point, limit float64) float64 {
	if len(as) < windowPoints || len(bs) < windowPoints {
		return nearestEvery(as, bs, limit)
	}
	return ByLatitude(bs).NearestKm(as, limit)
}

// Sorted are points sorted by latitude, for NearestKm to the same points
// many times.
type Sorted struct {
	points []orb.Point
	lats   []float64
}

// ByLatitude is bs sorted by latitude (a copy).
func ByLatitude(bs []orb.Point) *Sorted {
	s := &Sorted{points: slices.Clone(bs), lats: make([]float64, len(bs))}
	slices.SortFunc(s.points, func(p, q orb.Point) int { return cmp.Compare(p[1], q[1]) })
	for i, p := range s.points {
		s.lats[i] = p[1]
	}
	return s
}

// NearestKm is NearestKm(as, the points of s, limit).
func (s *Sorted) NearestKm(as []orb.Point, limit float64) float64 {
	best := limit
	for _, a := range as {
		at, _ := slices.BinarySearch(s.lats, a[1])
		best = nearestFrom(a, s.points[at:], best, 1)
		best = nearestFrom(a, s.points[:at], best, -1)
	}
	return best
}

// windowPoints is how many points each side needs before NearestKm sorts
// bs (fewer points of as than that measure every pair for less than the
// sort costs).
const windowPoints = 64

// nearestEvery is NearestKm measuring every pair.
func nearestEvery(as, bs []orb.Point, limit float64) float64 {
	best := limit
	for _, a := range as {
		best = nearestFrom(a, bs, best, 0)
	}
	return best
}

// nearestFrom is the least of best and the distances from a to bs, the
// pairs at least best apart in latitude skipped. Where bs is sorted by
// latitude away from a, upward (dir 1, from its first point) or downward
// (dir -1, from its last), the first point best apart ends the search.
func nearestFrom(a orb.Point, bs []orb.Point, best float64, dir int) float64 {
	kx := kmPerDegree * math.Cos(a[1]*deg)
	for i := range bs {
		b := bs[i]
		if dir < 0 {
			b = bs[len(bs)-1-i]
		}
		dy := (b[1] - a[1]) * kmPerDegree
		if math.Abs(dy) >= best {
			if dir != 0 {
				break
			}
			continue
		}
		dx := b[0] - a[0]
		if dx > 180 {
			dx -= 360
		} else if dx < -180 {
			dx += 360
		}
		if d := math.Hypot(dx*kx, dy); d < best {
			best = d
		}
	}
	return best
}

// BoxGapKm is a lower bound of the distance in km between any point of box
// a and any of box b: the gaps in latitude and longitude, a degree of
// longitude at its shortest (at the latitude farthest from the equator).
func BoxGapKm(a, b orb.Bound) float64 {
	dx := math.Max(0, math.Max(a.Min[0]-b.Max[0], b.Min[0]-a.Max[0]))
	dy := math.Max(0, math.Max(a.Min[1]-b.Max[1], b.Min[1]-a.Max[1]))
	lat := math.Max(math.Max(math.Abs(a.Min[1]), math.Abs(a.Max[1])), math.Max(math.Abs(b.Min[1]), math.Abs(b.Max[1])))
	return math.Hypot(dx*kmPerDegree*math.Cos(math.Min(lat, 90)*deg), dy*kmPerDegree)
}
