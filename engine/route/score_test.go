package route

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

func put(g *Game, c int, a, b string) {
	r := route(g, a, b)
	g.Cubes[r][c] = true
	g.CubeN[c]++
	g.Reach[c][g.B.Routes[r][0]] = true
	g.Reach[c][g.B.Routes[r][1]] = true
}

func TestPassengerTransfers(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cubes     [][3]any // company, a, b
		transfers int
		want      int // points of ticket P1 (b-d, 5)
		paid      int
	}{
		{"one company joins them", [][3]any{{0, "b", "c"}, {0, "c", "d"}}, 0, 5, 0},
		{"two companies need a transfer token", [][3]any{{0, "b", "c"}, {1, "c", "d"}}, 1, 5, 1},
		{"no token, no points", [][3]any{{0, "b", "c"}, {1, "c", "d"}}, 0, 0, 0},
		{"a one-company path beats a mixed one", [][3]any{{0, "b", "c"}, {1, "c", "d"}, {1, "a", "b"}, {1, "a", "d"}}, 0, 5, 0},
		{"not joined", [][3]any{{0, "b", "c"}}, 3, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tinyGame(t)
			for _, c := range tc.cubes {
				put(g, c[0].(int), c[1].(string), c[2].(string))
			}
			g.Players[0].Passenger = []int{0}
			g.PDeck = []int{1}
			g.Players[0].Transfers = tc.transfers
			s := g.Scores()[0]
			assert.Equal(t, tc.want, s.Passenger)
			assert.Equal(t, tc.paid, s.TransfersPaid)
		})
	}
}

func TestTransferBudgetGoesToTheBestTickets(t *testing.T) {
	chosen, paid := bestTickets([]int{1, 1, 2, -1, 0}, []int{3, 5, 9, 20, 1}, 2)
	assert.Equal(t, []bool{false, false, true, false, true}, chosen, "9 for two tokens beats 3 + 5")
	assert.Equal(t, 2, paid)
}

func TestFreightAndMoney(t *testing.T) {
	g := tinyGame(t)
	p := &g.Players[0]
	p.Freight = []int{0}
	g.FDeck = nil
	p.Goods = []int{2, 2}
	p.Money = 3
	s := g.Scores()[0]
	assert.Equal(t, 6, s.Freight, "grain, grain, iron paid")
	assert.Equal(t, 1, s.FreightDone)
	assert.Equal(t, 2, s.Money, "(3 money + 1 iron sold) / 2")
	p.Goods = []int{1, 5}
	s = g.Scores()[0]
	assert.Equal(t, 0, s.Freight, "one grain short")
	assert.Equal(t, 4, s.Money, "(3 + 6 sold) / 2, rounded down")
}

func TestGoldAndTotalAndWinners(t *testing.T) {
	g := tinyGame(t)
	g.Players[0].Gold = []int{3, 1}
	g.GoldPile = []int{1}
	put(g, 0, "a", "b")
	put(g, 0, "b", "c")
	g.Players[0].Shares[0] = 1
	g.Players[1].Shares[0] = 1 // tied first: both score the price (2)
	s := g.Scores()
	assert.Equal(t, 4, s[0].Gold)
	assert.Equal(t, 2, s[0].Shares)
	assert.Equal(t, 2, s[1].Shares)
	assert.Equal(t, 6, s[0].Total)
	assert.Equal(t, []int{0}, Winners(s))

	tied := []Score{{Total: 10, Completed: 1}, {Total: 10, Completed: 2}, {Total: 9, Completed: 5}}
	assert.Equal(t, []int{1}, Winners(tied), "most completed tickets breaks the tie")
	tied[0].Completed = 2
	assert.Equal(t, []int{0, 1}, Winners(tied), "still tied: both win")
}

func TestInvariantsOverManySeededGames(t *testing.T) {
	b := loadBoard(t)
	games := 40
	if testing.Short() {
		games = 8
	}
	for players := 2; players <= 5; players++ {
		for seed := uint64(0); seed < uint64(games); seed++ {
			g, err := NewGame(b, players, seed)
			require.NoError(t, err)
			bots := make([]Bot, players)
			for i := range bots {
				bots[i], _ = NewBot("random", seed*10+uint64(i))
			}
			if seed%8 == 0 {
				bots[0], _ = NewBot("greedy", seed)
			}
			res, err := Play(g, bots, true)
			require.NoError(t, err, "%d players, seed %d", players, seed)
			assert.Equal(t, players*g.Setup.Rounds, res.Turns)
			assert.NotEmpty(t, res.Winners)
		}
	}
}

