package studio

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"strings"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/svg"
	"github.com/tendays/tendays/mapdata"
)

// FrameView is one member map of a combined edition drawn as its own
// board: the page lays the frames side by side and draws the links between
// them.
type FrameView struct {
	Map    string     `json:"map"`
	Name   string     `json:"name"`
	SVG    string     `json:"svg"`
	Width  float64    `json:"width"`
	Height float64    `json:"height"`
	MapBox [4]float64 `json:"mapBox"` // x0, y0, x1, y1 of the map on the frame's page
}

// drawBoard draws the board of a regions pack into v: one picture for a
// map (v.SVG), a frame per map for a combined edition (v.Frames), and each
// region's label point and inscribed radius in its picture's units (for
// the page's markers, journey paths and arrow keys). A board that cannot
// be drawn leaves a note saying why.
func drawBoard(v *View, p *mapdata.Pack, b *board.Geometry) error {
	labels := func(l *scene.BoardLayout) {
		for i := range v.Regions {
			if at, r, ok := l.Label(v.Regions[i].ID); ok {
				v.Regions[i].At = [2]float64{round2(at[0]), round2(at[1])}
				v.Regions[i].R = round2(r)
			}
		}
	}
	if p.Combined != nil {
		frames, err := scene.Frames(p, b, scene.Options{})
		if err != nil {
			v.SVGNote = err.Error()
			return nil
		}
		for _, f := range frames {
			doc, err := drawSVG(f.Scene)
			if err != nil {
				return err
			}
			mb := f.Layout.MapBox
			v.Frames = append(v.Frames, FrameView{Map: f.Map.ID, Name: f.Map.Name, SVG: doc, Width: f.Scene.Width, Height: f.Scene.Height,
				MapBox: [4]float64{round2(mb.Min[0]), round2(mb.Min[1]), round2(mb.Max[0]), round2(mb.Max[1])}})
			labels(f.Layout)
		}
		return nil
	}
	l, err := scene.Layout(p, b, scene.Options{})
	if err != nil {
		v.SVGNote = err.Error()
		return nil
	}
	doc, err := drawSVG(l.Draw())
	if err != nil {
		return err
	}
	v.SVG = doc
	mb := l.MapBox
	v.MapBox = [4]float64{round2(mb.Min[0]), round2(mb.Min[1]), round2(mb.Max[0]), round2(mb.Max[1])}
	labels(l)
	return nil
}

// drawSVG writes a scene as the page embeds it: no XML declaration, every
// region shape marked.
func drawSVG(sc *scene.Scene) (string, error) {
	var sb bytes.Buffer
	if err := svg.Write(&sb, sc); err != nil {
		return "", fmt.Errorf("studio: drawing the board: %w", err)
	}
	doc := sb.String()
	if strings.HasPrefix(strings.TrimSpace(doc), "<?xml") {
		doc = doc[strings.Index(doc, "?>")+2:]
	}
	return markRegions(doc), nil
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// boardFonts are the Go fonts the board's names were measured with
// (export/scene): served to the page, they draw the names as wide as the
// labeller placed them, so that no two run into each other.
var boardFonts = map[string]scene.Font{"go-regular.ttf": scene.Regular, "go-bold.ttf": scene.Bold, "go-italic.ttf": scene.Italic}

func getFont(w http.ResponseWriter, r *http.Request) {
	f, ok := boardFonts[r.PathValue("name")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "font/ttf")
	w.Header().Set("Cache-Control", "max-age=86400")
	_, _ = w.Write(scene.TTF(f))
}
