package game

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// The rules block of the pack, as the game plays it, on the small
// fixtures.

func TestFaceUpPilesAsTheRulesSay(t *testing.T) {
	p := packtest.USA()
	p.Rules.FaceUp = 5
	b := board(t, p)
	g := newGame(t, b, Config{Players: 4}, 3)
	assert.Equal(t, 5, g.NumPiles())
	fill(t, g)
	for k := range 5 {
		assert.Equal(t, 1, g.PileSize(k), "pile %d turned up", k+1)
		assert.NotEqual(t, engine.NoCard, g.Top(k))
	}
	assert.Equal(t, 66-40-5, g.DrawSize())
	require.NoError(t, g.Take(Source(4)), "the fifth pile is a pile")
	require.NoError(t, g.Put(-1, 4))
	require.NoError(t, g.Audit())
	// The deck must deal the five piles too: 6 × 10 + 5 > 66 - 1.
	p.Rules.FaceUp = 7
	_, err := New(board(t, p), Config{Players: 6, Days: 10, VariantPlayers: true}, rand.New(rand.NewPCG(1, 1)))
	assert.ErrorContains(t, err, "6 holders of 10 days and 7 face-up cards need 67")
}

// filled plays the fill with every card on the first open day, and says
// which seat filled its holder first.
func filled(t *testing.T, g *Game) (first int, order []int) {
	t.Helper()
	first = -1
	left := map[int]int{}
	for s := range g.Players() {
		left[s] = g.Days()
	}
	for g.Phase() == Filling {
		s := g.Seat()
		order = append(order, s)
		require.NoError(t, g.Place(g.OpenSlots()[0]))
		if left[s]--; left[s] == 0 && first < 0 {
			first = s
		}
		require.NoError(t, g.Audit())
	}
	return first, order
}

func TestTheFirstToFillStarts(t *testing.T) {
	p := packtest.USA()
	p.Rules.Start = mapdata.StartFirstToFill
	b := board(t, p)
	starters := map[int]int{}
	for seed := range uint64(40) {
		g := newGame(t, b, Config{Players: 3}, seed)
		assert.True(t, g.FirstToFill())
		assert.Equal(t, -1, g.Starter(), "not known before a holder is full")
		first, order := filled(t, g)
		require.Equal(t, Choosing, g.Phase())
		assert.Equal(t, first, g.Seat(), "seed %d: the first to fill takes the first turn", seed)
		assert.Equal(t, first, g.Starter())
		starters[first]++
		if seed == 0 {
			// Everyone fills at once: not round and round.
			roundRobin := true
			for i, s := range order {
				roundRobin = roundRobin && s == i%3
			}
			assert.False(t, roundRobin, "the fill interleaves the seats by chance")
		}
		// The turns then go round from the starter.
		require.NoError(t, g.Take(FromDraw))
		require.NoError(t, g.Put(-1, 0))
		assert.Equal(t, (first+1)%3, g.Seat())
	}
	assert.Len(t, starters, 3, "each seat is sometimes the quickest: %v", starters)

	// The same seed deals and fills the same game.
	a, b2 := newGame(t, b, Config{Players: 3}, 9), newGame(t, b, Config{Players: 3}, 9)
	fa, oa := filled(t, a)
	fb, ob := filled(t, b2)
	assert.Equal(t, fa, fb)
	assert.Equal(t, oa, ob)

	// Seat order: the fill goes round, seat 1 starts.
	g := newGame(t, board(t, packtest.USA()), Config{Players: 3}, 5)
	assert.False(t, g.FirstToFill())
	first, order := filled(t, g)
	assert.Equal(t, 0, first)
	assert.Equal(t, 0, g.Seat())
	assert.Equal(t, 0, g.Starter())
	for i, s := range order {
		assert.Equal(t, i%3, s)
	}
}

func TestJourneyLengthByPlayers(t *testing.T) {
	p := packtest.Grid() // 5 days
	p.Rules.Journey = &mapdata.JourneyRules{DaysByPlayers: map[string]int{"2": 4}}
	b := board(t, p)
	assert.Equal(t, 4, newGame(t, b, Config{Players: 2}, 1).Days())
	assert.Equal(t, 5, newGame(t, b, Config{Players: 3}, 1).Days())
	assert.Equal(t, 3, newGame(t, b, Config{Players: 2, Days: 3}, 1).Days(), "a length asked for wins")
}

func TestSwapAsThePackSays(t *testing.T) {
	for _, swap := range []bool{false, true} {
		p := packtest.USA()
		p.Rules.Swap = swap
		g := newGame(t, board(t, p), Config{Players: 2}, 2)
		assert.Equal(t, swap, g.SwapAllowed())
		fill(t, g)
		err := g.Swap(0, 1)
		if swap {
			assert.NoError(t, err)
		} else {
			assert.ErrorContains(t, err, "this game has no swap action")
		}
		// A variant overrides the pack either way.
		assert.Equal(t, !swap, newGame(t, board(t, p), Config{Players: 2, Swap: map[bool]SwapRule{true: SwapOff, false: SwapOn}[swap]}, 2).SwapAllowed())
	}
}
