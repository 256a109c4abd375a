package engine

import "math/bits"

// lanes is how many counts countLanes runs side by side: the regions'
// counts of a board of four maps take eight each (the sets of maps that
// leave the region's own map in), one pass over the graph's edges for
// all eight.
const lanes = 8

// laneCell holds a cell of the count's table for every lane.
type laneCell [lanes]u128

// allLanes is a skip mask that sets a region aside in every lane.
const allLanes = 1<<lanes - 1

// The lanes count modulo 2^128, without overflow checks: sums, products
// by a weight and differences are exact modulo 2^128, so a count below
// 2^128 comes out exact whatever its partial sums did. A count of
// journeys avoiding some regions is at most the count avoiding none, so
// once that one is known to fit (count128, checked), every lane's fits.

// plus is a + x modulo 2^128.
func (a u128) plus(x u128) u128 {
	lo, c := bits.Add64(a.lo, x.lo, 0)
	return u128{a.hi + x.hi + c, lo}
}

// times is a * w modulo 2^128.
func (a u128) times(w uint64) u128 {
	hi, lo := bits.Mul64(a.lo, w)
	return u128{a.hi*w + hi, lo}
}

func (c *laneCell) add(x *laneCell) {
	for l := range c {
		c[l] = c[l].plus(x[l])
	}
}

func (c *laneCell) addTimes(x *laneCell, w uint64) {
	if w == 1 {
		c.add(x)
		return
	}
	for l := range c {
		c[l] = c[l].plus(x[l].times(w))
	}
}

// addExceptHalf adds sum less x, lanes half to half+3.
func (c *laneCell) addExceptHalf(half int, sum, x *laneCell) {
	for l := half; l < half+4; l++ {
		c[l] = c[l].plus(sum[l].sub(x[l]))
	}
}

// cellHalf sums the ways into region r, lanes half to half+3 of a cell:
// by foot from prev1, by a transport from prev2 (nil on day 1), by two
// ships from prev3 (nil before day 3: then ships holds the sums by sea,
// see shipSeas). Four lanes at a time, so that the sums stay in registers
// while the edges go by.
func (g *countGraph) cellHalf(cell *laneCell, r, half int, prev1, prev2, prev3 []laneCell, buf *laneRows) {
	var l0, h0, l1, h1, l2, h2, l3, h3, c uint64
	add := func(x *laneCell) {
		q := (*[4]u128)(x[half : half+4])
		l0, c = bits.Add64(l0, q[0].lo, 0)
		h0 += q[0].hi + c
		l1, c = bits.Add64(l1, q[1].lo, 0)
		h1 += q[1].hi + c
		l2, c = bits.Add64(l2, q[2].lo, 0)
		h2 += q[2].hi + c
		l3, c = bits.Add64(l3, q[3].lo, 0)
		h3 += q[3].hi + c
	}
	addTimes := func(x *laneCell, w uint64) {
		q := (*[4]u128)(x[half : half+4])
		var hi, lo uint64
		hi, lo = bits.Mul64(q[0].lo, w)
		l0, c = bits.Add64(l0, lo, 0)
		h0 += q[0].hi*w + hi + c
		hi, lo = bits.Mul64(q[1].lo, w)
		l1, c = bits.Add64(l1, lo, 0)
		h1 += q[1].hi*w + hi + c
		hi, lo = bits.Mul64(q[2].lo, w)
		l2, c = bits.Add64(l2, lo, 0)
		h2 += q[2].hi*w + hi + c
		hi, lo = bits.Mul64(q[3].lo, w)
		l3, c = bits.Add64(l3, lo, 0)
		h3 += q[3].hi*w + hi + c
	}
	for _, x := range g.foot[r] {
		add(&prev1[x])
	}
	if prev2 != nil {
		for _, e := range g.hop[r] {
			if e.w == 1 {
				add(&prev2[e.from])
			} else {
				addTimes(&prev2[e.from], e.w)
			}
		}
	}
	if prev3 != nil {
		for _, t := range g.seas.on[r] {
			add(&buf.ships[t])
		}
	}
	q := (*[4]u128)(cell[half : half+4])
	q[0], q[1], q[2], q[3] = u128{h0, l0}, u128{h1, l1}, u128{h2, l2}, u128{h3, l3}
	if prev3 != nil {
		// The pairs of one place the sums by sea count (one or two a
		// region).
		for _, e := range g.seas.fix[r] {
			for l := half; l < half+4; l++ {
				cell[l] = cell[l].sub(prev3[e.from][l].times(e.w))
			}
		}
	}
	if prev2 != nil {
		for _, k := range g.in[r] {
			cell.addExceptHalf(half, &buf.sums[k], &prev2[r])
		}
	}
}

