package game_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// playAudited plays a game action by action, checking after every one that
// each card of the deck is in exactly one place.
func playAudited(t *testing.T, g *game.Game, players []game.Player, turnCap int) {
	t.Helper()
	require.NoError(t, g.Audit())
	for g.Phase() == game.Filling {
		s := g.Seat()
		require.NoError(t, g.Place(players[s].Fill(g.ViewOf(s), g.Hand())))
		require.NoError(t, g.Audit())
	}
	for g.Phase() != game.Over && g.Turns() < turnCap {
		s := g.Seat()
		p := players[s]
		m := p.Choose(g.ViewOf(s))
		if m.Swap {
			require.NoError(t, g.Swap(m.I, m.J))
			require.NoError(t, g.Audit())
			continue
		}
		require.NoError(t, g.Take(m.From))
		require.NoError(t, g.Audit())
		put := p.Place(g.ViewOf(s), g.Hand())
		require.NoError(t, g.Put(put.Slot, put.Pile))
		require.NoError(t, g.Audit())
	}
}

func TestEveryCardInOnePlace(t *testing.T) {
	packs := []*mapdata.Pack{packtest.Grid(), packtest.USA(), packtest.Europe()}
	variants := []game.Config{
		{Players: 2},
		{Players: 4, Days: 5},
		{Players: 3, Swap: game.SwapOn, OpenHands: true},
		{Players: 2, Swap: game.SwapOff},
		{Players: 2, Days: 20}, // combined editions play longer journeys
	}
	mixes := [][]string{{"random", "greedy", "strong", "random"}, {"strong", "strong", "greedy", "greedy"}}
	games := 0
	for _, p := range packs {
		b, err := engine.Compile(p)
		require.NoError(t, err)
		for vi, cfg := range variants {
			for seed := range uint64(6) {
				mix := mixes[seed%2]
				name := fmt.Sprintf("%s/%d/%d", p.Edition.ID, vi, seed)
				g, err := game.New(b, cfg, rand.New(rand.NewPCG(seed, 99)))
				if err != nil {
					// Only the grid (24 cards) cannot deal two 20-day holders.
					require.Equal(t, 20, cfg.Days, "%s: %v", name, err)
					require.Less(t, b.DeckSize(), 43)
					continue
				}
				players := make([]game.Player, cfg.Players)
				for s := range players {
					players[s], err = bot.New(mix[s], rand.New(rand.NewPCG(seed, uint64(s))))
					require.NoError(t, err)
				}
				t.Run(name, func(t *testing.T) {
					playAudited(t, g, players, 300)
					if g.Winner() >= 0 {
						assert.True(t, b.Check(g.Holder(g.Winner())).Valid)
					}
				})
				games++
			}
		}
	}
	assert.Equal(t, 84, games, "every game but the grid's 20-day ones")
}

func TestPlayIsDeterministic(t *testing.T) {
	b, err := engine.Compile(packtest.USA())
	require.NoError(t, err)
	run := func(seed uint64) game.Result {
		g, err := game.New(b, game.Config{Players: 3}, rand.New(rand.NewPCG(seed, 0)))
		require.NoError(t, err)
		var players []game.Player
		for s, name := range []string{"greedy", "strong", "random"} {
			p, err := bot.New(name, rand.New(rand.NewPCG(seed, uint64(s)+1)))
			require.NoError(t, err)
			players = append(players, p)
		}
		r, err := game.Play(g, players, 500)
		require.NoError(t, err)
		return r
	}
	results := map[[2]int]bool{}
	for seed := range uint64(5) {
		a, b := run(seed), run(seed)
		assert.Equal(t, a, b)
		results[[2]int{a.Winner, a.Turns}] = true
	}
	assert.Greater(t, len(results), 1, "different seeds give different games")
}
