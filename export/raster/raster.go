// Package raster paints a scene (export/scene) into an image, in Go alone:
// shapes with golang.org/x/image/vector (anti-aliased, non-zero fill),
// strokes built as polygons (segments, round joins, dashes), and text in the
// Go fonts with golang.org/x/image/font/opentype (text in other scripts
// shaped by export/text and painted from its fonts' outlines), with a halo
// made by dilating the glyphs' mask.
//
// It draws the same items the SVG back end writes, so a board PNG is the
// SVG's picture. It is not a general SVG renderer.
package raster

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/paulmach/orb"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/geo"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"github.com/tendays/tendays/export/text"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// MaxPixels bounds the image Render will make, so a huge scale cannot take
// the machine's memory.
const MaxPixels = 64 << 20

// Render paints sc at scale pixels per page unit.
func Render(sc *scene.Scene, scale float64) (*image.RGBA, error) {
	w, h := int(math.Ceil(sc.Width*scale)), int(math.Ceil(sc.Height*scale))
	if w <= 0 || h <= 0 || !(scale > 0) {
		return nil, fmt.Errorf("raster: empty picture (%gx%g at scale %g)", sc.Width, sc.Height, scale)
	}
	if int64(w)*int64(h) > MaxPixels {
		return nil, fmt.Errorf("raster: %dx%d pixels is over the limit of %d", w, h, MaxPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if err := Paint(img, sc, scale); err != nil {
		return nil, err
	}
	return img, nil
}

// Paint paints sc at scale onto dst, over what dst already holds: the
// scene's top left corner at dst's, clipped to dst's bounds. dst may be a
// part of a larger image (a card's place on a sheet: export/tts paints its
// faces straight onto the sheet, over a frame copied in); a pixel comes out
// as Render would make it, byte for byte, when dst starts as Render's
// picture of the items painted before.
func Paint(dst *image.RGBA, sc *scene.Scene, scale float64) error {
	if !(scale > 0) {
		return fmt.Errorf("raster: scale %g is not positive", scale)
	}
	if sc.Background != "" {
		c, err := rgba(sc.Background, 1)
		if err != nil {
			return err
		}
		draw.Draw(dst, dst.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	}
	b := dst.Bounds()
	p := &painter{img: dst, at: b.Min, s: scale, z: &vector.Rasterizer{}}
	for _, it := range sc.Items {
		if err := p.item(it, image.Rect(0, 0, b.Dx(), b.Dy())); err != nil {
			return err
		}
	}
	return nil
}

// painter works in the scene's pixels, (0, 0) at its top left corner, and
// draws at img's pixels offset by at.
type painter struct {
	img   *image.RGBA
	at    image.Point
	s     float64
	faces map[faceKey]font.Face
	z     *vector.Rasterizer
}

func rgba(hex string, opacity float64) (color.NRGBA, error) {
	r, g, b, err := scene.RGB(hex)
	if err != nil {
		return color.NRGBA{}, fmt.Errorf("raster: %w", err)
	}
	a := math.Max(0, math.Min(1, opacity))
	return color.NRGBA{R: r, G: g, B: b, A: uint8(math.Round(a * 255))}, nil
}

func (p *painter) item(it scene.Item, clip image.Rectangle) error {
	switch t := it.(type) {
	case *scene.Group:
		if t.Clip != nil {
			c := image.Rect(int(math.Floor(t.Clip.Min[0]*p.s)), int(math.Floor(t.Clip.Min[1]*p.s)), int(math.Ceil(t.Clip.Max[0]*p.s)), int(math.Ceil(t.Clip.Max[1]*p.s)))
			clip = clip.Intersect(c)
		}
		for _, c := range t.Items {
			if err := p.item(c, clip); err != nil {
				return err
			}
		}
	case *scene.Path:
		if t.Closed && t.Fill != "" {
			if err := p.fill(t.Rings, t.Fill, t.FillOpacity, clip); err != nil {
				return err
			}
		}
		if t.Stroke != "" && t.StrokeWidth > 0 {
			return p.stroke(t.Rings, t.Closed, t.Style, clip)
		}
	case *scene.Circle:
		ring := circle(t.Center, t.R, 0)
		if t.Fill != "" {
			if err := p.fill([][]orb.Point{ring}, t.Fill, t.FillOpacity, clip); err != nil {
				return err
			}
		}
		if t.Stroke != "" && t.StrokeWidth > 0 {
			return p.stroke([][]orb.Point{ring}, true, t.Style, clip)
		}
	case *scene.Text:
		return p.text(t, clip)
	}
	return nil
}

// circle is a polygon close enough to a circle at the drawing's scale.
func circle(c orb.Point, r float64, n int) []orb.Point {
	if n == 0 {
		n = max(12, min(96, int(r*2)))
	}
	out := make([]orb.Point, 0, n+1)
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i%n) / float64(n)
		out = append(out, orb.Point{c[0] + r*math.Cos(a), c[1] + r*math.Sin(a)})
	}
	return out
}

// fill paints rings with the non-zero rule. The rasterizer covers only the
// rings' box (cut to the clip), so small shapes cost little on a big image.
func (p *painter) fill(rings [][]orb.Point, hex string, opacity float64, clip image.Rectangle) error {
	c, err := rgba(hex, opacity)
	if err != nil {
		return err
	}
	p.paint(rings, c, clip)
	return nil
}

func (p *painter) paint(rings [][]orb.Point, c color.NRGBA, clip image.Rectangle) {
	if c.A == 0 {
		return
	}
	bb := image.Rectangle{}
	first := true
	for _, r := range rings {
		for _, pt := range r {
			x, y := pt[0]*p.s, pt[1]*p.s
			pr := image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Floor(x))+1, int(math.Floor(y))+1)
			if first {
				bb, first = pr, false
			} else {
				bb = bb.Union(pr)
			}
		}
	}
	r := bb.Inset(-1).Intersect(clip)
	if r.Empty() {
		return
	}
	p.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, ring := range rings {
		if len(ring) < 3 {
			continue
		}
		for i, pt := range ring {
			x, y := float32(pt[0]*p.s-ox), float32(pt[1]*p.s-oy)
			if i == 0 {
				p.z.MoveTo(x, y)
			} else {
				p.z.LineTo(x, y)
			}
		}
		p.z.ClosePath()
	}
	p.z.Draw(p.img, r.Add(p.at), image.NewUniform(c), image.Point{})
}

