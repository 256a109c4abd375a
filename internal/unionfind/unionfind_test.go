package unionfind

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUnionFind(t *testing.T) {
	s := New(6)
	for i := range 6 {
		assert.Equal(t, i, s.Find(i), "a new element is alone")
	}
	assert.True(t, s.Union(4, 2))
	assert.True(t, s.Union(5, 4))
	assert.False(t, s.Union(2, 5), "already together")
	assert.True(t, s.Same(5, 2))
	assert.False(t, s.Same(5, 0))
	assert.Equal(t, 2, s.Find(5), "a set is named by its smallest member")

	label, n := s.Labels()
	assert.Equal(t, []int{0, 1, 2, 3, 2, 2}, label)
	assert.Equal(t, 4, n)

	s.Reset()
	assert.False(t, s.Same(5, 2))
	_, n = s.Labels()
	assert.Equal(t, 6, n)
	assert.Equal(t, 6, s.Len())
}

func TestEmpty(t *testing.T) {
	var s Sets
	label, n := s.Labels()
	assert.Empty(t, label)
	assert.Zero(t, n)
	assert.Zero(t, New(0).Len())
}

// The sets match connected components found by a search, and their names
// do not depend on the order of the unions.
func TestAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 4))
	for trial := range 200 {
		n := 1 + rng.IntN(40)
		edges := make([][2]int, rng.IntN(2*n))
		for i := range edges {
			edges[i] = [2]int{rng.IntN(n), rng.IntN(n)}
		}
		want := components(n, edges)

		s := New(n)
		for _, e := range edges {
			s.Union(e[0], e[1])
		}
		got, _ := s.Labels()
		require.Equal(t, want, got, "trial %d", trial)

		shuffled := New(n)
		rng.Shuffle(len(edges), func(i, j int) { edges[i], edges[j] = edges[j], edges[i] })
		for _, e := range edges {
			shuffled.Union(e[1], e[0])
		}
		for i := range n {
			require.Equal(t, s.Find(i), shuffled.Find(i), "trial %d: the name of %d's set", trial, i)
			require.LessOrEqual(t, s.Find(i), i)
		}
	}
}

// components labels the graph's components by a depth-first search, in the
// order of their smallest vertex.
func components(n int, edges [][2]int) []int {
	adj := make([][]int, n)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	label := make([]int, n)
	for i := range label {
		label[i] = -1
	}
	next := 0
	for i := range n {
		if label[i] >= 0 {
			continue
		}
		stack := []int{i}
		label[i] = next
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[v] {
				if label[w] < 0 {
					label[w] = next
					stack = append(stack, w)
				}
			}
		}
		next++
	}
	return label
}

func BenchmarkUnion(b *testing.B) {
	const n = 1 << 12
	rng := rand.New(rand.NewPCG(1, 2))
	edges := make([][2]int, n)
	for i := range edges {
		edges[i] = [2]int{rng.IntN(n), rng.IntN(n)}
	}
	s := New(n)
	for b.Loop() {
		s.Reset()
		for _, e := range edges {
			s.Union(e[0], e[1])
		}
	}
}
