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

func board(t testing.TB, p *mapdata.Pack) *engine.Board {
	t.Helper()
	b, err := engine.Compile(p)
	require.NoError(t, err)
	return b
}

func newGame(t testing.TB, b *engine.Board, cfg Config, seed uint64) *Game {
	t.Helper()
	g, err := New(b, cfg, rand.New(rand.NewPCG(seed, 0)))
	require.NoError(t, err)
	return g
}

// fill places every fill card in the first open day.
func fill(t testing.TB, g *Game) {
	t.Helper()
	for g.Phase() == Filling {
		if g.MustChooseFill() {
			require.NoError(t, g.DrawFill(DefaultFillPile(g.ViewOf(g.Seat()))))
		}
		require.NoError(t, g.Place(g.OpenSlots()[0]))
		require.NoError(t, g.Audit())
	}
}

func TestNewChecksTheDeck(t *testing.T) {
	usa := board(t, packtest.USA()) // 66 cards
	tests := []struct {
		cfg Config
		err string
	}{
		{Config{Players: 4}, ""},
		{Config{Players: 6, VariantPlayers: true}, ""}, // 60 + 3 = 63 cards
		{Config{Players: 5}, "5 players: the box is for 2–4; more players is a variant"},
		{Config{Players: 7}, "7 players: the box is for 2–4; more players is a variant"},
		// The variant is 5 or 6 players, no more, however many the deck deals.
		{Config{Players: 7, VariantPlayers: true}, "7 players: the box is for 2–4, and the variant for 5 or 6"},
		{Config{Players: 12, Days: 5, VariantPlayers: true}, "12 players: the box is for 2–4, and the variant for 5 or 6"},
		{Config{Players: 6, Days: 12, VariantPlayers: true}, "the deck holds 66 cards, too few for 6 players: 6 holders of 12 days and 3 face-up cards need 75"},
		{Config{Players: 1}, "at least 2"},
		{Config{Players: 2, Days: 1}, "too short"},
	}
	for _, tc := range tests {
		_, err := New(usa, tc.cfg, rand.New(rand.NewPCG(1, 1)))
		if tc.err == "" {
			assert.NoError(t, err, "%+v", tc.cfg)
		} else {
			assert.ErrorContains(t, err, tc.err, "%+v", tc.cfg)
		}
	}
}

func TestFillDealsInTurnOrder(t *testing.T) {
	b := board(t, packtest.USA())
	g := newGame(t, b, Config{Players: 3}, 7)
	// The fill goes one card a seat, round and round.
	for i := range 3 * 10 {
		require.Equal(t, Filling, g.Phase())
		assert.Equal(t, i%3, g.Seat())
		assert.Len(t, g.OpenSlots(), 10-i/3)
		require.NoError(t, g.Place(g.OpenSlots()[len(g.OpenSlots())-1]))
	}
	assert.Equal(t, Choosing, g.Phase())
	assert.Equal(t, 0, g.Seat())
	for k := range Piles {
		assert.Equal(t, 1, g.PileSize(k))
	}
	assert.Equal(t, 66-30-3, g.DrawSize())
	require.NoError(t, g.Audit())
	assert.ErrorContains(t, g.Place(0), "already filled")
}

func TestPlaceRefusesAFilledDay(t *testing.T) {
	g := newGame(t, board(t, packtest.USA()), Config{Players: 2}, 1)
	require.NoError(t, g.Place(3))
	require.NoError(t, g.Place(3)) // seat 2's own holder
	err := g.Place(3)
	assert.ErrorContains(t, err, "day 4 already holds")
	assert.ErrorContains(t, g.Place(10), "day 11 does not exist")
}

func TestDiscardGoesOnTheEmptiedPile(t *testing.T) {
	g := newGame(t, board(t, packtest.USA()), Config{Players: 2}, 3)
	fill(t, g)
	require.NoError(t, g.Take(1))
	assert.Equal(t, 0, g.PileSize(1))
	assert.Equal(t, 1, g.MustPile())
	assert.ErrorContains(t, g.Put(-1, 0), "discard pile 2 is empty: the discard must go there")
	require.NoError(t, g.Audit())
	require.NoError(t, g.Put(2, 1))
	assert.Equal(t, 1, g.PileSize(1))
	assert.Equal(t, g.LastTurn().Discarded, g.Top(1))
	assert.Equal(t, 1, g.Seat())
	// With no pile emptied, any pile will do.
	require.NoError(t, g.Take(FromDraw))
	assert.Equal(t, -1, g.MustPile())
	require.NoError(t, g.Put(-1, 2))
	assert.Equal(t, 2, g.PileSize(2))
	require.NoError(t, g.Audit())
}

func TestSwapRule(t *testing.T) {
	tests := []struct {
		pack  *mapdata.Pack
		rule  SwapRule
		allow bool
	}{
		{packtest.USA(), SwapAsPack, false},
		{packtest.USA(), SwapOn, true},
		{packtest.Europe(), SwapAsPack, true},
		{packtest.Europe(), SwapOff, false},
	}
	for _, tc := range tests {
		g := newGame(t, board(t, tc.pack), Config{Players: 2, Swap: tc.rule}, 5)
		fill(t, g)
		assert.Equal(t, tc.allow, g.SwapAllowed())
		before := append([]engine.CardID(nil), g.Holder(0)...)
		err := g.Swap(0, 9)
		if !tc.allow {
			assert.ErrorContains(t, err, "no swap action")
			continue
		}
		require.NoError(t, err)
		h := g.Holder(0)
		assert.Equal(t, before[0], h[9])
		assert.Equal(t, before[9], h[0])
		assert.Equal(t, 1, g.Seat(), "a swap is the whole turn")
		assert.ErrorContains(t, g.Swap(2, 2), "two different days")
		require.NoError(t, g.Audit())
	}
}

