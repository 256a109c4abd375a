package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

func compile(t testing.TB, p *mapdata.Pack) *engine.Board {
	t.Helper()
	b, err := engine.Compile(p)
	require.NoError(t, err)
	return b
}

func TestSameResultWhateverTheWorkers(t *testing.T) {
	b := compile(t, packtest.USA())
	cfg := Config{Games: 40, Seed: 42, Game: game.Config{Players: 3}, Bots: []string{"random", "greedy", "strong"}}
	var reports []*Report
	for _, w := range []int{1, 2, 7} {
		cfg.Workers = w
		progress := 0
		cfg.Progress = func(done int) {
			assert.Equal(t, progress+1, done)
			progress = done
		}
		r, err := Run(context.Background(), b, cfg)
		require.NoError(t, err)
		assert.Equal(t, cfg.Games, progress)
		reports = append(reports, r)
	}
	assert.Equal(t, reports[0], reports[1])
	assert.Equal(t, reports[0], reports[2])

	cfg.Seed, cfg.Progress = 43, nil
	other, err := Run(context.Background(), b, cfg)
	require.NoError(t, err)
	assert.NotEqual(t, reports[0].TurnsToWin, other.TurnsToWin, "another seed, other games")
}

func TestReportAddsUp(t *testing.T) {
	b := compile(t, packtest.Europe())
	r, err := Run(context.Background(), b, Config{Games: 60, Seed: 1, Game: game.Config{Players: 2, Days: 5},
		Bots: []string{"greedy", "strong"}})
	require.NoError(t, err)
	assert.Equal(t, 5, r.Days)
	assert.True(t, r.Swap, "the pack's rule")
	assert.Equal(t, r.Games, r.Finished+r.Stalled)
	assert.Equal(t, r.Finished, r.TurnsToWin.N)
	seatWins := 0
	for _, s := range r.Seats {
		seatWins += s.Wins
		assert.Equal(t, r.Games, s.Games)
		assert.LessOrEqual(t, s.Low, s.Rate)
		assert.GreaterOrEqual(t, s.High, s.Rate)
	}
	assert.Equal(t, r.Finished, seatWins)
	botWins, botSeats := 0, 0
	for _, bs := range r.ByBot {
		botWins += bs.Wins
		botSeats += bs.Games
		assert.Equal(t, bs.Wins, bs.TurnsToWin.N)
	}
	assert.Equal(t, r.Finished, botWins)
	assert.Equal(t, r.Games*2, botSeats)
	require.Len(t, r.HeadToHead, 1)
	h := r.HeadToHead[0]
	assert.Equal(t, r.Games, h.Games, "both bots sit in every two-seat game")
	assert.Equal(t, r.Finished, h.AWins+h.BWins)

	// A 5-day winning journey holds 3 to 5 region cards; every card
	// counted at most once a journey.
	regionWins := 0
	for _, c := range r.Cards {
		assert.LessOrEqual(t, c.Wins, r.Finished)
		if c.Kind == "region" {
			regionWins += c.Wins
		}
		if c.Wins == 0 {
			assert.Contains(t, r.Dead, c.Token)
		} else {
			assert.NotContains(t, r.Dead, c.Token)
		}
	}
	assert.GreaterOrEqual(t, regionWins, 3*r.Finished)
	assert.LessOrEqual(t, regionWins, 5*r.Finished)
}

func TestBotsRankAsTheirNames(t *testing.T) {
	b := compile(t, packtest.USA())
	tests := []struct {
		weak, strong string
		minRate      float64
	}{
		{"random", "greedy", 0.95},
		{"greedy", "strong", 0.65},
	}
	for _, tc := range tests {
		r, err := Run(context.Background(), b, Config{Games: 200, Seed: 7, Game: game.Config{Players: 2},
			Bots: []string{tc.weak, tc.strong}})
		require.NoError(t, err)
		h := r.HeadToHead[0]
		require.Equal(t, tc.weak, h.A)
		assert.Greater(t, float64(h.BWins)/float64(h.Games), tc.minRate, "%s should beat %s: %+v", tc.strong, tc.weak, h)
	}
}

func TestTurnCapStallsGames(t *testing.T) {
	b := compile(t, packtest.USA())
	r, err := Run(context.Background(), b, Config{Games: 20, Seed: 3, Game: game.Config{Players: 2}, TurnCap: 2})
	require.NoError(t, err)
	assert.Equal(t, 2, r.TurnCap)
	assert.Equal(t, 20, r.Stalled+r.Finished)
	assert.Greater(t, r.Stalled, 15)
}

func TestRunRefusesBadConfigs(t *testing.T) {
	b := compile(t, packtest.USA())
	ctx := context.Background()
	_, err := Run(ctx, b, Config{Games: 1, Game: game.Config{Players: 9, VariantPlayers: true}})
	assert.ErrorContains(t, err, "9 players: the box is for 2–4, and the variant for 5 or 6")
	_, err = Run(ctx, b, Config{Games: 1, Game: game.Config{Players: 6, Days: 11, VariantPlayers: true}})
	assert.ErrorContains(t, err, "too few for 6 players")
	_, err = Run(ctx, b, Config{Games: 1, Game: game.Config{Players: 2}, Bots: []string{"clever"}})
	assert.ErrorContains(t, err, `unknown bot "clever"`)
	_, err = Run(ctx, b, Config{Games: 0, Game: game.Config{Players: 2}})
	assert.Error(t, err)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = Run(cancelled, b, Config{Games: 100, Game: game.Config{Players: 2}})
	assert.ErrorIs(t, err, context.Canceled)
}

// Games played in steps are the games Run plays: the report of the first
// n of more games is Run's for n, whatever was played in between, and
// their work is the same whatever the workers (a measure of the games, not
// of the time they took).
func TestGamesInStepsAreRunsGames(t *testing.T) {
	b := compile(t, packtest.USA())
	cfg := Config{Seed: 9, Game: game.Config{Players: 3}, Bots: []string{"random", "greedy", "strong"}, Workers: 2}
	g, err := Start(b, cfg)
	require.NoError(t, err)
	var seen []int
	g.cfg.Progress = func(done int) { seen = append(seen, done) }
	require.NoError(t, g.PlayTo(context.Background(), 7))
	require.NoError(t, g.PlayTo(context.Background(), 5)) // played already
	require.NoError(t, g.PlayTo(context.Background(), 20))
	assert.Equal(t, 20, g.Played())
	assert.Len(t, seen, 20)
	assert.Equal(t, 20, seen[len(seen)-1], "progress counts every game played so far")

	cfg.Games, cfg.Workers = 7, 1
	want, err := Run(context.Background(), b, cfg)
	require.NoError(t, err)
	assert.Equal(t, want, g.Report(7))

	one, err := Start(b, cfg)
	require.NoError(t, err)
	require.NoError(t, one.PlayTo(context.Background(), 20))
	assert.Equal(t, g.Work(20), one.Work(20))
	assert.Greater(t, g.Work(7), int64(7*want.TurnsToWin.Min), "a step a turn at least, and the bots' own")
	assert.Less(t, g.Work(7), g.Work(20))
}
