package bot

import "github.com/tendays/tendays/engine"

const inf = int32(1 << 20)

// maxMaskMaps is the most member maps the distance follows (2^6 masks a
// table cell); a combined board of more maps is measured as one map, and
// its bots no longer plan for covering every map.
const maxMaskMaps = 6

// distance measures how many cards of a holder must change to make a valid
// journey, and what changing one card would do, by dynamic programming:
// fwd[i][r][m] is the fewest changes to days 0..i for a valid prefix that
// ends with a card of region r on day i and whose regions lie on at least
// the member maps of mask m; bwd[i][r][m] the same for days i..n-1 starting with
// r on day i. On a board of one map there is one mask (k = 1) and the
// tables are by day and region alone; on a combined board a journey must
// cover every map (mask all), so a holder whose pieces are linked but miss a
// map, or cannot be joined across maps, is still some changes away.
// Copy limits are set aside (a physical holder cannot break them, and the
// target journey is a guide, not a promise).
type distance struct {
	b        *engine.Board
	n, nr    int
	k        int     // masks per cell: 1, or 2^maps on a combined board
	all      int     // the mask of every map (0 when k is 1)
	bit      []int32 // each region's map bit (0 when k is 1)
	h        []engine.CardID
	fwd, bwd []int32         // [(day*nr + region)*k + mask]
	last     []engine.CardID // the holder the tables are for
	usable   []bool
	acc      []int32 // k scratch cells
	total    int32
}

func newDistance(b *engine.Board) *distance {
	d := &distance{b: b, nr: b.NumRegions(), k: 1, usable: make([]bool, b.NumRegions()), bit: make([]int32, b.NumRegions())}
	if m := b.NumMaps(); m > 0 && m <= maxMaskMaps {
		d.k, d.all = 1<<m, 1<<m-1
		for r := range d.nr {
			d.bit[r] = 1 << b.MapOf(r)
		}
	}
	d.acc = make([]int32, d.k)
	for r := range d.nr {
		c := b.Region(r).Card
		d.usable[r] = c != engine.NoCard && b.Copies(c) > 0
	}
	return d
}

// miss is 0 when day i holds a card of region r, else 1.
func (d *distance) miss(i, r int) int32 {
	if d.b.RegionOf(d.h[i]) == r {
		return 0
	}
	return 1
}

// transportAt is the holder's transport card on day i, or NoCard.
func (d *distance) transportAt(i int) engine.CardID {
	c := d.h[i]
	if c == engine.NoCard || d.b.IsRegion(c) {
		return engine.NoCard
	}
	return c
}

