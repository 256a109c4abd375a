package route

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

func loadBoard(t testing.TB) *Board {
	t.Helper()
	pd, err := mapdata.ReadNetworkPack("testdata/across-the-us.pack.json", 0)
	require.NoError(t, err)
	b, err := Compile(pd.Pack)
	require.NoError(t, err)
	return b
}

// tinyPack is a square of stations a-b-c-d-a with a diagonal a-c, two
// companies (X home at a, Y home at d once placed by the test), and two
// commodities.
func tinyPack() *mapdata.NetworkPack {
	st := func(id string, n int, lon, lat float64) mapdata.Station {
		return mapdata.Station{ID: id, Number: n, Name: id, Point: [2]float64{lon, lat}, Space: true}
	}
	p := &mapdata.NetworkPack{
		Kind:     mapdata.KindNetwork,
		Edition:  mapdata.NetworkInfo{ID: "tiny", Name: "Tiny"},
		Rules:    mapdata.DefaultNetworkRules(),
		Stations: []mapdata.Station{st("a", 1, 0, 0), st("b", 2, 1, 0), st("c", 3, 1, 1), st("d", 4, 0, 1), st("e", 5, 2, 1)},
		Routes: []mapdata.Route{{A: "a", B: "b", LengthKm: 100}, {A: "b", B: "c", LengthKm: 100}, {A: "c", B: "d", LengthKm: 100},
			{A: "a", B: "d", LengthKm: 100}, {A: "a", B: "c", LengthKm: 140}, {A: "c", B: "e", LengthKm: 100}},
		Tokens: []mapdata.TokenCount{{Kind: mapdata.TokenHome, Company: "X", Count: 1}, {Kind: mapdata.TokenHome, Company: "Y", Count: 1},
			{Kind: mapdata.TokenMoney, Count: 1}, {Kind: mapdata.TokenTicket, Count: 1}, {Kind: mapdata.TokenCommodity, Commodity: "grain", Count: 1}},
		Companies:   []mapdata.Company{{ID: "X", Name: "X", Color: "red", Hex: "#ff0000", Cards: 10}, {ID: "Y", Name: "Y", Color: "blue", Hex: "#0000ff", Cards: 10}},
		Commodities: []mapdata.Commodity{{ID: "grain", Name: "Grain"}, {ID: "iron", Name: "Iron"}},
		Gold:        []mapdata.GoldCount{{Points: 1, Count: 2}, {Points: 3, Count: 1}},
		Setups:      []mapdata.PlayerSetup{{Players: 2, Rounds: 3, RanksScored: 1, Removed: []mapdata.CompanyCount{{Company: "X", Count: 2}, {Company: "Y", Count: 2}}}},
		Passenger:   []mapdata.PassengerTicket{{ID: "P1", A: "b", B: "d", Points: 5}, {ID: "P2", A: "a", B: "e", Points: 4}},
		Freight:     []mapdata.FreightTicket{{ID: "F1", Commodities: []string{"grain", "grain", "iron"}, Points: 6}},
	}
	return p
}

// tinyGame sets up the tiny pack with the tokens where the test wants them:
// a home X, b money, c ticket, d home Y, e commodity (grain).
func tinyGame(t *testing.T) *Game {
	t.Helper()
	b, err := Compile(tinyPack())
	require.NoError(t, err)
	g, err := NewGame(b, 2, 7)
	require.NoError(t, err)
	g.Station = []Token{
		{Kind: mapdata.TokenHome, Company: 0, Commodity: -1},
		{Kind: mapdata.TokenMoney, Company: -1, Commodity: -1},
		{Kind: mapdata.TokenTicket, Company: -1, Commodity: -1},
		{Kind: mapdata.TokenHome, Company: 1, Commodity: -1},
		{Kind: mapdata.TokenCommodity, Company: -1, Commodity: 0},
	}
	for c := range g.Reach {
		clear(g.Reach[c])
	}
	g.Reach[0][0], g.Reach[1][3] = true, true
	require.NoError(t, g.Check())
	return g
}

// route finds a route's index by its ends.
func route(g *Game, a, b string) int {
	p := g.B.Pack
	ia, ib := p.Station(a), p.Station(b)
	for r, e := range g.B.Routes {
		if (e[0] == ia && e[1] == ib) || (e[0] == ib && e[1] == ia) {
			return r
		}
	}
	panic("no route " + a + "-" + b)
}

