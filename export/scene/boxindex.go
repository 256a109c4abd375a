package scene

import (
	"math"

	"github.com/paulmach/orb"
)

// boxIndex finds the items whose boxes may hold a point or meet a box,
// without trying every item: a grid of cells over an area, each listing
// the items (in the order added) whose box meets it. A box or point
// outside the area is clamped to its edge cells, so an item holding a
// point is always among that point's candidates. The labeler asks it
// which land a label would cover and which labels it would meet: trying
// every region for every place tried made a board of 2,000 regions take
// seconds (issue 26).
type boxIndex struct {
	area   orb.Bound
	n      int // cells a side
	cells  [][]int
	all    []int // every item, for a query that is not a number
	sizeX  float64
	sizeY  float64
	broken bool // the area is not finite or empty: every query is every item
}

func newBoxIndex(area orb.Bound, expect int) *boxIndex {
	n := max(1, min(64, int(math.Sqrt(float64(expect)))))
	ix := &boxIndex{area: area, n: n, cells: make([][]int, n*n)}
	ix.sizeX = (area.Max[0] - area.Min[0]) / float64(n)
	ix.sizeY = (area.Max[1] - area.Min[1]) / float64(n)
	ix.broken = !(ix.sizeX > 0 && ix.sizeY > 0) || math.IsInf(ix.sizeX, 0) || math.IsInf(ix.sizeY, 0)
	return ix
}

// cell is the column (or row) of v along an axis, clamped to the grid;
// ok is false for a value that is not a number.
func (ix *boxIndex) cell(v, min, size float64) (int, bool) {
	if math.IsNaN(v) {
		return 0, false
	}
	c := math.Floor((v - min) / size)
	return int(math.Max(0, math.Min(float64(ix.n-1), c))), true
}

// span is the cells b meets.
func (ix *boxIndex) span(b orb.Bound) (x0, y0, x1, y1 int, ok bool) {
	if ix.broken {
		return 0, 0, 0, 0, false
	}
	var oks [4]bool
	x0, oks[0] = ix.cell(b.Min[0], ix.area.Min[0], ix.sizeX)
	x1, oks[1] = ix.cell(b.Max[0], ix.area.Min[0], ix.sizeX)
	y0, oks[2] = ix.cell(b.Min[1], ix.area.Min[1], ix.sizeY)
	y1, oks[3] = ix.cell(b.Max[1], ix.area.Min[1], ix.sizeY)
	return x0, y0, x1, y1, oks[0] && oks[1] && oks[2] && oks[3]
}

// add files item i under every cell its box b meets.
func (ix *boxIndex) add(i int, b orb.Bound) {
	ix.all = append(ix.all, i)
	x0, y0, x1, y1, ok := ix.span(b)
	if !ok {
		// A bound that is not a number may still hold a point (a
		// comparison with NaN is false, so orb's Contains lets it
		// through): filed under every cell, as trying every item would.
		x0, y0, x1, y1 = 0, 0, ix.n-1, ix.n-1
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			ix.cells[y*ix.n+x] = append(ix.cells[y*ix.n+x], i)
		}
	}
}

// atPoint is the items whose boxes may hold p.
func (ix *boxIndex) atPoint(p orb.Point) []int {
	x, y, _, _, ok := ix.span(orb.Bound{Min: p, Max: p})
	if !ok {
		return ix.all
	}
	return ix.cells[y*ix.n+x]
}

// meeting calls yield with the items whose boxes may meet b (some more
// than once) until it returns false.
func (ix *boxIndex) meeting(b orb.Bound, yield func(int) bool) {
	x0, y0, x1, y1, ok := ix.span(b)
	if !ok {
		for _, i := range ix.all {
			if !yield(i) {
				return
			}
		}
		return
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for _, i := range ix.cells[y*ix.n+x] {
				if !yield(i) {
					return
				}
			}
		}
	}
}
