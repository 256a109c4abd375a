package engine

import (
	"errors"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// CountDefinition says exactly what Count counts, for help texts and reports.
const CountDefinition = "ordered sequences of card kinds, one per day, that pass every rule of a journey " +
	"(region cards at both ends, each step linked, no two transport cards side by side " +
	"but two ships on seas that connect, " +
	"never the same region twice in a row) with copy limits set aside: a region may come back " +
	"later in the journey and a transport kind may be used any number of times, as long as the deck " +
	"holds at least one such card; a neutral train is one kind, whichever line a player names it on; " +
	"on a combined board (20 Days Around the World), only journeys holding a region of every map"

// CountDefinition is CountDefinition for this board: where its rules let a
// journey start or end on a transport card, it says so.
func (b *Board) CountDefinition() string {
	switch {
	case b.openStart && b.openEnd:
		return CountDefinition + "; as this edition's rules allow, a journey may also start and end on a transport card that serves the region beside it"
	case b.openStart:
		return CountDefinition + "; as this edition's rules allow, a journey may also start on a transport card that serves the region after it"
	case b.openEnd:
		return CountDefinition + "; as this edition's rules allow, a journey may also end on a transport card that serves the region before it"
	}
	return CountDefinition
}

// Count is the number of journeys of a length, overall and per region.
type Count struct {
	Days    int
	Total   *big.Int
	Regions []RegionCount // in the board's region order
}

// RegionCount is how many journeys pass through a region: hold at least one
// of its cards.
type RegionCount struct {
	Region   int
	ID, Name string
	Journeys *big.Int
	// Share is Journeys / Total (0 when there are none).
	Share float64
	// Few flags a region that fewer journeys pass through than a quarter of
	// the median region's count: the places a designer should look at.
	Few bool
}

// Count counts the journeys of the given length exactly (see
// CountDefinition), by dynamic programming over the days and the region
// reached: f[i][r], the journeys of i+1 cards ending with a card of r, sums
// f[i-1] over r's foot neighbours, f[i-2] over the regions each transport
// kind links to r, and f[i-3] over the regions two ships on seas that
// connect link to r. A region's count is the total minus the count with the
// region taken out. Counts use uint64 and fall back to math/big when they
// overflow. On a combined board only journeys holding a region of every map
// count: by inclusion and exclusion over the sets of maps left out.
func (b *Board) Count(days int) (*Count, error) {
	if days < 1 {
		return nil, errors.New("a journey has at least one day")
	}
	g := b.countGraph()
	n := len(b.regions)
	var total *big.Int
	per := make([]*big.Int, n)
	if b.nmaps > 0 {
		// Combined editions: only journeys holding a region of every map.
		total, per = b.countEveryMap(g, days, true)
	} else if t, ok := g.count64(days, -1); ok {
		total = new(big.Int).SetUint64(t)
		for r := range n {
			without, _ := g.count64(days, r) // never more than the total
			per[r] = new(big.Int).SetUint64(t - without)
		}
	} else {
		total = g.countBig(days, -1)
		for r := range n {
			per[r] = new(big.Int).Sub(total, g.countBig(days, r))
		}
	}
	out := &Count{Days: days, Total: total}
	for r := range n {
		rc := RegionCount{Region: r, ID: b.regions[r].ID, Name: b.regions[r].Name, Journeys: per[r]}
		if total.Sign() > 0 {
			rc.Share, _ = new(big.Rat).SetFrac(per[r], total).Float64()
		}
		out.Regions = append(out.Regions, rc)
	}
	sorted := slices.Clone(per)
	slices.SortFunc(sorted, func(x, y *big.Int) int { return x.Cmp(y) })
	if n > 0 {
		quarter := new(big.Int).Rsh(sorted[n/2], 2)
		for i := range out.Regions {
			out.Regions[i].Few = out.Regions[i].Journeys.Cmp(quarter) < 0
		}
	}
	return out, nil
}

// countGraph is the board as weighted in-edges: foot neighbours, and for
// two-day steps the number of transport kinds linking the pair.
type countGraph struct {
	n      int
	usable []bool // the deck holds a card of the region
	foot   [][]int32
	hop    [][]weighted // two-day steps of the transports given pair by pair (cars)
	pair   [][]weighted // three-day steps: two ships on seas that connect (nil: none)
	// Two-day steps of the transports whose links are cliques (planes,
	// ships, trains): every two members of a clique are linked, so the
	// journeys reaching r through one are the clique's sum less r's own,
	// and a step costs the cliques' sizes rather than their squares (the
	// square of a colour class was 97% of counting a 2,000-region map).
	cliques []clique
	in      [][]int32 // the cliques each region is in
	// seas are the two-ship steps (pair) by sea, for countLanes (nil
	// where pair is).
	seas *shipSeas
	// open0, openN: where a journey may start (end) on a transport card,
	// the number of transport kinds that serve each region (nil where it
	// may not).
	open0, openN []uint64
}

// shipSeas are the three-day steps of two ships by the seas they sail:
// from x on sea s to y on sea t where s and t connect, kinds[s]*kinds[t]
// ways (the deck's ship kinds on each), x and y not one place. Summed by
// sea, a step costs the seas' members and connections rather than every
// pair of regions; less fix, the pairs of one place the sums count.
type shipSeas struct {
	members [][]int32    // by sea, its regions
	from    [][]int32    // by sea t, the seas that connect with it
	kinds   []uint64     // by sea, its ship kinds
	on      [][]int32    // by region, the seas it is on
	fix     [][]weighted // by region y, the regions x one place with it, and the ways the sums count from x to y
}

// newShipSeas is b's two-ship steps by sea (nil when no two seas
// connect): the same steps as b.pairAdj.
func newShipSeas(b *Board) *shipSeas {
	if b.pairAdj == nil {
		return nil
	}
	ns, n := len(b.onSea), len(b.regions)
	ss := &shipSeas{members: make([][]int32, ns), from: make([][]int32, ns), kinds: make([]uint64, ns), on: make([][]int32, n), fix: make([][]weighted, n)}
	for c := range b.cards {
		if b.kind[c] == ShipCard && b.count[c] > 0 {
			ss.kinds[b.sea[c]]++
		}
	}
	for s := range ns {
		if ss.kinds[s] == 0 {
			continue
		}
		for r := range n {
			if b.onSeaHas(s, r) {
				ss.members[s] = append(ss.members[s], int32(r))
				ss.on[r] = append(ss.on[r], int32(s))
			}
		}
		for t := range ns {
			if ss.kinds[t] > 0 && b.seaConn.has(s, t) {
				ss.from[s] = append(ss.from[s], int32(t))
			}
		}
	}
	for y := range n {
		for x := range n {
			if !b.SamePlace(x, y) {
				continue
			}
			var w uint64
			for _, t := range ss.on[y] {
				for _, s := range ss.from[t] {
					if b.onSeaHas(int(s), x) {
						w += ss.kinds[s] * ss.kinds[t]
					}
				}
			}
			if w > 0 {
				ss.fix[y] = append(ss.fix[y], weighted{int32(x), w})
			}
		}
	}
	return ss
}

type clique struct {
	members []int32
}

type weighted struct {
	from int32
	w    uint64
}

func (b *Board) countGraph() *countGraph {
	n := len(b.regions)
	g := &countGraph{n: n, usable: make([]bool, n), foot: b.footAdj, hop: make([][]weighted, n), pair: b.pairAdj, seas: newShipSeas(b)}
	for r := range n {
		c := b.regions[r].Card
		g.usable[r] = c != NoCard && b.count[c] > 0
	}
	if b.openStart || b.openEnd {
		serve := make([]uint64, n)
		for c := range b.cards {
			if b.kind[c] == RegionCard || b.count[c] == 0 {
				continue
			}
			for r := range n {
				if b.Serves(CardID(c), r) {
					serve[r]++
				}
			}
		}
		if b.openStart {
			g.open0 = serve
		}
		if b.openEnd {
			g.openN = serve
		}
	}
	g.in = make([][]int32, n)
	var sparse []int
	for c := range b.cards {
		if b.kind[c] == RegionCard || b.count[c] == 0 {
			continue
		}
		cliques := b.countCliques(c)
		if cliques == nil {
			sparse = append(sparse, c)
			continue
		}
		for _, k := range cliques {
			if len(k) < 2 {
				continue
			}
			for _, x := range k {
				g.in[x] = append(g.in[x], int32(len(g.cliques)))
			}
			g.cliques = append(g.cliques, clique{members: k})
		}
	}
	w := make([]uint64, n)
	var touched []int32
	for r := range n {
		for _, c := range sparse {
			for _, x := range b.linkAdj[c][r] {
				if w[x] == 0 {
					touched = append(touched, x)
				}
				w[x]++
			}
		}
		slices.Sort(touched)
		for _, x := range touched {
			g.hop[r] = append(g.hop[r], weighted{x, w[x]})
			w[x] = 0
		}
		touched = touched[:0]
	}
	return g
}

// countCliques is card c's relation as cliques a count may sum over: its
// link groups (LinkGroups) when every pair of them is linked once, by one
// group, and no two members of a group are one place (which link nothing);
// nil when the relation must be counted pair by pair (cars, whose groups
// share pairs; a neutral train on lines that share two stops; a combined
// pack's places on two maps).
func (b *Board) countCliques(c int) [][]int32 {
	groups, rest := b.groups[c], b.rest[c]
	if len(groups) == 0 || rest != nil || !disjointPairs(groups) {
		return nil
	}
	for _, k := range groups {
		places := map[int32]bool{}
		for _, x := range k {
			if places[b.place[x]] {
				return nil
			}
			places[b.place[x]] = true
		}
	}
	return groups
}

// disjointPairs reports whether no two groups share two members (so no
// pair is in two of them, and summing over groups counts each pair once).
func disjointPairs(groups [][]int32) bool {
	in := map[int32][]int{} // the groups each member is in
	for i, k := range groups {
		for _, x := range k {
			in[x] = append(in[x], i)
		}
	}
	shared := map[[2]int]bool{} // two groups seen sharing a member
	for _, gs := range in {
		for a := range gs {
			for b := a + 1; b < len(gs); b++ {
				k := [2]int{gs[a], gs[b]}
				if shared[k] {
					return false
				}
				shared[k] = true
			}
		}
	}
	return true
}

// cliqueSums64 sums f over each clique's members; ok is false on overflow.
func (g *countGraph) cliqueSums64(f []uint64, sums []uint64) bool {
	for k, c := range g.cliques {
		var sum, carry uint64
		for _, x := range c.members {
			if sum, carry = bits.Add64(sum, f[x], 0); carry != 0 {
				return false
			}
		}
		sums[k] = sum
	}
	return true
}

// count64 counts the journeys of days cards avoiding region skip (-1: none);
// ok is false on overflow.
func (g *countGraph) count64(days, skip int) (total uint64, ok bool) {
	f := make([][]uint64, days)
	for i := range f {
		f[i] = make([]uint64, g.n)
	}
	for r := range g.n {
		if g.usable[r] && r != skip {
			f[0][r] = 1
		}
	}
	sums := make([]uint64, len(g.cliques))
	for i := 1; i < days; i++ {
		if i >= 2 && !g.cliqueSums64(f[i-2], sums) {
			return 0, false
		}
		for r := range g.n {
			if !g.usable[r] || r == skip {
				continue
			}
			var sum, carry uint64
			for _, x := range g.foot[r] {
				sum, carry = bits.Add64(sum, f[i-1][x], 0)
				if carry != 0 {
					return 0, false
				}
			}
			if i >= 2 {
				for _, k := range g.in[r] {
					// Every member of the clique but r itself.
					if sum, carry = bits.Add64(sum, sums[k]-f[i-2][r], 0); carry != 0 {
						return 0, false
					}
				}
				for _, e := range g.hop[r] {
					hi, lo := bits.Mul64(f[i-2][e.from], e.w)
					if hi != 0 {
						return 0, false
					}
					sum, carry = bits.Add64(sum, lo, 0)
					if carry != 0 {
						return 0, false
					}
				}
			}
			if i >= 3 && g.pair != nil {
				for _, e := range g.pair[r] {
					hi, lo := bits.Mul64(f[i-3][e.from], e.w)
					if hi != 0 {
						return 0, false
					}
					sum, carry = bits.Add64(sum, lo, 0)
					if carry != 0 {
						return 0, false
					}
				}
			}
			if i == 1 && g.open0 != nil {
				// A transport on day 1, then r.
				if sum, carry = bits.Add64(sum, g.open0[r], 0); carry != 0 {
					return 0, false
				}
			}
			f[i][r] = sum
		}
	}
	for _, v := range f[days-1] {
		var carry uint64
		total, carry = bits.Add64(total, v, 0)
		if carry != 0 {
			return 0, false
		}
	}
	if g.openN != nil && days >= 2 {
		// A transport on the last day, serving the region before it.
		for r, v := range f[days-2] {
			hi, lo := bits.Mul64(v, g.openN[r])
			var carry uint64
			if total, carry = bits.Add64(total, lo, 0); hi != 0 || carry != 0 {
				return 0, false
			}
		}
	}
	return total, true
}

// countBig is count64 in arbitrary precision.
func (g *countGraph) countBig(days, skip int) *big.Int {
	f := make([][]big.Int, days)
	for i := range f {
		f[i] = make([]big.Int, g.n)
	}
	for r := range g.n {
		if g.usable[r] && r != skip {
			f[0][r].SetInt64(1)
		}
	}
	var term big.Int
	sums := make([]big.Int, len(g.cliques))
	for i := 1; i < days; i++ {
		if i >= 2 {
			for k, c := range g.cliques {
				sums[k].SetInt64(0)
				for _, x := range c.members {
					sums[k].Add(&sums[k], &f[i-2][x])
				}
			}
		}
		for r := range g.n {
			if !g.usable[r] || r == skip {
				continue
			}
			sum := &f[i][r]
			for _, x := range g.foot[r] {
				sum.Add(sum, &f[i-1][x])
			}
			if i >= 2 {
				for _, k := range g.in[r] {
					term.Sub(&sums[k], &f[i-2][r])
					sum.Add(sum, &term)
				}
				for _, e := range g.hop[r] {
					term.SetUint64(e.w)
					term.Mul(&term, &f[i-2][e.from])
					sum.Add(sum, &term)
				}
			}
			if i >= 3 && g.pair != nil {
				for _, e := range g.pair[r] {
					term.SetUint64(e.w)
					term.Mul(&term, &f[i-3][e.from])
					sum.Add(sum, &term)
				}
			}
			if i == 1 && g.open0 != nil {
				sum.Add(sum, term.SetUint64(g.open0[r]))
			}
		}
	}
	total := new(big.Int)
	for r := range f[days-1] {
		total.Add(total, &f[days-1][r])
	}
	if g.openN != nil && days >= 2 {
		for r := range f[days-2] {
			term.SetUint64(g.openN[r])
			total.Add(total, term.Mul(&term, &f[days-2][r]))
		}
	}
	return total
}

// countEveryMap counts the journeys that hold a region of every map, and
// how many of them pass through each region: by inclusion and exclusion,
// the sum over sets S of maps of (-1)^|S| times the journeys avoiding every
// region of S (and, for a region's count, that region too). A set that
// leaves out region r's map avoids r already, so r's count takes the
// total's term for it as it is: half the sets are counted once for all
// regions. A region no card of which the deck holds is on no journey.
//
// Each term is a count of its own (a job); the jobs run eight at a time
// in countLanes, shared out over the cores, when the journeys avoiding
// nothing fit in 128 bits (so every term does), else one by one in
// countSet (always, unless inLanes: the tests compare the two ways).
func (b *Board) countEveryMap(g *countGraph, days int, inLanes bool) (total *big.Int, per []*big.Int) {
	sets := 1 << b.nmaps
	type job struct{ set, extra int } // the maps of set, and region extra (-1: none), set aside
	jobs := make([]job, 0, sets*(1+g.n/2))
	for set := range sets {
		jobs = append(jobs, job{set, -1})
	}
	for r := range g.n {
		if !g.usable[r] {
			continue
		}
		for set := range sets {
			if set>>b.regMap[r]&1 == 0 {
				jobs = append(jobs, job{set, r})
			}
		}
	}
	counts := make([]*big.Int, len(jobs))
	avoids := func(j job, r int) bool { return r == j.extra || j.set>>b.regMap[r]&1 != 0 }
	fits := false
	if inLanes {
		_, _, fits = g.count128(days, make([]bool, g.n))
	}
	chunk := 1
	if fits {
		chunk = lanes
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), (len(jobs)+chunk-1)/chunk) {
		wg.Go(func() {
			skip, mask := make([]bool, g.n), make([]uint8, g.n)
			var rows *laneRows
			if fits {
				rows = g.newLaneRows()
			}
			for {
				lo := int(next.Add(1)-1) * chunk
				if lo >= len(jobs) {
					return
				}
				part := jobs[lo:min(lo+chunk, len(jobs))]
				if !fits {
					for r := range skip {
						skip[r] = avoids(part[0], r)
					}
					counts[lo] = g.countSet(days, skip)
					continue
				}
				for r := range mask {
					mask[r] = allLanes
					for l, j := range part {
						if !avoids(j, r) {
							mask[r] &^= 1 << l
						}
					}
				}
				got := g.countLanes(days, mask, rows)
				for l := range part {
					counts[lo+l] = got[l].big()
				}
			}
		})
	}
	wg.Wait()
	signed := func(sum, c *big.Int, set int) {
		if bits.OnesCount(uint(set))%2 == 1 {
			sum.Sub(sum, c)
		} else {
			sum.Add(sum, c)
		}
	}
	total = new(big.Int)
	for set := range sets {
		signed(total, counts[set], set)
	}
	per = make([]*big.Int, g.n)
	at := sets
	for r := range g.n {
		if !g.usable[r] {
			per[r] = new(big.Int)
			continue
		}
		avoiding := new(big.Int)
		for set := range sets {
			c := counts[set]
			if set>>b.regMap[r]&1 == 0 {
				c = counts[at]
				at++
			}
			signed(avoiding, c, set)
		}
		per[r] = avoiding.Sub(total, avoiding)
	}
	return total, per
}

