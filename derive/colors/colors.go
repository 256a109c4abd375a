// Package colors chooses the regions' colours: class sizes as equal as the
// counts allow, bordering regions different where possible, colours given by
// the designer kept, and regions that must share a colour sharing it. The
// result is deterministic: the same problem always gives the same colours.
//
// It knows nothing of maps or files: a problem is nodes, edges and a palette.
package colors

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/tendays/tendays/internal/unionfind"
)

// Problem is a graph to colour.
type Problem struct {
	N       int      // nodes 0..N-1
	Edges   [][2]int // pairs that should differ (bordering regions)
	Palette int      // number of colours
	Fixed   map[int]int
	Same    [][]int // groups that must share one colour
}

// Solution is a colour per node and what could not be satisfied.
type Solution struct {
	Color []int
	// Conflicts are edges whose ends share a colour. They are unavoidable
	// only when fixed colours or same-groups force them.
	Conflicts [][2]int
	Sizes     []int
}

// ConstraintError is a same-group whose fixed colours differ.
type ConstraintError struct {
	Group  int // index into Same
	Node   int
	Colors [2]int
}

func (e *ConstraintError) Error() string {
	return fmt.Sprintf("same-colour group %d needs colours %d and %d at once (node %d)", e.Group, e.Colors[0], e.Colors[1], e.Node)
}

// Solve colours the graph. A same-group holding two different fixed colours
// is an error; everything else is done as well as the constraints allow, with
// the unavoidable conflicts listed in the solution.
func Solve(p Problem) (Solution, error) {
	if p.Palette <= 0 {
		return Solution{}, fmt.Errorf("empty palette")
	}
	// Union the same-groups into super-nodes.
	sets := unionfind.New(p.N)
	find := sets.Find
	for _, g := range p.Same {
		for _, n := range g[1:] {
			sets.Union(g[0], n)
		}
	}
	fixed := map[int]int{} // root -> colour
	for _, n := range slices.Sorted(maps.Keys(p.Fixed)) {
		c := p.Fixed[n]
		r := find(n)
		if prev, ok := fixed[r]; ok && prev != c {
			gi := groupOf(p.Same, n)
			return Solution{}, &ConstraintError{Group: gi, Node: n, Colors: [2]int{prev, c}}
		}
		fixed[r] = c
	}
	// Super-node graph.
	roots := []int{}
	weight := map[int]int{}
	for i := 0; i < p.N; i++ {
		r := find(i)
		if weight[r] == 0 {
			roots = append(roots, r)
		}
		weight[r]++
	}
	adj := map[int]map[int]bool{}
	for _, r := range roots {
		adj[r] = map[int]bool{}
	}
	for _, e := range p.Edges {
		a, b := find(e[0]), find(e[1])
		if a == b {
			continue // inside a same-group: reported as a conflict below
		}
		adj[a][b], adj[b][a] = true, true
	}
	color := map[int]int{}
	sizes := make([]int, p.Palette)
	for r, c := range fixed {
		color[r] = c
		sizes[c] += weight[r]
	}
	// DSatur: most constrained first; the least used colour that no neighbour has.
	for len(color) < len(roots) {
		best, bestSat, bestW, bestDeg := -1, -1, -1, -1
		for _, r := range roots {
			if _, done := color[r]; done {
				continue
			}
			sat := map[int]bool{}
			for n := range adj[r] {
				if c, ok := color[n]; ok {
					sat[c] = true
				}
			}
			s, w, d := len(sat), weight[r], len(adj[r])
			if s > bestSat || s == bestSat && (w > bestW || w == bestW && d > bestDeg) {
				best, bestSat, bestW, bestDeg = r, s, w, d
			}
		}
		c := pick(best, adj, color, sizes, p.Palette)
		color[best] = c
		sizes[c] += weight[best]
	}
	improve(roots, adj, weight, fixed, color, sizes, p.Palette)

	sol := Solution{Color: make([]int, p.N), Sizes: sizes}
	for i := range sol.Color {
		sol.Color[i] = color[find(i)]
	}
	for _, e := range p.Edges {
		if sol.Color[e[0]] == sol.Color[e[1]] {
			a, b := min(e[0], e[1]), max(e[0], e[1])
			sol.Conflicts = append(sol.Conflicts, [2]int{a, b})
		}
	}
	sort.Slice(sol.Conflicts, func(i, j int) bool {
		if sol.Conflicts[i][0] != sol.Conflicts[j][0] {
			return sol.Conflicts[i][0] < sol.Conflicts[j][0]
		}
		return sol.Conflicts[i][1] < sol.Conflicts[j][1]
	})
	return sol, nil
}

func groupOf(groups [][]int, n int) int {
	for gi, g := range groups {
		for _, m := range g {
			if m == n {
				return gi
			}
		}
	}
	return -1
}

// pick chooses a colour for r: the least used of those no neighbour has, or,
// when every colour is taken, the one with fewest clashing neighbours.
func pick(r int, adj map[int]map[int]bool, color map[int]int, sizes []int, k int) int {
	clash := make([]int, k)
	for n := range adj[r] {
		if c, ok := color[n]; ok {
			clash[c]++
		}
	}
	best := 0
	for c := 1; c < k; c++ {
		if clash[c] < clash[best] || clash[c] == clash[best] && sizes[c] < sizes[best] {
			best = c
		}
	}
	return best
}

// improve moves and swaps free super-nodes while that lowers the number of
// conflicts, or keeps it and evens out the class sizes.
func improve(roots []int, adj map[int]map[int]bool, weight, fixed, color map[int]int, sizes []int, k int) {
	clashes := func(r, c int) int {
		n := 0
		for m := range adj[r] {
			if color[m] == c {
				n++
			}
		}
		return n
	}
	sorted := append([]int(nil), roots...)
	sort.Ints(sorted)
	for round := 0; round < 200; round++ {
		changed := false
		// Single moves.
		for _, r := range sorted {
			if _, isFixed := fixed[r]; isFixed {
				continue
			}
			from, w := color[r], weight[r]
			for to := 0; to < k; to++ {
				if to == from {
					continue
				}
				dc := clashes(r, to) - clashes(r, from)
				// Change in the sum of squared sizes: lower is more even.
				ds := (sizes[to]+w)*(sizes[to]+w) + (sizes[from]-w)*(sizes[from]-w) - sizes[to]*sizes[to] - sizes[from]*sizes[from]
				if dc < 0 || dc == 0 && ds < 0 {
					sizes[from] -= w
					sizes[to] += w
					color[r] = to
					from = to
					changed = true
				}
			}
		}
		// Swaps of two free super-nodes of different colours: evens sizes
		// when no single move can.
		for i, a := range sorted {
			if _, isFixed := fixed[a]; isFixed {
				continue
			}
			for _, b := range sorted[i+1:] {
				if _, isFixed := fixed[b]; isFixed || color[a] == color[b] || adj[a][b] {
					continue
				}
				ca, cb, wa, wb := color[a], color[b], weight[a], weight[b]
				if wa == wb {
					continue // a swap of equal weights changes no size
				}
				dc := clashes(a, cb) + clashes(b, ca) - clashes(a, ca) - clashes(b, cb)
				na, nb := sizes[ca]-wa+wb, sizes[cb]-wb+wa
				ds := na*na + nb*nb - sizes[ca]*sizes[ca] - sizes[cb]*sizes[cb]
				if dc < 0 || dc == 0 && ds < 0 {
					sizes[ca], sizes[cb] = na, nb
					color[a], color[b] = cb, ca
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}
