package scene

import (
	"math"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/geo"
)

// The transport cards' pictograms: a plane, a car, a ship and a train,
// drawn as vector shapes in a 100 by 100 box (y down) and scaled into the
// box a card gives them. Every card back end draws them (the Tabletop
// Simulator sheets, the card images, the PDF), so a player knows a card by
// its picture before reading a word.

// Pictograms are the kinds of transport with a picture.
const (
	PlanePicture = "plane"
	CarPicture   = "car"
	ShipPicture  = "ship"
	TrainPicture = "train"
)

// PictureOf is the picture of an edition's pictogram for a kind of
// transport card (mapdata.Pictograms): a bus is drawn as a car, a ferry as
// a ship; the box's own (airplane, automobile, ship, train) as theirs.
func PictureOf(pictogram string) string {
	switch pictogram {
	case "automobile", "bus":
		return CarPicture
	case "ship", "ferry":
		return ShipPicture
	case "train":
		return TrainPicture
	}
	return PlanePicture
}

type picture struct {
	body   [][]orb.Point // filled with the card's colour, outlined
	cutout [][]orb.Point // windows and portholes: paper over the body
	wheels []orb.Point   // discs of radius 9
	waves  [][]orb.Point // lines under a ship
}

var pictures = map[string]picture{
	PlanePicture: {
		body: [][]orb.Point{
			{{47, 4}, {53, 4}, {56, 14}, {56, 84}, {52, 96}, {48, 96}, {44, 84}, {44, 14}, {47, 4}},
			{{44, 34}, {44, 54}, {4, 66}, {4, 58}, {44, 34}},
			{{56, 34}, {96, 58}, {96, 66}, {56, 54}, {56, 34}},
			{{44, 80}, {44, 90}, {30, 96}, {30, 90}, {44, 80}},
			{{56, 80}, {70, 90}, {70, 96}, {56, 90}, {56, 80}},
		},
	},
	CarPicture: {
		body: [][]orb.Point{
			{{4, 54}, {96, 54}, {96, 78}, {4, 78}, {4, 54}},
			{{20, 55}, {32, 32}, {68, 32}, {82, 55}, {20, 55}},
		},
		cutout: [][]orb.Point{
			{{27, 53}, {35, 37}, {48, 37}, {48, 53}, {27, 53}},
			{{53, 53}, {53, 37}, {66, 37}, {75, 53}, {53, 53}},
		},
		wheels: []orb.Point{{26, 78}, {74, 78}},
	},
	ShipPicture: {
		body: [][]orb.Point{
			{{2, 56}, {98, 56}, {84, 80}, {16, 80}, {2, 56}},
			{{26, 40}, {74, 40}, {74, 57}, {26, 57}, {26, 40}},
			{{44, 18}, {58, 18}, {58, 41}, {44, 41}, {44, 18}},
		},
		cutout: [][]orb.Point{
			ringAround(orb.Point{36, 48}, 3.5), ringAround(orb.Point{50, 48}, 3.5), ringAround(orb.Point{64, 48}, 3.5),
		},
		waves: [][]orb.Point{wave(6, 90, 87), wave(20, 80, 94)},
	},
	TrainPicture: {
		body: [][]orb.Point{
			{{8, 30}, {78, 30}, {94, 48}, {94, 72}, {8, 72}, {8, 30}},
			{{18, 14}, {30, 14}, {30, 31}, {18, 31}, {18, 14}},
		},
		cutout: [][]orb.Point{
			{{56, 38}, {74, 38}, {84, 50}, {56, 50}, {56, 38}},
			{{16, 38}, {30, 38}, {30, 50}, {16, 50}, {16, 38}},
			{{36, 38}, {50, 38}, {50, 50}, {36, 50}, {36, 38}},
		},
		wheels: []orb.Point{{24, 78}, {50, 78}, {76, 78}},
	},
}

func ringAround(c orb.Point, r float64) []orb.Point {
	var out []orb.Point
	for k := 0; k <= 16; k++ {
		a := 2 * math.Pi * float64(k) / 16
		out = append(out, orb.Point{c[0] + r*math.Cos(a), c[1] + r*math.Sin(a)})
	}
	return out
}

