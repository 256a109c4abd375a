package bot

// The distance as it was written before its cells held only the masks
// without their region's own map (main at 0dd19f6, names prefixed ref),
// kept as the oracle TestDistanceMatchesReference holds the distance to:
// the same tables read mask by mask, the same answers, the same steps.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/internal/packtest"
)

// refMaxMasks is the most masks a cell of the reference holds.
const refMaxMasks = 1 << maxMaskMaps

// TestDistanceMatchesReference: on random sequences of what a seat learns
// (a few cards' costs change, one or two days of the holder change;
// seeded), the distance's tables read by mask are the reference's, and so
// are the distance, every costAt and through of every card, and the steps
// counted; on 20 Days Around the World (four maps, ships, planes, trains,
// cars), two grids joined by a ferry and the USA, following the maps and
// not, with the vector kernels (where the machine has them: Around the
// World's cells are eight lanes) and with the loops alone.
func TestDistanceMatchesReference(t *testing.T) {
	atw := AroundTheWorld(t)
	usa, err := engine.Compile(packtest.USA())
	require.NoError(t, err)
	boards := []struct {
		name   string
		b      *engine.Board
		trials int
	}{{"around-the-world", atw, 40}, {"two-grids", twoGrids(t, 2), 200}, {"usa", usa, 40}}
	defer func(v bool) { useVector = v }(useVector)
	for _, bd := range boards {
		for _, maps := range []bool{true, false} {
			for _, vector := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/maps=%v/vector=%v", bd.name, maps, vector), func(t *testing.T) {
					if vector && !haveVector {
						t.Skip("this machine has no vector kernels (vector.go)")
					}
					useVector = vector
					testMatchesReference(t, bd.b, maps, bd.trials)
				})
			}
		}
	}
}

// A holder filled a day at a time, as the fill does, gives rows that are
// the old ones shifted (see sweep; rows of one mask) and rows of empty
// days that are the day before's shifted (steadyRow): the tables still
// match the reference at every step, on the vector kernels and off them.
func TestDistanceShiftedMatchesReference(t *testing.T) {
	b := AroundTheWorld(t)
	defer func(v bool) { useVector = v }(useVector)
	for _, maps := range []bool{true, false} {
		for _, vector := range []bool{true, false} {
			t.Run(fmt.Sprintf("maps=%v/vector=%v", maps, vector), func(t *testing.T) {
				if vector && !haveVector {
					t.Skip("this machine has no vector kernels (vector.go)")
				}
				useVector = vector
				rng := rand.New(rand.NewPCG(38, 5))
				d, ref := newDistanceMaps(b, maps), newRefDistanceMaps(b, maps)
				n := b.Days()
				for game := range 3 {
					h := make([]engine.CardID, n)
					for i := range h {
						h[i] = engine.NoCard
					}
					for _, s := range rng.Perm(n) {
						h[s] = engine.CardID(rng.IntN(b.NumCards()))
						require.Equal(t, ref.compute(h), d.compute(h), "game %d, day %d: distance", game, s)
						require.Equal(t, ref.fwd, d.expanded(d.fwd), "game %d, day %d: fwd", game, s)
						require.Equal(t, ref.bwd, d.expanded(d.bwd), "game %d, day %d: bwd", game, s)
						for c := range engine.CardID(b.NumCards()) {
							for day := range n {
								require.Equal(t, ref.costAt(day, c), d.costAt(day, c), "game %d, day %d: costAt(%d, %d)", game, s, day, c)
							}
						}
						require.Equal(t, ref.steps, d.steps, "game %d, day %d: steps", game, s)
					}
				}
				if !maps {
					// Rows of one mask only are compared (see sweep), or
					// made from the day before (steadyRow).
					assert.Positive(t, d.shifted, "rows shifted")
					assert.Positive(t, d.steady, "rows made from the day before")
				}
				t.Logf("%d rows shifted, %d made from the day before", d.shifted, d.steady)
			})
		}
	}
}

