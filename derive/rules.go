package derive

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
)

// MaxCarVias bounds the car links of a pack: the middle regions they list,
// in all. A real map lists a few thousand (each region borders a handful);
// a million is a pack of tens of megabytes, past what lint reads.
const MaxCarVias = 1_000_000
