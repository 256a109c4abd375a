package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

func deckSpec(cars int, planes map[string]int) packtest.Spec {
	return packtest.Spec{ID: "big", Name: "Big", Days: 3, Colors: []string{"red", "blue"},
		Regions: []packtest.RegionSpec{{ID: "A", Color: "red"}, {ID: "B", Color: "blue"}},
		Borders: []packtest.Border{{A: "A", B: "B"}}, Cars: cars, Planes: planes}
}

// TestCompileRefusesHugeDecks: a deck beyond mapdata.MaxDeckCards is
// refused before anything is sized from it (a 300-million-card deck made
// simulate allocate gigabytes), and counts whose sum wraps an int64 do not
// sneak under the bound.
func TestCompileRefusesHugeDecks(t *testing.T) {
	_, err := Compile(packtest.Build(deckSpec(300_000_000, nil)))
	var pe *PackError
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, pe.Pointer, "/count")
	assert.Contains(t, pe.Msg, "more than the 100000 cards a deck may hold")

	_, err = Compile(packtest.Build(deckSpec(mapdata.MaxDeckCards, map[string]int{"red": 1})))
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "/deck/cards", pe.Pointer)
	assert.Contains(t, pe.Msg, "the deck holds 100003 cards") // 2 region cards, the cars, 1 plane

	p := packtest.Build(deckSpec(4, map[string]int{"red": 2, "blue": 2}))
	for i := range p.Deck.Cards {
		if p.Deck.Cards[i].Kind == mapdata.PlaneCard {
			p.Deck.Cards[i].Count = math.MaxInt64
		}
	}
	_, err = Compile(p)
	require.ErrorAs(t, err, &pe)
	got := mapdata.TotalsOf(p.Deck.Cards)
	assert.Equal(t, math.MaxInt, got.TransportCards, "totals saturate, not wrap")
	assert.Equal(t, math.MaxInt, got.Cards)

	_, err = Compile(packtest.Build(deckSpec(mapdata.MaxDeckCards-10, nil)))
	assert.NoError(t, err, "a deck at the bound is fine")
}
