// Package reach says which regions of a pack a player reaches without a
// plane, and how far apart the pieces are: the groups of regions joined by
// walking (borders, bridges, ferries), cars, ships and trains, the main
// group among them, and, on the board's geometry, the shortest crossings
// from a group cut off to the main one (the nearest points of their
// outlines).
//
// lint's regions/cut-off rule and the doctor both read it, so a group
// is cut off by one definition. It knows nothing of findings or edits.
package reach

import (
	"maps"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/paulmach/orb"
	orbgeo "github.com/paulmach/orb/geo"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/internal/unionfind"
	"github.com/tendays/tendays/mapdata"
)

// Groups are the regions (not air-only) joined without a plane, and which
// group is the main one.
type Groups struct {
	// Of is each region's group, by region id; a group is named by the
	// pack index of its first region.
	Of map[string]int
	// Main is the main group, -1 when none (no region, or groups as large
	// as each other with no area to choose by).
	Main int
	// Members are each group's region ids, in pack order.
	Members map[int][]string
	// Area is each group's area in km² on the board (0 without one).
	Area map[int]float64
}

// Linked groups the regions of p a player moves between without a plane:
// walking links and car links, a sea that ship cards serve (and the seas
// it connects with, ship cards on both), a ship route that ships of the
// routes sail, a rail line that a train card rides. The main group is the one with the most regions; a tie is broken
// by area (areas, in km², by region id; nil: none), never by the regions'
// order; with no area to tell them apart, tied groups are all main (none
// is cut off from the others).
func Linked(p *mapdata.Pack, areas map[string]float64) Groups {
	idx := map[string]int{}
	for i, r := range p.Regions {
		idx[r.ID] = i
	}
	sets := unionfind.New(len(p.Regions))
	for _, l := range p.Links {
		a, aok := idx[l.A]
		b, bok := idx[l.B]
		if aok && bok {
			sets.Union(a, b)
		}
	}
	ships, rails, anyTrain := map[string]bool{}, map[string]bool{}, false
	for _, c := range p.Deck.Cards {
		if c.Count <= 0 {
			continue
		}
		switch c.Kind {
		case mapdata.ShipCard:
			if c.Routes {
				// A ship of the routes joins the stops of each route.
				for _, route := range p.ShipRoutes {
					for _, stop := range route.Stops {
						a, aok := idx[route.Stops[0]]
						b, bok := idx[stop]
						if aok && bok {
							sets.Union(a, b)
						}
					}
				}
				continue
			}
			ships[c.Sea] = true
		case mapdata.TrainCard:
			rails[c.Rail] = true
			anyTrain = anyTrain || c.Rail == ""
		}
	}
	// A sea is named by the first sea it connects with, ships on both.
	seaSets := unionfind.New(len(p.Seas))
	seaIdx := map[string]int{}
	for i, s := range p.Seas {
		seaIdx[s.ID] = i
	}
	for i, s := range p.Seas {
		for _, o := range s.Connects {
			if j, ok := seaIdx[o]; ok && ships[s.ID] && ships[o] {
				seaSets.Union(i, j)
			}
		}
	}
	seaFirst, railFirst := map[int]int{}, map[string]int{}
	for i, r := range p.Regions {
		if r.AirOnly {
			continue
		}
		for _, s := range r.Seas {
			j, ok := seaIdx[s]
			if !ships[s] || !ok {
				continue
			}
			root := seaSets.Find(j)
			if k, seen := seaFirst[root]; seen {
				sets.Union(i, k)
			} else {
				seaFirst[root] = i
			}
		}
		for _, l := range r.Rails {
			if !anyTrain && !rails[l] {
				continue
			}
			if k, seen := railFirst[l]; seen {
				sets.Union(i, k)
			} else {
				railFirst[l] = i
			}
		}
	}
	g := Groups{Of: map[string]int{}, Main: -1, Members: map[int][]string{}, Area: map[int]float64{}}
	for i, r := range p.Regions {
		if r.AirOnly {
			continue
		}
		root := sets.Find(i)
		g.Of[r.ID] = root
		g.Members[root] = append(g.Members[root], r.ID)
		g.Area[root] += areas[r.ID]
	}
	tied := false
	for _, root := range slices.Sorted(maps.Keys(g.Members)) {
		switch {
		case g.Main < 0 || len(g.Members[root]) > len(g.Members[g.Main]):
			g.Main, tied = root, false
		case len(g.Members[root]) == len(g.Members[g.Main]):
			switch a, b := g.Area[root], g.Area[g.Main]; {
			case a > b:
				g.Main, tied = root, false
			case a == b:
				tied = true
			}
		}
	}
	if tied {
		g.Main = -1
	}
	return g
}

