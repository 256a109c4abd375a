// Package adjacency finds which regions touch: rook contiguity (a shared
// border of positive length) and queen contiguity (any shared point), with
// the geodesic length of each shared border and, on request, each region's
// coast (the part of its boundary it shares with no other region).
//
// Exactly noded data (TopoJSON, Census and Natural Earth GeoJSON, where two
// neighbours carry bit-identical border segments) takes a fast path: the
// segments are hashed, radix-sorted and matched in linear time. What is
// left over goes through a grid index over segments, which finds borders
// that are not noded the same way on both sides (T-junctions, collinear
// overlaps) and, with a tolerance, borders digitized separately with small
// gaps or overlaps.
//
// Geometry is in longitude/latitude and already cut at the antimeridian
// (see derive/borders): segments lying on ±180° are cut edges, neither
// border nor coast. The package reads no files and knows nothing of ids.
package adjacency

import (
	"math"

	"github.com/paulmach/orb"
)

// Rule is the contiguity rule.
type Rule string

const (
	// Rook: neighbours share a border of positive length. The Four Corners
	// point contact is not a border.
	Rook Rule = "rook"
	// Queen: neighbours share at least one point.
	Queen Rule = "queen"
)

// Options tune Compute. The zero value is rook at tolerance 0.
type Options struct {
	Rule Rule
	// ToleranceM: boundaries that run within this many metres of each
	// other count as shared.
	ToleranceM float64
	// MinBorderM: under rook, pairs sharing this many metres of border or
	// less are not neighbours.
	MinBorderM float64
	// Coast asks for each input's coast in Result.Coast.
	Coast bool
}

// Pair is two neighbouring inputs, A < B, with the length of their shared
// border (0 for a point contact under queen).
type Pair struct {
	A, B     int
	LengthKm float64
}

// Result of Compute.
type Result struct {
	Pairs []Pair // sorted by (A, B)
	// Coast, when asked for: per input, the boundary it shares with no
	// other input (not counting cut edges on the antimeridian).
	Coast []orb.MultiLineString
}

// EarthRadiusKm is the mean Earth radius (IUGG) used for every length.
const EarthRadiusKm = 6371.0088

// epsilonM is the tolerance at ToleranceM 0: enough to absorb rounding in
// coordinates (1e-9° is 0.1 mm), far below any real border.
const epsilonM = 0.001

// minOverlapKm is the least shared length that the slow path counts as a
// border at tolerance 0: two segments that only cross or touch at a point
// overlap by a few millimetres within epsilonM.
const minOverlapKm = 0.0001

// Compute finds the neighbouring pairs among geoms. Each MultiPolygon is one
// region, however many parts it has.
func Compute(geoms []orb.MultiPolygon, opts Options) Result {
	c := newComputer(geoms, opts)
	c.matchExact()
	if opts.Rule == Queen {
		c.sharedVertices()
	}
	c.matchLeftovers()
	res := Result{Pairs: c.pairs()}
	if opts.Coast {
		res.Coast = c.coast(len(geoms))
	}
	return res
}

// segment is one edge of a ring.
type segment struct {
	p, q orb.Point
	reg  int32
	ring int32
}

// rec is a fact about a pair of regions, sorted and summed at the end.
type rec struct {
	key  uint64 // a<<32 | b, a < b
	kind uint8
	km   float64
}

const (
	kindExact   = iota // a shared segment
	kindCovAB          // part of a's boundary within tolerance of b's
	kindCovBA          // part of b's boundary within tolerance of a's
	kindContact        // a shared point
)

type computer struct {
	geoms   []orb.MultiPolygon
	opts    Options
	segs    []segment
	matched []bool
	recs    []rec
	coastPc []coastPiece
}

