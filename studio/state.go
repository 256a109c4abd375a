package studio

import (
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// state is one build, ready to serve: its JSON documents made once, and
// what of its pack plays here (its kind's page says).
type state struct {
	build    *Build
	played   played
	version  int
	pack     []byte // GET /api/pack
	findings []byte // GET /api/findings
	view     []byte // GET /api/view: what the page draws

	// langs are the languages the regions have names in (sorted).
	langs []string

	// views are the view in other languages (GET /api/view?lang=), made
	// when first asked for; encodings the answers made of a view and the
	// server's tail (allowEdit, the last error), each gzipped once.
	viewsMu   sync.Mutex
	views     map[string][]byte
	encodings map[string]*encoded
}

// encodedView is the answer of GET /api/view in lang: the view with the
// server's own fields (tail, a JSON object) spliced in, made once for
// each tail, with its ETag and its gzip form.
func (st *state) encodedView(lang string, tail []byte) *encoded {
	body := st.viewIn(lang)
	key := lang + "\x00" + string(tail)
	st.viewsMu.Lock()
	defer st.viewsMu.Unlock()
	if e, ok := st.encodings[key]; ok {
		return e
	}
	// Splice the two objects: {...view..., ...tail...}.
	out := make([]byte, 0, len(body)+len(tail)+1)
	out = append(out, body[:len(body)-1]...)
	out = append(out, ',')
	out = append(out, tail[1:]...)
	out = append(out, '\n')
	if st.encodings == nil || len(st.encodings) > 16 {
		st.encodings = map[string]*encoded{} // a few tails a build: forget, never grow
	}
	e := newEncoded(out)
	st.encodings[key] = e
	return e
}

// viewIn is the view with the regions named in lang, where the pack has
// names in it (mapdata.Pack.InLanguage); the default view for "" or a
// language none of its regions has.
func (st *state) viewIn(lang string) []byte {
	p, ok := st.build.Pack.(*mapdata.Pack) // names in languages are a regions pack's
	if lang == "" || !ok {
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
	if b.Pack == nil {
		v.SVGNote = "nothing was derived: fix the findings below"
		why := "nothing was derived (see the findings)"
		st.played = played{pack: []byte("null\n"), noGames: why, noJourneys: why}
	} else {
		p, err := pages[b.Pack.PackKind()].view(b, &v)
		if err != nil {
			return nil, err
		}
		st.played = p
	}
	st.pack = st.played.pack
	v.Findings = findingViews(b)
	st.findings = mustJSON(map[string]any{"source": b.Source, "findings": v.Findings})
	if strings.HasPrefix(strings.TrimSpace(v.SVG), "<?xml") {
		v.SVG = v.SVG[strings.Index(v.SVG, "?>")+2:]
	}
	st.view = mustJSON(v)
	if p, ok := b.Pack.(*mapdata.Pack); ok {
		st.langs = packLanguages(p)
	}
	return st, nil
}

// packLanguages are the languages a pack's regions have names in.
func packLanguages(p *mapdata.Pack) []string {
	seen := map[string]bool{}
	for _, r := range p.Regions {
		for lang, name := range r.Names {
			if name != "" {
				seen[lang] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// regionPointer is a JSON pointer into a pack's regions.
var regionPointer = regexp.MustCompile(`^/regions/(\d+)(/|$)`)

// findingViews pins findings on the regions their pointers name, sorted as
// lint sorts them.
func findingViews(b *Build) []FindingView {
	out := []FindingView{}
	p, _ := b.Pack.(*mapdata.Pack) // a region is pinned on a regions pack
	for _, f := range b.Findings {
		fv := FindingView{Finding: f, Text: f.String()}
		if m := regionPointer.FindStringSubmatch(f.Pointer); m != nil && p != nil {
			if i, err := strconv.Atoi(m[1]); err == nil && i < len(p.Regions) {
				fv.Region = p.Regions[i].ID
			}
		}
		out = append(out, fv)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Severity > out[j].Severity })
	return out
}
