package stats

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOf(t *testing.T) {
	s := Of([]int{5, 1, 4, 2, 3, 10, 7, 8, 6, 9})
	assert.Equal(t, Summary{N: 10, Mean: 5.5, Median: 5.5, P90: 9, Min: 1, Max: 10}, s)
	assert.Equal(t, Summary{N: 3, Mean: 2, Median: 2, P90: 3, Min: 1, Max: 3}, Of([]int{3, 1, 2}))
	assert.Equal(t, Summary{}, Of(nil))
}

func TestWilson(t *testing.T) {
	// 50 of 100: the textbook interval is about [0.404, 0.596].
	lo, hi := Wilson(50, 100)
	assert.InDelta(t, 0.4038, lo, 1e-3)
	assert.InDelta(t, 0.5962, hi, 1e-3)
	for _, tc := range []struct {
		wins, n   int
		low, high float64
	}{{0, 10, 0, 0.2775}, {5, 10, 0.2366, 0.7634}, {10, 10, 0.7225, 1}} {
		lo, hi = Wilson(tc.wins, tc.n)
		assert.InDelta(t, tc.low, lo, 1e-4, "%d/%d", tc.wins, tc.n)
		assert.InDelta(t, tc.high, hi, 1e-4, "%d/%d", tc.wins, tc.n)
	}
	lo, hi = Wilson(0, 0)
	assert.Equal(t, [2]float64{0, 1}, [2]float64{lo, hi})
}

func TestGameSeedSpreads(t *testing.T) {
	seen := map[uint64]bool{}
	for i := 0; i < 1000; i++ {
		s := GameSeed(1, i)
		assert.False(t, seen[s])
		seen[s] = true
	}
	assert.NotEqual(t, GameSeed(1, 0), GameSeed(2, 0))
}
