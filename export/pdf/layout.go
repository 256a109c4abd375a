package pdf

import (
	"fmt"
	"strings"
)

// Paper is a sheet size in millimetres (portrait).
type Paper struct {
	Name string
	W, H float64
}

// The papers the PDF is laid out for. OneCard is a page the size of one
// card with its bleed: a print service's layout (DriveThruCards' card
// PDFs: one card a page, the back before its face, in deck order).
var (
	A4      = Paper{Name: "a4", W: 210, H: 297}
	Letter  = Paper{Name: "letter", W: 215.9, H: 279.4}
	OneCard = Paper{Name: "card", W: CardW + 2*Bleed, H: CardH + 2*Bleed}
)

// PaperNamed finds a paper by name (a4, letter or card, any case).
func PaperNamed(name string) (Paper, error) {
	switch strings.ToLower(name) {
	case "", "a4":
		return A4, nil
	case "letter":
		return Letter, nil
	case "card":
		return OneCard, nil
	}
	return Paper{}, fmt.Errorf("unknown paper %q (want a4, letter or card)", name)
}

// Card and print geometry, in millimetres.
const (
	CardW = 63.0 // poker size
	CardH = 88.0
	Bleed = 3.0 // the card's colour runs this far past its cut line
	Safe  = 4.0 // text and symbols stay this far inside the cut line

	// PrintMargin is how near the sheet's edge a home or office printer is
	// trusted to print (lasers keep about 4.2 mm, most inkjets 3): crop
	// marks and every other mark stay inside it.
	PrintMargin = 4.2
	markGap     = 0.8 // between a crop mark and the bleed
	markMin     = 2.0 // the shortest crop mark worth drawing
	markMax     = 8.0 // the longest
)

// Sheet is how cards sit on a sheet: cols × rows trim boxes, each gutter
// wide between neighbours, the grid centred on the page.
type Sheet struct {
	Paper     Paper
	Landscape bool
	Cols      int
	Rows      int
	Gutter    float64 // 0: neighbours share their cut line; 2×Bleed: each card bleeds on every side
	X0, Y0    float64 // the top-left trim corner of the first card
}

// PageW and PageH are the page's size as laid out.
func (s Sheet) PageW() float64 {
	if s.Landscape {
		return s.Paper.H
	}
	return s.Paper.W
}

// PageH is the page's height as laid out.
func (s Sheet) PageH() float64 {
	if s.Landscape {
		return s.Paper.W
	}
	return s.Paper.H
}

// PerPage is the number of cards a sheet holds.
func (s Sheet) PerPage() int { return s.Cols * s.Rows }

// Trim is the top-left corner of the trim box of the card at col, row.
func (s Sheet) Trim(col, row int) (x, y float64) {
	return s.X0 + float64(col)*(CardW+s.Gutter), s.Y0 + float64(row)*(CardH+s.Gutter)
}

// Back is where the back of the card at col, row goes on the backs page,
// so that it lands behind its front when the sheet is printed on both
// sides and flipped on its long edge: a portrait sheet turns about its
// vertical axis (columns mirror), a landscape one about its horizontal
// axis (rows mirror).
func (s Sheet) Back(col, row int) (int, int) {
	if s.Landscape {
		return col, s.Rows - 1 - row
	}
	return s.Cols - 1 - col, row
}

// MarkRoom is the room for crop marks between the printable margin and
// the grid's bleed on each side: left/right and top/bottom.
func (s Sheet) MarkRoom() (x, y float64) {
	return s.X0 - Bleed - markGap - PrintMargin, s.Y0 - Bleed - markGap - PrintMargin
}

// Layout chooses how cards sit on a paper: the most cards a page whose
// crop marks fall where printers print (at least markMin of mark between
// the printable margin and the bleed, on all four sides); on a tie, each
// card with its own bleed (a gutter of two bleeds) before shared cut lines,
// then portrait. On A4 that is 9 cards, portrait, sharing cut lines (3 × 69
// mm with gutters would leave a 1.5 mm margin, so the outer edges bleed
// and inner cut lines are shared); on Letter 8, landscape.
func Layout(p Paper) (Sheet, error) {
	var best Sheet
	for _, landscape := range []bool{false, true} {
		for _, gutter := range []float64{2 * Bleed, 0} {
			s := Sheet{Paper: p, Landscape: landscape, Gutter: gutter}
			room := 2 * (PrintMargin + markMin + markGap + Bleed)
			s.Cols = int((s.PageW() - room + gutter) / (CardW + gutter))
			s.Rows = int((s.PageH() - room + gutter) / (CardH + gutter))
			if s.Cols < 1 || s.Rows < 1 {
				continue
			}
			gridW := float64(s.Cols)*CardW + float64(s.Cols-1)*gutter
			gridH := float64(s.Rows)*CardH + float64(s.Rows-1)*gutter
			s.X0, s.Y0 = (s.PageW()-gridW)/2, (s.PageH()-gridH)/2
			if s.PerPage() > best.PerPage() || s.PerPage() == best.PerPage() && s.Gutter > best.Gutter {
				best = s
			}
		}
	}
	if best.PerPage() == 0 {
		return best, fmt.Errorf("no card fits on %s paper with room for crop marks", p.Name)
	}
	return best, nil
}
