// Package combine makes the pack of a combined edition (20 Days Around the
// World) from the packs of its member editions: every region, link, sea,
// rail line and card of each map under an id that names the map
// ("europe.RUS"), the places one on two maps, the links between maps, the
// seas two maps share, and the Combined block (members, piles, win).
//
// The result is an ordinary regions pack, so every tool that reads packs
// reads it; the engine reads the Combined block and each region's map for
// the win condition and the piles.
package combine

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// Member is one member edition, built.
type Member struct {
	ID    string // the name the combined edition gives it (europe)
	Pack  *mapdata.Pack
	Board *geojson.FeatureCollection // nil: no geometry
}

// Sep joins a map's id and an id of that map in the combined pack
// (europe.RUS); tokens use a colon instead (europe:Russia).
const Sep = "."

type combiner struct {
	doc     *mapdata.CombinedEditionDoc
	ed      *mapdata.CombinedEdition
	members map[string]*Member
	titles  map[string]string
	out     *mapdata.Pack
	seaOf   map[string]string // "europe:atlantic" (member sea) -> combined sea id
	regions map[string]*mapdata.Region
	links   map[[3]string]bool
}

// Combine builds the combined pack and its board. Errors name the place in
// the combined edition file.
func Combine(doc *mapdata.CombinedEditionDoc, members []Member) (*mapdata.Pack, *geojson.FeatureCollection, error) {
	c := &combiner{doc: doc, ed: doc.Edition, members: map[string]*Member{}, titles: map[string]string{},
		seaOf: map[string]string{}, regions: map[string]*mapdata.Region{}, links: map[[3]string]bool{}}
	for i := range members {
		m := &members[i]
		c.members[m.ID] = m
		c.titles[m.ID] = title(m.Pack.Edition.Name, m.ID)
	}
	if err := c.check(); err != nil {
		return nil, nil, err
	}
	c.out = &mapdata.Pack{Kind: mapdata.KindRegions,
		Edition:  mapdata.EditionInfo{ID: c.ed.ID, Name: c.ed.Name, Days: c.ed.Days},
		Combined: &mapdata.Combined{DrawPiles: c.ed.Piles.Draw, FaceUp: c.ed.Piles.FaceUp, Win: c.ed.Win, Planes: c.ed.Planes},
	}
	for _, id := range c.ed.Members {
		c.out.Combined.Members = append(c.out.Combined.Members, mapdata.Member{ID: id, Name: c.titles[id]})
	}
	if err := c.seas(); err != nil {
		return nil, nil, err
	}
	c.colorsAndRails()
	c.regionsAndLinks()
	if err := c.same(); err != nil {
		return nil, nil, err
	}
	if err := c.extraLinks(); err != nil {
		return nil, nil, err
	}
	c.carsAcrossMaps()
	c.deck()
	c.provenance()
	// The board before Canonicalize, which sorts the regions under the
	// pointers c.regions holds (every feature would take another region's
	// name and colour).
	board := c.board()
	mapdata.Canonicalize(c.out)
	return c.out, board, nil
}

// title is how a map is named after a region ("Russia (Europe)"): the
// edition name less "10 Days in".
func title(name, id string) string {
	if t, ok := strings.CutPrefix(name, "10 Days in the "); ok {
		return t
	}
	if t, ok := strings.CutPrefix(name, "10 Days in "); ok {
		return t
	}
	if id == "" {
		return name
	}
	return strings.ToUpper(id[:1]) + id[1:]
}

func (c *combiner) errorf(ptr, format string, args ...any) error {
	return diag.Errorf(c.doc.Position(ptr), format, args...)
}

func (c *combiner) check() error {
	if c.ed.Win != mapdata.WinEveryMap {
		return c.errorf("/win", "unknown win condition %q (want %q)", c.ed.Win, mapdata.WinEveryMap)
	}
	if c.ed.Planes != mapdata.PlanesWithinMap && c.ed.Planes != mapdata.PlanesAcross {
		return c.errorf("/planes", "unknown plane rule %q (want %q or %q)", c.ed.Planes, mapdata.PlanesWithinMap, mapdata.PlanesAcross)
	}
	if len(c.ed.Members) < 2 {
		return c.errorf("/members", "a combined edition has at least two members")
	}
	for i, id := range c.ed.Members {
		m, ok := c.members[id]
		if !ok {
			return c.errorf(fmt.Sprintf("/members/%d", i), "member %q was not built", id)
		}
		if m.Pack.Combined != nil {
			return c.errorf(fmt.Sprintf("/members/%d", i), "member %q is itself combined", id)
		}
	}
	return nil
}

