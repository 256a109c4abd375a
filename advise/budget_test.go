package advise_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// bundled is a bundled edition as the doctor reads it.
func bundled(t *testing.T, name string) advise.Input {
	t.Helper()
	dir, err := editions.Folder(name)
	require.NoError(t, err)
	in, err := advise.FromFS(dir, "editions/"+name, 0)
	require.NoError(t, err)
	return in
}

// diagnoseJSON is the report of in as `doctor --format json` prints it.
func diagnoseJSON(t *testing.T, in advise.Input, opts advise.Options) (*advise.Report, string) {
	t.Helper()
	rep, err := advise.Diagnose(context.Background(), in, opts)
	require.NoError(t, err)
	js, err := json.MarshalIndent(rep, "", "  ")
	require.NoError(t, err)
	return rep, string(js)
}

// Without counts, the doctor plays its first games, counts their work and
// sizes the evidence and each measure by it: on the same seed, twice the
// same report; and the counts it chose, given as flags, give that report
// again (the budget only picks numbers; the games are the seed's). A
// small budget here, so that a game of the USA costs something against it.
func TestBudgetSizesTheGames(t *testing.T) {
	in := bundled(t, "usa")
	opts := advise.WithBudget(advise.Options{Seed: 3}, 10, 20_000_000, 5_000_000, 20, 10)
	rep, js := diagnoseJSON(t, in, opts)
	b := rep.Analysis.Budget
	require.NotNil(t, b, "sized by the budget")
	assert.Equal(t, 10, b.PilotGames)
	assert.Greater(t, b.WorkPerGame, int64(1000), "a game of the USA is thousands of steps")
	assert.Equal(t, int(20_000_000/b.WorkPerGame), rep.Analysis.Games)
	assert.Equal(t, int(5_000_000/b.WorkPerGame), rep.Analysis.MeasureGames)
	assert.True(t, b.Limited)
	assert.Equal(t, "--games 20000 --measure-games 2000", b.More)
	// One series of games: the pilot, the proposals' "before" and the
	// evidence are played once.
	measured := 0
	for _, p := range rep.Proposals {
		if p.Unmade == "" {
			measured++
		}
	}
	assert.Equal(t, rep.Analysis.Games+measured*rep.Analysis.MeasureGames, rep.Analysis.TotalGames)

	_, again := diagnoseJSON(t, in, opts)
	assert.Equal(t, js, again, "the same seed, the same report")

	flags := advise.Options{Seed: 3, Games: rep.Analysis.Games, MeasureGames: rep.Analysis.MeasureGames}
	fixed, _ := diagnoseJSON(t, in, flags)
	assert.Nil(t, fixed.Analysis.Budget, "both counts given: no budget")
	fixed.Analysis.Budget = b
	fixedJS, err := json.MarshalIndent(fixed, "", "  ")
	require.NoError(t, err)
	assert.Equal(t, js, string(fixedJS), "the budget's counts as flags: the same report")
}

// A count given wins; the other is sized, and a budget that buys more than
// the defaults stops at them: the report says nothing is limited.
func TestBudgetFlagsWin(t *testing.T) {
	rep, _ := diagnoseJSON(t, bundled(t, "usa"), advise.WithBudget(advise.Options{Games: 150}, 10, 1<<40, 1<<40, 20, 10))
	assert.Equal(t, 150, rep.Analysis.Games)
	assert.Equal(t, advise.DefaultMeasureGames, rep.Analysis.MeasureGames, "the budget buys more: the default")
	require.NotNil(t, rep.Analysis.Budget)
	assert.False(t, rep.Analysis.Budget.Limited)
	assert.Empty(t, rep.Analysis.Budget.More)
}

// The work of a game of 20 Days Around the World (four maps, the bots
// planning every one) is hundreds of times a game of the USA's: on the
// same budget it plays far fewer games, and the same report twice.
func TestBudgetAroundTheWorld(t *testing.T) {
	testenv.Long(t, "the doctor on around-the-world, twice (about 20 s of CPU)")
	opts := advise.WithBudget(advise.Options{Seed: 1}, 4, 200_000_000, 50_000_000, 8, 4)
	usa, _ := diagnoseJSON(t, bundled(t, "usa"), opts)
	in := bundled(t, "around-the-world")
	atw, js := diagnoseJSON(t, in, opts)
	require.NotNil(t, atw.Analysis.Budget)
	assert.Greater(t, atw.Analysis.Budget.WorkPerGame, 100*usa.Analysis.Budget.WorkPerGame)
	assert.Less(t, 50*atw.Analysis.Games, usa.Analysis.Games, "far fewer games of evidence")
	assert.Less(t, 50*atw.Analysis.MeasureGames, usa.Analysis.MeasureGames, "far fewer games a measure")
	assert.True(t, atw.Analysis.Budget.Limited)
	_, again := diagnoseJSON(t, in, opts)
	assert.Equal(t, js, again, "the same seed, the same report")
}

// The budget keeps the defaults for every bundled single-map edition,
// with room to spare (twice their games' work), but for Europa Tour's long
// games, of which it keeps most; and cuts around-the-world's: what the
// budget's figures were chosen for. The
// pilot's games alone are played here.
func TestBudgetFitsTheBundledEditions(t *testing.T) {
	for _, name := range editions.Names() {
		res, err := pipeline.Edition(context.Background(), pipeline.Source{Path: name}, pipeline.Options{})
		require.NoError(t, err, name)
		pack, ok := res.Pack.(*mapdata.Pack)
		if !ok {
			continue // a route network: no doctor
		}
		b, err := engine.Compile(pack)
		require.NoError(t, err, name)
		pilot := advise.PilotGames
		if res.Kind == mapdata.KindCombined {
			pilot = 4 // a taste: each game costs a tenth of a second
		}
		g, err := sim.Start(b, sim.Config{Seed: 1, Game: game.Config{Players: advise.DefaultPlayers}, TurnCap: advise.DefaultTurnCap})
		require.NoError(t, err, name)
		require.NoError(t, g.PlayTo(context.Background(), pilot))
		perGame := g.Work(pilot) / int64(pilot)
		t.Logf("%s: %d steps a game", name, perGame)
		if res.Kind == mapdata.KindCombined {
			games := advise.EvidenceWork / perGame
			assert.Less(t, games, int64(advise.DefaultGames/20), "%s: %d steps a game, %d games", name, perGame, games)
			assert.Greater(t, games, int64(advise.MinGames), "%s: %d steps a game, %d games", name, perGame, games)
			continue
		}
		if name == "europa-tour" {
			// Its games are long for the default bots (no swap, no cars,
			// few ferry lines: a median of about 100 turns, some stopped at
			// the turn cap), so the budget trims them, keeping most.
			assert.GreaterOrEqual(t, advise.EvidenceWork/perGame, int64(advise.DefaultGames/2), "%s: %d steps a game", name, perGame)
			assert.GreaterOrEqual(t, advise.MeasureWork/perGame, int64(advise.DefaultMeasureGames/2), "%s: %d steps a game", name, perGame)
			continue
		}
		assert.LessOrEqual(t, 2*perGame*advise.DefaultGames, advise.EvidenceWork, "%s: %d steps a game", name, perGame)
		assert.LessOrEqual(t, 2*perGame*advise.DefaultMeasureGames, advise.MeasureWork, "%s: %d steps a game", name, perGame)
	}
}
