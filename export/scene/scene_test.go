package scene

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

func rect(x0, y0, x1, y1 float64) orb.Polygon {
	return orb.Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}}
}

// synthetic makes a pack and board from outlines.
func synthetic(id string, shapes map[string]orb.MultiPolygon, airOnly ...string) (*mapdata.Pack, *board.Geometry) {
	p := &mapdata.Pack{Edition: mapdata.EditionInfo{ID: id, Name: "10 Days in " + id, Days: 10},
		Colors: []mapdata.Color{{ID: "a", Name: "A", Hex: "#88aa44"}, {ID: "b", Name: "B", Hex: "#4466cc"}}}
	b := &board.Geometry{File: id + ".board.geojson"}
	i := 0
	for _, rid := range slices.Sorted(maps.Keys(shapes)) {
		air := false
		for _, a := range airOnly {
			air = air || a == rid
		}
		p.Regions = append(p.Regions, mapdata.Region{ID: rid, Name: "Region " + rid, Color: []string{"a", "b"}[i%2], Copies: 1, AirOnly: air})
		b.Regions = append(b.Regions, board.Region{ID: rid, Geometry: shapes[rid]})
		i++
	}
	return p, b
}

func texts(items []Item, in string, out *[]*Text, group string) {
	for _, it := range items {
		switch t := it.(type) {
		case *Group:
			g := group
			if t.ID != "" {
				g = t.ID
			}
			texts(t.Items, in, out, g)
		case *Text:
			if group == in {
				*out = append(*out, t)
			}
		}
	}
}

func findGroup(items []Item, id string) *Group {
	for _, it := range items {
		if g, ok := it.(*Group); ok {
			if g.ID == id {
				return g
			}
			if f := findGroup(g.Items, id); f != nil {
				return f
			}
		}
	}
	return nil
}

// TestCrowdedLabelsDoNotOverlap: a grid of small regions and a cluster of
// tiny ones, all with long names. Every name is placed, no two overlap,
// and a name put outside its region has a leader line from the region.
func TestCrowdedLabelsDoNotOverlap(t *testing.T) {
	shapes := map[string]orb.MultiPolygon{}
	for i := 0; i < 10; i++ {
		for j := 0; j < 6; j++ {
			x, y := float64(i), 40+float64(j)
			shapes[fmt.Sprintf("G%d%d", i, j)] = orb.MultiPolygon{rect(x, y, x+1, y+1)}
		}
	}
	for k := 0; k < 6; k++ {
		x := 10.1 + float64(k)*0.06
		shapes[fmt.Sprintf("T%d", k)] = orb.MultiPolygon{rect(x, 43, x+0.05, 43.05)}
	}
	p, b := synthetic("crowded", shapes)
	sc, err := Board(p, b, Options{})
	require.NoError(t, err)
	labels := findGroup(sc.Items, "labels")
	require.NotNil(t, labels)
	var ts []*Text
	texts(labels.Items, "labels", &ts, "labels")
	require.Len(t, ts, len(p.Regions), "one name per region")
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			assert.False(t, overlaps(ts[i].Bound(), ts[j].Bound()), "%v overlaps %v", ts[i].Lines, ts[j].Lines)
		}
	}
	leaders := 0
	for _, it := range labels.Items {
		if pth, ok := it.(*Path); ok && pth.Class == "leader" {
			leaders++
		}
	}
	assert.GreaterOrEqual(t, leaders, 6, "the tiny regions are named outside, on leader lines")
	for _, tx := range ts {
		assert.GreaterOrEqual(t, tx.Size, 8.5*0.9-1e-9, "%v is legible", tx.Lines)
	}
}

// TestAntimeridian: a region stitched across ±180 (as world-atlas writes
// Chukotka) is drawn in one piece, not stretched across the page.
func TestAntimeridian(t *testing.T) {
	shapes := map[string]orb.MultiPolygon{
		"RU": {{{{160, 60}, {180, 60}, {-170, 60}, {-170, 70}, {180, 70}, {160, 70}, {160, 60}}}},
		"JP": {rect(140, 35, 145, 45)},
		"FJ": {rect(177, -19, 180, -16), rect(-180, -19, -178, -16)},
	}
	p, b := synthetic("pacific", shapes)
	sc, err := Board(p, b, Options{})
	require.NoError(t, err)
	regions := findGroup(sc.Items, "regions")
	require.NotNil(t, regions)
	widths := map[string]float64{}
	for _, it := range regions.Items {
		pth := it.(*Path)
		bd := emptyBound()
		for _, r := range pth.Rings {
			for _, pt := range r {
				bd = bd.Extend(pt)
			}
		}
		widths[pth.ID] = bd.Max[0] - bd.Min[0]
	}
	assert.Less(t, widths["region-RU"], sc.Width*0.7, "Chukotka stays joined to Russia")
	assert.Less(t, widths["region-FJ"], sc.Width*0.2, "Fiji's two halves stay together")
}

