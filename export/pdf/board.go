package pdf

import (
	"fmt"
	"math"

	"codeberg.org/go-pdf/fpdf"
	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/mapdata"
)

// Board tiling, in millimetres.
const (
	tileMargin  = 10.0 // around a tile's printed area: footer and marks
	tileOverlap = 12.0 // each tile repeats this much of its neighbour
	tileColumns = 2    // the board is printed this many landscape pages wide
)

// TileMarker and PageMapMarker begin the board pages' foot lines.
const (
	TileMarker    = "Board tile"
	PageMapMarker = "Board page map"
)

// boardPlan is the board picture and how it is cut into tiles.
type boardPlan struct {
	b          *board.Geometry
	sc         *scene.Scene
	k          float64 // millimetres per scene unit, printed
	ratio      float64 // the scale: 1 : ratio at the map's centre
	cols, rows int
	areaW      float64 // a tile's printed area (landscape page less margins)
	areaH      float64
	paper      Paper
	empty      map[[2]int]bool // tiles with nothing to print, worked out once
}

func sizeOf(p Paper) fpdf.SizeType { return fpdf.SizeType{Wd: p.W, Ht: p.H} }

// newBoardPlan draws the board (export/scene, as the SVG) and chooses its
// print scale: a round 1 : N at the map's centre that makes the board
// tileColumns landscape pages wide at most.
func newBoardPlan(p *mapdata.Pack, b *board.Geometry, paper Paper) (*boardPlan, error) {
	sc, err := scene.Board(p, b, scene.Options{Width: 1600})
	if err != nil {
		return nil, err
	}
	layout, err := scene.Layout(p, b, scene.Options{Width: 1600})
	if err != nil {
		return nil, err
	}
	bp := &boardPlan{b: b, sc: sc, paper: paper, areaW: paper.H - 2*tileMargin, areaH: paper.W - 2*tileMargin}
	// Kilometres per scene unit, measured at the middle of the map: a
	// short north-south step of the projection.
	kmPerUnit := 0.0
	if c, ok := centreLonLat(p, b, layout); ok {
		a, b2 := orb.Point{c[0], c[1] - 0.25}, orb.Point{c[0], c[1] + 0.25}
		pa, pb := layout.Main.Point(a), layout.Main.Point(b2)
		if d := math.Hypot(pa[0]-pb[0], pa[1]-pb[1]); d > 0 {
			kmPerUnit = geo.GreatCircleKm(a, b2) / d
		}
	}
	wantW := float64(tileColumns)*bp.areaW - float64(tileColumns-1)*tileOverlap
	bp.k = wantW / sc.Width
	if kmPerUnit > 0 {
		ratio := kmPerUnit * 1e6 / bp.k // 1 mm on paper is this many mm on the ground
		bp.ratio = nice(ratio)
		bp.k = kmPerUnit * 1e6 / bp.ratio
	}
	stepW, stepH := bp.areaW-tileOverlap, bp.areaH-tileOverlap
	bp.cols = max(1, int(math.Ceil((sc.Width*bp.k-tileOverlap)/stepW-1e-9)))
	bp.rows = max(1, int(math.Ceil((sc.Height*bp.k-tileOverlap)/stepH-1e-9)))
	return bp, nil
}

// centreLonLat is a point near the middle of the main map, in longitude
// and latitude: the centre of the region (not air-only) whose centre the
// map draws nearest the middle of its box.
func centreLonLat(p *mapdata.Pack, b *board.Geometry, l *scene.BoardLayout) (orb.Point, bool) {
	mid := l.MapBox.Center()
	var best orb.Point
	bestD := math.Inf(1)
	for _, r := range p.Regions {
		br := b.Region(r.ID)
		if br == nil || r.AirOnly || len(br.Geometry) == 0 {
			continue
		}
		c := br.Geometry.Bound().Center()
		q := l.Main.Point(c)
		if d := math.Hypot(q[0]-mid[0], q[1]-mid[1]); d < bestD {
			best, bestD = c, d
		}
	}
	return best, !math.IsInf(bestD, 1)
}

func (bp *boardPlan) scaleText() string {
	if bp.ratio == 0 {
		return fmt.Sprintf("%.3g mm per board pixel", bp.k)
	}
	return fmt.Sprintf("1 : %s at the map's centre (1 cm = %s km)", thousands(bp.ratio), trimKm(bp.ratio/1e5))
}

