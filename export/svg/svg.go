// Package svg writes a scene (export/scene) as an SVG 1.1 document: groups
// with ids, clip paths, paths with the non-zero fill rule, text with a halo
// drawn as a stroked copy under it (no paint-order, which some renderers
// ignore). A line in a script the Go fonts lack is drawn as its shaped
// glyphs' outlines (export/text) and kept as unpainted text. Numbers have
// two decimals at most, so the same scene always gives the same bytes.
//
// It does not decide what to draw; export/scene does.
package svg

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/text"
)

// FontFamily names the Go fonts first (the sizes were measured with them),
// then common fallbacks of similar width.
const FontFamily = "Go, 'Go Regular', 'Liberation Sans', Arial, Helvetica, sans-serif"

// Write writes sc as SVG.
func Write(w io.Writer, sc *scene.Scene) error {
	bw := bufio.NewWriter(w)
	e := &enc{w: bw}
	n := scene.Num
	e.printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	e.printf("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"%s\">\n",
		n(sc.Width), n(sc.Height), n(sc.Width), n(sc.Height), esc(FontFamily))
	if sc.Title != "" {
		e.printf("<title>%s</title>\n", esc(sc.Title))
	}
	if sc.Background != "" {
		e.printf("<rect class=\"background\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n", n(sc.Width), n(sc.Height), esc(sc.Background))
	}
	for _, it := range sc.Items {
		e.item(it, "")
	}
	e.printf("</svg>\n")
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

type enc struct {
	w     *bufio.Writer
	err   error
	clips int
}

func (e *enc) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

func (e *enc) item(it scene.Item, indent string) {
	n := scene.Num
	switch t := it.(type) {
	case *scene.Group:
		attrs := ""
		if t.ID != "" {
			attrs += fmt.Sprintf(" id=\"%s\"", esc(t.ID))
		}
		if t.Clip != nil {
			e.clips++
			id := fmt.Sprintf("clip%d", e.clips)
			c := *t.Clip
			e.printf("%s<clipPath id=\"%s\"><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/></clipPath>\n",
				indent, id, n(c.Min[0]), n(c.Min[1]), n(c.Max[0]-c.Min[0]), n(c.Max[1]-c.Min[1]))
			attrs += fmt.Sprintf(" clip-path=\"url(#%s)\"", id)
		}
		e.printf("%s<g%s>\n", indent, attrs)
		for _, c := range t.Items {
			e.item(c, indent+" ")
		}
		e.printf("%s</g>\n", indent)
	case *scene.Path:
		if len(t.Rings) == 0 {
			return
		}
		var d strings.Builder
		for _, r := range t.Rings {
			for i, p := range r {
				if t.Closed && i == len(r)-1 && len(r) > 1 && p == r[0] {
					break // Z closes the ring
				}
				if i == 0 {
					d.WriteString("M")
				} else {
					d.WriteString("L")
				}
				d.WriteString(n(p[0]))
				d.WriteString(" ")
				d.WriteString(n(p[1]))
			}
			if t.Closed {
				d.WriteString("Z")
			}
		}
		e.printf("%s<path%s%s d=\"%s\"%s", indent, idAttr(t.ID), classAttr(t.Class), d.String(), style(t.Style, t.Closed))
		e.closeWithTitle(t.Title)
	case *scene.Circle:
		e.printf("%s<circle%s cx=\"%s\" cy=\"%s\" r=\"%s\"%s/>\n", indent, classAttr(t.Class), n(t.Center[0]), n(t.Center[1]), n(t.R), style(t.Style, true))
	case *scene.Text:
		anchor := map[scene.Anchor]string{scene.Middle: "middle", scene.Start: "start", scene.End: "end"}[t.Anchor]
		font := fmt.Sprintf(" font-size=\"%s\" text-anchor=\"%s\"", n(t.Size), anchor)
		switch t.Font {
		case scene.Bold:
			font += " font-weight=\"bold\""
		case scene.Italic:
			font += " font-style=\"italic\""
		}
		if shaped := shapeLines(t); shaped != nil {
			e.outlinedText(indent, t, shaped, font)
			return
		}
		e.textWithHalo(indent, t, font)
	}
}

// textWithHalo writes t as text. The halo is a text of its own, stroked,
// drawn under the text: paint-order would do it in one element, but
// CairoSVG and other renderers ignore it and paint the stroke over the
// glyphs.
func (e *enc) textWithHalo(indent string, t *scene.Text, font string) {
	n := scene.Num
	if t.Halo != "" && t.HaloWidth > 0 {
		e.text(indent, " class=\"halo\" aria-hidden=\"true\"", t, font+fmt.Sprintf(" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"", esc(t.Halo), esc(t.Halo), n(t.HaloWidth)))
	}
	e.text(indent, classAttr(t.Class), t, font+fmt.Sprintf(" fill=\"%s\"", esc(t.Fill)))
}

// shapeLines shapes the lines of t that the fonts the SVG names cannot draw
// alone (export/text.Simple: Arabic, Devanagari, CJK ...), in the fonts
// the scene measured them with; nil where a line is simple. nil when every
// line is simple, or when a line does not shape (no font on this machine
// draws it): the viewer's fonts draw the text then.
func shapeLines(t *scene.Text) []*text.Line {
	var out []*text.Line
	for i, l := range t.Lines {
		if text.Simple(l) {
			continue
		}
		sl, err := text.System().Shape(l, scene.Weight(t.Font))
		if err != nil {
			return nil
		}
		if out == nil {
			out = make([]*text.Line, len(t.Lines))
		}
		out[i] = &sl
	}
	return out
}

// outlinedText writes t a line at a time: a simple line as text, a shaped
// one as its glyphs' outlines (with the halo a stroked copy under them),
// so that every viewer and print shop draws the glyphs the layout
// measured, joined and ordered as the script wants. The shaped line stays
// in the document as text without paint, for search, copying and screen
// readers.
func (e *enc) outlinedText(indent string, t *scene.Text, shaped []*text.Line, font string) {
	n := scene.Num
	base := t.Baselines()
	for i, l := range t.Lines {
		one := *t
		one.Lines = []string{l}
		one.At[1] = base[i] - 0.35*t.Size // a block of one line: its baseline is base[i]
		if shaped[i] == nil {
			e.textWithHalo(indent, &one, font)
			continue
		}
		x := t.Anchor.Left(t.At[0], shaped[i].Width*t.Size)
		d := pathData(*shaped[i], x, base[i], t.Size)
		if t.Halo != "" && t.HaloWidth > 0 {
			e.printf("%s<path class=\"halo\" aria-hidden=\"true\" d=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"/>\n",
				indent, d, esc(t.Halo), esc(t.Halo), n(t.HaloWidth))
		}
		e.printf("%s<path%s aria-hidden=\"true\" d=\"%s\" fill=\"%s\"/>\n", indent, classAttr(t.Class), d, esc(t.Fill))
		e.text(indent, classAttr(t.Class), &one, font+" fill=\"none\"")
	}
}

// pathData is a shaped line's glyph outlines as SVG path data, its left
// end at x and its baseline at y.
func pathData(l text.Line, x, y, size float64) string {
	n := scene.Num
	var d strings.Builder
	pt := func(p [2]float64) {
		d.WriteString(n(p[0]))
		d.WriteByte(' ')
		d.WriteString(n(p[1]))
	}
	l.Outlines(x, y, size, func(segs []text.PageSegment) {
		for k, s := range segs {
			switch s.Op {
			case text.MoveTo:
				if k > 0 {
					d.WriteByte('Z')
				}
				d.WriteByte('M')
				pt(s.P[0])
			case text.LineTo:
				d.WriteByte('L')
				pt(s.P[0])
			case text.QuadTo:
				d.WriteByte('Q')
				pt(s.P[0])
				d.WriteByte(' ')
				pt(s.P[1])
			case text.CubeTo:
				d.WriteByte('C')
				pt(s.P[0])
				d.WriteByte(' ')
				pt(s.P[1])
				d.WriteByte(' ')
				pt(s.P[2])
			}
		}
		if len(segs) > 0 {
			d.WriteByte('Z')
		}
	})
	return d.String()
}

// text writes one <text> element of t's lines.
func (e *enc) text(indent, class string, t *scene.Text, attrs string) {
	n := scene.Num
	base := t.Baselines()
	if len(t.Lines) == 1 {
		e.printf("%s<text%s x=\"%s\" y=\"%s\"%s>%s</text>\n", indent, class, n(t.At[0]), n(base[0]), attrs, esc(t.Lines[0]))
		return
	}
	e.printf("%s<text%s%s>", indent, class, attrs)
	for i, l := range t.Lines {
		e.printf("<tspan x=\"%s\" y=\"%s\">%s</tspan>", n(t.At[0]), n(base[i]), esc(l))
	}
	e.printf("</text>\n")
}

func (e *enc) closeWithTitle(title string) {
	if title == "" {
		e.printf("/>\n")
		return
	}
	e.printf("><title>%s</title></path>\n", esc(title))
}

func idAttr(id string) string {
	if id == "" {
		return ""
	}
	return fmt.Sprintf(" id=\"%s\"", esc(id))
}

func classAttr(c string) string {
	if c == "" {
		return ""
	}
	return fmt.Sprintf(" class=\"%s\"", esc(c))
}

func style(s scene.Style, closed bool) string {
	n := scene.Num
	var b strings.Builder
	if s.Fill != "" && closed {
		fmt.Fprintf(&b, " fill=\"%s\"", esc(s.Fill))
		if s.FillOpacity < 1 {
			fmt.Fprintf(&b, " fill-opacity=\"%s\"", n(s.FillOpacity))
		}
	} else {
		b.WriteString(" fill=\"none\"")
	}
	if s.Stroke != "" && s.StrokeWidth > 0 {
		fmt.Fprintf(&b, " stroke=\"%s\" stroke-width=\"%s\"", esc(s.Stroke), n(s.StrokeWidth))
		if s.StrokeOpacity < 1 {
			fmt.Fprintf(&b, " stroke-opacity=\"%s\"", n(s.StrokeOpacity))
		}
		b.WriteString(" stroke-linejoin=\"round\"")
		if s.RoundCaps {
			b.WriteString(" stroke-linecap=\"round\"")
		}
		if len(s.Dash) > 0 {
			parts := make([]string, len(s.Dash))
			for i, d := range s.Dash {
				parts[i] = n(d)
			}
			fmt.Fprintf(&b, " stroke-dasharray=\"%s\"", strings.Join(parts, " "))
		}
	}
	return b.String()
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;", "'", "&apos;")

// esc escapes text for XML content and attributes, dropping control
// characters XML 1.0 cannot carry.
func esc(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			return -1
		}
		if r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, s)
	return escaper.Replace(s)
}
