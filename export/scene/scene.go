// Package scene is a picture as plain data: paths, circles and text in page
// units (y down), with their styles, grouped and clipped. It also builds the
// pictures tendays draws: the board of a pack (Board: seas given as lists
// drawn as coastal bands, far regions in the boxes board.insets declares,
// which mapdata/insets proposes) and the parts of its cards (the transport
// pictograms, FitName; export/tts builds the faces from them). Text in a
// script the Go fonts cannot draw alone is measured shaped (export/text).
//
// A scene is drawn by two back ends that read the same items: export/svg
// writes it as SVG and export/raster paints it into a PNG, so the board in a
// Tabletop Simulator save is the same picture as the SVG. Nothing here
// writes files or knows an output format.
package scene

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
)

// Scene is one picture.
type Scene struct {
	Width, Height float64
	Background    string // #rrggbb, or "" for transparent
	Title         string // the document title (SVG <title>)
	Items         []Item
}

// Item is one of Path, Circle, Text, Group.
type Item interface{ isItem() }

// Style is how a shape is filled and outlined. An empty colour means none.
type Style struct {
	Fill          string
	FillOpacity   float64 // 0..1
	Stroke        string
	StrokeOpacity float64 // 0..1
	StrokeWidth   float64
	Dash          []float64 // on, off, ... in page units; nil: solid
	RoundCaps     bool
}

// Filled is a plain opaque fill.
func Filled(hex string) Style { return Style{Fill: hex, FillOpacity: 1} }

// Stroked is a plain opaque outline.
func Stroked(hex string, width float64) Style {
	return Style{Stroke: hex, StrokeOpacity: 1, StrokeWidth: width}
}

// Path is a set of rings (Closed) or polylines. Closed rings are filled with
// the non-zero rule; builders orient holes against their outer ring.
type Path struct {
	ID     string // a stable id (SVG id attribute), or ""
	Class  string
	Title  string // a tooltip
	Rings  [][]orb.Point
	Closed bool
	Style
}

// Circle is a disc.
type Circle struct {
	Class  string
	Center orb.Point
	R      float64
	Style
}

// Anchor is where a text's At point sits along its width.
type Anchor int

const (
	Middle Anchor = iota
	Start
	End
)

// Left is where a line w wide, anchored at x, starts.
func (a Anchor) Left(x, w float64) float64 {
	switch a {
	case Middle:
		return x - w/2
	case End:
		return x - w
	}
	return x
}

// Font is one of the Go fonts.
type Font int

const (
	Regular Font = iota
	Bold
	Italic
)

// Text is one or more lines of text. At is the middle of the block
// vertically and its start, middle or end horizontally.
type Text struct {
	Class     string
	At        orb.Point
	Lines     []string
	Size      float64
	Font      Font
	Anchor    Anchor
	Fill      string
	Halo      string  // an outline behind the glyphs that keeps text legible on any fill
	HaloWidth float64 // page units
}

// LineHeight is the distance between baselines, in multiples of the size.
const LineHeight = 1.15

// Baselines gives each line's baseline y: the block is centred on At.
func (t Text) Baselines() []float64 {
	n := float64(len(t.Lines))
	top := t.At[1] - n*LineHeight*t.Size/2
	out := make([]float64, len(t.Lines))
	for i := range t.Lines {
		// The baseline sits about 0.8 of the line's height below its top.
		out[i] = top + (float64(i)+0.5)*LineHeight*t.Size + 0.35*t.Size
	}
	return out
}

// Bound is the text block's box (from the font's advance widths).
func (t Text) Bound() orb.Bound {
	w := 0.0
	for _, l := range t.Lines {
		w = max(w, Measure(t.Font, l, t.Size))
	}
	h := float64(len(t.Lines)) * LineHeight * t.Size
	x0 := t.At[0] - w/2
	switch t.Anchor {
	case Start:
		x0 = t.At[0]
	case End:
		x0 = t.At[0] - w
	}
	return orb.Bound{Min: orb.Point{x0, t.At[1] - h/2}, Max: orb.Point{x0 + w, t.At[1] + h/2}}
}

// Group holds items drawn together, optionally clipped to a box.
type Group struct {
	ID    string
	Clip  *orb.Bound
	Items []Item
}

// Shows reports whether any item meets view, the groups named in skip
// aside (and a group clipped away from view).
func Shows(items []Item, view orb.Bound, skip ...string) bool {
	meets := func(b orb.Bound) bool {
		return b.Min[0] <= view.Max[0] && view.Min[0] <= b.Max[0] && b.Min[1] <= view.Max[1] && view.Min[1] <= b.Max[1]
	}
	for _, it := range items {
		switch v := it.(type) {
		case *Group:
			if slices.Contains(skip, v.ID) || (v.Clip != nil && !meets(*v.Clip)) {
				continue
			}
			if Shows(v.Items, view, skip...) {
				return true
			}
		case *Path:
			for _, r := range v.Rings {
				if len(r) > 0 && meets(orb.LineString(r).Bound().Pad(v.StrokeWidth/2)) {
					return true
				}
			}
		case *Circle:
			if meets(orb.Bound{Min: orb.Point{v.Center[0] - v.R, v.Center[1] - v.R}, Max: orb.Point{v.Center[0] + v.R, v.Center[1] + v.R}}) {
				return true
			}
		case *Text:
			if meets(v.Bound()) {
				return true
			}
		}
	}
	return false
}

func (*Path) isItem()   {}
func (*Circle) isItem() {}
func (*Text) isItem()   {}
func (*Group) isItem()  {}

// Num formats a page coordinate: two decimals at most, no trailing zeros,
// never "-0". Every back end uses it, so output is the same on every run.
func Num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// RGB reads #rrggbb (or #rgb). A malformed colour is an error, not black.
func RGB(hex string) (r, g, b uint8, err error) {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 || !strings.HasPrefix(hex, "#") {
		return 0, 0, 0, fmt.Errorf("colour %q is not #rrggbb", hex)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("colour %q is not #rrggbb", hex)
	}
	return uint8(v >> 16), uint8(v >> 8), uint8(v), nil
}

// Contrast is the WCAG 2 contrast ratio of two colours, 1 to 21; text
// reads at level AA from 4.5 (3 for large text).
func Contrast(a, b string) float64 {
	la, lb := Luminance(a), Luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// Luminance is the relative luminance of a colour (0 black, 1 white), used
// to pick a text colour that reads on a fill.
func Luminance(hex string) float64 {
	r, g, b, err := RGB(hex)
	if err != nil {
		return 1
	}
	lin := func(c uint8) float64 {
		v := float64(c) / 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
