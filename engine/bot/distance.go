package bot

import (
	"slices"
	"sync"

	"github.com/tendays/tendays/engine"
)

const inf = int32(1 << 20)

// far is what bringing in a card that cannot be had costs: so much that a
// journey needing one is never preferred, yet finite, so that a holder
// whose every journey needs one is still measured (and costAt, which takes
// the card on its day as given, can subtract it). A distance of far or
// more needs such a card.
const far = int32(1 << 12)

// maxMaskMaps is the most member maps the distance follows (2^6 masks); a
// combined board of more maps is measured as one map, and its bots no
// longer plan for covering every map.
const maxMaskMaps = 6

// distance measures what it costs to change a holder into a valid journey,
// and what changing one card would do, by dynamic programming: fwd[i][r][m]
// is the least cost of changes to days 0..i for a valid prefix that ends
// with a card of region r on day i and whose regions lie on at least the
// member maps of mask m; bwd[i][r][m] the same for days i..n-1 starting
// with r on day i. On a board of one map there is one mask (k = 1); on a
// combined board a journey must cover every map (mask all), so a holder
// whose pieces are linked but miss a map, or cannot be joined across maps,
// is still some changes away.
//
// A cell holds only the masks without its region's own map, since a
// prefix ending on r's map covers it (cell[m] of r is cell[m | r's map]):
// w = k/2 lanes, lane l the mask of l's bits spread over the other maps in
// their order (maskOf; laneOf the other way). A region reads a cell of its
// own map lane by lane, and one of another map (a border or a sea across
// maps) through a permutation of the lanes (perm); the masks that complete
// lane l to every map are lane w-1-l. Half the cells of k masks, and the
// same values.
//
// A change costs what bringing that card into the holder costs (acq for a
// region's card, tacq for a transport card; setCosts): 1 each by default,
// so that the distance is the fewest changes; far where no copy can be had
// (every copy held already), inf where the deck has none; more where a
// copy is unlikely to come (the bots' knowledge, see knowledge). Copy
// limits within the journey itself are set aside (a region may come
// twice): the target journey is a guide, not a promise.
//
// A transport card links the regions of its groups pairwise
// (engine.Board.LinkGroups: a colour, a sea, a rail line), or pair by pair
// (a car); for groups, the DP keeps the three best cells of a row over
// each group and mask, so a step costs the groups a region is in rather
// than every region it links to.
//
// steps counts the programme's cells as first written (k masks a region
// and day swept, k a costAt), whatever the lanes save: the bots' work is
// a measure of the games, the same on every machine (see counter), and
// the doctor sizes its games by it.
type distance struct {
	b     *engine.Board
	n, nr int
	k     int     // masks: 1, or 2^maps on a combined board
	w     int     // lanes a cell: k/2, at least 1
	maps  int     // the maps the lanes follow (1 when k is 1)
	all   int     // the mask of every map (0 when k is 1)
	mapOf []int32 // each region's map (0 when k is 1)
	h     []engine.CardID
	fwd   []int32 // [(day*nr + region)*w + lane]
	bwd   []int32
	last  []engine.CardID // the holder the tables are for
	fresh bool            // the tables are for last and the current costs
	acq   []int32         // by region: the cost of bringing its card into the holder
	tacq  []int32         // by deck card: the cost of bringing that transport in
	acc   []int32         // w scratch lanes
	// costGen counts the changes of acq and tacq (from 1: the first
	// setCosts), for what is made of them (vectorPlan.row).
	costGen uint64
	total   int32
	steps   int64     // cells of k masks filled or read (see counter)
	groups  []group   // every group of every transport kind of the deck
	member  [][]int32 // by region: the groups it is in
	// kindGroups[c] are transport card c's groups (indexes into groups);
	// restKinds the transport kinds with pairs no group holds, rest[c]
	// those pairs by region (engine.Board.LinkGroups).
	kindGroups  [][]int32
	restKinds   []engine.CardID
	rest        [][][]int32
	restRegions []int32 // the regions with pairs of rest kinds, in order
	// restStart[k] to restStart[k+1] are restRegions[k]'s pairs, flat:
	// the region each comes from and its kind (restAndShips).
	restStart []int32
	restFrom  []int32
	restKind  []engine.CardID
	// restPairs[c] are rest kind c's pairs (a, x) as the offsets of their
	// cells in a row, and which pair of maps they join (ja*maps + jx):
	// lanePairs[ja*maps+jx] holds, for every mask m1, the lane of a's cell
	// holding m1 and that of x's holding the other maps (costAt).
	restPairs [][]restPair
	lanePairs [][]lanePair
	lanePerm8 []int32 // lanePairs as two permutations a pair of maps (restPairs8)
	place     []int32 // each region's place (engine.Board.Place)
	// footSame[r] are the offsets in a row of r's foot neighbours on its
	// own map (read lane by lane), footAcross[r] those on another map.
	footSame, footAcross [][]int32
	// laneMask[j][l] is the mask lane l of a cell of map j holds;
	// perm[j*maps+x][l] the lane of a cell of map x that lane l of map j
	// reads (the same mask, less x's map).
	laneMask [][]int32
	perm     [][]int32
	// ftops and btops hold, for each day of fwd and bwd, the three best
	// cells of its row over each group (fresh where ftopsOK, btopsOK):
	// from gOff[g] of a day's gSize, n tops (see tops), by lane where the
	// group lies on one map (gMap[g], n = w), else by mask (n = k: its
	// regions read it from other maps). The sweep reads them two days
	// back, costAt beside the day changed; a day kept keeps them. ta is k
	// scratch tops (ships).
	ftops, btops     []int32
	ftopsOK, btopsOK []bool
	gOff, gMap       []int32
	gSize            int
	ta               []top
	gvia             []top // by group: a row's tops plus the group's cost (row1)
	// vec, when set, sweeps rows and gathers tops with the machine's
	// vector instructions (see vector.go); nil where the machine has none
	// or the cells are not eight lanes.
	spare *sync.Pool // of *tables, shared by the distances of one shape
	vec   *vectorPlan
	one   oneMask     // the edges for row1, where k is 1
	sp    *sparseRows // for sweepSparse, where k is 1
	// before is the card the one day that changed held before (compute),
	// NoCard where more days or the costs changed.
	before  engine.CardID
	oneDay  bool    // one day alone changed, from before
	sparse  int     // rows made by sweepSparse, for the tests
	was     []int32 // a row as it was (sweep)
	shifted int     // rows shifted rather than swept (see sweep), for the tests
	steady  int     // rows made from the day before (steadyRow), for the tests
}

