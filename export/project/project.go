// Package project turns longitude/latitude into flat map coordinates for a
// board: the choice of one of package geo's equal-area projections (Albers
// conic, Lambert azimuthal), unwrapping longitudes across the antimeridian, and
// fitting projected shapes into a box on the page.
//
// Coordinates in are degrees; coordinates out are on the unit sphere with y
// pointing north. Fit turns them into page units with y pointing down. The
// package knows nothing about regions or drawing.
package project

import (
	"math"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/geo"
)

const deg = math.Pi / 180

// Projection maps a longitude and latitude (degrees) to the plane; the
// projections themselves live in package geo, shared with the rest of the
// toolkit.
type Projection = geo.Projection

// The two equal-area projections boards use (see package geo).
type (
	Albers = geo.Albers
	LAEA   = geo.LAEA
)

// NewAlbers prepares an Albers equal-area conic (see geo.NewAlbers).
func NewAlbers(lon0, lat0, par1, par2 float64) *Albers { return geo.NewAlbers(lon0, lat0, par1, par2) }

// NewLAEA prepares a Lambert azimuthal equal-area projection (see geo.NewLAEA).
func NewLAEA(lon0, lat0 float64) *LAEA { return geo.NewLAEA(lon0, lat0) }

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

// The antimeridian's helpers live in package geo, shared with the rest of
// the toolkit (mapdata/insets reads a board's frame with them).

// CentreLon is geo.CentreLon: the circular mean of the longitudes.
func CentreLon(pts func(yield func(orb.Point) bool)) float64 { return geo.CentreLon(pts) }

// Unwrap is geo.Unwrap: lon moved by whole turns to within 180 degrees of
// centre.
func Unwrap(lon, centre float64) float64 { return geo.Unwrap(lon, centre) }

// UnwrapMultiPolygon is geo.UnwrapMultiPolygon.
func UnwrapMultiPolygon(mp orb.MultiPolygon, centre float64) orb.MultiPolygon {
	return geo.UnwrapMultiPolygon(mp, centre)
}

// UnwrapMultiLineString is geo.UnwrapMultiLineString.
func UnwrapMultiLineString(ml orb.MultiLineString, centre float64) orb.MultiLineString {
	return geo.UnwrapMultiLineString(ml, centre)
}

// Points is geo.Points: every vertex of the polygons, for CentreLon.
func Points(mps ...orb.MultiPolygon) func(yield func(orb.Point) bool) { return geo.Points(mps...) }

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
