package studio

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/mapdata"
)

// state is one build, ready to serve: its JSON documents made once.
type state struct {
	build    *Build
	board    *engine.Board // nil: a network pack, or a pack the engine refuses
	network  *route.Board  // a route-network pack the engine plays
	version  int
	pack     []byte // GET /api/pack
	findings []byte // GET /api/findings
	view     []byte // GET /api/view: what the page draws

	// views are the view in other languages (GET /api/view?lang=), made
	// when first asked for.
	viewsMu sync.Mutex
	views   map[string][]byte
}

// viewIn is the view with the regions named in lang, where the pack has
// names in it (mapdata.Pack.InLanguage); the default view for "" or a
// language none of its regions has.
func (st *state) viewIn(lang string) []byte {
	p := st.build.Pack
	if lang == "" || p == nil {
		return st.view
	}
	has := false
	for _, r := range p.Regions {
		if _, ok := r.NameIn(lang); ok && len(r.Names) > 0 {
			has = true
			break
		}
	}
	if !has {
		return st.view
	}
	st.viewsMu.Lock()
	defer st.viewsMu.Unlock()
	if v, ok := st.views[lang]; ok {
		return v
	}
	lp, _ := p.InLanguage(lang)
	b := *st.build
	b.Pack = lp
	other, err := newState(&b, st.version)
	if err != nil {
		return st.view
	}
	if st.views == nil {
		st.views = map[string][]byte{}
	}
	st.views[lang] = other.view
	return other.view
}

// View is what the page draws: the board picture, each region's facts and
// links grouped by kind, the cards a journey can use, the findings.
type View struct {
	Version   int           `json:"version"`
	Kind      string        `json:"kind"` // regions, network, or "" when nothing was derived
	Source    string        `json:"source"`
	Title     string        `json:"title"`
	Days      int           `json:"days,omitempty"`
	Word      string        `json:"word,omitempty"` // state, country, region
	Swap      bool          `json:"swap"`
	SVG       string        `json:"svg"`
	SVGNote   string        `json:"svgNote,omitempty"`  // why there is no picture
	Playable  string        `json:"playable,omitempty"` // why the engine refuses the pack, "" when it plays
	Regions   []RegionView  `json:"regions"`
	Colors    []ColorView   `json:"colors"`
	Transport []string      `json:"transport"` // the transport cards' tokens
	Findings  []FindingView `json:"findings"`
	Network   *NetworkView  `json:"network,omitempty"`
	// Maps are the member maps of a combined pack (none for one map), and
	// Frames their boards, each drawn on its own (SVG is then empty).
	Maps   []MapView   `json:"maps,omitempty"`
	Frames []FrameView `json:"frames,omitempty"`
	// MapBox is where the map lies on a one-map board's picture (x0, y0,
	// x1, y1): what "fit to the map" shows.
	MapBox [4]float64 `json:"mapBox"`
}

// MapView is one member map of a combined pack.
type MapView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// RegionView is one region's panel.
type RegionView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	ColorName string `json:"colorName"`
	Hex       string `json:"hex"`
	Copies    int    `json:"copies"`
	AirOnly   bool   `json:"airOnly"`
	Map       string `json:"map,omitempty"` // the member map of a combined pack
	// At is the region's label point in its picture's units (its frame's,
	// on a combined edition), R the radius of the largest circle inside
	// it there.
	At      [2]float64 `json:"at"`
	R       float64    `json:"r"`
	Aliases []string   `json:"aliases,omitempty"` // other tokens naming it (asia:Russia)
	Foot    []LinkView `json:"foot"`              // border, bridge, ferry
	Car     []LinkView `json:"car"`
	Plane   []Group    `json:"plane"` // per plane card: the regions it reaches from here
	Seas    []Group    `json:"seas"`
	Rails   []Group    `json:"rails"`
}

// LinkView is a link from the region to another.
type LinkView struct {
	To       string   `json:"to"`
	Kind     string   `json:"kind"`
	LengthKm float64  `json:"lengthKm,omitempty"`
	Via      []string `json:"via,omitempty"`
	Why      string   `json:"why,omitempty"`
}

