// Package engine is the rules of the 10 Days games over a pack: a pack
// compiled once into an indexed Board, journey checking with reasons a player
// can read (Check, Verdict), a journey-progress measure for bots, and exact
// journey counting (Count).
//
// The rules that differ between boxes (the pack's rules: face-up piles, a
// journey that may start or end on a transport, regions in no colour, the
// transports under the edition's own words; its ship routes) are read from
// the pack Compile is given and kept in the Board: no rule is global.
//
// It reads packs only (mapdata.Pack), never geometry, and it never prints.
// The turn flow of a game is in engine/game, the bots in engine/bot and the
// many-games simulation in engine/sim.
package engine
