package borders

import "github.com/tendays/tendays/diag"

// Rules describes every rule this package reports, for lint's registry,
// its configuration and SARIF. A finding may carry a severity other than
// its rule's default (a position that cannot be read at all is an error).
var Rules = []diag.RuleInfo{
	{ID: RuleUnclosedRing, Severity: diag.Warning, Doc: "Every ring ends where it starts (RFC 7946 §3.1.6); an open ring is closed."},
	{ID: RuleShortRing, Severity: diag.Warning, Doc: "Every ring has at least three distinct positions and every position a longitude and a latitude; what has not is dropped."},
	{ID: RuleNonFinite, Severity: diag.Error, Doc: "Every coordinate is a finite number (no NaN, no infinity)."},
	{ID: RuleOutOfRange, Severity: diag.Warning, Doc: "Longitudes are within [-180, 180] and latitudes within [-90, 90]."},
	{ID: RuleDuplicateID, Severity: diag.Error, Doc: "No two features share an id (the --id property, or the feature's id)."},
	{ID: RuleMissingID, Severity: diag.Warning, Doc: "Every feature has an id (the --id property, or the feature's id); one without is named after its place in the file."},
	{ID: RuleNotPolygon, Severity: diag.Warning, Doc: "Every feature is a Polygon or a MultiPolygon; other geometries are skipped."},
	{ID: RuleNullGeometry, Severity: diag.Warning, Doc: "Every feature has a geometry; a feature without one is skipped."},
	{ID: RuleEmpty, Severity: diag.Warning, Doc: "A feature keeps at least one polygon once its bad rings are dropped; an empty one is skipped."},
	{ID: RuleWinding, Severity: diag.Warning, Doc: "Exterior rings are counterclockwise and holes clockwise, as RFC 7946 §3.1.6 asks."},
	{ID: RuleExtraNumbers, Severity: diag.Warning, Doc: "A position has at most three numbers (longitude, latitude, elevation); the rest are ignored."},
	{ID: RuleAntimeridian, Severity: diag.Info, Doc: "A polygon crossing the antimeridian is cut at ±180° (RFC 7946 §3.1.9)."},
	{ID: RuleUnclosedArcs, Severity: diag.Warning, Doc: "The arcs of a TopoJSON ring join end to start."},
	{ID: RuleSelfCrossing, Severity: diag.Warning, Doc: "No ring crosses itself; a self-crossing ring gives wrong areas and borders."},
}
