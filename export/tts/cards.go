package tts

import (
	"fmt"
	"math"
	"strings"

	"github.com/paulmach/orb"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/geo"
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

// Faces draws every card of the deck, in deck order, w pixels wide.
func Faces(p *mapdata.Pack, b *board.Geometry, w float64) ([]Face, error) {
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
	var out []Face
	for _, c := range p.Deck.Cards {
		if c.Count <= 0 {
			continue
		}
		var f Face
		switch c.Kind {
		case mapdata.RegionCard:
			r := p.Region(c.Region)
			if r == nil {
				return nil, fmt.Errorf("deck card %q names region %q, which the pack does not have", c.Token, c.Region)
			}
			var geo orb.MultiPolygon
			if b != nil {
				if br := b.Region(r.ID); br != nil {
					geo = br.Geometry
				}
			}
			note := colourName(r.Color)
			if r.AirOnly {
				note += " · air only"
			}
			sc, frame := regionFace(r, geo, colour(r.Color), note, w)
			f = Face{Title: r.Name, Scene: sc, frame: frame}
			corners(f.Scene, r.Color, colour(r.Color))
		case mapdata.PlaneCard:
			label, name, icon, wheels := kindLook(p, c.Kind)
			sc, frame := transportFace(label, colourName(c.Color), "between two regions of this colour", colour(c.Color), icon, wheels, w)
			f = Face{Title: name + " (" + colourName(c.Color) + ")", Scene: sc, frame: frame}
			corners(f.Scene, c.Color, colour(c.Color))
		case mapdata.CarCard:
			label, name, icon, wheels := kindLook(p, c.Kind)
			sc, frame := transportFace(label, "", "through a region that borders both", carBg, icon, wheels, w)
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
			label, name, icon, wheels := kindLook(p, c.Kind)
			sc, frame := transportFace(label, sea, rule, shipBg, icon, wheels, w)
			f = Face{Title: name + " (" + sea + ")", Scene: sc, frame: frame}
		case mapdata.TrainCard:
			label, name, icon, wheels := kindLook(p, c.Kind)
			line, title := "any line", name
			for _, r := range p.Rails {
				if r.ID == c.Rail && c.Rail != "" {
					line, title = nameOr(r.Name, r.ID), name+" ("+nameOr(r.Name, r.ID)+")"
				}
			}
			sc, frame := transportFace(label, line, "between two stops of one line", trainBg, icon, wheels, w)
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
// its label and name (Airplane, or the edition's own: Zug) and the icon of
// its pictogram (a bus is drawn as a car, a ferry as a ship).
func kindLook(p *mapdata.Pack, k mapdata.CardKind) (label, name string, icon [][]orb.Point, wheels []orb.Point) {
	t := p.Rules.Kind(k)
	switch t.Pictogram {
	case "automobile", "bus":
		icon, wheels = carIcon, carWheels
	case "ship", "ferry":
		icon = shipIcon
	case "train":
		icon, wheels = trainIcon, trainWheels
	default:
		icon = planeIcon
	}
	return strings.ToUpper(t.Name), t.Name, icon, wheels
}

func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}

// card is the common frame: a coloured edge and a white panel. It depends
// on w and edge alone (Build paints it once per edge colour).
func card(w float64, edge string) (*scene.Scene, float64) {
	h := math.Round(w * CardAspect)
	u := w / 400
	sc := &scene.Scene{Width: w, Height: h, Background: edge}
	sc.Items = append(sc.Items, &scene.Path{Class: "panel", Rings: [][]orb.Point{rect(18*u, 18*u, w-18*u, h-18*u)}, Closed: true,
		Style: scene.Style{Fill: paper, FillOpacity: 1, Stroke: ink, StrokeOpacity: 0.25, StrokeWidth: 2 * u}})
	if scene.Luminance(edge) > 0.8 {
		// A white card needs a line to show its edge.
		sc.Items = append(sc.Items, &scene.Path{Rings: [][]orb.Point{rect(2*u, 2*u, w-2*u, h-2*u)}, Closed: true, Style: scene.Stroked(edgeGrey, 3*u)})
	}
	return sc, u
}

// regionFace is a region's face and the number of its frame's items.
func regionFace(r *mapdata.Region, geo orb.MultiPolygon, fill, note string, w float64) (*scene.Scene, int) {
	sc, u := card(w, fill)
	frame := len(sc.Items)
	sc.Title = r.Name
	sc.Items = append(sc.Items, fitted(r.Name, scene.Bold, orb.Point{w / 2, 92 * u}, 340*u, 118*u, 48*u))
	if len(geo) > 0 {
		rings := scene.Outline(geo, orb.Bound{Min: orb.Point{50 * u, 165 * u}, Max: orb.Point{w - 50*u, 420 * u}}, 0.5*u)
		sc.Items = append(sc.Items, &scene.Path{Class: "outline", Rings: rings, Closed: true,
			Style: scene.Style{Fill: fill, FillOpacity: 1, Stroke: ink, StrokeOpacity: 1, StrokeWidth: 2 * u}})
	}
	sc.Items = append(sc.Items,
		&scene.Text{At: orb.Point{w / 2, 470 * u}, Lines: []string{r.ID}, Size: 40 * u, Font: scene.Bold, Fill: ink},
		fitted(note, scene.Regular, orb.Point{w / 2, 512 * u}, 330*u, 30*u, 22*u))
	return sc, frame
}

// transportFace is a transport card's face and the number of its frame's
// items.
func transportFace(kind, what, rule, bg string, icon [][]orb.Point, wheels []orb.Point, w float64) (*scene.Scene, int) {
	sc, u := card(w, bg)
	frame := len(sc.Items)
	sc.Title = kind
	sc.Items = append(sc.Items, fitted(kind, scene.Bold, orb.Point{w / 2, 80 * u}, 340*u, 80*u, 46*u))
	box := orb.Bound{Min: orb.Point{90 * u, 140 * u}, Max: orb.Point{w - 90*u, 360 * u}}
	sc.Items = append(sc.Items, icons(icon, wheels, box, bg)...)
	if what != "" {
		sc.Items = append(sc.Items, fitted(what, scene.Bold, orb.Point{w / 2, 415 * u}, 340*u, 70*u, 34*u))
	}
	sc.Items = append(sc.Items, wrapped(rule, orb.Point{w / 2, 490 * u}, 320*u, 21*u))
	return sc, frame
}

// fitted is text as large as fits in maxW by maxH (two lines if that is
// larger), at most size.
func fitted(s string, f scene.Font, at orb.Point, maxW, maxH, size float64) *scene.Text {
	best := &scene.Text{At: at, Lines: []string{s}, Size: size, Font: f, Fill: ink}
	bestS := 0.0
	options := [][]string{{s}}
	if i := scene.MiddleSpace(s); i > 0 {
		options = append(options, []string{s[:i], s[i+1:]})
	}
	for _, lines := range options {
		wd := 0.0
		for _, l := range lines {
			wd = math.Max(wd, scene.Measure(f, l, 1))
		}
		sz := size
		if wd > 0 {
			sz = math.Min(sz, maxW/wd)
		}
		sz = math.Min(sz, maxH/(float64(len(lines))*scene.LineHeight))
		if sz > bestS*1.1 {
			best, bestS = &scene.Text{At: at, Lines: lines, Size: sz, Font: f, Fill: ink}, sz
		}
	}
	return best
}

// wrapped breaks s into lines no wider than maxW at size.
func wrapped(s string, at orb.Point, maxW, size float64) *scene.Text {
	lines := scene.Wrap(s, maxW, func(l string) float64 { return scene.Measure(scene.Italic, l, size) })
	return &scene.Text{At: at, Lines: lines, Size: size, Font: scene.Italic, Fill: "#4a4a4a"}
}

func rect(x0, y0, x1, y1 float64) []orb.Point {
	return []orb.Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

// Icons are drawn in a 100 by 100 box; wheels are circle centres (radius 9).
var (
	planeIcon = [][]orb.Point{
		{{47, 4}, {53, 4}, {56, 14}, {56, 84}, {52, 96}, {48, 96}, {44, 84}, {44, 14}, {47, 4}},
		{{44, 36}, {44, 54}, {4, 66}, {4, 58}, {44, 36}},
		{{56, 36}, {96, 58}, {96, 66}, {56, 54}, {56, 36}},
		{{44, 80}, {44, 90}, {30, 96}, {30, 90}, {44, 80}},
		{{56, 80}, {70, 90}, {70, 96}, {56, 90}, {56, 80}},
	}
	carIcon = [][]orb.Point{
		{{4, 56}, {96, 56}, {96, 80}, {4, 80}, {4, 56}},
		{{20, 57}, {32, 34}, {68, 34}, {82, 57}, {20, 57}},
	}
	carWheels = []orb.Point{{26, 80}, {74, 80}}
	shipIcon  = [][]orb.Point{
		{{2, 58}, {98, 58}, {84, 82}, {16, 82}, {2, 58}},
		{{28, 42}, {72, 42}, {72, 59}, {28, 59}, {28, 42}},
		{{44, 22}, {58, 22}, {58, 43}, {44, 43}, {44, 22}},
	}
	trainIcon = [][]orb.Point{
		{{8, 30}, {78, 30}, {94, 48}, {94, 74}, {8, 74}, {8, 30}},
		{{18, 16}, {30, 16}, {30, 31}, {18, 31}, {18, 16}},
	}
	trainWheels = []orb.Point{{24, 78}, {50, 78}, {76, 78}}
)

// icons scales an icon into box, filled with the card's colour and outlined,
// so a white or pale colour still shows.
func icons(shape [][]orb.Point, wheels []orb.Point, box orb.Bound, fill string) []scene.Item {
	s := math.Min(box.Max[0]-box.Min[0], box.Max[1]-box.Min[1]) / 100
	ox := (box.Min[0]+box.Max[0])/2 - 50*s
	oy := (box.Min[1]+box.Max[1])/2 - 50*s
	var rings [][]orb.Point
	for _, r := range shape {
		out := make([]orb.Point, len(r))
		for i, p := range r {
			out[i] = orb.Point{ox + p[0]*s, oy + p[1]*s}
		}
		rings = append(rings, positive(out))
	}
	items := []scene.Item{&scene.Path{Class: "icon", Rings: rings, Closed: true,
		Style: scene.Style{Fill: fill, FillOpacity: 1, Stroke: ink, StrokeOpacity: 1, StrokeWidth: 2.5 * s}}}
	for _, c := range wheels {
		items = append(items, &scene.Circle{Class: "wheel", Center: orb.Point{ox + c[0]*s, oy + c[1]*s}, R: 9 * s,
			Style: scene.Style{Fill: ink, FillOpacity: 1, Stroke: paper, StrokeOpacity: 1, StrokeWidth: 2 * s}})
	}
	return items
}

// positive orients a ring so that overlapping parts of an icon add up under
// the non-zero rule.
func positive(r []orb.Point) []orb.Point { return geo.WindRing(r, true, geo.RFC7946) }

// Back draws the card back: the edition's name on a dark ground.
func Back(p *mapdata.Pack, w float64) *scene.Scene {
	h := math.Round(w * CardAspect)
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
