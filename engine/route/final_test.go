package route

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toFinal plays a game with random bots up to the final public offering.
func toFinal(t *testing.T, b *Board, players int, seed uint64) *Game {
	t.Helper()
	g, err := NewGame(b, players, seed)
	require.NoError(t, err)
	bots := make([]Bot, players)
	for i := range bots {
		bots[i], _ = NewBot("random", seed*10+uint64(i))
	}
	for g.Phase != PhaseFinal {
		require.NoError(t, g.Apply(bots[g.Seat].Choose(g, g.Legal())))
	}
	require.NoError(t, g.Check())
	return g
}

// combos lists every way the seats before last can choose: one Keep action
// per seat.
func combos(g *Game, last int) [][]Action {
	out := [][]Action{nil}
	for s := range last {
		var next [][]Action
		for _, prefix := range out {
			for _, a := range g.LegalFor(s) {
				next = append(next, append(append([]Action(nil), prefix...), a))
			}
		}
		out = next
	}
	return out
}

// TestSealedChoiceIsBlind: the last seat's bot chooses the same card
// whatever the seats before it sealed, whether it is handed the game itself
// or its View.
func TestSealedChoiceIsBlind(t *testing.T) {
	b := loadBoard(t)
	differing := 0
	for seed := uint64(1); seed <= 12; seed++ {
		g := toFinal(t, b, 4, seed)
		last := 3
		for _, name := range BotNames() {
			choose := func(view *Game) Action {
				bot, _ := NewBot(name, seed+100)
				return bot.Choose(view, view.LegalFor(last))
			}
			blind := choose(g.View(last))
			all := combos(g, last)
			require.NotEmpty(t, all)
			if len(all) > 1 {
				differing++
			}
			for _, others := range all {
				c := g.Clone(seed)
				for s, a := range others {
					require.NoError(t, c.Commit(s, a))
				}
				require.Equal(t, last, c.Seat, "the last seat is on turn")
				require.Equal(t, PhaseFinal, c.Phase, "nothing is revealed before the last choice")
				assert.Equal(t, blind, choose(c), "seed %d, %s bot handed the game, others chose %v", seed, name, others)
				assert.Equal(t, blind, choose(c.View(last)), "seed %d, %s bot handed its view, others chose %v", seed, name, others)
			}
		}
	}
	assert.Greater(t, differing, 5, "the others had choices to make")
}

// TestViewHidesSealedChoices: a seat's View is the same whatever the others
// sealed, and in whatever order.
func TestViewHidesSealedChoices(t *testing.T) {
	g := toFinal(t, loadBoard(t), 3, 4)
	base := g.View(2)
	for _, others := range combos(g, 2) {
		for _, order := range [][]int{{0, 1}, {1, 0}} {
			c := g.Clone(9)
			for _, s := range order {
				require.NoError(t, c.Commit(s, others[s]))
			}
			v := c.View(2)
			assert.Equal(t, base.Chosen, v.Chosen)
			assert.Equal(t, base.sealed, v.sealed)
			assert.Equal(t, base.Players, v.Players)
			assert.Equal(t, base.Actions, v.Actions)
			assert.Equal(t, 2, v.Seat)
			assert.NotEqual(t, c.sealed, v.sealed, "the game itself holds the others' choices")
		}
	}
}

// permutations of 0..n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int(nil), p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// TestRevealOrderDoesNotMatter: the same sealed choices committed in every
// order of the seats give the same game; nothing changes hands before the
// last choice.
func TestRevealOrderDoesNotMatter(t *testing.T) {
	g := toFinal(t, loadBoard(t), 4, 7)
	choice := make([]Action, 4)
	for s := range choice {
		legal := g.LegalFor(s)
		choice[s] = legal[len(legal)-1]
	}
	var want *Game
	perms := permutations(4)
	require.Len(t, perms, 24)
	for _, order := range perms {
		c := g.Clone(1)
		for i, s := range order {
			require.NoError(t, c.Commit(s, choice[s]))
			require.NoError(t, c.Check())
			if i < len(order)-1 {
				assert.Equal(t, g.Players, c.Players, "order %v: nothing is revealed before every seat has chosen", order)
				assert.Nil(t, c.Kept)
			}
		}
		require.True(t, c.Over())
		if want == nil {
			want = c
			for s, a := range choice {
				assert.Equal(t, a.Company, c.Kept[s])
				assert.Equal(t, g.Players[s].Shares[a.Company]+1, c.Players[s].Shares[a.Company])
			}
			continue
		}
		assert.Equal(t, want.Players, c.Players, "order %v", order)
		assert.Equal(t, want.Box, c.Box, "order %v", order)
		assert.Equal(t, want.Kept, c.Kept, "order %v", order)
		assert.Equal(t, want.Actions, c.Actions, "order %v", order)
		assert.Equal(t, want.Scores(), c.Scores(), "order %v", order)
	}
	// Apply in seat order is the same as Commit.
	c := g.Clone(1)
	for range choice {
		require.NoError(t, c.Apply(choice[c.Seat]))
	}
	assert.Equal(t, want.Players, c.Players)
}

func TestCommitRefusals(t *testing.T) {
	g := toFinal(t, loadBoard(t), 2, 3)
	keep := g.LegalFor(1)[0]
	notHeld := Action{Kind: Keep, Company: -1}
	for c, n := range g.Players[1].Hand {
		if n == 0 {
			notHeld.Company = c
			break
		}
	}
	require.ErrorIs(t, g.Commit(1, notHeld), ErrIllegal, "a card the seat does not hold")
	require.ErrorIs(t, g.Commit(1, Action{Kind: Offer, Company: keep.Company}), ErrIllegal, "not a keep")
	require.ErrorIs(t, g.Commit(5, keep), ErrIllegal, "no such seat")
	require.NoError(t, g.Commit(1, keep))
	require.ErrorIs(t, g.Commit(1, keep), ErrIllegal, "twice")
	assert.Nil(t, g.LegalFor(1), "a seat that has chosen has nothing left to do")
	assert.Equal(t, 0, g.Seat)
	require.NoError(t, g.Check())
	require.NoError(t, g.Apply(g.Legal()[0]))
	assert.True(t, g.Over())
	require.ErrorIs(t, g.Commit(0, keep), ErrIllegal, "after the reveal")
	require.NoError(t, g.Check())

	g = toFinal(t, loadBoard(t), 2, 3)
	g.Phase = PhaseOffer
	require.ErrorIs(t, g.Commit(0, keep), ErrIllegal, "outside the final offering")
}

// TestSeededGameIsReplayed: the same seed and bots give the same game, card
// for card, sealed offering included.
func TestSeededGameIsReplayed(t *testing.T) {
	b := loadBoard(t)
	run := func() (*Result, *Game) {
		g, err := NewGame(b, 3, 11)
		require.NoError(t, err)
		bots := make([]Bot, 3)
		for i := range bots {
			bots[i], _ = NewBot("greedy", uint64(20+i))
		}
		res, err := Play(g, bots, true)
		require.NoError(t, err)
		return res, g
	}
	r1, g1 := run()
	r2, g2 := run()
	assert.Equal(t, r1, r2)
	assert.Equal(t, g1.Kept, g2.Kept)
	assert.Equal(t, g1.Players, g2.Players)
	assert.Len(t, g1.Kept, 3)
}
