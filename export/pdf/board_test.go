package pdf

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"

	"github.com/tendays/tendays/export/scene"
)

// A tile that shows only water (the seas' tint) is not printed; one with
// land, a label or the legend is.
func TestEmptyTilesAreNotPrinted(t *testing.T) {
	sq := func(x, y float64) [][]orb.Point {
		return [][]orb.Point{{{x, y}, {x + 10, y}, {x + 10, y + 10}, {x, y + 10}, {x, y}}}
	}
	sc := &scene.Scene{Width: 400, Height: 400, Items: []scene.Item{
		&scene.Group{ID: "seas", Items: []scene.Item{&scene.Path{Rings: [][]orb.Point{{{0, 0}, {400, 0}, {400, 400}, {0, 400}, {0, 0}}}, Closed: true}}},
		&scene.Group{ID: "map", Items: []scene.Item{&scene.Path{Rings: sq(20, 20), Closed: true}}},
		&scene.Text{At: orb.Point{350, 380}, Lines: []string{"legend"}, Size: 8},
	}}
	// Two by two tiles of 200 units (1 mm a unit, no overlap).
	bp := &boardPlan{sc: sc, k: 1, cols: 2, rows: 2, areaW: 200 + tileOverlap, areaH: 200 + tileOverlap}
	assert.True(t, bp.printed(0, 0), "the land")
	assert.False(t, bp.printed(0, 1), "water only")
	assert.False(t, bp.printed(1, 0), "water only")
	assert.True(t, bp.printed(1, 1), "the legend")
}
