package main

// Every bundled edition's web and GIS exports, read by what a user reads
// them with: Ajv validates the packs and editions against the schemas as
// `tendays schema` prints them; d3-geo and topojson-client draw the d3
// GeoJSON and the TopoJSON as a web map does; mapshaper reads the TopoJSON
// and the GeoJSON; ogr2ogr turns every GIS layer into an ESRI Shapefile and
// a GeoPackage. The Node.js programs are the npm project testdata/node (its
// scripts say what each prints); internal/testenv decides where this runs.

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/mapdata"
)

// webExport is one bundled edition built and exported for the web and GIS.
type webExport struct {
	name    string
	network bool
	pack    string
	geojson string // RFC 7946 winding, as ever
	d3      string // --winding d3
	topo    string
	gis     []string // the --format gis files
}

// layerNames pairs a GeoJSON layer property with its TopoJSON object.
var layerNames = map[string]string{"region": "regions", "land": "land", "sea": "seas", "rail": "rails", "station": "stations", "route": "routes"}

func TestWebAndGISConsumers(t *testing.T) {
	testenv.Integration(t, "Ajv, d3-geo, topojson-client, mapshaper (npm ci --prefix testdata/node) and GDAL")
	dir := t.TempDir()
	var all []*webExport
	for _, name := range editions.Names() {
		e := &webExport{name: name, pack: filepath.Join(dir, name+".pack.json")}
		tendays(t, "build", name, "-o", e.pack)
		src, err := os.ReadFile(e.pack)
		require.NoError(t, err)
		doc, err := mapdata.ParseJSON(e.pack, src)
		require.NoError(t, err)
		e.network = mapdata.PackKind(doc) == mapdata.KindNetwork
		e.geojson = filepath.Join(dir, name+".geojson")
		e.d3 = filepath.Join(dir, name+".d3.geojson")
		e.topo = filepath.Join(dir, name+".topojson")
		tendays(t, "export", e.pack, "--format", "geojson", "-o", e.geojson)
		tendays(t, "export", e.pack, "--format", "geojson", "--winding", "d3", "-o", e.d3)
		tendays(t, "export", e.pack, "--format", "topojson", "-o", e.topo)
		gis := filepath.Join(dir, name+"-gis")
		tendays(t, "export", e.pack, "--format", "gis", "-o", gis+"/")
		e.gis, err = filepath.Glob(filepath.Join(gis, "*.geojson"))
		require.NoError(t, err)
		require.NotEmpty(t, e.gis)
		all = append(all, e)
	}
	t.Run("ajv", func(t *testing.T) { t.Parallel(); consumerAjv(t, dir, all) })
	t.Run("d3-geo", func(t *testing.T) { t.Parallel(); consumerD3(t, all) })
	t.Run("mapshaper", func(t *testing.T) { t.Parallel(); consumerMapshaper(t, all) })
	t.Run("ogr2ogr", func(t *testing.T) { t.Parallel(); consumerOGRLayers(t, all) })
}

// node runs a script of testdata/node, which needs the npm packages pkgs,
// and decodes what it prints.
func node(t *testing.T, pkgs []string, script string, out any, args ...string) {
	t.Helper()
	var bin, project string
	for _, p := range pkgs {
		bin, project = testenv.NodeModule(t, p)
	}
	cmd := exec.Command(bin, append([]string{filepath.Join(project, script)}, args...)...)
	cmd.Dir = project
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("%s: %v", script, err)
	}
	require.NoError(t, json.Unmarshal(stdout.Bytes(), out), "%s printed no JSON: %v\n%s", script, err, stderr.String())
	assert.Empty(t, strings.TrimSpace(stderr.String()), "%s said something on stderr", script)
}