// stroke outlines lines as polygons: a quadrilateral per segment, a disc at
// each joint (for round joins) and, with round caps, at the ends; dashes cut
// the line first. Every piece is oriented the same way so that overlaps add
// up instead of cancelling.
func (p *painter) stroke(rings [][]orb.Point, closed bool, st scene.Style, clip image.Rectangle) error {
	c, err := rgba(st.Stroke, st.StrokeOpacity)
	if err != nil {
		return err
	}
	hw := st.StrokeWidth / 2
	var pieces [][]orb.Point
	for _, r := range rings {
		line := r
		if closed && len(r) > 0 && r[0] != r[len(r)-1] {
			line = append(append([]orb.Point(nil), r...), r[0])
		}
		for _, part := range dash(line, st.Dash) {
			pieces = append(pieces, strokePieces(part, hw, st.RoundCaps || len(part) > 2, st.RoundCaps, hw*p.s)...)
		}
	}
	if len(pieces) > 0 {
		p.paint(pieces, c, clip)
	}
	return nil
}

func strokePieces(line []orb.Point, hw float64, joins, caps bool, hwPx float64) [][]orb.Point {
	var out [][]orb.Point
	discN := max(8, min(24, int(hwPx*4)))
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*hw, dx/l*hw
		out = append(out, orient([]orb.Point{{a[0] + nx, a[1] + ny}, {b[0] + nx, b[1] + ny}, {b[0] - nx, b[1] - ny}, {a[0] - nx, a[1] - ny}, {a[0] + nx, a[1] + ny}}))
	}
	// Joints get a disc only where the line is thick enough to show a notch.
	if joins && hwPx >= 0.75 {
		for i := 1; i+1 < len(line); i++ {
			out = append(out, orient(circle(line[i], hw, discN)))
		}
	}
	if caps && len(line) >= 2 {
		out = append(out, orient(circle(line[0], hw, discN)), orient(circle(line[len(line)-1], hw, discN)))
	}
	return out
}

