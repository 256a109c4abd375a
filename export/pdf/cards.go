package pdf

import (
	"fmt"
	"math"

	"codeberg.org/go-pdf/fpdf"
	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/mapdata"
)

// FrontsMarker and BacksMarker begin the foot line of every fronts and
// backs page, so that a reader of the text (a test) tells the pages apart.
const (
	FrontsMarker = "Card fronts"
	BacksMarker  = "Card backs"
)

// cardPages lays the deck out sheet by sheet: a fronts page, then its
// backs page, mirrored so that each back lands behind its front when the
// pair is printed double-sided and flipped on the long edge.
func (d *doc) cardPages() {
	s := d.sheet
	per := s.PerPage()
	sheets := (len(d.cards) + per - 1) / per
	orient := "P"
	if s.Landscape {
		orient = "L"
	}
	for k := 0; k < sheets; k++ {
		batch := d.cards[k*per : min(len(d.cards), (k+1)*per)]
		d.f.AddPageFormat(orient, fpdf.SizeType{Wd: s.Paper.W, Ht: s.Paper.H})
		// Every card's bleed first, then the faces over them: where cards
		// share a cut line each colour runs exactly to it.
		for i, c := range batch {
			x, y := s.Trim(i%s.Cols, i/s.Cols)
			hex := d.cardColour(c)
			setFill(d.f, hex)
			d.f.Rect(x-Bleed, y-Bleed, CardW+2*Bleed, CardH+2*Bleed, "F")
		}
		for i, c := range batch {
			x, y := s.Trim(i%s.Cols, i/s.Cols)
			d.front(c, x, y)
		}
		d.cropMarks(len(batch))
		d.setBoxes(batch, false)
		d.footer(fmt.Sprintf("%s, sheet %d of %d · %s · cut on the crop marks · print double-sided, flip on long edge", FrontsMarker, k+1, sheets, d.p.Edition.Name))

		d.f.AddPageFormat(orient, fpdf.SizeType{Wd: s.Paper.W, Ht: s.Paper.H})
		for i := range batch {
			c, r := s.Back(i%s.Cols, i/s.Cols)
			x, y := s.Trim(c, r)
			setFill(d.f, backBg)
			d.f.Rect(x-Bleed, y-Bleed, CardW+2*Bleed, CardH+2*Bleed, "F")
		}
		for i := range batch {
			c, r := s.Back(i%s.Cols, i/s.Cols)
			x, y := s.Trim(c, r)
			d.back(x, y)
		}
		d.setBoxes(batch, true)
		d.footer(fmt.Sprintf("%s, sheet %d of %d · behind the fronts of sheet %d", BacksMarker, k+1, sheets, k+1))
	}
}

// setBoxes records the page's TrimBox (the cards' cut lines, the outer
// ones of the grid) and BleedBox (their bleed) for the page just drawn,
// so that a prepress check finds the trim.
func (d *doc) setBoxes(batch []card, backs bool) {
	s := d.sheet
	trim := orb.Bound{Min: orb.Point{math.Inf(1), math.Inf(1)}, Max: orb.Point{math.Inf(-1), math.Inf(-1)}}
	for i := range batch {
		c, r := i%s.Cols, i/s.Cols
		if backs {
			c, r = s.Back(c, r)
		}
		x, y := s.Trim(c, r)
		trim = trim.Extend(orb.Point{x, y}).Extend(orb.Point{x + CardW, y + CardH})
	}
	W, H := s.PageW(), s.PageH()
	bleed := orb.Bound{Min: orb.Point{math.Max(0, trim.Min[0]-Bleed), math.Max(0, trim.Min[1]-Bleed)},
		Max: orb.Point{math.Min(W, trim.Max[0]+Bleed), math.Min(H, trim.Max[1]+Bleed)}}
	d.boxes[d.f.PageNo()] = pageBoxes{trim: toPoints(trim, H), bleed: toPoints(bleed, H)}
}

// toPoints turns a box in millimetres from the top left into PDF points
// from the bottom left.
func toPoints(b orb.Bound, pageH float64) pageBox {
	k := 72 / 25.4
	return pageBox{b.Min[0] * k, (pageH - b.Max[1]) * k, b.Max[0] * k, (pageH - b.Min[1]) * k}
}

