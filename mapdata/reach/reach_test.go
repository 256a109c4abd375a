package reach

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

func square(x, y float64) orb.Polygon {
	return orb.Polygon{{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}, {x, y}}}
}

func feature(id string, g orb.Geometry) *geojson.Feature {
	f := geojson.NewFeature(g)
	f.Properties["layer"], f.Properties["id"] = mapdata.LayerRegion, id
	return f
}

func TestLinkedAndNearest(t *testing.T) {
	p := &mapdata.Pack{Regions: []mapdata.Region{{ID: "A"}, {ID: "B"}, {ID: "C"}, {ID: "D"}, {ID: "E", AirOnly: true}, {ID: "F"}},
		Links: []mapdata.Link{{A: "A", B: "B", Kind: mapdata.Border}, {A: "B", B: "F", Kind: mapdata.Border}}}
	board := geojson.NewFeatureCollection()
	board.Append(feature("A", square(0, 0)))
	board.Append(feature("B", square(1, 0)))
	board.Append(feature("C", square(2.5, 0)))
	board.Append(feature("D", square(3.5, 0)))
	g := Linked(p, Areas(board))
	assert.Equal(t, [][]string{{"C"}, {"D"}}, g.CutOff())
	assert.True(t, g.IsCutOff("C"))
	assert.False(t, g.IsCutOff("E"), "an air-only region is cut off by design")
	near := Nearest(Outlines(board), []string{"D", "C"}, []string{"A", "B"})
	require.Len(t, near, 2)
	assert.Equal(t, "C", near[0].From)
	assert.Equal(t, "B", near[0].To)
	assert.InDelta(t, 55.6, near[0].Km, 0.5)
	assert.InDelta(t, 166.8, near[1].Km, 1)

	// A rail line that a neutral train rides joins C and D; one whose
	// cards name another line does not.
	p.Regions[2].Rails, p.Regions[3].Rails = []string{"east"}, []string{"east"}
	p.Deck.Cards = []mapdata.Card{{Kind: mapdata.TrainCard, Rail: "west", Count: 2}}
	assert.Len(t, Linked(p, nil).CutOff(), 2)
	p.Deck.Cards = []mapdata.Card{{Kind: mapdata.TrainCard, Count: 2}}
	assert.Equal(t, [][]string{{"C", "D"}}, Linked(p, Areas(board)).CutOff())

	// Two groups of one size with no area to choose by: none is main.
	p.Regions = p.Regions[:4]
	p.Links = []mapdata.Link{{A: "A", B: "B", Kind: mapdata.Border}, {A: "C", B: "D", Kind: mapdata.Border}}
	p.Deck.Cards = nil
	assert.Empty(t, Linked(p, nil).CutOff())
}

func TestScattered(t *testing.T) {
	board := geojson.NewFeatureCollection()
	// X's pieces at 0 and 5 border W and V; its piece at 10 borders
	// nothing and makes no shortcut.
	board.Append(feature("X", orb.MultiPolygon{square(0, 0), square(5, 0), square(10, 0)}))
	board.Append(feature("W", square(1, 0)))
	board.Append(feature("V", square(6, 0)))
	board.Append(feature("Y", orb.MultiPolygon{square(0, 3), square(1.05, 3)}))
	board.Append(feature("U", square(2.05, 3)))
	nb := map[string][]string{"X": {"W", "V"}, "Y": {"U"}}
	got := ScatteredRegions(Outlines(board), []string{"X", "Y"}, nb, 100)
	require.Len(t, got, 1)
	assert.Equal(t, "X", got[0].ID)
	assert.Equal(t, 2, got[0].Pieces)
	assert.InDelta(t, 444.8, got[0].Gap, 2, "the gap between the pieces that border")
}