func TestReshuffleKeepsTheTops(t *testing.T) {
	g := newGame(t, board(t, packtest.USA()), Config{Players: 4}, 11)
	fill(t, g)
	require.Equal(t, 23, g.DrawSize())
	// Draw and discard the drawn card until the draw pile runs out.
	for g.DrawSize() > 1 {
		require.NoError(t, g.Take(FromDraw))
		require.NoError(t, g.Put(-1, g.Turns()%Piles))
	}
	var tops [Piles]engine.CardID
	under := 0
	for k := range Piles {
		tops[k] = g.Top(k)
		under += g.PileSize(k) - 1
	}
	require.Equal(t, 22, under)
	require.NoError(t, g.Take(FromDraw)) // the last card: the discards are reshuffled at once
	assert.Equal(t, 1, g.Reshuffles())
	assert.Equal(t, under, g.DrawSize())
	for k := range Piles {
		assert.Equal(t, tops[k], g.Top(k))
		assert.Equal(t, 1, g.PileSize(k))
	}
	require.NoError(t, g.Audit())
}

func TestDrawPileEmptyFromTheStart(t *testing.T) {
	p := packtest.Grid()                        // 24 cards; 3 players × 5 days + 3 = 18
	p.Deck.Cards[len(p.Deck.Cards)-1].Count = 1 // plane:red 5 -> 1: 20 cards
	p.Deck.Cards[len(p.Deck.Cards)-2].Count = 3 // plane:blue 5 -> 3: 18 cards
	b := board(t, p)
	require.Equal(t, 18, b.DeckSize())
	g := newGame(t, b, Config{Players: 3}, 2)
	fill(t, g)
	assert.Equal(t, 0, g.DrawSize())
	assert.False(t, g.CanDraw())
	assert.ErrorContains(t, g.Take(FromDraw), "the draw pile is empty")
	// Taking a top empties its pile, so the discard goes back there: with
	// three cards outside the holders, the draw pile never fills.
	for range 6 {
		require.NoError(t, g.Take(Source(g.Turns()%Piles)))
		require.NoError(t, g.Put(g.Turns()%5, g.Turns()%Piles))
		assert.False(t, g.CanDraw())
		require.NoError(t, g.Audit())
	}

	// One more card: drawing it empties the draw pile (nothing to
	// reshuffle yet); its discard lies under a top, and the next draw
	// reshuffles it back.
	p.Deck.Cards[len(p.Deck.Cards)-1].Count = 2
	g = newGame(t, board(t, p), Config{Players: 3}, 2)
	fill(t, g)
	require.Equal(t, 1, g.DrawSize())
	require.NoError(t, g.Take(FromDraw))
	assert.Equal(t, 0, g.Reshuffles())
	require.NoError(t, g.Put(-1, 2))
	assert.True(t, g.CanDraw())
	require.NoError(t, g.Take(FromDraw))
	assert.Equal(t, 1, g.Reshuffles())
	assert.Equal(t, 0, g.DrawSize())
	require.NoError(t, g.Audit())
}

func TestWinAtTheEndOfTheTurn(t *testing.T) {
	b := board(t, packtest.Grid())
	g := newGame(t, b, Config{Players: 2}, 9)
	// Stack the draw pile: seat 1 fills Ash, Birch, Cedar, Fir and then
	// draws Ivy to finish Ash–Birch–Cedar–Fir–Ivy.
	want := []string{"A1", "A2", "A3", "B3", "C3"}
	ids := map[string]card{}
	for c, k := range g.kindOf {
		if b.IsRegion(k) {
			ids[b.Region(b.RegionOf(k)).ID] = card(c)
		}
	}
	var rest []card
	for _, c := range append(g.draws[0], g.hand) {
		if !(g.kindOf[c] == g.kindOf[ids["A1"]] || g.kindOf[c] == g.kindOf[ids["A2"]] ||
			g.kindOf[c] == g.kindOf[ids["A3"]] || g.kindOf[c] == g.kindOf[ids["B3"]] || g.kindOf[c] == g.kindOf[ids["C3"]]) {
			rest = append(rest, c)
		}
	}
	// Deal order pops from the end: seat 0, seat 1, seat 0, ...
	var order []card // in dealing order
	r := 0
	for i := range 10 {
		if i%2 == 0 {
			order = append(order, rest[r])
			r++
		} else if i/2 < 4 {
			order = append(order, ids[want[i/2]])
		} else {
			order = append(order, rest[r]) // seat 1's fifth card: junk on day 5
			r++
		}
	}
	order = append(order, rest[r:r+3]...) // the tops
	r += 3
	order = append(order, rest[r], ids["C3"]) // seat 0 draws rest[r]; seat 1 draws Ivy
	order = append(order, rest[r+1:]...)
	g.hand = order[0]
	g.draws[0] = g.draws[0][:0]
	for i := len(order) - 1; i >= 1; i-- {
		g.draws[0] = append(g.draws[0], order[i])
	}
	require.NoError(t, g.Audit())
	for g.Phase() == Filling {
		require.NoError(t, g.Place(g.OpenSlots()[0]))
	}
	require.NoError(t, g.Take(FromDraw))
	require.NoError(t, g.Put(-1, 0))
	require.NoError(t, g.Take(FromDraw))
	assert.Equal(t, g.kindOf[ids["C3"]], g.Hand())
	require.NoError(t, g.Put(4, 1))
	assert.Equal(t, Over, g.Phase())
	assert.Equal(t, 1, g.Winner())
	assert.True(t, b.Check(g.Holder(1)).Valid)
	assert.ErrorContains(t, g.Take(FromDraw), "not the time")
	require.NoError(t, g.Audit())
}
