package starter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/colorvision"
	"github.com/tendays/tendays/derive/colors"
)

// init writes the palette's names and no hex; build then gives them the
// colours colors.Hexes chooses. Every palette init can start with must
// come out at least colorvision.Threshold apart for everyone.
func TestInitPalettesStayApartForEveryone(t *testing.T) {
	seen := map[int]bool{}
	for n := 2; n <= 80; n++ {
		pal := PaletteFor(n)
		if seen[len(pal)] {
			continue
		}
		seen[len(pal)] = true
		hexes := colors.Hexes(pal, nil, nil)
		rgb := make([]colorvision.RGB, len(hexes))
		for i, h := range hexes {
			c, err := colorvision.ParseHex(h)
			require.NoError(t, err)
			rgb[i] = c
		}
		for _, p := range colorvision.Closest(rgb, colorvision.Visions) {
			assert.GreaterOrEqual(t, p.Distance, colorvision.Threshold, "%d regions: %v as %v: %s and %s under %s",
				n, pal, hexes, pal[p.A], pal[p.B], p.Vision)
		}
	}
	assert.NotEmpty(t, seen)
}
