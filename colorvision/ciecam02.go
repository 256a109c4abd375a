package colorvision

import "math"

// viewing is CIECAM02's viewing conditions, with what follows from them.
type viewing struct {
	white      [3]float64 // XYZ of the adopted white, Y = 100
	yb, la     float64    // background luminance factor; adapting luminance, cd/m²
	f, c, nc   float64    // surround
	dRGB       [3]float64 // degree of adaptation per channel
	fl, n, nbb float64
	z, aw      float64
}

// sRGBViewing is the sRGB reference viewing as CIECAM02 takes it (and as
// colorspacious's CAM02-UCS does): D65 white, a 20% grey background, 64 lux
// ambient (L_A = 64/π/5 cd/m²), average surround.
var sRGBViewing = newViewing([3]float64{95.047, 100, 108.883}, 20, 64/math.Pi/5, 1.0, 0.69, 1.0)

var (
	mCAT02 = [3][3]float64{
		{0.7328, 0.4296, -0.1624},
		{-0.7036, 1.6975, 0.0061},
		{0.0030, 0.0136, 0.9834},
	}
	mHPE = [3][3]float64{
		{0.38971, 0.68898, -0.07868},
		{-0.22981, 1.18340, 0.04641},
		{0, 0, 1},
	}
	// cat02ToHPE takes CAT02-adapted cone responses to Hunt–Pointer–Estévez.
	cat02ToHPE = mulMat(mHPE, invert3(mCAT02))
)

func mulMat(a, b [3][3]float64) [3][3]float64 {
	var r [3][3]float64
	for i := range 3 {
		for j := range 3 {
			r[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j] + a[i][2]*b[2][j]
		}
	}
	return r
}

func newViewing(white [3]float64, yb, la, f, c, nc float64) viewing {
	v := viewing{white: white, yb: yb, la: la, f: f, c: c, nc: nc}
	rgbW := mul3(mCAT02, white)
	d := min(1, max(0, f*(1-(1/3.6)*math.Exp((-la-42)/92))))
	for i := range 3 {
		v.dRGB[i] = d*white[1]/rgbW[i] + 1 - d
	}
	k := 1 / (5*la + 1)
	k4 := k * k * k * k
	v.fl = 0.2*k4*(5*la) + 0.1*(1-k4)*(1-k4)*math.Cbrt(5*la)
	v.n = yb / white[1]
	v.z = 1.48 + math.Sqrt(v.n)
	v.nbb = 0.725 * math.Pow(v.n, -0.2)
	aw := v.adapted(white)
	v.aw = (2*aw[0] + aw[1] + aw[2]/20 - 0.305) * v.nbb
	return v
}

// adapted is the post-adaptation cone response of a colour (XYZ).
func (v viewing) adapted(x [3]float64) [3]float64 {
	rgb := mul3(mCAT02, x)
	for i := range 3 {
		rgb[i] *= v.dRGB[i]
	}
	p := mul3(cat02ToHPE, rgb)
	var out [3]float64
	for i, c := range p {
		s := 1.0
		if c < 0 {
			s = -1
		}
		t := math.Pow(v.fl*math.Abs(c)/100, 0.42)
		out[i] = s*400*t/(t+27.13) + 0.1
	}
	return out
}

// ucs is a colour (XYZ) in CAM02-UCS: CIECAM02's J, M and h, then J' =
// 1.7 J / (1 + 0.007 J), M' = ln(1 + 0.0228 M) / 0.0228.
func (v viewing) ucs(x [3]float64) UCS {
	ra := v.adapted(x)
	a := ra[0] - 12*ra[1]/11 + ra[2]/11
	b := (ra[0] + ra[1] - 2*ra[2]) / 9
	h := math.Atan2(b, a)
	hDeg := math.Mod(h*180/math.Pi+360, 360)
	et := 0.25 * (math.Cos(hDeg*math.Pi/180+2) + 3.8)
	A := (2*ra[0] + ra[1] + ra[2]/20 - 0.305) * v.nbb
	J := 0.0
	if r := A / v.aw; r > 0 {
		J = 100 * math.Pow(r, v.c*v.z)
	}
	t := (50000.0 / 13 * v.nc * v.nbb * et * math.Hypot(a, b)) / (ra[0] + ra[1] + 21*ra[2]/20)
	C := math.Pow(t, 0.9) * math.Sqrt(J/100) * math.Pow(1.64-math.Pow(0.29, v.n), 0.73)
	M := C * math.Pow(v.fl, 0.25)
	Jp := 1.7 * J / (1 + 0.007*J)
	Mp := math.Log(1+0.0228*M) / 0.0228
	return UCS{Jp, Mp * math.Cos(h), Mp * math.Sin(h)}
}
