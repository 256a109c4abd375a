package adjacency

import (
	"fmt"
	"strings"

	"github.com/tendays/tendays/diag"
)

// Rule ids of the findings Problems reports.
const (
	RuleCrowded    = "adjacency/crowded"
	RuleUnfinished = "adjacency/unfinished"
)

// Rules describes the rules above for lint's registry (lint --list-rules,
// .tendays-lint.yaml): each id once, its default severity and what it asks
// of the borders an edition reads.
var Rules = []diag.RuleInfo{
	{ID: RuleCrowded, Severity: diag.Error, Doc: "No more than 16 regions share one border segment or one point (polygons stacked or repeated): no neighbours are counted at such a place, so the work stays linear in the data."},
	{ID: RuleUnfinished, Severity: diag.Error, Doc: "The tolerance pass finishes within its work bound (256 segment tests per segment): a tolerance that puts every boundary within reach of every other is refused."},
}

// Problems gives a result's crowds and unfinished tolerance pass as
// findings (errors: the pairs are not to be trusted), one per crowd of
// inputs however many segments and points it crowds (a polygon repeated
// 5,000 times crowds each of its sides). name gives an input's name in
// messages; at places a crowd (by its first input), and whole the
// unfinished pass.
func (r Result) Problems(name func(int) string, at func(int) diag.Position, whole diag.Position) []diag.Finding {
	type crowdKey struct {
		segment bool
		inputs  int
		sample  string
	}
	key := func(c Crowd) crowdKey { return crowdKey{c.Segment, c.Inputs, fmt.Sprint(c.Sample)} }
	places := map[crowdKey]int{}
	var crowds []Crowd
	for _, c := range r.Crowded {
		if places[key(c)]++; places[key(c)] == 1 {
			crowds = append(crowds, c)
		}
	}
	var out []diag.Finding
	for _, c := range crowds {
		var names []string
		for _, i := range c.Sample {
			names = append(names, name(i))
		}
		list := strings.Join(names, ", ")
		if more := c.Inputs - len(c.Sample); more > 0 {
			list += fmt.Sprintf(" and %d more", more)
		}
		what := fmt.Sprintf("%d regions share the border segment starting at (%g, %g)", c.Inputs, c.At[0], c.At[1])
		if !c.Segment {
			what = fmt.Sprintf("%d regions meet at the point (%g, %g)", c.Inputs, c.At[0], c.At[1])
		}
		if n := places[key(c)] - 1; n > 0 {
			what += fmt.Sprintf(" (and at %d more places)", n)
		}
		out = append(out, diag.Finding{Rule: RuleCrowded, Severity: diag.Error, Position: at(c.Sample[0]),
			Message: fmt.Sprintf("%s: %s; no neighbours are counted there (more than %d regions at one place: polygons stacked or repeated?)", what, list, MaxMeeting),
			Hint:    "give each region its own area, or omit the copies"})
	}
	if r.Unfinished != "" {
		out = append(out, diag.Finding{Rule: RuleUnfinished, Severity: diag.Error, Position: whole,
			Message: r.Unfinished, Hint: "lower the tolerance to the gaps the data has (metres to a few kilometres)"})
	}
	return out
}
