package starter

import (
	"fmt"
	"math"
	"slices"

	"github.com/tendays/tendays/derive/colors"
	"github.com/tendays/tendays/mapdata"
)

// Sizing is the deck init writes for the regions kept: how many cards of
// each region, how many colours, planes and cars.
type Sizing struct {
	// Copies is the number of cards of each region, by data name.
	Copies map[string]int
	// RegionCards is the sum of Copies.
	RegionCards int
	// Colours is how many colours the palette holds (PaletteFor chooses
	// which).
	Colours int
	// PlanesPerColour is transports.airplane.per_color.
	PlanesPerColour int
	// Cars is transports.automobile.count.
	Cars int
	// Ships are the ship cards of the sea init writes (WithShips).
	Ships int
	// Why says, for the edition's comments, how the copies were chosen.
	Why string
}

// RegionCardsTarget is the region cards a first draft aims at: four
// journeys hold at least six region cards each (a journey's ends are
// regions and no two transports lie side by side), and the draw pile must
// still offer the regions a journey lacks. Below it, games stall: with 16
// region cards among 60, eight to fifteen regions stalled 46–88% of
// simulated games; with about 44, under 1% (see docs/BENCHMARKS.md).
const RegionCardsTarget = 44

// MinCars is the fewest cars a first draft holds: a car links regions two
// borders apart, the step that gets a journey round a region it lacks.
const MinCars = 6

// Size sizes the deck of a first draft. regions are the kept features' data
// names; airOnly those only planes reach; borders the pairs of regions that
// share a border.
//
// Ground regions (all but air-only) get their cards in proportion to the
// number of their neighbours plus one, as a walk on the map visits a region
// in proportion to its borders: a hub that every journey crosses (China for
// Hong Kong and Macao) gets more than a dead end. The total aims at
// RegionCardsTarget, with at least one card each; air-only regions get
// one. The palette has as few colours as keep bordering regions apart and
// every colour held by at least two regions, with about six regions to a
// colour; the deck is filled with cars up to what four players need
// (mapdata.MinDeckFor plus a DrawPile).
func Size(regions, airOnly []string, borders [][2]string) Sizing {
	air := map[string]bool{}
	for _, r := range airOnly {
		air[r] = true
	}
	var ground []string
	index := map[string]int{}
	for _, r := range regions {
		if !air[r] {
			index[r] = len(ground)
			ground = append(ground, r)
		}
	}
	degree := make([]int, len(ground))
	var edges [][2]int
	for _, b := range borders {
		i, iok := index[b[0]]
		j, jok := index[b[1]]
		if iok && jok && i != j {
			degree[i]++
			degree[j]++
			edges = append(edges, [2]int{i, j})
		}
	}
	s := Sizing{Copies: map[string]int{}, PlanesPerColour: 2}
	for _, r := range airOnly {
		s.Copies[r] = 1
	}
	budget := RegionCardsTarget - len(airOnly)
	if len(ground) >= budget {
		for _, r := range ground {
			s.Copies[r] = 1
		}
		s.Why = fmt.Sprintf("one card of each region: %d regions are enough cards for four journeys", len(regions))
	} else {
		weight := make([]float64, len(ground))
		total := 0.0
		for i := range ground {
			weight[i] = float64(degree[i] + 1)
			total += weight[i]
		}
		for i, r := range ground {
			s.Copies[r] = min(MaxCopies, max(1, int(math.Round(float64(budget)*weight[i]/total))))
		}
		s.Why = fmt.Sprintf("%d regions are too few cards for four journeys, so about %d region cards in all, "+
			"each region's in proportion to its neighbours plus one (a hub is crossed more often than a dead end); "+
			"air-only regions one", len(regions), RegionCardsTarget)
	}
	for _, r := range regions {
		s.RegionCards += s.Copies[r]
	}
	s.Colours = colourCount(len(ground), edges)
	cards := mapdata.MinDeckFor(4, Days) + DrawPile
	s.Cars = max(MinCars, cards-s.RegionCards-s.PlanesPerColour*s.Colours)
	return s
}

// MaxCopies is the most cards of one region an edition may have
// (schema/edition.schema.json copies).
const MaxCopies = 16

// regionsPerColour is the class size a palette aims at: planes of a colour
// held by six regions link fifteen pairs.
const regionsPerColour = 6

// colourCount is how many colours the palette holds for n ground regions
// bordering along edges: about n/regionsPerColour, at least two, at most
// the palette's, and never so few that the balancer has to give bordering
// regions one colour, nor so many that a colour is held by one region
// alone (when the map allows both).
func colourCount(n int, edges [][2]int) int {
	if n == 0 {
		return 2
	}
	most := len(Palette)
	want := min(most, max(2, int(math.Ceil(float64(n)/regionsPerColour))))
	fits := func(k int) (proper, noneLonely bool) {
		sol, err := colors.Solve(colors.Problem{N: n, Edges: edges, Palette: k})
		if err != nil {
			return false, false
		}
		return len(sol.Conflicts) == 0, !slices.ContainsFunc(sol.Sizes, func(c int) bool { return c < 2 })
	}
	// The fewest colours from want up that colour the map properly with no
	// colour alone; else the fewest that colour it properly.
	firstProper := 0
	for k := want; k <= most; k++ {
		proper, full := fits(k)
		if proper && full {
			return k
		}
		if proper && firstProper == 0 {
			firstProper = k
		}
	}
	if firstProper > 0 {
		return firstProper
	}
	return most
}

// WithShips gives a sea of seaRegions regions its ship cards, taken from
// the cars: about one for every two regions on it, at least MinShips.
func (s Sizing) WithShips(seaRegions int) Sizing {
	s.Ships = shipsFor(seaRegions)
	s.Cars = max(MinCars, s.Cars-s.Ships)
	return s
}

func shipsFor(n int) int {
	return max(MinShips, (n+1)/2)
}

// MinShips is the fewest ship cards of a sea init writes.
const MinShips = 6
