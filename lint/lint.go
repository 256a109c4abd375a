// Package lint judges map packs and editions. A rule is a value in a
// registry, as an analyzer is in golang.org/x/tools/go/analysis: an id such
// as "deck/expect-totals", a one-line doc, a default severity and a function
// from a pack to findings. The driver owns iteration, configuration (a rule's
// severity changed or turned off), baselines and ordering.
//
// Reporters (text, json, sarif, github) live here too and know nothing of the
// rules; rules know nothing of output formats. Deriving a pack from an
// edition is derive's job: lint only receives the result and its findings.
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

// Pass is one rule's run over one target.
type Pass struct {
	Pack *mapdata.Pack
	// Network is the pack of a route-network target (kind network); Pack
	// is nil then, and only network rules run (see network.go).
	Network *mapdata.NetworkPack
	rule    *Rule
	target  *Target
	out     *[]diag.Finding
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
	Pack *mapdata.Pack // nil when the pack could not be decoded
	// Network is set instead of Pack for a route-network pack.
	Network *mapdata.NetworkPack
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

// Check runs every rule of the registry on a target and returns the
// findings, unfiltered and sorted. Commands that only need "is this pack
// sound?" use it.
func Check(t *Target) []diag.Finding { return Run(Rules(), t) }

// Run is Check with an explicit list of rules, as a go/analysis driver takes
// its analyzers: pack rules run on a regions pack, network rules on a
// route-network pack, and rules without Run are skipped (their findings come
// with the target).
func Run(rules []*Rule, t *Target) []diag.Finding {
	out := append([]diag.Finding(nil), t.Findings...)
	for _, r := range rules {
		if r.Run == nil {
			continue
		}
		pass := &Pass{rule: r, target: t, out: &out}
		switch {
		case r.Kind == KindPack && t.Pack != nil:
			pass.Pack = t.Pack
		case r.Kind == KindNetwork && t.Network != nil:
			pass.Network = t.Network
		default:
			continue
		}
		r.Run(pass)
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
