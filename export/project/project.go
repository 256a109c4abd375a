// Package project turns longitude/latitude into flat map coordinates: two
// equal-area projections (Albers conic, Lambert azimuthal), the choice of
// one for a board, unwrapping longitudes across the antimeridian, and
// fitting projected shapes into a box on the page.
//
// Coordinates in are degrees; coordinates out are on the unit sphere with y
// pointing north. Fit turns them into page units with y pointing down. The
// package knows nothing about regions or drawing.
package project

import (
	"fmt"
	"math"
	"strconv"

	"github.com/paulmach/orb"
)

const deg = math.Pi / 180

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

// Presets are projections chosen by hand for editions whose maps have a
// customary look: the USA as the Census Bureau and atlases draw it.
var Presets = map[string]func() Projection{
	"usa": func() Projection { return NewAlbers(-96, 37.5, 29.5, 45.5) },
}

// Choose picks a projection for a board whose (unwrapped) bounds are b:
// a preset for the edition if there is one; otherwise an Albers conic with
// standard parallels at one sixth and five sixths of the latitude span when
// the board keeps to one side of the equator, and a Lambert azimuthal
// centred on the bounds when it does not (a conic degenerates there).
func Choose(editionID string, b orb.Bound) Projection {
	if p, ok := Presets[editionID]; ok {
		return p()
	}
	return Auto(b)
}

// Auto is Choose without presets.
func Auto(b orb.Bound) Projection {
	lon0 := (b.Min[0] + b.Max[0]) / 2
	lat0 := (b.Min[1] + b.Max[1]) / 2
	span := b.Max[1] - b.Min[1]
	sameSide := b.Min[1] >= 0 || b.Max[1] <= 0
	if sameSide && span >= 2 {
		p1, p2 := b.Min[1]+span/6, b.Max[1]-span/6
		if n := (math.Sin(p1*deg) + math.Sin(p2*deg)) / 2; math.Abs(n) >= 0.1 && math.Abs(b.Max[1]) < 85 && math.Abs(b.Min[1]) < 85 {
			return NewAlbers(lon0, lat0, round1(p1), round1(p2))
		}
	}
	return NewLAEA(lon0, lat0)
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// deg2 writes an angle to two decimals at most, for names that must read
// the same on every machine.
func deg2(v float64) string {
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

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

// Fit places projected coordinates in a box on the page: page = (x*Scale +
// DX, -y*Scale + DY), so north is up.
type Fit struct {
	Scale, DX, DY float64
}

// FitBound scales and centres the projected bound b inside the page box.
func FitBound(b orb.Bound, box orb.Bound) Fit {
	w, h := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1]
	bw, bh := box.Max[0]-box.Min[0], box.Max[1]-box.Min[1]
	s := math.Inf(1)
	if w > 0 {
		s = bw / w
	}
	if h > 0 {
		s = math.Min(s, bh/h)
	}
	if math.IsInf(s, 1) {
		s = 1
	}
	cx, cy := (b.Min[0]+b.Max[0])/2, (b.Min[1]+b.Max[1])/2
	bcx, bcy := (box.Min[0]+box.Max[0])/2, (box.Min[1]+box.Max[1])/2
	return Fit{Scale: s, DX: bcx - cx*s, DY: bcy + cy*s}
}

// Apply maps a projected point to the page.
func (f Fit) Apply(x, y float64) orb.Point {
	return orb.Point{x*f.Scale + f.DX, -y*f.Scale + f.DY}
}

// Mapper is a projection and a fit together: longitude/latitude to page.
type Mapper struct {
	Proj   Projection
	Fit    Fit
	Centre float64 // longitudes are unwrapped around this first
}

// Point maps one longitude/latitude to the page.
func (m Mapper) Point(p orb.Point) orb.Point {
	x, y := m.Proj.Forward(Unwrap(p[0], m.Centre), p[1])
	return m.Fit.Apply(x, y)
}

// ProjectedBound is the bound of mp projected (before fitting).
func ProjectedBound(p Projection, centre float64, mps ...orb.MultiPolygon) orb.Bound {
	b := orb.Bound{Min: orb.Point{math.Inf(1), math.Inf(1)}, Max: orb.Point{math.Inf(-1), math.Inf(-1)}}
	for pt := range Points(mps...) {
		x, y := p.Forward(Unwrap(pt[0], centre), pt[1])
		b = b.Extend(orb.Point{x, y})
	}
	return b
}
