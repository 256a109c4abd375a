package cardimg

import (
	"bytes"
	"encoding/binary"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

func testland(t *testing.T) *mapdata.Pack {
	t.Helper()
	src, err := os.ReadFile("../testdata/testland.pack.json")
	require.NoError(t, err)
	pd, err := mapdata.DecodePack("testland.pack.json", src)
	require.NoError(t, err)
	return pd.Pack
}

// Each image has its preset's exact size, records its resolution, and
// carries the card's edge colour into the bleed; the copies add up to the
// deck.
func TestImagesAtEachPreset(t *testing.T) {
	p := testland(t)
	for _, c := range []struct {
		preset string
		w, h   int
	}{{"poker", 825, 1125}, {"63x88", 815, 1110}} {
		preset, err := PresetNamed(c.preset)
		require.NoError(t, err)
		imgs, err := Build(p, nil, preset)
		require.NoError(t, err)
		copies, faces := 0, 0
		for _, im := range imgs {
			cfg, err := png.DecodeConfig(bytes.NewReader(im.Data))
			require.NoError(t, err, im.Name)
			assert.Equal(t, c.w, cfg.Width, "%s %s", c.preset, im.Name)
			assert.Equal(t, c.h, cfg.Height, "%s %s", c.preset, im.Name)
			// pHYs, after the signature and IHDR: 300 dpi in pixels a metre.
			i := bytes.Index(im.Data, []byte("pHYs"))
			require.Positive(t, i, im.Name)
			assert.Equal(t, uint32(11811), binary.BigEndian.Uint32(im.Data[i+4:]), im.Name)
			if im.Side == "face" {
				copies += im.Copies
				faces++
			}
		}
		assert.Equal(t, p.Deck.Totals.Cards, copies, "the faces' copies are the deck")
		assert.Equal(t, "back", imgs[len(imgs)-1].Side)
		assert.Equal(t, copies, imgs[len(imgs)-1].Copies, "one back a card")
		assert.Equal(t, len(imgs)-1, faces)

		// The bleed is the card's colour: the corner pixel of a red card.
		img, err := png.Decode(bytes.NewReader(imgs[0].Data))
		require.NoError(t, err)
		r, g, b, _ := img.At(1, 1).RGBA()
		_, trim := preset.Pixels()
		r2, g2, b2, _ := img.At(trim.Min.X+2, trim.Min.Y+2).RGBA()
		assert.Equal(t, [3]uint32{r, g, b}, [3]uint32{r2, g2, b2}, "the edge colour runs into the bleed")
	}
	_, err := PresetNamed("tarot")
	assert.ErrorContains(t, err, "want poker or 63x88")
}

func TestPokerPixelsAreTheTemplates(t *testing.T) {
	full, trim := Presets[0].Pixels()
	assert.Equal(t, [2]int{825, 1125}, [2]int{full.Dx(), full.Dy()})
	assert.Equal(t, [2]int{750, 1050}, [2]int{trim.Dx(), trim.Dy()}, "2.5 x 3.5 in at 300 dpi")
	assert.Equal(t, [2]int{37, 37}, [2]int{trim.Min.X, trim.Min.Y}, "1/8 in of bleed, the odd pixel right and below")
}

var docs = flag.Bool("docs", false, "rewrite docs/print-cards.png")

// docs/print-cards.png is six faces as the card images draw them (a
// region, a plane with its colour's symbol, a ship, a train from Asia; an
// air-only region and a car from the USA), side by side at a third of
// their size: go test ./export/cardimg -run DocsPicture -docs rewrites it
// from the bundled editions' packs (tendays build asia -o
// /tmp/asia.pack.json; tendays build usa -o /tmp/usa.pack.json first).
func TestDocsPicture(t *testing.T) {
	if !*docs {
		t.Skip("go test ./export/cardimg -run DocsPicture -docs rewrites docs/print-cards.png")
	}
	preset, _ := PresetNamed("poker")
	faces := func(id string, tokens ...string) []image.Image {
		src, err := os.ReadFile("/tmp/" + id + ".pack.json")
		require.NoError(t, err)
		pd, err := mapdata.DecodePack(id+".pack.json", src)
		require.NoError(t, err)
		b, err := board.Read("/tmp/" + id + ".board.geojson")
		require.NoError(t, err)
		imgs, err := Build(pd.Pack, b, preset)
		require.NoError(t, err)
		var out []image.Image
		for _, tok := range tokens {
			for _, im := range imgs {
				if im.Token == tok {
					card, err := png.Decode(bytes.NewReader(im.Data))
					require.NoError(t, err)
					out = append(out, card)
				}
			}
		}
		require.Len(t, out, len(tokens), "%s: %v", id, tokens)
		return out
	}
	cards := append(faces("asia", "JPN", "plane:blue", "ship:indian", "train"), faces("usa", "AK", "car")...)
	full, _ := preset.Pixels()
	w, h, gap := full.Dx()/3, full.Dy()/3, 12
	sheet := image.NewRGBA(image.Rect(0, 0, len(cards)*(w+gap)+gap, h+2*gap))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(color.RGBA{0xdc, 0xe8, 0xf1, 0xff}), image.Point{}, draw.Src)
	for k, card := range cards {
		at := image.Rect(gap+k*(w+gap), gap, gap+k*(w+gap)+w, gap+h)
		xdraw.CatmullRom.Scale(sheet, at, card, card.Bounds(), draw.Over, nil)
	}
	f, err := os.Create("../../docs/print-cards.png")
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, png.Encode(f, sheet))
}
