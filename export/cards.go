package export

import (
	"strconv"
	"strings"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/mapdata"
)

// CardColumns are the cards table's columns: one row per physical card, in
// deck order, the shape nanDECK, Squib and Component.Studio import (a row
// a card, a column a field). A combined pack adds MapColumn last.
var CardColumns = []string{"id", "name", "kind", "color", "color_name", "color_hex", "symbol", "copy", "copies", "sea", "rail"}

// CardsCSV gives <id>.cards.csv: every card of the deck as many times as
// the deck holds it, each copy numbered; a region card has its region's
// colour, a plane its own. Cells are neutralized as in every CSV (SafeCell).
func CardsCSV(p *mapdata.Pack) ([]byte, error) {
	colours := map[string]mapdata.Color{}
	for _, c := range p.Colors {
		colours[c.ID] = c
	}
	symbols := scene.Symbols(p)
	header := CardColumns
	if p.Combined != nil {
		header = append(append([]string(nil), CardColumns...), MapColumn)
	}
	var rows [][]string
	for _, c := range p.Deck.Cards {
		if c.Count <= 0 {
			continue
		}
		name, colour, where := string(c.Kind), "", ""
		switch c.Kind {
		case mapdata.RegionCard:
			if r := p.Region(c.Region); r != nil {
				name, colour, where = r.Name, r.Color, r.Map
			}
		case mapdata.PlaneCard:
			colour = c.Color
			name = "Airplane (" + nameOr(colours[c.Color].Name, c.Color) + ")"
		case mapdata.CarCard:
			name = "Automobile"
		case mapdata.ShipCard:
			sea := c.Sea
			for _, s := range p.Seas {
				if s.ID == c.Sea {
					sea = nameOr(s.Name, s.ID)
				}
			}
			if c.Routes {
				sea = "ship routes"
			}
			name = "Ship (" + sea + ")"
		case mapdata.TrainCard:
			name = "Train"
			for _, r := range p.Rails {
				if r.ID == c.Rail && c.Rail != "" {
					name = "Train (" + nameOr(r.Name, r.ID) + ")"
				}
			}
		}
		if own := p.Rules.Kind(c.Kind); c.Kind != mapdata.RegionCard && own.Name != (mapdata.Rules{}).Kind(c.Kind).Name {
			// The edition's own name for the kind: "Zug (Red)".
			name = own.Name + strings.TrimPrefix(name, (mapdata.Rules{}).Kind(c.Kind).Name)
		}
		if where == "" && colour != "" {
			for _, r := range p.Regions {
				if r.Color == colour {
					where = r.Map
					break
				}
			}
		}
		col := colours[colour]
		sym := ""
		if s, ok := symbols[colour]; ok && colour != "" {
			sym = scene.SymbolNames[s]
		}
		for k := 1; k <= c.Count; k++ {
			row := []string{c.Token, name, string(c.Kind), colour, col.Name, col.Hex, sym, strconv.Itoa(k), strconv.Itoa(c.Count), c.Sea, c.Rail}
			if p.Combined != nil {
				row = append(row, where)
			}
			rows = append(rows, row)
		}
	}
	return writeCSV(header, rows)
}

func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
