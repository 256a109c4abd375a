package lint

import "github.com/tendays/tendays/diag"

// The rules below are reported by the packages that read and derive
// (derive, derive/borders, derive/network), each under an id that package
// declares beside the code that reports it. Their descriptions live here,
// in lint's one explicit list: lint and derive are siblings that never
// import each other, and TestEveryEmittedRuleIsRegistered fails when an
// id reported there is missing here, or one listed here is reported
// nowhere.

// bordersRules are the rules reported by derive/borders while it reads a GeoJSON or TopoJSON file.
var bordersRules = []diag.RuleInfo{
	{ID: "borders/unclosed-ring", Severity: diag.Warning, Doc: "Every ring ends where it starts (RFC 7946 §3.1.6); an open ring is closed."},
	{ID: "borders/short-ring", Severity: diag.Warning, Doc: "Every ring has at least three distinct positions and every position a longitude and a latitude; what has not is dropped."},
	{ID: "borders/non-finite", Severity: diag.Error, Doc: "Every coordinate is a finite number (no NaN, no infinity)."},
	{ID: "borders/out-of-range", Severity: diag.Warning, Doc: "Longitudes are within [-180, 180] and latitudes within [-90, 90]."},
	{ID: "borders/duplicate-id", Severity: diag.Error, Doc: "No two features share an id (the --id property, or the feature's id)."},
	{ID: "borders/missing-id", Severity: diag.Warning, Doc: "Every feature has an id (the --id property, or the feature's id); one without is named after its place in the file."},
	{ID: "borders/not-polygon", Severity: diag.Warning, Doc: "Every feature is a Polygon or a MultiPolygon; other geometries are skipped."},
	{ID: "borders/null-geometry", Severity: diag.Warning, Doc: "Every feature has a geometry; a feature without one is skipped."},
	{ID: "borders/empty-geometry", Severity: diag.Warning, Doc: "A feature keeps at least one polygon once its bad rings are dropped; an empty one is skipped."},
	{ID: "borders/winding", Severity: diag.Warning, Doc: "Exterior rings are counterclockwise and holes clockwise, as RFC 7946 §3.1.6 asks."},
	{ID: "borders/extra-numbers", Severity: diag.Warning, Doc: "A position has at most three numbers (longitude, latitude, elevation); the rest are ignored."},
	{ID: "borders/antimeridian-cut", Severity: diag.Info, Doc: "A polygon crossing the antimeridian is cut at ±180° (RFC 7946 §3.1.9)."},
	{ID: "borders/arcs-not-joined", Severity: diag.Warning, Doc: "The arcs of a TopoJSON ring join end to start."},
	{ID: "borders/self-crossing", Severity: diag.Warning, Doc: "No ring crosses itself; a self-crossing ring gives wrong areas and borders."},
}

// editionRules are the rules reported by derive while it derives a regions edition's pack.
var editionRules = []diag.RuleInfo{
	{ID: "edition/unknown-region", Severity: diag.Error, Doc: "Every region an edition names (omit, merge, split, links, seas, rails, colours, copies, air_only) exists in the borders data."},
	{ID: "edition/merge-conflict", Severity: diag.Error, Doc: "Each merged region is merged into one region that is kept as it is (not itself merged, omitted or split)."},
	{ID: "edition/omitted-region", Severity: diag.Warning, Doc: "An assignment, merge, link, copy or list that names an omitted region is ignored, with a warning."},
	{ID: "edition/duplicate-region", Severity: diag.Error, Doc: "No two regions end up with the same id."},
	{ID: "edition/no-regions", Severity: diag.Error, Doc: "The edition keeps at least two regions."},
	{ID: "edition/cut-misses", Severity: diag.Error, Doc: "A split's cut line crosses the region it splits."},
	{ID: "edition/split-part", Severity: diag.Error, Doc: "Each part of a split has its point inside the region, in a piece of its own."},
	{ID: "edition/remove-missing", Severity: diag.Warning, Doc: "A link the edition removes exists."},
	{ID: "edition/air-only-override", Severity: diag.Warning, Doc: "Air-only regions are not given links, seas or rail lines: only planes reach them."},
	{ID: "edition/bad-file", Severity: diag.Error, Doc: "Geometry files an edition names (seas, rails, cut lines) can be read and hold the right geometry."},
	{ID: "colors/conflict", Severity: diag.Error, Doc: "Colour constraints can all hold: regions that must share a colour do not border each other."},
	{ID: "colors/unknown", Severity: diag.Error, Doc: "Assigned colours are in the palette."},
	{ID: "seas/no-match", Severity: diag.Error, Doc: "A sea's geometry file has polygons matching the sea."},
	{ID: "seas/few-regions", Severity: diag.Warning, Doc: "A sea touches at least two regions, or its ships link nothing."},
	{ID: "deck/unknown-sea", Severity: diag.Error, Doc: "Ship cards name a sea the edition defines."},
	{ID: "rails/few-stops", Severity: diag.Warning, Doc: "A rail line has at least two stops, or its trains link nothing."},
	{ID: "deck/unknown-rail", Severity: diag.Error, Doc: "Train cards per line name a rail line the edition defines."},
	{ID: "edition/unsafe-text", Severity: diag.Error, Doc: "Every id and name the pack would hold is one the pack schema accepts (no control characters, line breaks or bidi overrides; no ':' or ',' in an id; at most 64 characters for an id, 200 for a name): reported at its source, so lint refuses what build refuses."},
	{ID: "adjacency/crowded", Severity: diag.Error, Doc: "No more than 16 regions share one border segment or one point (polygons stacked or repeated): no neighbours are counted at such a place, so the work stays linear in the data."},
	{ID: "adjacency/unfinished", Severity: diag.Error, Doc: "The tolerance pass finishes within its work bound (256 segment tests per segment): a tolerance that puts every boundary within reach of every other is refused."},
	{ID: "links/too-many-car-links", Severity: diag.Error, Doc: "The car links list at most 1,000,000 middle regions in all (a region bordering hundreds of others makes one car link for every two of them): more is refused before it is built."},
	{ID: "edition/outline-repaired", Severity: diag.Info, Doc: "A region's outline is valid as the borders file gives it; when it is not (a ring of zero area, a ring that touches itself), the board holds it repaired and this says what was done."},
}

// networkEditionRules are the rules reported by derive/network while it builds a route-network edition's pack.
var networkEditionRules = []diag.RuleInfo{
	{ID: "network/unknown-station", Severity: diag.Error, Doc: "Every station an edition names (routes, numbering, omit, tickets) is a station of the stations file."},
	{ID: "network/station-point", Severity: diag.Error, Doc: "Every feature of the stations file is a Point with a longitude and a latitude."},
	{ID: "network/station-name", Severity: diag.Error, Doc: "Every station has a name (the stations.name property), and no two stations share a name or an id."},
	{ID: "network/numbering", Severity: diag.Error, Doc: "The numbering gives every station one number: a list names each station once, a property holds distinct positive integers."},
	{ID: "network/remove-missing", Severity: diag.Warning, Doc: "A route the edition removes exists."},
	{ID: "network/unknown-company", Severity: diag.Error, Doc: "Companies named by player setups are companies of the edition."},
	{ID: "network/unknown-commodity", Severity: diag.Error, Doc: "Commodities named by the token mix and by freight tickets are commodities of the edition."},
	{ID: "network/tickets-short", Severity: diag.Error, Doc: "There are enough station pairs and commodity combinations to deal the ticket decks the edition asks for."},
}
