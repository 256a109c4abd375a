package scene

import (
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/tendays/tendays/export/text"
)

// Weight is the export/text weight of a scene font (italic is drawn
// upright where text is shaped).
func Weight(f Font) text.Weight {
	if f == Bold {
		return text.Bold
	}
	return text.Regular
}

// The Go fonts (BSD licence, in golang.org/x/image) measure text here and
// paint it in export/raster; the SVG names them first in its font list.

var (
	fontsOnce sync.Once
	fonts     [3]*sfnt.Font
	fontsErr  error
)

// TTF is the font file of f.
func TTF(f Font) []byte {
	switch f {
	case Bold:
		return gobold.TTF
	case Italic:
		return goitalic.TTF
	}
	return goregular.TTF
}

// SFNT is the parsed font f. The fonts are compiled in, so a parse failure
// is a broken build and panics.
func SFNT(f Font) *sfnt.Font {
	fontsOnce.Do(func() {
		for i := range fonts {
			fonts[i], fontsErr = sfnt.Parse(TTF(Font(i)))
			if fontsErr != nil {
				return
			}
		}
	})
	if fontsErr != nil {
		panic("scene: the compiled-in Go fonts do not parse: " + fontsErr.Error())
	}
	return fonts[f]
}

// unitsPerEm is read at size 1 em = 1000 units, so advances are exact
// enough and the same on every machine.
const measurePPEM = 1000

var (
	advMu    sync.Mutex
	advCache = map[advKey]float64{}
)

type advKey struct {
	f Font
	r rune
}

// Measure is the width of s in font f at size (page units), from the
// glyphs' advance widths, without kerning; text the Go fonts cannot draw
// alone (export/text.Simple) is shaped, in the fonts the back ends draw it
// with.
func Measure(f Font, s string, size float64) float64 {
	if !text.Simple(s) {
		return text.System().Width(s, Weight(f)) * size
	}
	w := 0.0
	for _, r := range s {
		w += advance(f, r)
	}
	return w * size
}

// advance is a rune's advance width at size 1.
func advance(f Font, r rune) float64 {
	advMu.Lock()
	defer advMu.Unlock()
	if v, ok := advCache[advKey{f, r}]; ok {
		return v
	}
	fnt := SFNT(f)
	var buf sfnt.Buffer
	v := 0.6 // a missing glyph is drawn as a box about this wide
	if gi, err := fnt.GlyphIndex(&buf, r); err == nil && gi != 0 {
		if a, err := fnt.GlyphAdvance(&buf, gi, fixed.I(measurePPEM), font.HintingNone); err == nil {
			v = float64(a) / 64 / measurePPEM
		}
	}
	advCache[advKey{f, r}] = v
	return v
}

func pow(x, y float64) float64 { return math.Pow(x, y) }