// IsCutOff says whether region id is cut off from the main group.
func (g Groups) IsCutOff(id string) bool {
	root, ok := g.Of[id]
	return ok && g.Main >= 0 && root != g.Main
}

// CutOff are the groups cut off from the main one, each its region ids in
// pack order, the groups in the order of their first regions.
func (g Groups) CutOff() [][]string {
	var out [][]string
	if g.Main < 0 {
		return out
	}
	for _, root := range slices.Sorted(maps.Keys(g.Members)) {
		if root != g.Main {
			out = append(out, g.Members[root])
		}
	}
	return out
}

// Outline is a region's outline on the board: its bounding box and the
// points of its polygons' outer rings (holes are no coast).
type Outline struct {
	Bound  orb.Bound
	Points []orb.Point
	// Pieces are the outer rings' points, one list a polygon.
	Pieces [][]orb.Point
	// sorted are Points by latitude, made the first time NearestKm needs
	// them (nil for an Outline not made by Outlines).
	sorted *sortedOnce
}

type sortedOnce struct {
	once   sync.Once
	points *geo.Sorted
}

// NearestKm is geo.NearestKm(as, o.Points, limit), from the points sorted
// once for every call.
func (o Outline) NearestKm(as []orb.Point, limit float64) float64 {
	if o.sorted == nil {
		return geo.NearestKm(as, o.Points, limit)
	}
	o.sorted.once.Do(func() { o.sorted.points = geo.ByLatitude(o.Points) })
	return o.sorted.points.NearestKm(as, limit)
}

// Outlines are the board's regions' outlines, by id; nil without a board.
func Outlines(board *geojson.FeatureCollection) map[string]Outline {
	if board == nil {
		return nil
	}
	out := map[string]Outline{}
	for _, f := range board.Features {
		if f.Properties.MustString("layer", "") != mapdata.LayerRegion {
			continue
		}
		id := f.Properties.MustString("id", "")
		o := out[id]
		for _, p := range Polygons(f.Geometry) {
			if len(p) > 0 && len(p[0]) > 0 {
				o.Points = append(o.Points, p[0]...)
				o.Pieces = append(o.Pieces, p[0])
			}
		}
		if len(o.Points) > 0 {
			o.sorted = &sortedOnce{}
			if len(out[id].Points) == 0 {
				o.Bound = f.Geometry.Bound()
			} else {
				o.Bound = o.Bound.Union(f.Geometry.Bound())
			}
			out[id] = o
		}
	}
	return out
}

// Polygons are the polygons of a board feature's geometry.
func Polygons(g orb.Geometry) []orb.Polygon {
	switch g := g.(type) {
	case orb.Polygon:
		return []orb.Polygon{g}
	case orb.MultiPolygon:
		return g
	}
	return nil
}

// Areas are the board's regions' areas in km², by id.
func Areas(board *geojson.FeatureCollection) map[string]float64 {
	out := map[string]float64{}
	if board == nil {
		return out
	}
	for _, f := range board.Features {
		if f.Properties.MustString("layer", "") == mapdata.LayerRegion {
			out[f.Properties.MustString("id", "")] += orbgeo.Area(f.Geometry) / 1e6
		}
	}
	return out
}

// Crossing is the shortest water (or land no region holds) between a
// region From and a region To: the nearest points of their outlines.
type Crossing struct {
	From, To string
	Km       float64
}

// Nearest is, for each region of from, the region of to whose outline
// comes nearest, shortest first (ties by the regions' order in from, then
// in to); a region of from without an outline is left out. Boxes too far
// apart to beat the best so far are not measured.
func Nearest(outlines map[string]Outline, from, to []string) []Crossing {
	var out []Crossing
	for _, a := range from {
		oa, ok := outlines[a]
		if !ok || len(oa.Points) == 0 {
			continue
		}
		type cand struct {
			id    string
			lower float64
		}
		var cands []cand
		for _, b := range to {
			if ob, ok := outlines[b]; ok && len(ob.Points) > 0 && b != a {
				cands = append(cands, cand{b, geo.BoxGapKm(oa.Bound, ob.Bound)})
			}
		}
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].lower < cands[j].lower })
		best := Crossing{From: a, Km: math.Inf(1)}
		for _, c := range cands {
			if c.lower >= best.Km {
				break // no nearer outline can follow
			}
			if km := outlines[c.id].NearestKm(oa.Points, best.Km); km < best.Km {
				best.To, best.Km = c.id, km
			}
		}
		if best.To != "" {
			out = append(out, best)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Km < out[j].Km })
	return out
}

