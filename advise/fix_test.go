package advise_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/pipeline"
)

// Fix on an edition whose games mostly stall (one card a region, 20 cars):
// it applies measured edits one at a time, each measured on the edition the
// last one left, until the stalls are gone, and the text it returns builds
// to the figures of its last step.
func TestFixMendsAStallingEdition(t *testing.T) {
	if testing.Short() {
		t.Skip("plays some thousands of games")
	}
	in := stallingWesternAsia(t)
	// A stalled game costs the whole turn cap: these tests of behaviour
	// stall at 300 turns, a third of the default's cost.
	opts := advise.Options{MeasureGames: 300, Seed: 1, TurnCap: 300}
	rep, err := advise.Fix(context.Background(), in, opts, advise.Goals{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Before.StalledRate < 0.5 {
		t.Fatalf("the fixture should stall: %+v", rep.Before)
	}
	if !rep.Met || len(rep.Steps) == 0 {
		t.Fatalf("goals not met after %d step(s): %v", len(rep.Steps), rep.Unmet)
	}
	for i, s := range rep.Steps {
		if i > 0 && s.Before.StalledRate != rep.Steps[i-1].After.StalledRate {
			t.Errorf("step %d starts from %v, the last ended at %v", i+1, s.Before.StalledRate, rep.Steps[i-1].After.StalledRate)
		}
	}
	if rep.After.StalledRate >= advise.StalledThreshold {
		t.Errorf("after: %v stalled", rep.After.StalledRate)
	}
	// The text is the edition as fixed: diagnosed again on the same games,
	// it shows the same figures.
	in.EditionYAML = rep.Text
	again, err := advise.Fix(context.Background(), in, opts, advise.Goals{})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Steps) != 0 || !again.Met || again.Before.StalledRate != rep.After.StalledRate {
		t.Errorf("fixing the fixed edition: %d step(s), before %+v", len(again.Steps), again.Before)
	}
}

// Goals: the band and the stall goal, in words.
func TestGoalsUnmet(t *testing.T) {
	g := advise.DefaultGoals(4)
	if g.MinTurns != 6 || g.MaxTurns != 100 || g.MaxStalled != advise.StalledThreshold {
		t.Fatalf("default goals %+v", g)
	}
	if u := g.Unmet(advise.Figures{Games: 100, StalledRate: 0.2, TurnsToWin: 4}); len(u) != 2 ||
		!strings.Contains(u[0], "stalled games 20%") || !strings.Contains(u[1], "median game 4 turns (goal: 6 to 100)") {
		t.Errorf("unmet %v", u)
	}
	if u := g.Unmet(advise.Figures{Games: 100, TurnsToWin: 20}); len(u) != 0 {
		t.Errorf("unmet %v", u)
	}
	// A group cut off is a goal missed, whatever the games say: "goals met"
	// is never said beside a region only a plane reaches.
	if u := g.Unmet(advise.Figures{Games: 100, TurnsToWin: 20, CutOff: [][]string{{"A", "B"}}, PlaneOnly: []string{"A", "B"}}); len(u) != 1 ||
		u[0] != "1 group(s) cut off: 2 region(s) only a plane reaches (A, B)" {
		t.Errorf("unmet %v", u)
	}
}

// --fix joins the islands of testdata/island (a ferry each, shortest
// first), and no bordered region becomes air-only.
func TestFixJoinsWhatIsCutOff(t *testing.T) {
	in, err := advise.FromFolder("testdata/island")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := advise.Fix(context.Background(), in, advise.Options{MeasureGames: 120, Seed: 1}, advise.Goals{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Before.CutOff) != 2 {
		t.Fatalf("the fixture should have two islands cut off: %+v", rep.Before.CutOff)
	}
	if len(rep.After.CutOff) != 0 || len(rep.After.PlaneOnly) != 0 {
		t.Fatalf("after %+v, unmet %v", rep.After.CutOff, rep.Unmet)
	}
	// Its three-day games stay short and its tiny deck stalls some: the
	// goals it misses are named, and joining the islands is none of them.
	for _, u := range rep.Unmet {
		if strings.Contains(u, "cut off") {
			t.Errorf("unmet %q", u)
		}
	}
	if rep.Met != (len(rep.Unmet) == 0) {
		t.Errorf("met %v beside unmet %v", rep.Met, rep.Unmet)
	}
	for _, s := range rep.Steps {
		if strings.Contains(s.Edit, "air-only") {
			t.Errorf("an island with a ferry in reach marked air-only: %s", s.Edit)
		}
	}
}

// The doctor honours .tendays-lint.yaml: with colors/lonely off, a colour
// held by one region is no finding.
func TestDoctorHonoursLintConfig(t *testing.T) {
	in, err := advise.FromFolder("testdata/lonely")
	if err != nil {
		t.Fatal(err)
	}
	opts := advise.Options{Games: 60, MeasureGames: 30, Seed: 1}
	rep, err := advise.Diagnose(context.Background(), in, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Figures.LonelyColors) == 0 {
		t.Fatalf("the fixture should have a lonely colour: %+v", rep.Figures)
	}
	in.Lint, err = pipeline.LintRules().DecodeConfig(".tendays-lint.yaml", []byte("rules:\n  colors/lonely: off\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err = advise.Diagnose(context.Background(), in, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if f.Kind == "lonely-color" || f.Subject == lint.RuleLonelyColor {
			t.Errorf("a finding of a rule turned off: %+v", f)
		}
	}
	if len(rep.Figures.LonelyColors) != 0 {
		t.Errorf("lonely colours %v with the rule off", rep.Figures.LonelyColors)
	}
}

// An edit the editor cannot make in the text as written (here every copies
// edit: the mapping is anchored and an alias uses it) is passed over, and
// --fix goes on with the edits it can make instead of giving up.
func TestFixPassesOverEditsItCannotMake(t *testing.T) {
	if testing.Short() {
		t.Skip("plays some thousands of games")
	}
	in := stallingWesternAsia(t)
	text := strings.Replace(string(in.EditionYAML), "assign: {}", "assign: *c", 1)
	text = strings.Replace(text, "days: 10\n", "days: 10\ncopies: &c {}\n", 1)
	if text == string(in.EditionYAML) || !strings.Contains(text, "assign: *c") {
		t.Fatal("the fixture changed: no place for the anchor and its alias")
	}
	in.EditionYAML = []byte(text)
	rep, err := advise.Fix(context.Background(), in, advise.Options{MeasureGames: 300, Seed: 1, TurnCap: 300}, advise.Goals{})
	if err != nil {
		t.Fatalf("an edit that cannot be made stopped the fix: %v", err)
	}
	if len(rep.Steps) == 0 {
		t.Fatal("no step made, though other edits can be")
	}
	for _, s := range rep.Steps {
		if strings.Contains(s.Edit, "card more") {
			t.Errorf("step %q edits copies, which cannot be edited here", s.Edit)
		}
	}
}