// restPair is a pair of regions a rest kind links, as costAt reads it.
type restPair struct{ a, x, maps int32 }

// lanePair is the lanes of two cells that hold two masks making every map.
type lanePair struct{ a, x int32 }

// group is one group of a transport kind: its regions, linked pairwise.
type group struct {
	kind    engine.CardID
	regions []int32
}

// top holds the least value of a set of cells and its region's place
// (v1, p1), and the least of the cells of other places (v2); inf and -1
// where there are none. That is enough to know the least value of a
// region at any place but one: v1, or v2 for p1's.
//
// In the tables, n tops of a group lie as three runs of n (every v1,
// every v2, every p1; see tops), which the vector kernels load whole.
type top struct {
	v1, v2, p1 int32
}

// topAt is top l of the n tops of blk.
func topAt(blk []int32, n, l int) top {
	return top{v1: blk[l], v2: blk[n+l], p1: blk[2*n+l]}
}

// addAt is add on top l of the n tops of blk, where v is less than its v2.
func addAt(blk []int32, n, l int, v, p int32) {
	if v < blk[n+l] {
		t := topAt(blk, n, l)
		t.add(v, p)
		blk[l], blk[n+l], blk[2*n+l] = t.v1, t.v2, t.p1
	}
}

// exceptAt is topAt(blk, n, l).except(p).
func exceptAt(blk []int32, n, l int, p int32) int32 {
	if blk[2*n+l] != p {
		return blk[l]
	}
	return blk[n+l]
}

func (t *top) reset() { t.v1, t.v2, t.p1 = inf, inf, -1 }