func (c *combiner) id(m, id string) string { return m + Sep + id }

// region resolves MAP:NAME to a combined region id.
func (c *combiner) region(ptr, tok string) (string, error) {
	m, name, ok := strings.Cut(tok, ":")
	mem, known := c.members[m]
	if !ok || !known {
		return "", c.errorf(ptr, "%q: name a member map and a region (MAP:NAME, MAP one of %s)", tok, strings.Join(c.ed.Members, ", "))
	}
	id, err := mapdata.NewTokenIndex(mem.Pack).Canonical(name)
	if err != nil || mem.Pack.Region(id) == nil {
		return "", c.errorf(ptr, "%q: no region %q on the %s map", tok, name, m)
	}
	return c.id(m, id), nil
}

func (c *combiner) seas() error {
	byName := func(p *mapdata.Pack, name string) string {
		for _, s := range p.Seas {
			if mapdata.Fold(s.ID) == mapdata.Fold(name) || mapdata.Fold(s.Name) == mapdata.Fold(name) {
				return s.ID
			}
		}
		return ""
	}
	shared := map[string]*mapdata.Sea{}
	for i, s := range c.ed.Seas {
		sea := &mapdata.Sea{ID: s.ID, Name: s.Name}
		shared[s.ID] = sea
		for j, tok := range s.Of {
			m, name, _ := strings.Cut(tok, ":")
			mem, ok := c.members[m]
			id := ""
			if ok {
				id = byName(mem.Pack, name)
			}
			if id == "" {
				return c.errorf(fmt.Sprintf("/seas/%d/of/%d", i, j), "%q: no sea %q on a member map", tok, name)
			}
			c.seaOf[m+":"+id] = s.ID
		}
		c.out.Seas = append(c.out.Seas, *sea)
	}
	for _, m := range c.ed.Members {
		for _, s := range c.members[m].Pack.Seas {
			if _, ok := c.seaOf[m+":"+s.ID]; !ok {
				c.seaOf[m+":"+s.ID] = c.id(m, s.ID)
				c.out.Seas = append(c.out.Seas, mapdata.Sea{ID: c.id(m, s.ID), Name: s.Name + " (" + c.titles[m] + ")"})
			}
		}
	}
	// Connections, through the renaming.
	conn := map[string]map[string]bool{}
	for _, m := range c.ed.Members {
		for _, s := range c.members[m].Pack.Seas {
			for _, o := range s.Connects {
				a, b := c.seaOf[m+":"+s.ID], c.seaOf[m+":"+o]
				if b == "" || a == b {
					continue
				}
				if conn[a] == nil {
					conn[a] = map[string]bool{}
				}
				conn[a][b] = true
			}
		}
	}
	for i := range c.out.Seas {
		for o := range conn[c.out.Seas[i].ID] {
			c.out.Seas[i].Connects = append(c.out.Seas[i].Connects, o)
		}
		sort.Strings(c.out.Seas[i].Connects)
	}
	return nil
}

func (c *combiner) color(m, id string) string {
	if c.ed.Planes == mapdata.PlanesAcross {
		return id
	}
	return c.id(m, id)
}

func (c *combiner) colorsAndRails() {
	seen := map[string]bool{}
	for _, m := range c.ed.Members {
		p := c.members[m].Pack
		for _, col := range p.Colors {
			id := c.color(m, col.ID)
			if seen[id] {
				continue
			}
			seen[id] = true
			name := col.Name
			if c.ed.Planes == mapdata.PlanesWithinMap {
				name += " (" + c.titles[m] + ")"
			}
			c.out.Colors = append(c.out.Colors, mapdata.Color{ID: id, Name: name, Hex: col.Hex})
		}
		for _, r := range p.Rails {
			stops := make([]string, len(r.Stops))
			for i, s := range r.Stops {
				stops[i] = c.id(m, s)
			}
			c.out.Rails = append(c.out.Rails, mapdata.Rail{ID: c.id(m, r.ID), Name: r.Name, Stops: stops})
		}
	}
}

