package main

// Every export of every bundled edition, read by the program a user would
// read it with: GDAL (ogrinfo, ogr2ogr) and shapely for the GeoJSON,
// networkx for the graphs, Graphviz for the DOT, librsvg for the SVG. The
// files are made the way a user makes them: `tendays build NAME`, then
// `tendays export PACK --format F`. A missing program skips its part, and
// fails it when CI=true (.ci/run installs them all).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	_ "image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/mapdata"
)

// systemPython is Debian's interpreter, which has python3-networkx and
// python3-shapely; a `python3` on PATH may be another without them.
const systemPython = "/usr/bin/python3"

// needConsumer finds a program (a name on PATH or an absolute path) for a
// real-consumer test: it runs under CI=true or TENDAYS_INTEGRATION=1
// (internal/testenv), fails under CI when the program is missing (.ci/run
// installs it), and skips otherwise.
func needConsumer(t *testing.T, name string) string {
	t.Helper()
	return testenv.Tool(t, name)
}

// needPythonModules is needConsumer for modules of systemPython.
func needPythonModules(t *testing.T, modules ...string) {
	t.Helper()
	py := needConsumer(t, systemPython)
	out, err := exec.Command(py, "-c", "import "+strings.Join(modules, ", ")).CombinedOutput()
	if err != nil {
		testenv.Missing(t, fmt.Sprintf("%s cannot import %s (%v): %s", py, strings.Join(modules, ", "), err, out), "")
	}
}

// runTool runs a program and returns its standard output; it fails the test on
// a non-zero exit, and returns standard error for the caller to check.
func runTool(t *testing.T, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Run(), "%s %s: %s", name, strings.Join(args, " "), errb.String())
	return out.String(), errb.String()
}

// shipped is one bundled edition built, and exported in the formats it
// takes, into one folder.
type shipped struct {
	name    string
	kind    string // mapdata.KindRegions (combined packs too) or KindNetwork
	dir     string
	nodes   int // regions, or stations
	edges   int // links, or routes
	files   map[string]string
	regions int // region features a board holds (0 for a network)
}

// boardFile keys the board GeoJSON that build writes beside a regions pack.
const boardFile = "board"

// TestRealConsumers builds and exports every bundled edition once, then
// hands the files to each consumer in turn.
func TestRealConsumers(t *testing.T) {
	t.Parallel()
	testenv.Integration(t, "GDAL, shapely, networkx, Graphviz and rsvg-convert")
	all := shipAll(t)
	t.Run("gdal", func(t *testing.T) { consumerGDAL(t, all) })
	t.Run("shapely", func(t *testing.T) { consumerShapely(t, all) })
	t.Run("networkx", func(t *testing.T) { consumerNetworkx(t, all) })
	t.Run("graphviz", func(t *testing.T) { consumerGraphviz(t, all) })
	t.Run("rsvg", func(t *testing.T) { consumerRsvg(t, all) })
}

// shipAll builds every bundled edition and exports it in every
// single-file format it takes, with the CLI, in process.
func shipAll(t *testing.T) []*shipped {
	t.Helper()
	root := t.TempDir()
	var all []*shipped
	for _, name := range editions.Names() {
		s := &shipped{name: name, dir: filepath.Join(root, name), files: map[string]string{}}
		require.NoError(t, os.Mkdir(s.dir, 0o755))
		pack := filepath.Join(s.dir, name+".pack.json")
		tendays(t, "build", name, "-o", pack)
		src, err := os.ReadFile(pack)
		require.NoError(t, err)
		var doc struct {
			Kind     string
			Regions  []json.RawMessage
			Links    []json.RawMessage
			Stations []json.RawMessage
			Routes   []json.RawMessage
		}
		require.NoError(t, json.Unmarshal(src, &doc))
		s.kind = doc.Kind
		formats := []string{"dot", "graphml", "json-graph", "geojson", "svg"}
		if s.kind == mapdata.KindNetwork {
			s.nodes, s.edges = len(doc.Stations), len(doc.Routes)
		} else {
			s.nodes, s.edges, s.regions = len(doc.Regions), len(doc.Links), len(doc.Regions)
			s.files[boardFile] = filepath.Join(s.dir, name+".board.geojson")
			require.FileExists(t, s.files[boardFile])
		}
		for _, f := range formats {
			out := filepath.Join(s.dir, name+".export."+f)
			tendays(t, "export", pack, "--format", f, "-o", out)
			s.files[f] = out
		}
		all = append(all, s)
	}
	kinds := map[string]int{}
	for _, s := range all {
		kinds[s.kind]++
	}
	require.GreaterOrEqual(t, kinds[mapdata.KindRegions], 6, "the regions editions and the combined one")
	require.GreaterOrEqual(t, kinds[mapdata.KindNetwork], 1, "the route-network edition")
	return all
}