func trimKm(km float64) string {
	if km == math.Trunc(km) {
		return fmt.Sprintf("%.0f", km)
	}
	return fmt.Sprintf("%.1f", km)
}

// printed reports whether tile (r, c) shows anything but open water: a
// region, land, a label, an inset, the title or the legend (the seas' tint
// alone is not worth a sheet of paper).
func (bp *boardPlan) printed(r, c int) bool {
	if bp.empty == nil {
		bp.empty = map[[2]int]bool{}
		for rr := 0; rr < bp.rows; rr++ {
			for cc := 0; cc < bp.cols; cc++ {
				x0, y0 := bp.origin(rr, cc)
				view := orb.Bound{Min: orb.Point{x0 / bp.k, y0 / bp.k}, Max: orb.Point{(x0 + bp.areaW) / bp.k, (y0 + bp.areaH) / bp.k}}
				bp.empty[[2]int{rr, cc}] = !scene.Shows(bp.sc.Items, view, "seas")
			}
		}
	}
	return !bp.empty[[2]int{r, c}]
}

// tileName names the tile in row r, column c: A1, A2, ... B1, ...
func tileName(r, c int) string { return fmt.Sprintf("%c%d", 'A'+rune(r%26), c+1) }

// origin is the top-left of tile (r, c) on the printed board (mm).
func (bp *boardPlan) origin(r, c int) (float64, float64) {
	return float64(c) * (bp.areaW - tileOverlap), float64(r) * (bp.areaH - tileOverlap)
}

// boardPages are the page map, then each tile, row by row.
func (d *doc) boardPages() {
	bp := d.board
	f := d.f
	// The page map: the whole board on one page with the tiles over it.
	f.AddPageFormat("L", sizeOf(bp.paper))
	W, H := f.GetPageSize()
	fullW, fullH := bp.sc.Width*bp.k, bp.sc.Height*bp.k
	areaW, areaH := W-2*tileMargin, H-2*tileMargin-14
	s := math.Min(areaW/fullW, areaH/fullH) // page-map mm per printed-board mm
	ox, oy := tileMargin+(areaW-fullW*s)/2, tileMargin+12
	d.setText(ink)
	d.font(true, 13)
	d.text(tileMargin, tileMargin+4, fmt.Sprintf("%s: the board in %d tiles", d.p.Edition.Name, bp.cols*bp.rows))
	d.font(false, 8.5)
	d.text(tileMargin, tileMargin+8.5, fmt.Sprintf("Printed at %s; %.0f × %.0f cm assembled; each tile overlaps its neighbours by %g mm.", bp.scaleText(), fullW/10, fullH/10, tileOverlap))
	pt := &painter{d: d, f: f, k: bp.k * s, dx: ox, dy: oy, view: orb.Bound{Max: orb.Point{bp.sc.Width, bp.sc.Height}}}
	setFill(f, bp.sc.Background)
	f.Rect(ox, oy, fullW*s, fullH*s, "F")
	pt.paint(bp.sc.Items)
	for r := 0; r < bp.rows; r++ {
		for c := 0; c < bp.cols; c++ {
			x, y := bp.origin(r, c)
			w, h := math.Min(bp.areaW, fullW-x), math.Min(bp.areaH, fullH-y)
			if !bp.printed(r, c) {
				// An empty tile (open sea) is not printed: say so where it
				// would go.
				setDraw(f, "#8a8a8a")
				f.SetLineWidth(0.2)
				f.SetDashPattern([]float64{1.5, 1.5}, 0)
				f.Rect(ox+x*s, oy+y*s, w*s, h*s, "D")
				f.SetDashPattern(nil, 0)
				d.font(false, 8)
				d.setText("#4a4a4a")
				d.centred(tileName(r, c)+": empty, not printed", ox+(x+w/2)*s, oy+(y+h/2)*s+1)
				continue
			}
			setDraw(f, "#c0392b")
			f.SetLineWidth(0.35)
			f.Rect(ox+x*s, oy+y*s, w*s, h*s, "D")
			d.font(true, 14)
			name := tileName(r, c)
			cx, cy := ox+(x+w/2)*s, oy+(y+h/2)*s
			tw := d.width(name)
			setFill(f, paper)
			f.RoundedRect(cx-tw/2-2, cy-4, tw+4, 7.5, 1.5, "1234", "FD")
			d.setText("#c0392b")
			d.centred(name, cx, cy+2)
		}
	}
	d.footer(fmt.Sprintf("%s · %s", PageMapMarker, d.p.Edition.Name))

	for r := 0; r < bp.rows; r++ {
		for c := 0; c < bp.cols; c++ {
			if bp.printed(r, c) {
				d.tile(r, c)
			}
		}
	}
}

