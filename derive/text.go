package derive

import (
	"fmt"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// RuleUnsafeText is an id or a name the pack could not hold.
const RuleUnsafeText = "edition/unsafe-text"

// checkText refuses, at their source, the ids and names the pack schema
// would refuse in the pack (mapdata.CheckID, mapdata.CheckName): a region
// named by a borders file's feature with an ESC sequence, a sea's name
// with a bidi override. build refused them only once the pack was made,
// against a file it never wrote, and lint, which writes no pack, let them
// through; both derive, so both see them here.
func (b *builder) checkText(p *mapdata.Pack, at func(string) diag.Position) {
	report := func(pointer, what, text string, err error) {
		b.findings = append(b.findings, diag.Finding{Rule: RuleUnsafeText, Severity: diag.Error, Position: at(pointer),
			Message: fmt.Sprintf("%s %s cannot be written into the pack: %v", what, quoted(diag.OneLine(text)), err)})
	}
	id := func(pointer, what, s string) {
		if err := mapdata.CheckID(s); err != nil {
			report(pointer, what, s, err)
		}
	}
	name := func(pointer, what, s string) {
		if err := mapdata.CheckName(s); err != nil {
			report(pointer, what, s, err)
		}
	}
	name("/edition/name", "the edition's name", p.Edition.Name)
	for i, r := range p.Regions {
		id(fmt.Sprintf("/regions/%d/id", i), "a region id", r.ID)
		name(fmt.Sprintf("/regions/%d/name", i), "the name of region", r.Name)
	}
	for i, c := range p.Colors {
		id(fmt.Sprintf("/colors/%d/id", i), "a colour id", c.ID)
		if c.Name != "" {
			name(fmt.Sprintf("/colors/%d/name", i), "the name of colour", c.Name)
		}
	}
	for i, s := range p.Seas {
		id(fmt.Sprintf("/seas/%d/id", i), "a sea id", s.ID)
		name(fmt.Sprintf("/seas/%d/name", i), "the name of sea", s.Name)
	}
	for i, r := range p.Rails {
		id(fmt.Sprintf("/rails/%d/id", i), "a rail line id", r.ID)
		name(fmt.Sprintf("/rails/%d/name", i), "the name of rail line", r.Name)
	}
	for i, r := range p.ShipRoutes {
		name(fmt.Sprintf("/shipRoutes/%d/name", i), "the name of ship route", r.Name)
	}
}

// quoted puts a text in quotes for a message, cut after 40 characters
// with how many more there are.
func quoted(s string) string {
	r := []rune(s)
	if len(r) <= 40 {
		return `"` + s + `"`
	}
	return fmt.Sprintf(`"%s…" (%d characters)`, string(r[:40]), len(r))
}
