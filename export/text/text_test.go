package text

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/internal/testenv"
)

// dejavuOnly is a library with no folders: the compiled-in DejaVu Sans.
func dejavuOnly(t *testing.T) *Library { return New([]string{t.TempDir()}) }

func TestSimpleIsWhatDejaVuDrawsUnshaped(t *testing.T) {
	for _, s := range []string{"Deutschland", "Hà Nội", "Αθήνα", "Москва", "Երևան", "Côte d’Ivoire – 1"} {
		assert.True(t, Simple(s), s)
	}
	for _, s := range []string{"תל אביב", "القاهرة", "हिन्दी", "東京", "서울", "กรุงเทพ", "a\u202eb"} {
		assert.False(t, Simple(s), s)
	}
}

func TestVisualOrder(t *testing.T) {
	run := func(name string, rtl bool) Run { return Run{Face: &Face{Name: name}, RTL: rtl} }
	names := func(rs []Run) (out []string) {
		for _, r := range rs {
			out = append(out, r.Face.Name)
		}
		return out
	}
	// A left-to-right line: each right-to-left stretch reversed.
	ltr := []Run{run("a", false), run("B", true), run("C", true), run("d", false)}
	assert.Equal(t, []string{"a", "C", "B", "d"}, names(visualOrder(ltr, false)))
	// A right-to-left line: reversed whole, left-to-right stretches kept.
	rtl := []Run{run("A", true), run("b", false), run("c", false), run("D", true)}
	assert.Equal(t, []string{"D", "b", "c", "A"}, names(visualOrder(rtl, true)))
}

func TestHebrewIsDrawnRightToLeft(t *testing.T) {
	l := dejavuOnly(t)
	line, err := l.Shape("אב גד", Regular)
	require.NoError(t, err)
	require.True(t, line.RTL)
	var texts []string
	for _, r := range line.Runs {
		for _, g := range r.Glyphs {
			texts = append(texts, g.Text)
		}
	}
	// Drawn left to right, the last letter comes first.
	assert.Equal(t, []string{"ד", "ג", " ", "ב", "א"}, texts)
	assert.Greater(t, line.Width, 1.0)
}

func TestMixedLineKeepsEachDirection(t *testing.T) {
	l := dejavuOnly(t)
	line, err := l.Shape("Tel Aviv תל", Bold)
	require.NoError(t, err)
	require.False(t, line.RTL)
	var drawn string
	for _, r := range line.Runs {
		for _, g := range r.Glyphs {
			drawn += g.Text
		}
	}
	assert.Equal(t, "Tel Aviv לת", drawn)
}

func TestMissingNamesTheCharacterAndTheFonts(t *testing.T) {
	l := dejavuOnly(t)
	_, err := l.Shape("東京", Regular)
	var miss *MissingError
	require.ErrorAs(t, err, &miss)
	assert.Equal(t, '東', miss.Rune)
	assert.Contains(t, err.Error(), "U+6771")
	assert.Contains(t, err.Error(), "DejaVu Sans")
	assert.Error(t, l.Check("x東", Bold))
	assert.NoError(t, l.Check("Αθήνα", Bold))
}

// A subset draws every kept glyph as the whole font does, composite glyphs
// (DejaVu builds accented letters from parts) included.
func TestSubsetKeepsOutlinesAndAdvances(t *testing.T) {
	l := dejavuOnly(t)
	line, err := l.Shape("Éçå ŽĦ", Bold)
	require.NoError(t, err)
	face := line.Runs[0].Face
	var used []uint16
	for _, g := range line.Runs[0].Glyphs {
		used = append(used, g.ID)
	}
	sub, err := SubsetOf(face, used)
	require.NoError(t, err)
	assert.Less(t, len(sub.Font), len(face.Data)/20, "a few glyphs of %d bytes", len(face.Data))
	cut, err := parseFace("cut", "subset", sub.Font)
	require.NoError(t, err)
	for _, g := range used {
		n, ok := sub.NewID[g]
		require.True(t, ok, "glyph %d kept", g)
		assert.Equal(t, face.Outline(g), cut.Outline(n), "glyph %d", g)
		assert.InDelta(t, face.Advance(g), cut.Advance(n), 1e-9)
	}
	assert.Greater(t, len(sub.NewID), len(used)+1, "the accents' parts are kept too")
	assert.Equal(t, uint16(0), sub.NewID[0])
}

func TestSubsetRefusesCutShortFonts(t *testing.T) {
	f, err := parseFace("DejaVuSans", "x", DejaVuRegular)
	require.NoError(t, err)
	bad := *f
	bad.Data = bytes.Clone(DejaVuRegular[:4096])
	_, err = SubsetOf(&bad, []uint16{36})
	assert.Error(t, err)
}

// With Debian's Noto fonts (.ci/run installs fonts-noto-core,
// fonts-droid-fallback and fonts-nanum): Arabic letters take their joined
// forms, a Devanagari vowel sign is drawn before its consonant, and
// Japanese and Korean find their fonts.
func TestSystemFontsShape(t *testing.T) {
	testenv.Integration(t, "Debian's Noto, Droid and Nanum fonts")
	for _, f := range []string{"NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Bold.ttf", "NotoSansHebrew-Regular.ttf"} {
		if _, err := os.Stat(filepath.Join(DefaultDirs[0], f)); err != nil {
			testenv.Missing(t, f, "apt-get install fonts-noto-core")
		}
	}
	l := System()
	line, err := l.Shape("القاهرة", Regular)
	require.NoError(t, err)
	require.Len(t, line.Runs, 1)
	face := line.Runs[0].Face
	assert.Equal(t, "NotoSansArabic-Regular", face.Name)
	ft, err := font.ParseTTF(bytes.NewReader(face.Data))
	require.NoError(t, err)
	joined := 0
	for _, g := range line.Runs[0].Glyphs {
		if nominal, _ := ft.NominalGlyph([]rune(g.Text)[0]); g.Text != "" && uint16(nominal) != g.ID {
			joined++
		}
	}
	assert.GreaterOrEqual(t, joined, 4, "most letters of القاهرة take a joined form")

	line, err = l.Shape("हिन्दी", Bold)
	require.NoError(t, err)
	g0 := line.Runs[0].Glyphs[0]
	assert.Equal(t, "हि", g0.Text, "the first cluster")
	assert.Equal(t, 2, g0.Cluster)
	assert.Equal(t, "NotoSansDevanagari-Bold", line.Runs[0].Face.Name)

	for s, want := range map[string]string{"東京都": "DroidSansFallbackFull", "서울": "NanumGothicBold"} {
		line, err := l.Shape(s, Bold)
		require.NoError(t, err, s)
		assert.Equal(t, want, line.Runs[0].Face.Name, s)
	}
}