func testMatchesReference(t *testing.T, b *engine.Board, maps bool, trials int) {
	rng := rand.New(rand.NewPCG(38, 4))
	d, ref := newDistanceMaps(b, maps), newRefDistanceMaps(b, maps)
	n := b.Days()
	h := make([]engine.CardID, n)
	for i := range h {
		h[i] = engine.CardID(rng.IntN(b.NumCards()))
	}
	acq, tacq := make([]int32, b.NumRegions()), make([]int32, b.NumCards())
	levels := []int32{unit, 2 * unit, 3 * unit, far}
	for r := range acq {
		acq[r] = unit
	}
	for c := range tacq {
		tacq[c] = unit
	}
	d.setCosts(acq, tacq)
	ref.setCosts(acq, tacq)
	leastChecked := 0
	defer func() {
		if d.vec != nil && !t.Failed() {
			require.Positive(t, leastChecked, "leastCost was never checked")
		}
	}()
	for trial := range trials {
		switch rng.IntN(4) {
		case 0: // costs change, a few cards at a time
			for range 1 + rng.IntN(4) {
				c := engine.CardID(rng.IntN(b.NumCards()))
				tacq[c] = levels[rng.IntN(len(levels))]
				if r := b.RegionOf(c); r >= 0 {
					acq[r] = tacq[c]
				}
			}
			d.setCosts(acq, tacq)
			ref.setCosts(acq, tacq)
		case 1: // two days change, one of them to empty
			h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
			h[rng.IntN(n)] = engine.NoCard
		default: // one day changes
			h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
		}
		require.Equal(t, ref.compute(h), d.compute(h), "trial %d: distance", trial)
		require.Equal(t, ref.fwd, d.expanded(d.fwd), "trial %d: fwd", trial)
		require.Equal(t, ref.bwd, d.expanded(d.bwd), "trial %d: bwd", trial)
		var want, got []int32
		for c := range engine.CardID(b.NumCards()) {
			for s := range n {
				want, got = append(want, ref.costAt(s, c)), append(got, d.costAt(s, c))
			}
			want, got = append(want, ref.through(c)), append(got, d.through(c))
		}
		require.Equal(t, want, got, "trial %d: costAt of every card and day, then through", trial)
		require.Equal(t, ref.steps, d.steps, "trial %d: steps", trial)
		// costsAt, every day at once, is costAt day by day, and counts
		// the same steps.
		days := make([]int32, n)
		for c := range engine.CardID(b.NumCards()) {
			steps := d.steps
			d.costsAt(c, days)
			batched := d.steps - steps
			byDay := make([]int32, n)
			for s := range n {
				byDay[s] = d.costAt(s, c)
			}
			require.Equal(t, byDay, days, "trial %d: costsAt of card %d", trial, c)
			require.Equal(t, d.steps-steps-batched, batched, "trial %d: costsAt's steps of card %d", trial, c)
			// leastCost, where it applies, is the least of them, and
			// counts nothing.
			steps = d.steps
			if least, ok := d.leastCost(c); ok {
				require.Equal(t, slices.Min(days), least, "trial %d: leastCost of card %d", trial, c)
				leastChecked++
			}
			require.Equal(t, steps, d.steps, "trial %d: leastCost's steps", trial)
		}
		d.steps = ref.steps
	}
}

