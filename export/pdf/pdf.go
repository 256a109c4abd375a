package pdf

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/text"
	"github.com/tendays/tendays/mapdata"
)

const (
	family = "DejaVuSans"
	ptMM   = 25.4 / 72 // millimetres in a point
	ink    = "#1c1c1c"
	paper  = "#ffffff"
	backBg = "#1f3a5f"
	grey   = "#bdbdbd"
)

// epoch is the date written as the PDF's creation and modification time,
// so that the same pack always gives the same bytes.
var epoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Options tune the PDF.
type Options struct {
	Paper Paper         // zero: A4
	Fonts *text.Library // the fonts for text DejaVu Sans cannot draw alone; nil: text.System()
}

// Render makes the print-and-play PDF of a pack. The board is optional: a
// pack without one gets no board pages (the summary says so).
func Render(p *mapdata.Pack, b *board.Geometry, opt Options) ([]byte, error) {
	if opt.Paper.W == 0 {
		opt.Paper = A4
	}
	oneCard := opt.Paper == OneCard
	var sheet Sheet
	var err error
	if oneCard {
		sheet = Sheet{Paper: OneCard, Cols: 1, Rows: 1, X0: Bleed, Y0: Bleed}
	} else if sheet, err = Layout(opt.Paper); err != nil {
		return nil, err
	}
	cards, err := deckCards(p)
	if err != nil {
		return nil, err
	}
	lib := opt.Fonts
	if lib == nil {
		lib = text.System()
	}
	if err := checkGlyphs(p, cards, lib); err != nil {
		return nil, err
	}
	d := &doc{p: p, sheet: sheet, cards: cards, symbols: scene.Symbols(p), colours: map[string]mapdata.Color{}, lib: lib, shaped: newShapedFonts(lib), boxes: map[int]pageBoxes{}}
	for _, c := range p.Colors {
		d.colours[c.ID] = c
	}
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: opt.Paper.W, Ht: opt.Paper.H}})
	d.f = f
	f.SetCatalogSort(true)
	f.SetCreationDate(epoch)
	f.SetModificationDate(epoch)
	f.SetProducer("tendays", false)
	f.SetTitle(p.Edition.Name+" — print and play", true)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.AddUTF8FontFromBytes(family, "", text.DejaVuRegular)
	f.AddUTF8FontFromBytes(family, "B", text.DejaVuBold)
	if b != nil {
		if d.board, err = newBoardPlan(p, b, opt.Paper); err != nil {
			return nil, err
		}
	}
	if oneCard {
		d.oneCardPages()
	} else {
		d.summary()
		d.cardPages()
		if d.board != nil {
			d.boardPages()
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	var out bytes.Buffer
	if err := f.Output(&out); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	var fontErr error
	fonts := func(next int) ([]pdfObject, map[string]int) {
		objs, res, err := d.shaped.objects(next)
		fontErr = err
		return objs, res
	}
	doc, err := appendUpdate(out.Bytes(), fonts, d.boxes)
	if err == nil {
		err = fontErr
	}
	if err != nil {
		return nil, err
	}
	return doc, nil
}

type doc struct {
	f       *fpdf.Fpdf
	p       *mapdata.Pack
	sheet   Sheet
	cards   []card
	symbols map[string]int
	colours map[string]mapdata.Color
	board   *boardPlan

	lib    *text.Library
	shaped *shapedFonts
	boxes  map[int]pageBoxes // TrimBox and BleedBox by page number
	bold   bool              // the current font
	pt     float64
	ink    string // the current text colour
	err    error  // the first text that could not be shaped
}

// card is one physical card.
type card struct {
	mapdata.Card
	Copy  int // 1-based copy of its kind of card
	Title string
}

// deckCards is every physical card in deck order: a region card as many
// times as the deck holds it, a transport card by its count.
func deckCards(p *mapdata.Pack) ([]card, error) {
	var out []card
	total := 0
	for _, c := range p.Deck.Cards {
		if c.Count <= 0 {
			continue
		}
		total += c.Count
		if total > mapdata.MaxDeckCards {
			return nil, fmt.Errorf("the deck has more than %d cards", mapdata.MaxDeckCards)
		}
		title, err := CardTitle(p, c)
		if err != nil {
			return nil, err
		}
		for k := 1; k <= c.Count; k++ {
			out = append(out, card{Card: c, Copy: k, Title: title})
		}
	}
	return out, nil
}

// CardTitle is the name a card shows: the region's name, or the
// transport's kind (under the edition's own name, where it gives one).
func CardTitle(p *mapdata.Pack, c mapdata.Card) (string, error) {
	switch c.Kind {
	case mapdata.RegionCard:
		r := p.Region(c.Region)
		if r == nil {
			return "", fmt.Errorf("deck card %q names region %q, which the pack does not have", c.Token, c.Region)
		}
		return r.Name, nil
	case mapdata.PlaneCard, mapdata.CarCard, mapdata.ShipCard, mapdata.TrainCard:
		return p.Rules.Kind(c.Kind).Name, nil // Airplane ..., or the edition's own name
	}
	return "", fmt.Errorf("deck card %q has kind %q, which tendays cannot print", c.Token, c.Kind)
}

// checkGlyphs refuses a name with a character no font draws, naming the
// region (or what else the name is) and the fonts searched, rather than
// print a box in its place.
func checkGlyphs(p *mapdata.Pack, cards []card, lib *text.Library) error {
	type named struct{ what, s string }
	texts := []named{{"the edition's name", p.Edition.Name}}
	for _, r := range p.Regions {
		texts = append(texts, named{"region " + r.ID, r.Name})
	}
	for _, c := range cards {
		texts = append(texts, named{"card " + c.Token, c.Title})
	}
	for _, c := range p.Colors {
		texts = append(texts, named{"colour " + c.ID, c.Name})
	}
	for _, s := range p.Seas {
		texts = append(texts, named{"sea " + s.ID, s.Name})
	}
	for _, r := range p.Rails {
		texts = append(texts, named{"rail line " + r.ID, r.Name})
	}
	for _, t := range texts {
		if text.Simple(t.s) {
			continue
		}
		if err := lib.Check(t.s, text.Bold); err != nil {
			return fmt.Errorf("%s: %w", t.what, err)
		}
	}
	return nil
}

func (d *doc) colour(id string) (hex, name string) {
	c, ok := d.colours[id]
	if !ok {
		return grey, id
	}
	if _, _, _, err := scene.RGB(c.Hex); err != nil {
		c.Hex = grey
	}
	return c.Hex, cmpOr(c.Name, id)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// font sets the font: bold or not, size in points.
func (d *doc) font(bold bool, pt float64) {
	style := ""
	if bold {
		style = "B"
	}
	d.f.SetFont(family, style, pt)
	d.bold, d.pt = bold, pt
}

// setText sets the colour text is filled with.
func (d *doc) setText(hex string) {
	d.ink = hex
	setText(d.f, hex)
}

// shape shapes s in the current font's weight; an error is kept for
// Render to return.
func (d *doc) shape(s string, bold bool) (text.Line, bool) {
	line, err := d.lib.Shape(s, weightOf(bold))
	if err != nil {
		if d.err == nil {
			d.err = fmt.Errorf("pdf: %w", err)
		}
		return text.Line{}, false
	}
	return line, true
}

// width is the width of s in millimetres in the current font.
func (d *doc) width(s string) float64 {
	if text.Simple(s) {
		return d.f.GetStringWidth(s)
	}
	line, _ := d.shape(s, d.bold)
	return line.Width * d.pt * ptMM
}

// text writes s with its left end at x and its baseline at y, in the
// current font and text colour.
func (d *doc) text(x, y float64, s string) {
	if text.Simple(s) {
		d.f.Text(x, y, s)
		return
	}
	if line, ok := d.shape(s, d.bold); ok {
		d.textOp(line, x, y, d.pt, d.ink, "", 0)
	}
}

// fit is the largest size up to maxPt at which s fits in w millimetres.
func (d *doc) fit(s string, bold bool, w, maxPt float64) float64 {
	d.font(bold, maxPt)
	if sw := d.width(s); sw > w {
		return maxPt * w / sw
	}
	return maxPt
}

// centred writes s centred on x at baseline y.
func (d *doc) centred(s string, x, y float64) {
	d.text(x-d.width(s)/2, y, s)
}

// lines breaks s into lines of at most w millimetres in the current font.
func (d *doc) lines(s string, w float64) []string {
	return scene.Wrap(s, w, d.width)
}

// symbol draws the colour's symbol centred on (x, y), r millimetres.
func (d *doc) symbol(colour string, x, y, r float64, st scene.Style) {
	sym, ok := d.symbols[colour]
	if !ok {
		return
	}
	pt := &painter{d: d, f: d.f, k: 1, view: orb.Bound{Min: orb.Point{-1e9, -1e9}, Max: orb.Point{1e9, 1e9}}}
	pt.paint([]scene.Item{scene.Symbol(sym, orb.Point{x, y}, r, st)})
}

// footer writes a small line at the foot of a page, inside the margin
// printers print.
func (d *doc) footer(s string) {
	w, h := d.f.GetPageSize()
	d.font(false, 7)
	d.setText("#555555")
	d.text(PrintMargin+1, h-PrintMargin-0.8, s)
	_ = w
}

// nice rounds v up to 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten.
func nice(v float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if m*e >= v*(1-1e-9) {
			return m * e
		}
	}
	return 10 * e
}

// thousands writes n with thin spaces between groups of three digits.
func thousands(n float64) string {
	s := fmt.Sprintf("%.0f", n)
	var parts []string
	for len(s) > 3 {
		parts = append([]string{s[len(s)-3:]}, parts...)
		s = s[:len(s)-3]
	}
	return strings.Join(append([]string{s}, parts...), " ")
}