// add takes in value v of a region at place p (called where v < t.v2).
func (t *top) add(v, p int32) {
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
func (t *top) except(p int32) int32 {
	if t.p1 != p {
		return t.v1
	}
	return t.v2
}

func newDistance(b *engine.Board) *distance { return newDistanceMaps(b, true) }

// newDistanceMaps is newDistance, following the maps a journey must cover
// or not (then a combined board is measured as one map: linked journeys,
// whatever maps they hold; an eighth of the cells on four maps). What it
// makes of the board alone is made once for the last few boards (every
// seat of every game has two distances: making them took a tenth of a
// game of Around the World) and shared; each distance has its own tables
// and scratch (clone).
func newDistanceMaps(b *engine.Board, maps bool) *distance {
	shapes.Lock()
	for _, s := range shapes.made {
		if s.b == b && s.maps == maps && s.vector == useVector {
			shapes.Unlock()
			return s.d.clone()
		}
	}
	shapes.Unlock()
	d := makeDistance(b, maps)
	shapes.Lock()
	shapes.made = append(shapes.made, shape{b: b, maps: maps, vector: useVector, d: d})
	if len(shapes.made) > maxShapes {
		shapes.made = slices.Delete(shapes.made, 0, 1)
	}
	shapes.Unlock()
	return d.clone()
}

// shapes are the distances made last (never computed: only cloned).
var shapes struct {
	sync.Mutex
	made []shape
}

type shape struct {
	b            *engine.Board
	maps, vector bool // following the maps; made with useVector
	d            *distance
}

// maxShapes is how many boards' distances shapes keeps (a board's two).
const maxShapes = 8

// clone is a distance for d's board as newDistanceMaps makes it: what is
// of the board shared, the tables, costs and scratch its own.
func (d *distance) clone() *distance {
	c := *d
	c.h, c.fwd, c.bwd, c.last, c.was = nil, nil, nil, nil, nil
	c.ftops, c.btops, c.ftopsOK, c.btopsOK = nil, nil, nil, nil
	c.acq, c.tacq = slices.Clone(d.acq), slices.Clone(d.tacq)
	c.acc = make([]int32, len(d.acc))
	c.ta, c.gvia = make([]top, len(d.ta)), make([]top, len(d.gvia))
	c.one.acc = slices.Clone(d.one.acc)
	if d.sp != nil {
		sp := *d.sp
		sp.mark, sp.gmark, sp.gen = make([]uint32, len(sp.mark)), make([]uint32, len(sp.gmark)), 0
		sp.dirty, sp.changed, sp.groups = nil, [3][]int32{}, [4][]int32{}
		c.sp = &sp
	}
	if d.vec != nil {
		c.vec = d.vec.clone(&c)
	}
	return &c
}

// makeDistance makes a distance for board b (see newDistanceMaps).
func makeDistance(b *engine.Board, maps bool) *distance {
	d := &distance{b: b, nr: b.NumRegions(), k: 1, w: 1, maps: 1, mapOf: make([]int32, b.NumRegions()), spare: new(sync.Pool)}
	if m := b.NumMaps(); maps && m > 0 && m <= maxMaskMaps {
		d.k, d.all, d.maps = 1<<m, 1<<m-1, m
		d.w = max(1, d.k/2)
		for r := range d.nr {
			d.mapOf[r] = int32(b.MapOf(r))
		}
	}
	for j := range d.maps {
		lanes := make([]int32, d.w)
		for l := range lanes {
			lanes[l] = int32(maskOf(l, j))
		}
		d.laneMask = append(d.laneMask, lanes)
	}
	for j := range d.maps {
		for x := range d.maps {
			p := make([]int32, d.w)
			for l := range p {
				p[l] = int32(laneOf(maskOf(l, j), x))
			}
			d.perm = append(d.perm, p)
		}
	}
	d.acc = make([]int32, d.w)
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
			d.groups = append(d.groups, group{kind: c, regions: g})
			d.kindGroups[c] = append(d.kindGroups[c], gi)
			for _, r := range g {
				d.member[r] = append(d.member[r], gi)
			}
		}
	}
	d.place = make([]int32, d.nr)
	d.footSame, d.footAcross = make([][]int32, d.nr), make([][]int32, d.nr)
	for r := range d.nr {
		d.place[r] = int32(b.Place(r))
		for _, x := range b.FootNeighbors(r) {
			if d.mapOf[x] == d.mapOf[r] {
				d.footSame[r] = append(d.footSame[r], x*int32(d.w))
			} else {
				d.footAcross[r] = append(d.footAcross[r], x)
			}
		}
	}
	size := int32(0)
	for _, g := range d.groups {
		j := d.mapOf[g.regions[0]]
		for _, x := range g.regions {
			if d.mapOf[x] != j {
				j = -1
			}
		}
		d.gOff, d.gMap = append(d.gOff, size), append(d.gMap, j)
		if j >= 0 {
			size += 3 * int32(d.w)
		} else {
			size += 3 * int32(d.k)
		}
	}
	d.gSize = int(size)
	d.ta, d.gvia = make([]top, d.k), make([]top, len(d.groups))
	for _, c := range d.restKinds {
		for r, xs := range d.rest[c] {
			if len(xs) > 0 && !slices.Contains(d.restRegions, int32(r)) {
				d.restRegions = append(d.restRegions, int32(r))
			}
		}
	}
	slices.Sort(d.restRegions)
	d.restStart = append(d.restStart, 0)
	for _, r := range d.restRegions {
		for _, c := range d.restKinds {
			for _, x := range d.rest[c][r] {
				d.restFrom, d.restKind = append(d.restFrom, x), append(d.restKind, c)
			}
		}
		d.restStart = append(d.restStart, int32(len(d.restFrom)))
	}
	for ja := range d.maps {
		for jx := range d.maps {
			var lps []lanePair
			for m1 := range d.k {
				lps = append(lps, lanePair{a: int32(laneOf(m1, ja)), x: int32(laneOf(d.all&^m1, jx))})
			}
			d.lanePairs = append(d.lanePairs, lps)
		}
	}
	d.restPairs = make([][]restPair, b.NumCards())
	for _, c := range d.restKinds {
		for _, a := range d.restRegions {
			for _, x := range d.rest[c][a] {
				d.restPairs[c] = append(d.restPairs[c], restPair{a: a * int32(d.w), x: x * int32(d.w), maps: d.mapOf[a]*int32(d.maps) + d.mapOf[x]})
			}
		}
	}
	d.vec = newVectorPlan(d)
	if d.vec != nil {
		// For restPairs8, by pair of maps (ja, jx): the lanes of x's cell
		// that complete lane l of a's, for l's mask without ja's map (P1)
		// and with it (P2).
		for ja := range d.maps {
			for jx := range d.maps {
				for with := range 2 {
					for l := range d.w {
						m := maskOf(l, ja) | with<<ja
						d.lanePerm8 = append(d.lanePerm8, int32(laneOf(d.all&^m, jx)))
					}
				}
			}
		}
	}
	if d.k == 1 {
		d.one = newOneMask(d)
		d.sp = newSparseRows(d)
	}
	d.setCosts(nil, nil)
	return d
}

// laneOf is the lane of a cell of map j that holds mask m (j's bit, if m
// has it, left out: the other maps' bits closed up).
func laneOf(m, j int) int { return m&(1<<j-1) | m>>(j+1)<<j }

// maskOf is the mask lane l of a cell of map j holds (without j's bit).
func maskOf(l, j int) int { return l&(1<<j-1) | l>>j<<(j+1) }

// setCosts sets what bringing each card into the holder costs (by region,
// and by deck card for transports), at most far; nil: 1 for every card the
// deck holds. Cards the deck does not hold always cost inf. It reports
// whether a cost changed (the tables are then stale).
func (d *distance) setCosts(acq, tacq []int32) bool {
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
		d.costGen++
	}
	return changed
}

// miss is 0 when day i holds a card of region r, else the cost of its
// card.
func (d *distance) miss(i, r int) int32 { return d.missHeld(r, d.b.RegionOf(d.h[i])) }

