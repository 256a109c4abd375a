package crs

import (
	"math"
)

// The projections below are the ones github.com/wroge/wgs84 v1.1.7 does not
// have, or has wrong when compared with PROJ: its transverse Mercator
// inverse raises to the power 3/2 in integer arithmetic (1), which moves a
// point 300 km from a UTM central meridian by 16 m, and its Lambert
// azimuthal equal-area inverse flips the sign of the latitude when the
// projection's origin is south of the equator. Each implements the
// library's Projection interface (wgs84.Projection), so that its datums and
// Helmert shifts carry them like its own. Formulas: IOGP Publication 373-7-2,
// Geomatics Guidance Note 7 part 2 (the EPSG guidance), and for the
// transverse Mercator the series of Krüger to sixth order in n as Karney
// (2011, "Transverse Mercator with an accuracy of a few nanometers") gives
// them. Angles are degrees at the interface, radians inside.

const rad = math.Pi / 180

// ellipsoid is the shape the projections work on.
type ellipsoid struct {
	a, f  float64 // semi-major axis (metres), flattening (0: a sphere)
	e, e2 float64
}

func newEllipsoid(a, invF float64) ellipsoid {
	f := 0.0
	if invF != 0 {
		f = 1 / invF
	}
	e2 := f * (2 - f)
	return ellipsoid{a: a, f: f, e: math.Sqrt(e2), e2: e2}
}

// latFromT is the latitude φ whose tFunc is t, by the fixed-point
// iteration of the EPSG guidance (a few steps for any latitude).
func (el ellipsoid) latFromT(t float64) float64 {
	phi := math.Pi/2 - 2*math.Atan(t)
	for range 30 {
		es := el.e * math.Sin(phi)
		next := math.Pi/2 - 2*math.Atan(t*math.Pow((1-es)/(1+es), el.e/2))
		if math.Abs(next-phi) < 1e-12 { // 6 µm on the ground
			return next
		}
		phi = next
	}
	return phi
}

// tFunc is the EPSG guidance's t: tan(π/4 − φ/2) / ((1 − e sinφ)/(1 + e sinφ))^(e/2).
func (el ellipsoid) tFunc(phi float64) float64 {
	es := el.e * math.Sin(phi)
	return math.Tan(math.Pi/4-phi/2) / math.Pow((1-es)/(1+es), el.e/2)
}

func (el ellipsoid) mFunc(phi float64) float64 {
	s := math.Sin(phi)
	return math.Cos(phi) / math.Sqrt(1-el.e2*s*s)
}

// transverseMercator is the transverse Mercator (EPSG method 9807) by
// Krüger's series in the third flattening n, to n⁶: under a millimetre
// within 4,000 km of the central meridian.
type transverseMercator struct {
	el          ellipsoid
	lon0, k0    float64
	fe, fn      float64
	bigA, m0    float64
	alpha, beta [6]float64
}

func newTransverseMercator(el ellipsoid, lat0, lon0, k0, fe, fn float64) *transverseMercator {
	n := el.f / (2 - el.f)
	n2 := n * n
	n3, n4, n5, n6 := n2*n, n2*n2, n2*n2*n, n2*n2*n2
	p := &transverseMercator{el: el, lon0: lon0, k0: k0, fe: fe, fn: fn}
	p.bigA = el.a / (1 + n) * (1 + n2/4 + n4/64 + n6/256)
	p.alpha = [6]float64{
		n/2 - 2*n2/3 + 5*n3/16 + 41*n4/180 - 127*n5/288 + 7891*n6/37800,
		13*n2/48 - 3*n3/5 + 557*n4/1440 + 281*n5/630 - 1983433*n6/1935360,
		61*n3/240 - 103*n4/140 + 15061*n5/26880 + 167603*n6/181440,
		49561*n4/161280 - 179*n5/168 + 6601661*n6/7257600,
		34729*n5/80640 - 3418889*n6/1995840,
		212378941 * n6 / 319334400,
	}
	p.beta = [6]float64{
		n/2 - 2*n2/3 + 37*n3/96 - n4/360 - 81*n5/512 + 96199*n6/604800,
		n2/48 + n3/15 - 437*n4/1440 + 46*n5/105 - 1118711*n6/3870720,
		17*n3/480 - 37*n4/840 - 209*n5/4480 + 5569*n6/90720,
		4397*n4/161280 - 11*n5/504 - 830251*n6/7257600,
		4583*n5/161280 - 108847*n6/3991680,
		20648693 * n6 / 638668800,
	}
	xi, _ := p.forwardXiEta(lat0*rad, 0)
	p.m0 = p.bigA * xi
	return p
}