func newComputer(geoms []orb.MultiPolygon, opts Options) *computer {
	n := 0
	for _, mp := range geoms {
		for _, poly := range mp {
			for _, r := range poly {
				n += len(r)
			}
		}
	}
	c := &computer{geoms: geoms, opts: opts, segs: make([]segment, 0, n)}
	ring := int32(0)
	for gi, mp := range geoms {
		for _, poly := range mp {
			for _, r := range poly {
				ring++
				for k := range r {
					var q orb.Point
					switch {
					case k+1 < len(r):
						q = r[k+1]
					case len(r) > 1 && r[k] != r[0]:
						q = r[0] // close an open ring
					default:
						continue
					}
					p := clean(r[k])
					q = clean(q)
					if p == q || !finite(p) || !finite(q) {
						continue
					}
					if onCut(p, q) {
						// The same meridian: a cut edge at -180 meets
						// its other half at +180.
						p[0], q[0] = 180, 180
					}
					c.segs = append(c.segs, segment{p, q, int32(gi), ring})
				}
			}
		}
	}
	c.matched = make([]bool, len(c.segs))
	return c
}

// clean turns -0 into 0 so that equal points have equal bits.
func clean(p orb.Point) orb.Point { return orb.Point{p[0] + 0, p[1] + 0} }

func finite(p orb.Point) bool {
	return !math.IsNaN(p[0]) && !math.IsNaN(p[1]) && !math.IsInf(p[0], 0) && !math.IsInf(p[1], 0)
}

// onCut reports a segment lying on the antimeridian. Such edges are
// usually left by cutting a ring there: the two halves of the cut match
// each other, within one region, so they are neither border nor coast. Two
// different regions meeting along the antimeridian do share a border, as
// they do on the globe.
func onCut(p, q orb.Point) bool {
	return p[0] == q[0] && (p[0] == 180 || p[0] == -180)
}

func less(a, b orb.Point) bool { return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }

// canonical orders a segment's endpoints so that both directions match.
func canonical(p, q orb.Point) (orb.Point, orb.Point) {
	if less(q, p) {
		return q, p
	}
	return p, q
}

func mix(h, v uint64) uint64 {
	h ^= v
	h *= 0x9E3779B97F4A7C15
	return h ^ h>>29
}

func pointHash(p orb.Point) uint64 {
	return mix(mix(0x243F6A8885A308D3, math.Float64bits(p[0])), math.Float64bits(p[1]))
}

func segHash(p, q orb.Point) uint64 {
	a, b := canonical(p, q)
	h := mix(0x13198A2E03707344, math.Float64bits(a[0]))
	h = mix(h, math.Float64bits(a[1]))
	h = mix(h, math.Float64bits(b[0]))
	return mix(h, math.Float64bits(b[1]))
}

func pairKey(a, b int32) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(a)<<32 | uint64(uint32(b))
}

// matchExact pairs bit-identical segments of different regions: hash,
// radix sort, and compare within runs of equal hashes.
func (c *computer) matchExact() {
	n := len(c.segs)
	keys := make([]uint64, n)
	idx := make([]uint32, n)
	for i := range c.segs {
		keys[i] = segHash(c.segs[i].p, c.segs[i].q)
		idx[i] = uint32(i)
	}
	radixSort(keys, idx)
	var group []uint32
	var regs []int32
	for i := 0; i < n; {
		j := i + 1
		for j < n && keys[j] == keys[i] {
			j++
		}
		if j-i < 2 {
			i = j
			continue
		}
		run := idx[i:j]
		// Within a run (almost always one segment, twice), gather the
		// members equal to each not yet placed member.
		for a := range run {
			if run[a] == math.MaxUint32 {
				continue
			}
			sa := &c.segs[run[a]]
			ap, aq := canonical(sa.p, sa.q)
			group = append(group[:0], run[a])
			for b := a + 1; b < len(run); b++ {
				if run[b] == math.MaxUint32 {
					continue
				}
				sb := &c.segs[run[b]]
				bp, bq := canonical(sb.p, sb.q)
				if ap == bp && aq == bq {
					group = append(group, run[b])
					run[b] = math.MaxUint32
				}
			}
			run[a] = math.MaxUint32
			if len(group) < 2 {
				continue
			}
			regs = regs[:0]
			for _, g := range group {
				c.matched[g] = true
				regs = appendUnique(regs, c.segs[g].reg)
			}
			if len(regs) < 2 {
				continue // an internal edge between two parts of one region
			}
			km := haversineKm(ap, aq)
			for x := range regs {
				for y := x + 1; y < len(regs); y++ {
					c.recs = append(c.recs, rec{pairKey(regs[x], regs[y]), kindExact, km})
				}
			}
		}
		i = j
	}
}

