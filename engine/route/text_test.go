package route

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/stats"
)

func TestReportWriteText(t *testing.T) {
	b := loadBoard(t)
	r := &Report{Games: 10, Players: 2, Rounds: 9, Seed: 3, Bots: []string{"greedy", "random"},
		Turns: stats.Of([]int{18, 18}), Scores: stats.Of([]int{40, 60}), WinningScore: stats.Of([]int{60}), Ties: 1,
		Breakdown: Breakdown{Passenger: 10, Freight: 5.5},
		Seats:     []stats.Rate{stats.RateOf("seat 1", 6, 10), stats.RateOf("seat 2", 4, 10)},
		ByBot: []BotStat{{Rate: stats.RateOf("greedy", 9, 10), Scores: stats.Of([]int{60})},
			{Rate: stats.RateOf("random", 1, 10), Scores: stats.Of([]int{40})}},
		Passenger: TicketRates{Held: 8, Done: 2, Rate: 0.25}, Freight: TicketRates{Held: 4, Done: 4, Rate: 1},
		Companies: []CompanyStat{{ID: "B&O", Name: "Baltimore & Ohio", Price: stats.Of([]int{3})}}}
	var out bytes.Buffer
	require.NoError(t, r.WriteText(&out, b))
	lines := strings.Split(out.String(), "\n")
	assert.Equal(t, b.Pack.Edition.Name+": 10 games, 2 players, 9 rounds, seed 3, bots greedy,random", lines[0])
	assert.Equal(t, "turns a game: mean 18.0, median 18, p90 18 (min 18, max 18)", lines[1])
	assert.Equal(t, "winning score: mean 60.0, median 60, p90 60 (min 60, max 60); shared wins 1", lines[3])
	assert.Equal(t, "mean points: passenger 10.0, freight 5.5, shares 0.0, gold 0.0, money 0.0", lines[4])
	assert.Contains(t, out.String(), "\nwin rate by bot, per seat played (95% interval)\n  greedy    90.0%  [59.6%, 98.2%]  9/10; score mean 60.0")
	assert.Contains(t, out.String(), "\ntickets completed: passenger 25.0% (2 of 8 drawn), freight 100.0% (4 of 4 drawn)\n")
	assert.True(t, strings.HasSuffix(out.String(), "\ncompany value (cubes on the board at the end)\n  B&O  Baltimore & Ohio         mean 3.0, median 3, p90 3 (min 3, max 3)\n"), out.String())

	// One bot: no table by bot.
	r.ByBot = r.ByBot[:1]
	out.Reset()
	require.NoError(t, r.WriteText(&out, b))
	assert.NotContains(t, out.String(), "win rate by bot")
}
