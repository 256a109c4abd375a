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
	"slices"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/geo"
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
	// ToleranceM: boundaries that run alongside each other (within 60° of
	// parallel) no more than this many metres apart count as shared. The
	// length of such a border is the longer of the two sides' stretches.
	// At 0 a millimetre's slack still finds T-junctions and collinear
	// overlaps, which exact matching cannot.
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
	// Crowded lists the places where more than MaxMeeting inputs share one
	// segment or one point: stacked or duplicated polygons, or a point no
	// real map has. No pairs are counted from such a place (there would
	// be one for every two inputs there: 12.5 million for 5,000 copies of
	// one polygon), so the pairs are not to be trusted.
	Crowded []Crowd
	// Unfinished says the tolerance pass stopped at its work bound
	// (MaxTestsPerSegment): the tolerance puts so many boundaries within
	// reach of each other that the borders it would find are not all
	// found. Empty when it finished.
	Unfinished string
}

// MaxMeeting is the most inputs that may share one segment or one point.
// In a map whose regions do not overlap, a segment is shared by two and a
// point by a handful (Four Corners: four).
const MaxMeeting = 16

// MaxTestsPerSegment bounds the tolerance pass: at most this many
// segment-to-segment tests per leftover segment, plus a fixed allowance
// (tolerance passes on real data test a few per segment).
const MaxTestsPerSegment = 256

// Crowd is one place where too many inputs meet.
type Crowd struct {
	At      orb.Point // the point, or the segment's first end
	Segment bool      // a shared segment (else a shared point)
	Inputs  int       // how many distinct inputs meet there
	Sample  []int     // the first few of them, in input order
}

// EarthRadiusKm is the mean Earth radius (IUGG) used for every length
// (geo.EarthRadiusKm).
const EarthRadiusKm = geo.EarthRadiusKm

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
	res := Result{Pairs: c.pairs(), Crowded: c.crowded, Unfinished: c.unfinished}
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

// computer holds every ring's points one ring after another; segment i
// runs from pts[i] to pts[i+1] when both are in the same ring.
type computer struct {
	geoms   []orb.MultiPolygon
	opts    Options
	pts     []orb.Point
	reg     []int32 // region of each point
	ring    []int32 // ring of each point
	matched []bool  // segment i has an exact twin
	recs    []rec
	coastPc []coastPiece

	crowded    []Crowd
	unfinished string
}

func newComputer(geoms []orb.MultiPolygon, opts Options) *computer {
	n := 0
	for _, mp := range geoms {
		for _, poly := range mp {
			for _, r := range poly {
				n += len(r) + 1
			}
		}
	}
	c := &computer{geoms: geoms, opts: opts,
		pts: make([]orb.Point, 0, n), reg: make([]int32, 0, n), ring: make([]int32, 0, n)}
	ring := int32(0)
	for gi, mp := range geoms {
		for _, poly := range mp {
			for _, r := range poly {
				if len(r) < 2 {
					continue
				}
				ring++
				for _, p := range r {
					if !finite(p) {
						ring++ // break the ring: no segment touches p
						continue
					}
					c.pts = append(c.pts, clean(p))
					c.reg = append(c.reg, int32(gi))
					c.ring = append(c.ring, ring)
				}
				if r[0] != r[len(r)-1] && finite(r[0]) { // close an open ring
					c.pts = append(c.pts, clean(r[0]))
					c.reg = append(c.reg, int32(gi))
					c.ring = append(c.ring, ring)
				}
			}
		}
	}
	c.matched = make([]bool, len(c.pts))
	return c
}

// valid reports whether segment i exists: two distinct points of one ring
// (non-finite points were left out, breaking their ring).
func (c *computer) valid(i int) bool {
	return i+1 < len(c.pts) && c.ring[i] == c.ring[i+1] && c.pts[i] != c.pts[i+1]
}

// seg returns segment i.
func (c *computer) seg(i int32) segment {
	return segment{c.pts[i], c.pts[i+1], c.reg[i], c.ring[i]}
}

