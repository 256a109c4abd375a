package lint

import (
	"fmt"

	"github.com/tendays/tendays/colorvision"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// RuleColorsCVD: plane colours that people with a colour-vision deficiency
// cannot tell apart.
const RuleColorsCVD = "colors/cvd"

// cvdRule is listed in the registry (registry.go) with the pack rules.
var cvdRule = &Rule{RuleInfo: diag.RuleInfo{ID: RuleColorsCVD, Severity: diag.Warning,
	Doc: fmt.Sprintf("Every two colours that plane cards name stay at least %g apart (CAM02-UCS) with normal vision and as deuteranopia, protanopia and tritanopia show them (Machado et al. 2009, full severity); a palette the edition marks colors.published (the box's own) is kept and its close pairs are info.", colorvision.Threshold)},
	Kind: KindPack, Run: On(checkColorsCVD)}

// checkColorsCVD compares the colours of the plane cards pairwise, within
// each map of a combined pack (a plane flies within its map there).
func checkColorsCVD(pass *Pass, p *mapdata.Pack) {
	planes := map[string]bool{}
	for _, c := range p.Deck.Cards {
		if c.Kind == mapdata.PlaneCard && c.Count > 0 {
			planes[c.Color] = true
		}
	}
	mapOf := map[string]string{}
	for _, r := range p.Regions {
		if _, seen := mapOf[r.Color]; !seen {
			mapOf[r.Color] = r.Map
		}
	}
	type colour struct {
		index int
		rgb   colorvision.RGB
	}
	groups := map[string][]colour{}
	var order []string
	for i, c := range p.Colors {
		if !planes[c.ID] {
			continue
		}
		rgb, err := colorvision.ParseHex(c.Hex)
		if err != nil {
			continue // the schema reports a malformed hex
		}
		m := mapOf[c.ID]
		if _, ok := groups[m]; !ok {
			order = append(order, m)
		}
		groups[m] = append(groups[m], colour{i, rgb})
	}
	for _, m := range order {
		g := groups[m]
		rgb := make([]colorvision.RGB, len(g))
		for i, c := range g {
			rgb[i] = c.rgb
		}
		key := mapdata.ParamColorsPublished
		if m != "" {
			key = m + "." + key
		}
		published := p.Provenance.Parameters[key] == "true"
		for _, pair := range colorvision.Below(rgb, colorvision.Visions, colorvision.Threshold) {
			a, b := p.Colors[g[pair.A].index], p.Colors[g[pair.B].index]
			msg := fmt.Sprintf("plane colours %q (%s) and %q (%s) are %.1f apart with %s (CAM02-UCS; at least %g tells them apart)",
				a.ID, a.Hex, b.ID, b.Hex, pair.Distance, pair.Vision, colorvision.Threshold)
			at := ptr("colors", g[pair.B].index)
			if published {
				pass.reportSeverity(diag.Info, at, "", msg+"; the published box's colours are kept (colors.published), and every card and region carries its colour's symbol")
				continue
			}
			pass.reportSeverity(pass.rule.Severity, at, "choose colours further apart in colors.hex (tendays doctor proposes a set)", msg)
		}
	}
}
