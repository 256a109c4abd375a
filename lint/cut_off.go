package lint

import (
	"fmt"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
	linked "github.com/tendays/tendays/mapdata/reach"
)

// RuleCutOff: a group of regions is cut off from the largest one.
const RuleCutOff = "regions/cut-off"

// cutOffRule is listed in the registry (registry.go) with the pack rules.
var cutOffRule = &Rule{RuleInfo: diag.RuleInfo{ID: RuleCutOff, Severity: diag.Warning,
	Doc: "Every region (not air-only) is reached from the largest group of regions by walking, driving, sailing or riding: a group only a plane reaches is named, with the nearest crossings to the largest group when the board's geometry is at hand."},
	Kind: KindPack, Run: On(checkCutOff)}

// maxCrossings is how many of a group's nearest crossings a finding names.
const maxCrossings = 3

func checkCutOff(pass *Pass, p *mapdata.Pack) {
	board := pass.target.Board
	g := linked.Linked(p, linked.Areas(board))
	cut := g.CutOff()
	if len(cut) == 0 {
		// Nothing to name: the outlines and the normal crossing (the
		// nearest coasts of every ferry and bridge, a fifth of building
		// Around the World) are for the crossings of a group cut off.
		return
	}
	outlines := linked.Outlines(board)
	normal := linked.NormalKm(p, outlines)
	index := map[string]int{}
	names := map[string]string{}
	for i, r := range p.Regions {
		index[r.ID] = i
		names[r.ID] = r.Name
	}
	main := g.Members[g.Main]
	for _, group := range cut {
		var named []string
		for _, id := range group {
			named = append(named, fmt.Sprintf("%s (%s)", names[id], id))
		}
		msg := fmt.Sprintf("%s cut off from the %d regions of the largest group: only a plane reaches %s",
			listed(named, 6), len(main), map[bool]string{true: "it", false: "them"}[len(group) == 1])
		if len(group) > 1 {
			msg = fmt.Sprintf("a group of %d regions, %s, is %s", len(group), listed(named, 6), strings.TrimPrefix(msg, listed(named, 6)+" "))
		} else {
			msg = listed(named, 6) + " is " + strings.TrimPrefix(msg, listed(named, 6)+" ")
		}
		hint := "join it with a ferry or bridge under links.add, or put it on a sea with ship cards; tendays doctor measures each"
		if outlines != nil {
			// The shortest crossing always, the next within the
			// distance the edition's own links make normal.
			var near []string
			for k, c := range linked.Nearest(outlines, group, main) {
				if k >= maxCrossings || (k > 0 && c.Km > normal) {
					break
				}
				near = append(near, fmt.Sprintf("%s – %s %s", names[c.From], names[c.To], km(c.Km)))
			}
			if len(near) > 0 {
				msg += "; nearest crossings: " + strings.Join(near, ", ")
			}
		}
		pass.ReportHintf(ptr("regions", index[group[0]]), hint, "%s", msg)
	}
}

// listed is up to n names, then how many more.
func listed(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// km is a crossing's length as findings say it.
func km(d float64) string {
	if d < 1 {
		return "under 1 km"
	}
	return fmt.Sprintf("%.0f km", d)
}
