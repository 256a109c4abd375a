package svg

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/text"
	"github.com/tendays/tendays/internal/testenv"
)

func TestWriteIsWellFormedWithAwkwardText(t *testing.T) {
	clip := orb.Bound{Min: orb.Point{0, 0}, Max: orb.Point{50, 50}}
	sc := &scene.Scene{Width: 100, Height: 50.5, Background: "#ffffff", Title: `Tom & "Jerry" <3`, Items: []scene.Item{
		&scene.Group{ID: "g&1", Clip: &clip, Items: []scene.Item{
			&scene.Path{ID: "p", Title: "a<b", Rings: [][]orb.Point{{{0, 0}, {10, 0}, {10, 10}, {0, 0}}}, Closed: true, Style: scene.Filled("#ff0000")},
			&scene.Path{Rings: [][]orb.Point{{{0, 0}, {10, 10}}}, Style: scene.Style{Stroke: "#000000", StrokeWidth: 1, StrokeOpacity: 0.5, Dash: []float64{2, 1}}},
		}},
		&scene.Text{At: orb.Point{5, 5}, Lines: []string{"Côte d'Ivoire & co\x01", "line <2>"}, Size: 10, Font: scene.Italic, Fill: "#000000", Halo: "#ffffff", HaloWidth: 2},
		&scene.Circle{Center: orb.Point{1, 1}, R: 2, Style: scene.Filled("#00ff00")},
	}}
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, sc))
	dec := xml.NewDecoder(&buf)
	var text string
	inText := false
	names := map[string]int{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch e := tok.(type) {
		case xml.StartElement:
			names[e.Name.Local]++
			if e.Name.Local == "text" {
				inText = true
			}
		case xml.EndElement:
			if e.Name.Local == "text" {
				inText = false
			}
		case xml.CharData:
			if inText {
				text += string(e)
			}
		}
	}
	assert.Equal(t, "Côte d'Ivoire & coline <2>Côte d'Ivoire & coline <2>", text,
		"text survives escaping; control characters are dropped; the halo is a copy of the text")
	assert.Equal(t, 4, names["tspan"])
	assert.Equal(t, 1, names["clipPath"])
	assert.Equal(t, 2, names["path"])
}

func TestWriteNumbers(t *testing.T) {
	sc := &scene.Scene{Width: 100.004, Height: 20, Items: []scene.Item{
		&scene.Path{Rings: [][]orb.Point{{{1.005, -0.0001}, {2.5, 3}}}, Style: scene.Stroked("#000000", 1)},
	}}
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, sc))
	assert.Contains(t, buf.String(), `width="100"`)
	assert.Contains(t, buf.String(), `d="M1 0L2.5 3"`, "two decimals, no -0, no trailing zeros")
}

// The halo is a stroked copy under the text, not paint-order (which
// CairoSVG ignores, painting the white stroke over the glyphs).
func TestHaloIsASeparateTextUnderTheText(t *testing.T) {
	sc := &scene.Scene{Width: 100, Height: 50, Items: []scene.Item{
		&scene.Text{Class: "label", At: orb.Point{5, 5}, Lines: []string{"Oregon"}, Size: 10, Fill: "#1c1c1c", Halo: "#ffffff", HaloWidth: 3},
		&scene.Text{At: orb.Point{5, 25}, Lines: []string{"plain"}, Size: 10, Fill: "#1c1c1c"},
	}}
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, sc))
	out := buf.String()
	assert.NotContains(t, out, "paint-order")
	halo := bytes.Index(buf.Bytes(), []byte(`<text class="halo" aria-hidden="true" x="5"`))
	text := bytes.Index(buf.Bytes(), []byte(`<text class="label" x="5"`))
	require.GreaterOrEqual(t, halo, 0, out)
	require.GreaterOrEqual(t, text, 0, out)
	assert.Less(t, halo, text, "the halo is drawn first, under the text")
	assert.Contains(t, out, `fill="#ffffff" stroke="#ffffff" stroke-width="3" stroke-linejoin="round">Oregon</text>`)
	assert.Contains(t, out, `fill="#1c1c1c">Oregon</text>`, "the text itself has no stroke")
	assert.Equal(t, 3, bytes.Count(buf.Bytes(), []byte("<text")), "no halo for text without one")
}

// Text the SVG's fonts cannot draw alone (Japanese, Arabic) is drawn as
// its glyphs' outlines, shaped in the fonts the layout measured it with
// (so Arabic letters join, and every viewer and print shop draws the
// same), each with its halo a stroked copy under it; a Latin line of the
// same label stays text; every line stays in the document as text for
// search and screen readers. Needs Debian's Noto and Droid fonts.
func TestOtherScriptsAreDrawnAsOutlines(t *testing.T) {
	testenv.Integration(t, "Debian's Noto and Droid fonts")
	lines := []string{"東京", "Tokyo", "القاهرة"}
	for _, l := range []string{lines[0], lines[2]} {
		if _, err := text.System().Shape(l, text.Regular); err != nil {
			testenv.Missing(t, "a font for "+l, "apt-get install fonts-noto-core fonts-droid-fallback")
		}
	}
	sc := &scene.Scene{Width: 200, Height: 100, Items: []scene.Item{
		&scene.Text{Class: "label", At: orb.Point{100, 50}, Lines: lines, Size: 10, Anchor: scene.Middle, Fill: "#1c1c1c", Halo: "#ffffff", HaloWidth: 3},
	}}
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, sc))
	type path struct {
		Class string `xml:"class,attr"`
		D     string `xml:"d,attr"`
		Fill  string `xml:"fill,attr"`
	}
	type label struct {
		Class string `xml:"class,attr"`
		Fill  string `xml:"fill,attr"`
		Y     string `xml:"y,attr"`
		Text  string `xml:",chardata"`
	}
	var doc struct {
		Paths []path  `xml:"path"`
		Texts []label `xml:"text"`
	}
	require.NoError(t, xml.Unmarshal(buf.Bytes(), &doc), buf.String())
	require.Len(t, doc.Paths, 4, "a halo and the glyphs for each of the two lines")
	for i, p := range doc.Paths {
		want := map[bool]string{true: "halo", false: "label"}[i%2 == 0]
		assert.Equal(t, want, p.Class)
		require.True(t, strings.HasPrefix(p.D, "M") && strings.HasSuffix(p.D, "Z"), p.D)
		// Every point lies on the label's lines: centred on x = 100, within
		// a line's height of its baseline.
		nums := strings.FieldsFunc(p.D, func(r rune) bool { return strings.ContainsRune("MLQCZ ", r) })
		require.Zero(t, len(nums)%2)
		base := sc.Items[0].(*scene.Text).Baselines()[2*(i/2)]
		for k := 0; k < len(nums); k += 2 {
			x, err := strconv.ParseFloat(nums[k], 64)
			require.NoError(t, err)
			y, err := strconv.ParseFloat(nums[k+1], 64)
			require.NoError(t, err)
			assert.InDelta(t, 100, x, 30, "x of %s", p.D)
			assert.InDelta(t, base-3, y, 10, "y of %s", p.D)
		}
	}
	var said []string
	for _, l := range doc.Texts {
		if l.Class != "halo" {
			said = append(said, l.Text)
		}
	}
	assert.Equal(t, lines, said, "every line stays as text")
	assert.Equal(t, "none", doc.Texts[0].Fill, "the Japanese line's text is not painted")
}
