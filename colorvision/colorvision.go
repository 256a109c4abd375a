// Package colorvision simulates colour-vision deficiencies and measures how
// far apart two colours look: the Machado, Oliveira and Fernandes (2009)
// simulation of protanopia, deuteranopia and tritanopia at full severity,
// applied in linear sRGB, and distance in CAM02-UCS (Luo, Cui and Li 2006,
// over CIECAM02 with sRGB's viewing conditions).
//
// It is colour science only: it knows nothing of packs, palettes' names or
// lint rules. Distances are in CAM02-UCS units, where about 1 is a just
// noticeable difference side by side; colours that are to be told apart
// across a table need far more (the lint rule colors/cvd and the palettes
// the toolkit chooses ask for 10).
package colorvision

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Vision is a way of seeing colour.
type Vision int

const (
	Normal       Vision = iota
	Deuteranopia        // no M cones: red and green confused (about 1% of men)
	Protanopia          // no L cones: red and green confused, reds darkened (about 1% of men)
	Tritanopia          // no S cones: blue and yellow confused (rare)
)

// Deficiencies are the three simulated visions, in the order reports give them.
var Deficiencies = []Vision{Deuteranopia, Protanopia, Tritanopia}

// Visions are normal vision and the three deficiencies.
var Visions = []Vision{Normal, Deuteranopia, Protanopia, Tritanopia}

func (v Vision) String() string {
	switch v {
	case Deuteranopia:
		return "deuteranopia"
	case Protanopia:
		return "protanopia"
	case Tritanopia:
		return "tritanopia"
	}
	return "normal vision"
}

// RGB is an sRGB colour, each channel 0 to 1 (gamma-encoded, as in #rrggbb).
type RGB [3]float64

// ParseHex reads #rrggbb or #rgb.
func ParseHex(s string) (RGB, error) {
	h, ok := strings.CutPrefix(s, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if !ok || len(h) != 6 {
		return RGB{}, fmt.Errorf("colour %q is not #rrggbb", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return RGB{}, fmt.Errorf("colour %q is not #rrggbb", s)
	}
	return RGB{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255}, nil
}

// Hex writes c as #rrggbb, each channel clamped to 0..1 and rounded.
func (c RGB) Hex() string {
	b := func(x float64) int { return int(math.Round(min(1, max(0, x)) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", b(c[0]), b(c[1]), b(c[2]))
}

// machado are the simulation matrices at severity 1.0, for linear RGB
// (Machado, Oliveira and Fernandes, "A Physiologically-based Model for
// Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009: the
// supplementary table of matrices). Each row sums to 1, so greys stay grey.
var machado = map[Vision][3][3]float64{
	Protanopia: {
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998},
	},
	Deuteranopia: {
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881},
	},
	Tritanopia: {
		{1.255528, -0.076749, -0.178779},
		{-0.078411, 0.930809, 0.147602},
		{0.004733, 0.691367, 0.303900},
	},
}

// linear is the sRGB transfer function undone (IEC 61966-2-1).
func linear(c float64) float64 {
	if c < 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// encoded is the sRGB transfer function, odd-extended below 0.
func encoded(l float64) float64 {
	if l <= 0.0031308 {
		return l * 12.92
	}
	return 1.055*math.Pow(l, 1/2.4) - 0.055
}

// simulateLinear is c (linear RGB) as seen with v, clipped to the sRGB
// gamut: a simulated colour is what a screen would show the viewer, and a
// screen shows nothing outside 0..1. (colorspacious keeps such values; the
// two agree within a few tenths on saturated colours, and exactly on the rest.)
func simulateLinear(c [3]float64, v Vision) [3]float64 {
	m, ok := machado[v]
	if !ok {
		return c
	}
	var out [3]float64
	for i := range 3 {
		out[i] = min(1, max(0, m[i][0]*c[0]+m[i][1]*c[1]+m[i][2]*c[2]))
	}
	return out
}

// InGamut reports whether c as someone with v sees it lies inside the sRGB
// gamut, so that no clipping changes it.
func InGamut(c RGB, v Vision) bool {
	m, ok := machado[v]
	if !ok {
		return true
	}
	l := [3]float64{linear(c[0]), linear(c[1]), linear(c[2])}
	for i := range 3 {
		if x := m[i][0]*l[0] + m[i][1]*l[1] + m[i][2]*l[2]; x < 0 || x > 1 {
			return false
		}
	}
	return true
}

// Simulate is c as someone with v sees it, as sRGB.
func Simulate(c RGB, v Vision) RGB {
	l := simulateLinear([3]float64{linear(c[0]), linear(c[1]), linear(c[2])}, v)
	return RGB{encoded(l[0]), encoded(l[1]), encoded(l[2])}
}

// UCS is a colour in CAM02-UCS: J' (lightness), a', b'.
type UCS [3]float64

// ToUCS is c, seen with v, in CAM02-UCS.
func ToUCS(c RGB, v Vision) UCS {
	l := simulateLinear([3]float64{linear(c[0]), linear(c[1]), linear(c[2])}, v)
	return sRGBViewing.ucs(xyz(l))
}

// Distance is how far apart a and b look to someone with v, in CAM02-UCS.
func Distance(a, b RGB, v Vision) float64 {
	return ToUCS(a, v).Distance(ToUCS(b, v))
}

// Distance is the Euclidean distance in CAM02-UCS (its ΔE).
func (u UCS) Distance(o UCS) float64 {
	return math.Sqrt((u[0]-o[0])*(u[0]-o[0]) + (u[1]-o[1])*(u[1]-o[1]) + (u[2]-o[2])*(u[2]-o[2]))
}

// xyz is linear sRGB as CIE XYZ with Y of white 100, by the inverse of the
// IEC 61966-2-1 XYZ-to-sRGB matrix (the matrix the standard states).
func xyz(l [3]float64) [3]float64 {
	var out [3]float64
	for i := range 3 {
		out[i] = 100 * (rgbToXYZ[i][0]*l[0] + rgbToXYZ[i][1]*l[1] + rgbToXYZ[i][2]*l[2])
	}
	return out
}

var rgbToXYZ = invert3([3][3]float64{
	{3.2406, -1.5372, -0.4986},
	{-0.9689, 1.8758, 0.0415},
	{0.0557, -0.2040, 1.0570},
})

func invert3(m [3][3]float64) [3][3]float64 {
	det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	var r [3][3]float64
	for i := range 3 {
		for j := range 3 {
			// cofactor of (j, i) over the determinant
			a, b := (j+1)%3, (j+2)%3
			c, d := (i+1)%3, (i+2)%3
			r[i][j] = (m[a][c]*m[b][d] - m[a][d]*m[b][c]) / det
		}
	}
	return r
}

func mul3(m [3][3]float64, v [3]float64) [3]float64 {
	return [3]float64{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}