// key returns segment i's endpoints in canonical order, with a segment on
// the antimeridian moved to +180 so that the two halves of a cut meet.
func (c *computer) key(i int) (orb.Point, orb.Point) {
	p, q := c.pts[i], c.pts[i+1]
	if onCut(p, q) {
		p[0], q[0] = 180, 180
	}
	return canonical(p, q)
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

// pointHash and segHash are 32-bit: collisions only lengthen a run of
// equal keys, which is checked coordinate by coordinate anyway.
func pointHash(p orb.Point) uint32 {
	return uint32(mix(mix(0x243F6A8885A308D3, math.Float64bits(p[0])), math.Float64bits(p[1])) >> 32)
}

func segHash(a, b orb.Point) uint32 {
	h := mix(0x13198A2E03707344, math.Float64bits(a[0]))
	h = mix(h, math.Float64bits(a[1]))
	h = mix(h, math.Float64bits(b[0]))
	return uint32(mix(h, math.Float64bits(b[1])) >> 32)
}

func pairKey(a, b int32) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(a)<<32 | uint64(uint32(b))
}

// matchExact pairs bit-identical segments of different regions. Each
// segment's hash and index share one uint64, radix-sorted on the hash.
// Runs of two (a border and its twin, nearly every run) are noted in twin
// and then checked in segment order, which keeps memory access local.
func (c *computer) matchExact() {
	n := len(c.pts)
	keys := make([]uint64, 0, n)
	for i := 0; i < n; i++ {
		if c.valid(i) {
			p, q := c.key(i)
			keys = append(keys, uint64(segHash(p, q))<<32|uint64(i))
		}
	}
	radixSortHigh32(keys)
	c.recs = make([]rec, 0, len(keys)/2+16)
	twin := make([]int32, n)
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j]>>32 == keys[i]>>32 {
			j++
		}
		switch j - i {
		case 1:
		case 2:
			a, b := int32(uint32(keys[i])), int32(uint32(keys[i+1]))
			twin[a], twin[b] = b+1, a+1
		default:
			// Three or more: a segment shared by three rings, or a
			// hash collision. Sorted by the segment's ends, the equal
			// ones are runs: n log n however many there are.
			run := make([]uint32, j-i)
			for k := range run {
				run[k] = uint32(keys[i+k])
			}
			slices.SortFunc(run, func(a, b uint32) int {
				ap, aq := c.key(int(a))
				bp, bq := c.key(int(b))
				if d := cmpSegment(ap, aq, bp, bq); d != 0 {
					return d
				}
				return int(c.reg[a]) - int(c.reg[b])
			})
			for a := 0; a < len(run); {
				ap, aq := c.key(int(run[a]))
				b := a + 1
				for b < len(run) {
					if bp, bq := c.key(int(run[b])); bp != ap || bq != aq {
						break
					}
					b++
				}
				if b-a >= 2 {
					c.shared(run[a:b], ap, aq)
				}
				a = b
			}
		}
		i = j
	}
	for a := range twin {
		b := int(twin[a]) - 1
		if b <= a {
			continue
		}
		ap, aq := c.key(a)
		if bp, bq := c.key(b); ap != bp || aq != bq {
			continue // a hash collision
		}
		c.matched[a], c.matched[b] = true, true
		if ra, rb := c.reg[a], c.reg[b]; ra != rb {
			c.recs = append(c.recs, rec{pairKey(ra, rb), kindExact, haversineKm(ap, aq)})
		}
	}
}

// shared records the border of the segment pq that the segments group
// (two or more, bit-identical) share, or a crowd when more than MaxMeeting
// inputs do.
func (c *computer) shared(group []uint32, p, q orb.Point) {
	var regs []int32
	for _, g := range group {
		c.matched[g] = true
		regs = appendNew(regs, c.reg[g])
	}
	if len(regs) > MaxMeeting {
		c.crowd(regs, p, true)
		return
	}
	km := haversineKm(p, q)
	for x := range regs {
		for y := x + 1; y < len(regs); y++ {
			c.recs = append(c.recs, rec{pairKey(regs[x], regs[y]), kindExact, km})
		}
	}
}

