package tts

import (
	"fmt"
	"math"
	"strings"

	"github.com/paulmach/orb"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/mapdata"
)

// Face is one card face: the card it shows, its title and its picture.
type Face struct {
	Card  mapdata.Card
	Title string
	Scene *scene.Scene
	// frame is how many of Scene's first items are the card's frame
	// (card): the same on every face of its edge colour, so Build paints
	// it once per colour and copies it.
	frame int
}

const (
	ink      = "#1c1c1c"
	paper    = "#ffffff"
	carBg    = "#6b6b6b"
	shipBg   = "#2f6fae"
	trainBg  = "#3d3d3d"
	backBg   = "#1f3a5f"
	grey     = "#bdbdbd"
	edgeGrey = "#9a9a9a"
)

// Faces draws every card of the deck, in deck order, w pixels wide and
// CardAspect times as high.
func Faces(p *mapdata.Pack, b *board.Geometry, w float64) ([]Face, error) {
	return FacesAt(p, b, w, math.Round(w*CardAspect))
}

// FacesAt draws every card of the deck, in deck order, w by h pixels (a
// card of about the proportions of a poker card: h/w from 1.3 to 1.5).
func FacesAt(p *mapdata.Pack, b *board.Geometry, w, h float64) ([]Face, error) {
	hex := map[string]mapdata.Color{}
	for _, c := range p.Colors {
		hex[c.ID] = c
	}
	colour := func(id string) string {
		if c, ok := hex[id]; ok {
			if _, _, _, err := scene.RGB(c.Hex); err == nil {
				return c.Hex
			}
		}
		return grey
	}
	colourName := func(id string) string {
		if c, ok := hex[id]; ok && c.Name != "" {
			return c.Name
		}
		return id
	}
	syms := scene.Symbols(p)
	// corners puts the colour's symbol in a face's top corners, where a
	// fanned hand shows it: colour is never the only sign.
	corners := func(sc *scene.Scene, colour, fill string) {
		sym, ok := syms[colour]
		if !ok {
			return
		}
		u := w / 400
		st := scene.Style{Fill: fill, FillOpacity: 1, Stroke: ink, StrokeOpacity: 1, StrokeWidth: 2 * u}
		for _, x := range []float64{44 * u, w - 44*u} {
			sc.Items = append(sc.Items, scene.Symbol(sym, orb.Point{x, 44 * u}, 14*u, st))
		}
	}
	// Every region card looks up its region and its outline: indexed once,
	// not searched a card at a time (quadratic in a big deck, issue 33).
	regions := make(map[string]*mapdata.Region, len(p.Regions))
	for i := range p.Regions {
		if _, dup := regions[p.Regions[i].ID]; !dup {
			regions[p.Regions[i].ID] = &p.Regions[i]
		}
	}
	var outlines map[string]*board.Region
	if b != nil {
		outlines = b.ByID()
	}
	var out []Face
	for _, c := range p.Deck.Cards {
		if c.Count <= 0 {
			continue
		}
		var f Face
		switch c.Kind {
		case mapdata.RegionCard:
			r := regions[c.Region]
			if r == nil {
				return nil, fmt.Errorf("deck card %q names region %q, which the pack does not have", c.Token, c.Region)
			}
			var geo orb.MultiPolygon
			if br := outlines[r.ID]; br != nil {
				geo = br.Geometry
			}
			note := colourName(r.Color)
			if r.AirOnly {
				note += " · air only"
			}
			sc, frame := regionFace(r, geo, colour(r.Color), note, w, h)
			f = Face{Title: r.Name, Scene: sc, frame: frame}
			corners(f.Scene, r.Color, colour(r.Color))
		case mapdata.PlaneCard:
			sym := -1
			if v, ok := syms[c.Color]; ok {
				sym = v
			}
			label, name, picture := kindLook(p, c.Kind)
			sc, frame := transportFace(label, colourName(c.Color), "between two regions of this colour", colour(c.Color), picture, sym, w, h)
			f = Face{Title: name + " (" + colourName(c.Color) + ")", Scene: sc, frame: frame}
			corners(f.Scene, c.Color, colour(c.Color))
		case mapdata.CarCard:
			label, name, picture := kindLook(p, c.Kind)
			sc, frame := transportFace(label, "", "through a region that borders both", carBg, picture, -1, w, h)
			f = Face{Title: name, Scene: sc, frame: frame}
		case mapdata.ShipCard:
			sea := c.Sea
			for _, s := range p.Seas {
				if s.ID == c.Sea && s.Name != "" {
					sea = s.Name
				}
			}
			rule := "between two regions on this sea"
			if c.Routes {
				sea, rule = "the ship routes", "between two stops of one ship route"
			}
			label, name, picture := kindLook(p, c.Kind)
			sc, frame := transportFace(label, sea, rule, shipBg, picture, -1, w, h)
			f = Face{Title: name + " (" + sea + ")", Scene: sc, frame: frame}
		case mapdata.TrainCard:
			label, name, picture := kindLook(p, c.Kind)
			line, title := "any line", name
			for _, r := range p.Rails {
				if r.ID == c.Rail && c.Rail != "" {
					line, title = nameOr(r.Name, r.ID), name+" ("+nameOr(r.Name, r.ID)+")"
				}
			}
			sc, frame := transportFace(label, line, "between two stops of one line", trainBg, picture, -1, w, h)
			f = Face{Title: title, Scene: sc, frame: frame}
		default:
			return nil, fmt.Errorf("deck card %q has kind %q, which tendays cannot draw", c.Token, c.Kind)
		}
		f.Card = c
		out = append(out, f)
	}
	return out, nil
}

