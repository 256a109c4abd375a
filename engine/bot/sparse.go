package bot

import "github.com/tendays/tendays/engine"

// sparseRows is what sweepSparse needs beside the distance's own lists:
// who reads a cell, and the scratch of the rows it updates.
type sparseRows struct {
	// footRev[x] are the regions that read region x's cell of the day
	// before on foot; restRev[x] those that read it from two days before
	// by a rest kind's pair; restAt[r] is r's index in restRegions, or -1.
	footRev, restRev [][]int32
	restAt           []int32
	mark, gmark      []uint32 // by region, by group: gen when listed
	gen              uint32
	dirty            []int32
	// changed[step%3] are the cells a recent row changed; groups[step%4]
	// the groups whose tops it may have changed.
	changed [3][]int32
	groups  [4][]int32
}

// sparseLimit is the share of a row's regions (one in sparseLimit) that
// sweepSparse recomputes one by one at most: past it a whole row is
// cheaper.
const sparseLimit = 4

func newSparseRows(d *distance) *sparseRows {
	s := &sparseRows{footRev: make([][]int32, d.nr), restRev: make([][]int32, d.nr), restAt: make([]int32, d.nr),
		mark: make([]uint32, d.nr), gmark: make([]uint32, len(d.groups))}
	for r := range d.nr {
		for _, at := range d.footSame[r] {
			x := at / int32(d.w)
			s.footRev[x] = append(s.footRev[x], int32(r))
		}
		s.restAt[r] = -1
	}
	for k, r := range d.restRegions {
		s.restAt[r] = int32(k)
		for e := d.restStart[k]; e < d.restStart[k+1]; e++ {
			x := d.restFrom[e]
			s.restRev[x] = append(s.restRev[x], r)
		}
	}
	return s
}

// sweepSparse is sweep of a table of one mask when one day alone changed,
// from a card that is not a transport to another (or to none, or from
// none), the costs the same: then that day's row changes only in the
// cells of the two regions, and a later row only in the cells that read
// a changed cell (or a group's changed tops); the others are as they
// were. It recomputes those cells alone, one by one (cell1), from step
// first on, and returns the step where the rows must be swept whole (too
// many cells to recompute), or d.n when it is done: when three rows in a
// row changed nothing, no later row changes either.
func (d *distance) sweepSparse(t []int32, start, dir, first int, was engine.CardID) int {
	s := d.sp
	topsOK := d.ftopsOK
	if dir < 0 {
		topsOK = d.btopsOK
	}
	for j := range s.changed {
		s.changed[j] = s.changed[j][:0]
	}
	for j := range s.groups {
		s.groups[j] = s.groups[j][:0]
	}
	for step := first; step < d.n; step++ {
		i := start + dir*step
		held := d.b.RegionOf(d.h[i])
		s.gen++
		s.dirty = s.dirty[:0]
		add := func(r int32) {
			if s.mark[r] != s.gen {
				s.mark[r] = s.gen
				s.dirty = append(s.dirty, r)
			}
		}
		if step == first {
			if r := d.b.RegionOf(was); r >= 0 {
				add(int32(r))
			}
			if held >= 0 {
				add(int32(held))
			}
		} else {
			for _, x := range s.changed[(step-1)%3] {
				for _, r := range s.footRev[x] {
					add(r)
				}
			}
			if step-2 >= first {
				for _, g := range s.groups[(step-2)%4] {
					for _, r := range d.groups[g].regions {
						add(r)
					}
				}
				for _, x := range s.changed[(step-2)%3] {
					for _, r := range s.restRev[x] {
						add(r)
					}
				}
			}
			if step-3 >= first {
				if a, c, ok := d.heldShips(i, dir); ok {
					from, to := d.kindGroups[a][0], d.kindGroups[c][0]
					if dir < 0 {
						from, to = to, from
					}
					for _, g := range s.groups[(step-3)%4] {
						if g == from {
							for _, r := range d.groups[to].regions {
								add(r)
							}
						}
					}
				}
			}
		}
		if len(s.dirty) > d.nr/sparseLimit {
			return step
		}
		changed := s.changed[step%3][:0]
		if len(s.dirty) > 0 {
			row := d.row(t, i)
			var prev1, prev2, prev3, gtop []int32
			hop, toGroup := engine.NoCard, int32(-1)
			if step >= 1 {
				prev1 = d.row(t, i-dir)
			}
			if step >= 2 {
				prev2, gtop, hop = d.row(t, i-2*dir), d.topsOf(t, i-2*dir), d.transportAt(i-dir)
			}
			if step >= 3 {
				prev3, toGroup = d.shipPairBefore(t, i, dir)
			}
			for _, r := range s.dirty {
				if v := d.cell1(int(r), step, prev1, prev2, gtop, prev3, hop, held, toGroup); v != row[r] {
					row[r] = v
					changed = append(changed, r)
				}
			}
		}
		s.changed[step%3] = changed
		s.groups[step%4] = d.changedTops(t, i, changed, topsOK[i], s.groups[step%4][:0])
		if len(changed) == 0 && len(s.changed[(step+2)%3]) == 0 && step > first &&
			len(s.groups[step%4]) == 0 && len(s.groups[(step+3)%4]) == 0 && len(s.groups[(step+2)%4]) == 0 {
			// Rows step-1 and step changed nothing, nor the tops of rows
			// step-2 to step: the next row reads nothing new, nor any after.
			d.sparse += d.n - 1 - step
			return d.n
		}
		d.sparse++
	}
	return d.n
}