func hand(g *Game, seat int, cards ...int) {
	p := &g.Players[seat]
	for c := range p.Hand {
		g.Deck = append(g.Deck, make([]int, p.Hand[c])...) // back to the deck (company 0 placeholders fixed below)
		for i := len(g.Deck) - p.Hand[c]; i < len(g.Deck); i++ {
			g.Deck[i] = c
		}
		p.Hand[c] = 0
	}
	for _, c := range cards {
		for i := len(g.Deck) - 1; i >= 0; i-- {
			if g.Deck[i] == c {
				g.Deck = append(g.Deck[:i], g.Deck[i+1:]...)
				break
			}
		}
		p.Hand[c]++
	}
}

func TestShareScoringRulebookExamples(t *testing.T) {
	divisors := []int{1, 2, 4}
	// Example 1: 13 PRR cubes; shares 3, 3, 2, 1 -> 1st, 1st, 3rd, 4th.
	assert.Equal(t, []int{13, 13, 3, 0}, ShareScores(13, []int{3, 3, 2, 1}, 3, divisors))
	// Example 2: 7 cubes; shares 2, 2, 2, 1 -> three firsts, a fourth.
	assert.Equal(t, []int{7, 7, 7, 0}, ShareScores(7, []int{2, 2, 2, 1}, 3, divisors))
}

func TestShareScoringLimits(t *testing.T) {
	divisors := []int{1, 2, 4}
	for _, tc := range []struct {
		name   string
		price  int
		shares []int
		ranks  int
		want   []int
	}{
		{"second place halves, rounded down", 9, []int{4, 2, 1, 0}, 3, []int{9, 4, 2, 0}},
		{"no shares, no points even when tied", 9, []int{0, 0, 0}, 3, []int{0, 0, 0}},
		{"three players: only two ranks", 8, []int{3, 2, 1}, 2, []int{8, 4, 0}},
		{"two players: only the first", 8, []int{3, 2}, 1, []int{8, 0}},
		{"two players tied: both first", 8, []int{2, 2}, 1, []int{8, 8}},
		{"tie for second takes the second rank", 12, []int{5, 3, 3, 1}, 3, []int{12, 6, 6, 0}},
		{"a price of zero scores nothing", 0, []int{5, 3}, 3, []int{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ShareScores(tc.price, tc.shares, tc.ranks, divisors))
		})
	}
}