// refDistance measures what it costs to change a holder into a valid journey,
// and what changing one card would do, by dynamic programming: fwd[i][r][m]
// is the least cost of changes to days 0..i for a valid prefix that ends
// with a card of region r on day i and whose regions lie on at least the
// member maps of mask m; bwd[i][r][m] the same for days i..n-1 starting
// with r on day i. On a board of one map there is one mask (k = 1); on a
// combined board a journey must cover every map (mask all), so a holder
// whose pieces are linked but miss a map, or cannot be joined across maps,
// is still some changes away.
//
// A change costs what bringing that card into the holder costs (acq for a
// region's card, tacq for a transport card; setCosts): 1 each by default,
// so that the refDistance is the fewest changes; far where no copy can be had
// (every copy held already), inf where the deck has none; more where a
// copy is unlikely to come (the bots' knowledge, see knowledge). Copy limits within
// the journey itself are set aside (a region may come twice): the target
// journey is a guide, not a promise.
//
// A transport card links the regions of its groups pairwise
// (engine.Board.LinkGroups: a colour, a sea, a rail line), or pair by pair
// (a car); for groups, the DP keeps the three best cells of a row over
// each refGroup and mask, so a step costs the groups a region is in rather
// than every region it links to.
type refDistance struct {
	b      *engine.Board
	n, nr  int
	k      int     // masks per cell: 1, or 2^maps on a combined board
	all    int     // the mask of every map (0 when k is 1)
	bit    []int32 // each region's map bit (0 when k is 1)
	h      []engine.CardID
	fwd    []int32 // [(day*nr + region)*k + mask]
	bwd    []int32
	last   []engine.CardID // the holder the tables are for
	fresh  bool            // the tables are for last and the current costs
	acq    []int32         // by region: the cost of bringing its card into the holder
	tacq   []int32         // by deck card: the cost of bringing that transport in
	acc    []int32         // k scratch cells
	total  int32
	steps  int64      // cells filled or read (see counter)
	groups []refGroup // every refGroup of every transport kind of the deck
	member [][]int32  // by region: the groups it is in
	// kindGroups[c] are transport card c's groups (indexes into groups);
	// restKinds the transport kinds with pairs no refGroup holds, rest[c]
	// those pairs by region (engine.Board.LinkGroups).
	kindGroups [][]int32
	restKinds  []engine.CardID
	rest       [][][]int32
	// top3 is scratch: the three best cells of a row over each refGroup,
	// [refGroup*k + mask]; top3b a second row's for costAt.
	top3, top3b []refTop
	// place is each region's place (engine.Board.Place); sub[r] the masks
	// without r's map (cell[m] of r is cell[m | r's map], so only these
	// are folded); gmasks[g] the masks a refGroup's regions read (those
	// without their map, when they share one).
	place  []int32
	sub    [][]uint8
	gmasks [][]uint8
}

// refGroup is one refGroup of a transport kind: its regions, linked pairwise.
type refGroup struct {
	kind    engine.CardID
	regions []int32
}

// refTop holds the least value of a set of cells and its region's place
// (v1, p1), and the least of the cells of other places (v2); inf and -1
// where there are none. That is enough to know the least value of a
// region at any place but one: v1, or v2 for p1's.
type refTop struct {
	v1, v2, p1 int32
}

func (t *refTop) reset() { t.v1, t.v2, t.p1 = inf, inf, -1 }

// add takes in value v of a region at place p (called where v < t.v2).
func (t *refTop) add(v, p int32) {
	switch {
	case p == t.p1:
		t.v1 = min(t.v1, v)
	case v < t.v1:
		t.v2 = t.v1
		t.v1, t.p1 = v, p
	default:
		t.v2 = v
	}
}

// except is the least value of a region not at place p.
func (t *refTop) except(p int32) int32 {
	if t.p1 != p {
		return t.v1
	}
	return t.v2
}