// tile prints one part of the board: its area clipped, the board's grey
// surround where the board ends, + marks where tiles meet, and its name,
// neighbours and scale in the margin.
func (d *doc) tile(r, c int) {
	bp := d.board
	f := d.f
	f.AddPageFormat("L", sizeOf(bp.paper))
	x0, y0 := bp.origin(r, c)
	left, top := tileMargin, tileMargin
	view := orb.Bound{Min: orb.Point{x0 / bp.k, y0 / bp.k}, Max: orb.Point{(x0 + bp.areaW) / bp.k, (y0 + bp.areaH) / bp.k}}
	fullW, fullH := bp.sc.Width*bp.k, bp.sc.Height*bp.k
	clipped(f, left, top, bp.areaW, bp.areaH, func() {
		setFill(f, bp.sc.Background)
		f.Rect(left-x0, top-y0, fullW, fullH, "F")
		pt := &painter{d: d, f: f, k: bp.k, dx: left - x0, dy: top - y0, view: view}
		pt.paint(bp.sc.Items)
	})
	// The overlap: a dashed line where the neighbour's own part begins.
	setDraw(f, "#555555")
	f.SetLineWidth(0.2)
	f.SetDashPattern([]float64{2, 1.5}, 0)
	if c+1 < bp.cols {
		x := left + bp.areaW - tileOverlap
		f.Line(x, top, x, top+bp.areaH)
	}
	if r+1 < bp.rows {
		y := top + bp.areaH - tileOverlap
		f.Line(left, y, left+bp.areaW, y)
	}
	f.SetDashPattern(nil, 0)
	// Alignment marks: a + in a circle at every point where the tile grid's
	// lines cross, in printed-board coordinates, so neighbours print the
	// same marks at the same places of the board.
	stepW, stepH := bp.areaW-tileOverlap, bp.areaH-tileOverlap
	for gy := 0; gy <= bp.rows; gy++ {
		for gx := 0; gx <= bp.cols; gx++ {
			for _, off := range [][2]float64{{tileOverlap / 2, tileOverlap / 2}} {
				bx, by := float64(gx)*stepW+off[0], float64(gy)*stepH+off[1]
				px, py := left+bx-x0, top+by-y0
				if px < left-0.01 || px > left+bp.areaW+0.01 || py < top-0.01 || py > top+bp.areaH+0.01 {
					continue
				}
				if (gx == 0 || gx == bp.cols) && (gy == 0 || gy == bp.rows) {
					continue // the board's own corners need no mark
				}
				registration(f, px, py)
			}
		}
	}
	d.setText(ink)
	d.font(true, 11)
	d.text(left, tileMargin-3, fmt.Sprintf("%s %s", TileMarker, tileName(r, c)))
	d.font(false, 7.5)
	var next []string
	if c > 0 && bp.printed(r, c-1) {
		next = append(next, "left "+tileName(r, c-1))
	}
	if c+1 < bp.cols && bp.printed(r, c+1) {
		next = append(next, "right "+tileName(r, c+1))
	}
	if r > 0 && bp.printed(r-1, c) {
		next = append(next, "above "+tileName(r-1, c))
	}
	if r+1 < bp.rows && bp.printed(r+1, c) {
		next = append(next, "below "+tileName(r+1, c))
	}
	d.footer(fmt.Sprintf("%s %s of %d × %d · %s · %s · overlap %g mm: trim at the dashed line, match the ⊕ marks", TileMarker, tileName(r, c), bp.rows, bp.cols, d.p.Edition.Name, bp.scaleText(), tileOverlap))
	if len(next) > 0 {
		W, _ := f.GetPageSize()
		s := "next to it: " + andList(next)
		d.text(W-tileMargin-d.width(s), tileMargin-3, s)
	}
}

// registration draws a + in a circle, the mark two tiles are lined up by.
func registration(f *fpdf.Fpdf, x, y float64) {
	setDraw(f, "#000000")
	f.SetLineWidth(0.2)
	f.Circle(x, y, 2.2, "D")
	f.Line(x-3.5, y, x+3.5, y)
	f.Line(x, y-3.5, x, y+3.5)
}