// expectedMoney is what an action changes the mover's money by, as the
// rulebook prices it.
func expectedMoney(g *Game, a Action) int {
	r := g.B.Rules
	p := &g.Players[g.Seat]
	switch a.Kind {
	case Lay:
		return -g.Fee(a.Company, a.Route)
	case Act:
		switch g.Station[a.Station].Kind {
		case "home", "free-stock":
			return -p.Shares[a.Company]
		case "money":
			return r.MoneyStation
		}
	case Instead:
		return r.InsteadMoney
	case Transfer:
		return -r.TransferPrice
	case BuyGood:
		return -r.CommodityPrice
	case BuyCube:
		return -r.CubePrice - g.Fee(a.Company, a.Route)
	case Exchange:
		return -r.ExchangePrice * len(a.Swaps)
	}
	return 0
}

func TestMoneyMovesAsTheRulesSay(t *testing.T) {
	b := loadBoard(t)
	for seed := uint64(0); seed < 10; seed++ {
		g, err := NewGame(b, 3, seed)
		require.NoError(t, err)
		bot, _ := NewBot("random", seed)
		for !g.Over() {
			a := bot.Choose(g, g.Legal())
			before := make([]int, len(g.Players))
			for i := range g.Players {
				before[i] = g.Players[i].Money
			}
			seat, want := g.Seat, expectedMoney(g, a)
			require.NoError(t, g.Apply(a))
			for i := range g.Players {
				delta := g.Players[i].Money - before[i]
				if i == seat {
					require.Equal(t, want, delta, "seed %d: %s", seed, a)
				} else {
					require.Zero(t, delta, "seed %d: %s moved seat %d's money", seed, a, i)
				}
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	b := loadBoard(t)
	run := func(workers int) *Report {
		r, err := Simulate(b, Options{Games: 6, Players: 3, Seed: 42, Bots: []string{"greedy", "random", "random"}, Workers: workers})
		require.NoError(t, err)
		return r
	}
	one := run(1)
	assert.Equal(t, one, run(1))
	assert.Equal(t, one, run(3), "the report does not depend on the workers")
}

func TestGreedyBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 30 games")
	}
	b := loadBoard(t)
	r, err := Simulate(b, Options{Games: 30, Players: 2, Seed: 5, Bots: []string{"greedy", "random"}})
	require.NoError(t, err)
	var greedy, random BotStat
	for _, s := range r.ByBot {
		if s.Name == "greedy" {
			greedy = s
		} else {
			random = s
		}
	}
	assert.Greater(t, greedy.Rate.Rate, 0.8, "greedy wins most games against random")
	assert.Greater(t, greedy.Scores.Mean, random.Scores.Mean)
}

func TestSimulateReport(t *testing.T) {
	b := loadBoard(t)
	r, err := Simulate(b, Options{Games: 10, Players: 4, Seed: 1, Bots: []string{"random"}})
	require.NoError(t, err)
	assert.Equal(t, 10, r.Turns.N)
	assert.Equal(t, 36.0, r.Turns.Mean, "9 rounds of 4")
	assert.Len(t, r.Seats, 4)
	wins := 0
	for _, s := range r.Seats {
		wins += s.Wins
	}
	assert.GreaterOrEqual(t, wins, 10, "every game has a winner (shared wins count for each)")
	assert.LessOrEqual(t, wins, 10+3*r.Ties)
	assert.Len(t, r.Companies, 6)
	assert.Len(t, r.Passenger.Tickets, 24)
	assert.Len(t, r.Freight.Tickets, 24)
	_, err = Simulate(b, Options{Games: 1, Players: 6})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--players 6")
	_, err = Simulate(b, Options{Games: 1, Players: 2, Bots: []string{"clever"}})
	require.Error(t, err)
}
