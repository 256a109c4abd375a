package lint

import (
	"slices"
	"strings"

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

// CoreRules are the rules of every kind of pack: the schema (a finding of
// reading) and the baseline's.
func CoreRules() []*Rule { return []*Rule{schemaRule, baselineRule} }

// RegionRules are the rules over a regions pack (kinds regions and
// combined): rules.go, seas_connect.go, cvd.go, cutoff.go.
func RegionRules() []*Rule {
	return append(slices.Clone(packRules), seaConnectsRule, cvdRule, cutOffRule)
}

// RouteRules are the rules over a route-network pack (kind network):
// routes.go.
func RouteRules() []*Rule { return slices.Clone(networkRules) }

// Described turns rules declared beside the code that reports them (a
// derive package's Rules: id, severity, doc) into rules of a kind, without
// Run: lint documents them and lets a config change them.
func Described(kind Kind, infos []diag.RuleInfo) []*Rule {
	out := make([]*Rule, len(infos))
	for i, info := range infos {
		out[i] = &Rule{RuleInfo: info, Kind: kind}
	}
	return out
}

// Registry is every rule a program reports, by id: what a config may name,
// what the SARIF reporter describes, what --list-rules and docs/rules.md
// list. The pipeline assembles the toolkit's (pipeline.LintRules) from
// lint's lists and the Rules of the derive packages.
type Registry struct {
	sorted []*Rule
	byID   map[string]*Rule
}

// NewRegistry indexes rules. A rule listed twice (the same value, as two
// kinds that share rules list them) is kept once; two rules of one id are a
// programming error that panics, so that any test catches it.
func NewRegistry(lists ...[]*Rule) *Registry {
	reg := &Registry{byID: map[string]*Rule{}}
	for _, list := range lists {
		for _, r := range list {
			if prev, dup := reg.byID[r.ID]; dup {
				if prev == r {
					continue
				}
				panic("lint: rule listed twice: " + r.ID)
			}
			reg.byID[r.ID] = r
			reg.sorted = append(reg.sorted, r)
		}
	}
	slices.SortFunc(reg.sorted, func(a, b *Rule) int { return strings.Compare(a.ID, b.ID) })
	return reg
}

// Rules lists every rule by id. The slice is a copy; the rules are shared
// and must not be changed.
func (g *Registry) Rules() []*Rule { return slices.Clone(g.sorted) }

// Lookup finds a rule by id.
func (g *Registry) Lookup(id string) (*Rule, bool) {
	r, ok := g.byID[id]
	return r, ok
}

// Check runs every rule of the registry on a target and returns the
// findings, unfiltered and sorted (see Run).
func (g *Registry) Check(t *Target) []diag.Finding { return Run(g.sorted, t) }

func (g *Registry) ids() []string {
	ids := make([]string, len(g.sorted))
	for i, r := range g.sorted {
		ids[i] = r.ID
	}
	return ids
}
