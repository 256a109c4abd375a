package bot

import (
	"slices"

	"github.com/tendays/tendays/engine"
)

// The distance's rows of eight lanes (a combined board of four maps) are
// swept, and their tops gathered, by kernels written with the machine's
// vector instructions (vector_amd64.s: AVX2, a cell of eight lanes in one
// register), where the machine has them; everywhere else by the loops of
// distance.go, which remain the definition: TestDistanceMatchesReference
// holds the two to the same tables. The kernels take everything from a plan of
// flat arrays built once a board (offsets in bytes, as the kernels
// address them); a row's per-day inputs (each region's cost, each group's
// cost) are filled in by row.

// vectorLanes is the lanes a cell must have for the kernels.
const vectorLanes = 8

// useVector turns the kernels off when false (tests compare both ways).
var useVector = true

// rowPlan is what sweepRow8 reads; the kernel addresses its fields by
// offset (8 bytes each, in this order), so they must not move.
//
// A loop over each region's few ways in of a kind (3.7 foot neighbours,
// 3 groups, mostly none across maps) ends at a different count region by
// region, which the branch predictor misses about once a region and
// kind; and lowering a cell in memory a way (see jaggedOrder) costs a
// store each, which on the machines measured cost as much. So the kernel
// takes each region in one block of fixed slots, its cell in a register
// and stored once: footSlots foot neighbours on its map (the first
// repeated where it has fewer: a least value taken twice is the same),
// memberSlots groups on one map (blocks in runs by how many it has, one
// loop a run), one group across maps (a neutral top where it has none);
// the ways that do not fit (a region's further ones, foot across maps,
// the rest kinds' pairs) follow as flat lists of edges, each lowering its
// cell in memory, in jaggedOrder; then the cost of the day's card is
// added to the cells that took any (open: their blocks add nothing, the
// zero after the regions' costs in miss). A region with no foot
// neighbour or no group on one map has no block: its cell starts as inf
// (infCells) and takes every way as an edge.
//
// Every list is of int32s, byte offsets where they address: a cell in a
// row (row, prev1, prev2), tops in a day's (tops, and tcost, which holds
// each group's cost for the row at its tops' offset), tops by lane in
// scratch, a permutation of the lanes in perms.
type rowPlan struct {
	row, prev1, prev2, tops, tcost, miss *int32
	// expand: four int32s a group across maps and one of its maps, the
	// group's tops (by mask) and the map's lanes in expIdx, to gather
	// its tops by lane for that map, its cost added, into scratch (at the
	// second int32). The last top of scratch is neutral (inf).
	scratch, expIdx, perms *int32
	expand                 *int32
	expandN                int64
	infCells               *int32 // cells set to inf
	infN                   int64
	// blocks: sixteen int32s a region, its cell, its cost in miss, its
	// place, its group across maps in scratch, footSlots foot neighbours
	// in prev1, memberSlots groups' tops (used: the run's count); the runs
	// of blockN[m] regions of m+1 groups one after another.
	blocks *int32
	blockN [memberSlots]int64
	// The edges, four int32s each (foot two): foot (the cell, the
	// neighbour), across (the cell, the neighbour on another map, its
	// permutation), member (the cell, the group's tops, the cell's
	// place), cross (the same from scratch), rest (the cell, the cell of
	// prev2 its rest kind's pair comes from, the permutation, the pair's
	// index in restCost, which holds its kind's cost for the row).
	foot     *int32
	footN    int64
	across   *int32
	acrossN  int64
	member   *int32
	memberN  int64
	cross    *int32
	crossN   int64
	rest     *int32
	restN    int64
	restCost *int32
	// open: two int32s a region, its cell and its cost in miss.
	open  *int32
	openN int64
}

// The slots of a block (see rowPlan): sixteen int32s in all.
const (
	footSlots   = 5
	memberSlots = 5
	blockInts   = 16
)