func (c *combiner) regionsAndLinks() {
	names := map[string]int{}
	for _, m := range c.ed.Members {
		for _, r := range c.members[m].Pack.Regions {
			names[mapdata.Fold(r.Name)]++
		}
	}
	for _, m := range c.ed.Members {
		p := c.members[m].Pack
		t := c.titles[m]
		for _, r := range p.Regions {
			nr := r
			nr.ID, nr.Map, nr.Color = c.id(m, r.ID), m, c.color(m, r.Color)
			if names[mapdata.Fold(r.Name)] > 1 {
				nr.Name = r.Name + " (" + t + ")"
			}
			nr.Aliases = []string{m + ":" + r.ID, m + ":" + r.Name, r.ID}
			if nr.Name != r.Name {
				nr.Aliases = append(nr.Aliases, r.Name)
			}
			for _, a := range r.Aliases {
				nr.Aliases = append(nr.Aliases, a, m+":"+a)
			}
			nr.Seas = nil
			for _, s := range r.Seas {
				nr.Seas = append(nr.Seas, c.seaOf[m+":"+s])
			}
			nr.Rails = nil
			for _, l := range r.Rails {
				nr.Rails = append(nr.Rails, c.id(m, l))
			}
			c.out.Regions = append(c.out.Regions, nr)
		}
		for _, l := range p.Links {
			c.addLink(c.remapLink(m, l))
		}
		for _, l := range p.Removed {
			c.out.Removed = append(c.out.Removed, c.remapLink(m, l))
		}
	}
	for i := range c.out.Regions {
		c.regions[c.out.Regions[i].ID] = &c.out.Regions[i]
	}
}

func (c *combiner) remapLink(m string, l mapdata.Link) mapdata.Link {
	l.A, l.B = c.id(m, l.A), c.id(m, l.B)
	if l.Via != nil {
		via := make([]string, len(l.Via))
		for i, v := range l.Via {
			via[i] = c.id(m, v)
		}
		l.Via = via
	}
	return l
}

func (c *combiner) addLink(l mapdata.Link) {
	a, b := min(l.A, l.B), max(l.A, l.B)
	key := [3]string{a, b, string(l.Kind)}
	if a == b || c.links[key] {
		return
	}
	c.links[key] = true
	c.out.Links = append(c.out.Links, l)
}

