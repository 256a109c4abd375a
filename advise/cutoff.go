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
	"github.com/tendays/tendays/mapdata/reach"
)

// MaxCrossings is how many of a group's crossings are proposed, shortest
// first.
const MaxCrossings = 3

// cutOff is the finding of a group of regions only a plane reaches from
// the main group (lint's regions/cut-off), with the crossings that would
// join it, shortest first and within the distance the edition's own links
// make normal: a ferry between the nearest coasts, or, when the group's
// coasts are on a sea the ship cards serve, the nearest coast put on it;
// a sea of its own when no crossing is that short; else a ferry across
// the nearest crossing when it is shorter than the group's span (spanKm).
// Marking a region air-only never joins a group: it is proposed only for a
// region alone, with no land border to drop, and says so.
func (d *doctor) cutOff(base *state, ed *mapdata.Edition, group []string) candidate {
	g := base.linked()
	main := g.Members[g.Main]
	var named []string
	for _, id := range group {
		r := regionByID(base.pack, id)
		named = append(named, fmt.Sprintf("%s (%s)", r.Name, id))
	}
	what := fmt.Sprintf("a group of %d regions, %s, is", len(group), listShort(named, 6))
	if len(group) == 1 {
		what = named[0] + " is"
	}
	them := "them"
	if len(group) == 1 {
		them = "it"
	}
	c := candidate{finding: Finding{Kind: "cut-off", Severity: "warning", Subject: group[0],
		Message: fmt.Sprintf("%s cut off from the %d regions of the largest group (%s): only a plane reaches %s",
			what, len(main), listShort(main, 6), them)}}
	var shares []string
	for _, id := range group[:min(3, len(group))] {
		shares = append(shares, fmt.Sprintf("%s %s", id, journeyShare(base, id)))
	}
	c.finding.Evidence = append(c.finding.Evidence, fmt.Sprintf("share of %d-day journeys through its regions: %s", base.pack.Edition.Days, strings.Join(shares, ", ")))
	crossings := reach.Nearest(base.outline(), group, main)
	normal := base.normalCrossingKm()
	var said []string
	for _, x := range crossings[:min(MaxCrossings, len(crossings))] {
		from, to := regionByID(base.pack, x.From), regionByID(base.pack, x.To)
		said = append(said, fmt.Sprintf("%s (%s) – %s (%s) %s", from.Name, from.ID, to.Name, to.ID, kmText(x.Km)))
	}
	if len(said) > 0 {
		c.finding.Evidence = append(c.finding.Evidence, fmt.Sprintf("nearest crossings: %s (the edition's links make %.0f km normal)", strings.Join(said, ", "), normal))
	}
	if base.text == nil {
		return c // a pack: nothing to edit
	}
	seas := shipSeas(base, g, group[0])
	for k, x := range crossings {
		if k >= MaxCrossings || x.Km > normal {
			break
		}
		if len(seas) > 0 {
			c.proposals = append(c.proposals, onSea(base, ed, x, seas[0], group[0]))
			break // one sea: its nearest coast is enough
		}
		c.proposals = append(c.proposals, crossingEdit(base, x, group[0]))
	}
	if len(c.proposals) == 0 && len(crossings) > 0 {
		if len(seas) == 0 {
			if e := newSea(base, g, group[0]); e != nil {
				c.proposals = append(c.proposals, e)
			}
		}
		if len(c.proposals) == 0 {
			x := crossings[0]
			to := regionByID(base.pack, x.To)
			span := spanKm(base.outline(), group)
			rule := " and than the group's own span (%s), so no ferry is proposed"
			if x.Km <= span {
				rule = ", but shorter than the group's own span (%s), so a ferry is proposed (the toolkit's rule)"
				c.proposals = append(c.proposals, crossingEdit(base, x, group[0]))
			}
			c.finding.Evidence = append(c.finding.Evidence, fmt.Sprintf("the nearest coast of the main group, %s (%s), is %s away: longer than any link of the edition (%.0f km)"+rule,
				to.Name, to.ID, kmText(x.Km), normal, kmText(span)))
		}
	}
	if len(group) == 1 {
		r := regionByID(base.pack, group[0])
		id := r.ID
		c.proposals = append(c.proposals, &edit{
			edit:    fmt.Sprintf("mark %s (%s) air-only (it has no land border to drop; only planes will reach it, as the rules say for an air-only region)", r.Name, id),
			changes: []Change{{Op: "append", Path: []string{"air_only"}, Value: r.Name}},
			keep: func(b, a *state) bool {
				return regionByID(a.pack, id).AirOnly && len(a.fig.CutOff) < len(b.fig.CutOff)
			},
			effect: func(b, a *state) string {
				return fmt.Sprintf("groups cut off %d → %d (it joins none: the planes serve it); journeys through %s %s → %s",
					len(b.fig.CutOff), len(a.fig.CutOff), id, journeyShare(b, id), journeyShare(a, id))
			},
		})
	}
	return c
}

