package insets

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

// square is a unit square with its south-west corner at c.
func square(c orb.Point) orb.MultiPolygon {
	return orb.MultiPolygon{{{c, {c[0] + 1, c[1]}, {c[0] + 1, c[1] + 1}, {c[0], c[1] + 1}, c}}}
}

// block is four squares at 0..2 E, 40..42 N, and the regions given.
func block(more ...Region) []Region {
	out := []Region{{ID: "A", Geometry: square(orb.Point{0, 40})}, {ID: "B", Geometry: square(orb.Point{1, 40})},
		{ID: "C", Geometry: square(orb.Point{0, 41})}, {ID: "D", Geometry: square(orb.Point{1, 41})}}
	return append(out, more...)
}

func TestAFarChainIsProposedTogether(t *testing.T) {
	// Two islands side by side far to the west make most of the frame
	// empty: one box for both.
	props := Propose(block(Region{ID: "E", Geometry: square(orb.Point{-30, 30})}, Region{ID: "F", Geometry: square(orb.Point{-29, 30})}))
	require.Len(t, props, 1)
	assert.Equal(t, []string{"E", "F"}, props[0].Regions)
	assert.Less(t, props[0].FrameAfter, 0.1*props[0].FrameBefore)
	assert.InDelta(t, 4, props[0].FrameAfter, 1e-9, "the block alone: 2 x 2 degrees")

	// Close by, they are part of the map.
	assert.Empty(t, Propose(block(Region{ID: "E", Geometry: square(orb.Point{2.2, 40})}, Region{ID: "F", Geometry: square(orb.Point{3.2, 40})})))

	// Air-only or boxed already, they are drawn in a box anyway.
	assert.Empty(t, Propose(block(Region{ID: "E", Geometry: square(orb.Point{-30, 30}), AirOnly: true}, Region{ID: "F", Geometry: square(orb.Point{-29, 30}), AirOnly: true})))
	assert.Empty(t, Propose(block(Region{ID: "E", Geometry: square(orb.Point{-30, 30}), Boxed: true}, Region{ID: "F", Geometry: square(orb.Point{-29, 30}), Boxed: true})))
}

func TestTwoFarGroupsAreTwoBoxes(t *testing.T) {
	// One chain far west, one far south: each a box, the one that frees
	// most of the frame first.
	props := Propose(block(
		Region{ID: "E", Geometry: square(orb.Point{-30, 38})}, Region{ID: "F", Geometry: square(orb.Point{-29, 38})},
		Region{ID: "G", Geometry: square(orb.Point{0.5, 20})}))
	require.Len(t, props, 2)
	assert.Equal(t, []string{"E", "F"}, props[0].Regions)
	assert.Equal(t, []string{"G"}, props[1].Regions)
	assert.Equal(t, props[0].FrameAfter, props[1].FrameBefore)
}

func TestTheMainlandDecides(t *testing.T) {
	// A's far-off islet (an overseas part) stretches nothing: a region
	// counts by its largest polygon.
	regions := block()
	regions[0].Geometry = append(regions[0].Geometry, orb.Polygon{{{-60, 10}, {-59.9, 10}, {-59.9, 10.1}, {-60, 10}}})
	assert.Empty(t, Propose(append(regions, Region{ID: "E", Geometry: square(orb.Point{2, 40})})))

	// The group of the region with the most land is the map, however
	// far the rest: two squares far from a large region go in the box.
	big := orb.MultiPolygon{{{{-30, 20}, {-20, 20}, {-20, 30}, {-30, 30}, {-30, 20}}}}
	props := Propose([]Region{{ID: "E", Geometry: square(orb.Point{10, 40})}, {ID: "F", Geometry: square(orb.Point{11, 40})},
		{ID: "Y", Geometry: square(orb.Point{-20, 25})}, {ID: "Z", Geometry: big}})
	require.Len(t, props, 1)
	assert.Equal(t, []string{"E", "F"}, props[0].Regions)
}

func TestAcrossTheAntimeridian(t *testing.T) {
	// A block on both sides of 180° is one group: nothing far.
	regions := []Region{{ID: "A", Geometry: square(orb.Point{178, 0})}, {ID: "B", Geometry: square(orb.Point{179, 0})},
		{ID: "C", Geometry: square(orb.Point{-180, 0})}, {ID: "D", Geometry: square(orb.Point{-179, 0})}}
	assert.Empty(t, Propose(regions))
}

func TestOnBoardReadsTheBoardFile(t *testing.T) {
	p := &mapdata.Pack{Regions: []mapdata.Region{{ID: "A"}, {ID: "B", AirOnly: true}, {ID: "C"}, {ID: "X"}}}
	fc := geojson.NewFeatureCollection()
	for _, r := range []struct {
		id    string
		g     orb.Geometry
		inset any
	}{{"C", square(orb.Point{5, 5})[0], 1.0}, {"A", square(orb.Point{0, 0}), nil}, {"B", square(orb.Point{1, 0}), nil}, {"A", square(orb.Point{3, 0}), nil}} {
		f := geojson.NewFeature(r.g)
		f.Properties = geojson.Properties{"layer": mapdata.LayerRegion, "id": r.id}
		if r.inset != nil {
			f.Properties["inset"] = r.inset
		}
		fc.Append(f)
	}
	land := geojson.NewFeature(square(orb.Point{9, 9}))
	land.Properties = geojson.Properties{"layer": mapdata.LayerLand, "id": "A"}
	fc.Append(land)

	got := OnBoard(p, fc)
	require.Len(t, got, 3, "X has no outline; the land is no region")
	assert.Equal(t, "A", got[0].ID)
	assert.Len(t, got[0].Geometry, 2, "A's two features are one region")
	assert.True(t, got[1].AirOnly)
	assert.True(t, got[2].Boxed)
	assert.Nil(t, OnBoard(p, nil))
}
