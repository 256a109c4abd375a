package advise_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/internal/atomicfile"
)

// The text of a report: the headline, the budget's note, each finding
// with its evidence and proposals (a trade-off tagged, one that cannot be
// made said so), text from the edition on one line.
func TestReportText(t *testing.T) {
	rep := &advise.Report{
		Edition: "10 Days in\nTest",
		Analysis: advise.Analysis{Games: 300, MeasureGames: 60, Players: 4, Seed: 7, TurnCap: 300, Bots: "greedy", TotalGames: 420,
			Budget: &advise.Budget{Limited: true, WorkPerGame: 1234567, More: "--games 20000 --measure-games 2000"}},
		Figures: advise.Figures{Games: 300, Stalled: 3, StalledRate: 0.01, TurnsToWin: 12.5, Errors: 1, Warnings: 2},
		Findings: []advise.Finding{{Kind: "stalls", Severity: "warning", Message: "3 of 300 games stalled",
			Evidence: []string{"seed 7"}, Proposals: []int{1, 2, 3}}},
		Proposals: []advise.Proposal{
			{ID: 1, Edit: "raise cars to 14", Effect: "stalled games 1% → 0%", After: advise.Figures{Games: 60}},
			{ID: 2, Edit: "add a ferry", Effect: "fixes this", TradeOff: "stalls rise", After: advise.Figures{Games: 60}},
			{ID: 3, Edit: "recolour R01", Effect: "an alias is in the way", Unmade: "alias"},
		},
	}
	var out bytes.Buffer
	require.NoError(t, rep.WriteText(&out))
	// The header counts what the report holds (one finding, three
	// proposals), and lint's own count beside it.
	assert.Equal(t, `10 Days in\nTest: 300 games (seed 7, 4 players, greedy bots, stalled after 300 turns): 3 stalled (1.0% [0.3%, 2.9%]), turns to win (median) 12.5; 1 finding(s): 1 warning; 3 proposal(s); lint: 1 error(s), 2 warning(s)
(300 games of evidence and 60 a measure: what the work budget buys of this edition's games, 1,234,567 steps each; for more: --games 20000 --measure-games 2000)

warning stalls: 3 of 300 games stalled
    evidence: seed 7
  [1] raise cars to 14
      measured on 60 paired games: stalled games 1% → 0%
  [2] (trade-off) add a ferry
      measured on 60 paired games: fixes this
  [3] (cannot be made) recolour R01
      an alias is in the way

3 proposal(s); apply with: tendays doctor EDITION --apply N,...
(420 games simulated in all)
`, out.String())

	out.Reset()
	require.NoError(t, (&advise.Report{Edition: "E", Analysis: advise.Analysis{StoppedEarly: "stopped early"}}).WriteText(&out))
	assert.Contains(t, out.String(), "\n(stopped early)\nnothing to fix\n")

	chosen, err := rep.Chosen([]int{3, 1})
	require.NoError(t, err)
	assert.Equal(t, []int{3, 1}, []int{chosen[0].ID, chosen[1].ID})
	_, err = rep.Chosen([]int{4})
	assert.EqualError(t, err, "--apply 4: the report has 3 proposal(s)")
}

// The text of a fix: the figures before and after, each step with what it
// moved.
func TestFixReportText(t *testing.T) {
	before := advise.Figures{StalledRate: 0.429, TurnsToWin: 30, Errors: 1, LonelyColors: []string{"red"}, DeckCards: 80}
	after := advise.Figures{StalledRate: 0.003, TurnsToWin: 20, DeckCards: 90}
	rep := &advise.FixReport{Edition: "E", Goals: advise.Goals{MaxStalled: 0.01, MinTurns: 1.5, MaxTurns: 25},
		Before: before, After: after, Steps: []advise.FixStep{{Edit: "raise cars to 14", Before: before, After: after}},
		Met: true, Analysis: advise.Analysis{MeasureGames: 100, Seed: 1, Players: 4, Bots: "greedy", TurnCap: 300, TotalGames: 500}}
	var out bytes.Buffer
	require.NoError(t, rep.WriteText(&out))
	assert.Equal(t, `E: goals: no lint error, no group cut off, no warning a measured proposal fixes, under 1% of games stalled, median game 1.5 to 25 turns (100 games a measure, seed 1, 4 players, greedy bots, stalled after 300 turns)
before: stalled games 42.9%, median game 30 turns, 1 error(s), 0 warning(s), 1 lonely colour(s), 0 group(s) cut off (0 region(s) only a plane reaches)
step 1: raise cars to 14
    stalled games 42.9% → 0.3%; median game 30 → 20 turns; deck 80 → 90 cards; errors 1 → 0; lonely colours 1 → 0
after: stalled games 0.3%, median game 20 turns, 0 error(s), 0 warning(s), 0 lonely colour(s), 0 group(s) cut off (0 region(s) only a plane reaches)
goals met
(500 games simulated in all)
`, out.String())
	rep.Steps, rep.Met, rep.Unmet = nil, false, []string{"a", "b"}
	out.Reset()
	require.NoError(t, rep.WriteText(&out))
	assert.Contains(t, out.String(), "\nno step applied\n")
	assert.Contains(t, out.String(), "\ngoals not met: a; b\n")
}

func TestProgressText(t *testing.T) {
	assert.Equal(t, "doctor: sizing the games 10/40 (25%)", advise.Progress{Stage: advise.StageSizing, Done: 10, Games: 40}.String())
	assert.Equal(t, "doctor: evidence 120/530 games (22%)", advise.Progress{Stage: advise.StageEvidence, Done: 120, Games: 530}.String())
	long := strings.Repeat("e", 60)
	assert.Equal(t, "doctor: measuring edit 2 of 5 ("+strings.Repeat("e", 47)+"…): 0/0 games (0%)",
		advise.Progress{Stage: advise.StageMeasure, Edit: long, Tried: 2, Edits: 5}.String())
}

// FixFile writes the fixed edition.yaml, and never over a save made since
// the fix read it.
func TestFixFileWritesOnlyTheTextItFixed(t *testing.T) {
	dir := copyLonely(t, func(s string) string { return s })
	path := filepath.Join(dir, "edition.yaml")
	in, err := advise.FromFolder(dir)
	require.NoError(t, err)
	opts := advise.Options{Games: 100, MeasureGames: 60, Seed: 1, TurnCap: 300} // its games stall: a cheaper cap
	saved := append([]byte("# saved meanwhile\n"), in.EditionYAML...)
	require.NoError(t, os.WriteFile(path, saved, 0o644))
	_, err = advise.FixFile(context.Background(), dir, in, opts, advise.Goals{}, atomicfile.LockOptions{})
	require.ErrorIs(t, err, advise.ErrChanged)
	got, _ := os.ReadFile(path)
	assert.Equal(t, string(saved), string(got))
	require.NoError(t, os.WriteFile(path, in.EditionYAML, 0o644))
	rep, err := advise.FixFile(context.Background(), dir, in, opts, advise.Goals{}, atomicfile.LockOptions{})
	require.NoError(t, err)
	require.NotEmpty(t, rep.Steps, "the lonely fixture has something to fix")
	got, _ = os.ReadFile(path)
	assert.Equal(t, string(rep.Text), string(got))
}
