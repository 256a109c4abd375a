package advise_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/derive/starter"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// Island countries from the bundled states and provinces, as init makes
// them, go through --fix and build with no hand edit (issue 30): when --fix
// says the goals are met, no group is cut off, no bordered region became
// air-only, under 2% of 2,000 three-player games stall, and the doctor's
// report is the same bytes twice. Malaysia (16 regions: the peninsula and
// Borneo) and New Zealand (23: two main islands and the Chathams) are the
// lean ones of the table in docs/BENCHMARKS.md; Malta (68 councils, Gozo's
// 14 with no coast point of their own for a sea) is joined by a ferry
// shorter than Gozo's span; about 5 s of CPU in all.
func TestIslandCountriesFixAndBuild(t *testing.T) {
	testenv.Long(t, "--fix, a build and 2,000 games on two island countries")
	t.Parallel()
	for _, c := range []struct{ code, name string }{{"MY", "Malaysia"}, {"NZ", "New Zealand"}, {"MT", "Malta"}} {
		t.Run(c.code, func(t *testing.T) {
			in := initEdition(t, "admin1", starter.Cond{Property: "country", Value: c.code}, c.name, 6)
			ctx := context.Background()
			fix, err := advise.Fix(ctx, in, advise.Options{}, advise.Goals{})
			if err != nil {
				t.Fatal(err)
			}
			if len(fix.Before.CutOff) == 0 {
				t.Fatalf("%s as init makes it should have a group cut off", c.name)
			}
			if !fix.Met {
				t.Fatalf("goals not met: %v", fix.Unmet)
			}
			res, err := pipeline.Edition(ctx, pipeline.Source{Text: fix.Text, FS: in.FS, Dir: in.Dir}, pipeline.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range res.Findings {
				if f.Rule == lint.RuleCutOff || strings.Contains(f.Message, "land border(s)") || f.Severity.String() == "error" {
					t.Errorf("after --fix: %s", f)
				}
			}
			b, err := engine.Compile(res.Pack.(*mapdata.Pack))
			if err != nil {
				t.Fatal(err)
			}
			r, err := sim.Run(ctx, b, sim.Config{Games: 2000, Seed: 1, Game: game.Config{Players: 3}})
			if err != nil {
				t.Fatal(err)
			}
			if 50*r.Stalled >= r.Games {
				t.Errorf("%d of %d three-player games stall", r.Stalled, r.Games)
			}
			in.EditionYAML = fix.Text
			var reports []string
			for range 2 {
				rep, err := advise.Diagnose(ctx, in, advise.Options{})
				if err != nil {
					t.Fatal(err)
				}
				js, _ := json.Marshal(rep)
				reports = append(reports, string(js))
			}
			if reports[0] != reports[1] {
				t.Error("the doctor gave two reports of one edition and seed")
			}
		})
	}
}
