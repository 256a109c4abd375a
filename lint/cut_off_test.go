package lint

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

// islands is three regions in a row on one island and two on another,
// 0.1° (about 11 km at the equator) east of it.
func islands() (*mapdata.Pack, *geojson.FeatureCollection) {
	p := &mapdata.Pack{Edition: mapdata.EditionInfo{ID: "isles", Days: 10}}
	board := geojson.NewFeatureCollection()
	for i, id := range []string{"A", "B", "C", "D", "E"} {
		x := float64(i)
		if i >= 3 {
			x += 0.1
		}
		p.Regions = append(p.Regions, mapdata.Region{ID: id, Name: "Region " + id, Color: "red", Copies: 1})
		f := geojson.NewFeature(orb.Polygon{{{x, 0}, {x + 1, 0}, {x + 1, 1}, {x, 1}, {x, 0}}})
		f.Properties["layer"], f.Properties["id"] = mapdata.LayerRegion, id
		board.Append(f)
	}
	p.Links = []mapdata.Link{{A: "A", B: "B", Kind: mapdata.Border}, {A: "B", B: "C", Kind: mapdata.Border}, {A: "D", B: "E", Kind: mapdata.Border}}
	return p, board
}

func cutOffFindings(t *testing.T, p *mapdata.Pack, board *geojson.FeatureCollection) []string {
	var got []string
	for _, f := range check(&Target{File: "isles.pack.json", Pack: p, Board: board}) {
		if f.Rule == RuleCutOff {
			got = append(got, f.Pointer+" "+f.Message)
		}
	}
	return got
}

func TestCutOff(t *testing.T) {
	p, board := islands()
	got := cutOffFindings(t, p, board)
	require.Len(t, got, 1)
	assert.Equal(t, "/regions/3 a group of 2 regions, Region D (D), Region E (E), is cut off from the 3 regions of the largest group: only a plane reaches them; nearest crossings: Region D – Region C 11 km, Region E – Region C 122 km", got[0])

	// Without the board the group is still named, with no distance.
	got = cutOffFindings(t, p, nil)
	require.Len(t, got, 1)
	assert.NotContains(t, got[0], "km")

	// A ferry joins it: nothing to say.
	p.Links = append(p.Links, mapdata.Link{A: "C", B: "D", Kind: mapdata.Ferry})
	assert.Empty(t, cutOffFindings(t, p, board))

	// So does a sea that ship cards serve, and not one they do not.
	p, board = islands()
	p.Seas = []mapdata.Sea{{ID: "strait", Name: "Strait"}}
	p.Regions[2].Seas, p.Regions[3].Seas = []string{"strait"}, []string{"strait"}
	assert.Len(t, cutOffFindings(t, p, board), 1, "a sea without ship cards joins nothing")
	p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Kind: mapdata.ShipCard, Sea: "strait", Count: 1, Token: "ship:strait"})
	assert.Empty(t, cutOffFindings(t, p, board))
}