// oneCardPages puts each card on a page of its own with its bleed, the
// back first, then the face, in deck order: the page is the bleed box, the
// trim box 3 mm inside it.
func (d *doc) oneCardPages() {
	size := fpdf.SizeType{Wd: OneCard.W, Ht: OneCard.H}
	for _, c := range d.cards {
		for _, face := range []bool{false, true} {
			d.f.AddPageFormat("P", size)
			if face {
				setFill(d.f, d.cardColour(c))
				d.f.Rect(0, 0, OneCard.W, OneCard.H, "F")
				d.front(c, Bleed, Bleed)
			} else {
				setFill(d.f, backBg)
				d.f.Rect(0, 0, OneCard.W, OneCard.H, "F")
				d.back(Bleed, Bleed)
			}
			trim := orb.Bound{Min: orb.Point{Bleed, Bleed}, Max: orb.Point{Bleed + CardW, Bleed + CardH}}
			d.boxes[d.f.PageNo()] = pageBoxes{trim: toPoints(trim, OneCard.H), bleed: toPoints(orb.Bound{Max: orb.Point{OneCard.W, OneCard.H}}, OneCard.H)}
		}
	}
}

// cardColour is the colour a card's edge and bleed take.
func (d *doc) cardColour(c card) string {
	switch c.Kind {
	case mapdata.RegionCard:
		if r := d.p.Region(c.Region); r != nil {
			hex, _ := d.colour(r.Color)
			return hex
		}
	case mapdata.PlaneCard:
		hex, _ := d.colour(c.Color)
		return hex
	case mapdata.CarCard:
		return "#6b6b6b"
	case mapdata.ShipCard:
		return "#2f6fae"
	case mapdata.TrainCard:
		return "#3d3d3d"
	}
	return grey
}

// cropMarks draws a short line in the margin at each cut line of a sheet
// holding n cards, outside the bleed and inside where printers print.
func (d *doc) cropMarks(n int) {
	s := d.sheet
	rows := (n + s.Cols - 1) / s.Cols
	cols := min(n, s.Cols)
	d.f.SetLineWidth(0.2)
	setDraw(d.f, "#000000")
	W, H := s.PageW(), s.PageH()
	var xs, ys []float64
	for c := 0; c < cols; c++ {
		x, _ := s.Trim(c, 0)
		xs = append(xs, x, x+CardW)
	}
	for r := 0; r < rows; r++ {
		_, y := s.Trim(0, r)
		ys = append(ys, y, y+CardH)
	}
	gridL, gridT := s.X0-Bleed-markGap, s.Y0-Bleed-markGap
	lastX, _ := s.Trim(cols-1, 0)
	_, lastY := s.Trim(0, rows-1)
	gridR, gridB := lastX+CardW+Bleed+markGap, lastY+CardH+Bleed+markGap
	// A mark is at most markMax long: on a sheet the grid does not fill
	// (the deck's last), marks stop short instead of running to the edge.
	for _, x := range dedupe(xs) {
		d.f.Line(x, max(PrintMargin, gridT-markMax), x, gridT)
		d.f.Line(x, gridB, x, min(H-PrintMargin, gridB+markMax))
	}
	for _, y := range dedupe(ys) {
		d.f.Line(max(PrintMargin, gridL-markMax), y, gridL, y)
		d.f.Line(gridR, y, min(W-PrintMargin, gridR+markMax), y)
	}
}

func dedupe(v []float64) []float64 {
	var out []float64
	for _, x := range v {
		if len(out) == 0 || x-out[len(out)-1] > 0.01 {
			out = append(out, x)
		}
	}
	return out
}

