package export

import (
	"bytes"
	"io/fs"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/routes"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/mapdata"
)

// needTool finds a program that checks an output with a real consumer
// (internal/testenv: run under CI=true or TENDAYS_INTEGRATION=1).
func needTool(t *testing.T, name string) string {
	t.Helper()
	return testenv.Tool(t, name)
}

// bundledNetwork builds the bundled route-network edition.
func bundledNetwork(t *testing.T) *mapdata.NetworkPack {
	t.Helper()
	files, err := editions.Folder("across-the-us")
	require.NoError(t, err)
	src, err := fs.ReadFile(files, editions.EditionFile)
	require.NoError(t, err)
	ed, err := mapdata.DecodeNetworkEdition("across-the-us/edition.yaml", src)
	require.NoError(t, err)
	res, err := routes.Build(routes.Input{Doc: ed, FS: files, Dir: "editions/across-the-us"})
	require.NoError(t, err)
	return res.Pack
}

// usLand is the land cmd draws under Across the United States: the usa
// edition's states, read the way the caller reads them.
func usLand(t *testing.T) []orb.MultiPolygon {
	t.Helper()
	src, err := fs.ReadFile(editions.FS(), "usa/states-10m.topojson")
	require.NoError(t, err)
	layer, _, err := borders.Decode("usa/states-10m.topojson", src, borders.Options{Object: "states"})
	require.NoError(t, err)
	var land []orb.MultiPolygon
	for _, f := range layer.Features {
		land = append(land, f.Geometry)
	}
	return land
}

var svgWidth = regexp.MustCompile(`<svg width="([0-9.]+)pt" height="([0-9.]+)pt"`)

// dotPage renders a DOT file with plain `dot -Tsvg` (the layout the file
// asks for) and gives the page's width and height in pixels (1 pt = 4/3 px).
func dotPage(t *testing.T, dot string, src []byte) (float64, float64) {
	t.Helper()
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = bytes.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Run(), "dot: %s", errb.String())
	m := svgWidth.FindSubmatch(out.Bytes())
	require.NotNil(t, m, "no page size in dot's SVG")
	w, _ := strconv.ParseFloat(string(m[1]), 64)
	h, _ := strconv.ParseFloat(string(m[2]), 64)
	return w * 4 / 3, h * 4 / 3
}

// Plain `dot -Tsvg file.dot` gives a map-like page no wider than 4,000 px
// for every bundled edition (it used to draw the USA as an 8,643-px-wide
// hierarchy), with the board or without it.
func TestDOTRendersWithDotIntoAPage(t *testing.T) {
	dot := needTool(t, "dot")
	for _, e := range bundledEditions(t) {
		for _, withBoard := range []bool{true, false} {
			b := e.b
			if !withBoard {
				b = nil
			}
			src, err := DOTBytes(e.pack, b)
			require.NoError(t, err)
			w, h := dotPage(t, dot, src)
			t.Logf("%s (board %v): %.0f × %.0f px", e.name, withBoard, w, h)
			assert.LessOrEqual(t, w, 4000.0, "%s: page width", e.name)
			assert.LessOrEqual(t, h, 4000.0, "%s: page height", e.name)
			assert.Greater(t, w, 300.0, "%s: a picture, not a dot", e.name)
		}
	}
	w, h := dotPage(t, dot, NetworkDOT(bundledNetwork(t)))
	t.Logf("across-the-us: %.0f × %.0f px", w, h)
	assert.LessOrEqual(t, w, 4000.0)
	assert.Greater(t, w, 600.0, "positions read as points, not inches")
	assert.Greater(t, w, h, "the United States are wider than tall")
}
