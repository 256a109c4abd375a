// Package mapdata holds the domain types of tendays and their files: the
// Edition a designer writes (edition.yaml), the Pack that build derives from it
// (<id>.pack.json), their regions, links, cards and deck, the rules of play
// as data with their defaults (rules.go), card-token parsing,
// loading with errors that name the file and line:column, and canonical
// writing (the same pack always gives the same bytes).
//
// It does not derive anything from geometry (see derive), judge a pack (see
// lint) or play it (see engine). Types are plain structs that tests can write
// as literals.
package mapdata
