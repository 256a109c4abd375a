package pngenc

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sample is a picture with flat runs, noise, and (unless opaque) fully and
// partly transparent pixels, seeded so it is the same every run.
func sample(w, h int, opaque bool, seed uint64) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, 7))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			i := img.PixOffset(x, y)
			a := uint8(255)
			if !opaque {
				a = []uint8{0, 255, 128, uint8(r.IntN(256))}[r.IntN(4)]
			}
			v := uint8(x * 7)
			if r.IntN(3) == 0 {
				v = uint8(r.IntN(256))
			}
			// Premultiplied: no channel above alpha.
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = min(v, a), min(uint8(y), a), min(v^uint8(y), a), a
		}
	}
	return img
}

// samePixels: the file decodes to exactly what image/png's own file of img
// decodes to.
func samePixels(t *testing.T, img *image.RGBA) []byte {
	t.Helper()
	var ours, theirs bytes.Buffer
	require.NoError(t, Encode(&ours, img))
	require.NoError(t, png.Encode(&theirs, img))
	got, err := png.Decode(bytes.NewReader(ours.Bytes()))
	require.NoError(t, err)
	want, err := png.Decode(bytes.NewReader(theirs.Bytes()))
	require.NoError(t, err)
	require.Equal(t, want.Bounds().Size(), got.Bounds().Size())
	require.IsType(t, want, got, "the same colour type")
	for y := range want.Bounds().Dy() {
		for x := range want.Bounds().Dx() {
			wb, gb := want.Bounds().Min, got.Bounds().Min
			if want.At(wb.X+x, wb.Y+y) != got.At(gb.X+x, gb.Y+y) {
				t.Fatalf("pixel %d,%d: got %v, image/png gives %v", x, y, got.At(gb.X+x, gb.Y+y), want.At(wb.X+x, wb.Y+y))
			}
		}
	}
	return ours.Bytes()
}

func TestSamePixelsAsImagePNG(t *testing.T) {
	for _, c := range []struct {
		w, h   int
		opaque bool
	}{{1, 1, true}, {1, 1, false}, {37, 23, true}, {37, 23, false}, {300, 2, true}, {2, 300, false}} {
		img := sample(c.w, c.h, c.opaque, uint64(c.w*c.h))
		data := samePixels(t, img)
		again := &bytes.Buffer{}
		require.NoError(t, Encode(again, img))
		assert.Equal(t, data, again.Bytes(), "the same picture gives the same file")
	}
}

// TestSubImage: a part of a larger image is written from its own top left
// corner (a card cut from a sheet).
func TestSubImage(t *testing.T) {
	sheet := sample(60, 40, true, 3)
	part := sheet.SubImage(image.Rect(10, 5, 50, 30)).(*image.RGBA)
	samePixels(t, part)
	var buf bytes.Buffer
	require.NoError(t, Encode(&buf, part))
	cfg, err := png.DecodeConfig(&buf)
	require.NoError(t, err)
	assert.Equal(t, [2]int{40, 25}, [2]int{cfg.Width, cfg.Height})
}

// TestLargeSpansChunks: a stream longer than one chunk is cut into several
// IDAT chunks and still decodes.
func TestLargeSpansChunks(t *testing.T) {
	img := sample(700, 300, true, 9)
	data := samePixels(t, img)
	assert.Greater(t, bytes.Count(data, []byte("IDAT")), 1)
	assert.True(t, bytes.HasPrefix(data, []byte(signature)))
	assert.True(t, bytes.HasSuffix(data, []byte("IEND\xae\x42\x60\x82")), "ends with the IEND chunk and its CRC")
}

func TestRefusesEmptyImage(t *testing.T) {
	err := Encode(&bytes.Buffer{}, image.NewRGBA(image.Rect(0, 0, 0, 5)))
	assert.ErrorContains(t, err, "empty image")
}

type failAfter struct{ n int }

var errFull = errors.New("disk full")

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n < len(p) {
		return 0, errFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestWriteErrors: a failing writer's error comes back, wherever it fails.
func TestWriteErrors(t *testing.T) {
	img := sample(200, 200, true, 5)
	var full bytes.Buffer
	require.NoError(t, Encode(&full, img))
	for _, n := range []int{0, 8, 40, full.Len() / 2, full.Len() - 1} {
		assert.ErrorIs(t, Encode(&failAfter{n: n}, img), errFull, "failing after %d bytes", n)
	}
}

func FuzzSamePixels(f *testing.F) {
	f.Add(uint8(3), uint8(4), false, uint64(1))
	f.Add(uint8(40), uint8(1), true, uint64(2))
	f.Fuzz(func(t *testing.T, w, h uint8, opaque bool, seed uint64) {
		if w == 0 || h == 0 {
			return
		}
		samePixels(t, sample(int(w), int(h), opaque, seed))
	})
}