// front draws a card's face with its trim box's top-left at (x, y): its
// colour to the cut line, a white panel inside the safe zone, and what the
// card says, with its colour's symbol wherever its colour shows.
func (d *doc) front(c card, x, y float64) {
	edge := d.cardColour(c)
	setFill(d.f, edge)
	d.f.Rect(x, y, CardW, CardH, "F")
	px, py, pw, ph := x+Safe-1, y+Safe-1, CardW-2*(Safe-1), CardH-2*(Safe-1)
	setFill(d.f, paper)
	setDraw(d.f, ink)
	d.f.SetLineWidth(0.15)
	d.f.RoundedRect(px, py, pw, ph, 2, "1234", "FD")
	if scene.Luminance(edge) > 0.8 {
		// A white card needs a line to show its edge.
		setDraw(d.f, "#9a9a9a")
		d.f.Rect(x+0.3, y+0.3, CardW-0.6, CardH-0.6, "D")
	}
	cx := x + CardW/2
	inner := CardW - 2*Safe - 2 // text width inside the panel
	switch c.Kind {
	case mapdata.RegionCard:
		d.regionFace(c, x, y, cx, inner)
	default:
		d.transportFace(c, x, y, cx, inner)
	}
}

// nameW is the room a card's name has between the corner symbols.
const nameW = CardW - 2*(Safe+3+1.6+1.4)

// fitName is a name as large as it may be, up to maxPt, in width w: one
// line when it fits at full size, else two (broken at the space nearest
// the middle) when that is larger, before shrinking.
func (d *doc) fitName(s string, bold bool, w, maxPt float64) ([]string, float64) {
	size := d.fit(s, bold, w, maxPt)
	lines := []string{s}
	if size < maxPt {
		if i := scene.MiddleSpace(s); i > 0 {
			two := []string{s[:i], s[i+1:]}
			if s2 := min(d.fit(two[0], bold, w, maxPt), d.fit(two[1], bold, w, maxPt)); s2 > size {
				lines, size = two, s2
			}
		}
	}
	return lines, size
}

func (d *doc) regionFace(c card, x, y, cx, inner float64) {
	r := d.p.Region(c.Region)
	hex, cname := d.colour(r.Color)
	if r.AirOnly {
		// Outlined as the board outlines air-only regions, dashed, so a
		// white card never reads as blank.
		setDraw(d.f, ink)
		d.f.SetLineWidth(0.35)
		d.f.SetDashPattern([]float64{1.6, 1}, 0)
		d.f.Rect(x+Safe-0.2, y+Safe-0.2, CardW-2*(Safe-0.2), CardH-2*(Safe-0.2), "D")
		d.f.SetDashPattern(nil, 0)
	}
	d.setText(ink)
	// The name: as large as fits between the corner symbols (up to 15
	// pt), on two lines before it shrinks.
	lines, size := d.fitName(r.Name, true, nameW, 15)
	d.font(true, size)
	top := y + Safe + 4 + size*ptMM
	if len(lines) == 2 {
		top -= 0.8
	}
	for i, l := range lines {
		d.centred(l, cx, top+float64(i)*size*ptMM*1.15)
	}
	// The region's outline on the board, or its symbol when there is none.
	box := orb.Bound{Min: orb.Point{x + Safe + 3, y + 26}, Max: orb.Point{x + CardW - Safe - 3, y + 62}}
	if d.board != nil {
		if br := d.board.b.Region(r.ID); br != nil && len(br.Geometry) > 0 {
			rings := scene.Outline(br.Geometry, box, 0.1)
			pt := &painter{d: d, f: d.f, k: 1, view: box.Pad(1)}
			pt.paint([]scene.Item{&scene.Path{Rings: rings, Closed: true, Style: scene.Style{Fill: hex, FillOpacity: 1, Stroke: ink, StrokeOpacity: 1, StrokeWidth: 0.3}}})
		}
	}
	d.font(true, 12)
	d.setText(ink)
	d.centred(r.ID, cx, y+69)
	// The colour, with its symbol, at the foot; the symbol again in the
	// top corners, where a fanned hand shows it.
	note := cname
	if r.AirOnly {
		note += " · air only"
	}
	d.font(false, min(8, d.fit(note, false, inner-8, 8)))
	w := d.width(note)
	st := scene.Style{Fill: hex, FillOpacity: 1, Stroke: ink, StrokeOpacity: 1, StrokeWidth: 0.25}
	d.symbol(r.Color, cx-w/2-3, y+CardH-Safe-5.2, 1.9, st)
	d.text(cx-w/2, y+CardH-Safe-4, note)
	d.corners(r.Color, hex, x, y)
	if c.Count > 1 {
		d.font(false, 6)
		d.setText("#6a6a6a")
		d.centred(fmt.Sprintf("card %d of %d", c.Copy, c.Count), cx, y+CardH-Safe-1.2)
	}
}