// wave is a line of gentle crests from x0 to x1 at height y.
func wave(x0, x1, y float64) []orb.Point {
	var out []orb.Point
	for x := x0; x <= x1+1e-9; x += 2 {
		out = append(out, orb.Point{x, y + 2*math.Sin((x-x0)/14*2*math.Pi)})
	}
	return out
}

// Pictogram draws the picture of kind (PlanePicture ...) centred in box,
// its body filled with fill and outlined in ink so that a white or pale
// colour still shows; symbol >= 0 puts that colour symbol (SymbolNames)
// on it, in a paper disc, so the colour is never told by colour alone.
// An unknown kind draws nothing.
func Pictogram(kind string, box orb.Bound, fill string, symbol int) []Item {
	pic, ok := pictures[kind]
	if !ok {
		return nil
	}
	s := math.Min(box.Max[0]-box.Min[0], box.Max[1]-box.Min[1]) / 100
	ox := (box.Min[0]+box.Max[0])/2 - 50*s
	oy := (box.Min[1]+box.Max[1])/2 - 50*s
	at := func(p orb.Point) orb.Point { return orb.Point{ox + p[0]*s, oy + p[1]*s} }
	scale := func(rs [][]orb.Point, wind bool) [][]orb.Point {
		var out [][]orb.Point
		for _, r := range rs {
			q := make([]orb.Point, len(r))
			for i, p := range r {
				q[i] = at(p)
			}
			if wind {
				// Overlapping parts add up under the non-zero rule.
				q = geo.WindRing(q, true, geo.RFC7946)
			}
			out = append(out, q)
		}
		return out
	}
	items := []Item{&Path{Class: "pictogram", Rings: scale(pic.body, true), Closed: true,
		Style: Style{Fill: fill, FillOpacity: 1, Stroke: textColor, StrokeOpacity: 1, StrokeWidth: 2.5 * s}}}
	if len(pic.cutout) > 0 {
		items = append(items, &Path{Class: "pictogram-window", Rings: scale(pic.cutout, true), Closed: true,
			Style: Style{Fill: "#ffffff", FillOpacity: 1, Stroke: textColor, StrokeOpacity: 1, StrokeWidth: 1.5 * s}})
	}
	for _, c := range pic.wheels {
		items = append(items, &Circle{Class: "pictogram-wheel", Center: at(c), R: 9 * s,
			Style: Style{Fill: textColor, FillOpacity: 1, Stroke: "#ffffff", StrokeOpacity: 1, StrokeWidth: 2 * s}})
	}
	if len(pic.waves) > 0 {
		items = append(items, &Path{Class: "pictogram-waves", Rings: scale(pic.waves, false),
			Style: Style{Stroke: seaColor, StrokeOpacity: 1, StrokeWidth: 3 * s, RoundCaps: true}})
	}
	if symbol >= 0 {
		c := at(orb.Point{50, 44})
		items = append(items,
			&Circle{Class: "pictogram-badge", Center: c, R: 11 * s, Style: Style{Fill: "#ffffff", FillOpacity: 1, Stroke: textColor, StrokeOpacity: 1, StrokeWidth: 1.5 * s}},
			Symbol(symbol, c, 8*s, Style{Fill: fill, FillOpacity: 1, Stroke: textColor, StrokeOpacity: 1, StrokeWidth: 1.5 * s}))
	}
	return items
}

// FitName is a card's name as large as it may be, up to size, in a box
// maxW by maxH centred on at: one line when it fits at full size, else two
// lines (broken at the space nearest the middle) when those fit at full
// size, else whichever of the two is larger once shrunk to fit.
func FitName(s string, f Font, at orb.Point, maxW, maxH, size float64, fill string) *Text {
	type option struct {
		lines []string
		size  float64
	}
	fit := func(lines []string) option {
		w := 0.0
		for _, l := range lines {
			w = math.Max(w, Measure(f, l, 1))
		}
		sz := size
		if w > 0 {
			sz = math.Min(sz, maxW/w)
		}
		return option{lines, math.Min(sz, maxH/(float64(len(lines))*LineHeight))}
	}
	best := fit([]string{s})
	if best.size < size {
		if i := MiddleSpace(s); i > 0 {
			two := fit([]string{s[:i], s[i+1:]})
			if two.size > best.size {
				best = two
			}
		}
	}
	return &Text{Class: "card-name", At: at, Lines: best.lines, Size: best.size, Font: f, Fill: fill}
}
