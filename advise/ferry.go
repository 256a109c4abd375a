package advise

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/mapdata"
)

// coastTo is the region of the rest of the board nearest to a plane-only
// region, by the board's geometry: the two closest points of their outlines,
// in km on the ground.
type coastTo struct {
	id string
	km float64
}

// nearestCoast finds, among the regions a player can walk, drive, sail or
// ride between (not plane-only, not air-only), the one whose outline comes
// nearest to region id's. ok is false without a board or a geometry.
func nearestCoast(st *state, id string) (coastTo, bool) {
	if st.board == nil {
		return coastTo{}, false
	}
	shapes := regionShapes(st.board)
	from, ok := shapes[id]
	if !ok || len(from.points) == 0 {
		return coastTo{}, false
	}
	type cand struct {
		id    string
		lower float64
	}
	var cands []cand
	for _, r := range st.pack.Regions {
		if r.ID == id || r.AirOnly || slices.Contains(st.fig.PlaneOnly, r.ID) {
			continue
		}
		if sh, ok := shapes[r.ID]; ok && len(sh.points) > 0 {
			cands = append(cands, cand{r.ID, geo.BoxGapKm(from.bound, sh.bound)})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].lower < cands[j].lower })
	best := coastTo{km: math.Inf(1)}
	for _, c := range cands {
		if c.lower >= best.km {
			break // no nearer outline can follow
		}
		if km := geo.NearestKm(from.points, shapes[c.id].points, best.km); km < best.km {
			best = coastTo{id: c.id, km: km}
		}
	}
	return best, best.id != ""
}

type shape struct {
	bound  orb.Bound
	points []orb.Point
}

// regionShapes are the outlines of the board's regions, by id.
func regionShapes(board *geojson.FeatureCollection) map[string]shape {
	out := map[string]shape{}
	for _, f := range board.Features {
		if f.Properties.MustString("layer", "") != mapdata.LayerRegion {
			continue
		}
		id := f.Properties.MustString("id", "")
		var pts []orb.Point
		for _, p := range polygons(f.Geometry) {
			if len(p) > 0 {
				pts = append(pts, p[0]...) // the outer ring: holes are no coast
			}
		}
		if len(pts) > 0 {
			out[id] = shape{bound: f.Geometry.Bound(), points: pts}
		}
	}
	return out
}

// normalKm is the longest water crossing the edition's own links make
// normal: the longest gap between the coasts of an existing ferry or
// bridge, or, when longer, a quarter more than the median distance between
// the centres of two bordering regions (one step of a journey on foot). A
// ferry longer than that would be a link unlike any other of the board.
func normalKm(st *state) float64 {
	if st.board == nil {
		return 0
	}
	shapes := regionShapes(st.board)
	var hops []float64
	longest := 0.0
	for _, l := range st.pack.Links {
		a, aok := shapes[l.A]
		b, bok := shapes[l.B]
		if !aok || !bok {
			continue
		}
		switch l.Kind {
		case mapdata.Border:
			ca, cb := a.bound.Center(), b.bound.Center()
			hops = append(hops, geo.NearestKm([]orb.Point{ca}, []orb.Point{cb}, math.Inf(1)))
		case mapdata.Ferry, mapdata.Bridge:
			longest = max(longest, geo.NearestKm(a.points, b.points, math.Inf(1)))
		}
	}
	if len(hops) > 0 {
		sort.Float64s(hops)
		longest = max(longest, hopSlack*hops[len(hops)/2])
	}
	return longest
}

// hopSlack is how much longer than a median step on foot a ferry may be.
const hopSlack = 1.25