// newRefDistanceMaps is the old newDistance, following the maps a journey must cover
// or not (then a combined board is measured as one map: linked journeys,
// whatever maps they hold; a sixteenth of the work on four maps).
func newRefDistanceMaps(b *engine.Board, maps bool) *refDistance {
	d := &refDistance{b: b, nr: b.NumRegions(), k: 1, bit: make([]int32, b.NumRegions())}
	if m := b.NumMaps(); maps && m > 0 && m <= maxMaskMaps {
		d.k, d.all = 1<<m, 1<<m-1
		for r := range d.nr {
			d.bit[r] = 1 << b.MapOf(r)
		}
	}
	d.acc = make([]int32, refMaxMasks)
	d.acq = make([]int32, d.nr)
	d.tacq = make([]int32, b.NumCards())
	d.member = make([][]int32, d.nr)
	d.kindGroups = make([][]int32, b.NumCards())
	d.rest = make([][][]int32, b.NumCards())
	for c := range engine.CardID(b.NumCards()) {
		if b.IsRegion(c) || b.Copies(c) == 0 {
			continue
		}
		gs, rest, _ := b.LinkGroups(c)
		if rest != nil {
			d.restKinds = append(d.restKinds, c)
			d.rest[c] = rest
		}
		for _, g := range gs {
			if len(g) < 2 {
				continue // links nothing
			}
			gi := int32(len(d.groups))
			d.groups = append(d.groups, refGroup{kind: c, regions: g})
			d.kindGroups[c] = append(d.kindGroups[c], gi)
			for _, r := range g {
				d.member[r] = append(d.member[r], gi)
			}
		}
	}
	d.top3 = make([]refTop, len(d.groups)*d.k+refMaxMasks)
	d.top3b = make([]refTop, len(d.groups)*d.k+refMaxMasks)
	d.place = make([]int32, d.nr)
	d.sub = make([][]uint8, d.nr)
	without := func(bit int32) []uint8 {
		var out []uint8
		for m := range int32(d.k) {
			if m&bit == 0 {
				out = append(out, uint8(m))
			}
		}
		return out
	}
	for r := range d.nr {
		d.place[r] = int32(b.Place(r))
		d.sub[r] = without(d.bit[r])
	}
	for _, g := range d.groups {
		bit := d.bit[g.regions[0]]
		for _, x := range g.regions {
			if d.bit[x] != bit {
				bit = 0
			}
		}
		d.gmasks = append(d.gmasks, without(bit))
	}
	d.setCosts(nil, nil)
	return d
}

// setCosts sets what bringing each card into the holder costs (by region,
// and by deck card for transports), at most far; nil: 1 for every card the
// deck holds. Cards the deck does not hold always cost inf.
func (d *refDistance) setCosts(acq, tacq []int32) {
	b := d.b
	changed := false
	for r := range d.nr {
		v := inf
		if c := b.Region(r).Card; c != engine.NoCard && b.Copies(c) > 0 {
			v = 1
			if acq != nil {
				v = min(acq[r], far)
			}
		}
		changed = changed || d.acq[r] != v
		d.acq[r] = v
	}
	for c := range engine.CardID(b.NumCards()) {
		v := inf
		if !b.IsRegion(c) && b.Copies(c) > 0 {
			v = 1
			if tacq != nil {
				v = min(tacq[c], far)
			}
		}
		changed = changed || d.tacq[c] != v
		d.tacq[c] = v
	}
	if changed {
		d.fresh = false
	}
}

// miss is 0 when day i holds a card of region r, else the cost of its
// card.
func (d *refDistance) miss(i, r int) int32 {
	if d.b.RegionOf(d.h[i]) == r {
		return 0
	}
	return d.acq[r]
}

// transportAt is the holder's transport card on day i, or NoCard.
func (d *refDistance) transportAt(i int) engine.CardID {
	c := d.h[i]
	if c == engine.NoCard || d.b.IsRegion(c) {
		return engine.NoCard
	}
	return c
}

// compute fills fwd and bwd for holder h and returns the refDistance. Rows
// that depend only on days the last holder computed had alike are kept
// (when the costs have not changed): fwd row i depends on days 0..i, bwd
// row i on days i..n-1.
func (d *refDistance) compute(h []engine.CardID) int32 {
	size := len(h) * d.nr * d.k
	lo, hi := 0, len(h)-1
	if d.fresh && d.n == len(h) && len(d.last) == len(h) && cap(d.fwd) >= size+refMaxMasks {
		for lo < len(h) && d.last[lo] == h[lo] {
			lo++
		}
		if lo == len(h) {
			return d.total
		}
		for h[hi] == d.last[hi] {
			hi--
		}
	}
	d.last = append(d.last[:0], h...)
	d.h, d.n = d.last, len(h)
	if cap(d.fwd) < size+refMaxMasks {
		d.fwd, d.bwd = make([]int32, size+refMaxMasks), make([]int32, size+refMaxMasks)
	}
	d.fwd, d.bwd = d.fwd[:size], d.bwd[:size]
	d.sweep(d.fwd, 0, 1, lo)
	d.sweep(d.bwd, d.n-1, -1, d.n-1-hi)
	d.fresh = true
	d.total = inf
	last := (d.n - 1) * d.nr
	for r := range d.nr {
		d.total = min(d.total, d.fwd[(last+r)*d.k+d.all])
	}
	return d.total
}

