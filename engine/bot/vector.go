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
type rowPlan struct {
	row, prev1, tops, miss, gcost *int32
	// By region r, from start[r] to start[r+1]: the byte offsets in a row
	// of its foot neighbours on its own map; of those on another map, and
	// the byte offset in perms of the permutation that reads them; the
	// byte offset in a day's tops of each group on one map it is in, and
	// the group; the same of each group across maps it is in, whose tops
	// are by mask (read through expIdx at the byte offset mapAt[r]).
	footStart, footOff                  *int32
	acrossStart, acrossOff, acrossPerm  *int32
	perms                               *int32
	memberStart, memberTop, memberGroup *int32
	place                               *int32
	regions, groups                     int64
	crossStart, crossTop, crossGroup    *int32
	expIdx, mapAt                       *int32
	// The rest kinds' pairs, by region like the rest, read from prev2
	// (set with tops, and read only with them, like the groups): the byte
	// offset of the cell in a row, that of the permutation in perms, and
	// the pair's index in restCost, which holds its kind's cost for the
	// row.
	prev2                        *int32
	restStart, restOff, restPerm *int32
	restCost                     *int32
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
	d                                  *distance
	rp                                 rowPlan
	tp                                 topsPlan
	miss, gcost                        []int32
	footStart, footOff                 []int32
	acrossStart, acrossOff, acrossPerm []int32
	perms                              []int32
	memberStart, memberTop, memberGrp  []int32
	crossStart, crossTop, crossGrp     []int32
	mapAt, expIdx                      []int32
	restStart, restOff, restPerm       []int32
	restCost                           []int32
	groupStart, groupOut, groupCross   []int32
	members, laneIdx                   []int32
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
	v.footStart = append(v.footStart, 0)
	v.acrossStart = append(v.acrossStart, 0)
	v.memberStart = append(v.memberStart, 0)
	v.crossStart = append(v.crossStart, 0)
	v.restStart = append(v.restStart, 0)
	rest := 0 // into d.restRegions
	for r := range d.nr {
		if rest < len(d.restRegions) && int(d.restRegions[rest]) == r {
			for e := d.restStart[rest]; e < d.restStart[rest+1]; e++ {
				x := d.restFrom[e]
				v.restOff = append(v.restOff, x*cell)
				v.restPerm = append(v.restPerm, (d.mapOf[r]*int32(d.maps)+d.mapOf[x])*cell)
			}
			rest++
		}
		v.restStart = append(v.restStart, int32(len(v.restOff)))
		for _, at := range d.footSame[r] {
			v.footOff = append(v.footOff, at*4)
		}
		j := d.mapOf[r]
		for _, x := range d.footAcross[r] {
			v.acrossOff = append(v.acrossOff, x*cell)
			v.acrossPerm = append(v.acrossPerm, (j*int32(d.maps)+d.mapOf[x])*cell)
		}
		for _, g := range d.member[r] {
			if d.gMap[g] < 0 {
				v.crossTop = append(v.crossTop, d.gOff[g]*4)
				v.crossGrp = append(v.crossGrp, g)
				continue
			}
			v.memberTop = append(v.memberTop, d.gOff[g]*4)
			v.memberGrp = append(v.memberGrp, g)
		}
		v.mapAt = append(v.mapAt, j*2*cell)
		v.footStart = append(v.footStart, int32(len(v.footOff)))
		v.acrossStart = append(v.acrossStart, int32(len(v.acrossOff)))
		v.memberStart = append(v.memberStart, int32(len(v.memberTop)))
		v.crossStart = append(v.crossStart, int32(len(v.crossTop)))
	}
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
	// Empty lists still need an address.
	v.restCost = make([]int32, max(1, len(d.restFrom)))
	for _, s := range []*[]int32{&v.footOff, &v.acrossOff, &v.acrossPerm, &v.memberTop, &v.memberGrp, &v.crossTop, &v.crossGrp, &v.members, &v.restOff, &v.restPerm} {
		if len(*s) == 0 {
			*s = append(*s, 0)
		}
	}
	v.rp = rowPlan{
		miss: &v.miss[0], gcost: &v.gcost[0],
		footStart: &v.footStart[0], footOff: &v.footOff[0],
		acrossStart: &v.acrossStart[0], acrossOff: &v.acrossOff[0], acrossPerm: &v.acrossPerm[0],
		perms:       &v.perms[0],
		memberStart: &v.memberStart[0], memberTop: &v.memberTop[0], memberGroup: &v.memberGrp[0],
		place:      &d.place[0],
		regions:    int64(d.nr),
		crossStart: &v.crossStart[0], crossTop: &v.crossTop[0], crossGroup: &v.crossGrp[0],
		expIdx: &v.expIdx[0], mapAt: &v.mapAt[0],
		restStart: &v.restStart[0], restOff: &v.restOff[0], restPerm: &v.restPerm[0], restCost: &v.restCost[0],
	}
	v.tp = topsPlan{
		groupStart: &v.groupStart[0], groupOut: &v.groupOut[0], groupCross: &v.groupCross[0],
		members: &v.members[0], laneIdx: &v.laneIdx[0],
		groups: int64(len(d.groups)),
	}
	return v
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