// topsPlan is what groupTops8 reads, by offset like rowPlan.
//
// A group's tops are a chain of updates, each waiting for the one
// before, and its loop ends at a different count group by group; so the
// groups on one map are taken two at a time, side by side (pairs: groups
// of about one size, by size; the shorter's last member repeated, which
// top.add takes as it was).
type topsPlan struct {
	row, out *int32
	// pairs: four int32s a pair, the byte offsets in pairMembers of its
	// first member and past its last, and those in a day's tops of the
	// two groups' tops; pairMembers four int32s a member of both, the
	// byte offset of its cell in a row and its place, for each group.
	pairs       *int32
	pairN       int64
	pairMembers *int32
	// crosses: four int32s a group across maps, the byte offsets in
	// crossMembers of its first member and past its last, that of its
	// tops in a day's, 0; crossMembers four int32s a member (the byte
	// offset of its cell in a row, its place, the byte offset in laneIdx
	// of its map's two permutations, 0).
	crosses      *int32
	crossN       int64
	crossMembers *int32
	// laneIdx, by map: the lanes of its cell that masks 0-7 and 8-15
	// read.
	laneIdx *int32
}

// vectorPlan is a distance's plan for the kernels, and the scratch of a
// row.
type vectorPlan struct {
	d                              *distance
	rp                             rowPlan
	tp                             topsPlan
	miss, tcost, restCost          []int32
	scratch, expIdx, perms, expand []int32
	infCells, blocks, open         []int32
	foot, across, member, cross    []int32
	rest                           []int32
	noTops, noRow                  []int32 // tops and a row of inf, for the second day
	// miss holds the costs of generation missAt (distance.costGen) but
	// for the held region, set and reset by row; tcost and restCost those
	// of tcostAt with the transport tcostHop between.
	missAt, tcostAt                uint64
	tcostHop                       engine.CardID
	pairs, pairMembers             []int32
	crosses, crossMembers, laneIdx []int32
}

// jaggedOrder calls edge(r, i) for way i of region r, for the count(r)
// ways of each of n regions, in passes: way 0 of every region that has
// one, in region order, then way 1 of every region that has two, and so
// on. An edge lowers its cell in memory, and the cell of the next edge is
// another, so that it need not wait for the one before.
func jaggedOrder(n int, count func(r int) int, edge func(r, i int)) {
	for i := 0; ; i++ {
		more := false
		for r := range n {
			if i < count(r) {
				edge(r, i)
				more = true
			}
		}
		if !more {
			return
		}
	}
}

