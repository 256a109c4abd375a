package derive

import (
	"strconv"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// locator maps a pointer into the canonical pack to the place in the edition
// that made it, so that a lint finding on a derived pack names the line a
// designer edits. The finding keeps the pack pointer in its message; the
// position is the edition's.
func (b *builder) locator(p *mapdata.Pack) func(string) diag.Position {
	return func(pointer string) diag.Position {
		return b.at(b.sourceOf(p, pointer))
	}
}

func (b *builder) sourceOf(p *mapdata.Pack, pointer string) string {
	parts := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	index := func(k int, n int) (int, bool) {
		if len(parts) <= k {
			return 0, false
		}
		i, err := strconv.Atoi(parts[k])
		return i, err == nil && i >= 0 && i < n
	}
	switch parts[0] {
	case "deck":
		if len(parts) >= 3 && parts[1] == "totals" {
			switch parts[2] {
			case "regionCards":
				return b.firstOf("/expect/region_cards", "/regions")
			case "transportCards":
				return b.firstOf("/expect/transport_cards", "/transports")
			default:
				return "/transports"
			}
		}
		if i, ok := index(2, len(p.Deck.Cards)); ok {
			c := p.Deck.Cards[i]
			switch c.Kind {
			case mapdata.RegionCard:
				return b.firstOf(ptr("copies", b.dataNameOf(c.Region)), b.regionSrc[c.Region])
			case mapdata.PlaneCard:
				return b.firstOf("/transports/airplane", "/transports")
			case mapdata.CarCard:
				return b.firstOf("/transports/automobile", "/transports")
			case mapdata.ShipCard:
				return b.firstOf(ptr("transports", "ship", c.Sea), "/transports")
			case mapdata.TrainCard:
				return b.firstOf("/transports/train", "/transports")
			}
		}
		return "/transports"
	case "regions":
		if len(parts) == 1 {
			return b.firstOf("/expect/regions", "/regions")
		}
		if i, ok := index(1, len(p.Regions)); ok {
			r := p.Regions[i]
			field := ""
			if len(parts) > 2 {
				field = parts[2]
			}
			switch field {
			case "color":
				return b.firstOf(ptr("colors", "assign", b.dataNameOf(r.ID)), "/colors")
			case "copies":
				return b.firstOf(ptr("copies", b.dataNameOf(r.ID)), b.regionSrc[r.ID])
			case "airOnly":
				return b.firstOf("/air_only", b.regionSrc[r.ID])
			case "seas":
				return b.firstOf("/seas", b.regionSrc[r.ID])
			case "rails":
				return b.firstOf("/rails", b.regionSrc[r.ID])
			}
			return b.regionSrc[r.ID]
		}
	case "links":
		if i, ok := index(1, len(p.Links)); ok {
			if src, known := b.linkSrc[keyOf(p.Links[i])]; known {
				return src
			}
		}
		return "/links"
	case "colors":
		if i, ok := index(1, len(p.Colors)); ok {
			for k, c := range b.ed.Colors.Palette {
				if c == p.Colors[i].ID {
					return ptr("colors", "palette", k)
				}
			}
		}
		return "/colors"
	case "seas":
		if i, ok := index(1, len(p.Seas)); ok {
			return ptr("seas", p.Seas[i].ID)
		}
		return "/seas"
	case "rails":
		if i, ok := index(1, len(p.Rails)); ok {
			return ptr("rails", p.Rails[i].ID)
		}
		return "/rails"
	case "expect":
		return "/expect"
	}
	return ""
}

// firstOf gives the first pointer the edition file holds.
func (b *builder) firstOf(pointers ...string) string {
	for _, p := range pointers {
		if p != "" && b.in.Doc.Has(p) {
			return p
		}
	}
	for _, p := range pointers {
		if p != "" {
			return p
		}
	}
	return ""
}

func (b *builder) dataNameOf(id string) string {
	if i, ok := b.byID[id]; ok {
		return b.regions[i].dataName
	}
	return id
}
