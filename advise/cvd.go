package advise

import (
	"fmt"
	"strings"

	"github.com/tendays/tendays/colorvision"
	"github.com/tendays/tendays/derive/colors"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// colourVision is the finding that some plane colours look alike to
// colour-blind players (lint's colors/cvd), with one proposal: the
// palette's hexes moved apart, each kept near its look (colors.Hexes),
// measured like every proposal by rebuilding and re-analysing.
func (d *doctor) colourVision(base *state) *candidate {
	var msgs []string
	sev := diag.Info
	for _, f := range base.findings {
		if f.Rule == lint.RuleColorsCVD {
			msgs = append(msgs, f.Message)
			sev = max(sev, f.Severity)
		}
	}
	if len(msgs) == 0 || base.pack == nil {
		return nil
	}
	c := &candidate{finding: Finding{Kind: "colour-vision", Severity: sev.String(), Subject: lint.RuleColorsCVD,
		Message:  fmt.Sprintf("%d pair(s) of plane colours look alike with a colour-vision deficiency (closest %.1f apart; %g tells them apart)", len(msgs), closestPlaneColours(base.pack), colorvision.Threshold),
		Evidence: msgs}}
	ids, near := planeColours(base.pack)
	hexes := colors.Hexes(ids, nil, near)
	var changes []Change
	var said []string
	for i, id := range ids {
		if hexes[i] != near[id] {
			changes = append(changes, Change{Op: "set", Path: []string{"colors", "hex", id}, Value: hexes[i]})
			said = append(said, fmt.Sprintf("%s %s → %s", id, near[id], hexes[i]))
		}
	}
	if len(changes) == 0 {
		return c
	}
	c.proposals = append(c.proposals, &edit{
		edit:    "recolour for colour-blind players: " + strings.Join(said, ", "),
		changes: changes,
		pack: func(p *mapdata.Pack) {
			for i := range p.Colors {
				for k, id := range ids {
					if p.Colors[i].ID == id {
						p.Colors[i].Hex = hexes[k]
					}
				}
			}
		},
		keep: func(b, a *state) bool { return closestPlaneColours(a.pack) > closestPlaneColours(b.pack) },
		effect: func(b, a *state) string {
			return fmt.Sprintf("closest plane colours (normal vision and three deficiencies) %.1f → %.1f", closestPlaneColours(b.pack), closestPlaneColours(a.pack))
		},
	})
	return c
}

// planeColours are the colours of the pack's plane cards, in the pack's
// colour order, with their hexes.
func planeColours(p *mapdata.Pack) ([]string, map[string]string) {
	planes := map[string]bool{}
	for _, c := range p.Deck.Cards {
		if c.Kind == mapdata.PlaneCard && c.Count > 0 {
			planes[c.Color] = true
		}
	}
	var ids []string
	hex := map[string]string{}
	for _, c := range p.Colors {
		if planes[c.ID] {
			ids = append(ids, c.ID)
			hex[c.ID] = c.Hex
		}
	}
	return ids, hex
}

// closestPlaneColours is the smallest distance between two plane colours
// under any vision (within a map for a combined pack: planes fly there).
func closestPlaneColours(p *mapdata.Pack) float64 {
	if p == nil {
		return 0
	}
	ids, hex := planeColours(p)
	mapOf := map[string]string{}
	for _, r := range p.Regions {
		mapOf[r.Color] = r.Map
	}
	groups := map[string][]colorvision.RGB{}
	for _, id := range ids {
		if c, err := colorvision.ParseHex(hex[id]); err == nil {
			groups[mapOf[id]] = append(groups[mapOf[id]], c)
		}
	}
	least := -1.0
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		if d := colorvision.MinDistance(g, colorvision.Visions); least < 0 || d < least {
			least = d
		}
	}
	return max(least, 0)
}