// compute fills fwd and bwd for holder h and returns the distance. Rows
// that depend only on days the last holder computed had alike are kept:
// fwd row i depends on days 0..i, bwd row i on days i..n-1.
func (d *distance) compute(h []engine.CardID) int32 {
	size := len(h) * d.nr * d.k
	lo, hi := 0, len(h)-1
	if d.n == len(h) && len(d.last) == len(h) && cap(d.fwd) >= size {
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
	if cap(d.fwd) < size {
		d.fwd, d.bwd = make([]int32, size), make([]int32, size)
	}
	d.fwd, d.bwd = d.fwd[:size], d.bwd[:size]
	d.sweep(d.fwd, 0, 1, lo)
	d.sweep(d.bwd, d.n-1, -1, d.n-1-hi)
	d.total = inf
	last := (d.n - 1) * d.nr
	for r := range d.nr {
		d.total = min(d.total, d.fwd[(last+r)*d.k+d.all])
	}
	return d.total
}

// sweep fills t from day start in direction dir (+1 forward, -1
// backward), from the first'th step on (the rows before are kept).
func (d *distance) sweep(t []int32, start, dir, first int) {
	b, nr, k := d.b, d.nr, d.k
	acc := d.acc
	for step := first; step < d.n; step++ {
		i := start + dir*step
		row := t[i*nr*k : (i+1)*nr*k]
		var prev1, prev2, prev3 []int32
		var hop engine.CardID = engine.NoCard
		// first, second: two held ships side by side on seas that connect,
		// in journey order, ending next to day i.
		first, second := engine.NoCard, engine.NoCard
		if step >= 1 {
			p := i - dir
			prev1 = t[p*nr*k : (p+1)*nr*k]
		}
		if step >= 2 {
			p := i - 2*dir
			prev2 = t[p*nr*k : (p+1)*nr*k]
			hop = d.transportAt(i - dir)
		}
		if step >= 3 && b.SeasConnect() {
			p := i - 3*dir
			a, c := d.transportAt(i-2*dir), d.transportAt(i-dir)
			if dir < 0 {
				a, c = c, a
			}
			if a != engine.NoCard && c != engine.NoCard && b.ShipPair(a, c) {
				prev3, first, second = t[p*nr*k:(p+1)*nr*k], a, c
			}
		}
		for r := range nr {
			if k == 1 {
				// One map: the cells are single numbers.
				if !d.usable[r] {
					row[r] = inf
					continue
				}
				if step == 0 {
					row[r] = d.miss(i, r)
					continue
				}
				best := inf
				for _, x := range b.FootNeighbors(r) {
					best = min(best, prev1[x])
				}
				if prev2 != nil {
					for _, x := range b.AnyLinkNeighbors(r) {
						best = min(best, prev2[x]+1)
					}
					if hop != engine.NoCard {
						for _, x := range b.LinkNeighbors(hop, r) {
							best = min(best, prev2[x])
						}
					}
				}
				if prev3 != nil {
					for x := range nr {
						from, to := x, r
						if dir < 0 {
							from, to = r, x
						}
						if prev3[x] < best && b.PairLinks(first, second, from, to) {
							best = prev3[x]
						}
					}
				}
				row[r] = min(best+d.miss(i, r), inf)
				continue
			}
			// Masks: cell[M] covers at least the maps of M, so it is the
			// best of the cells before covering at least M less r's map.
			cell := row[r*k : (r+1)*k : (r+1)*k]
			if !d.usable[r] {
				for m := range cell {
					cell[m] = inf
				}
				continue
			}
			miss := d.miss(i, r)
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
			for m := range acc {
				acc[m] = inf
			}
			for _, x := range b.FootNeighbors(r) {
				foldInto(acc, prev1[int(x)*k:int(x+1)*k], 0)
			}
			if prev2 != nil {
				for _, x := range b.AnyLinkNeighbors(r) {
					foldInto(acc, prev2[int(x)*k:int(x+1)*k], 1)
				}
				if hop != engine.NoCard {
					for _, x := range b.LinkNeighbors(hop, r) {
						foldInto(acc, prev2[int(x)*k:int(x+1)*k], 0)
					}
				}
			}
			if prev3 != nil {
				for x := range nr {
					from, to := x, r
					if dir < 0 {
						from, to = r, x
					}
					if b.PairLinks(first, second, from, to) {
						foldInto(acc, prev3[x*k:(x+1)*k], 0)
					}
				}
			}
			for m := range cell {
				cell[m] = min(acc[m&^br]+miss, inf)
			}
		}
	}
}

// foldInto lowers acc to src+add where that is less, cell by cell.
func foldInto(acc, src []int32, add int32) {
	acc = acc[:len(src)]
	for m, v := range src {
		if v+add < acc[m] {
			acc[m] = v + add
		}
	}
}

// costAt is the distance of the holder with day s changed to card c
// (compute must have run on the holder).
func (d *distance) costAt(s int, c engine.CardID) int32 {
	nr, k := d.nr, d.k
	if r := d.b.RegionOf(c); r >= 0 {
		m := d.miss(s, r)
		f, g := d.fwd[(s*nr+r)*k:(s*nr+r+1)*k], d.bwd[(s*nr+r)*k:(s*nr+r+1)*k]
		if k == 1 {
			return min(f[0]+g[0]-2*m, inf)
		}
		best := inf
		for m1, v := range f {
			best = min(best, v+g[d.all&^m1])
		}
		if best >= inf {
			return inf
		}
		return best - 2*m
	}
	if s == 0 || s == d.n-1 {
		return inf
	}
	best := inf
	before, after := d.fwd[(s-1)*nr*k:s*nr*k], d.bwd[(s+1)*nr*k:(s+2)*nr*k]
	if k == 1 {
		for a := range nr {
			if before[a] >= best {
				continue
			}
			for _, x := range d.b.LinkNeighbors(c, a) {
				best = min(best, before[a]+after[x])
			}
		}
		return best
	}
	for a := range nr {
		f := before[a*k : (a+1)*k]
		for _, x := range d.b.LinkNeighbors(c, a) {
			g := after[int(x)*k : int(x+1)*k]
			for m1, v := range f {
				if v < best {
					best = min(best, v+g[d.all&^m1])
				}
			}
		}
	}
	return best
}

// best is the day where card c does most good and the distance reached;
// open restricts the days (nil: all). Ties go to the first day.
func (d *distance) best(c engine.CardID, open func(int) bool) (slot int, cost int32) {
	slot, cost = -1, inf+1
	for s := range d.n {
		if open != nil && !open(s) {
			continue
		}
		if v := d.costAt(s, c); v < cost {
			slot, cost = s, v
		}
	}
	return slot, cost
}
