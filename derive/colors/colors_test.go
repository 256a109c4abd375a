package colors

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// grid gives the rook edges of a w×h grid of cells.
func grid(w, h int) (int, [][2]int) {
	var edges [][2]int
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if x+1 < w {
				edges = append(edges, [2]int{i, i + 1})
			}
			if y+1 < h {
				edges = append(edges, [2]int{i, i + w})
			}
		}
	}
	return w * h, edges
}

func spread(sizes []int) int {
	lo, hi := sizes[0], sizes[0]
	for _, s := range sizes {
		lo, hi = min(lo, s), max(hi, s)
	}
	return hi - lo
}

func TestProperAndBalanced(t *testing.T) {
	for _, tc := range []struct{ w, h, k int }{{3, 3, 5}, {7, 6, 5}, {10, 5, 5}, {4, 4, 3}} {
		n, edges := grid(tc.w, tc.h)
		sol, err := Solve(Problem{N: n, Edges: edges, Palette: tc.k})
		require.NoError(t, err)
		assert.Empty(t, sol.Conflicts, "%v", tc)
		assert.LessOrEqual(t, spread(sol.Sizes), 1, "%v sizes %v", tc, sol.Sizes)
		total := 0
		for _, s := range sol.Sizes {
			total += s
		}
		assert.Equal(t, n, total)
	}
}

func TestFixedAndSameAreHonoured(t *testing.T) {
	n, edges := grid(7, 6)
	p := Problem{N: n, Edges: edges, Palette: 5,
		Fixed: map[int]int{0: 3, 20: 1},
		Same:  [][]int{{5, 40}, {20, 33}}}
	sol, err := Solve(p)
	require.NoError(t, err)
	assert.Equal(t, 3, sol.Color[0])
	assert.Equal(t, 1, sol.Color[20])
	assert.Equal(t, sol.Color[5], sol.Color[40])
	assert.Equal(t, 1, sol.Color[33])
	assert.Empty(t, sol.Conflicts)
	assert.LessOrEqual(t, spread(sol.Sizes), 1)
}

func TestDeterministic(t *testing.T) {
	n, edges := grid(9, 9)
	p := Problem{N: n, Edges: edges, Palette: 5, Same: [][]int{{0, 80}}}
	first, err := Solve(p)
	require.NoError(t, err)
	for i := 0; i < 5; i++ {
		again, err := Solve(p)
		require.NoError(t, err)
		assert.Equal(t, first.Color, again.Color)
	}
}

func TestImpossibleConstraints(t *testing.T) {
	// Bordering regions forced to share a colour: reported as a conflict.
	n, edges := grid(3, 3)
	sol, err := Solve(Problem{N: n, Edges: edges, Palette: 5, Same: [][]int{{0, 1}}})
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{0, 1}}, sol.Conflicts)

	// A group with two different fixed colours is an error.
	_, err = Solve(Problem{N: n, Edges: edges, Palette: 5, Fixed: map[int]int{0: 1, 8: 2}, Same: [][]int{{0, 8}}})
	var ce *ConstraintError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, 0, ce.Group)
}

func TestTooFewColoursGivesFewestConflicts(t *testing.T) {
	// A triangle with two colours: one clash is the best possible.
	sol, err := Solve(Problem{N: 3, Edges: [][2]int{{0, 1}, {1, 2}, {0, 2}}, Palette: 2})
	require.NoError(t, err)
	assert.Len(t, sol.Conflicts, 1)
}
