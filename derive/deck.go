package derive

import (
	"maps"
	"slices"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// deck deals the cards: one per region times its copies, the planes of each
// palette colour, the cars, the ships of each sea and of the ship routes,
// and the trains, each with its token under the rules' names.
func (b *builder) deck(p *mapdata.Pack) []mapdata.Card {
	var cards []mapdata.Card
	add := func(c mapdata.Card) {
		if c.Count > 0 {
			c.Token = p.Rules.Token(c)
			cards = append(cards, c)
		}
	}
	for _, r := range p.Regions {
		add(mapdata.Card{Kind: mapdata.RegionCard, Region: r.ID, Count: r.Copies})
	}
	t := b.ed.Transports
	if t.Airplane != nil {
		for _, c := range b.ed.Colors.Palette {
			add(mapdata.Card{Kind: mapdata.PlaneCard, Color: c, Count: t.Airplane.PerColor})
		}
	}
	if t.Automobile != nil {
		add(mapdata.Card{Kind: mapdata.CarCard, Count: t.Automobile.Count})
	}
	for _, sea := range slices.Sorted(maps.Keys(t.Ship)) {
		if sea == mapdata.ShipRoutes {
			if len(b.shipRoutes) > 0 {
				add(mapdata.Card{Kind: mapdata.ShipCard, Routes: true, Count: t.Ship[sea]})
			}
			continue
		}
		if _, ok := b.ed.Seas[sea]; !ok {
			b.report(RuleShipUnknownSea, diag.Error, ptr("transports", "ship", sea), "define it under seas:", "ship cards name sea %q, which the edition does not define", sea)
			continue
		}
		add(mapdata.Card{Kind: mapdata.ShipCard, Sea: sea, Count: t.Ship[sea]})
	}
	if t.Train != nil {
		add(mapdata.Card{Kind: mapdata.TrainCard, Count: t.Train.Count})
		for _, line := range slices.Sorted(maps.Keys(t.Train.PerLine)) {
			if _, ok := b.ed.Rails[line]; !ok {
				b.report(RuleTrainUnknown, diag.Error, ptr("transports", "train", "per_line", line), "define it under rails:", "train cards name rail line %q, which the edition does not define", line)
				continue
			}
			add(mapdata.Card{Kind: mapdata.TrainCard, Rail: line, Count: t.Train.PerLine[line]})
		}
	}
	return cards
}
