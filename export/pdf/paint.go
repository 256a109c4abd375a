package pdf

import (
	"math"

	"codeberg.org/go-pdf/fpdf"
	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/text"
)

// painter paints export/scene items on a PDF page: scene units (y down)
// times k millimetres, shifted by (dx, dy); items wholly outside view are
// skipped, so a tile of the board carries only what it shows.
type painter struct {
	d      *doc
	f      *fpdf.Fpdf
	k      float64
	dx, dy float64
	view   orb.Bound // in scene units
}

func (p *painter) pt(q orb.Point) (float64, float64) { return q[0]*p.k + p.dx, q[1]*p.k + p.dy }

func (p *painter) paint(items []scene.Item) {
	for _, it := range items {
		switch v := it.(type) {
		case *scene.Group:
			if v.Clip != nil {
				if !overlaps(*v.Clip, p.view) {
					continue
				}
				x0, y0 := p.pt(v.Clip.Min)
				x1, y1 := p.pt(v.Clip.Max)
				clipped(p.f, x0, y0, x1-x0, y1-y0, func() { p.paint(v.Items) })
			} else {
				p.paint(v.Items)
			}
		case *scene.Path:
			p.path(v)
		case *scene.Circle:
			b := orb.Bound{Min: orb.Point{v.Center[0] - v.R, v.Center[1] - v.R}, Max: orb.Point{v.Center[0] + v.R, v.Center[1] + v.R}}
			if !overlaps(b, p.view) {
				continue
			}
			// Traced as a path: fpdf's Circle strokes as it draws, so a
			// fill after it would find no path.
			x, y := p.pt(v.Center)
			r := v.R * p.k
			p.shape(v.Style, func() {
				// Four cubic Béziers, the usual circle (control points
				// 0.5523 of the radius along the tangents).
				const c = 0.5523
				p.f.MoveTo(x+r, y)
				p.f.CurveBezierCubicTo(x+r, y+c*r, x+c*r, y+r, x, y+r)
				p.f.CurveBezierCubicTo(x-c*r, y+r, x-r, y+c*r, x-r, y)
				p.f.CurveBezierCubicTo(x-r, y-c*r, x-c*r, y-r, x, y-r)
				p.f.CurveBezierCubicTo(x+c*r, y-r, x+r, y-c*r, x+r, y)
				p.f.ClosePath()
			}, true)
		case *scene.Text:
			if overlaps(v.Bound(), p.view) {
				p.text(v)
			}
		}
	}
}

func (p *painter) path(v *scene.Path) {
	b := orb.Bound{Min: orb.Point{math.Inf(1), math.Inf(1)}, Max: orb.Point{math.Inf(-1), math.Inf(-1)}}
	for _, r := range v.Rings {
		for _, q := range r {
			b = b.Extend(q)
		}
	}
	if len(v.Rings) == 0 || !overlaps(b.Pad(v.StrokeWidth), p.view) {
		return
	}
	trace := func() {
		for _, r := range v.Rings {
			for i, q := range r {
				x, y := p.pt(q)
				if i == 0 {
					p.f.MoveTo(x, y)
				} else {
					p.f.LineTo(x, y)
				}
			}
			if v.Closed {
				p.f.ClosePath()
			}
		}
	}
	p.shape(v.Style, trace, v.Closed)
}

// shape fills then strokes what trace draws (a path, a circle), each with
// its own colour and opacity.
func (p *painter) shape(st scene.Style, trace func(), closed bool) {
	if closed && st.Fill != "" && st.FillOpacity > 0 {
		setFill(p.f, st.Fill)
		p.alpha(st.FillOpacity)
		trace()
		p.f.DrawPath("f")
	}
	if st.Stroke != "" && st.StrokeOpacity > 0 && st.StrokeWidth > 0 {
		setDraw(p.f, st.Stroke)
		p.alpha(st.StrokeOpacity)
		p.f.SetLineWidth(st.StrokeWidth * p.k)
		if st.RoundCaps {
			p.f.SetLineCapStyle("round")
		}
		if len(st.Dash) > 0 {
			d := make([]float64, len(st.Dash))
			for i, v := range st.Dash {
				d[i] = v * p.k
			}
			p.f.SetDashPattern(d, 0)
		}
		trace()
		p.f.DrawPath("S")
		if len(st.Dash) > 0 {
			p.f.SetDashPattern(nil, 0)
		}
		if st.RoundCaps {
			p.f.SetLineCapStyle("butt")
		}
	}
	p.alpha(1)
}