// tops fills t with the three best cells of row over every refGroup, for
// the masks its regions read.
func (d *refDistance) tops(t []refTop, row []int32) {
	k := d.k
	for g := range d.groups {
		cells := (*[refMaxMasks]refTop)(t[g*k:])
		masks := d.gmasks[g]
		for _, m := range masks {
			cells[m&(refMaxMasks-1)].reset()
		}
		for _, x := range d.groups[g].regions {
			src := (*[refMaxMasks]int32)(row[int(x)*k:])
			p := d.place[x]
			for _, m := range masks {
				m &= refMaxMasks - 1
				if v := src[m]; v < cells[m].v2 {
					cells[m].add(v, p)
				}
			}
		}
	}
}

// groupTops fills t with the three best cells of row over refGroup g, for
// every mask (the regions reading them may be on another map).
func (d *refDistance) groupTops(t []refTop, row []int32, g int) {
	k := d.k
	cells := t[g*k : (g+1)*k]
	for m := range cells {
		cells[m].reset()
	}
	for _, x := range d.groups[g].regions {
		src := row[int(x)*k : int(x+1)*k]
		p := d.place[x]
		for m, v := range src {
			if v < cells[m].v2 {
				cells[m].add(v, p)
			}
		}
	}
}

// sweep fills t from day start in direction dir (+1 forward, -1
// backward), from the first'th step on (the rows before are kept).
func (d *refDistance) sweep(t []int32, start, dir, first int) {
	b, nr, k := d.b, d.nr, d.k
	d.steps += int64((d.n - first) * nr * k)
	acc := (*[refMaxMasks]int32)(d.acc)
	// A row is read with refMaxMasks cells of slack (the table has them):
	// see refMaxMasks.
	rowAt := func(i int) []int32 { return t[i*nr*k : (i+1)*nr*k+refMaxMasks] }
	for step := first; step < d.n; step++ {
		i := start + dir*step
		row := t[i*nr*k : (i+1)*nr*k]
		var prev1, prev2, prev3 []int32
		hop := engine.NoCard
		// Two held ships side by side on seas that connect, ending next to
		// day i: the groups (seas) of the regions three days back and of
		// day i.
		var fromGroup, toGroup int32 = -1, -1
		if step >= 1 {
			prev1 = rowAt(i - dir)
		}
		if step >= 2 {
			prev2 = rowAt(i - 2*dir)
			hop = d.transportAt(i - dir)
			d.tops(d.top3, prev2)
		}
		if step >= 3 && b.SeasConnect() {
			a, c := d.transportAt(i-2*dir), d.transportAt(i-dir)
			if dir < 0 {
				a, c = c, a
			}
			if a != engine.NoCard && c != engine.NoCard && b.ShipPair(a, c) && len(d.kindGroups[a]) == 1 && len(d.kindGroups[c]) == 1 {
				prev3 = rowAt(i - 3*dir)
				// Forward, day i-3 is on the first ship's sea and day i on
				// the second's; backward the other way round.
				fromGroup, toGroup = d.kindGroups[a][0], d.kindGroups[c][0]
				if dir < 0 {
					fromGroup, toGroup = toGroup, fromGroup
				}
				d.groupTops(d.top3b, prev3, int(fromGroup))
			}
		}
		held := b.RegionOf(d.h[i])
		for r := range nr {
			cell := row[r*k : (r+1)*k : (r+1)*k]
			miss := d.acq[r]
			if r == held {
				miss = 0
			}
			if miss >= inf {
				for m := range cell {
					cell[m] = inf
				}
				continue
			}
			br := int(d.bit[r])
			if step == 0 {
				for m := range cell {
					cell[m] = inf
					if m&^br == 0 {
						cell[m] = miss
					}
				}
				continue
			}
			// Only the masks without r's map are folded: cell[m] is the
			// best prefix before covering at least m less r's map.
			sub, pr := d.sub[r], d.place[r]
			for _, m := range sub {
				acc[m&(refMaxMasks-1)] = inf
			}
			for _, x := range b.FootNeighbors(r) {
				src := (*[refMaxMasks]int32)(prev1[int(x)*k:])
				for _, m := range sub {
					m &= refMaxMasks - 1
					acc[m] = min(acc[m], src[m])
				}
			}
			if prev2 != nil {
				for _, gi := range d.member[r] {
					g := &d.groups[gi]
					cost := d.tacq[g.kind]
					if g.kind == hop {
						cost = 0
					}
					if cost >= inf {
						continue
					}
					tops := (*[refMaxMasks]refTop)(d.top3[int(gi)*k:])
					for _, m := range sub {
						m &= refMaxMasks - 1
						acc[m] = min(acc[m], tops[m].except(pr)+cost)
					}
				}
				for _, c := range d.restKinds {
					cost := d.tacq[c]
					if c == hop {
						cost = 0
					}
					if cost >= inf {
						continue
					}
					for _, x := range d.rest[c][r] {
						src := (*[refMaxMasks]int32)(prev2[int(x)*k:])
						for _, m := range sub {
							m &= refMaxMasks - 1
							acc[m] = min(acc[m], src[m]+cost)
						}
					}
				}
			}
			if prev3 != nil && d.inGroup(r, toGroup) {
				tops := (*[refMaxMasks]refTop)(d.top3b[int(fromGroup)*k:])
				for _, m := range sub {
					m &= refMaxMasks - 1
					acc[m] = min(acc[m], tops[m].except(pr))
				}
			}
			for m := range cell {
				cell[m] = min(acc[(m&^br)&(refMaxMasks-1)]+miss, inf)
			}
		}
	}
}

