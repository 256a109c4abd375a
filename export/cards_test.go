package export

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

func TestCardsCSVOneRowPerPhysicalCard(t *testing.T) {
	in := fixture(t)
	p := in.regionsPack()
	// Plant a region with two cards and a name a spreadsheet would run.
	p.Regions[0].Name = "=HYPERLINK(1)"
	for i := range p.Deck.Cards {
		if p.Deck.Cards[i].Kind == mapdata.RegionCard && p.Deck.Cards[i].Region == p.Regions[0].ID {
			p.Deck.Cards[i].Count = 2
		}
	}
	data, err := CardsCSV(p)
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, CardColumns, rows[0])
	total := 0
	for _, c := range p.Deck.Cards {
		total += c.Count
	}
	require.Len(t, rows, total+1, "a row per physical card")
	// Deck order, copies numbered, colours with hex and symbol.
	i := 1
	for _, c := range p.Deck.Cards {
		for k := 1; k <= c.Count; k++ {
			r := rows[i]
			assert.Equal(t, c.Token, r[0])
			assert.Equal(t, string(c.Kind), r[2])
			assert.Equal(t, strconv.Itoa(k), r[7])
			assert.Equal(t, strconv.Itoa(c.Count), r[8])
			if c.Kind == mapdata.RegionCard || c.Kind == mapdata.PlaneCard {
				assert.NotEmpty(t, r[3], "colour of %s", c.Token)
				assert.Regexp(t, `^#[0-9a-fA-F]{6}$`, r[5])
				assert.NotEmpty(t, r[6], "symbol of %s", c.Token)
			}
			i++
		}
	}
	assert.Contains(t, string(data), "'=HYPERLINK(1)", "the name is neutralized")
}

func TestPDFSameBytes(t *testing.T) {
	in := fixture(t)
	a, err := Render(in, PDF, Options{})
	require.NoError(t, err)
	b, err := Render(in, PDF, Options{})
	require.NoError(t, err)
	require.Len(t, a, 1)
	assert.Equal(t, "testland.pdf", a[0].Name)
	assert.True(t, bytes.HasPrefix(a[0].Data, []byte("%PDF-")))
	assert.Equal(t, a[0].Data, b[0].Data, "same pack, same bytes")
	c, err := Render(in, PDF, Options{Paper: "letter"})
	require.NoError(t, err)
	assert.NotEqual(t, a[0].Data, c[0].Data)
	_, err = Render(in, PDF, Options{Paper: "a3"})
	assert.ErrorContains(t, err, "unknown paper")
}