// countSet counts the journeys avoiding the regions marked in skip, in 128
// bits, or in math/big when that overflows. It leaves g as it is (counts
// run side by side on one graph).
func (g *countGraph) countSet(days int, skip []bool) *big.Int {
	if hi, lo, ok := g.count128(days, skip); ok {
		return u128{hi, lo}.big()
	}
	h := *g
	h.usable = slices.Clone(g.usable)
	for r, s := range skip {
		if s {
			h.usable[r] = false
		}
	}
	return h.countBig(days, -1)
}

// u128 is an unsigned 128-bit count.
type u128 struct{ hi, lo uint64 }

// big is a as a big.Int.
func (a u128) big() *big.Int {
	v := new(big.Int).SetUint64(a.hi)
	v.Lsh(v, 64)
	return v.Or(v, new(big.Int).SetUint64(a.lo))
}

// addMul adds x*w to a; ok is false on overflow.
func (a u128) addMul(x u128, w uint64) (u128, bool) {
	if w == 1 { // most steps' weight: no multiplying
		return a.add(x)
	}
	h1, l1 := bits.Mul64(x.lo, w)
	h2, l2 := bits.Mul64(x.hi, w)
	if h2 != 0 {
		return a, false
	}
	hi, c := bits.Add64(h1, l2, 0)
	if c != 0 {
		return a, false
	}
	lo, c := bits.Add64(a.lo, l1, 0)
	hi, c1 := bits.Add64(hi, c, 0)
	hi, c2 := bits.Add64(a.hi, hi, 0)
	if c1 != 0 || c2 != 0 {
		return a, false
	}
	return u128{hi, lo}, true
}

