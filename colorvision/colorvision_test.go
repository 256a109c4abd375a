package colorvision

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func hex(t *testing.T, s string) RGB {
	t.Helper()
	c, err := ParseHex(s)
	require.NoError(t, err)
	return c
}

// The anchors: the published palettes as the bundled editions
// colour them, measured at full severity.
func TestAnchors(t *testing.T) {
	cases := []struct {
		name string
		a, b string
		v    Vision
		want float64
	}{
		{"USA red/green", "#c8372d", "#4f9a4a", Deuteranopia, 8.3},
		{"Europe green/orange", "#4f9a4a", "#e8872a", Protanopia, 7.0},
		{"Americas peach/yellow", "#f6b48f", "#f2d03b", Tritanopia, 7.6},
	}
	for _, c := range cases {
		d := Distance(hex(t, c.a), hex(t, c.b), c.v)
		assert.InDelta(t, c.want, d, 0.05, "%s under %s", c.name, c.v)
	}
	// With normal vision the USA's red and green are far apart.
	assert.Greater(t, Distance(hex(t, "#c8372d"), hex(t, "#4f9a4a"), Normal), 40.0)
}

// okabeIto is the Okabe–Ito palette (Okabe and Ito 2002, "Color Universal
// Design") less its black, which is no card colour.
var okabeIto = []string{"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}

func TestOkabeItoBestSixStayApart(t *testing.T) {
	all := make([]RGB, len(okabeIto))
	for i, s := range okabeIto {
		all[i] = hex(t, s)
	}
	best := 0.0
	for skip := range all {
		var six []RGB
		for i, c := range all {
			if i != skip {
				six = append(six, c)
			}
		}
		best = max(best, MinDistance(six, Deficiencies))
	}
	assert.InDelta(t, 11.7, best, 0.05)
}

func TestGreyStaysGrey(t *testing.T) {
	for _, v := range Visions {
		for _, g := range []float64{0, 0.2, 0.5, 1} {
			s := Simulate(RGB{g, g, g}, v)
			for i := range 3 {
				assert.InDelta(t, g, s[i], 1e-5, "%s of grey %g", v, g)
			}
		}
	}
	// White in CAM02-UCS: J' = 100 (J = 100), little colourfulness (M > 0
	// for the adopted white at a 20% background).
	w := ToUCS(RGB{1, 1, 1}, Normal)
	assert.InDelta(t, 100, w[0], 0.01)
	assert.Less(t, math.Hypot(w[1], w[2]), 3.0)
}

func TestInvert(t *testing.T) {
	m := [3][3]float64{{2, 1, 0}, {1, 3, 1}, {0, 1, 4}}
	p := mulMat(m, invert3(m))
	for i := range 3 {
		for j := range 3 {
			want := 0.0
			if i == j {
				want = 1
			}
			assert.InDelta(t, want, p[i][j], 1e-12)
		}
	}
}

func TestDistanceIsAMetric(t *testing.T) {
	a, b := hex(t, "#3b6fc4"), hex(t, "#e27fb0")
	for _, v := range Visions {
		assert.Zero(t, Distance(a, a, v))
		assert.InDelta(t, Distance(a, b, v), Distance(b, a, v), 1e-12)
	}
}

func TestParseHex(t *testing.T) {
	c, err := ParseHex("#fa0")
	require.NoError(t, err)
	assert.Equal(t, "#ffaa00", c.Hex())
	for _, bad := range []string{"", "ffaa00", "#ffaa0", "#gg0000", "#ffaa0011"} {
		_, err := ParseHex(bad)
		assert.Error(t, err, bad)
	}
}

func TestBelowAndClosest(t *testing.T) {
	pal := []RGB{hex(t, "#c8372d"), hex(t, "#4f9a4a"), hex(t, "#1f3f8f")}
	below := Below(pal, Deficiencies, 10)
	require.Len(t, below, 1)
	assert.Equal(t, Pair{A: 0, B: 1, Vision: Deuteranopia, Distance: below[0].Distance}, below[0])
	cl := Closest(pal, Deficiencies)
	require.Len(t, cl, 3)
	assert.Equal(t, below[0], cl[0])
	assert.InDelta(t, below[0].Distance, MinDistance(pal, Deficiencies), 1e-12)
	assert.Nil(t, Closest(pal[:1], Visions))
}