// spanKm is how far a group of regions reaches: the diagonal of the box
// round their outlines. A crossing to the main group shorter than that
// (Gozo, 6 km off Malta's coast, its regions 14 km across) is a ferry
// islands near a coast have, however short the links between the
// regions themselves: the toolkit's rule, for the groups no crossing of
// the edition's normal length joins.
func spanKm(outlines map[string]reach.Outline, group []string) float64 {
	var box orb.Bound
	for i, id := range group {
		b := outlines[id].Bound
		if i == 0 {
			box = b
			continue
		}
		box = box.Union(b)
	}
	return geo.GreatCircleKm(box.Min, box.Max)
}

// kmText is a distance as the doctor says it.
func kmText(km float64) string {
	if km < 1 {
		return "under 1 km"
	}
	return fmt.Sprintf("%.0f km", km)
}

// joins keeps an edit after which region id is no longer cut off.
func joins(id string) func(b, a *state) bool {
	return func(b, a *state) bool { return !a.linked().IsCutOff(id) && !regionByID(a.pack, id).AirOnly }
}

// joinedEffect is what joining a group changed.
func joinedEffect(b, a *state) string {
	return fmt.Sprintf("groups cut off %d → %d; regions only a plane reaches %d → %d", len(b.fig.CutOff), len(a.fig.CutOff), len(b.fig.PlaneOnly), len(a.fig.PlaneOnly))
}

// cleanProposal: a proposal that fixes its finding at no cost.
func cleanProposal(p Proposal) bool { return p.TradeOff == "" && p.Unmade == "" }

// crossingEdit is a ferry across crossing x, named from the edition's
// data where it can: the sea both coasts are on.
func crossingEdit(base *state, x reach.Crossing, id string) *edit {
	from, to := regionByID(base.pack, x.From), regionByID(base.pack, x.To)
	across := ""
	for _, s := range from.Seas {
		if slices.Contains(to.Seas, s) {
			across = " across " + seaName(base.pack, s)
			break
		}
	}
	km := kmText(x.Km)
	return &edit{
		edit: fmt.Sprintf("add a ferry %s (%s) – %s (%s)%s between the nearest coasts (%s apart)", from.Name, from.ID, to.Name, to.ID, across, km),
		changes: []Change{{Op: "append", Path: []string{"links", "add"},
			Value: map[string]any{"a": from.Name, "b": to.Name, "kind": "ferry", "why": "tendays doctor: the nearest coasts, " + km + " apart"}}},
		keep:   joins(id),
		effect: joinedEffect,
		enough: cleanProposal,
	}
}

// onSea puts the main group's end of crossing x on sea, which ship cards
// already sail from the group.
func onSea(base *state, ed *mapdata.Edition, x reach.Crossing, sea, id string) *edit {
	from, to := regionByID(base.pack, x.From), regionByID(base.pack, x.To)
	return &edit{
		edit: fmt.Sprintf("put %s (%s) on the sea %s, which ship cards already sail from %s (%s): its coast is %s away",
			to.Name, to.ID, sea, from.Name, from.ID, kmText(x.Km)),
		changes: []Change{{Op: "append", Path: []string{"seas", sea, "add"}, Value: regionKey(ed, to)}},
		keep:    joins(id),
		effect:  joinedEffect,
		enough:  cleanProposal,
	}
}

// seaName is a sea's name in the pack, else its id.
func seaName(p *mapdata.Pack, id string) string {
	for _, s := range p.Seas {
		if s.ID == id && s.Name != "" {
			return s.Name
		}
	}
	return id
}

// shipSeas are the seas of region ids' group that ship cards serve.
func shipSeas(st *state, g reach.Groups, id string) []string {
	ships := map[string]bool{}
	for _, c := range st.pack.Deck.Cards {
		if c.Kind == mapdata.ShipCard && c.Count > 0 {
			ships[c.Sea] = true
		}
	}
	var out []string
	for _, member := range g.Members[g.Of[id]] {
		for _, s := range regionByID(st.pack, member).Seas {
			if ships[s] && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	sort.Strings(out)
	return out
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
		for _, p := range reach.Polygons(f.Geometry) {
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
func newSea(base *state, g reach.Groups, id string) *edit {
	if base.board == nil || g.Main < 0 {
		return nil
	}
	coasts := coastalPoints(base.board)
	var group, mainCoast []string
	for _, m := range g.Members[g.Of[id]] {
		if len(coasts[m]) > 0 {
			group = append(group, m)
		}
	}
	for _, m := range g.Members[g.Main] {
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
		keep:    joins(id),
		effect:  joinedEffect,
		enough:  cleanProposal,
	}
}