// tendays runs the CLI in process and fails the test unless it exits 0.
func tendays(t *testing.T, args ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(append([]string{"--quiet"}, args...), &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb})
	require.Zero(t, code, "tendays %s: %s", strings.Join(args, " "), errb.String())
}

// noWarnings fails on anything a GDAL program says on standard error
// (warnings about geometry, winding, unknown fields ...).
func noWarnings(t *testing.T, what, stderr string) {
	t.Helper()
	assert.Empty(t, strings.TrimSpace(stderr), "%s: GDAL said something", what)
}

var featureCount = regexp.MustCompile(`(?m)^Feature Count: (\d+)$`)

// ogrCount is the feature count ogrinfo reads in a file.
func ogrCount(t *testing.T, ogrinfo, file string) int {
	t.Helper()
	out, stderr := runTool(t, ogrinfo, "-al", "-so", file)
	noWarnings(t, "ogrinfo "+file, stderr)
	m := featureCount.FindStringSubmatch(out)
	require.NotNil(t, m, "ogrinfo printed no feature count for %s:\n%s", file, out)
	n, _ := strconv.Atoi(m[1])
	return n
}

// jsonFeatures counts a FeatureCollection's features by their layer
// property.
func jsonFeatures(t *testing.T, file string) (total int, byLayer map[string]int) {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	var fc struct {
		Features []struct {
			Properties map[string]any
		}
	}
	require.NoError(t, json.Unmarshal(src, &fc), file)
	byLayer = map[string]int{}
	for _, f := range fc.Features {
		l, _ := f.Properties["layer"].(string)
		byLayer[l]++
	}
	return len(fc.Features), byLayer
}

var sqlValue = regexp.MustCompile(`(?m)^\s+(\w+) \(\w+\) = (\d+)$`)

// consumerGDAL: ogrinfo reads every board and geojson export with the
// feature count the file holds and no warning, SQLite's ST_IsValid
// (SpatiaLite) finds every region valid, and an ogr2ogr round trip keeps
// every feature.
func consumerGDAL(t *testing.T, all []*shipped) {
	ogrinfo := needConsumer(t, "ogrinfo")
	ogr2ogr := needConsumer(t, "ogr2ogr")
	for _, s := range all {
		for _, which := range []string{boardFile, "geojson"} {
			file, ok := s.files[which]
			if !ok {
				continue
			}
			t.Run(s.name+"/"+which, func(t *testing.T) {
				total, layers := jsonFeatures(t, file)
				assert.Equal(t, total, ogrCount(t, ogrinfo, file), "ogrinfo's feature count")
				if s.kind == mapdata.KindNetwork {
					assert.Equal(t, s.nodes, layers["station"], "a Point per station")
					assert.Equal(t, s.edges, layers["route"], "a LineString per route")
				} else {
					assert.Equal(t, s.regions, layers["region"], "a feature per region")
					layer := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
					out, stderr := runTool(t, ogrinfo, "-q", "-dialect", "SQLite", "-sql",
						fmt.Sprintf(`SELECT COUNT(*) AS n, SUM(ST_IsValid(geometry)) AS valid FROM "%s" WHERE layer = 'region'`, layer), file)
					noWarnings(t, "ogrinfo -sql", stderr)
					got := map[string]int{}
					for _, m := range sqlValue.FindAllStringSubmatch(out, -1) {
						got[m[1]], _ = strconv.Atoi(m[2])
					}
					assert.Equal(t, s.regions, got["n"], "regions counted by SQL:\n%s", out)
					assert.Equal(t, s.regions, got["valid"], "regions valid by GEOS (ST_IsValid):\n%s", out)
				}
				back := filepath.Join(t.TempDir(), "back.geojson")
				_, stderr := runTool(t, ogr2ogr, "-f", "GeoJSON", back, file)
				noWarnings(t, "ogr2ogr", stderr)
				assert.Equal(t, total, ogrCount(t, ogrinfo, back), "ogr2ogr keeps every feature")
			})
		}
	}
}

