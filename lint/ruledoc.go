package lint

import (
	"fmt"
	"io"
	"strings"

	"github.com/tendays/tendays/internal/textwidth"
	"github.com/tendays/tendays/mapdata"
)

// RuleListing is one rule as `tendays lint --list-rules --format json`
// prints it.
type RuleListing struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	Kind     Kind   `json:"kind"`
	Doc      string `json:"doc"`
}

// ListRules describes every rule of the registry, by id.
func (g *Registry) ListRules() []RuleListing {
	rules := g.sorted
	out := make([]RuleListing, len(rules))
	for i, r := range rules {
		out[i] = RuleListing{ID: r.ID, Severity: r.Severity.String(), Kind: r.Kind, Doc: r.Doc}
	}
	return out
}

// WriteRuleList writes the rules one a line (id, default severity, kind,
// doc), or as a JSON envelope when format is "json".
func (g *Registry) WriteRuleList(w io.Writer, format string) error {
	if format == "json" {
		return mapdata.EncodeJSON(w, struct {
			Format        string        `json:"format"`
			FormatVersion int           `json:"formatVersion"`
			Rules         []RuleListing `json:"rules"`
		}{"tendays.rules", 1, g.ListRules()})
	}
	table := &textwidth.Table{Gap: "  ", MinWidth: []int{0, 7, 15}}
	for _, r := range g.ListRules() {
		table.Row(r.ID, string(r.Severity), string(r.Kind), r.Doc)
	}
	_, err := table.WriteTo(w)
	return err
}

var kindIntro = map[Kind]string{
	KindSchema:         "Checked while reading a pack or an edition file.",
	KindBorders:        "Checked while reading a GeoJSON or TopoJSON borders file (`build`, `lint EDITION`, `derive adjacency`, `init`).",
	KindEdition:        "Checked while deriving a regions edition's pack (`build`, `lint EDITION`).",
	KindNetworkEdition: "Checked while deriving a route-network edition's pack (`build`, `lint EDITION`).",
	KindPack:           "Checked by `lint` on a regions pack, and by `build` on what it derives.",
	KindNetwork:        "Checked by `lint` on a route-network pack, and by `build` on what it derives.",
	KindBaseline:       "Checked by `lint --baseline`.",
}

// WriteRulesMarkdown writes docs/rules.md: every rule by kind, each with
// its default severity and doc line. The file is generated; a test keeps it
// current (go test ./lint -run RulesDoc -update rewrites it).
func (g *Registry) WriteRulesMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Rules\n\n")
	b.WriteString("<!-- Generated from lint's registry by `go test ./lint -run RulesDoc -update`; do not edit. -->\n\n")
	b.WriteString("Every finding tendays reports names one of these rules. A `.tendays-lint.yaml` found by\n")
	b.WriteString("walking up from the linted path (or `--config FILE`) changes a rule's severity or turns it\n")
	b.WriteString("off:\n\n```yaml\nrules:\n  colors/lonely: off        # error, warning, info or off\n  borders/winding: info\n```\n\n")
	b.WriteString("`tendays lint --list-rules [--format json]` prints the same list. Info findings are shown\n")
	b.WriteString("only with `--verbose`.\n\n")
	b.WriteString("| kind | rules |\n|---|---|\n")
	count := map[Kind]int{}
	for _, r := range g.sorted {
		count[r.Kind]++
	}
	for _, k := range Kinds {
		fmt.Fprintf(&b, "| [%s](#kind-%s) | %d |\n", k, k, count[k])
	}
	for _, k := range Kinds {
		fmt.Fprintf(&b, "\n## Kind: %s\n\n%s\n", k, kindIntro[k])
		for _, r := range g.sorted {
			if r.Kind != k {
				continue
			}
			fmt.Fprintf(&b, "\n### %s\n\nDefault severity: %s.\n\n%s\n", r.ID, r.Severity, r.Doc)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
