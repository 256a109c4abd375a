package derive

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tendays/tendays/derive/colors"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// DefaultAirOnlyColor is the colour of air-only regions unless the edition
// names another (the USA's Alaska and Hawaii are white).
const DefaultAirOnlyColor = "white"

func (b *builder) airOnlyColor() string {
	if c := b.ed.Colors.AirOnly; c != "" {
		return c
	}
	return DefaultAirOnlyColor
}

// chooseColors keeps the colours the edition assigns and chooses the rest:
// classes as equal as the counts allow, bordering regions different where
// possible, same-groups sharing one colour.
func (b *builder) chooseColors() error {
	palette := b.ed.Colors.Palette
	index := map[string]int{}
	for i, c := range palette {
		index[c] = i
	}
	// Nodes are the regions that planes serve by colour: all but air-only.
	var nodes []int
	nodeOf := map[int]int{}
	colorless := b.markColorless()
	for r := range b.regions {
		if b.airOnly[r] {
			b.regions[r].color = b.airOnlyColor()
			continue
		}
		if colorless[r] {
			b.regions[r].color = b.colorlessColor()
			continue
		}
		nodeOf[r] = len(nodes)
		nodes = append(nodes, r)
	}
	if len(palette) == 0 || len(nodes) == 0 {
		return nil
	}
	p := colors.Problem{N: len(nodes), Palette: len(palette), Fixed: map[int]int{}}
	for _, l := range b.links {
		if !l.Kind.Walks() {
			continue
		}
		i, iok := nodeOf[b.byID[l.A]]
		j, jok := nodeOf[b.byID[l.B]]
		if iok && jok {
			p.Edges = append(p.Edges, [2]int{i, j})
		}
	}
	assignAt := map[int]string{}
	for _, name := range slices.Sorted(maps.Keys(b.ed.Colors.Assign)) {
		at := ptr("colors", "assign", name)
		c := b.ed.Colors.Assign[name]
		r, ok := b.region(name, at)
		if !ok {
			continue
		}
		if b.airOnly[r] {
			if c != b.airOnlyColor() {
				b.report(RuleAirOnlyOverride, diag.Warning, at, "set colors.air_only instead", "%s is air-only and keeps colour %s", name, b.airOnlyColor())
			}
			continue
		}
		if colorless[r] {
			b.report(RuleColorConflict, diag.Warning, at, "take it out of colors.assign or of rules.colorless", "%s is in no colour (rules.colorless), so its assigned colour %s is ignored", name, c)
			continue
		}
		ci, known := index[c]
		if !known {
			b.report(RuleUnknownColor, diag.Error, at, "add it to colors.palette", "colour %q is not in the palette (%s)", c, strings.Join(palette, ", "))
			continue
		}
		p.Fixed[nodeOf[r]] = ci
		assignAt[nodeOf[r]] = at
	}
	groupAt := map[int]string{}
	for gi, group := range b.ed.Colors.Same {
		var g []int
		for k, name := range group {
			if r, ok := b.region(name, ptr("colors", "same", gi, k)); ok && !b.airOnly[r] && !colorless[r] {
				g = append(g, nodeOf[r])
			}
		}
		if len(g) > 1 {
			for _, n := range g {
				groupAt[n] = ptr("colors", "same", len(p.Same))
			}
			p.Same = append(p.Same, g)
		}
	}
	sol, err := colors.Solve(p)
	if err != nil {
		if ce, ok := err.(*colors.ConstraintError); ok {
			b.report(RuleColorConflict, diag.Error, ptr("colors", "same", ce.Group), "",
				"regions that must share a colour are assigned %s and %s", palette[ce.Colors[0]], palette[ce.Colors[1]])
			return nil
		}
		return fmt.Errorf("choose colours: %w", err)
	}
	for n, r := range nodes {
		b.regions[r].color = palette[sol.Color[n]]
	}
	for _, c := range sol.Conflicts {
		ra, rb := b.regions[nodes[c[0]]], b.regions[nodes[c[1]]]
		switch {
		case groupAt[c[0]] != "" && groupAt[c[0]] == groupAt[c[1]]:
			b.report(RuleColorConflict, diag.Error, groupAt[c[0]], "bordering regions cannot share a colour",
				"%s and %s must share a colour but border each other", ra.id, rb.id)
		case assignAt[c[0]] != "" && assignAt[c[1]] != "":
			b.report(RuleColorConflict, diag.Warning, assignAt[c[1]], "",
				"%s and %s border each other and are both assigned %s", ra.id, rb.id, ra.color)
		default:
			at := groupAt[c[0]] + assignAt[c[0]]
			if at == "" {
				at = "/colors"
			}
			b.report(RuleColorConflict, diag.Error, at, "add a colour to the palette or loosen the constraints",
				"%s and %s border each other and both get %s: the constraints leave no other way", ra.id, rb.id, ra.color)
		}
	}
	return nil
}

// colorList is every colour a region or a plane has, with its hex.
func (b *builder) colorList() []mapdata.Color {
	ids := slices.Clone(b.ed.Colors.Palette)
	for _, r := range b.regions {
		if !slices.Contains(ids, r.color) && r.color != "" {
			ids = append(ids, r.color)
		}
	}
	// The palette's colours the edition gives no hex are chosen so that
	// everyone tells them apart (colors.Hexes); the others (the air-only
	// colour) take the toolkit's usual hex.
	palette := colors.Hexes(b.ed.Colors.Palette, b.ed.Colors.Hex, nil)
	out := make([]mapdata.Color, 0, len(ids))
	for i, id := range ids {
		hex := b.ed.Colors.Hex[id]
		switch {
		case i < len(palette):
			hex = palette[i]
		case hex == "":
			hex = cmp.Or(colors.Canonical[id], "#808080")
		}
		name := colorName(id)
		if b.ed.Rules.Colorless != nil && id == b.colorlessColor() {
			name = "No colour"
		}
		out = append(out, mapdata.Color{ID: id, Name: name, Hex: hex})
	}
	return out
}

// colorName turns "dark-blue" into "Dark blue".
func colorName(id string) string {
	s := strings.ReplaceAll(id, "-", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// setCopies gives each region its number of cards.
func (b *builder) setCopies() error {
	for _, r := range b.regions {
		r.copies = 1
	}
	for _, name := range slices.Sorted(maps.Keys(b.ed.Copies)) {
		if r, ok := b.region(name, ptr("copies", name)); ok {
			b.regions[r].copies = b.ed.Copies[name]
		}
	}
	return nil
}