// shapelyCheck prints, for a GeoJSON file, how many polygon features it
// holds, how many are invalid and how many are not wound as RFC 7946 asks
// (shapely's orient(sign=1.0): exteriors counter-clockwise, holes
// clockwise).
const shapelyCheck = `
import json, sys
from shapely.geometry import shape
from shapely.geometry.polygon import orient
from shapely.validation import explain_validity
fc = json.load(open(sys.argv[1]))
polys = invalid = wound = 0
bad = []
for f in fc["features"]:
    g = f["geometry"]
    if g is None or g["type"] not in ("Polygon", "MultiPolygon"):
        continue
    polys += 1
    s = shape(g)
    if not s.is_valid:
        invalid += 1
        bad.append("%s: %s" % (f["properties"].get("id"), explain_validity(s)))
    parts = [s] if s.geom_type == "Polygon" else list(s.geoms)
    for p in parts:
        o = orient(p, 1.0)
        if list(o.exterior.coords) != list(p.exterior.coords) or any(list(a.coords) != list(b.coords) for a, b in zip(o.interiors, p.interiors)):
            wound += 1
            bad.append("%s: winding" % f["properties"].get("id"))
            break
print(json.dumps({"polygons": polys, "invalid": invalid, "wound": wound, "bad": bad[:10]}))
`

// consumerShapely: every polygon of every board and geojson export is
// valid and wound as RFC 7946 asks, by shapely.
func consumerShapely(t *testing.T, all []*shipped) {
	needPythonModules(t, "shapely")
	for _, s := range all {
		for _, which := range []string{boardFile, "geojson"} {
			file, ok := s.files[which]
			if !ok || s.kind == mapdata.KindNetwork {
				continue
			}
			t.Run(s.name+"/"+which, func(t *testing.T) {
				out, _ := runTool(t, systemPython, "-c", shapelyCheck, file)
				var got struct {
					Polygons, Invalid, Wound int
					Bad                      []string
				}
				require.NoError(t, json.Unmarshal([]byte(out), &got), out)
				assert.GreaterOrEqual(t, got.Polygons, s.regions, "a polygon feature per region at least")
				assert.Zero(t, got.Invalid, "invalid polygons: %v", got.Bad)
				assert.Zero(t, got.Wound, "polygons not wound as RFC 7946 asks: %v", got.Bad)
			})
		}
	}
}

// networkxCheck reads the json-graph with node_link_graph and the GraphML
// with read_graphml and prints each graph's node and edge counts.
const networkxCheck = `
import json, sys
import networkx as nx
from networkx.readwrite import json_graph
g = json_graph.node_link_graph(json.load(open(sys.argv[1])))
h = nx.read_graphml(sys.argv[2])
print(json.dumps({"version": nx.__version__,
  "json": [g.number_of_nodes(), g.number_of_edges(), g.is_multigraph(), g.is_directed()],
  "graphml": [h.number_of_nodes(), h.number_of_edges(), h.is_multigraph(), h.is_directed()]}))
`