// NormalKm is the longest crossing the edition's own links make normal:
// the longest gap between the coasts of an existing ferry or bridge, or,
// when longer, a quarter more than the median distance between the centres
// of two bordering regions (one step of a journey on foot). A crossing
// longer than that would be a link unlike any other of the board. 0
// without outlines.
func NormalKm(p *mapdata.Pack, outlines map[string]Outline) float64 {
	if len(outlines) == 0 {
		return 0
	}
	var hops []float64
	longest := 0.0
	for _, l := range p.Links {
		a, aok := outlines[l.A]
		b, bok := outlines[l.B]
		if !aok || !bok {
			continue
		}
		switch l.Kind {
		case mapdata.Border:
			hops = append(hops, geo.NearestKm([]orb.Point{a.Bound.Center()}, []orb.Point{b.Bound.Center()}, math.Inf(1)))
		case mapdata.Ferry, mapdata.Bridge:
			longest = max(longest, b.NearestKm(a.Points, math.Inf(1)))
		}
	}
	if len(hops) > 0 {
		sort.Float64s(hops)
		longest = max(longest, HopSlack*hops[len(hops)/2])
	}
	return longest
}

// HopSlack is how much longer than a median step on foot a crossing may be.
const HopSlack = 1.25

// Scattered is a region whose pieces (separate polygons) that border
// other regions lie far apart: Gap is the widest gap between them that no
// nearer such piece bridges (the longest edge of their shortest spanning
// tree), in km. A piece that borders nothing (an island off its coast)
// makes no shortcut and is not counted.
type Scattered struct {
	ID     string
	Pieces int
	Gap    float64
}

// ScatteredRegions are the regions of ids whose bordering pieces lie more
// than limit km apart (see Scattered), in the order of ids; neighbours are
// each region's bordering regions, by id.
func ScatteredRegions(outlines map[string]Outline, ids []string, neighbours map[string][]string, limit float64) []Scattered {
	var out []Scattered
	for _, id := range ids {
		o, ok := outlines[id]
		if !ok || len(o.Pieces) < 2 {
			continue
		}
		var pieces [][]orb.Point
		for _, pc := range o.Pieces {
			if touchesAny(pc, outlines, neighbours[id]) {
				pieces = append(pieces, pc)
			}
		}
		if len(pieces) < 2 {
			continue
		}
		if gap := spanningGap(pieces); gap > limit {
			out = append(out, Scattered{ID: id, Pieces: len(pieces), Gap: gap})
		}
	}
	return out
}

// touchKm is how near a neighbour's outline comes to a piece that borders it.
const touchKm = 1.0

// touchesAny says whether a neighbour's outline comes within touchKm of
// the piece.
func touchesAny(piece []orb.Point, outlines map[string]Outline, neighbours []string) bool {
	var box orb.Bound
	for i, p := range piece {
		if i == 0 {
			box = orb.Bound{Min: p, Max: p}
		}
		box = box.Extend(p)
	}
	for _, n := range neighbours {
		o, ok := outlines[n]
		if ok && geo.BoxGapKm(box, o.Bound) < touchKm && o.NearestKm(piece, touchKm) < touchKm {
			return true
		}
	}
	return false
}

// spanningGap is the longest edge of the shortest tree spanning the
// pieces (Prim's algorithm on the pieces' nearest distances).
func spanningGap(pieces [][]orb.Point) float64 {
	n := len(pieces)
	in := make([]bool, n)
	dist := make([]float64, n)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[0] = 0
	longest := 0.0
	for range n {
		k := -1
		for i := range n {
			if !in[i] && (k < 0 || dist[i] < dist[k]) {
				k = i
			}
		}
		in[k] = true
		longest = max(longest, dist[k])
		for i := range n {
			if !in[i] {
				dist[i] = min(dist[i], geo.NearestKm(pieces[k], pieces[i], dist[i]))
			}
		}
	}
	return longest
}