// changedTops lists in gs the groups whose tops day i's row of t changed,
// its cells changed having changed: where the day's tops are fresh
// (ok), they are made anew for those groups, and a group is listed when
// they differ; else every group of a changed cell is (its tops are made
// when asked).
func (d *distance) changedTops(t []int32, i int, changed []int32, ok bool, gs []int32) []int32 {
	s := d.sp
	s.gen++
	var tops, row []int32
	if ok {
		tops, row = d.topsOf(t, i), d.row(t, i)
	}
	for _, r := range changed {
		for _, g := range d.member[r] {
			if s.gmark[g] == s.gen {
				continue
			}
			s.gmark[g] = s.gen
			if ok {
				tp := top{inf, inf, -1}
				for _, x := range d.groups[g].regions {
					if v := row[x]; v < tp.v2 {
						tp.add(v, d.place[x])
					}
				}
				blk := tops[d.gOff[g] : d.gOff[g]+3]
				if blk[0] == tp.v1 && blk[1] == tp.v2 && blk[2] == tp.p1 {
					continue
				}
				blk[0], blk[1], blk[2] = tp.v1, tp.v2, tp.p1
			}
			gs = append(gs, g)
		}
	}
	return gs
}

// cell1 is cell r of day i's row of a table of one mask, step steps from
// its start, as sweepRow makes it (row1, then restAndShips): from the
// row before (prev1), the row and tops two days back (prev2, gtop; hop
// the transport between) and, after two held ships, the tops of the
// first's sea three days back (d.ta; prev3 set, the second's sea
// toGroup).
func (d *distance) cell1(r, step int, prev1, prev2, gtop, prev3 []int32, hop engine.CardID, held int, toGroup int32) int32 {
	miss := d.missHeld(r, held)
	if step == 0 {
		return min(miss, inf)
	}
	if miss >= inf {
		return inf
	}
	acc := inf
	for _, x := range d.footSame[r] {
		acc = min(acc, prev1[x])
	}
	ship := false
	if gtop != nil {
		pr := d.place[r]
		for _, g := range d.member[r] {
			off := d.gOff[g]
			v := gtop[off]
			if gtop[off+2] == pr {
				v = gtop[off+1]
			}
			acc = min(acc, v+d.kindCost(d.groups[g].kind, hop))
			ship = ship || g == toGroup
		}
	}
	if k := d.sp.restAt[r]; prev2 != nil && k >= 0 {
		for e := d.restStart[k]; e < d.restStart[k+1]; e++ {
			if cost := d.kindCost(d.restKind[e], hop); cost < inf {
				acc = min(acc, prev2[d.restFrom[e]]+cost)
			}
		}
	}
	if prev3 != nil && ship {
		acc = min(acc, d.ta[0].except(d.place[r]))
	}
	return min(acc+miss, inf)
}
