// Package lint judges map packs and editions. A rule is a value in a
// registry, as an analyzer is in golang.org/x/tools/go/analysis: an id such
// as "deck/expect-totals", a one-line doc, a default severity and a function
// from a pack to findings. The driver owns iteration, configuration (a rule's
// severity changed or turned off), baselines and ordering.
//
// A rule reads one type of pack: On wraps a check of a *mapdata.Pack (kinds
// regions and combined: rules.go, cvd.go, seas_connect.go) or of a
// *mapdata.NetworkPack (kind network: routes.go), and the driver runs it on
// the targets whose pack is of that type. The registry (Registry) is every
// rule the toolkit reports, lint's own and those reading and deriving
// report; the pipeline assembles it (pipeline.LintRules), as only it knows
// every package that reports findings, and config, the SARIF reporter and
// the rule list read it.
//
// Reporters (text, json, sarif, github) live here too and know nothing of the
// rules; rules know nothing of output formats. Deriving a pack from an
// edition is derive's job: lint only receives the result and its findings.
// Files runs lint over many paths (the loop of `tendays lint`), the loading
// of each being the caller's.
package lint

import (
	"fmt"
	"slices"
	"sort"

	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// Rule is one rule of the toolkit: a check lint runs over a pack, or a
// finding another package makes (schema validation, reading geometry,
// deriving an edition), which lint documents and lets a config change.
type Rule struct {
	diag.RuleInfo
	Kind Kind
	// Run reports findings through the pass. Nil for rules whose findings
	// come from elsewhere (schema validation, derivation).
	Run func(*Pass)
}

// On makes a rule's Run from a check of packs of type P (*mapdata.Pack or
// *mapdata.NetworkPack): the rule runs on a target whose pack is a P, and
// is skipped on any other.
func On[P mapdata.AnyPack](check func(*Pass, P)) func(*Pass) {
	return func(pass *Pass) {
		if p, ok := pass.target.Pack.(P); ok {
			check(pass, p)
		}
	}
}

// Pass is one rule's run over one target.
type Pass struct {
	rule   *Rule
	target *Target
	out    *[]diag.Finding
}

// Reportf records a finding at a pointer into the pack.
func (p *Pass) Reportf(pointer, format string, args ...any) {
	p.report(pointer, "", fmt.Sprintf(format, args...))
}

// ReportHintf records a finding with a hint on how to fix it.
func (p *Pass) ReportHintf(pointer, hint, format string, args ...any) {
	p.report(pointer, hint, fmt.Sprintf(format, args...))
}

func (p *Pass) report(pointer, hint, msg string) {
	p.reportSeverity(p.rule.Severity, pointer, hint, msg)
}

// reportSeverity records a finding at another severity than the rule's
// default: a rule that knows a case is acknowledged (colors/cvd on a
// published palette) says so itself; a config still overrides it.
func (p *Pass) reportSeverity(sev diag.Severity, pointer, hint, msg string) {
	*p.out = append(*p.out, diag.Finding{
		Rule: p.rule.ID, Severity: sev, Message: msg, Hint: hint,
		Position: p.target.position(pointer),
	})
}

// Target is one thing to lint: a pack read from a file, or a pack derived
// from an edition together with what the derivation found.
type Target struct {
	File string
	// Pack is the pack of any kind (nil when it could not be decoded): each
	// rule runs on the packs of its type (On).
	Pack mapdata.AnyPack
	// Locate maps a pointer into the pack to a place in the source; nil
	// gives the file and the pointer alone.
	Locate func(pointer string) diag.Position
	// Findings already made while reading or deriving (schema, derive).
	Findings []diag.Finding
	// Board is the pack's board geometry when it is at hand (a pack
	// derived from its edition): rules that measure distances on it
	// (regions/cut-off) say more with it, and nothing less without.
	Board *geojson.FeatureCollection
}

func (t *Target) position(pointer string) diag.Position {
	if t.Locate != nil {
		return t.Locate(pointer)
	}
	return diag.Position{File: t.File, Pointer: pointer}
}

// Run runs rules on a target, as a go/analysis driver runs its analyzers,
// and returns the target's own findings with theirs, sorted: each rule
// runs on the packs of its type (see On), and rules without Run are skipped
// (their findings come with the target). Registry.Check runs every rule.
func Run(rules []*Rule, t *Target) []diag.Finding {
	out := append([]diag.Finding(nil), t.Findings...)
	if t.Pack != nil {
		for _, r := range rules {
			if r.Run != nil {
				r.Run(&Pass{rule: r, target: t, out: &out})
			}
		}
	}
	Sort(out)
	return slices.Compact(out)
}

// Sort orders findings by file, line, column, pointer, rule and message.
func Sort(fs []diag.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// Summary counts findings by severity.
type Summary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

// Summarize counts findings.
func Summarize(files int, fs []diag.Finding) Summary {
	s := Summary{Files: files}
	for _, f := range fs {
		switch f.Severity {
		case diag.Error:
			s.Errors++
		case diag.Warning:
			s.Warnings++
		default:
			s.Infos++
		}
	}
	return s
}

// AtOrAbove reports whether any finding is at or above sev.
func AtOrAbove(fs []diag.Finding, sev diag.Severity) bool {
	for _, f := range fs {
		if f.Severity >= sev {
			return true
		}
	}
	return false
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