// forwardXiEta is (ξ, η) of a point dlam from the central meridian.
func (p *transverseMercator) forwardXiEta(phi, dlam float64) (float64, float64) {
	e := p.el.e
	sinPhi := math.Sin(phi)
	// The conformal latitude, as tan: t = sinh(atanh(sinφ) − e·atanh(e·sinφ)).
	t := math.Sinh(math.Atanh(sinPhi) - e*math.Atanh(e*sinPhi))
	xi1 := math.Atan2(t, math.Cos(dlam))
	eta1 := math.Atanh(math.Sin(dlam) / math.Sqrt(1+t*t))
	xi, eta := xi1, eta1
	for j := 1; j <= 6; j++ {
		a := p.alpha[j-1]
		xi += a * math.Sin(2*float64(j)*xi1) * math.Cosh(2*float64(j)*eta1)
		eta += a * math.Cos(2*float64(j)*xi1) * math.Sinh(2*float64(j)*eta1)
	}
	return xi, eta
}

func (p *transverseMercator) FromLonLat(lon, lat float64, _ wgs84Spheroid) (float64, float64) {
	xi, eta := p.forwardXiEta(lat*rad, (lon-p.lon0)*rad)
	return p.fe + p.k0*p.bigA*eta, p.fn + p.k0*(p.bigA*xi-p.m0)
}

func (p *transverseMercator) ToLonLat(east, north float64, _ wgs84Spheroid) (float64, float64) {
	xi := (north - p.fn + p.k0*p.m0) / (p.k0 * p.bigA)
	eta := (east - p.fe) / (p.k0 * p.bigA)
	xi1, eta1 := xi, eta
	for j := 1; j <= 6; j++ {
		b := p.beta[j-1]
		xi1 -= b * math.Sin(2*float64(j)*xi) * math.Cosh(2*float64(j)*eta)
		eta1 -= b * math.Cos(2*float64(j)*xi) * math.Sinh(2*float64(j)*eta)
	}
	// The conformal latitude χ and the longitude, then φ from χ.
	chi := math.Asin(math.Sin(xi1) / math.Cosh(eta1))
	dlam := math.Atan2(math.Sinh(eta1), math.Cos(xi1))
	phi := p.el.latFromT(math.Tan(math.Pi/4 - chi/2))
	return p.lon0 + dlam/rad, phi / rad
}

// lambertConic is the Lambert conformal conic with one standard parallel
// and a scale factor (EPSG method 9801) or two standard parallels (9802);
// both are the same cone, set up differently.
type lambertConic struct {
	el                ellipsoid
	lon0, n, bigF, r0 float64
	fe, fn, k0        float64
}

func newLambertConic1SP(el ellipsoid, lat0, lon0, k0, fe, fn float64) *lambertConic {
	phi0 := lat0 * rad
	p := &lambertConic{el: el, lon0: lon0, fe: fe, fn: fn, k0: k0, n: math.Sin(phi0)}
	p.bigF = el.mFunc(phi0) / (p.n * math.Pow(el.tFunc(phi0), p.n))
	p.r0 = el.a * p.bigF * math.Pow(el.tFunc(phi0), p.n) * k0
	return p
}

