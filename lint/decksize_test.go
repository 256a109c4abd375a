package lint

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

func deckTooSmall(p *mapdata.Pack) []diag.Finding {
	var out []diag.Finding
	for _, f := range check(&Target{File: "mini.pack.json", Pack: p}) {
		if f.Rule == RuleDeckTooSmall {
			out = append(out, f)
		}
	}
	return out
}

// A deck that deals four holders, three face-up cards and a draw pile is
// enough for a box, and too small for a combined edition that lays out six
// face-up piles and three draw piles.
func TestDeckTooSmallCountsTheEditionsPiles(t *testing.T) {
	p := miniPack(t)
	total := mapdata.TotalsOf(p.Deck.Cards).Cards
	// The longest journey whose four holders leave 3 face-up + 1 to draw,
	// but fewer than 6 face-up + 3 to draw.
	p.Edition.Days = (total - 4) / MaxPlayers
	require.Less(t, total, MaxPlayers*p.Edition.Days+9)
	assert.Empty(t, deckTooSmall(p), "a box needs %d cards, the deck has %d", MaxPlayers*p.Edition.Days+4, total)

	p.Combined = &mapdata.Combined{DrawPiles: 3, FaceUp: 6, Win: mapdata.WinEveryMap}
	fs := deckTooSmall(p)
	require.Len(t, fs, 1)
	assert.Contains(t, fs[0].Message, "too few for 4 players")
	assert.Contains(t, fs[0].Hint, "+ 6 face-up + 3 to draw")
	assert.Equal(t, ptr("deck", "totals", "cards"), fs[0].Pointer)

	// The combined block's own counts, whatever they are.
	p.Combined.FaceUp, p.Combined.DrawPiles = 3, 1
	assert.Empty(t, deckTooSmall(p))
}