func TestSetupByPlayerCount(t *testing.T) {
	b := loadBoard(t)
	for _, tc := range []struct {
		players, rounds, deck int
		removed               []int // UP BO NP PRR NYC SP
	}{
		{2, 11, 90 - 42 - 8, []int{7, 7, 7, 7, 7, 7}},
		{3, 10, 90 - 24 - 12, []int{4, 4, 4, 4, 4, 4}},
		{4, 9, 90 - 10 - 16, []int{1, 2, 2, 2, 2, 1}},
		{5, 8, 90 - 20, []int{0, 0, 0, 0, 0, 0}},
	} {
		g, err := NewGame(b, tc.players, 3)
		require.NoError(t, err)
		assert.Equal(t, tc.rounds, g.Setup.Rounds)
		assert.Equal(t, tc.removed, g.Box, "cards returned to the box")
		assert.Len(t, g.Deck, tc.deck)
		for i := range g.Players {
			assert.Equal(t, 4, g.Players[i].HandSize())
			assert.Equal(t, 0, g.Players[i].Money)
		}
		assert.True(t, g.exact, "%d players: the deck is dealt out exactly", tc.players)
		require.NoError(t, g.Check())
	}
	_, err := NewGame(b, 6, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no setup for 6 players (it has 2, 3, 4, 5)")
}

func TestPlacementRules(t *testing.T) {
	g := tinyGame(t)
	hand(g, 0, 0, 0, 1, 1)
	lays := map[[2]int]bool{}
	for _, a := range g.Legal() {
		require.Equal(t, Lay, a.Kind)
		lays[[2]int{a.Company, a.Route}] = true
	}
	// X may start from its home a (a-b, a-d, a-c); Y from d (c-d, a-d).
	assert.Equal(t, map[[2]int]bool{
		{0, route(g, "a", "b")}: true, {0, route(g, "a", "d")}: true, {0, route(g, "a", "c")}: true,
		{1, route(g, "c", "d")}: true, {1, route(g, "a", "d")}: true,
	}, lays)

	// Y lays a-d; then X on a-d costs 1 money, which seat 0 does not have.
	g.Cubes[route(g, "a", "d")][1] = true
	g.CubeN[1]++
	g.Reach[1][0] = true
	assert.Equal(t, 1, g.Fee(0, route(g, "a", "d")))
	assert.Equal(t, 0, g.Fee(1, route(g, "a", "d")), "no fee for one's own company")
	assert.False(t, g.CanPlace(1, route(g, "a", "d")), "one cube of a company a route")
	assert.True(t, g.CanPlace(1, route(g, "a", "b")), "Y's network now reaches a")
	err := g.Apply(Action{Kind: Lay, Company: 0, Route: route(g, "a", "d")})
	require.ErrorIs(t, err, ErrIllegal, "cannot pay the fee")
	g.Players[0].Money = 3
	require.NoError(t, g.Apply(Action{Kind: Lay, Company: 0, Route: route(g, "a", "d")}))
	assert.Equal(t, 2, g.Players[0].Money, "paid 1 for Y's cube")
	assert.Equal(t, 1, g.Discard[0], "the card played is discarded")
	assert.Equal(t, PhaseStations, g.Phase)
	assert.ElementsMatch(t, []int{0, 3}, g.Pending)
	// X's network now reaches d, so c-d opens for X.
	assert.True(t, g.CanPlace(0, route(g, "c", "d")))
	assert.False(t, g.CanPlace(0, route(g, "b", "c")), "b-c touches no X station")
}

func TestBlankWhenNothingCanBeLaid(t *testing.T) {
	g := tinyGame(t)
	hand(g, 0, 1, 1, 1, 1)
	for r := range g.Cubes { // every route Y could take has Y already
		g.Cubes[r][1] = true
	}
	g.CubeN[1] = len(g.Cubes)
	for s := range g.Reach[1] {
		g.Reach[1][s] = true
	}
	legal := g.Legal()
	require.Len(t, legal, 1)
	assert.Equal(t, Action{Kind: Blank, Company: 1}, legal[0])
	require.NoError(t, g.Apply(legal[0]))
	assert.Equal(t, PhasePurchase, g.Phase, "no station actions without a cube")
	assert.Equal(t, 3, g.Players[0].HandSize())
}

func TestStationActions(t *testing.T) {
	g := tinyGame(t)
	hand(g, 0, 0, 0, 1, 1)
	for range 2 { // two X shares, from the deck
		g.Deck = removeOne(g.Deck, 0)
		g.Players[0].Shares[0]++
	}
	g.Players[0].Money = 5
	require.NoError(t, g.Apply(Action{Kind: Lay, Company: 0, Route: route(g, "a", "b")}))
	legal := g.Legal()
	// a: home X (buy the X card just played, price 2 shares = 2), or 1
	// money; b: money station (2) or 1 money.
	assert.ElementsMatch(t, []Action{
		{Kind: Act, Station: 0, Company: 0}, {Kind: Instead, Station: 0},
		{Kind: Act, Station: 1}, {Kind: Instead, Station: 1},
	}, legal)
	require.NoError(t, g.Apply(Action{Kind: Act, Station: 0, Company: 0}))
	assert.Equal(t, 3, g.Players[0].Money, "paid one per share held")
	assert.Equal(t, 3, g.Players[0].Shares[0], "the bought card is a share")
	assert.Equal(t, 0, g.Discard[0])
	assert.Equal(t, PhaseStations, g.Phase)
	require.NoError(t, g.Apply(Action{Kind: Act, Station: 1}))
	assert.Equal(t, 5, g.Players[0].Money, "money station gives 2")
	assert.Equal(t, PhasePurchase, g.Phase)
	require.NoError(t, g.Check())
}

func TestTicketAndCommodityStations(t *testing.T) {
	g := tinyGame(t)
	hand(g, 0, 0, 0, 1, 1)
	put(g, 0, "a", "c") // X reaches c
	require.NoError(t, g.Apply(Action{Kind: Lay, Company: 0, Route: route(g, "c", "e")}))
	legal := g.Legal()
	assert.Contains(t, legal, Action{Kind: Act, Station: 2, Option: OptPassenger})
	assert.Contains(t, legal, Action{Kind: Act, Station: 2, Option: OptFreight})
	assert.Contains(t, legal, Action{Kind: Act, Station: 4, Option: OptTake, Commodity: 0})
	for _, a := range legal {
		assert.NotEqual(t, OptGold, a.Option, "gold needs 2 commodities in hand")
	}
	require.NoError(t, g.Apply(Action{Kind: Act, Station: 2, Option: OptFreight}))
	assert.Len(t, g.Players[0].Freight, 1)
	assert.Empty(t, g.FDeck)
	g.Players[0].Goods = []int{1, 1}
	legal = g.Legal()
	assert.Contains(t, legal, Action{Kind: Act, Station: 4, Option: OptGold, Pay: []int{0, 1}})
	require.NoError(t, g.Apply(Action{Kind: Act, Station: 4, Option: OptGold, Pay: []int{0, 1}}))
	assert.Equal(t, []int{0, 0}, g.Players[0].Goods)
	assert.Len(t, g.Players[0].Gold, 1)
	assert.Len(t, g.GoldPile, 2)
	require.NoError(t, g.Check())
}

func TestPurchasePhase(t *testing.T) {
	for _, tc := range []struct {
		name      string
		action    Action
		money     int
		goods     []int
		wantMoney int
		wantGoods []int
		wantTrans int
	}{
		{"transfer token", Action{Kind: Transfer}, 5, []int{0, 0}, 3, []int{0, 0}, 1},
		{"commodity", Action{Kind: BuyGood, Commodity: 1}, 2, []int{0, 0}, 0, []int{0, 1}, 0},
		{"one exchange", Action{Kind: Exchange, Swaps: [][2]int{{0, 1}}}, 3, []int{2, 0}, 2, []int{1, 1}, 0},
		{"two exchanges", Action{Kind: Exchange, Swaps: [][2]int{{0, 1}, {0, 1}}}, 3, []int{2, 0}, 1, []int{0, 2}, 0},
		{"nothing", Action{Kind: Pass}, 3, []int{2, 0}, 3, []int{2, 0}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tinyGame(t)
			g.Phase = PhasePurchase
			g.Players[0].Money, g.Players[0].Goods = tc.money, tc.goods
			require.NoError(t, g.Apply(tc.action))
			assert.Equal(t, tc.wantMoney, g.Players[0].Money)
			assert.Equal(t, tc.wantGoods, g.Players[0].Goods)
			assert.Equal(t, tc.wantTrans, g.Players[0].Transfers)
			assert.Equal(t, PhaseOffer, g.Phase)
		})
	}
	g := tinyGame(t)
	g.Phase = PhasePurchase
	g.Players[0].Money = 1
	for _, a := range g.Legal() {
		assert.Equal(t, Pass, a.Kind, "with 1 money and no goods only doing nothing is left")
	}
	g.Players[0].Money = 4
	g.Cubes[route(g, "a", "b")][1] = true
	g.CubeN[1]++
	g.Reach[1][0], g.Reach[1][1] = true, true
	assert.Contains(t, g.Legal(), Action{Kind: BuyCube, Company: 0, Route: route(g, "a", "b")}, "3 + 1 for Y's cube")
	require.NoError(t, g.Apply(Action{Kind: BuyCube, Company: 0, Route: route(g, "a", "b")}))
	assert.Equal(t, 0, g.Players[0].Money)
	assert.Equal(t, PhaseOffer, g.Phase, "no station actions after a bought cube")
}

func TestTurnOrderAndFinalOffering(t *testing.T) {
	g := tinyGame(t)
	bots := []Bot{&RandomBot{rng: newRand(1)}, &RandomBot{rng: newRand(2)}}
	for !g.Over() {
		if g.Phase == PhaseFinal {
			assert.Equal(t, 2, g.Players[g.Seat].HandSize(), "two cards to choose from")
			assert.Empty(t, g.Deck, "the deck is used up by the last round")
		}
		require.NoError(t, g.Apply(bots[g.Seat].Choose(g, g.Legal())))
		require.NoError(t, g.Check())
	}
	assert.Equal(t, 6, g.Turns, "3 rounds of 2 players")
	shares := 0
	for _, p := range g.Players {
		shares += sum(p.Shares)
	}
	// 3 public offerings and 1 final each, plus any bought shares.
	assert.GreaterOrEqual(t, shares, 8)
	assert.Equal(t, 2+2+2, sum(g.Box), "2 of each removed, 1 each unchosen")
}
