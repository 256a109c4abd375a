// Package insets finds the far regions a board would do better to draw in
// a box of their own beside the main map (edition.yaml's board.insets):
// groups of neighbouring regions that, drawn in place, stretch the main
// map's frame until most of it is empty.
//
// It reads region outlines in longitude/latitude, from a pack's board
// geometry (OnBoard) or from the features init is about to write, and
// says which groups to box and how much of the frame that frees. init
// writes its proposals into the edition it starts and the doctor
// proposes them as an edit; the board's drawing (export/scene) only draws
// what board.insets says. It knows nothing of drawing, findings or YAML.
package insets

import (
	"slices"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/internal/unionfind"
	"github.com/tendays/tendays/mapdata"
)

// Region is one region's outline as the board draws it.
type Region struct {
	ID       string
	Geometry orb.MultiPolygon // longitude/latitude
	// AirOnly regions far away get a box without asking (the board draws
	// them so), and Boxed ones have one already (board.insets): neither is
	// proposed, nor counted in the frame.
	AirOnly, Boxed bool
}

// Proposal is a group of far regions worth a box of their own.
type Proposal struct {
	Regions []string // ids, in the order given
	// FrameBefore and FrameAfter are the main map's frame (the box of the
	// regions it draws, in square degrees about the regions' centre
	// longitude) with the group drawn in place and in its box.
	FrameBefore, FrameAfter float64
}

// MaxBoxes is the most groups proposed.
const MaxBoxes = 3

// Propose finds the groups of neighbouring regions (their mainlands' boxes
// within a twentieth of the board's span of each other) away from the
// region with the most land whose removal shrinks the frame to under half
// its area, at most MaxBoxes, the one that shrinks it most first; a group
// holding half the regions or more is the map itself. A region's mainland
// only counts: a far-off part of a region (an overseas department) is
// clipped by the map, no reason for a box. Fewer than three regions
// propose nothing.
func Propose(regions []Region) []Proposal {
	var drawn []Region
	var outlines []orb.MultiPolygon
	for _, r := range regions {
		if !r.AirOnly && !r.Boxed && len(r.Geometry) > 0 {
			drawn = append(drawn, r)
			outlines = append(outlines, r.Geometry)
		}
	}
	if len(drawn) < 3 {
		return nil
	}
	var mainlands []orb.MultiPolygon
	for _, mp := range outlines {
		if poly, ok := geo.LargestPolygon(mp); ok {
			mainlands = append(mainlands, orb.MultiPolygon{poly})
		}
	}
	centre := geo.CentreLon(geo.Points(mainlands...))
	var boxes []orb.Bound
	var ids []string
	biggest, bigA := -1, -1.0
	for _, r := range drawn {
		poly, ok := geo.LargestPolygon(r.Geometry)
		if !ok {
			continue
		}
		box := geo.UnwrapMultiPolygon(orb.MultiPolygon{poly}, centre).Bound()
		if a := area(box); a > bigA {
			biggest, bigA = len(boxes), a
		}
		boxes, ids = append(boxes, box), append(ids, r.ID)
	}
	if biggest < 0 {
		return nil
	}
	gs := group(boxes)
	mainGroup := gs.of[biggest]
	skip := map[int]bool{}
	var out []Proposal
	for len(out) < MaxBoxes {
		before := gs.frame(skip)
		best, bestA := -1, before
		for g := range gs.boxes {
			if g == mainGroup || skip[g] || 2*len(gs.members[g]) > len(boxes) {
				continue
			}
			skip[g] = true
			if a := gs.frame(skip); a < bestA {
				best, bestA = g, a
			}
			delete(skip, g)
		}
		if best < 0 || bestA >= 0.5*before {
			break
		}
		skip[best] = true
		p := Proposal{FrameBefore: before, FrameAfter: bestA}
		for _, i := range gs.members[best] {
			p.Regions = append(p.Regions, ids[i])
		}
		out = append(out, p)
	}
	return out
}

// groups are the regions' boxes joined when they come within a twentieth
// of the board's span of each other, in the order of their first region.
type groups struct {
	of      []int       // each region's group
	members [][]int     // each group's regions
	boxes   []orb.Bound // each group's box
}

func group(boxes []orb.Bound) groups {
	full := boxes[0]
	for _, b := range boxes[1:] {
		full = full.Union(b)
	}
	pad := 0.025 * max(full.Max[0]-full.Min[0], full.Max[1]-full.Min[1])
	uf := unionfind.New(len(boxes))
	for i := range boxes {
		for k := i + 1; k < len(boxes); k++ {
			if overlaps(boxes[i].Pad(pad), boxes[k].Pad(pad)) {
				uf.Union(i, k)
			}
		}
	}
	gs := groups{of: make([]int, len(boxes))}
	index := map[int]int{}
	for i, b := range boxes {
		root := uf.Find(i)
		g, ok := index[root]
		if !ok {
			g = len(gs.members)
			index[root] = g
			gs.members = append(gs.members, nil)
			gs.boxes = append(gs.boxes, b)
		}
		gs.of[i] = g
		gs.members[g] = append(gs.members[g], i)
		gs.boxes[g] = gs.boxes[g].Union(b)
	}
	return gs
}

// frame is the area of the box of the groups not skipped.
func (gs groups) frame(skip map[int]bool) float64 {
	var bx orb.Bound
	first := true
	for g, b := range gs.boxes {
		if skip[g] {
			continue
		}
		if first {
			bx, first = b, false
		} else {
			bx = bx.Union(b)
		}
	}
	if first {
		return 0
	}
	return area(bx)
}

func area(b orb.Bound) float64 { return (b.Max[0] - b.Min[0]) * (b.Max[1] - b.Min[1]) }

// overlaps is true when the boxes share more than an edge.
func overlaps(a, b orb.Bound) bool {
	return a.Min[0] < b.Max[0] && b.Min[0] < a.Max[0] && a.Min[1] < b.Max[1] && b.Min[1] < a.Max[1]
}

// OnBoard are the regions of pack p as its board geometry (build's
// <id>.board.geojson, mapdata/board.go) draws them, in the pack's order:
// a region in a box of board.insets is Boxed. A region the board does not
// draw is left out.
func OnBoard(p *mapdata.Pack, board *geojson.FeatureCollection) []Region {
	if board == nil {
		return nil
	}
	shapes := map[string]*Region{}
	for _, f := range board.Features {
		if f.Properties.MustString("layer", "") != mapdata.LayerRegion {
			continue
		}
		id := f.Properties.MustString("id", "")
		r, ok := shapes[id]
		if !ok {
			r = &Region{ID: id}
			shapes[id] = r
		}
		switch g := f.Geometry.(type) {
		case orb.Polygon:
			r.Geometry = append(r.Geometry, g)
		case orb.MultiPolygon:
			r.Geometry = append(r.Geometry, g...)
		}
		if k, ok := f.Properties["inset"]; ok && k != nil {
			r.Boxed = true // board.insets: in box k (1-based)
		}
	}
	var out []Region
	for _, pr := range p.Regions {
		if r, ok := shapes[pr.ID]; ok {
			r.AirOnly = pr.AirOnly
			out = append(out, *r)
		}
	}
	return slices.Clip(out)
}
