package lint

import (
	"slices"
	"strings"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/derive/adjacency"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/routes"
	"github.com/tendays/tendays/diag"
)

// Kind says what a rule looks at, and so which part of the toolkit reports
// its findings.
type Kind string

// The kinds of rules.
const (
	// KindSchema: a file against its JSON Schema, checked while reading.
	KindSchema Kind = "schema"
	// KindBorders: a GeoJSON or TopoJSON file, checked while reading it
	// (package derive/borders).
	KindBorders Kind = "borders"
	// KindEdition: a regions edition, checked while deriving its pack
	// (package derive).
	KindEdition Kind = "edition"
	// KindNetworkEdition: a route-network edition, checked while deriving
	// its pack (package derive/routes).
	KindNetworkEdition Kind = "network-edition"
	// KindPack: a regions pack, checked by lint.
	KindPack Kind = "pack"
	// KindNetwork: a route-network pack, checked by lint.
	KindNetwork Kind = "network"
	// KindBaseline: a lint baseline, checked against today's findings.
	KindBaseline Kind = "baseline"
)

// Kinds lists the kinds in the order a pack is made: read, derive, lint.
var Kinds = []Kind{KindSchema, KindBorders, KindEdition, KindNetworkEdition, KindPack, KindNetwork, KindBaseline}

var schemaRule = &Rule{RuleInfo: diag.RuleInfo{ID: RuleSchema, Severity: diag.Error,
	Doc: "The file conforms to its JSON Schema (tendays schema pack|edition)."}, Kind: KindSchema}

// registry is every rule the toolkit can report, listed explicitly: lint's
// own rules beside their code, and those that reading and deriving report,
// each declared once (id, severity, doc) beside the code that reports it in
// derive/borders, derive, derive/adjacency and derive/routes. A test fails when code reports
// an id that is not here.
var registry = newRegistry(
	[]*Rule{schemaRule},
	described(KindBorders, borders.Rules),
	described(KindEdition, derive.Rules),
	described(KindEdition, adjacency.Rules),
	described(KindNetworkEdition, routes.Rules),
	packRules,
	[]*Rule{seaConnectsRule, cvdRule, cutOffRule},
	networkRules,
	[]*Rule{baselineRule},
)

type ruleRegistry struct {
	sorted []*Rule
	byID   map[string]*Rule
}

// newRegistry indexes rules; a duplicate id is a programming error that
// panics when the package loads, so any test catches it.
func newRegistry(lists ...[]*Rule) *ruleRegistry {
	reg := &ruleRegistry{byID: map[string]*Rule{}}
	for _, list := range lists {
		for _, r := range list {
			if _, dup := reg.byID[r.ID]; dup {
				panic("lint: rule listed twice: " + r.ID)
			}
			reg.byID[r.ID] = r
			reg.sorted = append(reg.sorted, r)
		}
	}
	slices.SortFunc(reg.sorted, func(a, b *Rule) int { return strings.Compare(a.ID, b.ID) })
	return reg
}

// described turns rules declared elsewhere into rules of a kind, without Run.
func described(kind Kind, infos []diag.RuleInfo) []*Rule {
	out := make([]*Rule, len(infos))
	for i, info := range infos {
		out[i] = &Rule{RuleInfo: info, Kind: kind}
	}
	return out
}

// Rules lists every rule of the toolkit by id. The slice is a copy; the
// rules are shared and must not be changed.
func Rules() []*Rule { return slices.Clone(registry.sorted) }

// Lookup finds a rule by id.
func Lookup(id string) (*Rule, bool) {
	r, ok := registry.byID[id]
	return r, ok
}
