package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each lane of countLanes is the count countSet gives for that lane's
// regions set aside, on Around the World (cars pair by pair, cliques,
// two ships) and with journeys allowed to start and end on a transport.
func TestCountLanesMatchCountSet(t *testing.T) {
	g := aroundTheWorld(t).countGraph()
	open := *g
	open.open0, open.openN = make([]uint64, g.n), make([]uint64, g.n)
	for r := range g.n {
		open.open0[r], open.openN[r] = uint64(r%3), uint64(r%4)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for name, c := range map[string]struct {
		g    *countGraph
		days int
	}{"around the world": {g, 20}, "past 64 bits a cell": {g, 32}, "open ends": {&open, 9}, "one day": {g, 1}, "two days": {&open, 2}} {
		_, _, fits := c.g.count128(c.days, make([]bool, c.g.n))
		require.True(t, fits, name)
		rows := c.g.newLaneRows()
		for round := range 3 {
			mask := make([]uint8, c.g.n)
			for r := range mask {
				// Few regions aside in most lanes, many in lane 7.
				for l := range lanes {
					if rng.IntN(10) == 0 || l == 7 && rng.IntN(2) == 0 {
						mask[r] |= 1 << l
					}
				}
			}
			if round == 2 {
				mask[0] = allLanes
			}
			got := c.g.countLanes(c.days, mask, rows)
			for l := range lanes {
				skip := make([]bool, c.g.n)
				for r := range skip {
					skip[r] = mask[r]>>l&1 != 0
				}
				want := c.g.countSet(c.days, skip)
				assert.Equal(t, want.String(), got[l].big().String(), "%s, round %d, lane %d", name, round, l)
			}
		}
	}
}

// The combined count is the same whether its terms are counted eight at a
// time or one by one.
func TestCountEveryMapInLanesOrOneByOne(t *testing.T) {
	b := aroundTheWorld(t)
	g := b.countGraph()
	for _, days := range []int{3, 12} {
		total, per := b.countEveryMap(g, days, true)
		total1, per1 := b.countEveryMap(g, days, false)
		require.Equal(t, total1.String(), total.String(), "%d days", days)
		require.Len(t, per, len(per1))
		for r := range per {
			assert.Equal(t, per1[r].String(), per[r].String(), "%d days, region %d", days, r)
		}
	}
}
