package bot

import (
	"testing"

	"github.com/tendays/tendays/engine"
)

// BenchmarkKernelRow is one row of 20 Days Around the World's distance
// (eight lanes) and one day's tops, by the vector kernels, over and over:
// the kernels alone, their tables in the cache.
func BenchmarkKernelRow(b *testing.B) {
	board := AroundTheWorld(b)
	d := newDistance(board)
	if d.vec == nil {
		b.Skip("no vector")
	}
	h := make([]engine.CardID, board.Days())
	for i := range h {
		h[i] = engine.CardID(i * 7 % board.NumCards())
	}
	d.compute(h)
	prev1, row := d.row(d.fwd, 5), d.row(d.fwd, 6)
	gtop := d.topsOf(d.fwd, 4)
	b.Run("row", func(b *testing.B) {
		for b.Loop() {
			d.vec.row(row, prev1, gtop, engine.NoCard, 3)
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
	board := AroundTheWorld(b)
	d := newDistanceMaps(board, false)
	h := make([]engine.CardID, board.Days())
	for i := range h {
		h[i] = engine.CardID(i * 7 % board.NumCards())
	}
	d.compute(h)
	prev1, row := d.row(d.fwd, 5), d.row(d.fwd, 6)
	gtop := d.topsOf(d.fwd, 4)
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
			h[i%len(h)] = engine.CardID(i % board.NumCards())
			d.compute(h)
		}
	})
}
