package colors

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/colorvision"
)

func least(t *testing.T, hexes []string) float64 {
	t.Helper()
	pal := make([]colorvision.RGB, len(hexes))
	for i, h := range hexes {
		c, err := colorvision.ParseHex(h)
		require.NoError(t, err)
		pal[i] = c
	}
	return colorvision.MinDistance(pal, colorvision.Visions)
}

func TestHexesStayApartForEveryone(t *testing.T) {
	for _, names := range [][]string{
		{"blue", "green", "orange", "pink", "yellow"},
		{"blue", "green"}, {"blue", "green", "orange"}, {"blue", "green", "orange", "pink"},
		{"dark-blue", "light-blue", "green", "red", "tan"},
		{"red", "green"}, {"blue", "green", "yellow", "pink", "peach"},
		{"teal", "crimson", "ochre", "lilac"}, // names the toolkit has no colour for
	} {
		got := Hexes(names, nil, nil)
		d := least(t, got)
		assert.GreaterOrEqual(t, d, colorvision.Threshold, "%v -> %v", names, got)
		// The same names, the same colours.
		assert.Equal(t, got, Hexes(names, nil, nil))
	}
}

func TestHexesKeepAndNear(t *testing.T) {
	names := []string{"green", "red", "blue"}
	// Kept colours stay, even when no set can then reach the threshold.
	got := Hexes(names, map[string]string{"green": "#4f9a4a", "red": "#c8372d"}, nil)
	assert.Equal(t, []string{"#4f9a4a", "#c8372d"}, got[:2])
	assert.Less(t, least(t, got), colorvision.Threshold)
	// Near: the USA's own green and red, nudged apart.
	got = Hexes(names, nil, map[string]string{"green": "#4f9a4a", "red": "#c8372d", "blue": "#1f3f8f"})
	assert.GreaterOrEqual(t, least(t, got), colorvision.Threshold, "%v", got)
	for i, was := range []string{"#4f9a4a", "#c8372d", "#1f3f8f"} {
		a, _ := colorvision.ParseHex(was)
		b, _ := colorvision.ParseHex(got[i])
		assert.Less(t, colorvision.Distance(a, b, colorvision.Normal), 25.0, "%s moved far: %s -> %s", names[i], was, got[i])
	}
}

func TestHSLRoundTrip(t *testing.T) {
	for _, h := range []string{"#2f6fb7", "#e8863a", "#4a9a4a", "#808080", "#ffffff", "#000000"} {
		c, _ := colorvision.ParseHex(h)
		hh, s, l := rgbHSL(c)
		assert.Equal(t, h, hslRGB(hh, s, l).Hex())
	}
}