// newVectorPlan builds d's plan, or nil where the kernels do not apply.
func newVectorPlan(d *distance) *vectorPlan {
	if !useVector || !haveVector || d.w != vectorLanes || d.k != 2*vectorLanes {
		return nil
	}
	const cell = 4 * vectorLanes // bytes
	const topsBytes = 3 * cell   // a group's tops by lane
	v := &vectorPlan{d: d, miss: make([]int32, d.nr+1), tcost: make([]int32, max(1, d.gSize))}
	v.missAt, v.tcostAt = ^uint64(0), ^uint64(0) // none yet
	for j := range d.maps {
		for x := range d.maps {
			v.perms = append(v.perms, d.perm[j*d.maps+x]...)
		}
	}
	permOf := func(r, x int32) int32 { return (d.mapOf[r]*int32(d.maps) + d.mapOf[x]) * cell }
	// By map: the mask lane l reads (VPERMD takes its low three bits),
	// then -1 where it is of the second eight.
	for j := range d.maps {
		lanes := d.laneMask[j]
		v.expIdx = append(v.expIdx, lanes...)
		for _, m := range lanes {
			sel := int32(0)
			if m >= vectorLanes {
				sel = -1
			}
			v.expIdx = append(v.expIdx, sel)
		}
	}
	// Each region's ways in, by kind: foot on its map (the offset in a
	// row), foot across maps, groups on one map and across maps, the rest
	// kinds' pairs (restRegions[k]'s are restStart[k] to restStart[k+1]).
	nr := d.nr
	foot, across := d.footSame, d.footAcross
	same, spans, rest := make([][]int32, nr), make([][]int32, nr), make([][]int32, nr)
	for r := range nr {
		for _, g := range d.member[r] {
			if d.gMap[g] < 0 {
				spans[r] = append(spans[r], g)
			} else {
				same[r] = append(same[r], g)
			}
		}
	}
	for k, r := range d.restRegions {
		for e := d.restStart[k]; e < d.restStart[k+1]; e++ {
			rest[r] = append(rest[r], e)
		}
	}
	// The groups across maps, by lane for each of their maps:
	// scratch[at[g][j]] those of group g for map j.
	at := make([]map[int32]int32, len(d.groups))
	slots := int32(0)
	for g, gr := range d.groups {
		if d.gMap[g] >= 0 {
			continue
		}
		at[g] = map[int32]int32{}
		for _, x := range gr.regions {
			if j := d.mapOf[x]; at[g][j] == 0 {
				at[g][j] = slots*topsBytes + 1 // +1: set
				v.expand = append(v.expand, d.gOff[g]*4, slots*topsBytes, j*2*cell, 0)
				slots++
			}
		}
	}
	scratchAt := func(g, r int32) int32 { return at[g][d.mapOf[r]] - 1 }
	neutral := slots * topsBytes
	v.scratch = make([]int32, (slots+1)*3*vectorLanes)
	for l := range vectorLanes {
		at := int(neutral)/4 + l
		v.scratch[at], v.scratch[at+vectorLanes], v.scratch[at+2*vectorLanes] = inf, inf, -1
	}
	// The blocks, in runs by their count of groups on one map; the ways
	// that do not fit them, by region, as edges (fits: how many of each
	// kind, foot, groups on one map, across maps, the block takes).
	fits := make([][3]int, nr)
	isOpen := make([]bool, nr)
	for r := range nr {
		if len(foot[r]) == 0 || len(same[r]) == 0 {
			v.infCells = append(v.infCells, int32(r)*cell)
		} else {
			fits[r] = [3]int{min(len(foot[r]), footSlots), min(len(same[r]), memberSlots), min(len(spans[r]), 1)}
		}
		f := fits[r]
		isOpen[r] = f[0] < len(foot[r]) || f[1] < len(same[r]) || f[2] < len(spans[r]) || len(across[r]) > 0 || len(rest[r]) > 0
		if isOpen[r] {
			v.open = append(v.open, int32(r)*cell, int32(r)*4)
		}
	}
	var blockN [memberSlots]int64
	for m := 1; m <= memberSlots; m++ {
		for r := range nr {
			if fits[r][1] != m {
				continue
			}
			b := make([]int32, blockInts)
			b[0], b[1], b[2], b[3] = int32(r)*cell, int32(r)*4, d.place[r], neutral
			if isOpen[r] {
				b[1] = int32(nr) * 4
			}
			if len(spans[r]) > 0 {
				b[3] = scratchAt(spans[r][0], int32(r))
			}
			for i := range footSlots {
				b[4+i] = foot[r][min(i, len(foot[r])-1)] * 4
			}
			for i := range m {
				b[4+footSlots+i] = d.gOff[same[r][i]] * 4
			}
			v.blocks = append(v.blocks, b...)
			blockN[m-1]++
		}
	}
	jaggedOrder(nr, func(r int) int { return len(foot[r]) - fits[r][0] }, func(r, i int) {
		v.foot = append(v.foot, int32(r)*cell, foot[r][fits[r][0]+i]*4)
	})
	jaggedOrder(nr, func(r int) int { return len(across[r]) }, func(r, i int) {
		x := across[r][i]
		v.across = append(v.across, int32(r)*cell, x*cell, permOf(int32(r), x), 0)
	})
	jaggedOrder(nr, func(r int) int { return len(same[r]) - fits[r][1] }, func(r, i int) {
		g := same[r][fits[r][1]+i]
		v.member = append(v.member, int32(r)*cell, d.gOff[g]*4, d.place[r], 0)
	})
	jaggedOrder(nr, func(r int) int { return len(spans[r]) - fits[r][2] }, func(r, i int) {
		g := spans[r][fits[r][2]+i]
		v.cross = append(v.cross, int32(r)*cell, scratchAt(g, int32(r)), d.place[r], 0)
	})
	jaggedOrder(nr, func(r int) int { return len(rest[r]) }, func(r, i int) {
		e := rest[r][i]
		x := d.restFrom[e]
		v.rest = append(v.rest, int32(r)*cell, x*cell, permOf(int32(r), x), e)
	})
	v.restCost = make([]int32, max(1, len(d.restFrom)))
	v.noTops = make([]int32, max(1, d.gSize))
	for g := range d.groups {
		n := vectorLanes
		if d.gMap[g] < 0 {
			n = d.k
		}
		blk := v.noTops[d.gOff[g] : int(d.gOff[g])+3*n]
		for l := range n {
			blk[l], blk[n+l], blk[2*n+l] = inf, inf, -1
		}
	}
	v.noRow = make([]int32, nr*vectorLanes)
	for i := range v.noRow {
		v.noRow[i] = inf
	}

	// The tops' groups on one map by size, two at a time (the last with
	// itself where they are odd); those across maps one at a time.
	var ones []int
	for g, gr := range d.groups {
		if d.gMap[g] >= 0 {
			ones = append(ones, g)
			continue
		}
		v.crosses = append(v.crosses, int32(len(v.crossMembers))*4)
		for _, x := range gr.regions {
			v.crossMembers = append(v.crossMembers, x*cell, d.place[x], d.mapOf[x]*2*cell, 0)
		}
		v.crosses = append(v.crosses, int32(len(v.crossMembers))*4, d.gOff[g]*4, 0)
	}
	slices.SortStableFunc(ones, func(a, b int) int { return len(d.groups[a].regions) - len(d.groups[b].regions) })
	for i := 0; i < len(ones); i += 2 {
		a, b := d.groups[ones[i]], d.groups[ones[min(i+1, len(ones)-1)]]
		v.pairs = append(v.pairs, int32(len(v.pairMembers))*4)
		for k := range max(len(a.regions), len(b.regions)) {
			x, y := a.regions[min(k, len(a.regions)-1)], b.regions[min(k, len(b.regions)-1)]
			v.pairMembers = append(v.pairMembers, x*cell, d.place[x], y*cell, d.place[y])
		}
		v.pairs = append(v.pairs, int32(len(v.pairMembers))*4, d.gOff[ones[i]]*4, d.gOff[ones[min(i+1, len(ones)-1)]]*4)
	}
	for j := range d.maps {
		for m := range 2 * vectorLanes {
			v.laneIdx = append(v.laneIdx, int32(laneOf(m, j)))
		}
	}
	n2, n4 := func(s []int32) int64 { return int64(len(s) / 2) }, func(s []int32) int64 { return int64(len(s) / 4) }
	v.rp = rowPlan{
		expandN: n4(v.expand), infN: int64(len(v.infCells)), blockN: blockN,
		footN: n2(v.foot), acrossN: n4(v.across), memberN: n4(v.member), crossN: n4(v.cross), restN: n4(v.rest),
		openN: n2(v.open),
	}
	// Empty lists still need an address.
	for _, s := range []*[]int32{&v.expand, &v.infCells, &v.blocks, &v.foot, &v.across, &v.member, &v.cross, &v.rest, &v.open, &v.pairs, &v.pairMembers, &v.crosses, &v.crossMembers} {
		if len(*s) == 0 {
			*s = append(*s, 0)
		}
	}
	p := &v.rp
	p.tcost, p.miss = &v.tcost[0], &v.miss[0]
	p.scratch, p.expIdx, p.perms, p.expand = &v.scratch[0], &v.expIdx[0], &v.perms[0], &v.expand[0]
	p.infCells, p.blocks = &v.infCells[0], &v.blocks[0]
	p.foot, p.across, p.member, p.cross, p.rest = &v.foot[0], &v.across[0], &v.member[0], &v.cross[0], &v.rest[0]
	p.restCost, p.open = &v.restCost[0], &v.open[0]
	v.tp = topsPlan{
		pairs: &v.pairs[0], pairN: n4(v.pairs), pairMembers: &v.pairMembers[0],
		crosses: &v.crosses[0], crossN: n4(v.crosses), crossMembers: &v.crossMembers[0],
		laneIdx: &v.laneIdx[0],
	}
	return v
}

