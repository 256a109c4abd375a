package scene

import (
	"slices"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/project"
	"github.com/tendays/tendays/mapdata"
)

// InsetProposal is a group of far regions worth an inset (board.insets in
// edition.yaml): drawn in place they stretch the main map's frame so that
// most of it is empty.
type InsetProposal struct {
	Regions []string // ids, in the pack's order
	// FrameBefore and FrameAfter are the main map's frame (the box of the
	// regions it draws, in square degrees of the projection's centre) with
	// the group drawn in place and in its inset.
	FrameBefore, FrameAfter float64
}

// ProposeInsets finds the far regions a board would do better to draw in
// insets: groups of neighbouring regions (their boxes within a twentieth
// of the board's span of each other) away from the region with the most
// land, taken out while that shrinks the frame to under half its area, at
// most three groups. Air-only regions far away get insets anyway, and
// regions already in one (board.insets) are left out. init and doctor call
// it to propose board.insets; it reads only the pack and the board.
func ProposeInsets(p *mapdata.Pack, b *board.Geometry) []InsetProposal {
	type item struct {
		ids []string
		box orb.Bound
	}
	var regions []item
	var all []orb.MultiPolygon
	for _, r := range p.Regions {
		br := b.Region(r.ID)
		if br == nil || r.AirOnly || br.Inset > 0 || len(br.Geometry) == 0 {
			continue
		}
		all = append(all, br.Geometry)
	}
	if len(all) < 3 {
		return nil
	}
	centre := project.CentreLon(project.Points(largestParts(all)...))
	biggest, bigA := -1, -1.0
	for _, r := range p.Regions {
		br := b.Region(r.ID)
		if br == nil || r.AirOnly || br.Inset > 0 || len(br.Geometry) == 0 {
			continue
		}
		// A region's mainland only: a far-off part of a region (an
		// overseas department) is clipped by the map, not a reason for
		// an inset.
		main := project.UnwrapMultiPolygon(largestParts([]orb.MultiPolygon{br.Geometry})[0], centre).Bound()
		if a := area(main); a > bigA {
			biggest, bigA = len(regions), a
		}
		regions = append(regions, item{ids: []string{r.ID}, box: main})
	}
	full := emptyBound()
	for _, it := range regions {
		full = full.Union(it.box)
	}
	gap := 0.05 * max(full.Max[0]-full.Min[0], full.Max[1]-full.Min[1])
	// Groups: regions whose boxes come within gap of each other.
	group := make([]int, len(regions))
	for i := range group {
		group[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for group[i] != i {
			group[i] = group[group[i]]
			i = group[i]
		}
		return i
	}
	for i := range regions {
		for k := i + 1; k < len(regions); k++ {
			if overlaps(regions[i].box.Pad(gap/2), regions[k].box.Pad(gap/2)) {
				if a, c := find(i), find(k); a != c {
					group[max(a, c)] = min(a, c)
				}
			}
		}
	}
	byRoot := map[int]*item{}
	var roots []int
	for i, it := range regions {
		r := find(i)
		g, ok := byRoot[r]
		if !ok {
			g = &item{box: emptyBound()}
			byRoot[r] = g
			roots = append(roots, r)
		}
		g.ids = append(g.ids, it.ids...)
		g.box = g.box.Union(it.box)
	}
	mainRoot := find(biggest)
	frame := func(skip map[int]bool) float64 {
		bx := emptyBound()
		for _, r := range roots {
			if !skip[r] {
				bx = bx.Union(byRoot[r].box)
			}
		}
		return area(bx)
	}
	skip := map[int]bool{}
	var out []InsetProposal
	for len(out) < 3 {
		before := frame(skip)
		best, bestA := -1, before
		for _, r := range roots {
			if r == mainRoot || skip[r] || len(byRoot[r].ids)*2 > len(regions) {
				continue
			}
			skip[r] = true
			if a := frame(skip); a < bestA {
				best, bestA = r, a
			}
			delete(skip, r)
		}
		if best < 0 || bestA >= 0.5*before {
			break
		}
		skip[best] = true
		ids := slices.Clone(byRoot[best].ids)
		out = append(out, InsetProposal{Regions: ids, FrameBefore: before, FrameAfter: bestA})
	}
	return out
}
