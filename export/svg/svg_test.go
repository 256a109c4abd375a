package svg

import (
	"bytes"
	"encoding/xml"
	"io"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/scene"
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
	assert.Equal(t, "Côte d'Ivoire & coline <2>", text, "text survives escaping; control characters are dropped")
	assert.Equal(t, 2, names["tspan"])
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