// shipSeas are the seas of region ids' group that ship cards serve.
func shipSeas(st *state, g groups, id string) []string {
	ships := map[string]bool{}
	for _, c := range st.pack.Deck.Cards {
		if c.Kind == mapdata.ShipCard && c.Count > 0 {
			ships[c.Sea] = true
		}
	}
	var out []string
	for _, member := range g.members[g.of[id]] {
		for _, s := range regionByID(st.pack, member).Seas {
			if ships[s] && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	sort.Strings(out)
	return out
}

// ferry proposes a way across the water from a plane-only region to the
// nearest coast of the main group of linked regions: a ferry when that
// coast is within the distance the edition's links make normal and no ship
// card already sails from the region's group (then the nearest coast joins
// that sea instead, so the ships the deck holds cross it). why says, when
// there is no proposal, what kept it back.
func ferry(base *state, ed *mapdata.Edition, r mapdata.Region, id string) (e *edit, why string) {
	to, ok := nearestCoast(base, id)
	if !ok {
		return nil, ""
	}
	other := regionByID(base.pack, to.id)
	km := fmt.Sprintf("%.0f km", to.km)
	if to.km < 1 {
		km = "under 1 km"
	}
	normal := base.normalCrossingKm()
	g := base.linked()
	seas := shipSeas(base, g, id)
	if to.km > normal && len(seas) == 0 {
		// Too far for a ferry: a sea with ship cards, the coasts found on
		// the board, joins the group instead.
		if e := newSea(base, g, id); e != nil {
			return e, ""
		}
	}
	if to.km > normal {
		return nil, fmt.Sprintf("the nearest coast of the main group, %s (%s), is %s away: longer than any link of the edition (%.0f km), so no ferry is proposed",
			other.Name, other.ID, km, normal)
	}
	joined := func(b, a *state) bool { return !slices.Contains(a.fig.PlaneOnly, id) }
	effect := func(b, a *state) string {
		return fmt.Sprintf("regions only a plane reaches %d → %d; journeys through %s %s → %s; stalled games %s → %s",
			len(b.fig.PlaneOnly), len(a.fig.PlaneOnly), id, journeyShare(b, id), journeyShare(a, id), pct(b.fig.StalledRate), pct(a.fig.StalledRate))
	}
	if len(seas) > 0 {
		sea := seas[0]
		return &edit{
			edit: fmt.Sprintf("put %s (%s) on the sea %s, which ship cards already sail from %s (%s): its coast is %s away",
				other.Name, other.ID, sea, r.Name, id, km),
			changes: []Change{{Op: "append", Path: []string{"seas", sea, "add"}, Value: regionKey(ed, other)}},
			keep:    joined,
			effect:  effect,
		}, ""
	}
	return &edit{
		edit: fmt.Sprintf("add a ferry %s (%s) – %s (%s) between the nearest coasts (%s apart)", r.Name, id, other.Name, other.ID, km),
		changes: []Change{{Op: "append", Path: []string{"links", "add"},
			Value: map[string]any{"a": r.Name, "b": other.Name, "kind": "ferry", "why": "tendays doctor: the nearest coasts, " + km + " apart"}}},
		keep:   joined,
		effect: effect,
	}, ""
}

// polygons are the polygons of a board feature's geometry.
func polygons(g orb.Geometry) []orb.Polygon {
	switch g := g.(type) {
	case orb.Polygon:
		return []orb.Polygon{g}
	case orb.MultiPolygon:
		return g
	}
	return nil
}

// coastalPoints are, for each region of the board, the points of its
// outline that no other feature of the board (region or land) shares: its
// coast, found from the geometry.
func coastalPoints(board *geojson.FeatureCollection) map[string][]orb.Point {
	count := map[orb.Point]int{}
	owner := map[string][]orb.Point{}
	for _, f := range board.Features {
		layer := f.Properties.MustString("layer", "")
		if layer != mapdata.LayerRegion && layer != mapdata.LayerLand {
			continue
		}
		seen := map[orb.Point]bool{}
		var pts []orb.Point
		for _, p := range polygons(f.Geometry) {
			for _, ring := range p {
				for _, pt := range ring {
					if !seen[pt] {
						seen[pt] = true
						count[pt]++
						pts = append(pts, pt)
					}
				}
			}
		}
		if layer == mapdata.LayerRegion {
			owner[f.Properties.MustString("id", "")] = pts
		}
	}
	out := map[string][]orb.Point{}
	for id, pts := range owner {
		for _, pt := range pts {
			if count[pt] == 1 {
				out[id] = append(out[id], pt)
			}
		}
	}
	return out
}

// newSea proposes a sea for a group cut off beyond ferry range: its
// coastal regions and the main group's coastal regions nearest to them
// (as many, at least two), with ship cards; the sea is named after the two
// regions it joins first. nil without coasts to join.
func newSea(base *state, g groups, id string) *edit {
	if base.board == nil || g.main < 0 {
		return nil
	}
	coasts := coastalPoints(base.board)
	var group, mainCoast []string
	for _, m := range g.members[g.of[id]] {
		if len(coasts[m]) > 0 {
			group = append(group, m)
		}
	}
	for _, m := range g.members[g.main] {
		if len(coasts[m]) > 0 {
			mainCoast = append(mainCoast, m)
		}
	}
	if len(group) == 0 || len(mainCoast) == 0 {
		return nil
	}
	dist := map[string]float64{}
	for _, m := range mainCoast {
		dist[m] = math.Inf(1)
		for _, x := range group {
			dist[m] = math.Min(dist[m], geo.NearestKm(coasts[x], coasts[m], dist[m]))
		}
	}
	sort.SliceStable(mainCoast, func(i, j int) bool { return dist[mainCoast[i]] < dist[mainCoast[j]] })
	near := mainCoast[:min(len(mainCoast), max(2, len(group)))]
	first, nearest := regionByID(base.pack, group[0]), regionByID(base.pack, near[0])
	seaID := "sea-" + strings.ToLower(first.ID) + "-" + strings.ToLower(nearest.ID)
	for _, s := range base.pack.Seas {
		if s.ID == seaID {
			return nil
		}
	}
	var names []string
	for _, m := range append(slices.Clone(group), near...) {
		names = append(names, regionByID(base.pack, m).Name)
	}
	ships := max(4, len(names))
	changes := []Change{
		{Op: "set", Path: []string{"seas", seaID, "name"}, Value: fmt.Sprintf("Waters of %s and %s", first.Name, nearest.Name)},
		{Op: "set", Path: []string{"transports", "ship", seaID}, Value: ships},
	}
	for _, n := range names {
		changes = append(changes, Change{Op: "append", Path: []string{"seas", seaID, "regions"}, Value: n})
	}
	return &edit{
		edit: fmt.Sprintf("add a sea %s joining the coasts of %s to the nearest of the main group (%s), with %d ship cards",
			seaID, strings.Join(group, ", "), strings.Join(near, ", "), ships),
		changes: changes,
		keep:    func(b, a *state) bool { return !slices.Contains(a.fig.PlaneOnly, id) },
		effect: func(b, a *state) string {
			return fmt.Sprintf("regions only a plane reaches %d → %d", len(b.fig.PlaneOnly), len(a.fig.PlaneOnly))
		},
	}
}
