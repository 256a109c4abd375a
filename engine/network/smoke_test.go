package network

import (
	"testing"

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

func TestSmoke(t *testing.T) {
	b := loadBoard(t)
	for _, bot := range []string{"random", "greedy"} {
		rep, err := Simulate(b, Options{Games: 20, Players: 4, Seed: 1, Bots: []string{bot}, Check: true})
		require.NoError(t, err)
		t.Logf("%s: scores %+v win %+v breakdown %+v pass %.2f freight %.2f", bot, rep.Scores, rep.WinningScore, rep.Breakdown, rep.Passenger.Rate, rep.Freight.Rate)
		for _, c := range rep.Companies {
			t.Logf("  %s %+v", c.ID, c.Price)
		}
	}
}