// consumerNetworkx: networkx (2.8 as Debian ships it) reads the
// json-graph and the GraphML of every edition with a node per region (or
// station) and an edge per link (or route).
func consumerNetworkx(t *testing.T, all []*shipped) {
	needPythonModules(t, "networkx")
	for _, s := range all {
		t.Run(s.name, func(t *testing.T) {
			out, stderr := runTool(t, systemPython, "-c", networkxCheck, s.files["json-graph"], s.files["graphml"])
			assert.Empty(t, strings.TrimSpace(stderr), "networkx warned")
			var got struct {
				Version       string
				JSON, GraphML []any
			}
			require.NoError(t, json.Unmarshal([]byte(out), &got), out)
			t.Logf("networkx %s", got.Version)
			for what, g := range map[string][]any{"node_link_graph": got.JSON, "read_graphml": got.GraphML} {
				require.Len(t, g, 4, what)
				assert.Equal(t, float64(s.nodes), g[0], "%s: nodes", what)
				assert.Equal(t, float64(s.edges), g[1], "%s: edges", what)
				assert.Equal(t, false, g[3], "%s: undirected", what)
			}
		})
	}
}

var dotPageSize = regexp.MustCompile(`<svg width="([0-9.]+)pt" height="([0-9.]+)pt"`)

// consumerGraphviz: plain `dot -Tsvg` draws every edition's DOT export
// (the regions editions, the combined one and the route network) into a
// page no wider than 4,000 px, without a warning. export's own
// TestDOTRendersWithDotIntoAPage checks the regions editions from the
// library side.
func consumerGraphviz(t *testing.T, all []*shipped) {
	dot := needConsumer(t, "dot")
	for _, s := range all {
		t.Run(s.name, func(t *testing.T) {
			out, stderr := runTool(t, dot, "-Tsvg", s.files["dot"])
			assert.Empty(t, strings.TrimSpace(stderr), "Graphviz warned")
			m := dotPageSize.FindStringSubmatch(out)
			require.NotNil(t, m, "no page size in dot's SVG")
			w, _ := strconv.ParseFloat(m[1], 64)
			assert.LessOrEqual(t, w*4/3, 4000.0, "page width in px")
			assert.Equal(t, s.nodes, strings.Count(out, `class="node"`), "a node per region or station")
			assert.Equal(t, s.edges, strings.Count(out, `class="edge"`), "an edge per link or route")
		})
	}
}

var svgSize = regexp.MustCompile(`<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"`)

// consumerRsvg: librsvg renders every edition's svg export into a PNG
// of the page's size with a picture on it (many colours, not a blank).
func consumerRsvg(t *testing.T, all []*shipped) {
	rsvg := needConsumer(t, "rsvg-convert")
	for _, s := range all {
		t.Run(s.name, func(t *testing.T) {
			src, err := os.ReadFile(s.files["svg"])
			require.NoError(t, err)
			m := svgSize.FindSubmatch(src)
			require.NotNil(t, m, "no page size in the svg")
			w, _ := strconv.ParseFloat(string(m[1]), 64)
			h, _ := strconv.ParseFloat(string(m[2]), 64)
			png := filepath.Join(t.TempDir(), s.name+".png")
			_, stderr := runTool(t, rsvg, "-o", png, s.files["svg"])
			assert.Empty(t, strings.TrimSpace(stderr), "rsvg-convert warned")
			f, err := os.Open(png)
			require.NoError(t, err)
			defer f.Close()
			img, _, err := image.Decode(f)
			require.NoError(t, err)
			b := img.Bounds()
			assert.Equal(t, int(math.Ceil(w)), b.Dx(), "PNG width")
			assert.Equal(t, int(math.Ceil(h)), b.Dy(), "PNG height")
			colours := map[color.RGBA]bool{}
			for y := b.Min.Y; y < b.Max.Y; y += 7 {
				for x := b.Min.X; x < b.Max.X; x += 7 {
					r, g, bl, a := img.At(x, y).RGBA()
					colours[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)}] = true
				}
			}
			assert.Greater(t, len(colours), 20, "the PNG shows a map, not a blank page")
		})
	}
}
