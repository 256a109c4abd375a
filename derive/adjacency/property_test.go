package adjacency

import (
	"fmt"
	"math"
	"testing"

	"github.com/paulmach/orb"
	"pgregory.net/rapid"
)

// cellMap is a random map: w×h square cells of cellDeg degrees, each labelled
// with one of n regions. Its truth is known without geometry: two regions
// are rook neighbours when two of their cells share an edge, queen
// neighbours when two share an edge or a corner.
type cellMap struct {
	w, h, n int
	label   [][]int // [x][y]
}

const cellDeg = 0.5

func drawCellMap(t *rapid.T) cellMap {
	g := cellMap{w: rapid.IntRange(1, 7).Draw(t, "w"), h: rapid.IntRange(1, 7).Draw(t, "h")}
	g.n = rapid.IntRange(2, 6).Draw(t, "regions")
	g.label = make([][]int, g.w)
	for x := range g.label {
		g.label[x] = make([]int, g.h)
		for y := range g.label[x] {
			g.label[x][y] = rapid.IntRange(0, g.n-1).Draw(t, fmt.Sprintf("cell %d,%d", x, y))
		}
	}
	return g
}

func cellRing(x, y int) orb.Ring {
	x0, y0 := 10+float64(x)*cellDeg, float64(y)*cellDeg
	x1, y1 := x0+cellDeg, y0+cellDeg
	return orb.Ring{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

// geoms gives each region the squares of its cells, one polygon a cell.
func (g cellMap) geoms() []orb.MultiPolygon {
	out := make([]orb.MultiPolygon, g.n)
	for x := range g.label {
		for y, r := range g.label[x] {
			out[r] = append(out[r], orb.Polygon{cellRing(x, y)})
		}
	}
	return out
}

// truth gives the neighbouring pairs (a < b) and, for rook, how many cell
// edges each pair shares.
func (g cellMap) truth(rule Rule) map[[2]int]int {
	out := map[[2]int]int{}
	add := func(a, b int, edge bool) {
		if a == b {
			return
		}
		k := [2]int{min(a, b), max(a, b)}
		if edge {
			out[k]++
		} else if rule == Queen {
			out[k] += 0
		}
	}
	for x := 0; x < g.w; x++ {
		for y := 0; y < g.h; y++ {
			a := g.label[x][y]
			if x+1 < g.w {
				add(a, g.label[x+1][y], true)
			}
			if y+1 < g.h {
				add(a, g.label[x][y+1], true)
			}
			if x+1 < g.w && y+1 < g.h {
				add(a, g.label[x+1][y+1], false)
			}
			if x > 0 && y+1 < g.h {
				add(a, g.label[x-1][y+1], false)
			}
		}
	}
	return out
}

func pairMap(t *rapid.T, res Result, n int) map[[2]int]float64 {
	out := map[[2]int]float64{}
	for i, p := range res.Pairs {
		if p.A == p.B {
			t.Fatalf("self-pair %d", p.A)
		}
		if p.A > p.B || p.A < 0 || p.B >= n {
			t.Fatalf("pair %+v is not A < B within the inputs", p)
		}
		if i > 0 {
			q := res.Pairs[i-1]
			if q.A > p.A || (q.A == p.A && q.B >= p.B) {
				t.Fatalf("pairs not sorted or repeated: %+v then %+v", q, p)
			}
		}
		out[[2]int{p.A, p.B}] = p.LengthKm
	}
	return out
}

// TestAdjacencyOnRandomGrids: on random cellMap maps, rook and queen find
// exactly the true pairs, with no self-pairs and no pair twice; rook pairs
// are queen pairs; border lengths are the shared cell edges'; and the answer
// does not depend on the order of the inputs (each unordered pair is found
// whichever side comes first).
func TestAdjacencyOnRandomGrids(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawCellMap(t)
		geoms := g.geoms()
		rook := pairMap(t, Compute(geoms, Options{Rule: Rook}), g.n)
		queen := pairMap(t, Compute(geoms, Options{Rule: Queen}), g.n)

		wantRook, wantQueen := g.truth(Rook), g.truth(Queen)
		for k, edges := range wantRook {
			got, ok := rook[k]
			if !ok {
				t.Fatalf("rook misses %v (%d shared edges)", k, edges)
			}
			// Edges are 0.5° of meridian or of a parallel within 3.5° of
			// the equator: 55.6 km, give or take 0.2%.
			want := float64(edges) * cellDeg * math.Pi / 180 * EarthRadiusKm
			if math.Abs(got-want) > 0.01*want {
				t.Fatalf("rook %v: %.3f km, want %.3f (%d edges)", k, got, want, edges)
			}
		}
		for k := range rook {
			if _, ok := wantRook[k]; !ok {
				t.Fatalf("rook finds %v, which share no edge", k)
			}
			if _, ok := queen[k]; !ok {
				t.Fatalf("rook pair %v is no queen pair", k)
			}
		}
		for k := range wantQueen {
			if _, ok := queen[k]; !ok {
				t.Fatalf("queen misses %v", k)
			}
		}
		for k := range queen {
			if _, ok := wantQueen[k]; !ok {
				t.Fatalf("queen finds %v, which share no point", k)
			}
		}

		// Reverse the inputs: the same pairs, renumbered.
		rev := make([]orb.MultiPolygon, g.n)
		for i := range geoms {
			rev[g.n-1-i] = geoms[i]
		}
		back := pairMap(t, Compute(rev, Options{Rule: Rook}), g.n)
		if len(back) != len(rook) {
			t.Fatalf("reversed inputs give %d pairs, not %d", len(back), len(rook))
		}
		for k, km := range back {
			orig := [2]int{g.n - 1 - k[1], g.n - 1 - k[0]}
			if l, ok := rook[orig]; !ok || math.Abs(l-km) > 1e-9 {
				t.Fatalf("reversed pair %v (%v) is not pair %v (%v)", k, km, orig, l)
			}
		}
	})
}