// refCellsAt is the cell of table t at index at, read through an array (see
// refMaxMasks: t has the slack).
func refCellsAt(t []int32, at int) *[refMaxMasks]int32 {
	return (*[refMaxMasks]int32)(t[at : at+refMaxMasks])
}

// inGroup reports whether region r is in refGroup g.
func (d *refDistance) inGroup(r int, g int32) bool {
	for _, x := range d.member[r] {
		if x == g {
			return true
		}
	}
	return false
}

// costAt is the refDistance of the holder with day s changed to card c, the
// change itself free (compute must have run on the holder).
func (d *refDistance) costAt(s int, c engine.CardID) int32 {
	nr, k := d.nr, d.k
	d.steps += int64(k)
	if r := d.b.RegionOf(c); r >= 0 {
		m := d.miss(s, r)
		f, g := d.fwd[(s*nr+r)*k:(s*nr+r+1)*k], refCellsAt(d.bwd, (s*nr+r)*k)
		best := inf
		for m1, v := range f {
			best = min(best, v+g[(d.all&^m1)&(refMaxMasks-1)])
		}
		if best >= inf {
			return inf
		}
		return best - 2*m
	}
	if s == 0 || s == d.n-1 || int(c) >= len(d.kindGroups) {
		return inf
	}
	best := inf
	before, after := d.fwd[(s-1)*nr*k:s*nr*k], d.bwd[(s+1)*nr*k:(s+2)*nr*k]
	for _, gi := range d.kindGroups[c] {
		// The best of each side over the refGroup, then the best pair of
		// two regions that are not one place.
		fa, fb := d.top3[:k], d.top3b[:k]
		for m := range k {
			fa[m].reset()
			fb[m].reset()
		}
		for _, x := range d.groups[gi].regions {
			p := d.place[x]
			for m := range k {
				if v := before[int(x)*k+m]; v < fa[m].v2 {
					fa[m].add(v, p)
				}
				if v := after[int(x)*k+m]; v < fb[m].v2 {
					fb[m].add(v, p)
				}
			}
		}
		for m1 := range k {
			ta, tb := &fa[m1], &fb[d.all&^m1]
			v := ta.v1 + tb.v1
			if ta.p1 == tb.p1 {
				v = min(ta.v1+tb.v2, ta.v2+tb.v1)
			}
			best = min(best, v)
		}
	}
	if rest := d.rest[c]; rest != nil {
		for a := range nr {
			f := before[a*k : (a+1)*k]
			for _, x := range rest[a] {
				g := after[int(x)*k : int(x+1)*k]
				for m1, v := range f {
					if v < best {
						best = min(best, v+g[d.all&^m1])
					}
				}
			}
		}
	}
	return min(best, inf)
}

