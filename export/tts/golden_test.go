package tts_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/tts"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// hashes are the SHA-256 of an image's file and of the picture it decodes
// to.
type hashes struct{ file, pixels string }

// The pixels' hashes were computed before the export was made faster
// (issue 26: frames painted once, faces painted onto the sheet, PNGs
// written by export/pngenc instead of image/png): a speed-up must not move
// a pixel. The files' hashes are export/pngenc's bytes: the same pack must
// give the same files; they change only with the encoder. The card sheets'
// hashes changed once since, with the drawing (issue 34: pictograms with
// the colour's symbol, names on two lines before they shrink, air-only
// cards outlined); the board and the back did not.
func imageHashes(t *testing.T, p *mapdata.Pack, b *board.Geometry, opt tts.Options) map[string]hashes {
	t.Helper()
	_, files, err := tts.Build(p, b, opt)
	require.NoError(t, err)
	got := map[string]hashes{}
	for _, f := range files {
		h := sha256.Sum256(f.Data)
		got[f.Name] = hashes{file: hex.EncodeToString(h[:]), pixels: pixelHash(t, f.Data)}
	}
	return got
}

// pixelHash is the SHA-256 of the picture a PNG file decodes to (its kind,
// size and pixels), whatever encoder wrote it.
func pixelHash(t *testing.T, data []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	h := sha256.New()
	fmt.Fprintf(h, "%T %v\n", img, img.Bounds())
	switch m := img.(type) {
	case *image.RGBA:
		h.Write(m.Pix)
	case *image.NRGBA:
		h.Write(m.Pix)
	default:
		t.Fatalf("a PNG decoded as %T: neither RGB nor RGBA", img)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestImagesKeepTheirPixelsUSA: the bundled usa edition at the default card
// width (the board smaller, to keep the test fast).
func TestImagesKeepTheirPixelsUSA(t *testing.T) {
	res, err := pipeline.Load(context.Background(), pipeline.Source{Path: "usa"}, pipeline.Options{})
	require.NoError(t, err)
	b, err := res.BoardLayers()
	require.NoError(t, err)
	assert.Equal(t, map[string]hashes{
		"usa.cards-1.png": {"04d2eecc8dd523701583ecd86718d3ec72e989ca43ad3f354d6cb90a878f80b3", "dce681cd17c7acafb684135ddd1766d281c36f2051980869f01428a0b3dcff4f"},
		"usa.back.png":    {"192f04695cfa53180bb7823de47fbe75df5763a1dc500c70e57d9ed43280be38", "f74436f61c9d26c04e672f5ef425e19e6f27b6e1bb3133f7a0793caf4f82a075"},
		"usa.board.png":   {"fb79d9412266a0cbc365e289d144e4542e5f9c76ac6f99618045a4679f01cc17", "a986993d3a4053fbe699f4a38298fd50e3a6671beb057bd0ff0f8a605b7e8b3a"},
	}, imageHashes(t, res.Pack.(*mapdata.Pack), b, tts.Options{Base: "usa", BoardWidth: 800}))
}

// TestImagesKeepTheirPixelsTestland: the synthetic edition (a white region
// whose card needs an edge line, an air-only one, a ship, a train; a sheet
// with empty places, so an RGBA file) at two card widths.
func TestImagesKeepTheirPixelsTestland(t *testing.T) {
	p, err := mapdata.ReadPack("../testdata/testland.pack.json", 0)
	require.NoError(t, err)
	b, err := board.Read("../testdata/testland.board.geojson")
	require.NoError(t, err)
	board := hashes{"91cbde6f7c5337495d94915abc7a583f2c515ba60de0fd45a574220bb26fc015", "44c2fd59b9d83ff5560c5cbf6915ef7085b04d952d6c131f29d7e667c24a5f2a"}
	assert.Equal(t, map[string]hashes{
		"t.cards-1.png": {"ee896f71c0ec614b7ef75d016c9dd602c7e2f60d8331ed94904b07efefb50bf3", "d7f6607c606ef668997b4834356e8e610261ec499111a73eef6af5f700430636"},
		"t.back.png":    {"f0ddaea594728569ae022eddeb27d71519a61b5a21dcd328bf5a1502501a653e", "8a5862697c885f0c3546d9ea9b732dc053ebe2cd443d7651edb1b85415b046cc"},
		"t.board.png":   board,
	}, imageHashes(t, p.Pack, b, tts.Options{Base: "t", CardWidth: 400, BoardWidth: 400}))
	assert.Equal(t, map[string]hashes{
		"t.cards-1.png": {"5aa742e2578880f0adc557c4abcf2be1f300b84a1dc367162fabebd224f40480", "6105fea1e497443d21e1888113fc8e994518a81d72a0513ee0c77b3a6e00c6a5"},
		"t.back.png":    {"cc2f895a7f900f1fea477bd6dc75e0048d37e5e116a51c3d693212856e7a8406", "ee14ea643308340f675645c58992fc731c2ffeb7e9296c93ddf1562a5b0a5577"},
		"t.board.png":   board,
	}, imageHashes(t, p.Pack, b, tts.Options{Base: "t", CardWidth: 137, BoardWidth: 400}))
}
