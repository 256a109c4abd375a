package advise

import (
	"strings"
	"testing"

	"github.com/tendays/tendays/engine/sim"
)

// outcomes are n games, the first stalled of them stalled, the rest won in
// 40 turns.
func outcomes(n, stalled int) []sim.Outcome {
	out := make([]sim.Outcome, n)
	for i := range out {
		out[i] = sim.Outcome{Stalled: i < stalled, Turns: 40}
	}
	return out
}

// A proposal whose own measurement makes the stall rate worse (the QA case:
// "mark Cyprus air-only", stalled games 42.9% → 44.4%) is a trade-off: it
// says so, and it is numbered after every clean fix, so it is never the
// first choice of its finding nor of the report.
func TestTradeOffNeverFirst(t *testing.T) {
	before := Figures{Games: 2000, StalledRate: 0.429, PlaneOnly: []string{"BH", "CY"}}
	airOnly := Figures{Games: 2000, StalledRate: 0.444, PlaneOnly: []string{"BH"}}
	ferry := Figures{Games: 2000, StalledRate: 0.40, PlaneOnly: []string{"BH"}}
	more := &Comparison{Games: 2000, Verdict: VerdictMore}
	more.Stalls.Diff, more.Stalls.Low, more.Stalls.High, more.Stalls.Before, more.Stalls.After = 0.015, 0.004, 0.026, 858, 888
	worse := worsened(before, airOnly, more)
	if len(worse) != 1 || worse[0] != "stalls rise +1.5 points [+0.4, +2.6] (858 → 888 of 2,000 paired games)" {
		t.Fatalf("worsened = %q", worse)
	}
	if w := worsened(before, ferry, nil); len(w) != 0 {
		t.Fatalf("a clean fix counted as worse: %q", w)
	}
	// A rise inside the noise is no worsening: the 30 → 36 stalled
	// games of 2,000 (the paired interval holds zero).
	noise := compare(outcomes(2000, 30), outcomes(2000, 36), 2.5, 0.9875)
	if noise.Verdict != VerdictNoChange {
		t.Fatalf("30 → 36 of 2,000: %+v", noise)
	}
	if w := worsened(Figures{Games: 2000}, Figures{Games: 2000, Stalled: 36}, noise); len(w) != 0 {
		t.Fatalf("noise counted as worse: %q", w)
	}
	if c := compare(outcomes(2000, 30), outcomes(2000, 90), 2.5, 0.9875); c.Verdict != VerdictMore {
		t.Fatalf("30 → 90 of 2,000: %+v", c)
	}
	mk := func(edit string, after Figures) Proposal {
		p := Proposal{Edit: edit, Before: before, After: after}
		var cmp *Comparison
		if after.StalledRate > before.StalledRate {
			cmp = more
		}
		if w := worsened(before, after, cmp); len(w) > 0 {
			p.TradeOff = strings.Join(w, "; ")
		}
		return p
	}
	found := []measured{
		{finding: Finding{Kind: "plane-only", Subject: "CY"}, proposals: []Proposal{mk("mark Cyprus air-only", airOnly), mk("add a ferry", ferry)}},
		{finding: Finding{Kind: "plane-only", Subject: "BH"}, proposals: []Proposal{mk("mark Bahrain air-only", airOnly)}},
		{finding: Finding{Kind: "dead-cards"}},
	}
	findings, props := number(found)
	if len(props) != 3 || props[0].Edit != "add a ferry" || props[0].TradeOff != "" {
		t.Fatalf("the first proposal must be the clean fix: %+v", props)
	}
	for i, p := range props {
		if p.ID != i+1 {
			t.Errorf("proposal %d has id %d", i, p.ID)
		}
	}
	if got := findings[0].Proposals; len(got) != 2 || got[0] != 1 || props[got[1]-1].Edit != "mark Cyprus air-only" {
		t.Errorf("Cyprus's proposals %v", got)
	}
	if got := findings[1].Proposals; len(got) != 1 || props[got[0]-1].TradeOff == "" {
		t.Errorf("Bahrain's proposals %v", got)
	}
	if findings[2].Proposals == nil {
		t.Error("a finding without proposals must list none, not null")
	}
}
