package sim

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
)

func TestReportWriteText(t *testing.T) {
	b := compile(t, packtest.USA())
	r, err := Run(context.Background(), b, Config{Games: 30, Seed: 4, Game: game.Config{Players: 2, Days: 3, Swap: game.SwapOn}, Bots: []string{"greedy", "random"}})
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, r.WriteText(&out, b))
	text := out.String()
	lines := strings.Split(text, "\n")
	assert.Equal(t, b.Pack().Edition.Name+": 30 games, 2 players, 3 days, swap on, seed 4, bots greedy,random", lines[0])
	assert.Equal(t, "turns to win (every player's turns): "+r.TurnsToWin.Text(), lines[2])
	assert.Contains(t, text, "\nwin rate by seat (95% interval)\n  seat 1 ")
	assert.Contains(t, text, "\nwin rate by bot, per seat played (95% interval)\n")
	assert.Contains(t, text, "\nhead to head (games sat in together: wins)\n  greedy ")
	assert.Contains(t, text, "\ncards in winning journeys (share of the 30 wins)\n")
	// The dead cards are named as players read them, not by token.
	require.NotEmpty(t, r.Dead)
	c, err := b.Lookup(r.Dead[0])
	require.NoError(t, err)
	assert.Contains(t, text, "\ndead cards (in no winning journey): "+b.Name(c))

	// One bot: no tables by bot; no wins: said so.
	one := &Report{Games: 1, Players: 2, Days: 3, Seed: 1, Bots: []string{"greedy"}, Stalled: 1, TurnCap: 5,
		Variants: []string{"6 players"}, Dead: []string{}}
	out.Reset()
	require.NoError(t, one.WriteText(&out, b))
	assert.Contains(t, out.String(), "variant: 6 players\nfinished 0, stalled 1 (turn cap 5)\nturns to win (every player's turns): no wins\n")
	assert.NotContains(t, out.String(), "win rate by bot")
	assert.True(t, strings.HasSuffix(out.String(), "\ndead cards: none\n"), out.String())
}