func newLambertConic2SP(el ellipsoid, latF, lonF, lat1, lat2, fe, fn float64) *lambertConic {
	phi1, phi2, phiF := lat1*rad, lat2*rad, latF*rad
	m1, m2 := el.mFunc(phi1), el.mFunc(phi2)
	t1, t2 := el.tFunc(phi1), el.tFunc(phi2)
	p := &lambertConic{el: el, lon0: lonF, fe: fe, fn: fn, k0: 1}
	if math.Abs(phi1-phi2) < 1e-12 {
		p.n = math.Sin(phi1)
	} else {
		p.n = (math.Log(m1) - math.Log(m2)) / (math.Log(t1) - math.Log(t2))
	}
	p.bigF = m1 / (p.n * math.Pow(t1, p.n))
	p.r0 = el.a * p.bigF * math.Pow(el.tFunc(phiF), p.n)
	return p
}

func (p *lambertConic) FromLonLat(lon, lat float64, _ wgs84Spheroid) (float64, float64) {
	r := p.el.a * p.bigF * math.Pow(p.el.tFunc(lat*rad), p.n) * p.k0
	theta := p.n * (lon - p.lon0) * rad
	return p.fe + r*math.Sin(theta), p.fn + p.r0 - r*math.Cos(theta)
}

func (p *lambertConic) ToLonLat(east, north float64, _ wgs84Spheroid) (float64, float64) {
	dx, dy := east-p.fe, p.r0-(north-p.fn)
	r := math.Copysign(math.Hypot(dx, dy), p.n)
	theta := math.Atan2(dx, dy)
	if p.n < 0 {
		theta = math.Atan2(-dx, -dy)
	}
	t := math.Pow(r/(p.el.a*p.k0*p.bigF), 1/p.n)
	return p.lon0 + theta/p.n/rad, p.el.latFromT(t) / rad
}

// lambertAzimuthal is the Lambert azimuthal equal-area (EPSG method 9820),
// oblique or polar.
type lambertAzimuthal struct {
	el                ellipsoid
	lat0, lon0        float64
	fe, fn            float64
	qp, beta0, rq, dd float64
}

func (el ellipsoid) q(phi float64) float64 {
	s := math.Sin(phi)
	if el.e == 0 {
		return 2 * s
	}
	es := el.e * s
	return (1 - el.e2) * (s/(1-es*es) - 1/(2*el.e)*math.Log((1-es)/(1+es)))
}

func newLambertAzimuthal(el ellipsoid, lat0, lon0, fe, fn float64) *lambertAzimuthal {
	phi0 := lat0 * rad
	p := &lambertAzimuthal{el: el, lat0: lat0, lon0: lon0, fe: fe, fn: fn}
	p.qp = el.q(math.Pi / 2)
	p.beta0 = math.Asin(math.Max(-1, math.Min(1, el.q(phi0)/p.qp)))
	p.rq = el.a * math.Sqrt(p.qp/2)
	s0 := math.Sin(phi0)
	p.dd = el.a * math.Cos(phi0) / math.Sqrt(1-el.e2*s0*s0) / (p.rq * math.Cos(p.beta0))
	return p
}

func (p *lambertAzimuthal) polar() float64 {
	switch {
	case p.lat0 >= 90-1e-10:
		return 1
	case p.lat0 <= -90+1e-10:
		return -1
	}
	return 0
}

func (p *lambertAzimuthal) FromLonLat(lon, lat float64, _ wgs84Spheroid) (float64, float64) {
	beta := math.Asin(math.Max(-1, math.Min(1, p.el.q(lat*rad)/p.qp)))
	dlam := (lon - p.lon0) * rad
	if pole := p.polar(); pole != 0 {
		rho := p.el.a * math.Sqrt(p.qp-pole*p.el.q(lat*rad))
		return p.fe + rho*math.Sin(dlam), p.fn - pole*rho*math.Cos(dlam)
	}
	b := p.rq * math.Sqrt(2/(1+math.Sin(p.beta0)*math.Sin(beta)+math.Cos(p.beta0)*math.Cos(beta)*math.Cos(dlam)))
	return p.fe + b*p.dd*math.Cos(beta)*math.Sin(dlam),
		p.fn + b/p.dd*(math.Cos(p.beta0)*math.Sin(beta)-math.Sin(p.beta0)*math.Cos(beta)*math.Cos(dlam))
}

