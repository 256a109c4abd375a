package starter

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tendays/tendays/internal/yamledit"
	"github.com/tendays/tendays/mapdata"
)

// RulesPreset is a box's rules for a designer's own borders (`init --rules
// NAME`): the rules block init writes, and the region in no colour with two
// cards where the box has one.
type RulesPreset struct {
	Name string
	// Block is the rules block, comments and all, as edition.yaml holds it.
	Block string
	// Colorless is the name of the box's region in no colour (Berlin):
	// where the borders hold a region of that name, it is in no colour and
	// has two cards; else the block says how to name one.
	Colorless string
}

// Deutschland is 10 Tage durch Deutschland (Ravensburger, 2012): train
// cards that work as planes do, bus cards as cars do, and Berlin in no
// colour with two cards. The facts are from reviews (FACTS.md's sources:
// knobelritter.at, spieletest.at, spielmonster.de); its board of 43
// historical districts is not bundled.
var Deutschland = RulesPreset{Name: "deutschland", Colorless: "Berlin", Block: `# 10 Tage durch Deutschland (Ravensburger, 2012), its rules on these borders.
# The box's own board, 43 historical districts (Regierungsbezirke), is NOT
# bundled: no borders file of them is to be had here. From reviews: train
# cards work as planes do (two for each colour), bus cards as cars do
# (through one neighbouring region), three face-up piles, the youngest
# starts (seat order: seat 1), a journey starts and ends on a region card.
rules:
  swap: false
  transports:
    airplane: {id: train, name: Zug, pictogram: train}
    automobile: {id: bus, name: Bus, pictogram: bus}
`}

// Presets are the boxes init --rules knows, by name.
var Presets = []RulesPreset{Deutschland}

// LookupPreset is the preset of that name (case aside).
func LookupPreset(name string) (*RulesPreset, error) {
	var names []string
	for i, p := range Presets {
		if strings.EqualFold(p.Name, name) {
			return &Presets[i], nil
		}
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("unknown --rules %q (want %s)", name, strings.Join(names, ", "))
}

// colorlessRegion is the kept region (data name) that is the preset's
// region in no colour, by its data name or its board name; "" when none is.
func (p *RulesPreset) colorlessRegion(s Spec) string {
	if p == nil || p.Colorless == "" {
		return ""
	}
	for _, r := range s.Regions {
		if mapdata.Fold(r) == mapdata.Fold(p.Colorless) || mapdata.Fold(s.Names[r]) == mapdata.Fold(p.Colorless) {
			if !slices.Contains(s.AirOnly, r) {
				return r
			}
		}
	}
	return ""
}

// write is the preset's rules block with its region in no colour: the
// region where the borders hold it, else a comment on how to name one.
func (p *RulesPreset) write(s Spec) string {
	var b strings.Builder
	b.WriteString(p.Block)
	if r := p.colorlessRegion(s); r != "" {
		fmt.Fprintf(&b, "  # %s is in no colour and has two cards (see copies). No source says how a\n", oneLine(r))
		b.WriteString("  # train reaches it: none (on foot and by bus only) is the toolkit's choice;\n")
		b.WriteString("  # other-end lets a train take the colour of the other end.\n")
		fmt.Fprintf(&b, "  colorless: {regions: [%s], planes: none}\n\n", oneLine(yamledit.Quote(r)))
		return b.String()
	}
	fmt.Fprintf(&b, "  # The box has one region in no colour with two cards (%s); name one of\n", p.Colorless)
	b.WriteString("  # yours, and give it two cards under copies:\n")
	b.WriteString("  # colorless: {regions: [Region], planes: none}   # or other-end: a train takes the other end's colour\n\n")
	return b.String()
}