// missHeld is miss of region r on a day that holds region held's card.
func (d *distance) missHeld(r, held int) int32 {
	if r == held {
		return 0
	}
	return d.acq[r]
}

// kindCost is what taking a transport of kind c costs on a day after one
// that holds transport hop: nothing where it is that card.
func (d *distance) kindCost(c, hop engine.CardID) int32 {
	if c == hop {
		return 0
	}
	return d.tacq[c]
}

// isTransport reports whether c is a transport card (not a region's, not
// NoCard).
func (d *distance) isTransport(c engine.CardID) bool {
	return c != engine.NoCard && !d.b.IsRegion(c)
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
// that depend only on days the last holder computed had alike are kept
// (when the costs have not changed): fwd row i depends on days 0..i, bwd
// row i on days i..n-1.
func (d *distance) compute(h []engine.CardID) int32 {
	lo, hi, kept := d.keep(h)
	if kept {
		return d.total
	}
	d.oneDay = lo == hi && d.fresh && len(d.last) == len(h)
	if d.oneDay {
		d.before = d.last[lo]
	}
	d.last = append(d.last[:0], h...)
	d.h, d.n = d.last, len(h)
	if size := len(h) * d.nr * d.w; len(d.fwd) != size {
		d.takeTables(size)
	}
	d.sweep(d.fwd, 0, 1, lo, hi)
	d.sweep(d.bwd, d.n-1, -1, d.n-1-hi, d.n-1-lo)
	d.fresh = true
	d.total = inf
	last := (d.n - 1) * d.nr
	for r := range d.nr {
		d.total = min(d.total, d.fwd[(last+r)*d.w+d.w-1])
	}
	return d.total
}

// tables are a distance's rows and tops, kept for the next game's bots
// when a game ends (release): a game of Around the World would otherwise
// allocate and clear some 2 MB of them. The spare tables are by shape (a
// board's distance with the maps or without, distance.spare): the two
// sizes in one pool took each other's place, and were made anew a game.
type tables struct {
	fwd, bwd, ftops, btops []int32
	ftopsOK, btopsOK       []bool
}

// takeTables gives d tables of size cells for its n days, spare ones when
// they are that size (their contents do not matter: compute sweeps every
// row of tables that are not fresh, and marks every day's tops stale).
func (d *distance) takeTables(size int) {
	d.fresh = false
	if t, ok := d.spare.Get().(*tables); ok && len(t.fwd) == size && len(t.ftops) == d.n*d.gSize {
		d.fwd, d.bwd, d.ftops, d.btops, d.ftopsOK, d.btopsOK = t.fwd, t.bwd, t.ftops, t.btops, t.ftopsOK, t.btopsOK
		return
	}
	d.fwd, d.bwd = make([]int32, size), make([]int32, size)
	d.ftops, d.btops = make([]int32, d.n*d.gSize), make([]int32, d.n*d.gSize)
	d.ftopsOK, d.btopsOK = make([]bool, d.n), make([]bool, d.n)
}

// release gives d's tables back for another distance to take; d computes
// anew from then on.
func (d *distance) release() {
	if d == nil || d.fwd == nil {
		return
	}
	d.spare.Put(&tables{fwd: d.fwd, bwd: d.bwd, ftops: d.ftops, btops: d.btops, ftopsOK: d.ftopsOK, btopsOK: d.btopsOK})
	d.fwd, d.bwd, d.ftops, d.btops, d.ftopsOK, d.btopsOK = nil, nil, nil, nil, nil, nil
	d.fresh = false
}

// keep is what compute(h) keeps of the tables: kept when they are h's
// already, else the first and last days that differ (every day when the
// tables are not fresh).
func (d *distance) keep(h []engine.CardID) (lo, hi int, kept bool) {
	lo, hi = 0, len(h)-1
	if d.fresh && d.n == len(h) && len(d.last) == len(h) && len(d.fwd) == len(h)*d.nr*d.w {
		for lo < len(h) && d.last[lo] == h[lo] {
			lo++
		}
		if lo == len(h) {
			return lo, hi, true
		}
		for h[hi] == d.last[hi] {
			hi--
		}
	}
	return lo, hi, false
}

// stepsOf is the steps compute(h) would count now (see steps).
func (d *distance) stepsOf(h []engine.CardID) int64 {
	lo, hi, kept := d.keep(h)
	if kept {
		return 0
	}
	return int64(len(h)-lo+hi+1) * int64(d.nr*d.k)
}

// row is day i's cells of table t.
func (d *distance) row(t []int32, i int) []int32 {
	size := d.nr * d.w
	return t[i*size : (i+1)*size]
}

// topsOf is the three best cells of day i's row of table t over every
// group, computed unless they are fresh.
func (d *distance) topsOf(t []int32, i int) []int32 {
	all, ok := d.ftops, d.ftopsOK
	if &t[0] == &d.bwd[0] {
		all, ok = d.btops, d.btopsOK
	}
	tops := all[i*d.gSize : (i+1)*d.gSize]
	if !ok[i] {
		if d.vec != nil {
			d.vec.tops(tops, d.row(t, i))
		} else {
			d.tops(tops, d.row(t, i))
		}
		ok[i] = true
	}
	return tops
}

// tops fills gtop with the three best cells of row over every group: at
// gOff[g], the group's v1s, then its v2s, then its p1s, by lane where the
// group lies on one map, else by mask.
func (d *distance) tops(gtop []int32, row []int32) {
	w := d.w
	for g := range d.groups {
		n, cross := w, d.gMap[g] < 0
		if cross {
			n = d.k
		}
		blk := gtop[d.gOff[g] : int(d.gOff[g])+3*n]
		if n == 1 {
			// One top (one mask: the fill, a single-map board), held in
			// registers rather than the runs: about twice the speed.
			t := top{inf, inf, -1}
			for _, x := range d.groups[g].regions {
				if v := d.full(row, int(x), 0); v < t.v2 {
					t.add(v, d.place[x])
				}
			}
			blk[0], blk[1], blk[2] = t.v1, t.v2, t.p1
			continue
		}
		for l := range n {
			blk[l], blk[n+l], blk[2*n+l] = inf, inf, -1
		}
		for _, x := range d.groups[g].regions {
			p := d.place[x]
			if cross {
				for m := range n {
					addAt(blk, n, m, d.full(row, int(x), m), p)
				}
				continue
			}
			for l, v := range row[int(x)*w : int(x)*w+w] {
				addAt(blk, n, l, v, p)
			}
		}
	}
}

// groupTops fills t (k tops) with the three best cells of row over group
// g, by mask.
func (d *distance) groupTops(t []top, row []int32, g int) {
	for m := range t {
		t[m].reset()
	}
	for _, x := range d.groups[g].regions {
		p := d.place[x]
		for m := range t {
			if v := d.full(row, int(x), m); v < t[m].v2 {
				t[m].add(v, p)
			}
		}
	}
}

// full is the value of mask m (any of the k) in cell x of row.
func (d *distance) full(row []int32, x, m int) int32 {
	return row[x*d.w+laneOf(m, int(d.mapOf[x]))]
}

// foldIn lowers acc, the lanes of a region of map j, to those of cell x
// of row plus cost where that is less.
func (d *distance) foldIn(acc, row []int32, x int, j int32, cost int32) {
	w := d.w
	src := row[x*w : x*w+w]
	if xj := d.mapOf[x]; xj != j {
		for l, p := range d.perm[int(j)*d.maps+int(xj)][:len(acc)] {
			acc[l] = min(acc[l], src[p]+cost)
		}
		return
	}
	src = src[:len(acc)]
	for l := range acc {
		acc[l] = min(acc[l], src[l]+cost)
	}
}

// heldShips are the two held ships side by side on seas that connect
// that end next to day i (in direction dir), first and second as a
// journey goes forward; ok when there are: then day i's row reads the
// row three days back (shipPairBefore).
func (d *distance) heldShips(i, dir int) (a, c engine.CardID, ok bool) {
	if !d.b.SeasConnect() {
		return engine.NoCard, engine.NoCard, false
	}
	a, c = d.transportAt(i-2*dir), d.transportAt(i-dir)
	if dir < 0 {
		a, c = c, a
	}
	ok = a != engine.NoCard && c != engine.NoCard && d.b.ShipPair(a, c) && len(d.kindGroups[a]) == 1 && len(d.kindGroups[c]) == 1
	return a, c, ok
}

// readsThreeBack reports whether day i's row reads the row three days
// back (two held ships before it).
func (d *distance) readsThreeBack(i, dir int) bool {
	_, _, ok := d.heldShips(i, dir)
	return ok
}

// shipPairBefore looks for two held ships side by side on seas that
// connect, ending next to day i (heldShips). When they are there it
// returns the row three days back and the group (sea) of day i, having
// gathered the tops of the first ship's sea from that row into d.ta;
// otherwise nil and -1.
func (d *distance) shipPairBefore(t []int32, i, dir int) (prev3 []int32, toGroup int32) {
	a, c, ok := d.heldShips(i, dir)
	if !ok {
		return nil, -1
	}
	prev3 = d.row(t, i-3*dir)
	// Forward, day i-3 is on the first ship's sea and day i on the
	// second's; backward the other way round.
	fromGroup, toGroup := d.kindGroups[a][0], d.kindGroups[c][0]
	if dir < 0 {
		fromGroup, toGroup = toGroup, fromGroup
	}
	d.groupTops(d.ta, prev3, int(fromGroup))
	return prev3, toGroup
}

// sweep fills t from day start in direction dir (+1 forward, -1
// backward), from the first'th step on (the rows before are kept). A row
// of the first day holds each region's cost; a later one is the least
// way in (see rowLanes: by foot from the day before, by a group's
// transport from two days back, by a rest kind's pair or two ships, see
// restAndShips) plus its region's cost.
//
// The days of steps first to changed are the ones that changed since the
// rows were computed (with the same costs); when every step changed, the
// rows are all new. A row reads its own day and the two before it, and
// the rows of the three days before; so once three rows in a row come out
// as they were plus one shift (on every cell that is not inf; the inf
// cells where they were), past the days that changed, every row after
// them is its old self plus that shift too (the sums and least values of
// the rows move with them), and they are shifted rather than swept.
func (d *distance) sweep(t []int32, start, dir, first, changed int) {
	topsOK := d.ftopsOK
	if dir < 0 {
		topsOK = d.btopsOK
	}
	d.steps += int64((d.n - first) * d.nr * d.k)
	// Rows as they were are compared only where a shift could follow, and
	// only on rows of one mask: a row of eight lanes comes out shifted
	// too seldom (about one in twenty) to pay for comparing them all.
	compare := d.k == 1 && changed+3 < d.n && (first > 0 || changed < d.n-1)
	from := first
	if d.sp != nil && d.oneDay && first == changed && d.transportAt(start+dir*first) == engine.NoCard && !d.isTransport(d.before) {
		from = d.sweepSparse(t, start, dir, first, d.before)
	}
	var shift int32
	run := 0 // rows in a row, from changed on, that are their old selves plus shift
	for step := from; step < d.n; step++ {
		i := start + dir*step
		row := d.row(t, i)
		// Three rows back are read only after two held ships.
		if step-2 > changed && (run >= 3 || run == 2 && !d.readsThreeBack(i, dir)) {
			for ; step < d.n; step++ {
				i := start + dir*step
				shiftCells(d.row(t, i), shift)
				d.shifted++
				if topsOK[i] {
					d.shiftTops(d.topsOf(t, i), shift)
				}
			}
			return
		}
		check := compare && step >= changed
		if check {
			d.was = append(d.was[:0], row...)
		}
		if !d.steadyRow(t, row, i, step, dir, topsOK) {
			d.sweepRow(t, row, i, step, dir, topsOK)
		}
		if !check {
			continue
		}
		switch by, ok := shiftOf(d.was, row); {
		case !ok:
			run = 0
		case run > 0 && by == shift:
			run++
		default:
			run, shift = 1, by
		}
	}
}

// steadyRow fills row, day i's of t, step steps from its start, from the
// rows before it where they are steady, and reports whether it did: on
// rows of one mask (the fill's), when day i and the two before it are
// empty, day i's row is made as day i-1's was, so where the row before
// is the one before that plus a shift, and that one the one before it
// plus the same shift, day i's is day i-1's plus the shift too. A run of
// empty days soon steadies so: each day more costs every journey one
// card.
func (d *distance) steadyRow(t, row []int32, i, step, dir int, topsOK []bool) bool {
	if d.k != 1 || step < 3 || d.h[i] != engine.NoCard || d.h[i-dir] != engine.NoCard || d.h[i-2*dir] != engine.NoCard {
		return false
	}
	p1, p2, p3 := d.row(t, i-dir), d.row(t, i-2*dir), d.row(t, i-3*dir)
	by, ok := shiftOf(p2, p1)
	if !ok {
		return false
	}
	if by2, ok := shiftOf(p3, p2); !ok || by2 != by {
		return false
	}
	copy(row, p1)
	shiftCells(row, by)
	d.steady++
	topsOK[i] = false // gathered from the row when asked (the day before's are seldom there yet)
	return true
}

// shiftOf is the shift that makes row was into row now, ok when there is
// one: on every cell that is not inf (inf cells where they were).
func shiftOf(was, now []int32) (by int32, ok bool) {
	set := false
	for x, v := range now[:len(was)] {
		w := was[x]
		if v >= inf || w >= inf {
			if v != w {
				return 0, false
			}
			continue
		}
		if !set {
			by, set = v-w, true
		} else if v-w != by {
			return 0, false
		}
	}
	return by, true
}

// shiftCells adds by to every cell of row that is not inf.
func shiftCells(row []int32, by int32) {
	for x, v := range row {
		if v < inf {
			row[x] = v + by
		}
	}
}

// shiftTops adds by to the values of a day's tops (not their places).
func (d *distance) shiftTops(tops []int32, by int32) {
	for g := range d.groups {
		n := d.w
		if d.gMap[g] < 0 {
			n = d.k
		}
		off := int(d.gOff[g])
		shiftCells(tops[off:off+2*n], by)
	}
}

// sweepRow computes row, day i's of t, step steps from its start.
func (d *distance) sweepRow(t, row []int32, i, step, dir int, topsOK []bool) {
	b := d.b
	topsOK[i] = false
	held := b.RegionOf(d.h[i])
	if step == 0 {
		d.firstRow(row, held)
		return
	}
	prev1 := d.row(t, i-dir)
	var prev2, prev3, gtop []int32
	hop := engine.NoCard
	if step >= 2 {
		prev2 = d.row(t, i-2*dir)
		hop = d.transportAt(i - dir)
		gtop = d.topsOf(t, i-2*dir)
	}
	toGroup := int32(-1)
	if step >= 3 {
		prev3, toGroup = d.shipPairBefore(t, i, dir)
	}
	switch {
	case d.vec != nil:
		d.vec.row(row, prev1, prev2, gtop, hop, held)
		prev2 = nil // the kernel took the rest kinds' pairs
	case d.k == 1:
		d.row1(row, prev1, gtop, hop, held)
	default:
		d.rowLanes(row, prev1, gtop, hop, held)
	}
	d.restAndShips(row, prev2, prev3, hop, held, toGroup)
}

// firstRow fills the row of a journey's first day: each region's cost in
// the mask of its own map alone.
func (d *distance) firstRow(row []int32, held int) {
	w := d.w
	for r := range d.nr {
		cell := row[r*w : r*w+w]
		for l := range cell {
			cell[l] = inf
		}
		cell[0] = min(d.missHeld(r, held), inf)
	}
}

// rowLanes fills row, a later day's, lane by lane: each region's least
// way in by foot from prev1 and, where gtop (the tops two days back) is
// set, by a group's transport (free where the day between holds it,
// hop), plus the region's cost (nothing where the day holds it, held).
func (d *distance) rowLanes(row, prev1, gtop []int32, hop engine.CardID, held int) {
	w, acc := d.w, d.acc
	for r := range d.nr {
		cell := row[r*w : r*w+w]
		cell = cell[:len(acc)]
		miss := d.missHeld(r, held)
		if miss >= inf {
			for l := range cell {
				cell[l] = inf
			}
			continue
		}
		j, pr := d.mapOf[r], d.place[r]
		for l := range acc {
			acc[l] = inf
		}
		for _, at := range d.footSame[r] {
			src := prev1[at : int(at)+w]
			src = src[:len(acc)]
			for l, v := range src {
				acc[l] = min(acc[l], v)
			}
		}
		for _, x := range d.footAcross[r] {
			d.foldIn(acc, prev1, int(x), j, 0)
		}
		if gtop != nil {
			lanes := d.laneMask[j][:len(acc)]
			for _, gi := range d.member[r] {
				cost := d.kindCost(d.groups[gi].kind, hop)
				if cost >= inf {
					continue
				}
				off := int(d.gOff[gi])
				if d.gMap[gi] >= 0 {
					v1, v2, p1 := gtop[off:off+w], gtop[off+w:off+2*w], gtop[off+2*w:off+3*w]
					v1, v2, p1 = v1[:len(acc)], v2[:len(acc)], p1[:len(acc)]
					for l := range acc {
						v := v1[l]
						if p1[l] == pr {
							v = v2[l]
						}
						acc[l] = min(acc[l], v+cost)
					}
					continue
				}
				tops := gtop[off : off+3*d.k]
				for l, m := range lanes {
					acc[l] = min(acc[l], exceptAt(tops, d.k, int(m), pr)+cost)
				}
			}
		}
		for l := range cell {
			cell[l] = min(acc[l]+miss, inf)
		}
	}
}

// row1 is rowLanes for one mask, where a cell is one value. It takes the
// ways in edge by edge from flat lists (oneMask), not region by region:
// the regions' few, uneven neighbours and groups made short loops whose
// ends the machine mispredicted. In each list the edges of one region
// lie apart (the first of every region's, then the second, ...), so that
// no edge waits on the one before.
func (d *distance) row1(row, prev1, gtop []int32, hop engine.CardID, held int) {
	o := &d.one
	acc := o.acc[:len(row)]
	for r := range acc {
		acc[r] = inf
	}
	src := o.footSrc[:len(o.footDst)]
	for e, r := range o.footDst {
		acc[r] = min(acc[r], prev1[src[e]])
	}
	if gtop != nil {
		// Each group's tops with its cost added, once for the row.
		costed := d.gvia[:len(d.groups)]
		for g := range costed {
			cost := d.kindCost(d.groups[g].kind, hop)
			off := d.gOff[g]
			t := gtop[off : off+3]
			costed[g] = top{v1: t[0] + cost, v2: t[1] + cost, p1: t[2]}
		}
		groups, places := o.memberGroup[:len(o.memberDst)], o.memberPlace[:len(o.memberDst)]
		for e, r := range o.memberDst {
			t := &costed[groups[e]]
			v := t.v1
			if t.p1 == places[e] {
				v = t.v2
			}
			acc[r] = min(acc[r], v)
		}
	}
	// A region's cost, nothing where the day holds it; inf stays inf
	// (the cells are never below 0).
	acq := d.acq[:len(acc)]
	for r, v := range acc {
		row[r] = min(v+acq[r], inf)
	}
	if held >= 0 {
		row[held] = min(acc[held], inf)
	}
}

// oneMask is the ways into a region's cell of one mask as flat lists of
// edges (row1): by foot from the day before (footDst from footSrc), by a
// group's transport (memberDst in memberGroup, at memberPlace), each list
// in rounds: every region's first edge, then every second, and so on.
type oneMask struct {
	footDst, footSrc                    []int32
	memberDst, memberGroup, memberPlace []int32
	acc                                 []int32
}

// newOneMask lays out d's edges for row1.
func newOneMask(d *distance) oneMask {
	o := oneMask{acc: make([]int32, d.nr)}
	for round := 0; ; round++ {
		more := false
		for r := range d.nr {
			if round < len(d.footSame[r]) {
				o.footDst = append(o.footDst, int32(r))
				o.footSrc = append(o.footSrc, d.footSame[r][round]/int32(d.w))
				more = true
			}
			if round < len(d.member[r]) {
				g := d.member[r][round]
				o.memberDst, o.memberGroup, o.memberPlace = append(o.memberDst, int32(r)), append(o.memberGroup, g), append(o.memberPlace, d.place[r])
				more = true
			}
		}
		if !more {
			return o
		}
	}
}

// restAndShips lowers the cells of row reached by a rest kind's pair from
// prev2 (when set) and by two ships from prev3 (when set, into the
// regions of group toGroup): ways in few regions have, taken after the
// others, which is the same since the cost of the day's card adds to
// each alike.
func (d *distance) restAndShips(row, prev2, prev3 []int32, hop engine.CardID, held int, toGroup int32) {
	w, acc := d.w, d.acc
	lower := func(r int) {
		miss := d.missHeld(r, held)
		cell := row[r*w : r*w+w]
		cell = cell[:len(acc)]
		for l := range cell {
			cell[l] = min(cell[l], acc[l]+miss, inf)
		}
	}
	if prev2 != nil {
		for k, r := range d.restRegions {
			for l := range acc {
				acc[l] = inf
			}
			j := d.mapOf[r]
			for e := d.restStart[k]; e < d.restStart[k+1]; e++ {
				if cost := d.kindCost(d.restKind[e], hop); cost < inf {
					d.foldIn(acc, prev2, int(d.restFrom[e]), j, cost)
				}
			}
			lower(int(r))
		}
	}
	if prev3 != nil {
		for _, r := range d.groups[toGroup].regions {
			pr := d.place[r]
			for l, m := range d.laneMask[d.mapOf[r]][:len(acc)] {
				acc[l] = d.ta[m].except(pr)
			}
			lower(int(r))
		}
	}
}

// via is the least sum of region r's fwd and bwd cells on day s over the
// masks that together cover every map: the least cost of a journey
// through r on day s, r's card on that day counted twice.
func (d *distance) via(s, r int) int32 {
	w := d.w
	at := (s*d.nr + r) * w
	f, g := d.fwd[at:at+w], d.bwd[at:at+w]
	g = g[:len(f)]
	best := inf
	for l, v := range f {
		best = min(best, v+g[(w-1)^l])
	}
	return best
}

// costsAt fills out (one a day) with costAt of card c on every day.
func (d *distance) costsAt(c engine.CardID, out []int32) {
	d.steps += int64(len(out) * d.k)
	d.fillCosts(c, out)
}

// fillCosts is costsAt without counting its steps.
func (d *distance) fillCosts(c engine.CardID, out []int32) {
	r := d.b.RegionOf(c)
	if d.vec == nil || r < 0 {
		steps := d.steps
		for s := range out {
			out[s] = d.costAt(s, c)
		}
		d.steps = steps
		return
	}
	d.vec.viaDays(r, out)
	for s, best := range out {
		if best >= inf {
			out[s] = inf
			continue
		}
		out[s] = best - 2*d.miss(s, r)
	}
}

// leastCost is the least of costAt of card c over every day, counting no
// steps, where it is quicker to have than every day's (ok): for a region
// card on cells of eight lanes, summing the region's cells day by day and
// taking the least lane once (leastVia8), leaving out the days that hold
// the card, where it costs nothing: those are taken one by one.
func (d *distance) leastCost(c engine.CardID) (cost int32, ok bool) {
	r := d.b.RegionOf(c)
	if d.vec == nil || r < 0 || d.n > 64 {
		return 0, false
	}
	skip, held := uint64(0), inf
	for s, h := range d.h {
		if d.b.RegionOf(h) == r {
			skip |= 1 << s
			held = min(held, d.via(s, r))
		}
	}
	at := r * vectorLanes
	best := leastVia8(&d.fwd[at], &d.bwd[at], int64(d.nr*vectorLanes*4), int64(d.n), skip)
	if best >= inf {
		best = inf
	} else {
		best -= 2 * d.acq[r]
	}
	return min(best, held), true
}

// costAt is the distance of the holder with day s changed to card c, the
// change itself free (compute must have run on the holder).
func (d *distance) costAt(s int, c engine.CardID) int32 {
	k := d.k
	d.steps += int64(k)
	if r := d.b.RegionOf(c); r >= 0 {
		best := d.via(s, r)
		if best >= inf {
			return inf
		}
		return best - 2*d.miss(s, r)
	}
	if s == 0 || s == d.n-1 || int(c) >= len(d.kindGroups) {
		return inf
	}
	best := inf
	before, after := d.row(d.fwd, s-1), d.row(d.bwd, s+1)
	fa, fb := d.topsOf(d.fwd, s-1), d.topsOf(d.bwd, s+1)
	for _, gi := range d.kindGroups[c] {
		// The best of each side over the group, then the best pair of
		// two regions that are not one place: by lane on one map (the
		// masks that complete lane l are lane w-1-l), else by mask.
		off := int(d.gOff[gi])
		if d.vec != nil {
			if d.gMap[gi] >= 0 {
				best = min(best, pairTops8(&fa[off], &fb[off]))
			} else {
				best = min(best, pairTops16(&fa[off], &fb[off]))
			}
			continue
		}
		if d.gMap[gi] >= 0 {
			w := d.w
			ta, tb := fa[off:off+3*w], fb[off:off+3*w]
			for l := range w {
				best = min(best, pair(topAt(ta, w, l), topAt(tb, w, w-1-l)))
			}
			continue
		}
		ta, tb := fa[off:off+3*k], fb[off:off+3*k]
		for m1 := range k {
			best = min(best, pair(topAt(ta, k, m1), topAt(tb, k, d.all&^m1)))
		}
	}
	if ps := d.restPairs[c]; d.vec != nil && len(ps) > 0 {
		return min(best, restPairs8(&before[0], &after[0], &ps[0], int64(len(ps)), &d.lanePerm8[0]), inf)
	}
	for _, e := range d.restPairs[c] {
		// Every mask m1 of the day before with the rest of the maps
		// after: the lanes of each pair of maps, from a table.
		a, x := before[e.a:e.a+int32(d.w)], after[e.x:e.x+int32(d.w)]
		for _, lp := range d.lanePairs[e.maps] {
			if v := a[lp.a]; v < best {
				best = min(best, v+x[lp.x])
			}
		}
	}
	return min(best, inf)
}

// pair is the least sum of a value of a and one of b whose regions are
// not one place.
func pair(a, b top) int32 {
	if a.p1 == b.p1 {
		return min(a.v1+b.v2, a.v2+b.v1)
	}
	return a.v1 + b.v1
}

// through is the least cost of a journey holding card c on some day (the
// card itself counted at its cost where the holder does not hold it
// there), from the tables of the last holder computed.
func (d *distance) through(c engine.CardID) int32 {
	best := inf
	if r := d.b.RegionOf(c); r >= 0 {
		for i := range d.n {
			best = min(best, d.via(i, r)-d.miss(i, r))
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
