package pipeline

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// editionOrigins orders the rules of an edition without SOURCES.md.
var editionOrigins = []string{FromBase, FromEdition}

// fromEdition lists the rules of an edition that has no SOURCES.md: the
// base game's rules for its kind (those of its transports only), citing
// the rulebooks by game and section, then every rule its edition.yaml
// sets, in the file's order, each at its line.
func (r *Rules) fromEdition(src *Folder, doc *mapdata.Doc) (*Rules, error) {
	r.File = doc.File
	own := ownRules{doc: doc}
	switch src.Kind {
	case mapdata.KindCombined:
		ed, err := mapdata.DecodeCombinedEdition(doc.File, src.Text)
		if err != nil {
			return nil, err
		}
		r.Rules = append(baseRegionRules(true, true, true, true, true, true), combinedOwnRules(&own, ed.Edition)...)
	case mapdata.KindNetwork:
		if _, err := mapdata.DecodeNetworkEdition(doc.File, src.Text); err != nil {
			return nil, err
		}
		r.Rules = append([]mapdata.RuleEntry{baseRule("the game of Across the United States: laying routes, buying shares, the public offering, replenishing, scoring",
			`Across the United States rulebook, "Flow of a Turn", "Game End and Scoring"`)}, networkOwnRules(&own)...)
	default:
		ed, err := mapdata.DecodeEdition(doc.File, src.Text)
		if err != nil {
			return nil, err
		}
		e := ed.Edition
		t := e.Transports
		r.Rules = append(baseRegionRules(t.Airplane != nil, t.Automobile != nil, len(t.Ship) > 0, t.Train != nil,
			len(e.AirOnly) > 0, len(e.Copies) > 0), regionOwnRules(&own, e)...)
	}
	r.Counts = map[string]int{FromBase: 0, FromEdition: 0}
	for _, e := range r.Rules {
		r.Counts[e.Status]++
	}
	return r, nil
}

// baseRegionRules are the rules every 10 Days edition is played by, as the
// boxes' rulebooks state them: a transport's rule only when the deck holds
// that transport.
func baseRegionRules(planes, cars, ships, trains, airOnly, doubles bool) []mapdata.RuleEntry {
	base := baseRule
	out := []mapdata.RuleEntry{
		base("a journey fills every day of the holder: the first and last cards are regions, each region connects to the next (by foot, or by the transport card between them), two transports side by side connect nothing",
			`10 Days rulebooks, "Completing a 10-Day Journey"`),
		base("walking joins two regions that share a border; a point is not a border; a bridge or ferry on the map counts as a border",
			`10 Days in the USA, "Connecting by Foot", "Travel Advisories"; 10 Days in Europe, "Connecting by Foot"`),
	}
	if cars {
		out = append(out, base("a car drives from one region to another through a third that borders both (by land: a bridge or ferry counts for cars only where the edition's transports.automobile.through lists it)",
			`10 Days in the USA and in Africa, "Connecting by Automobile"`))
	}
	if planes {
		out = append(out, base("a plane joins two regions of its colour",
			`10 Days in the USA and in Europe, "Connecting by Airplane"`))
	}
	if airOnly {
		out = append(out, base("a region reached only by plane takes the plane of the colour at the other end; any plane joins two such regions",
			`10 Days in the USA, "Making Connections to Alaska and Hawaii"`))
	}
	if ships {
		out = append(out, base("a ship joins two regions on the sea named on it",
			`10 Days in Europe and in Asia, "Connecting by Ship"`))
	}
	if trains {
		out = append(out, base("a train joins two regions on one rail line",
			`10 Days in Asia, "Connecting by Rail"`))
	}
	if doubles {
		out = append(out, base("two cards of one region may both be in a journey, never side by side",
			`10 Days in Europe and in Africa, "Completing a 10 Day Journey"`))
	}
	return append(out, base("filling the holders, the draw pile and three discard piles, a turn (draw or take a discard's top, then replace a card or discard it), an empty discard pile filled first, reshuffling all discards but the tops, the win at the end of a turn",
		`10 Days in the USA, "Getting Started", "A Player's Turn", "Winning the Game"`))
}

// baseRule is one of the base game's rules with the rulebook section that
// states it.
func baseRule(rule, source string) mapdata.RuleEntry {
	return mapdata.RuleEntry{Rule: rule, Status: FromBase, Source: source}
}

// ownRules collects an edition's own rules, each at the line of the
// setting that makes it.
type ownRules struct {
	doc   *mapdata.Doc
	rules []mapdata.RuleEntry
}

// add lists a rule set at pointer; why, when given, follows the place.
func (o *ownRules) add(pointer, why, format string, args ...any) {
	if !o.doc.Has(pointer) {
		return
	}
	at := o.doc.Position(pointer)
	source := fmt.Sprintf("%s:%d", at.File, at.Line)
	if why != "" {
		source += ": " + why
	}
	o.rules = append(o.rules, mapdata.RuleEntry{Rule: fmt.Sprintf(format, args...), Status: FromEdition, Source: source, Line: at.Line})
}

// sorted gives the rules in the file's order.
func (o *ownRules) sorted() []mapdata.RuleEntry {
	slices.SortStableFunc(o.rules, func(a, b mapdata.RuleEntry) int { return a.Line - b.Line })
	return o.rules
}

