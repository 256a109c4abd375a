package tts

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/raster"
	"github.com/tendays/tendays/mapdata"
)

func fixture(t *testing.T) (*mapdata.Pack, *board.Geometry) {
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

// bigDeck is the fixture with n more regions, each with a card: a deck
// of many sheets (issue 26: a 2,000-region edition took 30 s to export).
func bigDeck(tb testing.TB, n int) (*mapdata.Pack, *board.Geometry) {
	p, err := mapdata.ReadPack("../testdata/testland.pack.json", 0)
	require.NoError(tb, err)
	b, err := board.Read("../testdata/testland.board.geojson")
	require.NoError(tb, err)
	pk := p.Pack
	for i := range n {
		id := fmt.Sprintf("X%d", i)
		pk.Regions = append(pk.Regions, mapdata.Region{ID: id, Name: "Extra " + id, Color: pk.Colors[i%len(pk.Colors)].ID, Copies: 1})
		pk.Deck.Cards = append(pk.Deck.Cards, mapdata.Card{Token: id, Kind: mapdata.RegionCard, Region: id, Count: 1})
		// A small square each, in a row of 40 south of the map.
		x, y := -10+0.2*float64(i%40), -40-0.2*float64(i/40)
		b.Regions = append(b.Regions, board.Region{ID: id, Name: "Extra " + id, Feature: -1,
			Geometry: orb.MultiPolygon{{{{x, y}, {x + 0.15, y}, {x + 0.15, y + 0.15}, {x, y + 0.15}, {x, y}}}}})
	}
	return pk, b
}

// TestSheetsInParallelAreDeterministic: the sheets are painted several at
// once; the files, their order and their bytes are the same every time.
func TestSheetsInParallelAreDeterministic(t *testing.T) {
	p, b := bigDeck(t, 300)
	_, first, err := Build(p, b, Options{CardWidth: 50, BoardWidth: 200})
	require.NoError(t, err)
	require.Greater(t, len(first), 6, "several sheets")
	_, again, err := Build(p, b, Options{CardWidth: 50, BoardWidth: 200})
	require.NoError(t, err)
	require.Equal(t, len(first), len(again))
	for i := range first {
		assert.Equal(t, first[i].Name, again[i].Name)
		assert.Equal(t, first[i].Data, again[i].Data, first[i].Name)
	}
}

// BenchmarkBuild1000 exports a deck of 1,000 region cards and more (15
// sheets) at the default card width.
func BenchmarkBuild1000(b *testing.B) {
	p, bd := bigDeck(b, 1000)
	for b.Loop() {
		if _, _, err := Build(p, bd, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// sheetFaces are the faces of a big deck's first full sheet at the default
// card width, and their frames.
func sheetFaces(b *testing.B) ([]Face, map[string]*image.RGBA) {
	p, bd := bigDeck(b, MaxPerSheet)
	faces, err := Faces(p, bd, DefaultCardW)
	require.NoError(b, err)
	frames, err := paintFrames(faces, DefaultCardW, cardH(DefaultCardW))
	require.NoError(b, err)
	return faces[:MaxPerSheet], frames
}

// paintSheet paints faces onto a new sheet, over frames where they have one.
func paintSheet(b *testing.B, faces []Face, frames map[string]*image.RGBA) *image.RGBA {
	cw := DefaultCardW
	ch := cardH(cw)
	sheet := image.NewRGBA(image.Rect(0, 0, MaxColumns*cw, MaxRows*ch))
	for k, f := range faces {
		at := image.Pt((k%MaxColumns)*cw, (k/MaxColumns)*ch)
		require.NoError(b, paintFace(sheet.SubImage(image.Rectangle{Min: at, Max: at.Add(image.Pt(cw, ch))}).(*image.RGBA), f, frames))
	}
	return sheet
}

// BenchmarkPaintSheet paints a sheet of 69 faces: every face whole
// ("each-frame", as before issue 26) or over its colour's frame painted
// once ("shared-frames", the frames' own painting included). The pixels
// are the same (TestSharedFramesSamePixels).
func BenchmarkPaintSheet(b *testing.B) {
	faces, _ := sheetFaces(b)
	b.Run("each-frame", func(b *testing.B) {
		for b.Loop() {
			paintSheet(b, faces, nil)
		}
	})
	b.Run("shared-frames", func(b *testing.B) {
		for b.Loop() {
			frames, err := paintFrames(faces, DefaultCardW, cardH(DefaultCardW))
			require.NoError(b, err)
			paintSheet(b, faces, frames)
		}
	})
}

// BenchmarkEncodeSheet writes a painted sheet (4,000 by 3,920 pixels) as
// PNG: export/pngenc as Build does, and image/png at its default level, as
// before issue 26.
func BenchmarkEncodeSheet(b *testing.B) {
	faces, frames := sheetFaces(b)
	sheet := paintSheet(b, faces, frames)
	b.Run("pngenc", func(b *testing.B) {
		for b.Loop() {
			if _, err := encodePNG(sheet); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("image-png", func(b *testing.B) {
		for b.Loop() {
			if err := png.Encode(io.Discard, sheet); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestSharedFramesSamePixels: a sheet painted over shared frames is the
// sheet painted face by face, pixel for pixel.
func TestSharedFramesSamePixels(t *testing.T) {
	p, bd := bigDeck(t, 30)
	faces, err := Faces(p, bd, 137)
	require.NoError(t, err)
	cw := 137
	ch := cardH(cw)
	frames, err := paintFrames(faces, cw, ch)
	require.NoError(t, err)
	require.NotEmpty(t, frames)
	for _, f := range faces {
		whole, err := raster.Render(f.Scene, 1)
		require.NoError(t, err)
		sheet := image.NewRGBA(image.Rect(0, 0, 3*cw, 2*ch))
		at := image.Pt(cw, ch)
		place := sheet.SubImage(image.Rectangle{Min: at, Max: at.Add(image.Pt(cw, ch))}).(*image.RGBA)
		require.NoError(t, paintFace(place, f, frames))
		for y := range ch {
			require.Equal(t, whole.Pix[y*whole.Stride:y*whole.Stride+4*cw], place.Pix[y*place.Stride:y*place.Stride+4*cw], "card %s, row %d", f.Card.Token, y)
		}
	}
}

// cardH is a card's height in pixels at width w, as Build makes it.
func cardH(w int) int { return int(float64(w)*CardAspect + 0.5) }