// consumerAjv: Ajv (draft 2020-12, its default strict options, the
// patterns as ECMA-262 u-flag expressions) compiles both schemas as
// `tendays schema` prints them, with no warning, and finds every bundled
// pack and edition valid, and the documents made to break a pattern
// invalid, as the toolkit's own validator does.
func consumerAjv(t *testing.T, dir string, all []*webExport) {
	schemas := map[string]string{}
	for _, name := range []string{"pack", "edition"} {
		var out, errb bytes.Buffer
		require.Zero(t, Main([]string{"schema", name}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb}), errb.String())
		schemas[name] = filepath.Join(dir, name+".schema.json")
		require.NoError(t, os.WriteFile(schemas[name], out.Bytes(), 0o644))
	}
	type doc struct {
		Schema string `json:"schema"`
		File   string `json:"file"`
	}
	var docs []doc
	for _, e := range all {
		docs = append(docs, doc{"pack", e.pack})
		src, err := fs.ReadFile(editions.FS(), e.name+"/"+editions.EditionFile)
		require.NoError(t, err)
		ed, err := mapdata.ParseYAML(e.name+"/edition.yaml", src)
		require.NoError(t, err)
		asJSON, err := json.Marshal(ed.Value)
		require.NoError(t, err)
		file := filepath.Join(dir, e.name+".edition.json")
		require.NoError(t, os.WriteFile(file, asJSON, 0o644))
		docs = append(docs, doc{"edition", file})
	}
	// Broken on purpose: a name with a bidi override, an id starting with
	// a no-break space, a member-map token across two lines.
	broken := map[string]string{}
	for _, b := range []struct{ schema, from, old, new string }{
		{"pack", "usa.pack.json", `"name": "Alabama"`, `"name": "Ala\u202ebama"`},
		{"pack", "usa.pack.json", `"id": "AL"`, `"id": "\u00a0AL"`},
		{"edition", "around-the-world.edition.json", `"europe:Spain"`, `"europe:Sp\nain"`},
	} {
		src, err := os.ReadFile(filepath.Join(dir, b.from))
		require.NoError(t, err)
		require.Contains(t, string(src), b.old)
		file := filepath.Join(dir, "broken-"+b.schema+"-"+strings.Trim(strings.Fields(b.new)[0], `":`)+".json")
		require.NoError(t, os.WriteFile(file, bytes.Replace(src, []byte(b.old), []byte(b.new), 1), 0o644))
		docs = append(docs, doc{b.schema, file})
		broken[file] = b.new
	}
	list := filepath.Join(dir, "ajv-list.json")
	text, err := json.Marshal(docs)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(list, text, 0o644))
	var got struct {
		Ajv      string
		Warnings []string
		Results  []struct {
			File   string
			Valid  bool
			Errors []map[string]any
		}
	}
	node(t, []string{"ajv", "ajv-formats"}, "ajv-validate.cjs", &got, schemas["pack"], schemas["edition"], list)
	t.Logf("ajv %s: %d documents", got.Ajv, len(got.Results))
	assert.Empty(t, got.Warnings, "Ajv's strict mode warned about the schemas")
	require.Len(t, got.Results, len(docs))
	for _, r := range got.Results {
		if why, ok := broken[r.File]; ok {
			assert.False(t, r.Valid, "Ajv took %s (%q)", filepath.Base(r.File), why)
			continue
		}
		assert.True(t, r.Valid, "Ajv refused %s: %v", filepath.Base(r.File), r.Errors)
	}
}

// d3Feature is what d3-read.cjs prints for a feature.
type d3Feature struct {
	ID         any
	Type       *string
	Area       float64
	Drawn      int
	Properties map[string]any
}

