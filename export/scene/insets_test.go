package scene

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

// squares is a pack and board of unit squares at the given corners.
func squares(t *testing.T, at map[string]orb.Point, airOnly ...string) (*mapdata.Pack, *board.Geometry) {
	return squaresInset(t, at, nil, airOnly...)
}

// squaresInset is squares with some regions in board insets.
func squaresInset(t *testing.T, at map[string]orb.Point, inset map[string]int, airOnly ...string) (*mapdata.Pack, *board.Geometry) {
	t.Helper()
	p := &mapdata.Pack{Colors: []mapdata.Color{{ID: "red", Hex: "#c8372d"}}}
	fc := geojson.NewFeatureCollection()
	for _, id := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"} {
		c, ok := at[id]
		if !ok {
			continue
		}
		r := mapdata.Region{ID: id, Name: id, Color: "red"}
		for _, a := range airOnly {
			r.AirOnly = r.AirOnly || a == id
		}
		p.Regions = append(p.Regions, r)
		sq := orb.Polygon{{c, {c[0] + 1, c[1]}, {c[0] + 1, c[1] + 1}, {c[0], c[1] + 1}, c}}
		f := geojson.NewFeature(orb.MultiPolygon{sq})
		f.ID = id
		f.Properties = geojson.Properties{"layer": "region", "id": id, "name": id}
		if k := inset[id]; k > 0 {
			f.Properties["inset"] = k
		}
		fc.Append(f)
	}
	data, err := fc.MarshalJSON()
	require.NoError(t, err)
	b, err := board.Decode("t.board.geojson", data)
	require.NoError(t, err)
	return p, b
}

// find is the first item (at any depth) that match accepts.
func find(items []Item, match func(Item) bool) Item {
	for _, it := range items {
		if match(it) {
			return it
		}
		if g, ok := it.(*Group); ok {
			if f := find(g.Items, match); f != nil {
				return f
			}
		}
	}
	return nil
}

func TestDeclaredInsetsTakeFarRegionsOffTheMap(t *testing.T) {
	at := map[string]orb.Point{"A": {0, 40}, "B": {1, 40}, "C": {0, 41}, "D": {1, 41}, "E": {-30, 30}, "F": {-29, 30}}
	p, b := squaresInset(t, at, map[string]int{"E": 1, "F": 1})
	l, err := Layout(p, b, Options{})
	require.NoError(t, err)
	sc := l.Draw()
	box := find(sc.Items, func(it Item) bool { g, ok := it.(*Group); return ok && g.ID == "inset-E" })
	require.NotNil(t, box, "one box for E and F")
	for _, id := range []string{"region-E", "region-F"} {
		assert.NotNil(t, find(box.(*Group).Items, func(it Item) bool { p, ok := it.(*Path); return ok && p.ID == id }), id)
	}
	// The main map holds the block alone: its two columns are far apart.
	a, _ := l.Anchor("A")
	bb, _ := l.Anchor("B")
	assert.Greater(t, bb[0]-a[0], 0.25*(l.MapBox.Max[0]-l.MapBox.Min[0]))

	// Without the inset, the block is a speck in a frame stretched to the
	// islands.
	p, b = squares(t, at)
	l, err = Layout(p, b, Options{})
	require.NoError(t, err)
	a, _ = l.Anchor("A")
	bb, _ = l.Anchor("B")
	assert.Less(t, bb[0]-a[0], 0.1*(l.MapBox.Max[0]-l.MapBox.Min[0]))
}

func TestListSeaIsBandedAlongItsCoasts(t *testing.T) {
	// Three by three: E in the middle has no coast.
	at := map[string]orb.Point{}
	for i, id := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"} {
		at[id] = orb.Point{float64(i % 3), 40 + float64(i/3)}
	}
	p, b := squares(t, at)
	p.Seas = []mapdata.Sea{{ID: "north", Name: "North Sea"}}
	for i := range p.Regions {
		if id := p.Regions[i].ID; id == "A" || id == "E" {
			p.Regions[i].Seas = []string{"north"}
		}
	}
	l, err := Layout(p, b, Options{})
	require.NoError(t, err)
	sc := l.Draw()
	it := find(sc.Items, func(it Item) bool { p, ok := it.(*Path); return ok && p.ID == "sea-band-north" })
	require.NotNil(t, it, "the list sea is drawn")
	band := it.(*Path)
	eShape := l.byID["E"].shape
	aShape := l.byID["A"].shape
	for _, ring := range band.Rings {
		for _, q := range ring {
			assert.False(t, eShape.bound.Pad(-1).Contains(q), "no band inside E, which has no coast")
			assert.True(t, aShape.bound.Pad(1).Contains(q), "the band follows A's coast")
		}
	}
	legendText := find(sc.Items, func(it Item) bool {
		tx, ok := it.(*Text)
		return ok && len(tx.Lines) == 1 && tx.Lines[0] == "North Sea (ship cards: the coasts it serves)"
	})
	assert.NotNil(t, legendText, "the legend names the sea")
}

// Every text a board draws reads at WCAG AA: its fill against its halo
// (what is under it), or against the page where it has none.
func TestBoardTextsReadAtWCAGAA(t *testing.T) {
	at := map[string]orb.Point{"A": {0, 40}, "B": {1, 40}, "C": {0, 41}, "D": {1, 41}, "E": {-30, 30}, "F": {-29, 30}}
	p, b := squaresInset(t, at, map[string]int{"E": 1, "F": 1})
	p.Seas = []mapdata.Sea{{ID: "s1", Name: "One Sea"}, {ID: "s2", Name: "Two Sea"}, {ID: "s3", Name: "Three Sea"}, {ID: "s4", Name: "Four Sea"}, {ID: "s5", Name: "Five Sea"}, {ID: "s6", Name: "Six Sea"}}
	for i := range p.Regions {
		p.Regions[i].Seas = []string{"s1", "s2", "s3", "s4", "s5", "s6"}
	}
	sc, err := Board(p, b, Options{})
	require.NoError(t, err)
	n := 0
	var walk func([]Item)
	walk = func(items []Item) {
		for _, it := range items {
			switch v := it.(type) {
			case *Group:
				walk(v.Items)
			case *Text:
				bg := sc.Background
				if v.Halo != "" {
					bg = v.Halo
				}
				assert.GreaterOrEqual(t, Contrast(v.Fill, bg), 4.5, "%q: %s on %s", v.Lines, v.Fill, bg)
				n++
			}
		}
	}
	walk(sc.Items)
	assert.Greater(t, n, 10)
	for _, tint := range bandTints {
		assert.GreaterOrEqual(t, Contrast(tint, waterColor), 4.5, tint)
	}
}
