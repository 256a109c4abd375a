package export

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/tts"
)

// svgElem is one element of an SVG, as encoding/xml reads it.
type svgElem struct {
	Name  string
	Attr  map[string]string
	Text  string
	Group []string // ids of the enclosing groups, outermost first
}

func parseSVG(t *testing.T, data []byte) []svgElem {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []svgElem
	var stack []string
	var open []int // index in out of the open text elements
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG is well-formed XML")
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			out = append(out, svgElem{Name: e.Name.Local, Attr: attr, Group: append([]string(nil), stack...)})
			if e.Name.Local == "g" {
				stack = append(stack, attr["id"])
			}
			open = append(open, len(out)-1)
		case xml.EndElement:
			if e.Name.Local == "g" {
				stack = stack[:len(stack)-1]
			}
			open = open[:len(open)-1]
		case xml.CharData:
			for _, i := range open {
				if out[i].Name == "text" {
					out[i].Text += string(e)
				}
			}
		}
	}
	return out
}

func TestSVGReadsBack(t *testing.T) {
	in := fixture(t)
	o := goldenOptions
	o.Graph = true
	els := parseSVG(t, render(t, in, SVG, o)["testland.svg"])
	require.Equal(t, "svg", els[0].Name)
	assert.Equal(t, "1600", els[0].Attr["width"])

	hex := colorHex(in.regionsPack())
	byID := map[string]svgElem{}
	var texts []string
	classes := map[string]int{}
	for _, e := range els {
		if id := e.Attr["id"]; id != "" {
			require.NotContains(t, byID, id, "ids are unique")
			byID[id] = e
		}
		if e.Name == "text" {
			texts = append(texts, e.Text)
		}
		classes[e.Attr["class"]]++
	}
	for _, r := range in.regionsPack().Regions {
		e, ok := byID["region-"+r.ID]
		require.True(t, ok, "region %s is drawn", r.ID)
		assert.Equal(t, hex[r.Color], e.Attr["fill"], "%s in its colour", r.ID)
		assert.Regexp(t, `^M[-0-9.]+ [-0-9.]+(L[-0-9.]+ [-0-9.]+)+Z`, e.Attr["d"])
		// A name broken over two lines reads back with its lines run
		// together, so spaces are ignored.
		squash := func(s string) string { return strings.ReplaceAll(s, " ", "") }
		named := false
		for _, s := range texts {
			named = named || strings.Contains(squash(s), squash(r.Name))
		}
		assert.True(t, named, "%s is named on the board", r.Name)
	}
	assert.Contains(t, byID["region-GO"].Group, "inset-GO", "the far air-only region is in an inset")
	assert.Equal(t, 1, classes["link-bridge"])
	assert.Equal(t, 1, classes["link-ferry"])
	assert.Equal(t, 8, classes["link-car"])
	assert.Equal(t, 6, classes["link-border"])
	assert.Equal(t, len(in.regionsPack().Regions), classes["node"])
	assert.Contains(t, byID, "sea-west")
	assert.Contains(t, byID, "rail-main")
	assert.Contains(t, texts, "Western Sea")
}

// TestDataPackage writes the folder and checks the descriptor against the
// files: every resource is there with its byte count and SHA-256, and
// every file is a resource.
func TestDataPackage(t *testing.T) {
	in := fixture(t)
	dir := filepath.Join(t.TempDir(), "testland-data")
	paths, err := Write(in, lookup(DataPackage), dir, Options{})
	require.NoError(t, err)
	require.Len(t, paths, 5)

	raw, err := os.ReadFile(filepath.Join(dir, "datapackage.json"))
	require.NoError(t, err)
	var d map[string]any
	require.NoError(t, json.Unmarshal(raw, &d))
	assert.Equal(t, DataPackageSchema, d["$schema"])
	assert.Regexp(t, `^[a-z0-9._-]+$`, d["name"])
	assert.NotEmpty(t, d["version"])
	require.NotEmpty(t, d["licenses"])
	assert.Equal(t, DefaultLicense, d["licenses"].([]any)[0].(map[string]any)["name"])
	require.NotEmpty(t, d["sources"])

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var onDisk []string
	for _, e := range entries {
		onDisk = append(onDisk, e.Name())
	}
	var listed []string
	for _, r := range d["resources"].([]any) {
		res := r.(map[string]any)
		for _, k := range []string{"name", "path", "format", "mediatype", "bytes", "hash"} {
			require.Contains(t, res, k, "resource %v has %s", res["name"], k)
		}
		path := res["path"].(string)
		listed = append(listed, path)
		data, err := os.ReadFile(filepath.Join(dir, path))
		require.NoError(t, err)
		sum := sha256.Sum256(data)
		assert.Equal(t, "sha256:"+hex.EncodeToString(sum[:]), res["hash"], path)
		assert.Equal(t, float64(len(data)), res["bytes"], path)
	}
	listed = append(listed, "datapackage.json")
	sort.Strings(listed)
	assert.Equal(t, listed, onDisk)

	// The pack travels unchanged; the tables and the GeoJSON are the same as
	// the formats' own.
	pack, _ := os.ReadFile(filepath.Join(dir, "testland.pack.json"))
	assert.Equal(t, in.PackJSON, pack)
	for _, name := range []string{"testland.regions.csv", "testland.links.csv", "testland.board.geojson"} {
		got, _ := os.ReadFile(filepath.Join(dir, name))
		want, _ := os.ReadFile(filepath.Join("testdata", "golden", name))
		assert.Equal(t, string(want), string(got), name)
	}

	// Writing again replaces the package whole.
	_, err = Write(in, lookup(DataPackage), dir, Options{PackageVersion: "2.0.0", License: "CC-BY-4.0"})
	require.NoError(t, err)
	raw, _ = os.ReadFile(filepath.Join(dir, "datapackage.json"))
	assert.Contains(t, string(raw), `"version": "2.0.0"`)
	assert.Contains(t, string(raw), `"name": "CC-BY-4.0"`)
	siblings, _ := os.ReadDir(filepath.Dir(dir))
	assert.Len(t, siblings, 1, "no temporary folder is left beside it")
}