// kindLook is how a kind of transport card looks under the pack's rules:
// its label and name (Airplane, or the edition's own: Zug) and the picture
// of its pictogram (scene.PictureOf).
func kindLook(p *mapdata.Pack, k mapdata.CardKind) (label, name, picture string) {
	t := p.Rules.Kind(k)
	return strings.ToUpper(t.Name), t.Name, scene.PictureOf(t.Pictogram)
}

func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}

// card is the common frame: a coloured edge and a white panel. It depends
// on w, h and edge alone (Build paints it once per edge colour).
func card(w, h float64, edge string) (*scene.Scene, float64) {
	u := w / 400
	sc := &scene.Scene{Width: w, Height: h, Background: edge}
	sc.Items = append(sc.Items, &scene.Path{Class: "panel", Rings: [][]orb.Point{rect(18*u, 18*u, w-18*u, h-18*u)}, Closed: true,
		Style: scene.Style{Fill: paper, FillOpacity: 1, Stroke: ink, StrokeOpacity: 0.25, StrokeWidth: 2 * u}})
	if scene.Luminance(edge) > 0.8 {
		// A white card needs a line to show its edge, inside the cut
		// (a printer's trim wanders by a sixteenth of an inch).
		sc.Items = append(sc.Items, &scene.Path{Rings: [][]orb.Point{rect(8*u, 8*u, w-8*u, h-8*u)}, Closed: true, Style: scene.Stroked(edgeGrey, 3*u)})
	}
	return sc, u
}

// nameWidth is the room a face's name has between its corner symbols.
func nameWidth(w, u float64) float64 { return w - 2*(cornerX+cornerR+10)*u }

// Where the corner symbols sit (in 400ths of the card's width).
const (
	cornerX = 44.0
	cornerR = 14.0
)