// Group is a sea, a rail line or a plane colour, and the regions its card
// links the region to.
type Group struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Card    string   `json:"card,omitempty"`
	Regions []string `json:"regions"`
}

// ColorView is a colour and how many regions hold it.
type ColorView struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Hex     string `json:"hex"`
	Regions int    `json:"regions"`
}

// FindingView is a lint finding, pinned on a region when it is about one.
type FindingView struct {
	diag.Finding
	Region string `json:"region,omitempty"`
	Text   string `json:"text"`
}

// NetworkView is what the page shows of a route-network pack.
type NetworkView struct {
	Stations  []mapdata.Station         `json:"stations"`
	Routes    []mapdata.Route           `json:"routes"`
	Companies []mapdata.Company         `json:"companies"`
	Passenger []mapdata.PassengerTicket `json:"passengerTickets"`
	Freight   []mapdata.FreightTicket   `json:"freightTickets"`
	// Players are the player counts a game can have (none: the pack does
	// not play).
	Players []int `json:"players,omitempty"`
}

func newState(b *Build, version int) (*state, error) {
	st := &state{build: b, version: version}
	v := View{Version: version, Source: b.Source, Regions: []RegionView{}, Colors: []ColorView{}, Transport: []string{}, Findings: []FindingView{}}
	var buf bytes.Buffer
	switch {
	case b.Pack != nil:
		p := b.Pack
		v.Kind, v.Title, v.Days, v.Swap = mapdata.KindRegions, p.Edition.Name, p.Edition.Days, p.Rules.Swap
		if err := mapdata.EncodePack(&buf, p); err != nil {
			return nil, fmt.Errorf("studio: encoding the pack: %w", err)
		}
		eb, err := engine.Compile(p)
		switch {
		case err != nil:
			v.Playable = err.Error()
		case b.Unplayable != "":
			v.Playable = b.Unplayable
			v.Word = eb.Word()
		default:
			st.board = eb
			v.Word = eb.Word()
		}
		v.Regions, v.Colors, v.Transport = regionViews(p, eb)
		if p.Combined != nil {
			for _, m := range p.Combined.Members {
				v.Maps = append(v.Maps, MapView{ID: m.ID, Name: m.Name})
			}
		}
		switch {
		case b.Board == nil:
			v.SVGNote = "no board geometry: build the edition (or put <id>.board.geojson beside the pack) to see the map"
		default:
			if err := drawBoard(&v, p, b.Board); err != nil {
				return nil, err
			}
		}
	case b.Network != nil:
		p := b.Network
		v.Kind, v.Title = mapdata.KindNetwork, p.Edition.Name
		if err := mapdata.EncodeJSON(&buf, p); err != nil {
			return nil, fmt.Errorf("studio: encoding the pack: %w", err)
		}
		pic, err := export.RenderNetwork(p, export.SVG, export.Options{Width: 1600, Land: b.Land})
		if err != nil {
			v.SVGNote = err.Error()
		} else {
			v.SVG = string(pic)
		}
		v.Network = &NetworkView{Stations: p.Stations, Routes: p.Routes, Companies: p.Companies, Passenger: p.Passenger, Freight: p.Freight}
		if nb, err := route.Compile(p); err != nil {
			v.Playable = err.Error()
		} else if b.Unplayable != "" {
			v.Playable = b.Unplayable
		} else {
			st.network = nb
			v.Network.Players = nb.Players()
		}
	default:
		v.SVGNote = "nothing was derived: fix the findings below"
		buf.WriteString("null\n")
	}
	st.pack = buf.Bytes()
	v.Findings = findingViews(b)
	st.findings = mustJSON(map[string]any{"source": b.Source, "findings": v.Findings})
	if strings.HasPrefix(strings.TrimSpace(v.SVG), "<?xml") {
		v.SVG = v.SVG[strings.Index(v.SVG, "?>")+2:]
	}
	st.view = mustJSON(v)
	return st, nil
}

// regionPath finds the region paths svg.Write draws from export/scene.
var regionPath = regexp.MustCompile(`<path id="region-([^"]*)" class="region"`)

