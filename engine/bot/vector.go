package bot

import "github.com/tendays/tendays/engine"

// The distance's rows of eight lanes (a combined board of four maps) are
// swept, and their tops gathered, by kernels written with the machine's
// vector instructions (vector_amd64.s: AVX2, a cell of eight lanes in one
// register), where the machine has them; everywhere else by the loops of
// distance.go, which remain the definition: TestVectorMatchesLoops holds
// the two to the same tables. The kernels take everything from a plan of
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
// The kernel takes a row's ways in as flat lists of edges, one list a
// kind of way (foot on the region's map, foot across maps, group on one
// map, group across maps, rest pair), each edge lowering its region's
// cell in the row (set to inf first) to what it brings; a last pass adds
// each region's cost. A loop over each region's few ways of a kind (3.7
// foot neighbours, 3 groups, mostly none across maps) ends at a
// different count region by region, which the branch predictor misses
// about once a region and kind; one loop a kind misses once a row. The
// edges of a list lie in passes (jaggedOrder): the first way of every
// region that has one, then the second of every region that has two, so
// that edges one after the other write different cells rather than wait
// for each other's stores.
type rowPlan struct {
	row, prev1, tops, miss, gcost, prev2 *int32
	regions, groups                      int64 // groups: 1 where tops (and prev2) are set
	// foot: two int32s an edge, the byte offsets in a row of its cell and
	// of the neighbour's (on the cell's map, read lane by lane).
	foot  *int32
	footN int64
	// across: four int32s an edge, the byte offsets in a row of its cell
	// and of the neighbour's (on another map), that of the permutation in
	// perms that reads it, and 0.
	across  *int32
	acrossN int64
	perms   *int32
	// member: four int32s an edge, the byte offset in a row of its cell,
	// that of the group's tops in a day's (on one map: by lane), the
	// group (its cost in gcost) and the cell's region's place.
	member  *int32
	memberN int64
	// expand: four int32s an expansion, the byte offset in a day's tops
	// of a group across maps (by mask), that in scratch of its tops by
	// lane for one of its maps, that in expIdx of the map's lanes, and 0;
	// cross: the edges of the groups across maps as member's, reading
	// scratch.
	expand          *int32
	expandN         int64
	scratch, expIdx *int32
	cross           *int32
	crossN          int64
	// rest: four int32s an edge, the byte offsets in a row of its cell
	// and of the cell of prev2 its rest kind's pair comes from, that of
	// the permutation in perms that reads it, and the pair's index in
	// restCost, which holds its kind's cost for the row.
	rest     *int32
	restN    int64
	restCost *int32
}

// topsPlan is what groupTops8 reads, by offset like rowPlan.
type topsPlan struct {
	row, out *int32
	// By group g, from start[g] to start[g+1], its members as four int32s
	// each (the byte offset of its cell in a row, its place, the byte
	// offset in laneIdx of its map's two permutations, 0); the byte
	// offset of its tops in a day's; 1 where it spans maps.
	groupStart, groupOut, groupCross *int32
	members                          *int32
	// laneIdx, by map: the lanes of its cell that masks 0-7 and 8-15
	// read.
	laneIdx *int32
	groups  int64
}

// vectorPlan is a distance's plan for the kernels, and the scratch of a
// row.
type vectorPlan struct {
	d                                *distance
	rp                               rowPlan
	tp                               topsPlan
	miss, gcost                      []int32
	foot, across, member, cross      []int32
	expand, scratch, expIdx          []int32
	rest, restCost                   []int32
	perms                            []int32
	groupStart, groupOut, groupCross []int32
	members, laneIdx                 []int32
}

