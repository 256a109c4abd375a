// Package pngenc writes an *image.RGBA as a PNG file, faster than
// image/png and with the same pixels: every row with the Up filter (the
// difference from the row above) and zlib at its fastest level.
//
// image/png tries all five PNG filters on every row and keeps the one
// with the smallest sum, then deflates at level 6: on the pictures tendays
// paints (flat colours, anti-aliased edges) that search and that level are
// most of the time of a Tabletop Simulator export (issue 26: a 30-sheet
// deck spent two thirds of its time in image/png), for files a tenth
// smaller. The Up filter alone, at zlib's fastest level, is three to
// four times faster; the files are about a tenth larger than image/png's
// (a usa export 1.85 -> 2.06 MB, some sheets smaller, most larger).
//
// The bytes depend on the pixels only (no time, no randomness), so the
// same picture gives the same file. Decoding is image/png's job; this
// package only writes.
package pngenc

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"io"
)

// signature opens every PNG file.
const signature = "\x89PNG\r\n\x1a\n"

// PNG colour types.
const (
	colourRGB  = 2
	colourRGBA = 6
)

// idatSize is the most a data chunk holds: the stream is cut into chunks
// as the buffer fills.
const idatSize = 1 << 16

// Encode writes img to w: 8-bit RGB when every pixel is opaque, 8-bit RGBA
// (not premultiplied, as PNG wants) otherwise.
func Encode(w io.Writer, img *image.RGBA) error { return EncodeDPI(w, img, 0) }

// EncodeDPI is Encode with the image's resolution recorded (a pHYs chunk,
// in pixels a metre), for print services that read it; dpi 0 records none.
func EncodeDPI(w io.Writer, img *image.RGBA, dpi float64) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	if width <= 0 || height <= 0 {
		return errors.New("pngenc: empty image")
	}
	if uint64(width) > 1<<31-1 || uint64(height) > 1<<31-1 {
		return errors.New("pngenc: image too large for PNG")
	}
	colourType, bpp := colourRGB, 3
	if !img.Opaque() {
		colourType, bpp = colourRGBA, 4
	}
	cw := &chunkWriter{w: w}
	if _, err := io.WriteString(w, signature); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8] = 8 // bits per sample
	ihdr[9] = byte(colourType)
	// ihdr[10:13]: deflate, adaptive filtering, no interlace: all 0.
	cw.chunk("IHDR", ihdr[:])
	if dpi > 0 {
		var phys [9]byte
		ppm := uint32(dpi/0.0254 + 0.5)
		binary.BigEndian.PutUint32(phys[0:], ppm)
		binary.BigEndian.PutUint32(phys[4:], ppm)
		phys[8] = 1 // the unit is the metre
		cw.chunk("pHYs", phys[:])
	}

	buf := bufio.NewWriterSize(idatWriter{cw}, idatSize)
	zw, err := zlib.NewWriterLevel(buf, zlib.BestSpeed)
	if err != nil {
		return err
	}
	n := width * bpp
	// The RGBA path keeps the straight row above; the RGB one reads it
	// from the image.
	var prev, cur []byte
	if bpp == 4 {
		prev, cur = make([]byte, n), make([]byte, n)
	}
	out := make([]byte, 1+n)
	out[0] = 2 // filter type Up
	d := out[1:]
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):][:4*width]
		switch {
		case bpp == 4:
			unpremultiply(cur, row)
			for i := range d {
				d[i] = cur[i] - prev[i]
			}
			prev, cur = cur, prev
		case y == b.Min.Y:
			for x, i := 0, 0; x < n; x, i = x+3, i+4 {
				d[x], d[x+1], d[x+2] = row[i], row[i+1], row[i+2]
			}
		default:
			above := img.Pix[img.PixOffset(b.Min.X, y-1):][:4*width]
			for x, i := 0, 0; x < n; x, i = x+3, i+4 {
				d[x], d[x+1], d[x+2] = row[i]-above[i], row[i+1]-above[i+1], row[i+2]-above[i+2]
			}
		}
		if _, err := zw.Write(out); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := buf.Flush(); err != nil {
		return err
	}
	cw.chunk("IEND", nil)
	return cw.err
}

// unpremultiply turns a row of premultiplied RGBA into PNG's straight
// RGBA, as color.NRGBAModel converts.
func unpremultiply(dst, src []byte) {
	for i := 0; i+3 < len(src) && i+3 < len(dst); i += 4 {
		s, d := src[i:i+4:i+4], dst[i:i+4:i+4]
		switch s[3] {
		case 0xff:
			d[0], d[1], d[2], d[3] = s[0], s[1], s[2], 0xff
		case 0:
			d[0], d[1], d[2], d[3] = 0, 0, 0, 0
		default:
			c := color.NRGBAModel.Convert(color.RGBA{R: s[0], G: s[1], B: s[2], A: s[3]}).(color.NRGBA)
			d[0], d[1], d[2], d[3] = c.R, c.G, c.B, c.A
		}
	}
}

// chunkWriter writes PNG chunks (length, type, data, CRC) and keeps the
// first error.
type chunkWriter struct {
	w   io.Writer
	err error
}

func (c *chunkWriter) chunk(kind string, data []byte) {
	if c.err != nil {
		return
	}
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.Update(crc32.ChecksumIEEE(head[4:]), crc32.IEEETable, data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc)
	for _, part := range [][]byte{head[:], data, tail[:]} {
		if _, err := c.w.Write(part); err != nil {
			c.err = err
			return
		}
	}
}

// idatWriter makes each write of the compressed stream an IDAT chunk.
type idatWriter struct{ c *chunkWriter }

func (w idatWriter) Write(p []byte) (int, error) {
	w.c.chunk("IDAT", p)
	if w.c.err != nil {
		return 0, w.c.err
	}
	return len(p), nil
}
