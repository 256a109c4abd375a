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
// give the same files; they change only with the encoder.
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
		"usa.cards-1.png": {"554641f26565f0cda2a1569523385f17622f8699009c1d3b779c6ec7408cca9b", "7b23303880d2a921d3f43a117c8e8c11baf11d7ab0f726da99b1ff591de1d397"},
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
		"t.cards-1.png": {"d3d28a911e8fa199fab4fcd2bca8ef21be5627bb9d96a7ce9851fdc678d09ca0", "44409754b17566052d510249475463d8ba848623cb4f3e76940384f8c4932533"},
		"t.back.png":    {"f0ddaea594728569ae022eddeb27d71519a61b5a21dcd328bf5a1502501a653e", "8a5862697c885f0c3546d9ea9b732dc053ebe2cd443d7651edb1b85415b046cc"},
		"t.board.png":   board,
	}, imageHashes(t, p.Pack, b, tts.Options{Base: "t", CardWidth: 400, BoardWidth: 400}))
	assert.Equal(t, map[string]hashes{
		"t.cards-1.png": {"60ff150067ef18a74c2dd8ff2b084eb1de29f13accb25a999be832a0eaa36277", "89fc1807fd63a83bc370983e8be9eaab6ef4c121beea430991755315f1f33ee4"},
		"t.back.png":    {"cc2f895a7f900f1fea477bd6dc75e0048d37e5e116a51c3d693212856e7a8406", "ee14ea643308340f675645c58992fc731c2ffeb7e9296c93ddf1562a5b0a5577"},
		"t.board.png":   board,
	}, imageHashes(t, p.Pack, b, tts.Options{Base: "t", CardWidth: 137, BoardWidth: 400}))
}