// orient makes a ring's signed area positive (counter-clockwise in x, y),
// so that the pieces of a stroke add up where they overlap (see stroke).
func orient(r []orb.Point) []orb.Point { return geo.WindRing(r, true, geo.RFC7946) }

// dash cuts a line into its "on" pieces.
func dash(line []orb.Point, pattern []float64) [][]orb.Point {
	total := 0.0
	for _, d := range pattern {
		total += d
	}
	if len(pattern) == 0 || total <= 0 {
		return [][]orb.Point{line}
	}
	if len(pattern)%2 == 1 {
		pattern = append(append([]float64(nil), pattern...), pattern...)
	}
	var out [][]orb.Point
	k, left, on := 0, pattern[0], true
	cur := []orb.Point{}
	if len(line) > 0 {
		cur = append(cur, line[0])
	}
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		pos := 0.0
		for l-pos > left {
			pos += left
			t := pos / l
			q := orb.Point{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1])}
			if on {
				cur = append(cur, q)
				out = append(out, cur)
			}
			cur = []orb.Point{q}
			on = !on
			k = (k + 1) % len(pattern)
			left = pattern[k]
		}
		left -= l - pos
		if on {
			cur = append(cur, b)
		} else {
			cur = []orb.Point{b}
		}
	}
	if on && len(cur) >= 2 {
		out = append(out, cur)
	}
	// A dash shorter than a hair still shows as a dot with round caps.
	for i, part := range out {
		if len(part) == 1 {
			out[i] = []orb.Point{part[0], part[0]}
		}
	}
	return out
}

type faceKey struct {
	f    scene.Font
	size float64
}

