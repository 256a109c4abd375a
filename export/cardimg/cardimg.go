// Package cardimg draws a deck as a print service takes it: one PNG for
// each different card face and one for the back, each at a preset's size
// with its bleed (the card's edge colour carried past the cut line), and a
// manifest (written by export) that says how many copies of each image to
// print.
//
// The presets are the published templates of on-demand card printers:
// poker is 2.5 × 3.5 in with a 1/8 in bleed on every side at 300 dpi,
// 825 × 1125 pixels (DriveThruCards' card specification: 1/8 in bleed,
// 300 dpi, nothing that matters within 1/8 in of the cut; the same pixel
// size as the poker templates of The Game Crafter and MakePlayingCards);
// 63x88 is the PDF's 63 × 88 mm card with a 3 mm bleed at 300 dpi, 815 ×
// 1110 pixels (the 3 mm all round that European printers such as
// MeinSpiel ask for). The faces are export/tts's (the same pictures as
// the Tabletop Simulator sheets), painted by export/raster and written by
// export/pngenc with their resolution recorded. Nothing here writes files.
package cardimg

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/pngenc"
	"github.com/tendays/tendays/export/raster"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/tts"
	"github.com/tendays/tendays/mapdata"
)

// Preset is a card size a print service takes.
type Preset struct {
	Name          string
	TrimW, TrimH  float64 // the card as cut, millimetres
	Bleed         float64 // printed past the cut on every side, millimetres
	DPI           float64
	Documentation string
}

// The presets, the first the default.
var Presets = []Preset{
	{Name: "poker", TrimW: 63.5, TrimH: 88.9, Bleed: 3.175, DPI: 300, Documentation: "2.5 × 3.5 in, 1/8 in bleed, 300 dpi: 825 × 1125 px"},
	{Name: "63x88", TrimW: 63, TrimH: 88, Bleed: 3, DPI: 300, Documentation: "63 × 88 mm, 3 mm bleed, 300 dpi: 815 × 1110 px"},
}

// PresetNamed finds a preset by name; "" is the default.
func PresetNamed(name string) (Preset, error) {
	if name == "" {
		return Presets[0], nil
	}
	var names []string
	for _, p := range Presets {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Preset{}, fmt.Errorf("unknown card preset %q (want %s)", name, strings.Join(names, " or "))
}

func px(mm, dpi float64) int { return int(math.Round(mm / 25.4 * dpi)) }

// Pixels are the image's size and where the cut falls in it: the trim box
// centred, the bleed around it (an odd pixel left over goes to the right
// and the foot).
func (p Preset) Pixels() (img, trim image.Rectangle) {
	w, h := px(p.TrimW+2*p.Bleed, p.DPI), px(p.TrimH+2*p.Bleed, p.DPI)
	tw, th := px(p.TrimW, p.DPI), px(p.TrimH, p.DPI)
	x0, y0 := (w-tw)/2, (h-th)/2
	return image.Rect(0, 0, w, h), image.Rect(x0, y0, x0+tw, y0+th)
}

// Image is one card image and what the manifest says of it.
type Image struct {
	Name   string // file name
	Data   []byte // PNG
	Side   string // "face" or "back"
	Token  string // the card's token ("" for the back)
	Title  string
	Copies int // how many to print: the card's count; for the back, the deck's size
}

// Build draws every card face of the deck (one image per different card,
// in deck order, named by its place and token) and the back, last.
func Build(p *mapdata.Pack, b *board.Geometry, preset Preset) ([]Image, error) {
	full, trim := preset.Pixels()
	faces, err := tts.FacesAt(p, b, float64(trim.Dx()), float64(trim.Dy()))
	if err != nil {
		return nil, err
	}
	var out []Image
	total := 0
	width := len(strconv.Itoa(len(faces)))
	for i, f := range faces {
		data, err := paint(f.Scene, full, trim, preset.DPI)
		if err != nil {
			return nil, fmt.Errorf("card %s: %w", f.Card.Token, err)
		}
		name := fmt.Sprintf("%0*d-%s.png", width, i+1, slug(f.Card.Token))
		out = append(out, Image{Name: name, Data: data, Side: "face", Token: f.Card.Token, Title: f.Title, Copies: f.Card.Count})
		total += f.Card.Count
	}
	back, err := paint(tts.BackAt(p, float64(trim.Dx()), float64(trim.Dy())), full, trim, preset.DPI)
	if err != nil {
		return nil, fmt.Errorf("card back: %w", err)
	}
	return append(out, Image{Name: "back.png", Data: back, Side: "back", Title: "the back of every card", Copies: total}), nil
}

// paint draws sc into the trim box of an image the size of full, its
// background (the card's edge colour) carried into the bleed.
func paint(sc *scene.Scene, full, trim image.Rectangle, dpi float64) ([]byte, error) {
	img := image.NewRGBA(full)
	if sc.Background != "" {
		r, g, b, err := scene.RGB(sc.Background)
		if err != nil {
			return nil, err
		}
		draw.Draw(img, full, image.NewUniform(color.RGBA{r, g, b, 255}), image.Point{}, draw.Src)
	}
	if err := raster.Paint(img.SubImage(trim).(*image.RGBA), sc, 1); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := pngenc.EncodeDPI(&out, img, dpi); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// slug makes a card token a file name: letters and digits, the rest "-".
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		return "card"
	}
	return out
}
