package lint

import (
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// RuleSeaConnects: a sea's connects list names seas of the pack, not itself.
const RuleSeaConnects = "seas/connects"

// seaConnectsRule is listed in the registry (registry.go) with the pack rules.
var seaConnectsRule = &Rule{RuleInfo: diag.RuleInfo{ID: RuleSeaConnects, Severity: diag.Error,
	Doc: "A sea's connects list (ship cards side by side on seas that connect) names other seas of the pack."},
	Kind: KindPack, Run: On(checkSeaConnects)}

func checkSeaConnects(pass *Pass, p *mapdata.Pack) {
	if p == nil {
		return
	}
	seas := map[string]bool{}
	for _, s := range p.Seas {
		seas[s.ID] = true
	}
	for i, s := range p.Seas {
		for j, other := range s.Connects {
			switch {
			case other == s.ID:
				pass.ReportHintf(ptr("seas", i, "connects", j), "remove it: one ship card already crosses a sea",
					"sea %q connects with itself", s.ID)
			case !seas[other]:
				pass.ReportHintf(ptr("seas", i, "connects", j), "name a sea of the edition's seas",
					"sea %q connects with %q, which is not a sea of the pack", s.ID, other)
			}
		}
	}
}