// face is font f at size, made once per painter: an opentype.Face keeps a
// glyph buffer and must not be shared between pictures painted at once
// (export/tts paints its card sheets in parallel); the parsed font under
// it is shared.
func (p *painter) face(f scene.Font, size float64) (font.Face, error) {
	k := faceKey{f, math.Round(size*64) / 64}
	if fc, ok := p.faces[k]; ok {
		return fc, nil
	}
	fc, err := opentype.NewFace(scene.SFNT(f), &opentype.FaceOptions{Size: k.size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("raster: font at size %g: %w", size, err)
	}
	if p.faces == nil {
		p.faces = map[faceKey]font.Face{}
	}
	p.faces[k] = fc
	return fc, nil
}

// text paints each line into a mask, dilates the mask for the halo, and
// paints the halo and then the glyphs through the two masks.
func (p *painter) text(t *scene.Text, clip image.Rectangle) error {
	size := t.Size * p.s
	if size < 1 || len(t.Lines) == 0 {
		return nil
	}
	fc, err := p.face(t.Font, size)
	if err != nil {
		return err
	}
	halo := 0.0
	if t.Halo != "" && t.HaloWidth > 0 {
		halo = t.HaloWidth / 2 * p.s
	}
	pad := int(math.Ceil(halo)) + 2
	bases := t.Baselines()
	for i, line := range t.Lines {
		w := float64(font.MeasureString(fc, line)) / 64
		var shaped *text.Line
		if !text.Simple(line) {
			sl, err := text.System().Shape(line, scene.Weight(t.Font))
			if err != nil {
				return fmt.Errorf("raster: %w", err)
			}
			shaped, w = &sl, sl.Width*size
		}
		x := t.Anchor.Left(t.At[0]*p.s, w)
		y := bases[i] * p.s
		m := fc.Metrics()
		asc, desc := float64(m.Ascent)/64, float64(m.Descent)/64
		box := image.Rect(int(math.Floor(x))-pad, int(math.Floor(y-asc))-pad, int(math.Ceil(x+w))+pad, int(math.Ceil(y+desc))+pad)
		if shaped != nil { // marks and tall scripts reach past the Go font's ascent
			box = box.Inset(-int(math.Ceil(size * 0.35)))
		}
		if box.Intersect(clip).Empty() {
			continue
		}
		mask := image.NewAlpha(box)
		if shaped != nil {
			drawShaped(mask, *shaped, x, y, size)
		} else {
			d := font.Drawer{Dst: mask, Src: image.Opaque, Face: fc, Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
			d.DrawString(line)
		}
		r := box.Intersect(clip)
		if halo > 0 {
			hc, err := rgba(t.Halo, 1)
			if err != nil {
				return err
			}
			draw.DrawMask(p.img, r.Add(p.at), image.NewUniform(hc), image.Point{}, dilate(mask, halo), r.Min, draw.Over)
		}
		fcol, err := rgba(t.Fill, 1)
		if err != nil {
			return err
		}
		draw.DrawMask(p.img, r.Add(p.at), image.NewUniform(fcol), image.Point{}, mask, r.Min, draw.Over)
	}
	return nil
}

// drawShaped paints a shaped line's glyph outlines into mask, its left end
// at x and its baseline at y (pixels), size pixels to the em.
func drawShaped(mask *image.Alpha, line text.Line, x, y, size float64) {
	b := mask.Bounds()
	z := vector.NewRasterizer(b.Dx(), b.Dy())
	z.DrawOp = draw.Src
	ox, oy := float64(b.Min.X), float64(b.Min.Y)
	pt := func(p [2]float64) (float32, float32) { return float32(p[0] - ox), float32(p[1] - oy) }
	line.Outlines(x, y, size, func(segs []text.PageSegment) {
		for _, s := range segs {
			switch s.Op {
			case text.MoveTo:
				z.ClosePath()
				z.MoveTo(pt(s.P[0]))
			case text.LineTo:
				z.LineTo(pt(s.P[0]))
			case text.QuadTo:
				x1, y1 := pt(s.P[0])
				x2, y2 := pt(s.P[1])
				z.QuadTo(x1, y1, x2, y2)
			case text.CubeTo:
				x1, y1 := pt(s.P[0])
				x2, y2 := pt(s.P[1])
				x3, y3 := pt(s.P[2])
				z.CubeTo(x1, y1, x2, y2, x3, y3)
			}
		}
		z.ClosePath()
	})
	z.Draw(mask, b, image.Opaque, image.Point{})
}

// dilate spreads a mask by radius r (a disc): the halo's shape.
func dilate(m *image.Alpha, r float64) *image.Alpha {
	b := m.Bounds()
	out := image.NewAlpha(b)
	ri := int(math.Ceil(r))
	type off struct {
		dx, dy int
		w      float64 // partial coverage at the disc's rim
	}
	var offs []off
	for dy := -ri; dy <= ri; dy++ {
		for dx := -ri; dx <= ri; dx++ {
			d := math.Hypot(float64(dx), float64(dy))
			if d <= r+0.5 {
				offs = append(offs, off{dx, dy, math.Min(1, r+0.5-d)})
			}
		}
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			best := 0.0
			for _, o := range offs {
				sx, sy := x+o.dx, y+o.dy
				if sx < b.Min.X || sy < b.Min.Y || sx >= b.Max.X || sy >= b.Max.Y {
					continue
				}
				if v := float64(m.Pix[m.PixOffset(sx, sy)]) * o.w; v > best {
					best = v
				}
			}
			out.Pix[out.PixOffset(x, y)] = uint8(math.Round(best))
		}
	}
	return out
}