// TestTTS checks the save against the structure documented in export/tts
// and the images it points at.
func TestTTS(t *testing.T) {
	in := fixture(t)
	dir := t.TempDir()
	paths, err := Write(in, lookup(TTS), filepath.Join(dir, "play.json"), Options{CardWidth: 100, BoardWidth: 800})
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "play.json"), paths[len(paths)-1], "the save is written last")

	var save tts.Save
	raw, err := os.ReadFile(filepath.Join(dir, "play.json"))
	require.NoError(t, err)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&save), "the save has only the documented fields")
	require.Len(t, save.ObjectStates, 2)
	deck, tile := save.ObjectStates[0], save.ObjectStates[1]
	assert.Equal(t, "DeckCustom", deck.Name)
	assert.Equal(t, "Custom_Tile", tile.Name)

	// One DeckID and one card object per physical card, in the same order.
	require.Len(t, deck.DeckIDs, in.regionsPack().Deck.Totals.Cards)
	require.Len(t, deck.ContainedObjects, len(deck.DeckIDs))
	for i, c := range deck.ContainedObjects {
		assert.Equal(t, "Card", c.Name)
		require.NotNil(t, c.CardID)
		assert.Equal(t, deck.DeckIDs[i], *c.CardID)
		assert.Regexp(t, `^[0-9a-f]{6}$`, c.GUID)
	}
	assert.Equal(t, "Alpha", deck.ContainedObjects[0].Nickname)
	// Delta has two copies that share a face.
	assert.Equal(t, deck.DeckIDs[3], deck.DeckIDs[4])

	// The images by their bare names: nothing of the machine that wrote
	// them (its folders) is in the save, which can be shared.
	require.Len(t, deck.CustomDeck, 1)
	sheet := deck.CustomDeck["1"]
	assert.Equal(t, "play.cards-1.png", sheet.FaceURL)
	assert.Equal(t, "play.back.png", sheet.BackURL)
	assert.NotContains(t, string(raw), filepath.ToSlash(dir), "the save names a folder of the machine")
	assert.NotContains(t, string(raw), "file:")
	assert.Equal(t, 10, sheet.NumWidth)
	assert.Equal(t, 2, sheet.NumHeight)
	assert.True(t, sheet.BackIsHidden)

	// The sheet: 14 faces, 100 by 140 pixels each; Alpha's face (the first)
	// has its colour round the edge, Bravo's (the second) its own.
	img := readPNG(t, filepath.Join(dir, "play.cards-1.png"))
	assert.Equal(t, image.Rect(0, 0, 1000, 280), img.Bounds())
	assertColour(t, img, 2, 70, "#c8453a")
	assertColour(t, img, 102, 70, "#2f6db5")
	for _, name := range []string{"play.back.png", "play.board.png"} {
		readPNG(t, filepath.Join(dir, name))
	}
	assert.Equal(t, 800, readPNG(t, filepath.Join(dir, "play.board.png")).Bounds().Dx())
	require.NotNil(t, tile.CustomImage)
	assert.Equal(t, "play.board.png", tile.CustomImage.ImageURL)
}

// TestTTSManySheets: a deck of more faces than a sheet holds spans sheets,
// 69 faces at most on each, and card ids count from each sheet's hundred.
func TestTTSManySheets(t *testing.T) {
	in := fixture(t)
	p := *in.regionsPack()
	p.Deck.Cards = nil
	for i := 0; i < 150; i++ {
		p.Deck.Cards = append(p.Deck.Cards, in.regionsPack().Deck.Cards[i%len(in.regionsPack().Deck.Cards)])
	}
	save, files, err := tts.Build(&p, in.Board, tts.Options{Base: "big", CardWidth: 40, BoardWidth: 400})
	require.NoError(t, err)
	deck := save.ObjectStates[0]
	require.Len(t, deck.CustomDeck, 3)
	assert.Equal(t, 7, deck.CustomDeck["1"].NumHeight)
	assert.Equal(t, 2, deck.CustomDeck["3"].NumHeight, "the last 12 faces take two rows")
	per := map[int]int{}
	for _, id := range deck.DeckIDs {
		per[id/100]++
		assert.Less(t, id%100, tts.MaxPerSheet)
	}
	assert.Len(t, per, 3)
	names := []string{}
	for _, f := range files {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"big.cards-1.png", "big.cards-2.png", "big.cards-3.png", "big.back.png", "big.board.png"}, names)
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err, path)
	return img
}

func assertColour(t *testing.T, img image.Image, x, y int, hex string) {
	t.Helper()
	r, g, b, _ := img.At(x, y).RGBA()
	wr, wg, wb, err := scene.RGB(hex)
	require.NoError(t, err)
	assert.Equal(t, [3]uint8{wr, wg, wb}, [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}, "pixel %d,%d", x, y)
}