func (p *lambertAzimuthal) ToLonLat(east, north float64, _ wgs84Spheroid) (float64, float64) {
	x, y := east-p.fe, north-p.fn
	var betaP, lon float64
	if pole := p.polar(); pole != 0 {
		rho := math.Hypot(x, y)
		betaP = pole * math.Asin(math.Max(-1, math.Min(1, 1-rho*rho/(p.el.a*p.el.a*p.qp))))
		lon = p.lon0 + math.Atan2(x, -pole*y)/rad
	} else {
		rho := math.Hypot(x/p.dd, p.dd*y)
		if rho == 0 {
			return p.lon0, p.lat0
		}
		c := 2 * math.Asin(math.Min(1, rho/(2*p.rq)))
		betaP = math.Asin(math.Max(-1, math.Min(1, math.Cos(c)*math.Sin(p.beta0)+p.dd*y*math.Sin(c)*math.Cos(p.beta0)/rho)))
		lon = p.lon0 + math.Atan2(x*math.Sin(c), p.dd*rho*math.Cos(p.beta0)*math.Cos(c)-p.dd*p.dd*y*math.Sin(p.beta0)*math.Sin(c))/rad
	}
	e2 := p.el.e2
	e4, e6 := e2*e2, e2*e2*e2
	phi := betaP + (e2/3+31*e4/180+517*e6/5040)*math.Sin(2*betaP) +
		(23*e4/360+251*e6/3780)*math.Sin(4*betaP) + (761*e6/45360)*math.Sin(6*betaP)
	// The series is good to a millimetre or so far from the origin; a few
	// Newton steps on q(φ) = qp·sinβ' (Snyder's 3-16) make it exact.
	target := p.qp * math.Sin(betaP)
	for range 4 {
		s, c := math.Sin(phi), math.Cos(phi)
		if math.Abs(c) < 1e-10 {
			break
		}
		w := 1 - e2*s*s
		step := w * w / (2 * c) * (target/(1-e2) - s/w + math.Log((1-p.el.e*s)/(1+p.el.e*s))/(2*p.el.e))
		phi += step
		if math.Abs(step) < 1e-15 {
			break
		}
	}
	return lon, phi / rad
}

// mercator is the ellipsoidal Mercator (EPSG methods 9804, one standard
// parallel as a scale factor, and 9805, the standard parallel itself).
type mercator struct {
	el       ellipsoid
	lon0, k0 float64
	fe, fn   float64
}

func newMercator(el ellipsoid, lon0, k0, fe, fn float64) *mercator {
	return &mercator{el: el, lon0: lon0, k0: k0, fe: fe, fn: fn}
}

// mercatorScale is the scale factor at the equator of a Mercator true to
// scale along the parallel lat1.
func mercatorScale(el ellipsoid, lat1 float64) float64 {
	return el.mFunc(lat1 * rad)
}

func (p *mercator) FromLonLat(lon, lat float64, _ wgs84Spheroid) (float64, float64) {
	return p.fe + p.el.a*p.k0*(lon-p.lon0)*rad, p.fn - p.el.a*p.k0*math.Log(p.el.tFunc(lat*rad))
}

func (p *mercator) ToLonLat(east, north float64, _ wgs84Spheroid) (float64, float64) {
	t := math.Exp((p.fn - north) / (p.el.a * p.k0))
	return p.lon0 + (east-p.fe)/(p.el.a*p.k0)/rad, p.el.latFromT(t) / rad
}
