package bot

import (
	"testing"

	"github.com/tendays/tendays/engine"
)

// BenchmarkKernelRow is one row of 20 Days Around the World's distance
// (eight lanes) and one day's tops, by the vector kernels, over and over:
// the kernels alone, their tables in the cache.
func BenchmarkKernelRow(b *testing.B) {
	d, _, prev1, row, gtop := rowFixture(b, true)
	prev2 := d.row(d.fwd, 4)
	if d.vec == nil {
		b.Skip("this machine has no vector kernels (vector.go)")
	}
	b.Run("row", func(b *testing.B) {
		for b.Loop() {
			d.vec.row(row, prev1, prev2, gtop, engine.NoCard, 3)
		}
	})
	b.Run("tops", func(b *testing.B) {
		out := make([]int32, d.gSize)
		for b.Loop() {
			d.vec.tops(out, prev1)
		}
	})
}

// BenchmarkRow1 is BenchmarkKernelRow for the distance with the maps set
// aside (one mask: row1 and tops), and a compute after one day changes.
func BenchmarkRow1(b *testing.B) {
	d, h, prev1, row, gtop := rowFixture(b, false)
	b.Run("row", func(b *testing.B) {
		for b.Loop() {
			d.row1(row, prev1, gtop, engine.NoCard, 3)
		}
	})
	b.Run("tops", func(b *testing.B) {
		out := make([]int32, d.gSize)
		for b.Loop() {
			d.tops(out, prev1)
		}
	})
	b.Run("compute", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			h[i%len(h)] = engine.CardID(i % d.b.NumCards())
			d.compute(h)
		}
	})
}

// rowFixture is Around the World's distance (following the maps or not)
// computed for a holder of spread cards, with day 5's row of fwd, day 6's
// to write over, and day 4's tops.
func rowFixture(b testing.TB, maps bool) (d *distance, h []engine.CardID, prev1, row, gtop []int32) {
	board := AroundTheWorld(b)
	d = newDistanceMaps(board, maps)
	h = make([]engine.CardID, board.Days())
	for i := range h {
		h[i] = engine.CardID(i * 7 % board.NumCards())
	}
	d.compute(h)
	return d, h, d.row(d.fwd, 5), d.row(d.fwd, 6), d.topsOf(d.fwd, 4)
}
