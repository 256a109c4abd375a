package derive

import "github.com/tendays/tendays/diag"

// Rule ids of the findings a derivation makes. They are reported at the
// place in edition.yaml (or in a geometry file) that caused them.
const (
	RuleUnknownRegion   = "edition/unknown-region"
	RuleDuplicateRegion = "edition/duplicate-region"
	RuleMergeConflict   = "edition/merge-conflict"
	RuleOmittedRegion   = "edition/omitted-region"
	RuleNoRegions       = "edition/no-regions"
	RuleCutMisses       = "edition/cut-misses"
	RuleSplitPart       = "edition/split-part"
	RuleRemoveMissing   = "edition/remove-missing"
	RuleAirOnlyOverride = "edition/air-only-override"
	RuleBadFile         = "edition/bad-file"
	RuleColorConflict   = "colors/conflict"
	RuleUnknownColor    = "colors/unknown"
	RuleSeaNoMatch      = "seas/no-match"
	RuleSeaFew          = "seas/few-regions"
	RuleShipUnknownSea  = "deck/unknown-sea"
	RuleRailFew         = "rails/few-stops"
	RuleTrainUnknown    = "deck/unknown-rail"
	RuleRepaired        = "edition/outline-repaired"
)

// Rules describes the rules above for lint's registry (lint --list-rules,
// .tendays-lint.yaml): each id once, its default severity and what it
// asks of an edition.
var Rules = []diag.RuleInfo{
	{ID: RuleUnknownRegion, Severity: diag.Error, Doc: "Every region an edition names (omit, merge, split, links, seas, rails, colours, copies, air_only) exists in the borders data."},
	{ID: RuleMergeConflict, Severity: diag.Error, Doc: "Each merged region is merged into one region that is kept as it is (not itself merged, omitted or split)."},
	{ID: RuleOmittedRegion, Severity: diag.Warning, Doc: "An assignment, merge, link, copy or list that names an omitted region is ignored, with a warning."},
	{ID: RuleDuplicateRegion, Severity: diag.Error, Doc: "No two regions end up with the same id."},
	{ID: RuleNoRegions, Severity: diag.Error, Doc: "The edition keeps at least two regions."},
	{ID: RuleCutMisses, Severity: diag.Error, Doc: "A split's cut line crosses the region it splits."},
	{ID: RuleSplitPart, Severity: diag.Error, Doc: "Each part of a split has its point inside the region, in a piece of its own."},
	{ID: RuleRemoveMissing, Severity: diag.Warning, Doc: "A link the edition removes exists."},
	{ID: RuleAirOnlyOverride, Severity: diag.Warning, Doc: "Air-only regions are not given links, seas or rail lines: only planes reach them."},
	{ID: RuleBadFile, Severity: diag.Error, Doc: "Geometry files an edition names (seas, rails, cut lines) can be read and hold the right geometry."},
	{ID: RuleColorConflict, Severity: diag.Error, Doc: "Colour constraints can all hold: regions that must share a colour do not border each other."},
	{ID: RuleUnknownColor, Severity: diag.Error, Doc: "Assigned colours are in the palette."},
	{ID: RuleSeaNoMatch, Severity: diag.Error, Doc: "A sea's geometry file has polygons matching the sea."},
	{ID: RuleSeaFew, Severity: diag.Warning, Doc: "A sea touches at least two regions, or its ships link nothing."},
	{ID: RuleShipUnknownSea, Severity: diag.Error, Doc: "Ship cards name a sea the edition defines."},
	{ID: RuleRailFew, Severity: diag.Warning, Doc: "A rail line has at least two stops, or its trains link nothing."},
	{ID: RuleTrainUnknown, Severity: diag.Error, Doc: "Train cards per line name a rail line the edition defines."},
	{ID: RuleRepaired, Severity: diag.Info, Doc: "A region's outline is valid as the borders file gives it; when it is not (a ring of zero area, a ring that touches itself), the board holds it repaired and this says what was done."},
}
