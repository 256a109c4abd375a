package studio

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/mapdata"
)

// regionsView is the page of a 10 Days pack (kinds regions and combined):
// every region's facts and links, the colours, the transport cards, the
// member maps of a combined pack, and the board drawn; its journeys are
// checked and its games dealt on the engine's board, when the engine
// compiles the pack and lint finds no error that makes it unfit to play.
func regionsView(b *Build, v *View) (played, error) {
	p := b.Pack.(*mapdata.Pack)
	v.Kind, v.Title, v.Days, v.Swap = mapdata.KindRegions, p.Edition.Name, p.Edition.Days, p.Rules.Swap
	var out played
	var buf bytes.Buffer
	if err := mapdata.EncodePack(&buf, p); err != nil {
		return out, fmt.Errorf("studio: encoding the pack: %w", err)
	}
	out.pack = buf.Bytes()
	eb, err := engine.Compile(p)
	switch {
	case err != nil:
		v.Playable = err.Error()
	case b.Unplayable != "":
		v.Playable = b.Unplayable
		v.Word = eb.Word()
	default:
		out.games, out.journeys = regionsTable{eb}, eb
		v.Word = eb.Word()
	}
	out.noGames, out.noJourneys = v.Playable, v.Playable
	v.Regions, v.Colors, v.Transport = regionViews(p, eb)
	if p.Combined != nil {
		for _, m := range p.Combined.Members {
			v.Maps = append(v.Maps, MapView{ID: m.ID, Name: m.Name})
		}
	}
	if b.Board == nil {
		v.SVGNote = "no board geometry: build the edition (or put <id>.board.geojson beside the pack) to see the map"
		return out, nil
	}
	return out, drawBoard(v, p, b.Board)
}

// regionsTable deals 10 Days games on a board.
type regionsTable struct{ board *engine.Board }

func (t regionsTable) deal(req GameRequest, seed uint64) (play, error) {
	return newTenGame(t.board, req, seed)
}

// regionPath finds the region paths svg.Write draws from export/scene.
var regionPath = regexp.MustCompile(`<path id="region-([^"]*)" class="region"`)

// markRegions gives every region shape its data-region attribute: the
// page's handle, and the tests'.
func markRegions(doc string) string {
	return regionPath.ReplaceAllString(doc, `<path id="region-$1" class="region" data-region="$1"`)
}

// regionViews are each region's panel (its links grouped by kind), the
// colours with the regions that hold them, and the transport cards'
// tokens. Plane, ship and train links come from the engine (the rules live
// there), when it compiled (eb not nil).
func regionViews(p *mapdata.Pack, eb *engine.Board) ([]RegionView, []ColorView, []string) {
	out := regionPanels(p)
	addWalkingLinks(out, p)
	transport := []string{}
	if eb != nil {
		transport = addCardLinks(out, eb)
	}
	addSeasAndRails(out, p)
	return out, colorViews(p), transport
}

// regionPanels are the regions' panels with their own facts, and no link
// yet.
func regionPanels(p *mapdata.Pack) []RegionView {
	colors := map[string]mapdata.Color{}
	for _, c := range p.Colors {
		colors[c.ID] = c
	}
	out := make([]RegionView, len(p.Regions))
	for i, r := range p.Regions {
		c := colors[r.Color]
		out[i] = RegionView{ID: r.ID, Name: r.Name, Color: r.Color, ColorName: nameOr(c.Name, r.Color), Hex: c.Hex, Copies: r.Copies, AirOnly: r.AirOnly, Map: r.Map, Aliases: r.Aliases,
			Foot: []LinkView{}, Car: []LinkView{}, Plane: []Group{}, Seas: []Group{}, Rails: []Group{}}
	}
	return out
}

// addWalkingLinks puts the pack's links (border, bridge, ferry: on foot;
// car) on the panels of both their ends.
func addWalkingLinks(out []RegionView, p *mapdata.Pack) {
	index := make(map[string]int, len(p.Regions))
	for i, r := range p.Regions {
		index[r.ID] = i
	}
	for _, l := range p.Links {
		ia, oka := index[l.A]
		ib, okb := index[l.B]
		if !oka || !okb {
			continue
		}
		for _, end := range [2]struct {
			from int
			to   string
		}{{ia, l.B}, {ib, l.A}} {
			lv := LinkView{To: end.to, Kind: string(l.Kind), LengthKm: l.LengthKm, Via: l.Via, Why: l.Why}
			if l.Kind == mapdata.Car {
				out[end.from].Car = append(out[end.from].Car, lv)
			} else {
				out[end.from].Foot = append(out[end.from].Foot, lv)
			}
		}
	}
}