// through is the least cost of a journey holding card c on some day (the
// card itself counted at its cost where the holder does not hold it
// there), from the tables of the last holder computed.
func (d *refDistance) through(c engine.CardID) int32 {
	nr, k := d.nr, d.k
	best := inf
	if r := d.b.RegionOf(c); r >= 0 {
		for i := range d.n {
			f, g := d.fwd[(i*nr+r)*k:(i*nr+r+1)*k], d.bwd[(i*nr+r)*k:(i*nr+r+1)*k]
			m := d.miss(i, r)
			for m1, v := range f {
				best = min(best, v+g[d.all&^m1]-m)
			}
		}
		return min(best, inf)
	}
	if int(c) >= len(d.tacq) || d.tacq[c] >= inf {
		return inf
	}
	for s := 1; s+1 < d.n; s++ {
		v := d.costAt(s, c)
		if d.h[s] != c {
			v += d.tacq[c]
		}
		best = min(best, v)
	}
	return min(best, inf)
}

// expanded is table t of d with k masks a cell, as the reference holds it.
func (d *distance) expanded(t []int32) []int32 {
	out := make([]int32, 0, d.n*d.nr*d.k)
	for i := range d.n {
		for r := range d.nr {
			for m := range d.k {
				out = append(out, d.full(d.row(t, i), r, m))
			}
		}
	}
	return out
}

// Tables given back by one distance (release) and taken by the next are
// swept whole: the next distance's tables are those of a new one.
func TestDistanceReleasedTablesAreSweptAnew(t *testing.T) {
	b := AroundTheWorld(t)
	rng := rand.New(rand.NewPCG(38, 6))
	holder := func() []engine.CardID {
		h := make([]engine.CardID, b.Days())
		for i := range h {
			h[i] = engine.CardID(rng.IntN(b.NumCards()))
		}
		return h
	}
	for _, maps := range []bool{true, false} {
		old := newDistanceMaps(b, maps)
		old.compute(holder())
		h := holder()
		want := newRefDistanceMaps(b, maps)
		want.compute(h)
		old.release()
		d := newDistanceMaps(b, maps)
		require.Equal(t, want.compute(h), d.compute(h), "maps=%v: distance", maps)
		require.Equal(t, want.fwd, d.expanded(d.fwd), "maps=%v: fwd", maps)
		require.Equal(t, want.bwd, d.expanded(d.bwd), "maps=%v: bwd", maps)
		for c := range engine.CardID(b.NumCards()) {
			for s := range b.Days() {
				require.Equal(t, want.costAt(s, c), d.costAt(s, c), "maps=%v: costAt(%d, %d)", maps, s, c)
			}
		}
	}
}

// Holders of few cards, as a fill's first ones are: their runs of empty
// days give rows made from the day before (steadyRow), and the tables,
// tops and costs still match the reference.
func TestDistanceSteadyRowsMatchReference(t *testing.T) {
	b := AroundTheWorld(t)
	rng := rand.New(rand.NewPCG(38, 7))
	n := b.Days()
	for trial := range 12 {
		d, ref := newDistanceMaps(b, false), newRefDistanceMaps(b, false)
		h := make([]engine.CardID, n)
		for i := range h {
			h[i] = engine.NoCard
		}
		for range trial % 3 {
			h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
		}
		require.Equal(t, ref.compute(h), d.compute(h), "trial %d: distance", trial)
		require.Equal(t, ref.fwd, d.expanded(d.fwd), "trial %d: fwd", trial)
		require.Equal(t, ref.bwd, d.expanded(d.bwd), "trial %d: bwd", trial)
		for c := range engine.CardID(b.NumCards()) {
			for s := range n {
				require.Equal(t, ref.costAt(s, c), d.costAt(s, c), "trial %d: costAt(%d, %d)", trial, s, c)
			}
		}
		assert.Positive(t, d.steady, "trial %d: rows made from the day before", trial)
	}
}