// crowd notes a place where too many inputs (regs, sorted) meet.
func (c *computer) crowd(regs []int32, at orb.Point, segment bool) {
	cr := Crowd{At: at, Segment: segment, Inputs: len(regs)}
	for _, r := range regs[:min(len(regs), 5)] {
		cr.Sample = append(cr.Sample, int(r))
	}
	c.crowded = append(c.crowded, cr)
}

func cmpSegment(ap, aq, bp, bq orb.Point) int {
	for _, d := range [4][2]float64{{ap[0], bp[0]}, {ap[1], bp[1]}, {aq[0], bq[0]}, {aq[1], bq[1]}} {
		if c := cmpFloat(d[0], d[1]); c != 0 {
			return c
		}
	}
	return 0
}

// appendNew appends v to s, sorted, unless it is s's last.
func appendNew(s []int32, v int32) []int32 {
	if len(s) > 0 && s[len(s)-1] == v {
		return s
	}
	return append(s, v)
}

// sharedVertices records queen contacts: regions with a vertex in common.
// Longitude -180 is the same meridian as 180.
func (c *computer) sharedVertices() {
	n := len(c.pts)
	keys := make([]uint64, 0, n)
	norm := func(p orb.Point) orb.Point {
		if p[0] == -180 {
			p[0] = 180
		}
		return p
	}
	for i, p := range c.pts {
		if i+1 < n && c.ring[i+1] != c.ring[i] || i+1 == n {
			continue // a ring's closing point repeats its first
		}
		keys = append(keys, uint64(pointHash(norm(p)))<<32|uint64(i))
	}
	radixSortHigh32(keys)
	var regs []int32
	var run []uint32
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j]>>32 == keys[i]>>32 {
			j++
		}
		if j-i < 2 {
			i = j
			continue
		}
		run = run[:0]
		for k := i; k < j; k++ {
			run = append(run, uint32(keys[k]))
		}
		// Sorted by the point, equal points are runs (a hash collision
		// splits a run, never joins two).
		slices.SortFunc(run, func(a, b uint32) int {
			if d := cmpSegment(norm(c.pts[a]), orb.Point{}, norm(c.pts[b]), orb.Point{}); d != 0 {
				return d
			}
			return int(c.reg[a]) - int(c.reg[b])
		})
		for a := 0; a < len(run); {
			pa := norm(c.pts[run[a]])
			regs = regs[:0]
			b := a
			for ; b < len(run) && norm(c.pts[run[b]]) == pa; b++ {
				regs = appendNew(regs, c.reg[run[b]])
			}
			a = b
			if len(regs) > MaxMeeting {
				c.crowd(regs, pa, false)
				continue
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

// haversineKm is geo.GreatCircleKm, the great-circle distance between two
// lon/lat points by the haversine formula. Border segments are short: for
// them the sines and
// the arcsine are their Taylor series, exact to the last bit at these
// sizes and several times cheaper than the library calls, and
// cos φ1 · cos φ2 = (cos(φ1+φ2) + cos(φ1−φ2)) / 2 needs one cosine.
func haversineKm(p, q orb.Point) float64 {
	const rad = math.Pi / 180
	hLat := (q[1] - p[1]) * rad / 2
	hLon := (q[0] - p[0]) * rad / 2
	if hLat > 0.004 || hLat < -0.004 || hLon > 0.004 || hLon < -0.004 {
		return geo.GreatCircleKm(p, q)
	}
	s1, s2 := smallSin(hLat), smallSin(hLon)
	cosDiff := 1 - 2*s1*s1 // cos(φ1−φ2) = 1 − 2 sin²(Δφ/2)
	cc := (math.Cos((p[1]+q[1])*rad) + cosDiff) / 2
	return 2 * EarthRadiusKm * smallAsin(math.Sqrt(s1*s1+cc*s2*s2))
}

// smallSin is sin x for |x| <= 0.004 (the next term is below 1e-22 x).
func smallSin(x float64) float64 {
	x2 := x * x
	return x * (1 - x2/6*(1-x2/20*(1-x2/42)))
}

// smallAsin is asin y for 0 <= y <= 0.006.
func smallAsin(y float64) float64 {
	y2 := y * y
	return y * (1 + y2*(1.0/6+y2*(3.0/40+y2*(5.0/112))))
}
