package derive

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

func findingsOf(fs []diag.Finding, rule string) []diag.Finding {
	var out []diag.Finding
	for _, f := range fs {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}

// The rules block goes into the pack as the pack says it, defaults left
// out: a default written out gives the pack of an edition that says
// nothing.
func TestRulesBlockIntoThePack(t *testing.T) {
	plain := build(t, "corners").Pack.Rules
	assert.Equal(t, mapdata.Rules{}, plain)
	said := build(t, "corners", "days: 3\n", "days: 3\nrules: {face_up: 3, start: seat-order, swap: false}\n").Pack.Rules
	assert.Equal(t, plain, said, "defaults written out are left out")

	res := build(t, "corners", "days: 3\n", `days: 3
rules:
  face_up: 5
  start: first-to-fill
  journey: {end_on_transport: true, days_by_players: {"2": 4}}
  transports:
    airplane: {id: train, name: Zug, pictogram: train}
    automobile: {id: bus}
`)
	require.Empty(t, errorsOf(res.Findings))
	r := res.Pack.Rules
	assert.Equal(t, 5, r.FaceUp)
	assert.Equal(t, mapdata.StartFirstToFill, r.Start)
	assert.Equal(t, &mapdata.JourneyRules{EndOnTransport: true, DaysByPlayers: map[string]int{"2": 4}}, r.Journey)
	assert.Equal(t, []mapdata.TransportKind{
		{Kind: mapdata.PlaneCard, ID: "train", Name: "Zug", Pictogram: "train"},
		{Kind: mapdata.CarCard, ID: "bus", Name: "Bus", Pictogram: "automobile"},
	}, r.Transports)
	var tokens []string
	for _, c := range res.Pack.Deck.Cards {
		if c.Kind != mapdata.RegionCard {
			tokens = append(tokens, c.Token)
		}
	}
	assert.Equal(t, []string{"train:blue", "train:red", "bus"}, tokens, "the cards go by the edition's words")
}

func TestTransportWordsMustDiffer(t *testing.T) {
	res := build(t, "corners", "days: 3\n", "days: 3\nrules: {transports: {airplane: {id: car}}}\n")
	f := findingsOf(res.Findings, RuleKindNames)
	require.Len(t, f, 1)
	assert.Equal(t, diag.Error, f[0].Severity)
	assert.Equal(t, `the plane cards and the car cards are both called "car": their tokens would be the same`, f[0].Message)
}

func TestShipRoutesAndTheirShips(t *testing.T) {
	res := build(t, "corners", "automobile: {count: 4}", `automobile: {count: 4}
  ship: {routes: 3}
ship_routes:
  diagonal: {stops: [Northwest, Southeast]}
  round: {name: Round the corner, stops: [NE, SW, Northwest, NE]}`,
		"expect: {region_cards: 4, transport_cards: 12}", "expect: {region_cards: 4, transport_cards: 15}")
	require.Empty(t, errorsOf(res.Findings))
	p := res.Pack
	assert.Equal(t, []mapdata.ShipRoute{
		{ID: "diagonal", Name: "Northwest – Southeast", Stops: []string{"NW", "SE"}},
		{ID: "round", Name: "Round the corner", Stops: []string{"NE", "SW", "NW"}}, // each stop once, in order
	}, p.ShipRoutes)
	var ship *mapdata.Card
	for i, c := range p.Deck.Cards {
		if c.Kind == mapdata.ShipCard {
			ship = &p.Deck.Cards[i]
		}
	}
	require.NotNil(t, ship)
	assert.Equal(t, mapdata.Card{Token: "ship", Kind: mapdata.ShipCard, Routes: true, Count: 3}, *ship)
	assert.Equal(t, []string{"ship cards of the routes sail only along the 2 ship routes drawn on the board"}, p.Departures())

	// Ships of the routes with no routes, a sea called routes, a stop
	// that is no region: each said where it is.
	res = build(t, "corners", "automobile: {count: 4}", "automobile: {count: 4}\n  ship: {routes: 3}")
	f := findingsOf(res.Findings, RuleShipUnknownSea)
	require.Len(t, f, 1)
	assert.Equal(t, "/transports/ship/routes", f[0].Position.Pointer)
	res = build(t, "corners", "automobile: {count: 4}", "automobile: {count: 4}\nship_routes:\n  r: {stops: [Northwest, Nowhere]}")
	f = findingsOf(res.Findings, RuleUnknownRegion)
	require.Len(t, f, 1)
	assert.Equal(t, "/ship_routes/r/stops/1", f[0].Position.Pointer)
	assert.Len(t, findingsOf(res.Findings, RuleRailFew), 1, "a route of one stop joins nothing")
}

func TestColorlessRegions(t *testing.T) {
	res := build(t, "corners", "days: 3\n", "days: 3\nrules: {colorless: {regions: [Northwest], planes: other-end}}\n")
	require.Empty(t, errorsOf(res.Findings))
	p := res.Pack
	assert.Equal(t, &mapdata.ColorlessRules{Color: "none", Planes: mapdata.ColorlessOtherEnd}, p.Rules.Colorless)
	assert.Equal(t, "none", p.Region("NW").Color)
	for _, id := range []string{"NE", "SW", "SE"} {
		assert.NotEqual(t, "none", p.Region(id).Color, id)
	}
	var names []string
	for _, c := range p.Colors {
		names = append(names, c.ID+" "+c.Name)
	}
	assert.Equal(t, []string{"blue Blue", "none No colour", "red Red"}, names)
	for _, c := range p.Deck.Cards {
		assert.NotEqual(t, "none", c.Color, "no plane of no colour")
	}
	// The default: no plane reaches it; its colour may not be a palette's.
	res = build(t, "corners", "days: 3\n", "days: 3\nrules: {colorless: {regions: [Northwest], color: red}}\n")
	f := findingsOf(res.Findings, RuleUnknownColor)
	require.Len(t, f, 1)
	assert.Contains(t, f[0].Message, `carry colour "red", which is in the palette`)
}
