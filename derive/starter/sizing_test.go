package starter_test

import (
	"fmt"
	"testing"

	"github.com/tendays/tendays/derive/colors"
	"github.com/tendays/tendays/derive/starter"
	"github.com/tendays/tendays/mapdata"
)

// A hub and its dead ends (China, Hong Kong, Macao, Mongolia): the hub that
// every journey crosses gets the most cards, the total is about the target,
// an air-only region gets one, and the deck holds what four players need.
func TestSizeFollowsTheMap(t *testing.T) {
	regions := []string{"Hub", "A", "B", "C", "Island"}
	borders := [][2]string{{"Hub", "A"}, {"Hub", "B"}, {"Hub", "C"}}
	s := starter.Size(regions, []string{"Island"}, borders)
	if s.Copies["Island"] != 1 {
		t.Errorf("air-only region: %d cards, want 1", s.Copies["Island"])
	}
	for _, leaf := range []string{"A", "B", "C"} {
		if s.Copies["Hub"] <= s.Copies[leaf] {
			t.Errorf("hub %d cards, dead end %s %d: the hub must have more", s.Copies["Hub"], leaf, s.Copies[leaf])
		}
	}
	sum := 0
	for _, c := range s.Copies {
		sum += c
	}
	if sum != s.RegionCards || sum < starter.RegionCardsTarget-2 || sum > starter.RegionCardsTarget+2 {
		t.Errorf("%d region cards (RegionCards %d), want about %d", sum, s.RegionCards, starter.RegionCardsTarget)
	}
	deck := s.RegionCards + s.Cars + s.PlanesPerColour*s.Colours
	if deck < mapdata.MinDeckFor(4, starter.Days)+starter.DrawPile || s.Cars < starter.MinCars {
		t.Errorf("deck of %d cards with %d cars: too small for four players", deck, s.Cars)
	}
}

// Enough regions: one card each, as the published maps have.
func TestSizeOneCardEachOnABigMap(t *testing.T) {
	var regions []string
	for i := range 50 {
		regions = append(regions, fmt.Sprintf("R%d", i))
	}
	s := starter.Size(regions, nil, nil)
	if s.RegionCards != 50 {
		t.Errorf("%d region cards, want 50 (one each)", s.RegionCards)
	}
	if s.Colours != len(starter.Palette) {
		t.Errorf("%d colours for 50 regions, want the whole palette", s.Colours)
	}
}

// The palette: as few colours as keep neighbours apart with no colour held
// by one region alone; air-only regions (white) are not counted.
func TestSizeColours(t *testing.T) {
	// A ring of six: two colours colour it, three each.
	ring := [][2]string{{"A", "B"}, {"B", "C"}, {"C", "D"}, {"D", "E"}, {"E", "F"}, {"F", "A"}}
	six := []string{"A", "B", "C", "D", "E", "F"}
	if s := starter.Size(six, nil, ring); s.Colours != 2 {
		t.Errorf("ring of six: %d colours, want 2", s.Colours)
	}
	// A wheel (a hub inside a ring of five) needs four; with air-only
	// regions beside it, the palette is still sized on the nine.
	wheel := [][2]string{{"A", "B"}, {"B", "C"}, {"C", "D"}, {"D", "E"}, {"E", "A"}}
	for _, r := range []string{"A", "B", "C", "D", "E"} {
		wheel = append(wheel, [2]string{"H", r})
	}
	regions := []string{"A", "B", "C", "D", "E", "H", "X1", "X2", "X3", "X4", "X5", "X6"}
	edges := append(wheel, [2]string{"X1", "X2"}, [2]string{"X3", "X4"}, [2]string{"X5", "X6"})
	s := starter.Size(append(regions, "I1", "I2", "I3"), []string{"I1", "I2", "I3"}, edges)
	if s.Colours < 4 {
		t.Fatalf("a wheel needs four colours, got %d", s.Colours)
	}
	index := map[string]int{}
	for i, r := range regions {
		index[r] = i
	}
	var e [][2]int
	for _, p := range edges {
		e = append(e, [2]int{index[p[0]], index[p[1]]})
	}
	sol, err := colors.Solve(colors.Problem{N: len(regions), Edges: e, Palette: s.Colours})
	if err != nil || len(sol.Conflicts) > 0 {
		t.Fatalf("%d colours: conflicts %v (%v)", s.Colours, sol.Conflicts, err)
	}
	for c, n := range sol.Sizes {
		if n < 2 {
			t.Errorf("colour %d held by %d region(s)", c, n)
		}
	}
}
