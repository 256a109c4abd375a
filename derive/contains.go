package derive

import (
	"math"

	"github.com/paulmach/orb"
)

// preparedPolygon answers planar.PolygonContains for many points on one
// polygon: each ring's bound is worked out once, and its edges are filed in
// bands of longitude, so a point looks only at the edges of its band. A ray
// cast towards +y is met only by edges whose longitudes span the point's, so
// the answer is the one planar.PolygonContains gives (points on the boundary
// are in), at a fraction of the cost on a sea of thousands of points.
type preparedPolygon struct {
	rings []preparedRing
}

type preparedRing struct {
	r      orb.Ring
	bound  orb.Bound
	minX   float64
	width  float64 // of a band; 0 when the ring spans no longitude
	bands  [][]int32
	closer bool // the edge from the last point to the first is not zero-length
}

func preparePolygon(p orb.Polygon) preparedPolygon {
	pp := preparedPolygon{rings: make([]preparedRing, len(p))}
	for i, r := range p {
		pp.rings[i] = prepareRing(r)
	}
	return pp
}

func prepareRing(r orb.Ring) preparedRing {
	pr := preparedRing{r: r, bound: r.Bound()}
	if len(r) == 0 {
		return pr
	}
	pr.closer = r[0] != r[len(r)-1]
	n := max(1, min(len(r)/4, 4096))
	pr.minX = pr.bound.Min[0]
	if span := pr.bound.Max[0] - pr.bound.Min[0]; span > 0 {
		pr.width = span / float64(n)
	}
	pr.bands = make([][]int32, n)
	for i := 0; i+1 < len(r); i++ {
		lo, hi := pr.band(math.Min(r[i][0], r[i+1][0])), pr.band(math.Max(r[i][0], r[i+1][0]))
		for k := lo; k <= hi; k++ {
			pr.bands[k] = append(pr.bands[k], int32(i))
		}
	}
	return pr
}

func (pr *preparedRing) band(x float64) int {
	if pr.width == 0 {
		return 0
	}
	k := int((x - pr.minX) / pr.width)
	return max(0, min(k, len(pr.bands)-1))
}

// contains is planar.RingContains.
func (pr *preparedRing) contains(pt orb.Point) bool {
	if len(pr.r) == 0 || !pr.bound.Contains(pt) {
		return false
	}
	c := false
	if pr.closer {
		inter, on := rayIntersect(pt, pr.r[0], pr.r[len(pr.r)-1])
		if on {
			return true
		}
		c = inter
	} else if pt == pr.r[0] {
		return true // on the first point, which the zero-length closing edge finds
	}
	for _, i := range pr.bands[pr.band(pt[0])] {
		inter, on := rayIntersect(pt, pr.r[i], pr.r[i+1])
		if on {
			return true
		}
		if inter {
			c = !c
		}
	}
	return c
}

// contains is planar.PolygonContains.
func (pp *preparedPolygon) contains(pt orb.Point) bool {
	if len(pp.rings) == 0 || !pp.rings[0].contains(pt) {
		return false
	}
	for i := 1; i < len(pp.rings); i++ {
		if pp.rings[i].contains(pt) {
			return false
		}
	}
	return true
}

// rayIntersect is orb/planar's (MIT licence, github.com/paulmach/orb),
// which is not exported: whether a ray from p towards +y crosses the
// segment s-e, and whether p lies on it.
func rayIntersect(p, s, e orb.Point) (intersects, on bool) {
	if s[0] > e[0] {
		s, e = e, s
	}
	switch p[0] {
	case s[0]:
		if p[1] == s[1] {
			return false, true
		} else if s[0] == e[0] {
			if s[1] > e[1] && s[1] >= p[1] && p[1] >= e[1] {
				return false, true
			}
			if e[1] > s[1] && e[1] >= p[1] && p[1] >= s[1] {
				return false, true
			}
		}
		p[0] = math.Nextafter(p[0], math.Inf(1))
	case e[0]:
		if p[1] == e[1] {
			return false, true
		}
		p[0] = math.Nextafter(p[0], math.Inf(1))
	}
	if p[0] < s[0] || p[0] > e[0] {
		return false, false
	}
	if s[1] > e[1] {
		if p[1] > s[1] {
			return false, false
		} else if p[1] < e[1] {
			return true, false
		}
	} else {
		if p[1] > e[1] {
			return false, false
		} else if p[1] < s[1] {
			return true, false
		}
	}
	rs := (p[1] - s[1]) / (p[0] - s[0])
	ds := (e[1] - s[1]) / (e[0] - s[0])
	if rs == ds {
		return false, true
	}
	return rs <= ds, false
}