// consumerD3: d3-geo measures every polygon of the d3-wound GeoJSON and of
// the TopoJSON (read by topojson-client) under 2π, as a region on a map
// is, and draws it; the RFC 7946 GeoJSON, which d3 reads inside out, over
// 2π. The TopoJSON holds the GeoJSON's features, object by layer, with the
// same ids and properties and about the same areas, and is much smaller.
func consumerD3(t *testing.T, all []*webExport) {
	var files []string
	for _, e := range all {
		files = append(files, e.topo, e.d3, e.geojson)
	}
	var got map[string]map[string]json.RawMessage
	node(t, []string{"d3-geo", "topojson-client"}, "d3-read.cjs", &got, files...)
	layers := func(file string) map[string][]d3Feature {
		out := map[string][]d3Feature{}
		for name, raw := range got[file] {
			if name == "(topology)" {
				continue
			}
			var fs []d3Feature
			require.NoError(t, json.Unmarshal(raw, &fs), "%s %s", file, name)
			out[name] = fs
		}
		return out
	}
	for _, e := range all {
		t.Run(e.name, func(t *testing.T) {
			d3, rfc, topo := layers(e.d3), layers(e.geojson), layers(e.topo)
			polygons := 0
			for layer, fs := range d3 {
				for _, f := range fs {
					if f.Type != nil && strings.HasSuffix(*f.Type, "Polygon") {
						polygons++
						assert.Less(t, f.Area, 2*math.Pi, "d3 GeoJSON %s %v: geoArea", layer, f.ID)
						assert.Positive(t, f.Area, "d3 GeoJSON %s %v: geoArea", layer, f.ID)
					}
					assert.Positive(t, f.Drawn, "d3 GeoJSON %s %v: geoPath drew nothing", layer, f.ID)
				}
			}
			assert.Equal(t, e.network, polygons == 0, "polygons in a regions board, none in a network")
			for layer, fs := range rfc {
				for _, f := range fs {
					if f.Type != nil && strings.HasSuffix(*f.Type, "Polygon") {
						assert.Greater(t, f.Area, 2*math.Pi, "RFC 7946 GeoJSON %s %v: d3 should read it inside out", layer, f.ID)
					}
				}
			}
			var want []string
			if e.network {
				want = []string{"routes", "stations"}
			} else {
				want = []string{"land", "rails", "regions", "seas"}
			}
			var objects []string
			for name := range topo {
				objects = append(objects, name)
			}
			assert.ElementsMatch(t, want, objects, "TopoJSON objects")
			for layer, gj := range d3 {
				tj := topo[layerNames[layer]]
				require.Len(t, tj, len(gj), "TopoJSON object %s against GeoJSON layer %s", layerNames[layer], layer)
				for i := range gj {
					assert.Equal(t, gj[i].ID, tj[i].ID)
					assert.Equal(t, gj[i].Properties, tj[i].Properties, "%s %v: properties", layer, gj[i].ID)
					require.NotNil(t, tj[i].Type, "%s %v: TopoJSON geometry lost", layer, gj[i].ID)
					assert.Equal(t, strings.TrimPrefix(*gj[i].Type, "Multi"), strings.TrimPrefix(*tj[i].Type, "Multi"), "%s %v", layer, gj[i].ID)
					assert.Less(t, tj[i].Area, 2*math.Pi, "TopoJSON %s %v: geoArea", layer, gj[i].ID)
					// Quantization moves a position by half a step at most
					// (some 20 m on a continent): areas agree within 2%, or
					// within 2e-8 sr (1 km²) for the smallest islands.
					assert.InDelta(t, gj[i].Area, tj[i].Area, 0.02*gj[i].Area+2e-8, "%s %v: TopoJSON area against GeoJSON", layer, gj[i].ID)
					assert.Positive(t, tj[i].Drawn, "TopoJSON %s %v: geoPath drew nothing", layer, gj[i].ID)
				}
			}
			gjSize, tjSize := fileSize(t, e.geojson), fileSize(t, e.topo)
			t.Logf("%s: GeoJSON %d bytes, TopoJSON %d bytes (%.1f%%)", e.name, gjSize, tjSize, 100*float64(tjSize)/float64(gjSize))
			if e.network { // points and two-point lines: little to share
				assert.Less(t, tjSize*2, gjSize, "the TopoJSON is smaller than the GeoJSON")
			} else {
				assert.Less(t, tjSize*4, gjSize, "the TopoJSON is much smaller than the GeoJSON")
			}
		})
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	return fi.Size()
}

// consumerMapshaper: mapshaper reads every TopoJSON (an object a layer)
// and GeoJSON without a message, each polygon with a positive area (its
// winding: outer rings clockwise), the TopoJSON's areas those of the
// GeoJSON within quantization's error.
func consumerMapshaper(t *testing.T, all []*webExport) {
	var files []string
	for _, e := range all {
		files = append(files, e.topo, e.geojson)
	}
	type row struct {
		Area       float64
		Parts      int
		Properties map[string]any
	}
	var got struct {
		Mapshaper string
		Messages  []string
		Files     map[string]map[string][]row
	}
	node(t, []string{"mapshaper"}, "mapshaper-read.cjs", &got, files...)
	t.Logf("mapshaper %s", got.Mapshaper)
	assert.Empty(t, got.Messages, "mapshaper said something")
	for _, e := range all {
		t.Run(e.name, func(t *testing.T) {
			topo := got.Files[e.topo]
			geo := map[string]row{} // GeoJSON features by layer and id or name
			key := func(r row) string {
				id, _ := r.Properties["id"].(string)
				name, _ := r.Properties["name"].(string)
				return r.Properties["layer"].(string) + "/" + id + "/" + name
			}
			total := 0
			for _, rows := range got.Files[e.geojson] {
				for _, r := range rows {
					geo[key(r)] = r
					total++
				}
			}
			n := 0
			for object, rows := range topo {
				for _, r := range rows {
					n++
					layer, _ := r.Properties["layer"].(string)
					assert.Equal(t, layerNames[layer], object, "%s in object %s", key(r), object)
					g, ok := geo[key(r)]
					require.True(t, ok, "%s: no such feature in the GeoJSON", key(r))
					if layer == "region" || layer == "land" || layer == "sea" {
						assert.Positive(t, r.Area, "%s: mapshaper's area (winding)", key(r))
						assert.InDelta(t, g.Area, r.Area, 0.02*g.Area+1e6, "%s: area in m², TopoJSON against GeoJSON", key(r))
					}
				}
			}
			assert.Equal(t, total, n, "features in the TopoJSON and the GeoJSON")
		})
	}
}

// consumerOGRLayers: ogr2ogr turns every GIS layer file into an ESRI
// Shapefile and a GeoPackage layer with no error and no warning (one
// geometry type a file, lists as text), keeping every feature; ogrinfo
// reads the TopoJSON (GDAL's TopoJSON driver) with every feature too.
func consumerOGRLayers(t *testing.T, all []*webExport) {
	ogr2ogr := testenv.Tool(t, "ogr2ogr")
	ogrinfo := testenv.Tool(t, "ogrinfo")
	for _, e := range all {
		t.Run(e.name, func(t *testing.T) {
			out := t.TempDir()
			total := 0
			for _, file := range e.gis {
				n, _ := jsonFeatures(t, file)
				total += n
				base := strings.TrimSuffix(filepath.Base(file), ".geojson")
				assert.Equal(t, n, ogrCount(t, ogrinfo, file), "%s: GeoJSON driver", base)
				for _, driver := range []struct{ name, ext string }{{"ESRI Shapefile", ".shp"}, {"GPKG", ".gpkg"}} {
					dst := filepath.Join(out, base+driver.ext)
					_, stderr := runTool(t, ogr2ogr, "-f", driver.name, dst, file)
					noWarnings(t, "ogr2ogr -f "+driver.name+" "+base, stderr)
					assert.Equal(t, n, ogrCount(t, ogrinfo, dst), "%s: %s keeps every feature", base, driver.name)
				}
			}
			all, _ := jsonFeatures(t, e.geojson)
			assert.Equal(t, all, total, "the layers hold every feature of the GeoJSON")
			info, stderr := runTool(t, ogrinfo, "-so", "-al", e.topo)
			noWarnings(t, "ogrinfo "+e.topo, stderr)
			read := 0
			for _, m := range featureCount.FindAllStringSubmatch(info, -1) {
				c, err := strconv.Atoi(m[1])
				require.NoError(t, err)
				read += c
			}
			assert.Equal(t, total, read, "GDAL's TopoJSON driver reads every feature")
		})
	}
}