// markRegions gives every region shape its data-region attribute: the
// page's handle, and the tests'.
func markRegions(doc string) string {
	return regionPath.ReplaceAllString(doc, `<path id="region-$1" class="region" data-region="$1"`)
}

// regionViews groups each region's links by kind. Plane, ship and train
// links come from the engine (the rules live there), when it compiled.
func regionViews(p *mapdata.Pack, eb *engine.Board) ([]RegionView, []ColorView, []string) {
	colors := map[string]mapdata.Color{}
	count := map[string]int{}
	for _, c := range p.Colors {
		colors[c.ID] = c
	}
	index := map[string]int{}
	out := make([]RegionView, len(p.Regions))
	for i, r := range p.Regions {
		index[r.ID] = i
		c := colors[r.Color]
		count[r.Color]++
		out[i] = RegionView{ID: r.ID, Name: r.Name, Color: r.Color, ColorName: nameOr(c.Name, r.Color), Hex: c.Hex, Copies: r.Copies, AirOnly: r.AirOnly, Map: r.Map, Aliases: r.Aliases,
			Foot: []LinkView{}, Car: []LinkView{}, Plane: []Group{}, Seas: []Group{}, Rails: []Group{}}
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
	var transport []string
	if eb != nil {
		for c := range eb.NumCards() {
			id := engine.CardID(c)
			info := eb.Card(id)
			if info.Kind == engine.RegionCard || info.Kind == engine.CarCard {
				if info.Kind == engine.CarCard {
					transport = append(transport, info.Token)
				}
				continue
			}
			transport = append(transport, info.Token)
			for x := range eb.NumRegions() {
				g := Group{Card: info.Token, Regions: []string{}}
				for _, y := range eb.LinkNeighbors(id, x) {
					g.Regions = append(g.Regions, eb.Region(int(y)).ID)
				}
				switch info.Kind {
				case engine.PlaneCard:
					n := eb.Color(info.Color)
					g.ID, g.Name = n.ID, nameOr(n.Name, n.ID)
					out[x].Plane = append(out[x].Plane, g)
				case engine.ShipCard:
					n := eb.Sea(info.Sea)
					g.ID, g.Name = n.ID, nameOr(n.Name, n.ID)
					if len(g.Regions) > 0 {
						out[x].Seas = append(out[x].Seas, g)
					}
				case engine.TrainCard:
					if info.Rail >= 0 {
						n := eb.Rail(info.Rail)
						g.ID, g.Name = n.ID, nameOr(n.Name, n.ID)
					} else {
						g.ID, g.Name = "", "any line"
					}
					if len(g.Regions) > 0 {
						out[x].Rails = append(out[x].Rails, g)
					}
				}
			}
		}
		// A plane that reaches nowhere from here says nothing.
		for i := range out {
			kept := out[i].Plane[:0]
			for _, g := range out[i].Plane {
				if len(g.Regions) > 0 {
					kept = append(kept, g)
				}
			}
			out[i].Plane = kept
		}
	}
	// Seas and rails the region is on, though no card links it along them.
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
	cv := make([]ColorView, 0, len(p.Colors))
	for _, c := range p.Colors {
		cv = append(cv, ColorView{ID: c.ID, Name: nameOr(c.Name, c.ID), Hex: c.Hex, Regions: count[c.ID]})
	}
	if transport == nil {
		transport = []string{}
	}
	return out, cv, transport
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

// regionPointer is a JSON pointer into a pack's regions.
var regionPointer = regexp.MustCompile(`^/regions/(\d+)(/|$)`)

// findingViews pins findings on the regions their pointers name, sorted as
// lint sorts them.
func findingViews(b *Build) []FindingView {
	out := []FindingView{}
	for _, f := range b.Findings {
		fv := FindingView{Finding: f, Text: f.String()}
		if m := regionPointer.FindStringSubmatch(f.Pointer); m != nil && b.Pack != nil {
			if i, err := strconv.Atoi(m[1]); err == nil && i < len(b.Pack.Regions) {
				fv.Region = b.Pack.Regions[i].ID
			}
		}
		out = append(out, fv)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Severity > out[j].Severity })
	return out
}
