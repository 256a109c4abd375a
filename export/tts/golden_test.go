package tts_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/tts"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// imageHashes are the SHA-256 of every image Build makes, computed with the
// painter as it was before the card frames were painted once per colour
// (issue 26): a speed-up must not move a pixel or a byte of the PNGs.
func imageHashes(t *testing.T, p *mapdata.Pack, b *board.Board, opt tts.Options) map[string]string {
	t.Helper()
	_, files, err := tts.Build(p, b, opt)
	require.NoError(t, err)
	got := map[string]string{}
	for _, f := range files {
		h := sha256.Sum256(f.Data)
		got[f.Name] = hex.EncodeToString(h[:])
	}
	return got
}

// TestImagesKeepTheirBytesUSA: the bundled usa edition at the default card
// width (the board smaller, to keep the test fast).
func TestImagesKeepTheirBytesUSA(t *testing.T) {
	res, err := pipeline.Load(context.Background(), pipeline.Source{Path: "usa"}, pipeline.Options{})
	require.NoError(t, err)
	b, err := res.BoardLayers()
	require.NoError(t, err)
	got := imageHashes(t, res.Pack, b, tts.Options{Base: "usa", BoardWidth: 800})
	assert.Equal(t, map[string]string{
		"usa.cards-1.png": "a8666f56c4ef619d467d83e662df9ace66974d84ee7e9b39bdf7a7bee696193a",
		"usa.back.png":    "ee88f80d86749e5fd27a5ccdce28a92422874df8da3756adda15dcb5e5e04a23",
		"usa.board.png":   "2b8ce34ac8132a846dac2164eba39cfd81c3aee4f245652edcf67f716610967f",
	}, got)
}

// TestImagesKeepTheirBytesTestland: the synthetic edition (a white region
// whose card needs an edge line, an air-only one, a ship, a train) at two
// card widths.
func TestImagesKeepTheirBytesTestland(t *testing.T) {
	p, err := mapdata.ReadPack("../testdata/testland.pack.json", 0)
	require.NoError(t, err)
	b, err := board.Read("../testdata/testland.board.geojson")
	require.NoError(t, err)
	board := "c71d462f558312eef65560aa046e8ac05faa0ed37cf9f066763e943f605d5393"
	assert.Equal(t, map[string]string{
		"t.cards-1.png": "0c0a12c754e96fda9a2251929d2b7495b810c0ed85a6667308666215628f8200",
		"t.back.png":    "2a9e81e1abfc2bc2397c701e9e8b9a65de5de5911d29004c251ba63235f87107",
		"t.board.png":   board,
	}, imageHashes(t, p.Pack, b, tts.Options{Base: "t", CardWidth: 400, BoardWidth: 400}))
	assert.Equal(t, map[string]string{
		"t.cards-1.png": "8a1d9ac1e8e3cdc52aac5656310376f03a88c9f297f448010460e1e71fdaabf8",
		"t.back.png":    "e9859249ea9ef7f4e0e24dc88a18536db76af6ac484c55a19bbcba1c02ac3944",
		"t.board.png":   board,
	}, imageHashes(t, p.Pack, b, tts.Options{Base: "t", CardWidth: 137, BoardWidth: 400}))
}