// corners puts a colour's symbol in a card's top corners.
func (d *doc) corners(colour, hex string, x, y float64) {
	st := scene.Style{Fill: hex, FillOpacity: 1, Stroke: ink, StrokeOpacity: 1, StrokeWidth: 0.25}
	d.symbol(colour, x+Safe+3, y+Safe+3, 1.6, st)
	d.symbol(colour, x+CardW-Safe-3, y+Safe+3, 1.6, st)
}

func (d *doc) transportFace(c card, x, y, cx, inner float64) {
	d.setText(ink)
	// The edition's own name and pictogram for the kind, or the box's.
	own := d.p.Rules.Kind(c.Kind)
	title, picture := own.Name, scene.PictureOf(own.Pictogram)
	what, rule, symbol := "", "", -1
	switch c.Kind {
	case mapdata.PlaneCard:
		_, cname := d.colour(c.Color)
		what, rule = cname, "between two regions of this colour"
		if s, ok := d.symbols[c.Color]; ok {
			symbol = s
		}
	case mapdata.CarCard:
		rule = "through a region that borders both"
	case mapdata.ShipCard:
		what, rule = c.Sea, "between two regions on this sea"
		if c.Routes {
			what, rule = "the ship routes", "between two stops of one ship route"
		}
		for _, s := range d.p.Seas {
			if s.ID == c.Sea && s.Name != "" {
				what = s.Name
			}
		}
	case mapdata.TrainCard:
		what, rule = "any line", "between two stops of one line"
		for _, r := range d.p.Rails {
			if r.ID == c.Rail && c.Rail != "" {
				what = cmpOr(r.Name, r.ID)
			}
		}
	}
	d.font(true, d.fit(title, true, nameW, 16))
	d.centred(title, cx, y+Safe+11)
	if c.Kind == mapdata.PlaneCard {
		hex, _ := d.colour(c.Color)
		d.corners(c.Color, hex, x, y)
	}
	// The pictogram, in the card's colour, with the colour's symbol on a
	// plane.
	box := orb.Bound{Min: orb.Point{cx - 19, y + 22}, Max: orb.Point{cx + 19, y + 58}}
	pt := &painter{d: d, f: d.f, k: 1, view: box.Pad(2)}
	pt.paint(scene.Pictogram(picture, box, d.cardColour(c), symbol))
	d.setText(ink)
	if what != "" {
		lines, size := d.fitName(what, true, inner, 12)
		d.font(true, size)
		for i, l := range lines {
			d.centred(l, cx, y+63-float64(len(lines)-1)*size*ptMM*0.6+float64(i)*size*ptMM*1.15)
		}
	}
	d.font(false, 8)
	d.setText("#4a4a4a")
	for i, l := range d.lines(rule, inner) {
		d.centred(l, cx, y+70+float64(i)*3.6)
	}
}

// back draws the card back: the edition's name on a dark ground.
func (d *doc) back(x, y float64) {
	setFill(d.f, backBg)
	d.f.Rect(x, y, CardW, CardH, "F")
	setDraw(d.f, paper)
	d.f.SetLineWidth(0.6)
	d.f.RoundedRect(x+Safe, y+Safe, CardW-2*Safe, CardH-2*Safe, 2, "1234", "D")
	d.setText(paper)
	name := d.p.Edition.Name
	d.font(true, 14)
	ls := d.lines(name, CardW-2*Safe-6)
	for i, l := range ls {
		d.centred(l, x+CardW/2, y+CardH/2-float64(len(ls)-1)*3+float64(i)*6)
	}
	d.font(false, 8)
	d.centred(fmt.Sprintf("%d days", d.p.Edition.Days), x+CardW/2, y+CardH-Safe-5)
}