// clone is v for distance d (a clone of v's): the lists shared, the
// scratch and the row's costs its own.
func (v *vectorPlan) clone(d *distance) *vectorPlan {
	c := *v
	c.d = d
	c.miss, c.tcost, c.restCost, c.scratch = slices.Clone(v.miss), slices.Clone(v.tcost), slices.Clone(v.restCost), slices.Clone(v.scratch)
	c.missAt, c.tcostAt = ^uint64(0), ^uint64(0)
	c.rp.miss, c.rp.tcost, c.rp.restCost, c.rp.scratch = &c.miss[0], &c.tcost[0], &c.restCost[0], &c.scratch[0]
	c.rp.row, c.rp.prev1, c.rp.prev2, c.rp.tops = nil, nil, nil, nil
	c.tp.row, c.tp.out = nil, nil
	return &c
}

// row fills row (a day of step one or more) from the row before it,
// prev1, and the tops and row two days back, gtop and prev2 (nil on the
// second day: then tops and a row of inf, which bring nothing), as
// distance.sweep's loops do, but for two ships (distance.restAndShips).
func (v *vectorPlan) row(row, prev1, prev2, gtop []int32, hop engine.CardID, held int) {
	d := v.d
	// The regions' costs and the groups' change only with the costs (and
	// the groups' with the transport between): kept from row to row.
	if v.missAt != d.costGen {
		copy(v.miss, d.acq)
		v.missAt = d.costGen
	}
	if held >= 0 {
		v.miss[held] = 0
	}
	p := &v.rp
	p.row, p.prev1 = &row[0], &prev1[0]
	if gtop != nil {
		if v.tcostAt != d.costGen || v.tcostHop != hop {
			for g := range d.groups {
				v.tcost[d.gOff[g]] = d.kindCost(d.groups[g].kind, hop)
			}
			for e, c := range d.restKind {
				v.restCost[e] = d.kindCost(c, hop)
			}
			v.tcostAt, v.tcostHop = d.costGen, hop
		}
		p.tops, p.prev2 = &gtop[0], &prev2[0]
	} else {
		p.tops, p.prev2 = &v.noTops[0], &v.noRow[0]
	}
	sweepRow8(p)
	if held >= 0 {
		v.miss[held] = d.acq[held]
	}
	p.row, p.prev1, p.tops, p.prev2 = nil, nil, nil, nil
}

// tops fills gtop from row as distance.tops does.
func (v *vectorPlan) tops(gtop, row []int32) {
	if len(v.d.groups) == 0 {
		return
	}
	p := &v.tp
	p.row, p.out = &row[0], &gtop[0]
	groupTops8(p)
	p.row, p.out = nil, nil
}

// viaDays fills out (a day each) with distance.via of region r on every
// day of the tables.
func (v *vectorPlan) viaDays(r int, out []int32) {
	d := v.d
	at := r * vectorLanes
	viaDays8(&d.fwd[at], &d.bwd[at], int64(d.nr*vectorLanes*4), &out[0], int64(len(out)))
}