// laneRows are the rows countLanes keeps: the last four days (a step
// reaches back three, two ships), and the cliques' sums; one set a
// worker, reused from count to count.
type laneRows struct {
	rows [4][]laneCell
	sums []laneCell
	// seaSums and ships: by sea, the cells on it three days back, and
	// what two ships bring from them to a region on it (shipSeas).
	seaSums, ships []laneCell
}

func (g *countGraph) newLaneRows() *laneRows {
	var r laneRows
	for i := range r.rows {
		r.rows[i] = make([]laneCell, g.n)
	}
	r.sums = make([]laneCell, len(g.cliques))
	if g.seas != nil {
		r.seaSums, r.ships = make([]laneCell, len(g.seas.kinds)), make([]laneCell, len(g.seas.kinds))
	}
	return &r
}

// countLanes is count128 for up to lanes counts at once, each over its
// own regions (lane l sets region r aside where bit l of skip[r] is set),
// modulo 2^128 (see plus): the counts of the lanes, exact when the caller
// knows they fit.
func (g *countGraph) countLanes(days int, skip []uint8, buf *laneRows) laneCell {
	row := func(i int) []laneCell { return buf.rows[i&3] }
	first := row(0)
	for r := range first {
		first[r] = laneCell{}
		if !g.usable[r] || skip[r] == allLanes {
			continue
		}
		for l := range lanes {
			if skip[r]>>l&1 == 0 {
				first[r][l] = u128{0, 1}
			}
		}
	}
	for i := 1; i < days; i++ {
		cur, prev1 := row(i), row(i-1)
		var prev2, prev3 []laneCell
		if i >= 2 {
			prev2 = row(i - 2)
			for k, c := range g.cliques {
				sum := &buf.sums[k]
				*sum = laneCell{}
				for _, x := range c.members {
					sum.add(&prev2[x])
				}
			}
		}
		if i >= 3 && g.pair != nil {
			prev3 = row(i - 3)
			g.seas.sum(prev3, buf)
		}
		for r := range cur {
			cur[r] = laneCell{}
			if !g.usable[r] || skip[r] == allLanes {
				continue
			}
			for half := 0; half < lanes; half += 4 {
				g.cellHalf(&cur[r], r, half, prev1, prev2, prev3, buf)
			}
			if i == 1 && g.open0 != nil {
				for l := range cur[r] {
					cur[r][l] = cur[r][l].plus(u128{0, g.open0[r]})
				}
			}
			for l := range lanes {
				if skip[r]>>l&1 != 0 {
					cur[r][l] = u128{}
				}
			}
		}
	}
	var total laneCell
	for r := range g.n {
		total.add(&row(days - 1)[r])
	}
	if g.openN != nil && days >= 2 {
		for r := range g.n {
			total.addTimes(&row(days - 2)[r], g.openN[r])
		}
	}
	return total
}

// sum fills buf.ships from the row three days back: by sea t, the sum over
// the seas s that connect with it of kinds[s]*kinds[t] times the cells on
// s. A region adds the ships of each sea it is on, less fix.
func (ss *shipSeas) sum(prev3 []laneCell, buf *laneRows) {
	for s, members := range ss.members {
		sum := &buf.seaSums[s]
		*sum = laneCell{}
		for _, x := range members {
			sum.add(&prev3[x])
		}
	}
	for t, from := range ss.from {
		in := &buf.ships[t]
		*in = laneCell{}
		for _, s := range from {
			in.addTimes(&buf.seaSums[s], ss.kinds[s]*ss.kinds[t])
		}
	}
}