// regionFace is a region's face and the number of its frame's items.
func regionFace(r *mapdata.Region, geo orb.MultiPolygon, fill, note string, w, h float64) (*scene.Scene, int) {
	sc, u := card(w, h, fill)
	frame := len(sc.Items)
	sc.Title = r.Name
	if r.AirOnly {
		// Air-only cards are outlined as the board outlines air-only
		// regions, dashed, so a white card never reads as blank.
		sc.Items = append(sc.Items, &scene.Path{Class: "air-only", Rings: [][]orb.Point{rect(23*u, 23*u, w-23*u, h-23*u)}, Closed: true,
			Style: scene.Style{Stroke: ink, StrokeOpacity: 1, StrokeWidth: 3 * u, Dash: []float64{14 * u, 8 * u}}})
	}
	sc.Items = append(sc.Items, scene.FitName(r.Name, scene.Bold, orb.Point{w / 2, 92 * u}, nameWidth(w, u), 118*u, 48*u, ink))
	bottom := h - 18*u // the panel's foot
	if len(geo) > 0 {
		rings := scene.Outline(geo, orb.Bound{Min: orb.Point{50 * u, 165 * u}, Max: orb.Point{w - 50*u, bottom - 122*u}}, 0.5*u)
		sc.Items = append(sc.Items, &scene.Path{Class: "outline", Rings: rings, Closed: true,
			Style: scene.Style{Fill: fill, FillOpacity: 1, Stroke: ink, StrokeOpacity: 1, StrokeWidth: 2 * u}})
	}
	noteText := scene.FitName(note, scene.Regular, orb.Point{w / 2, bottom - 30*u}, 300*u, 30*u, 22*u, ink)
	sc.Items = append(sc.Items, &scene.Text{At: orb.Point{w / 2, bottom - 72*u}, Lines: []string{r.ID}, Size: 40 * u, Font: scene.Bold, Fill: ink}, noteText)
	if r.AirOnly {
		nb := noteText.Bound()
		c := orb.Point{nb.Min[0] - 18*u, bottom - 30*u}
		sc.Items = append(sc.Items, scene.Pictogram(scene.PlanePicture, orb.Bound{Min: orb.Point{c[0] - 13*u, c[1] - 13*u}, Max: orb.Point{c[0] + 13*u, c[1] + 13*u}}, paper, -1)...)
	}
	return sc, frame
}

// transportFace is a transport card's face (its pictogram, with the
// colour's symbol when it has one) and the number of its frame's items.
func transportFace(kind, what, rule, bg, picture string, symbol int, w, h float64) (*scene.Scene, int) {
	sc, u := card(w, h, bg)
	frame := len(sc.Items)
	sc.Title = kind
	sc.Items = append(sc.Items, scene.FitName(kind, scene.Bold, orb.Point{w / 2, 80 * u}, nameWidth(w, u), 80*u, 46*u, ink))
	bottom := h - 18*u
	box := orb.Bound{Min: orb.Point{90 * u, 140 * u}, Max: orb.Point{w - 90*u, bottom - 182*u}}
	sc.Items = append(sc.Items, scene.Pictogram(picture, box, bg, symbol)...)
	if what != "" {
		sc.Items = append(sc.Items, scene.FitName(what, scene.Bold, orb.Point{w / 2, bottom - 127*u}, 340*u, 70*u, 34*u, ink))
	}
	sc.Items = append(sc.Items, wrapped(rule, orb.Point{w / 2, bottom - 52*u}, 320*u, 21*u))
	return sc, frame
}

// fitted is text as large as fits in maxW by maxH (two lines if that is
// larger), at most size.
func fitted(s string, f scene.Font, at orb.Point, maxW, maxH, size float64) *scene.Text {
	return scene.FitName(s, f, at, maxW, maxH, size, ink)
}

// wrapped breaks s into lines no wider than maxW at size.
func wrapped(s string, at orb.Point, maxW, size float64) *scene.Text {
	lines := scene.Wrap(s, maxW, func(l string) float64 { return scene.Measure(scene.Italic, l, size) })
	return &scene.Text{At: at, Lines: lines, Size: size, Font: scene.Italic, Fill: "#4a4a4a"}
}

func rect(x0, y0, x1, y1 float64) []orb.Point {
	return []orb.Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

// Back draws the card back: the edition's name on a dark ground.
func Back(p *mapdata.Pack, w float64) *scene.Scene { return BackAt(p, w, math.Round(w*CardAspect)) }

// BackAt draws the card back w by h pixels.
func BackAt(p *mapdata.Pack, w, h float64) *scene.Scene {
	u := w / 400
	sc := &scene.Scene{Width: w, Height: h, Background: backBg, Title: p.Edition.Name}
	t := fitted(p.Edition.Name, scene.Bold, orb.Point{w / 2, h / 2}, 320*u, 200*u, 52*u)
	t.Fill = paper
	sc.Items = append(sc.Items,
		&scene.Path{Rings: [][]orb.Point{rect(20*u, 20*u, w-20*u, h-20*u)}, Closed: true, Style: scene.Stroked(paper, 4*u)},
		t,
		&scene.Text{At: orb.Point{w / 2, h - 50*u}, Lines: []string{fmt.Sprintf("%d days", p.Edition.Days)}, Size: 22 * u, Font: scene.Italic, Fill: paper})
	return sc
}