// add adds x to a; ok is false on overflow.
func (a u128) add(x u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, x.lo, 0)
	hi, c := bits.Add64(a.hi, x.hi, c)
	return u128{hi, lo}, c == 0
}

// sub is a - x: modulo 2^128 (countLanes), exact where x <= a.
func (a u128) sub(x u128) u128 {
	lo, borrow := bits.Sub64(a.lo, x.lo, 0)
	hi, _ := bits.Sub64(a.hi, x.hi, borrow)
	return u128{hi, lo}
}

// count128 is count64 in 128 bits over the regions not in skip.
func (g *countGraph) count128(days int, skip []bool) (hi, lo uint64, ok bool) {
	f := make([][]u128, days)
	for i := range f {
		f[i] = make([]u128, g.n)
	}
	use := func(r int) bool { return g.usable[r] && !skip[r] }
	for r := range g.n {
		if use(r) {
			f[0][r] = u128{0, 1}
		}
	}
	sums := make([]u128, len(g.cliques))
	for i := 1; i < days; i++ {
		if i >= 2 {
			for k, c := range g.cliques {
				var sum u128
				for _, x := range c.members {
					if sum, ok = sum.add(f[i-2][x]); !ok {
						return 0, 0, false
					}
				}
				sums[k] = sum
			}
		}
		for r := range g.n {
			if !use(r) {
				continue
			}
			var sum u128
			for _, x := range g.foot[r] {
				if sum, ok = sum.add(f[i-1][x]); !ok {
					return 0, 0, false
				}
			}
			if i >= 2 {
				for _, k := range g.in[r] {
					if sum, ok = sum.add(sums[k].sub(f[i-2][r])); !ok {
						return 0, 0, false
					}
				}
				for _, e := range g.hop[r] {
					if sum, ok = sum.addMul(f[i-2][e.from], e.w); !ok {
						return 0, 0, false
					}
				}
			}
			if i >= 3 && g.pair != nil {
				for _, e := range g.pair[r] {
					if sum, ok = sum.addMul(f[i-3][e.from], e.w); !ok {
						return 0, 0, false
					}
				}
			}
			if i == 1 && g.open0 != nil {
				if sum, ok = sum.addMul(u128{0, 1}, g.open0[r]); !ok {
					return 0, 0, false
				}
			}
			f[i][r] = sum
		}
	}
	var total u128
	for _, v := range f[days-1] {
		if total, ok = total.add(v); !ok {
			return 0, 0, false
		}
	}
	if g.openN != nil && days >= 2 {
		for r, v := range f[days-2] {
			if total, ok = total.addMul(v, g.openN[r]); !ok {
				return 0, 0, false
			}
		}
	}
	return total.hi, total.lo, true
}