// same makes each group of places one: every member walks to the others'
// neighbours and is on their seas and rail lines.
func (c *combiner) same() error {
	for i, group := range c.ed.Same {
		ids := make([]string, len(group))
		for j, tok := range group {
			id, err := c.region(fmt.Sprintf("/same/%d/%d", i, j), tok)
			if err != nil {
				return err
			}
			ids[j] = id
		}
		c.out.Combined.Same = append(c.out.Combined.Same, ids)
		var names []string
		for _, id := range ids {
			names = append(names, c.titles[c.regions[id].Map])
		}
		why := fmt.Sprintf("%s is one place on the %s maps", c.members[c.regions[ids[0]].Map].Pack.Region(strings.SplitN(ids[0], Sep, 2)[1]).Name, andList(names))
		foot := map[string][]mapdata.Link{}
		for _, l := range c.out.Links {
			if l.Kind.Walks() {
				foot[l.A] = append(foot[l.A], l)
				foot[l.B] = append(foot[l.B], l)
			}
		}
		for _, x := range ids {
			for _, y := range ids {
				if x == y {
					continue
				}
				for _, l := range foot[y] {
					z := l.A
					if z == y {
						z = l.B
					}
					if slices.Contains(ids, z) {
						continue
					}
					c.addLink(mapdata.Link{A: min(x, z), B: max(x, z), Kind: l.Kind, LengthKm: l.LengthKm, Why: why})
				}
				rx, ry := c.regions[x], c.regions[y]
				rx.Seas = union(rx.Seas, ry.Seas)
				rx.Rails = union(rx.Rails, ry.Rails)
			}
		}
		// The rail lines stop at every copy of the place.
		for r := range c.out.Rails {
			rail := &c.out.Rails[r]
			for _, x := range ids {
				for _, y := range ids {
					if x != y && slices.Contains(rail.Stops, y) && !slices.Contains(rail.Stops, x) {
						rail.Stops = append(rail.Stops, x)
					}
				}
			}
		}
	}
	return nil
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, v := range b {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

func andList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func (c *combiner) extraLinks() error {
	for i, l := range c.ed.Links {
		a, err := c.region(fmt.Sprintf("/links/%d/a", i), l.A)
		if err != nil {
			return err
		}
		b, err := c.region(fmt.Sprintf("/links/%d/b", i), l.B)
		if err != nil {
			return err
		}
		if c.regions[a].Map == c.regions[b].Map {
			return c.errorf(fmt.Sprintf("/links/%d", i), "%s and %s are on one map: links between maps only (a map's own links are its edition's)", l.A, l.B)
		}
		kind := mapdata.LinkKind(l.Kind)
		if kind == "" {
			kind = mapdata.Ferry
		}
		why := l.Why
		if why == "" {
			why = "between maps"
		}
		c.addLink(mapdata.Link{A: min(a, b), B: max(a, b), Kind: kind, Why: why})
	}
	return nil
}

func (c *combiner) deck() {
	ix := map[string]int{}
	// add counts a member's card, and which box its copies come from: a
	// card two boxes hold (ship:atlantic) is one card of the pack, its
	// copies of two backs.
	add := func(m string, card mapdata.Card) {
		card.Token = mapdata.CardToken(card)
		var from []mapdata.MapCount
		if card.Count > 0 {
			from = []mapdata.MapCount{{Map: m, Count: card.Count}}
		}
		if i, ok := ix[card.Token]; ok {
			c.out.Deck.Cards[i].Count += card.Count
			c.out.Deck.Cards[i].Maps = append(c.out.Deck.Cards[i].Maps, from...)
			return
		}
		card.Maps = from
		ix[card.Token] = len(c.out.Deck.Cards)
		c.out.Deck.Cards = append(c.out.Deck.Cards, card)
	}
	var exp mapdata.Expect
	var er, et, eg int
	all := true
	for _, m := range c.ed.Members {
		p := c.members[m].Pack
		for _, card := range p.Deck.Cards {
			switch card.Kind {
			case mapdata.RegionCard:
				card.Region = c.id(m, card.Region)
			case mapdata.PlaneCard:
				card.Color = c.color(m, card.Color)
			case mapdata.ShipCard:
				card.Sea = c.seaOf[m+":"+card.Sea]
			case mapdata.TrainCard:
				if card.Rail != "" {
					card.Rail = c.id(m, card.Rail)
				}
			}
			add(m, card)
		}
		if e := p.Expect; e != nil && e.Regions != nil && e.RegionCards != nil && e.TransportCards != nil {
			eg += *e.Regions
			er += *e.RegionCards
			et += *e.TransportCards
		} else {
			all = false
		}
	}
	if all {
		exp.Regions, exp.RegionCards, exp.TransportCards = &eg, &er, &et
		c.out.Expect = &exp
	}
}

func (c *combiner) provenance() {
	first := c.members[c.ed.Members[0]].Pack.Provenance
	c.out.Provenance = mapdata.Provenance{Tool: first.Tool, Version: first.Version, Parameters: map[string]string{}}
	for _, m := range c.ed.Members {
		p := c.members[m].Pack.Provenance
		for _, in := range p.Inputs {
			in.Path = m + "/" + in.Path
			c.out.Provenance.Inputs = append(c.out.Provenance.Inputs, in)
		}
		for k, v := range p.Parameters {
			c.out.Provenance.Parameters[m+"."+k] = v
		}
	}
	c.out.Provenance.Notes = slices.Clone(c.ed.Provenance)
}

// board joins the members' boards, every feature marked with its map and
// its ids renamed as in the pack.
func (c *combiner) board() *geojson.FeatureCollection {
	fc := geojson.NewFeatureCollection()
	for _, m := range c.ed.Members {
		b := c.members[m].Board
		if b == nil {
			continue
		}
		for _, f := range b.Features {
			g := geojson.NewFeature(f.Geometry)
			g.Properties = geojson.Properties{}
			for k, v := range f.Properties {
				g.Properties[k] = v
			}
			g.Properties["map"] = m
			if id, ok := f.Properties["id"].(string); ok && f.Properties["layer"] == mapdata.LayerRegion {
				nid := c.id(m, id)
				g.ID, g.Properties["id"] = nid, nid
				if r := c.regions[nid]; r != nil {
					g.Properties["name"], g.Properties["color"] = r.Name, r.Color
				}
			}
			if sea, ok := f.Properties["sea"].(string); ok && c.seaOf[m+":"+sea] != "" {
				g.Properties["sea"] = c.seaOf[m+":"+sea]
			}
			if rail, ok := f.Properties["rail"].(string); ok {
				g.Properties["rail"] = c.id(m, rail)
			}
			fc.Append(g)
		}
	}
	return fc
}

// carsAcrossMaps adds the car links the joined maps make: from A to B
// through a third region C that borders both, where A, B and C are not all
// on one map (a map's own car links are its edition's, removals included)
// and one of them is on a map whose box has cars. "Borders" means a link of
// a kind the car boxes drive through (their automobile.through). So the
// Africa box's car drives from Sudan through Egypt to Israel, or from Libya
// through Tunisia and its ferry to Italy, but no car drives within Europe,
// whose box has none.
func (c *combiner) carsAcrossMaps() {
	carMaps := map[string]bool{}
	through := map[mapdata.LinkKind]bool{}
	for _, m := range c.ed.Members {
		p := c.members[m].Pack
		if !slices.ContainsFunc(p.Deck.Cards, func(card mapdata.Card) bool { return card.Kind == mapdata.CarCard && card.Count > 0 }) {
			continue
		}
		carMaps[m] = true
		for _, k := range throughKinds(p) {
			through[k] = true
		}
	}
	if len(carMaps) == 0 {
		return
	}
	sameGroup := map[string]int{}
	for i, g := range c.out.Combined.Same {
		for _, id := range g {
			sameGroup[id] = i + 1
		}
	}
	nbrs := map[string][]string{}
	carAt := map[[2]string]int{}
	for i, l := range c.out.Links {
		switch {
		case l.Kind == mapdata.Car:
			carAt[[2]string{min(l.A, l.B), max(l.A, l.B)}] = i
		case through[l.Kind] && !c.regions[l.A].AirOnly && !c.regions[l.B].AirOnly:
			nbrs[l.A] = append(nbrs[l.A], l.B)
			nbrs[l.B] = append(nbrs[l.B], l.A)
		}
	}
	via := map[[2]string][]string{}
	for _, mid := range slices.Sorted(maps.Keys(nbrs)) {
		ns := slices.Compact(slices.Sorted(slices.Values(nbrs[mid])))
		for x, a := range ns {
			for _, b := range ns[x+1:] {
				ma, mb, mc := c.regions[a].Map, c.regions[b].Map, c.regions[mid].Map
				switch {
				case ma == mb && mb == mc:
					continue // the member's own
				case !carMaps[ma] && !carMaps[mb] && !carMaps[mc]:
					continue // no car box drives here
				case sameGroup[a] != 0 && sameGroup[a] == sameGroup[b]:
					continue // one place on two maps
				}
				k := [2]string{a, b}
				via[k] = append(via[k], mid)
			}
		}
	}
	for _, k := range slices.SortedFunc(maps.Keys(via), func(x, y [2]string) int {
		if x[0] != y[0] {
			return strings.Compare(x[0], y[0])
		}
		return strings.Compare(x[1], y[1])
	}) {
		if i, ok := carAt[k]; ok {
			c.out.Links[i].Via = slices.Compact(slices.Sorted(slices.Values(append(c.out.Links[i].Via, via[k]...))))
			continue
		}
		c.addLink(mapdata.Link{A: k[0], B: k[1], Kind: mapdata.Car, Via: via[k], Why: "between maps"})
	}
}

// throughKinds are the link kinds a member's cars drive through, as its
// pack records them (mapdata.CarThrough); borders when it says nothing.
func throughKinds(p *mapdata.Pack) []mapdata.LinkKind {
	kinds, _ := mapdata.CarThrough(p)
	return kinds
}
