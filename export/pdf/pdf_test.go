package pdf

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/text"
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

func TestAccentsPrintAndMissingGlyphsAreNamed(t *testing.T) {
	p := testland(t)
	p.Regions[0].Name = "Hà Nội – Ḩaḑramawt – İstanbul – Brașov – Αθήνα – Москва"
	data, err := Render(p, nil, Options{})
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(data, []byte("%PDF-1.")))

	// Without the system's fonts, a name DejaVu Sans cannot draw is
	// refused naming the region, the character and the fonts searched.
	p.Regions[0].Name = "東京"
	_, err = Render(p, nil, Options{Fonts: text.New([]string{t.TempDir()})})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "region "+p.Regions[0].ID)
	assert.Contains(t, err.Error(), "U+6771")
	assert.Contains(t, err.Error(), "DejaVu Sans")
}

func TestNiceScale(t *testing.T) {
	for in, want := range map[float64]float64{7.2e6: 8e6, 1e7: 1e7, 1.1e7: 1.5e7, 2.6e5: 3e5} {
		assert.InDelta(t, want, nice(in), 1e-6*want, "%g", in)
	}
	assert.Equal(t, "10 000 000", thousands(1e7))
}