func regionOwnRules(o *ownRules, e *mapdata.Edition) []mapdata.RuleEntry {
	o.add("/days", "", "a journey of %d days", e.Days)
	if e.Rules.Swap {
		o.add("/rules/swap", "", "the swap action (swap two cards of the holder instead of drawing)")
	}
	if len(e.Regions.Omit) > 0 {
		o.add("/regions/omit", "", "not on the board: %s", strings.Join(e.Regions.Omit, ", "))
	}
	for _, kept := range slices.Sorted(maps.Keys(e.Regions.Merge)) {
		o.add("/regions/merge/"+kept, "", "%s is one region with %s", kept, strings.Join(e.Regions.Merge[kept], ", "))
	}
	for _, whole := range slices.Sorted(maps.Keys(e.Regions.Split)) {
		o.add("/regions/split/"+whole, "", "%s is split into %s", whole, strings.Join(slices.Sorted(maps.Keys(e.Regions.Split[whole].Parts)), ", "))
	}
	if len(e.AirOnly) > 0 {
		o.add("/air_only", "", "reached only by plane: %s", strings.Join(e.AirOnly, ", "))
	}
	if len(e.Colors.Palette) > 0 {
		o.add("/colors/palette", "", "the colours: %s", strings.Join(e.Colors.Palette, ", "))
	}
	for i, same := range e.Colors.Same {
		o.add(fmt.Sprintf("/colors/same/%d", i), "", "one colour for %s", strings.Join(same, " and "))
	}
	for _, region := range slices.Sorted(maps.Keys(e.Copies)) {
		o.add("/copies/"+region, "", "%d cards of %s", e.Copies[region], region)
	}
	for i, l := range e.Links.Add {
		o.add(fmt.Sprintf("/links/add/%d", i), l.Why, "%s and %s joined by a %s", l.A, l.B, cmp.Or(l.Kind, string(mapdata.Ferry)))
	}
	for i, l := range e.Links.Remove {
		o.add(fmt.Sprintf("/links/remove/%d", i), l.Why, "%s and %s not joined (no %s link)", l.A, l.B, cmp.Or(l.Kind, string(mapdata.Border)))
	}
	t := e.Transports
	if t.Airplane != nil {
		o.add("/transports/airplane", "", "%d planes of each colour", t.Airplane.PerColor)
	}
	if t.Automobile != nil {
		o.add("/transports/automobile", "", "%d cars", t.Automobile.Count)
		if len(t.Automobile.Through) > 0 {
			o.add("/transports/automobile/through", "", "a car's third region borders both ends by: %s (automobile.through)", strings.Join(t.Automobile.Through, ", "))
		}
	}
	for _, sea := range slices.Sorted(maps.Keys(t.Ship)) {
		o.add("/transports/ship/"+sea, "", "%d ships on %s", t.Ship[sea], sea)
	}
	if t.Train != nil {
		o.add("/transports/train", "", "train cards (%d, and per line: %d lines)", t.Train.Count, len(t.Train.PerLine))
	}
	for _, id := range slices.Sorted(maps.Keys(e.Seas)) {
		sea := e.Seas[id]
		o.add("/seas/"+id, "", "the sea %s (ship:%s): the regions on its coasts", sea.Name, id)
		if len(sea.Connects) > 0 {
			o.add("/seas/"+id+"/connects", "", "%s joins %s: two ships side by side when their seas join", sea.Name, strings.Join(sea.Connects, ", "))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(e.Rails)) {
		o.add("/rails/"+id, "", "the rail line %s (train:%s)", e.Rails[id].Name, id)
	}
	return o.sorted()
}

func combinedOwnRules(o *ownRules, e *mapdata.CombinedEdition) []mapdata.RuleEntry {
	o.add("/members", "", "the maps of %s, each built as on its own", strings.Join(e.Members, ", "))
	o.add("/days", "", "a journey of %d days", e.Days)
	o.add("/piles", "", "%d draw piles and %d face-up piles", e.Piles.Draw, e.Piles.FaceUp)
	if e.Win == mapdata.WinEveryMap {
		o.add("/win", "", "a journey holds a region of every map")
	}
	o.add("/planes", "", "planes: %s", e.Planes)
	for i, same := range e.Same {
		o.add(fmt.Sprintf("/same/%d", i), "", "%s are one place", strings.Join(same, " and "))
	}
	for i, l := range e.Links {
		o.add(fmt.Sprintf("/links/%d", i), l.Why, "%s and %s joined by a %s", l.A, l.B, cmp.Or(l.Kind, string(mapdata.Ferry)))
	}
	for i, sea := range e.Seas {
		o.add(fmt.Sprintf("/seas/%d", i), sea.Why, "%s is one sea of %s", sea.Name, strings.Join(sea.Of, ", "))
	}
	return o.sorted()
}

// networkOwnRules lists each setting of a network edition that rules play.
func networkOwnRules(o *ownRules) []mapdata.RuleEntry {
	for _, key := range []string{"routes", "companies", "commodities", "tokens", "gold", "players", "rules", "tickets"} {
		o.add("/"+key, "", "its %s", key)
	}
	return o.sorted()
}