func (p *painter) alpha(a float64) { p.f.SetAlpha(a, "Normal") }

// clipped paints inside a clip rectangle. fpdf's ClipEnd restores the
// page's graphics state (Q) but not fpdf's record of it: a fill set inside
// the clip is still believed current after it, so a text whose colour
// equals that fill is written with no colour of its own and drawn in the
// fill the page held before the clip (a tile's title in the yellow or red
// of the last region painted, or white on white). The fill, stroke, line
// width and opacity are set again as they were before the clip, so that
// fpdf's record and the page agree.
func clipped(f *fpdf.Fpdf, x, y, w, h float64, paint func()) {
	fr, fg, fb := f.GetFillColor()
	dr, dg, db := f.GetDrawColor()
	width := f.GetLineWidth()
	alpha, blend := f.GetAlpha()
	f.ClipRect(x, y, w, h, false)
	paint()
	f.ClipEnd()
	f.SetFillColor(fr, fg, fb)
	f.SetDrawColor(dr, dg, db)
	f.SetLineWidth(width)
	f.SetAlpha(alpha, blend)
}

// text sets a scene text in DejaVu Sans, or shaped (export/text) when
// DejaVu cannot draw it alone. The scene measured it with the Go fonts (or
// shaped); where the PDF's text is wider the size shrinks so the text
// keeps the box the scene laid out.
func (p *painter) text(t *scene.Text) {
	style := ""
	bold := t.Font == scene.Bold
	if bold {
		style = "B"
	}
	base := t.Baselines()
	for i, line := range t.Lines {
		size := t.Size * p.k // mm
		want := scene.Measure(t.Font, line, t.Size) * p.k
		var shaped text.Line
		var w float64
		simple := text.Simple(line)
		if simple {
			p.f.SetFont(family, style, size/ptMM)
			if w := p.f.GetStringWidth(line); w > want && w > 0 {
				size *= want / w
				p.f.SetFont(family, style, size/ptMM)
			}
			w = p.f.GetStringWidth(line)
		} else {
			var ok bool
			if shaped, ok = p.d.shape(line, bold); !ok {
				continue
			}
			if w = shaped.Width * size; w > want && w > 0 {
				size *= want / w
			}
			w = shaped.Width * size
		}
		x, y := p.pt(orb.Point{t.At[0], base[i]})
		x = t.Anchor.Left(x, w)
		if !simple {
			p.d.textOp(shaped, x, y, size/ptMM, t.Fill, t.Halo, t.HaloWidth*p.k)
			continue
		}
		if t.Halo != "" && t.HaloWidth > 0 {
			setDraw(p.f, t.Halo)
			p.f.SetLineWidth(t.HaloWidth * p.k)
			p.f.SetLineJoinStyle("round")
			p.f.SetTextRenderingMode(1)
			p.f.Text(x, y, line)
			p.f.SetTextRenderingMode(0)
			p.f.SetLineJoinStyle("miter")
		}
		setText(p.f, t.Fill)
		p.f.Text(x, y, line)
	}
}

func overlaps(a, b orb.Bound) bool {
	return a.Min[0] <= b.Max[0] && b.Min[0] <= a.Max[0] && a.Min[1] <= b.Max[1] && b.Min[1] <= a.Max[1]
}

func rgb(hex string) (int, int, int) {
	r, g, b, err := scene.RGB(hex)
	if err != nil {
		return 128, 128, 128
	}
	return int(r), int(g), int(b)
}

func setFill(f *fpdf.Fpdf, hex string) { f.SetFillColor(rgb(hex)) }
func setDraw(f *fpdf.Fpdf, hex string) { f.SetDrawColor(rgb(hex)) }
func setText(f *fpdf.Fpdf, hex string) { f.SetTextColor(rgb(hex)) }
