package advise

import (
	"strings"
	"testing"
)

// A proposal whose own measurement makes the stall rate worse (the QA case:
// "mark Cyprus air-only", stalled games 42.9% → 44.4%) is a trade-off: it
// says so, and it is numbered after every clean fix, so it is never the
// first choice of its finding nor of the report.
func TestTradeOffNeverFirst(t *testing.T) {
	before := Figures{Games: 2000, StalledRate: 0.429, PlaneOnly: []string{"BH", "CY"}}
	airOnly := Figures{Games: 2000, StalledRate: 0.444, PlaneOnly: []string{"BH"}}
	ferry := Figures{Games: 2000, StalledRate: 0.40, PlaneOnly: []string{"BH"}}
	worse := worsened(before, airOnly)
	if len(worse) != 1 || worse[0] != "stalls rise 42.9% → 44.4%" {
		t.Fatalf("worsened = %q", worse)
	}
	if w := worsened(before, ferry); len(w) != 0 {
		t.Fatalf("a clean fix counted as worse: %q", w)
	}
	// Under the 1% the doctor speaks of stalls from, a game or two more is
	// no worsening.
	if w := worsened(Figures{Games: 2000}, Figures{Games: 2000, Stalled: 2, StalledRate: 0.001}); len(w) != 0 {
		t.Fatalf("0%% → 0.1%% counted as worse: %q", w)
	}
	mk := func(edit string, after Figures) Proposal {
		p := Proposal{Edit: edit, Before: before, After: after}
		if w := worsened(before, after); len(w) > 0 {
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
