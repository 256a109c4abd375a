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

// fillByMap fills every holder of a combined game, each seat drawing from
// the map's pile DefaultFillPile names.
func fillByMap(t *testing.T, g *Game) {
	t.Helper()
	for g.Phase() == Filling {
		require.True(t, g.MustChooseFill())
		require.NoError(t, g.DrawFill(DefaultFillPile(g.ViewOf(g.Seat()))))
		require.NoError(t, g.Place(g.OpenSlots()[0]))
		require.NoError(t, g.Audit())
	}
}

// 20 Days Around the World: filling, a seat chooses which map's box to draw
// from; the cards left make three draw piles, each turning up two face-up
// piles; every seat sees which map each draw pile's top card is from.
func TestThreeDrawPiles(t *testing.T) {
	b := aroundTheWorld(t)
	require.Equal(t, 3, b.DrawPiles())
	g, err := New(b, Config{Players: 3}, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	require.Equal(t, 4, g.FillPiles())
	assert.ErrorContains(t, g.Place(0), "draw a card first: choose which map's pile to draw from (1 to 4)")
	assert.ErrorContains(t, g.DrawFill(4), "no map 5 (1 to 4)")
	// Every card of a map's pile is of that map's box.
	europe := g.FillPileSize(0)
	require.NoError(t, g.DrawFill(0))
	assert.Equal(t, europe-1, g.FillPileSize(0))
	assert.ErrorContains(t, g.DrawFill(1), "you hold")
	c := g.Hand()
	if r := b.RegionOf(c); r >= 0 {
		assert.Equal(t, 0, b.MapOf(r), "a Europe tile: %s", b.Name(c))
	}
	require.NoError(t, g.Place(0))
	fillByMap(t, g)
	for s := range 3 {
		cov := make([]int, 4)
		for _, c := range g.Holder(s) {
			if r := b.RegionOf(c); r >= 0 {
				cov[b.MapOf(r)]++
			}
		}
		assert.NotContains(t, cov, 0, "seat %d drew from every map: %v", s+1, cov)
	}
	require.Equal(t, 0, g.FillPiles())
	require.Equal(t, 3, g.NumDraw())
	require.Equal(t, 6, g.NumPiles())
	left := len(g.kindOf) - 3*20
	assert.Equal(t, left-6, g.DrawSize())
	for i := range 3 {
		// Cut in three, two turned up from each.
		assert.Equal(t, (i+1)*left/3-i*left/3-2, g.DrawPileSize(i), "draw pile %d", i+1)
		top := g.draws[i][len(g.draws[i])-1]
		assert.Equal(t, int(g.mapOf[top]), g.TopMap(i), "draw pile %d's back", i+1)
		assert.Equal(t, g.TopMap(i), g.ViewOf(1).TopMap(i))
	}
	assert.Equal(t, []int{0, 0, 1, 1, 2, 2}, []int{g.group(0), g.group(1), g.group(2), g.group(3), g.group(4), g.group(5)})
	require.NoError(t, g.Audit())
	// A card drawn carries its back's map in the turn's record.
	want := g.TopMap(0)
	require.NoError(t, g.Take(DrawPile(0)))
	require.NoError(t, g.Put(-1, 0))
	assert.Equal(t, want, g.LastTurn().FromMap)
}

// emptyDrawPile2 empties draw pile 2 onto face-up pile 1 (under its top),
// so that nothing lies under pile 2's own face-up piles (3 and 4).
func emptyDrawPile2(t *testing.T, g *Game) {
	t.Helper()
	g.piles[0] = append(append([]card(nil), g.draws[1]...), g.piles[0]...)
	g.draws[1] = nil
	require.NoError(t, g.Audit())
	assert.Equal(t, -1, g.TopMap(1), "an empty pile shows no back")
}

// As the boxes play it: an empty draw pile is made anew from every card
// under the face-up tops, whichever draw pile turned them up.
func TestRefillFromEveryDiscard(t *testing.T) {
	b := aroundTheWorld(t)
	g, err := New(b, Config{Players: 3}, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	fillByMap(t, g)
	emptyDrawPile2(t, g)
	assert.True(t, g.CanDrawFrom(1), "cards lie under face-up pile 1")
	under := 0
	for _, p := range g.piles {
		under += len(p) - 1
	}
	require.NoError(t, g.Take(DrawPile(1)))
	assert.Equal(t, 1, g.Reshuffles())
	assert.Equal(t, under-1, g.DrawPileSize(1))
	for k := range g.piles {
		assert.Len(t, g.piles[k], 1, "face-up pile %d keeps its top alone", k+1)
	}
	require.NoError(t, g.Put(-1, 4))
	require.NoError(t, g.Audit())
}

// The toolkit's earlier reading, kept as an option: an empty draw pile is
// made anew from its own face-up piles only.
func TestRefillFromOwnPiles(t *testing.T) {
	b := aroundTheWorld(t)
	g, err := New(b, Config{Players: 3, Refill: RefillOwn}, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	assert.Equal(t, []string{"an empty draw pile is made anew from its own face-up piles only (the boxes use every discard)"}, Config{Refill: RefillOwn}.Variants())
	fillByMap(t, g)
	emptyDrawPile2(t, g)
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

// A card taken face up and kept is known to sit in the taker's holder; one
// drawn is not; a known card discarded is known no more.
func TestKnownHeld(t *testing.T) {
	b := aroundTheWorld(t)
	g, err := New(b, Config{Players: 3}, rand.New(rand.NewPCG(3, 4)))
	require.NoError(t, err)
	fillByMap(t, g)
	counts := make([]int, b.NumCards())
	top := g.Top(0)
	require.NoError(t, g.Take(0))
	require.NoError(t, g.Put(5, 0)) // seat 1 keeps it on day 6, the discard on the emptied pile
	assert.Equal(t, 1, g.ViewOf(1).KnownHeld(counts))
	assert.Equal(t, 1, counts[top])
	assert.Equal(t, 0, g.ViewOf(0).KnownHeld(make([]int, b.NumCards())), "not among the others' of its own seat")
	// The others' unseen cards leave it out.
	unseen := make([]int, b.NumCards())
	total := g.ViewOf(1).Unseen(unseen)
	assert.Equal(t, g.DrawSize()+2*20-1, total)
	// Seat 2 draws and keeps; seat 3 passes; seat 1 discards the known card.
	require.NoError(t, g.Take(DrawPile(0)))
	require.NoError(t, g.Put(0, 0))
	require.NoError(t, g.Take(DrawPile(1)))
	require.NoError(t, g.Put(-1, 2))
	assert.Equal(t, 1, g.ViewOf(2).KnownHeld(make([]int, b.NumCards())), "a card drawn and kept is the drawer's secret")
	require.NoError(t, g.Take(DrawPile(2)))
	require.NoError(t, g.Put(5, 3))
	assert.Equal(t, 0, g.ViewOf(1).KnownHeld(make([]int, b.NumCards())))
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
