package derive

import (
	"fmt"
	"maps"
	"slices"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// playRules is the pack's rules from the edition's rules block: the
// switches as given (a default written out is left out of the pack, so the
// pack of an edition that says "face_up: 3" is the pack of one that says
// nothing), the colour of the regions in no colour, and the transports under
// their own names. Names that clash are reported at their place.
func (b *builder) playRules() mapdata.Rules {
	out := b.ed.Rules.PackRules()
	b.checkKindWords(out)
	return out
}

// checkKindWords refuses two kinds of transport card the deck deals under
// one word: their tokens would be one (train:red for a plane named train
// and for a train on a line named red).
func (b *builder) checkKindWords(r mapdata.Rules) {
	t := b.ed.Transports
	dealt := map[mapdata.CardKind]bool{mapdata.PlaneCard: t.Airplane != nil, mapdata.CarCard: t.Automobile != nil,
		mapdata.ShipCard: len(t.Ship) > 0, mapdata.TrainCard: t.Train != nil}
	seen := map[string]mapdata.CardKind{}
	for _, kind := range []mapdata.CardKind{mapdata.PlaneCard, mapdata.CarCard, mapdata.ShipCard, mapdata.TrainCard} {
		if !dealt[kind] {
			continue
		}
		word := r.Kind(kind).ID
		if other, dup := seen[word]; dup {
			b.report(RuleKindNames, diag.Error, "/rules/transports", "give each kind of transport card its own id",
				"the %s cards and the %s cards are both called %q: their tokens would be the same", other, kind, word)
			continue
		}
		seen[word] = kind
	}
}

// colorlessColor is the colour id of the regions in no colour.
func (b *builder) colorlessColor() string { return b.ed.Rules.ColorlessColor() }

// markColorless finds the regions in no colour (rules.colorless.regions):
// the colour balancer passes them over, and they carry the colorless colour.
func (b *builder) markColorless() map[int]bool {
	out := map[int]bool{}
	c := b.ed.Rules.Colorless
	if c == nil {
		return out
	}
	if slices.Contains(b.ed.Colors.Palette, b.colorlessColor()) {
		b.report(RuleUnknownColor, diag.Error, "/rules/colorless", "name another colour for them (rules.colorless.color)",
			"regions in no colour carry colour %q, which is in the palette", b.colorlessColor())
	}
	for k, name := range c.Regions {
		at := ptr("rules", "colorless", "regions", k)
		i, ok := b.region(name, at)
		if !ok {
			continue
		}
		if b.airOnly[i] {
			b.report(RuleAirOnlyOverride, diag.Warning, at, "an air-only region keeps the air-only colour", "%s is air-only and keeps colour %s", name, b.airOnlyColor())
			continue
		}
		out[i] = true
	}
	return out
}

// findShipRoutes resolves the stops of the ship routes (ship_routes): a
// route keeps its stops in order, each once; an air-only stop is left off,
// with a warning, and a route of fewer than two stops joins nothing.
func (b *builder) findShipRoutes() error {
	if _, ok := b.ed.Seas[mapdata.ShipRoutes]; ok {
		b.report(RuleShipUnknownSea, diag.Error, ptr("seas", mapdata.ShipRoutes), "give the sea another id",
			"a sea may not be called %q: transports.ship.%s deals ships of the ship routes", mapdata.ShipRoutes, mapdata.ShipRoutes)
	}
	if n, ok := b.ed.Transports.Ship[mapdata.ShipRoutes]; ok && n > 0 && len(b.ed.ShipRoutes) == 0 {
		b.report(RuleShipUnknownSea, diag.Error, ptr("transports", "ship", mapdata.ShipRoutes), "list the routes under ship_routes:",
			"ship cards of the ship routes, but the edition draws no ship route")
	}
	for _, id := range slices.Sorted(maps.Keys(b.ed.ShipRoutes)) {
		var regions []int
		for k, name := range b.ed.ShipRoutes[id].Stops {
			if r, ok := b.region(name, ptr("ship_routes", id, "stops", k)); ok {
				regions = append(regions, r)
			}
		}
		stops := b.lineStops(regions, ptr("ship_routes", id), "ship route "+id, "ships")
		b.shipRoutes = append(b.shipRoutes, mapdata.ShipRoute{ID: id, Name: b.routeName(id, stops), Stops: stops})
	}
	return nil
}

// routeName is a route's name: the edition's, or its ends' names ("Norway –
// Scotland").
func (b *builder) routeName(id string, stops []string) string {
	if n := b.ed.ShipRoutes[id].Name; n != "" {
		return n
	}
	if len(stops) < 2 {
		return id
	}
	name := func(rid string) string { return b.regions[b.byID[rid]].name }
	return fmt.Sprintf("%s – %s", name(stops[0]), name(stops[len(stops)-1]))
}