// TestInsets: an air-only region far away goes into an inset; one inside
// the map stays in place, marked.
func TestInsets(t *testing.T) {
	shapes := map[string]orb.MultiPolygon{
		"A": {rect(0, 40, 5, 45)}, "B": {rect(5, 40, 10, 45)}, "C": {rect(0, 45, 10, 48)},
		"FAR":  {rect(-40, 20, -38, 22)},
		"NEAR": {rect(4, 42, 6, 43)},
	}
	p, b := synthetic("insets", shapes, "FAR", "NEAR")
	sc, err := Board(p, b, Options{})
	require.NoError(t, err)
	assert.NotNil(t, findGroup(sc.Items, "inset-FAR"))
	assert.Nil(t, findGroup(sc.Items, "inset-NEAR"))
	var ts []*Text
	texts(findGroup(sc.Items, "labels").Items, "labels", &ts, "labels")
	noted := false
	for _, tx := range ts {
		if tx.Lines[len(tx.Lines)-1] == "air only" {
			noted = true
		}
	}
	assert.True(t, noted, "the air-only region on the map is marked")
	// The inset does not cover the map's regions.
	inset := findGroup(sc.Items, "inset-FAR")
	regions := findGroup(sc.Items, "regions")
	for _, it := range regions.Items {
		pth := it.(*Path)
		for _, r := range pth.Rings {
			for _, pt := range r {
				assert.False(t, inset.Clip.Contains(pt) && inset.Clip.Min[0] < pt[0] && pt[0] < inset.Clip.Max[0] && inset.Clip.Min[1] < pt[1] && pt[1] < inset.Clip.Max[1],
					"%s point %v under the inset", pth.ID, pt)
			}
		}
	}
}

func TestBoardNeedsEveryOutline(t *testing.T) {
	p, b := synthetic("x", map[string]orb.MultiPolygon{"A": {rect(0, 0, 1, 1)}})
	p.Regions = append(p.Regions, mapdata.Region{ID: "B", Name: "B"})
	_, err := Board(p, b, Options{})
	assert.ErrorContains(t, err, "no outline for region B")
}

func TestNum(t *testing.T) {
	for in, want := range map[float64]string{1: "1", 1.5: "1.5", 1.234: "1.23", -0.001: "0", 100.10: "100.1", -2.505: "-2.5"} {
		assert.Equal(t, want, Num(in), "%v", in)
	}
}

func TestMeasure(t *testing.T) {
	w := Measure(Regular, "Hamburg", 10)
	assert.InDelta(t, 40, w, 10)
	assert.InDelta(t, 2*w, Measure(Regular, "Hamburg", 20), 1e-9)
	assert.Greater(t, Measure(Bold, "Hamburg", 10), w)
	assert.False(t, math.IsNaN(Measure(Regular, "\u0000\U0010ffff", 10)))
}

// An air-only island just off the main regions (near enough to be drawn
// where it lies, not in an inset) is on the page: inside the map's box,
// its label point too, not left off with its name over the title.
func TestAirOnlyIslandNearTheMapIsOnIt(t *testing.T) {
	p, b := synthetic("isles", map[string]orb.MultiPolygon{
		"A": {rect(0, 50, 10, 60)},
		"B": {rect(10, 50, 20, 60)},
		"G": {rect(4, 49.52, 4.2, 49.56)}, // south of A, within 5% of the main bound
	}, "G")
	l, err := Layout(p, b, Options{})
	require.NoError(t, err)
	at, r, ok := l.Label("G")
	require.True(t, ok)
	assert.Greater(t, r, 0.0)
	assert.True(t, l.MapBox.Contains(at), "G's label point %v outside the map box %v", at, l.MapBox)
	var labels []*Text
	texts(l.Draw().Items, "labels", &labels, "")
	for _, lb := range labels {
		if lb.Lines[0] == "Region G" {
			assert.True(t, lb.At[1] > l.MapBox.Min[1], "G's name at %v, over the title", lb.At)
		}
	}
}

func TestSymbolsOnePerColourWithinAMap(t *testing.T) {
	p := &mapdata.Pack{
		Colors:  []mapdata.Color{{ID: "a.red"}, {ID: "a.blue"}, {ID: "b.red"}, {ID: "b.blue"}},
		Regions: []mapdata.Region{{ID: "1", Color: "a.red", Map: "a"}, {ID: "2", Color: "a.blue", Map: "a"}, {ID: "3", Color: "b.red", Map: "b"}, {ID: "4", Color: "b.blue", Map: "b"}},
	}
	assert.Equal(t, map[string]int{"a.red": 0, "a.blue": 1, "b.red": 0, "b.blue": 1}, Symbols(p))
	for i := range SymbolNames {
		ring := SymbolRing(i, orb.Point{10, 10}, 5)
		require.GreaterOrEqual(t, len(ring), 4, SymbolNames[i])
		assert.Equal(t, ring[0], ring[len(ring)-1], "%s is closed", SymbolNames[i])
		for _, pt := range ring {
			assert.LessOrEqual(t, math.Hypot(pt[0]-10, pt[1]-10), 5*math.Sqrt2+1e-9, SymbolNames[i])
		}
	}
}
