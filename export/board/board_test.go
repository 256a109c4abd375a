package board

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/mapdata"
)

func TestDecode(t *testing.T) {
	b, err := Read("../testdata/testland.board.geojson")
	require.NoError(t, err)
	assert.Len(t, b.Regions, 8)
	assert.Len(t, b.Land, 1)
	require.Len(t, b.Seas, 1)
	assert.Equal(t, "west", b.Seas[0].ID)
	require.Len(t, b.Rails, 1)
	assert.Equal(t, "main", b.Rails[0].ID)
	fx := b.Region("FX")
	require.NotNil(t, fx)
	assert.Len(t, fx.Geometry, 2, "a MultiPolygon keeps its parts")
	assert.Equal(t, 7, fx.Feature, "its index in the file")
	ch := b.Region("CH")
	assert.Len(t, ch.Geometry[0], 2, "a hole is kept")
}

func TestDecodeErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"syntax", "{\"type\": \"FeatureCollection\",\n \"features\": [}", "b.geojson:2:"},
		{"not a collection", `{"type":"Feature","geometry":null,"properties":{}}`, "b.geojson:1:2: a board must be a GeoJSON FeatureCollection"},
		{"region without id", `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},"properties":{"layer":"region"}}]}`,
			"b.geojson:1:"},
		{"region as a line", `{"type":"FeatureCollection","features":[{"type":"Feature","id":"A","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},"properties":{"layer":"region"}}]}`,
			"want a Polygon or MultiPolygon, found LineString"},
		{"duplicate region", `{"type":"FeatureCollection","features":[` +
			`{"type":"Feature","id":"A","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},"properties":{"layer":"region"}},` +
			`{"type":"Feature","id":"A","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},"properties":{"layer":"region"}}]}`, `region "A" has a second feature`},
		{"latitude out of range", `{"type":"FeatureCollection","features":[{"type":"Feature","id":"A","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,100],[0,0]]]},"properties":{"layer":"region"}}]}`,
			"is not a longitude, latitude"},
		{"sea without id", `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},"properties":{"layer":"sea"}}]}`,
			`needs a "sea" property`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode("b.geojson", []byte(c.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	// Layers it does not know pass through.
	b, err := Decode("b.geojson", []byte(`{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{"layer":"city"}}]}`))
	require.NoError(t, err)
	assert.Len(t, b.Features.Features, 1)
	assert.Empty(t, b.Regions)
}

func TestCheck(t *testing.T) {
	b, err := Read("../testdata/testland.board.geojson")
	require.NoError(t, err)
	p, err := mapdata.ReadPack("../testdata/testland.pack.json", 0)
	require.NoError(t, err)
	require.NoError(t, b.Check(p.Pack, "p.json"))
	p.Pack.Regions = p.Pack.Regions[1:]
	p.Pack.Regions = append(p.Pack.Regions, mapdata.Region{ID: "QQ"})
	err = b.Check(p.Pack, "p.json")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not fit p.json: no outline for QQ; outlines of regions the pack does not have: AL")
}

// TestScannerReadsBoardsBuildWrites: the board of the test edition, as
// build wrote it, takes the scanner's path, not orb's.
func TestScannerReadsBoardsBuildWrites(t *testing.T) {
	src, err := os.ReadFile("../testdata/testland.board.geojson")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := scanCollection(src); !ok {
		t.Fatal("testland's board goes through orb's decoder")
	}
}
