package derive

import (
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

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
	RuleTooManyCarLinks = "links/too-many-car-links"
	RuleKindNames       = "deck/transport-names"
)

// Rules describes the rules above for lint's registry (lint --list-rules,
// .tendays-lint.yaml): each id once, its default severity and what it
// asks of an edition.
var Rules = []diag.RuleInfo{
	{ID: RuleUnknownRegion, Severity: diag.Error, Doc: "Every region an edition names (omit, merge, split, links, seas, rails, ship routes, colours, copies, air_only, rules.colorless) exists in the borders data."},
	{ID: RuleMergeConflict, Severity: diag.Error, Doc: "Each merged region is merged into one region that is kept as it is (not itself merged, omitted or split)."},
	{ID: RuleOmittedRegion, Severity: diag.Warning, Doc: "An assignment, merge, link, copy or list that names an omitted region is ignored, with a warning."},
	{ID: RuleDuplicateRegion, Severity: diag.Error, Doc: "No two regions end up with the same id."},
	{ID: RuleNoRegions, Severity: diag.Error, Doc: "The edition keeps at least two regions."},
	{ID: RuleCutMisses, Severity: diag.Error, Doc: "A split's cut line crosses the region it splits."},
	{ID: RuleSplitPart, Severity: diag.Error, Doc: "Each part of a split has its point inside the region, in a piece of its own."},
	{ID: RuleRemoveMissing, Severity: diag.Warning, Doc: "A link the edition removes exists."},
	{ID: mapdata.RuleNameFallback, Severity: diag.Warning, Doc: "With --lang, every region has a name in that language (regions.translations); one without keeps its default name."},
	{ID: RuleAirOnlyOverride, Severity: diag.Warning, Doc: "Air-only regions are not given links, seas or rail lines: only planes reach them."},
	{ID: RuleBadFile, Severity: diag.Error, Doc: "Geometry files an edition names (seas, rails, cut lines) can be read and hold the right geometry."},
	{ID: RuleColorConflict, Severity: diag.Error, Doc: "Colour constraints can all hold: regions that must share a colour do not border each other."},
	{ID: RuleUnknownColor, Severity: diag.Error, Doc: "Assigned colours are in the palette, and the colour of the regions in no colour (rules.colorless.color) is not."},
	{ID: RuleSeaNoMatch, Severity: diag.Error, Doc: "A sea's geometry file has polygons matching the sea."},
	{ID: RuleSeaFew, Severity: diag.Warning, Doc: "A sea touches at least two regions, or its ships link nothing."},
	{ID: RuleShipUnknownSea, Severity: diag.Error, Doc: "Ship cards name a sea the edition defines, or the ship routes (transports.ship.routes) where the edition draws some; no sea is called routes."},
	{ID: RuleRailFew, Severity: diag.Warning, Doc: "A rail line or a ship route has at least two stops, or its trains or ships link nothing."},
	{ID: RuleTrainUnknown, Severity: diag.Error, Doc: "Train cards per line name a rail line the edition defines."},
	{ID: RuleUnsafeText, Severity: diag.Error, Doc: "Every id and name the pack would hold is one the pack schema accepts (no control characters, line breaks or bidi overrides; no ':' or ',' in an id; at most 64 characters for an id, 200 for a name): reported at its source, so lint refuses what build refuses."},
	{ID: RuleKindNames, Severity: diag.Error, Doc: "The kinds of transport card the deck deals go by different words (rules.transports): a plane the edition calls train and a train on a line would otherwise share the token train:LINE."},
	{ID: RuleTooManyCarLinks, Severity: diag.Error, Doc: "The car links list at most 1,000,000 middle regions in all (a region bordering hundreds of others makes one car link for every two of them): more is refused before it is built."},
	{ID: RuleRepaired, Severity: diag.Info, Doc: "A region's outline is valid as the borders file gives it; when it is not (a ring of zero area, a ring that touches itself), the board holds it repaired and this says what was done."},
}

// MaxCarVias bounds the car links of a pack: the middle regions they list,
// in all. A real map lists a few thousand (each region borders a handful);
// a million is a pack of tens of megabytes, past what lint reads.
const MaxCarVias = 1_000_000