func appendUnique(s []int32, v int32) []int32 {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

// sharedVertices records queen contacts: regions with a vertex in common.
// Longitude -180 is the same meridian as 180.
func (c *computer) sharedVertices() {
	n := 0
	for _, mp := range c.geoms {
		for _, poly := range mp {
			for _, r := range poly {
				n += len(r)
			}
		}
	}
	keys := make([]uint64, 0, n)
	idx := make([]uint32, 0, n) // index into pts and regOf
	pts := make([]orb.Point, 0, n)
	regOf := make([]int32, 0, n)
	for gi, mp := range c.geoms {
		for _, poly := range mp {
			for _, r := range poly {
				for k, p := range r {
					if k == len(r)-1 && k > 0 && p == r[0] {
						break // the closing point
					}
					p = clean(p)
					if p[0] == -180 {
						p[0] = 180
					}
					if !finite(p) {
						continue
					}
					keys = append(keys, pointHash(p))
					idx = append(idx, uint32(len(pts)))
					pts = append(pts, p)
					regOf = append(regOf, int32(gi))
				}
			}
		}
	}
	radixSort(keys, idx)
	var regs []int32
	var done []bool
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j] == keys[i] {
			j++
		}
		if j-i < 2 {
			i = j
			continue
		}
		run := idx[i:j]
		done = append(done[:0], make([]bool, len(run))...)
		for a := range run {
			if done[a] {
				continue
			}
			pa := pts[run[a]]
			regs = append(regs[:0], regOf[run[a]])
			for b := a + 1; b < len(run); b++ {
				if !done[b] && pts[run[b]] == pa {
					done[b] = true
					regs = appendUnique(regs, regOf[run[b]])
				}
			}
			for x := range regs {
				for y := x + 1; y < len(regs); y++ {
					c.recs = append(c.recs, rec{pairKey(regs[x], regs[y]), kindContact, 0})
				}
			}
		}
		i = j
	}
}

// pairs sums the records per pair and applies the rule.
func (c *computer) pairs() []Pair {
	keys := make([]uint64, len(c.recs))
	idx := make([]uint32, len(c.recs))
	for i, r := range c.recs {
		keys[i] = r.key
		idx[i] = uint32(i)
	}
	radixSort(keys, idx)
	minKm := max(0, c.opts.MinBorderM) / 1000
	var out []Pair
	for i := 0; i < len(keys); {
		var exact, ab, ba float64
		contact := false
		j := i
		for ; j < len(keys) && keys[j] == keys[i]; j++ {
			r := &c.recs[idx[j]]
			switch r.kind {
			case kindExact:
				exact += r.km
			case kindCovAB:
				ab += r.km
			case kindCovBA:
				ba += r.km
			case kindContact:
				contact = true
			}
		}
		loose := max(ab, ba)
		border := exact > 0 || loose >= minOverlapKm
		total := exact + loose
		a, b := int(keys[i]>>32), int(uint32(keys[i]))
		switch {
		case border && total > minKm:
			out = append(out, Pair{a, b, total})
		case c.opts.Rule == Queen && (contact || exact > 0 || ab > 0 || ba > 0):
			out = append(out, Pair{a, b, 0})
		}
		i = j
	}
	return out
}

// haversineKm is the great-circle distance between two lon/lat points.
func haversineKm(p, q orb.Point) float64 {
	const rad = math.Pi / 180
	dLat := (q[1] - p[1]) * rad
	dLon := (q[0] - p[0]) * rad
	s1 := math.Sin(dLat / 2)
	s2 := math.Sin(dLon / 2)
	h := s1*s1 + math.Cos(p[1]*rad)*math.Cos(q[1]*rad)*s2*s2
	return 2 * EarthRadiusKm * math.Asin(math.Sqrt(min(1, h)))
}
