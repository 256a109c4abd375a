package game

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

func aroundTheWorld(t *testing.T) *engine.Board {
	t.Helper()
	src, err := os.ReadFile("../testdata/around-the-world.pack.json")
	require.NoError(t, err)
	doc, err := mapdata.DecodePack("around-the-world.pack.json", src)
	require.NoError(t, err)
	b, err := engine.Compile(doc.Pack)
	require.NoError(t, err)
	return b
}

// 20 Days Around the World: the cards left after the fill make three draw
// piles, each turning up two face-up piles; each is drawn from on its own
// and made anew from its own face-up piles only.
func TestThreeDrawPiles(t *testing.T) {
	b := aroundTheWorld(t)
	require.Equal(t, 3, b.DrawPiles())
	g, err := New(b, Config{Players: 3}, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	for g.Phase() == Filling {
		require.NoError(t, g.Place(g.OpenSlots()[0]))
	}
	require.Equal(t, 3, g.NumDraw())
	require.Equal(t, 6, g.NumPiles())
	left := len(g.kindOf) - 3*20
	assert.Equal(t, left-6, g.DrawSize())
	for i := range 3 {
		// Cut in three, two turned up from each.
		assert.Equal(t, (i+1)*left/3-i*left/3-2, g.DrawPileSize(i), "draw pile %d", i+1)
	}
	assert.Equal(t, []int{0, 0, 1, 1, 2, 2}, []int{g.group(0), g.group(1), g.group(2), g.group(3), g.group(4), g.group(5)})
	require.NoError(t, g.Audit())

	// Draw pile 2 runs out with nothing under its face-up piles (3 and 4):
	// it cannot be drawn from, the others can.
	g.piles[0] = append(append([]card(nil), g.draws[1]...), g.piles[0]...)
	g.draws[1] = nil
	require.NoError(t, g.Audit())
	assert.False(t, g.CanDrawFrom(1))
	assert.True(t, g.CanDraw())
	assert.ErrorContains(t, g.Take(DrawPile(1)), "draw pile 2 is empty and no discards lie under its face-up cards")
	assert.ErrorContains(t, g.Take(DrawPile(3)), "no draw pile 4")
	require.NoError(t, g.Take(DrawPile(0)))
	// The discard goes under face-up pile 3 (draw pile 2's).
	require.NoError(t, g.Put(-1, 2))
	assert.True(t, g.CanDrawFrom(1))
	under0 := len(g.piles[0])
	// Drawing from it makes it anew of pile 3's card under the top alone.
	require.NoError(t, g.Take(DrawPile(1)))
	assert.Equal(t, 1, g.Reshuffles())
	assert.Equal(t, under0, len(g.piles[0]), "face-up pile 1 belongs to draw pile 1")
	assert.Len(t, g.piles[2], 1)
	assert.Equal(t, 0, g.DrawPileSize(1))
	require.NoError(t, g.Put(-1, 4))
	require.NoError(t, g.Audit())
}

// A box has one draw pile, as before.
func TestOneDrawPile(t *testing.T) {
	b := board(t, packtest.USA())
	assert.Equal(t, 1, b.DrawPiles())
	g, err := New(b, Config{Players: 2}, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	assert.Equal(t, 1, g.NumDraw())
	assert.Equal(t, FromDraw, DrawPile(0))
	i, ok := FromDraw.Draw()
	assert.True(t, ok)
	assert.Equal(t, 0, i)
	_, ok = Source(2).Draw()
	assert.False(t, ok)
}
