package advise

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tendays/tendays/mapdata"
)

// A board-only edit keeps its games only when the play is the same: the
// provenance (which hashes edition.yaml) may differ, nothing else.
func TestSamePlayIgnoresOnlyTheProvenance(t *testing.T) {
	pack := func() *mapdata.Pack {
		return &mapdata.Pack{Regions: []mapdata.Region{{ID: "A", Copies: 2}, {ID: "B", Copies: 1}},
			Links: []mapdata.Link{{A: "A", B: "B", Kind: mapdata.Border}},
			Deck:  mapdata.Deck{Cards: []mapdata.Card{{Kind: mapdata.CarCard, Count: 4}}}}
	}
	a, b := pack(), pack()
	b.Provenance.Parameters = map[string]string{"edition.sha256": "other"}
	assert.True(t, samePlay(a, b))
	b.Deck.Cards[0].Count = 5
	assert.False(t, samePlay(a, b), "a deck edit plays otherwise")
	b = pack()
	b.Regions[1].AirOnly = true
	assert.False(t, samePlay(a, b), "an air-only region plays otherwise")
}