// jaggedOrder calls edge(r, i) for way i of region r, for the count(r)
// ways of each of n regions, in passes: way 0 of every region that has
// one, in region order, then way 1 of every region that has two, and so
// on (see rowPlan).
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
	v := &vectorPlan{d: d, miss: make([]int32, d.nr), gcost: make([]int32, max(1, len(d.groups)))}
	for j := range d.maps {
		for x := range d.maps {
			v.perms = append(v.perms, d.perm[j*d.maps+x]...)
		}
	}
	permOf := func(r, x int32) int32 { return (d.mapOf[r]*int32(d.maps) + d.mapOf[x]) * cell }
	jaggedOrder(d.nr, func(r int) int { return len(d.footSame[r]) }, func(r, i int) {
		v.foot = append(v.foot, int32(r)*cell, d.footSame[r][i]*4)
	})
	jaggedOrder(d.nr, func(r int) int { return len(d.footAcross[r]) }, func(r, i int) {
		x := d.footAcross[r][i]
		v.across = append(v.across, int32(r)*cell, x*cell, permOf(int32(r), x), 0)
	})
	// The groups a region is in, on one map and across maps; the latter's
	// tops by lane for each of their maps, where scratch[at[g][j]] are
	// those of group g for map j.
	var same, spans [][]int32
	for r := range d.nr {
		var s, c []int32
		for _, g := range d.member[r] {
			if d.gMap[g] < 0 {
				c = append(c, g)
			} else {
				s = append(s, g)
			}
		}
		same, spans = append(same, s), append(spans, c)
	}
	at := make([]map[int32]int32, len(d.groups))
	for g, gr := range d.groups {
		if d.gMap[g] >= 0 {
			continue
		}
		at[g] = map[int32]int32{}
		for _, x := range gr.regions {
			j := d.mapOf[x]
			if _, ok := at[g][j]; !ok {
				at[g][j] = int32(len(v.expand)/4) * 3 * cell
				v.expand = append(v.expand, d.gOff[g]*4, at[g][j], j*2*cell, 0)
			}
		}
	}
	v.scratch = make([]int32, max(1, len(v.expand)/4*3*vectorLanes))
	jaggedOrder(d.nr, func(r int) int { return len(same[r]) }, func(r, i int) {
		g := same[r][i]
		v.member = append(v.member, int32(r)*cell, d.gOff[g]*4, g, d.place[r])
	})
	jaggedOrder(d.nr, func(r int) int { return len(spans[r]) }, func(r, i int) {
		g := spans[r][i]
		v.cross = append(v.cross, int32(r)*cell, at[g][d.mapOf[r]], g, d.place[r])
	})
	// The rest kinds' pairs of restRegions[k] are restStart[k] to
	// restStart[k+1].
	restOf := make([][]int32, d.nr)
	for k, r := range d.restRegions {
		for e := d.restStart[k]; e < d.restStart[k+1]; e++ {
			restOf[r] = append(restOf[r], e)
		}
	}
	jaggedOrder(d.nr, func(r int) int { return len(restOf[r]) }, func(r, i int) {
		e := restOf[r][i]
		x := d.restFrom[e]
		v.rest = append(v.rest, int32(r)*cell, x*cell, permOf(int32(r), x), e)
	})
	v.restCost = make([]int32, max(1, len(d.restFrom)))
	v.groupStart = append(v.groupStart, 0)
	for g, gr := range d.groups {
		cross := int32(0)
		if d.gMap[g] < 0 {
			cross = 1
		}
		for _, x := range gr.regions {
			v.members = append(v.members, x*cell, d.place[x], d.mapOf[x]*2*cell, 0)
		}
		v.groupStart = append(v.groupStart, int32(len(v.members)/4))
		v.groupOut = append(v.groupOut, d.gOff[g]*4)
		v.groupCross = append(v.groupCross, cross)
	}
	for j := range d.maps {
		for m := range 2 * vectorLanes {
			v.laneIdx = append(v.laneIdx, int32(laneOf(m, j)))
		}
	}
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
	expandN := int64(len(v.expand) / 4)
	// Empty lists still need an address.
	for _, s := range []*[]int32{&v.foot, &v.across, &v.member, &v.expand, &v.cross, &v.rest, &v.members} {
		if len(*s) == 0 {
			*s = append(*s, 0)
		}
	}
	v.rp = rowPlan{
		miss: &v.miss[0], gcost: &v.gcost[0],
		regions: int64(d.nr),
		foot:    &v.foot[0], footN: int64(countEdges(d.footSame)),
		across: &v.across[0], acrossN: int64(countEdges(d.footAcross)),
		perms:  &v.perms[0],
		member: &v.member[0], memberN: int64(countEdges(same)),
		expand: &v.expand[0], expandN: expandN,
		scratch: &v.scratch[0], expIdx: &v.expIdx[0],
		cross: &v.cross[0], crossN: int64(countEdges(spans)),
		rest: &v.rest[0], restN: int64(countEdges(restOf)),
		restCost: &v.restCost[0],
	}
	v.tp = topsPlan{
		groupStart: &v.groupStart[0], groupOut: &v.groupOut[0], groupCross: &v.groupCross[0],
		members: &v.members[0], laneIdx: &v.laneIdx[0],
		groups: int64(len(d.groups)),
	}
	return v
}

// countEdges is the ways of every region of by.
func countEdges(by [][]int32) int {
	n := 0
	for _, xs := range by {
		n += len(xs)
	}
	return n
}

// row fills row (a day of step one or more) from the row before it,
// prev1, and the tops and row two days back, gtop and prev2 (nil on the
// second day), as distance.sweep's loops do, but for two ships
// (distance.restAndShips).
func (v *vectorPlan) row(row, prev1, prev2, gtop []int32, hop engine.CardID, held int) {
	d := v.d
	copy(v.miss, d.acq)
	if held >= 0 {
		v.miss[held] = 0
	}
	p := &v.rp
	p.row, p.prev1, p.groups = &row[0], &prev1[0], 0
	if gtop != nil {
		for g := range d.groups {
			v.gcost[g] = d.kindCost(d.groups[g].kind, hop)
		}
		p.tops, p.groups = &gtop[0], 1
		for e, c := range d.restKind {
			v.restCost[e] = d.kindCost(c, hop)
		}
		p.prev2 = &prev2[0]
	}
	sweepRow8(p)
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
