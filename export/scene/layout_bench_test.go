package scene

import (
	"fmt"
	"testing"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/internal/testenv"
)

// grid is a pack of n small square regions in rows of 100, and its board.
func grid(n int) map[string]orb.MultiPolygon {
	shapes := make(map[string]orb.MultiPolygon, n)
	for i := range n {
		x, y := 0.1*float64(i%100), 0.1*float64(i/100)
		shapes[fmt.Sprintf("R%05d", i)] = orb.MultiPolygon{rect(x, y, x+0.09, y+0.09)}
	}
	return shapes
}

// BenchmarkLayoutGrid lays out boards of growing size: the CPU time per
// region stays flat (issue 33: the box of "all the other regions" was made
// anew for each region, and every region's outline searched for by id, so
// the layout of a 2,000-region board grew as the square).
// go test ./export/scene -run '^$' -bench LayoutGrid
func BenchmarkLayoutGrid(b *testing.B) {
	for _, n := range []int{1_000, 4_000, 16_000} {
		p, bd := synthetic("grid", grid(n))
		b.Run(fmt.Sprintf("regions=%d", n), func(b *testing.B) {
			cpu := testenv.CPUTime()
			for b.Loop() {
				if _, err := Layout(p, bd, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(testenv.CPUTime()-cpu)/float64(b.N)/float64(n)/1e3, "cpu-µs/region")
		})
	}
}
