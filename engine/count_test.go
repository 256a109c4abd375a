package engine

import (
	"fmt"
	"math"
	"math/big"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// bruteCount enumerates every sequence of card kinds and checks it, copy
// limits aside: the definition of Count, done the slow way.
func bruteCount(b *Board, days int) (total int64, per []int64) {
	per = make([]int64, b.NumRegions())
	var usable []CardID
	for c := range b.NumCards() {
		if b.Copies(CardID(c)) > 0 {
			usable = append(usable, CardID(c))
		}
	}
	cards := make([]CardID, days)
	var rec func(i int)
	rec = func(i int) {
		if i == days {
			if b.check(cards, false).Valid {
				total++
				seen := map[int]bool{}
				for _, c := range cards {
					if r := b.RegionOf(c); r >= 0 && !seen[r] {
						seen[r] = true
						per[r]++
					}
				}
			}
			return
		}
		for _, c := range usable {
			cards[i] = c
			rec(i + 1)
		}
	}
	rec(0)
	return total, per
}

func TestCountMatchesEnumeration(t *testing.T) {
	grid := packtest.Grid()
	europe := packtest.Europe()
	europe.Deck.Cards[len(europe.Deck.Cards)-1].Count = 0 // a kind the deck lacks counts for nothing
	tests := []struct {
		pack    *mapdata.Pack
		maxDays int
	}{{grid, 5}, {europe, 4}, {connectedEurope(), 4}}
	for _, tc := range tests {
		b := compile(t, tc.pack)
		for days := 1; days <= tc.maxDays; days++ {
			total, per := bruteCount(b, days)
			got, err := b.Count(days)
			require.NoError(t, err)
			assert.Equal(t, total, got.Total.Int64(), "%s, %d days", tc.pack.Edition.ID, days)
			for r, rc := range got.Regions {
				assert.Equal(t, per[r], rc.Journeys.Int64(), "%s, %d days, %s", tc.pack.Edition.ID, days, rc.Name)
			}
		}
	}
}

func TestCountBigAgreesAndTakesOver(t *testing.T) {
	b := compile(t, packtest.USA())
	g := b.countGraph()
	small, ok := g.count64(10, -1)
	require.True(t, ok)
	assert.Equal(t, new(big.Int).SetUint64(small), g.countBig(10, -1))
	without, ok := g.count64(10, 3)
	require.True(t, ok)
	assert.Equal(t, new(big.Int).SetUint64(without), g.countBig(10, 3))

	_, ok = g.count64(40, -1)
	require.False(t, ok, "40-day USA journeys overflow uint64")
	c, err := b.Count(40)
	require.NoError(t, err)
	assert.Positive(t, c.Total.Cmp(new(big.Int).SetUint64(math.MaxUint64)))
	// f(n) grows: 40 days has more journeys than 39.
	c39, err := b.Count(39)
	require.NoError(t, err)
	assert.Positive(t, c.Total.Cmp(c39.Total))
}

func TestCountFlagsDeadEnds(t *testing.T) {
	b := compile(t, packtest.USA())
	c, err := b.Count(10)
	require.NoError(t, err)
	var few []string
	for _, rc := range c.Regions {
		if rc.Few {
			few = append(few, rc.ID)
		}
		assert.LessOrEqual(t, rc.Journeys.Cmp(c.Total), 0)
	}
	// Maine borders New Hampshire only and has no car link; Rhode Island
	// borders two states. Alaska, reached by a plane of every colour, is
	// not rare.
	assert.Equal(t, []string{"ME", "RI"}, few)
	assert.NotContains(t, few, "MO", "Missouri has eight neighbours")
	_, err = b.Count(0)
	assert.Error(t, err)
}

// bigGrid is an n×n grid of regions in five colours, with a plane of each
// colour, cars, and two air-only regions: a 2,000-region map for issue 26
// ("journey count: 28 s").
func bigGrid(n int) *mapdata.Pack {
	colors := []string{"blue", "red", "green", "tan", "black"}
	s := packtest.Spec{ID: "big-grid", Name: "Big grid", Days: 10, Colors: colors, Cars: 6, Planes: map[string]int{}}
	for _, c := range colors {
		s.Planes[c] = 2
	}
	id := func(r, c int) string { return fmt.Sprintf("R%d_%d", r, c) }
	for r := range n {
		for c := range n {
			s.Regions = append(s.Regions, packtest.RegionSpec{ID: id(r, c), Name: id(r, c), Color: colors[(r+2*c)%5], AirOnly: r == 0 && c < 2})
			if c+1 < n && !(r == 0 && c < 2) {
				s.Borders = append(s.Borders, packtest.Border{A: id(r, c), B: id(r, c+1), Km: 10})
			}
			if r+1 < n && !(r == 0 && c < 2) {
				s.Borders = append(s.Borders, packtest.Border{A: id(r, c), B: id(r+1, c), Km: 10})
			}
		}
	}
	return packtest.Build(s)
}

// pairByPair is the board counted as before issue 26: every transport's
// links given pair by pair, no clique summed.
func pairByPair(b *Board) *Board {
	slow := *b
	slow.groups = make([][][]int32, len(b.groups))
	return &slow
}

// TestCliqueCountsAgree: summing over cliques (planes, ships, trains)
// counts what listing every pair counts, in 64 bits, in 128 (combined
// boards) and in math/big, per region too.
func TestCliqueCountsAgree(t *testing.T) {
	src, err := os.ReadFile("testdata/around-the-world.pack.json")
	require.NoError(t, err)
	world, err := mapdata.DecodePack("around-the-world.pack.json", src)
	require.NoError(t, err)
	for _, p := range []*mapdata.Pack{packtest.USA(), packtest.Europe(), connectedEurope(), bigGrid(8), world.Pack} {
		b := compile(t, p)
		daysList := []int{5, 10, 30}
		if p.Combined != nil {
			daysList = []int{20}
		}
		for _, days := range daysList {
			fast, err := b.Count(days)
			require.NoError(t, err)
			slow, err := pairByPair(b).Count(days)
			require.NoError(t, err)
			require.Equal(t, slow.Total.String(), fast.Total.String(), "%s, %d days", p.Edition.ID, days)
			for r := range fast.Regions {
				require.Equal(t, slow.Regions[r].Journeys.String(), fast.Regions[r].Journeys.String(), "%s, %d days, %s", p.Edition.ID, days, fast.Regions[r].ID)
			}
		}
	}
}

// BenchmarkCountGrid2025 counts the journeys of a 45×45 map (2,025
// regions), overall and per region: 28 s before issue 26.
func BenchmarkCountGrid2025(b *testing.B) {
	board, err := Compile(bigGrid(45))
	require.NoError(b, err)
	for b.Loop() {
		if _, err := board.Count(10); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCountAroundTheWorld counts the 20-day journeys of Around the
// World (165 regions on four maps), overall and per region: the doctor's
// figures on a combined board, by inclusion and exclusion over the maps.
func BenchmarkCountAroundTheWorld(b *testing.B) {
	board := aroundTheWorld(b)
	for b.Loop() {
		if _, err := board.Count(20); err != nil {
			b.Fatal(err)
		}
	}
}
