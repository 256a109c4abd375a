package tts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

func fixture(t *testing.T) (*mapdata.Pack, *board.Board) {
	t.Helper()
	p, err := mapdata.ReadPack("../testdata/testland.pack.json", 0)
	require.NoError(t, err)
	b, err := board.Read("../testdata/testland.board.geojson")
	require.NoError(t, err)
	return p.Pack, b
}

func TestFaces(t *testing.T) {
	p, b := fixture(t)
	faces, err := Faces(p, b, 100)
	require.NoError(t, err)
	require.Len(t, faces, len(p.Deck.Cards), "one face per kind of card; copies share it")
	titles := map[string]string{}
	for _, f := range faces {
		titles[f.Card.Token] = f.Title
		assert.Equal(t, 100.0, f.Scene.Width)
		assert.Equal(t, 140.0, f.Scene.Height)
	}
	assert.Equal(t, "Hotel Island Territory", titles["HT"])
	assert.Equal(t, "Airplane (Red)", titles["plane:red"])
	assert.Equal(t, "Ship (Western Sea)", titles["ship:west"])
	assert.Equal(t, "Train", titles["train"])
	assert.Equal(t, "#c8453a", faces[0].Scene.Background, "a region's card is edged in its colour")

	p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: "ZZ", Kind: mapdata.RegionCard, Region: "ZZ", Count: 1})
	_, err = Faces(p, b, 100)
	assert.ErrorContains(t, err, `deck card "ZZ" names region "ZZ"`)
}

func TestBuildRefusesBadSizes(t *testing.T) {
	p, b := fixture(t)
	_, _, err := Build(p, b, Options{CardWidth: 5})
	assert.ErrorContains(t, err, "card width 5 pixels is out of range")
	p.Deck.Cards = nil
	_, _, err = Build(p, b, Options{CardWidth: 50})
	assert.ErrorContains(t, err, "no cards")
}

func TestGUIDsAreStable(t *testing.T) {
	assert.Equal(t, guid("card/AL/0"), guid("card/AL/0"))
	assert.NotEqual(t, guid("card/AL/0"), guid("card/AL/1"))
	assert.Regexp(t, `^[0-9a-f]{6}$`, guid("x"))
}
