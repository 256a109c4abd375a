package raster

import (
	"image"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/scene"
)

func rgb(img *image.RGBA, x, y int) [3]uint8 {
	c := img.RGBAAt(x, y)
	return [3]uint8{c.R, c.G, c.B}
}

func sq(x0, y0, x1, y1 float64) []orb.Point {
	return []orb.Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
}

func TestFillWithHole(t *testing.T) {
	hole := sq(40, 40, 60, 60)
	// Holes run against their outer ring (scene's builders orient them so).
	for i, j := 0, len(hole)-1; i < j; i, j = i+1, j-1 {
		hole[i], hole[j] = hole[j], hole[i]
	}
	sc := &scene.Scene{Width: 100, Height: 100, Background: "#ffffff", Items: []scene.Item{
		&scene.Path{Rings: [][]orb.Point{sq(20, 20, 80, 80), hole}, Closed: true, Style: scene.Filled("#ff0000")},
	}}
	img, err := Render(sc, 1)
	require.NoError(t, err)
	assert.Equal(t, [3]uint8{255, 0, 0}, rgb(img, 30, 30), "inside")
	assert.Equal(t, [3]uint8{255, 255, 255}, rgb(img, 50, 50), "in the hole")
	assert.Equal(t, [3]uint8{255, 255, 255}, rgb(img, 10, 10), "outside")

	img2, err := Render(sc, 2)
	require.NoError(t, err)
	assert.Equal(t, image.Rect(0, 0, 200, 200), img2.Bounds())
	assert.Equal(t, [3]uint8{255, 0, 0}, rgb(img2, 60, 60), "scaled")
}

func TestStrokeDashesAndOpacity(t *testing.T) {
	sc := &scene.Scene{Width: 100, Height: 20, Background: "#ffffff", Items: []scene.Item{
		&scene.Path{Rings: [][]orb.Point{{{0, 10}, {100, 10}}}, Style: scene.Style{Stroke: "#000000", StrokeOpacity: 1, StrokeWidth: 4, Dash: []float64{10, 10}}},
	}}
	img, err := Render(sc, 1)
	require.NoError(t, err)
	assert.Equal(t, [3]uint8{0, 0, 0}, rgb(img, 5, 10), "a dash")
	assert.Equal(t, [3]uint8{255, 255, 255}, rgb(img, 15, 10), "a gap")
	assert.Equal(t, [3]uint8{0, 0, 0}, rgb(img, 25, 10), "the next dash")
	assert.Equal(t, [3]uint8{255, 255, 255}, rgb(img, 5, 2), "beside the line")

	// A polyline turning back on itself: the overlapping pieces must not
	// cancel (they are all oriented one way) nor darken a translucent line.
	sc.Items = []scene.Item{&scene.Path{Rings: [][]orb.Point{{{10, 10}, {90, 10}, {50, 10}}}, Style: scene.Style{Stroke: "#000000", StrokeOpacity: 0.5, StrokeWidth: 4}}}
	img, err = Render(sc, 1)
	require.NoError(t, err)
	assert.InDelta(t, 127, int(rgb(img, 70, 10)[0]), 2, "half grey where the line doubles back")
	assert.InDelta(t, 127, int(rgb(img, 20, 10)[0]), 2)
}

func TestTextHasGlyphsAndHalo(t *testing.T) {
	tx := &scene.Text{At: orb.Point{100, 30}, Lines: []string{"Hamburg"}, Size: 24, Fill: "#000000", Halo: "#ff0000", HaloWidth: 4}
	sc := &scene.Scene{Width: 200, Height: 60, Background: "#ffffff", Items: []scene.Item{tx}}
	img, err := Render(sc, 1)
	require.NoError(t, err)
	b := tx.Bound()
	dark, red := 0, 0
	for y := 0; y < 60; y++ {
		for x := 0; x < 200; x++ {
			c := rgb(img, x, y)
			switch {
			case c[0] < 60 && c[1] < 60:
				dark++
				assert.True(t, x >= int(b.Min[0])-2 && x <= int(b.Max[0])+2 && y >= int(b.Min[1])-2 && y <= int(b.Max[1])+2,
					"ink at %d,%d is inside the measured box %v", x, y, b)
			case c[0] > 200 && c[1] < 60:
				red++
			}
		}
	}
	assert.Greater(t, dark, 100, "glyphs were drawn")
	assert.Greater(t, red, 50, "the halo was drawn")
}

func TestClip(t *testing.T) {
	clip := orb.Bound{Min: orb.Point{0, 0}, Max: orb.Point{50, 100}}
	sc := &scene.Scene{Width: 100, Height: 100, Background: "#ffffff", Items: []scene.Item{
		&scene.Group{Clip: &clip, Items: []scene.Item{&scene.Path{Rings: [][]orb.Point{sq(10, 10, 90, 90)}, Closed: true, Style: scene.Filled("#0000ff")}}},
	}}
	img, err := Render(sc, 1)
	require.NoError(t, err)
	assert.Equal(t, [3]uint8{0, 0, 255}, rgb(img, 30, 50))
	assert.Equal(t, [3]uint8{255, 255, 255}, rgb(img, 70, 50), "clipped away")
}

func TestRenderRefusesBadInput(t *testing.T) {
	_, err := Render(&scene.Scene{Width: 0, Height: 10}, 1)
	assert.Error(t, err)
	_, err = Render(&scene.Scene{Width: 100000, Height: 100000}, 1)
	assert.ErrorContains(t, err, "over the limit")
	_, err = Render(&scene.Scene{Width: 10, Height: 10, Items: []scene.Item{&scene.Path{Rings: [][]orb.Point{sq(1, 1, 5, 5)}, Closed: true, Style: scene.Filled("red")}}}, 1)
	assert.ErrorContains(t, err, "not #rrggbb")
}
