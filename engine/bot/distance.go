package bot

import "github.com/tendays/tendays/engine"

const inf = int32(1 << 20)

// distance measures how many cards of a holder must change to make a valid
// journey, and what changing one card would do, by dynamic programming:
// fwd[i][r] is the fewest changes to days 0..i for a valid prefix that ends
// with a card of region r on day i; bwd[i][r] the same for days i..n-1
// starting with r on day i. Copy limits are set aside (a physical holder
// cannot break them, and the target journey is a guide, not a promise).
type distance struct {
	b        *engine.Board
	n, nr    int
	h        []engine.CardID
	fwd, bwd []int32 // [day*nr + region]
	usable   []bool
	total    int32
}

func newDistance(b *engine.Board) *distance {
	d := &distance{b: b, nr: b.NumRegions(), usable: make([]bool, b.NumRegions())}
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

// compute fills fwd and bwd for holder h and returns the distance.
func (d *distance) compute(h []engine.CardID) int32 {
	d.h, d.n = h, len(h)
	size := d.n * d.nr
	if cap(d.fwd) < size {
		d.fwd, d.bwd = make([]int32, size), make([]int32, size)
	}
	d.fwd, d.bwd = d.fwd[:size], d.bwd[:size]
	d.sweep(d.fwd, 0, 1)
	d.sweep(d.bwd, d.n-1, -1)
	d.total = inf
	last := (d.n - 1) * d.nr
	for r := range d.nr {
		d.total = min(d.total, d.fwd[last+r])
	}
	return d.total
}

// sweep fills t from day start in direction dir (+1 forward, -1 backward).
func (d *distance) sweep(t []int32, start, dir int) {
	b, nr := d.b, d.nr
	for k := 0; k < d.n; k++ {
		i := start + dir*k
		row := t[i*nr : (i+1)*nr]
		var prev1, prev2, prev3 []int32
		var hop engine.CardID = engine.NoCard
		// first, second: two held ships side by side on seas that connect,
		// in journey order, ending next to day i.
		first, second := engine.NoCard, engine.NoCard
		if k >= 1 {
			p := i - dir
			prev1 = t[p*nr : (p+1)*nr]
		}
		if k >= 2 {
			p := i - 2*dir
			prev2 = t[p*nr : (p+1)*nr]
			hop = d.transportAt(i - dir)
		}
		if k >= 3 && b.SeasConnect() {
			p := i - 3*dir
			a, c := d.transportAt(i-2*dir), d.transportAt(i-dir)
			if dir < 0 {
				a, c = c, a
			}
			if a != engine.NoCard && c != engine.NoCard && b.ShipPair(a, c) {
				prev3, first, second = t[p*nr:(p+1)*nr], a, c
			}
		}
		for r := range nr {
			if !d.usable[r] {
				row[r] = inf
				continue
			}
			if k == 0 {
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
		}
	}
}

// costAt is the distance of the holder with day s changed to card c
// (compute must have run on the holder).
func (d *distance) costAt(s int, c engine.CardID) int32 {
	nr := d.nr
	if r := d.b.RegionOf(c); r >= 0 {
		m := d.miss(s, r)
		return min(d.fwd[s*nr+r]+d.bwd[s*nr+r]-2*m, inf)
	}
	if s == 0 || s == d.n-1 {
		return inf
	}
	best := inf
	before, after := d.fwd[(s-1)*nr:s*nr], d.bwd[(s+1)*nr:(s+2)*nr]
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