// addCardLinks puts on each panel the regions every plane, ship and train
// card links the region to (a plane that reaches nowhere from it says
// nothing), and returns the transport cards' tokens in the deck's order.
func addCardLinks(out []RegionView, eb *engine.Board) []string {
	transport := []string{}
	for c := range eb.NumCards() {
		id := engine.CardID(c)
		info := eb.Card(id)
		switch info.Kind {
		case engine.RegionCard:
			continue
		case engine.CarCard:
			transport = append(transport, info.Token)
			continue
		}
		transport = append(transport, info.Token)
		for x := range eb.NumRegions() {
			if info.Kind == engine.ShipCard && info.Routes {
				// A ship of the routes: each route x is a stop of.
				for k := range eb.NumRoutes() {
					out[x].Seas = append(out[x].Seas, routeGroup(eb, info.Token, k, x)...)
				}
				continue
			}
			addCardGroup(&out[x], eb, info, cardGroup(eb, id, x))
		}
	}
	for i := range out {
		kept := out[i].Plane[:0]
		for _, g := range out[i].Plane {
			if len(g.Regions) > 0 {
				kept = append(kept, g)
			}
		}
		out[i].Plane = kept
	}
	return transport
}

// cardGroup is the regions a transport card links region x to.
func cardGroup(eb *engine.Board, id engine.CardID, x int) Group {
	g := Group{Card: eb.Card(id).Token, Regions: []string{}}
	for _, y := range eb.LinkNeighbors(id, x) {
		g.Regions = append(g.Regions, eb.Region(int(y)).ID)
	}
	return g
}

// addCardGroup files a card's group on a panel by the card's kind, named
// by its colour, sea or line; a sea or a line that links nothing from the
// region is left out.
func addCardGroup(r *RegionView, eb *engine.Board, info engine.CardInfo, g Group) {
	switch info.Kind {
	case engine.PlaneCard:
		n := eb.Color(info.Color)
		g.ID, g.Name = n.ID, nameOr(n.Name, n.ID)
		r.Plane = append(r.Plane, g)
	case engine.ShipCard:
		n := eb.Sea(info.Sea)
		g.ID, g.Name = n.ID, nameOr(n.Name, n.ID)
		if len(g.Regions) > 0 {
			r.Seas = append(r.Seas, g)
		}
	case engine.TrainCard:
		if info.Rail >= 0 {
			n := eb.Rail(info.Rail)
			g.ID, g.Name = n.ID, nameOr(n.Name, n.ID)
		} else {
			g.ID, g.Name = "", "any line"
		}
		if len(g.Regions) > 0 {
			r.Rails = append(r.Rails, g)
		}
	}
}

// routeGroup is ship route k as region x's panel lists it (with the seas:
// where its ship takes a journey): the route's other stops, or nothing when
// x is no stop of it.
func routeGroup(b *engine.Board, card string, k, x int) []Group {
	stops := b.RouteStops(k)
	if !slices.Contains(stops, int32(x)) {
		return nil
	}
	r := b.Route(k)
	g := Group{Card: card, ID: r.ID, Name: "ship route " + r.Name, Regions: []string{}}
	for _, y := range stops {
		if int(y) != x {
			g.Regions = append(g.Regions, b.Region(int(y)).ID)
		}
	}
	return []Group{g}
}

// addSeasAndRails names on each panel the seas and rail lines the region
// is on, though no card links it along them.
func addSeasAndRails(out []RegionView, p *mapdata.Pack) {
	for i, r := range p.Regions {
		for _, s := range r.Seas {
			if !hasGroup(out[i].Seas, s) {
				out[i].Seas = append(out[i].Seas, Group{ID: s, Name: seaName(p, s), Regions: []string{}})
			}
		}
		for _, s := range r.Rails {
			if !hasGroup(out[i].Rails, s) && !hasGroup(out[i].Rails, "") {
				out[i].Rails = append(out[i].Rails, Group{ID: s, Name: railName(p, s), Regions: []string{}})
			}
		}
	}
}

// colorViews are the colours with the number of regions holding each.
func colorViews(p *mapdata.Pack) []ColorView {
	count := map[string]int{}
	for _, r := range p.Regions {
		count[r.Color]++
	}
	cv := make([]ColorView, 0, len(p.Colors))
	for _, c := range p.Colors {
		cv = append(cv, ColorView{ID: c.ID, Name: nameOr(c.Name, c.ID), Hex: c.Hex, Regions: count[c.ID]})
	}
	return cv
}

func hasGroup(gs []Group, id string) bool {
	for _, g := range gs {
		if g.ID == id {
			return true
		}
	}
	return false
}

func seaName(p *mapdata.Pack, id string) string {
	for _, s := range p.Seas {
		if s.ID == id {
			return nameOr(s.Name, id)
		}
	}
	return id
}

func railName(p *mapdata.Pack, id string) string {
	for _, r := range p.Rails {
		if r.ID == id {
			return nameOr(r.Name, id)
		}
	}
	return id
}

func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
