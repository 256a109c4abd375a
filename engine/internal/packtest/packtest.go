// Package packtest builds small packs as Go values for the engine's tests and
// benchmarks: a 3×3 grid with a four-corners crossing, a USA-like map of the
// fifty states (air-only Alaska and Hawaii), and an island map with seas,
// rails, a bridge, a ferry and doubles.
//
// The packs are written by hand, not derived from geometry: they exist so that
// engine tests do not depend on derive or on bundled editions. The JSON copies
// in engine/testdata are written from these builders (see the fixtures test).
package packtest

import (
	"maps"
	"slices"

	"github.com/tendays/tendays/mapdata"
)

// Spec is a compact description of a pack that Build turns into a Pack.
type Spec struct {
	ID, Name string
	Days     int
	Swap     bool
	Colors   []string
	Regions  []RegionSpec
	Borders  []Border
	Seas     []mapdata.Sea
	Rails    []mapdata.Rail
	// Transport cards: plane colour -> count, cars, ship sea -> count,
	// train line ("" = neutral) -> count.
	Planes map[string]int
	Cars   int
	Ships  map[string]int
	Trains map[string]int
}

// RegionSpec is one region of a Spec.
type RegionSpec struct {
	ID, Name, Color string
	Copies          int // 0 means 1
	AirOnly         bool
	Seas            []string
}

// Border is a foot link of a Spec.
type Border struct {
	A, B string
	Kind mapdata.LinkKind // "" means border
	Km   float64
}

// Build makes the canonical pack of s, with car links through every third
// region that walks to both ends (as derive does with through: border,
// bridge, ferry).
func Build(s Spec) *mapdata.Pack {
	p := &mapdata.Pack{
		Kind:    mapdata.KindRegions,
		Edition: mapdata.EditionInfo{ID: s.ID, Name: s.Name, Days: s.Days},
		Rules:   mapdata.Rules{Swap: s.Swap},
		Seas:    s.Seas,
		Rails:   s.Rails,
		Provenance: mapdata.Provenance{Tool: "packtest", Version: "test",
			Notes: []string{"hand-written test fixture; not derived from geometry"}},
	}
	for _, c := range s.Colors {
		p.Colors = append(p.Colors, mapdata.Color{ID: c, Name: c, Hex: hex[c]})
	}
	airOnly := map[string]bool{}
	for _, r := range s.Regions {
		copies := max(r.Copies, 1)
		reg := mapdata.Region{ID: r.ID, Name: r.Name, Color: r.Color, Copies: copies, AirOnly: r.AirOnly, Seas: r.Seas}
		for _, rail := range s.Rails {
			if slices.Contains(rail.Stops, r.ID) {
				reg.Rails = append(reg.Rails, rail.ID)
			}
		}
		p.Regions = append(p.Regions, reg)
		airOnly[r.ID] = r.AirOnly
		p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: r.ID, Kind: mapdata.RegionCard, Region: r.ID, Count: copies})
	}
	walk := map[[2]string]bool{}
	for _, b := range s.Borders {
		kind := b.Kind
		if kind == "" {
			kind = mapdata.Border
		}
		p.Links = append(p.Links, mapdata.Link{A: b.A, B: b.B, Kind: kind, LengthKm: b.Km})
		walk[[2]string{b.A, b.B}] = true
		walk[[2]string{b.B, b.A}] = true
	}
	for i, a := range s.Regions {
		for _, b := range s.Regions[i+1:] {
			if a.AirOnly || b.AirOnly {
				continue
			}
			var via []string
			for _, c := range s.Regions {
				if c.ID != a.ID && c.ID != b.ID && walk[[2]string{a.ID, c.ID}] && walk[[2]string{c.ID, b.ID}] {
					via = append(via, c.ID)
				}
			}
			if len(via) > 0 {
				p.Links = append(p.Links, mapdata.Link{A: a.ID, B: b.ID, Kind: mapdata.Car, Via: via})
			}
		}
	}
	for _, c := range slices.Sorted(maps.Keys(s.Planes)) {
		p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: "plane:" + c, Kind: mapdata.PlaneCard, Color: c, Count: s.Planes[c]})
	}
	if s.Cars > 0 {
		p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: "car", Kind: mapdata.CarCard, Count: s.Cars})
	}
	for _, sea := range slices.Sorted(maps.Keys(s.Ships)) {
		p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: "ship:" + sea, Kind: mapdata.ShipCard, Sea: sea, Count: s.Ships[sea]})
	}
	for _, line := range slices.Sorted(maps.Keys(s.Trains)) {
		c := mapdata.Card{Kind: mapdata.TrainCard, Rail: line, Count: s.Trains[line]}
		c.Token = mapdata.CardToken(c)
		p.Deck.Cards = append(p.Deck.Cards, c)
	}
	mapdata.Canonicalize(p)
	return p
}

// hex gives the fixtures' colours a picture colour, as the schema asks.
var hex = map[string]string{
	"dark-blue": "#1f3a93", "light-blue": "#6fa8dc", "green": "#38a169", "red": "#c53030",
	"tan": "#d2b48c", "white": "#ffffff", "blue": "#2b6cb0", "pink": "#d53f8c", "yellow": "#d69e2e",
}
