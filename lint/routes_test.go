package lint

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tendays/tendays/mapdata"
)

func goodNetwork() *mapdata.NetworkPack {
	st := func(id string, n int, lon, lat float64, region string) mapdata.Station {
		return mapdata.Station{ID: id, Number: n, Name: id, Point: [2]float64{lon, lat}, Region: region, Space: true}
	}
	four := 4
	return &mapdata.NetworkPack{
		Kind:        mapdata.KindNetwork,
		Rules:       mapdata.DefaultNetworkRules(),
		Stations:    []mapdata.Station{st("a", 1, 0, 0, "w"), st("b", 2, 1, 0, "w"), st("c", 3, 1, 1, "e"), st("d", 4, 0, 1, "e")},
		Routes:      []mapdata.Route{{A: "a", B: "b"}, {A: "b", B: "c"}, {A: "c", B: "d"}, {A: "a", B: "d"}},
		Tokens:      []mapdata.TokenCount{{Kind: mapdata.TokenHome, Company: "X", Count: 1}, {Kind: mapdata.TokenMoney, Count: 2}, {Kind: mapdata.TokenCommodity, Commodity: "grain", Count: 1}},
		Companies:   []mapdata.Company{{ID: "X", Name: "X", Color: "red", Hex: "#ff0000", Cards: 12}},
		Commodities: []mapdata.Commodity{{ID: "grain", Name: "Grain"}},
		Setups:      []mapdata.PlayerSetup{{Players: 2, Rounds: 2, RanksScored: 1, Removed: []mapdata.CompanyCount{}}},
		Passenger:   []mapdata.PassengerTicket{{ID: "P1", A: "a", B: "c", Points: 3}, {ID: "P2", A: "b", B: "d", Points: 3}},
		Freight:     []mapdata.FreightTicket{{ID: "F1", Commodities: []string{"grain"}, Points: 2}},
		Expect:      &mapdata.NetworkExpect{Stations: &four},
	}
}

func networkFindings(p *mapdata.NetworkPack) map[string][]string {
	out := map[string][]string{}
	for _, f := range check(&Target{File: "n.pack.json", Pack: p}) {
		out[f.Rule] = append(out[f.Rule], f.Pointer+" "+f.Message)
	}
	return out
}

func TestNetworkRulesClean(t *testing.T) {
	assert.Empty(t, networkFindings(goodNetwork()))
}

func TestNetworkRules(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(p *mapdata.NetworkPack)
		rule  string
		where string
	}{
		{"route to a missing station", func(p *mapdata.NetworkPack) { p.Routes[1].B = "z" }, RuleNetUnknownStation, "/routes/1/b"},
		{"crossing routes", func(p *mapdata.NetworkPack) {
			p.Routes = append(p.Routes, mapdata.Route{A: "a", B: "c"}, mapdata.Route{A: "b", B: "d"})
		}, RuleNetCross, "/routes/5"},
		{"a station without a route", func(p *mapdata.NetworkPack) {
			p.Stations = append(p.Stations, mapdata.Station{ID: "e", Number: 5, Name: "e", Space: false})
		}, RuleNetUnconnected, "/stations/4"},
		{"two networks", func(p *mapdata.NetworkPack) {
			p.Stations = append(p.Stations, mapdata.Station{ID: "e", Number: 5, Name: "e", Point: [2]float64{5, 5}}, mapdata.Station{ID: "f", Number: 6, Name: "f", Point: [2]float64{6, 5}})
			p.Routes = append(p.Routes, mapdata.Route{A: "e", B: "f"})
		}, RuleNetDisconnected, "/stations/4"},
		{"a token mix too large", func(p *mapdata.NetworkPack) { p.Tokens[1].Count = 3 }, RuleNetTokenMix, "/tokens"},
		{"a company without a home", func(p *mapdata.NetworkPack) {
			p.Companies = append(p.Companies, mapdata.Company{ID: "Y", Cards: 0})
		}, RuleNetHome, "/companies/1"},
		{"a ticket naming a missing station", func(p *mapdata.NetworkPack) { p.Passenger[0].B = "zz" }, RuleNetTicketStation, "/passengerTickets/0/b"},
		{"a region no ticket reaches", func(p *mapdata.NetworkPack) {
			p.Passenger[1].B = "a"
			p.Stations[3].Region = "n"
		}, RuleNetTicketRegions, "/stations/3/region"},
		{"freight naming a missing commodity", func(p *mapdata.NetworkPack) { p.Freight[0].Commodities[0] = "oil" }, RuleNetCommodity, "/freightTickets/0/commodities/0"},
		{"deck sizes against expect", func(p *mapdata.NetworkPack) {
			n := 24
			p.Expect.PassengerTickets = &n
		}, RuleNetExpect, "/passengerTickets"},
		{"a setup that does not deal out", func(p *mapdata.NetworkPack) { p.Setups[0].Rounds = 3 }, RuleNetSetup, "/setups/0"},
		{"duplicate station numbers", func(p *mapdata.NetworkPack) { p.Stations[1].Number = 1 }, RuleNetDuplicate, "/stations/1/number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := goodNetwork()
			tc.edit(p)
			got := networkFindings(p)
			if assert.Contains(t, got, tc.rule, "%v", got) {
				assert.Contains(t, got[tc.rule][0], tc.where+" ")
			}
		})
	}
}

func TestNetworkRulesDoNotRunOnRegions(t *testing.T) {
	for _, r := range networkRules {
		reg, ok := own.Lookup(r.ID)
		assert.True(t, ok, r.ID)
		assert.Equal(t, KindNetwork, reg.Kind, r.ID)
	}
	// A regions pack is never given to a network rule: the mini pack has
	// no stations, which every network rule would report.
	for _, f := range check(&Target{File: "mini.pack.json", Pack: miniPack(t)}) {
		r, _ := own.Lookup(f.Rule)
		assert.NotEqual(t, KindNetwork, r.Kind, f.String())
	}
}
