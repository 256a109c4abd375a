package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/internal/testenv"
)

// board is what a built edition holds that borders decide: the regions by
// name, and every link by its ends' names, with a border's length.
type board struct {
	regions []string
	links   map[string]float64 // "A|B|kind" -> km
}

// initAndBuild runs init on borders into a new folder, then build, with no
// edit between, and reads the pack.
func initAndBuild(t *testing.T, borders ...string) board {
	t.Helper()
	var args []string
	for _, b := range borders {
		args = append(args, "--borders", b)
	}
	return initAndBuildWith(t, args...)
}

// initAndBuildWith is initAndBuild with init's flags as they are.
func initAndBuildWith(t *testing.T, initFlags ...string) board {
	t.Helper()
	dir := t.TempDir()
	folder := filepath.Join(dir, "ed")
	run := func(args ...string) {
		t.Helper()
		var out, errb bytes.Buffer
		code := Main(args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb})
		require.Zero(t, code, "tendays %s: %s", strings.Join(args, " "), errb.String())
	}
	run(append([]string{"init", folder}, initFlags...)...)
	pack := filepath.Join(dir, "ed.pack.json")
	run("build", folder, "-o", pack)
	data, err := os.ReadFile(pack)
	require.NoError(t, err)
	var p struct {
		Regions []struct{ ID, Name string }
		Links   []struct {
			A, B, Kind string
			LengthKm   float64
		}
	}
	require.NoError(t, json.Unmarshal(data, &p))
	names := map[string]string{}
	var b board
	for _, r := range p.Regions {
		names[r.ID] = r.Name
		b.regions = append(b.regions, r.Name)
	}
	sort.Strings(b.regions)
	b.links = map[string]float64{}
	for _, l := range p.Links {
		a, c := names[l.A], names[l.B]
		if c < a {
			a, c = c, a
		}
		b.links[a+"|"+c+"|"+l.Kind] = l.LengthKm
	}
	return b
}

// sameBoard: the same regions, the same links, borders as long within a
// part in a thousand (a reprojection moves vertices by millimetres).
func sameBoard(t *testing.T, want, got board, what string) {
	t.Helper()
	assert.Equal(t, want.regions, got.regions, what)
	keys := func(m map[string]float64) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	if assert.Equal(t, keys(want.links), keys(got.links), what) {
		for k, km := range want.links {
			assert.InDelta(t, km, got.links[k], km/1000+1e-9, "%s: %s", what, k)
		}
	}
}

const formsData = "../../testdata/borders/"

// TestBordersFormsBuildAlike is issue 31's "done when": a folder of one
// GeoJSON file a region (names in ST_NM, wound clockwise), a zipped
// Shapefile in a national projection with a datum shift, a GeoPackage in
// LAEA, and a file with empty geometries and regions in pieces each go
// init → build with no hand edit and give the regions and links of the
// same borders as one clean GeoJSON file.
func TestBordersFormsBuildAlike(t *testing.T) {
	want := initAndBuild(t, formsData+"austria.geojson")
	require.Len(t, want.regions, 9)
	require.Len(t, want.links, 37)
	for what, borders := range map[string][]string{
		"a folder":                    {formsData + "states"},
		"a glob":                      {formsData + "states/*.geojson"},
		"a zipped Shapefile":          {formsData + "austria-lambert.zip"},
		"a GeoPackage":                {formsData + "austria.gpkg"},
		"empty geometries and pieces": {formsData + "austria-pieces.geojson"},
	} {
		t.Run(what, func(t *testing.T) {
			sameBoard(t, want, initAndBuild(t, borders...), what)
		})
	}
}

// TestBordersFormsFromOgr2ogr writes the same borders with the installed
// GDAL in other systems and formats, and builds each alike.
func TestBordersFormsFromOgr2ogr(t *testing.T) {
	ogr2ogr := testenv.Tool(t, "ogr2ogr")
	t.Parallel()
	want := initAndBuild(t, formsData+"austria.geojson")
	dir := t.TempDir()
	src, err := filepath.Abs(formsData + "austria.geojson")
	require.NoError(t, err)
	write := func(args ...string) {
		t.Helper()
		out, err := exec.Command(ogr2ogr, args...).CombinedOutput()
		require.NoError(t, err, "ogr2ogr %s: %s", strings.Join(args, " "), out)
	}
	cases := map[string]func() []string{
		"Shapefile, ETRS89 / UTM 33N, zipped": func() []string {
			shp := filepath.Join(dir, "utm", "austria.shp")
			require.NoError(t, os.MkdirAll(filepath.Dir(shp), 0o755))
			write("-f", "ESRI Shapefile", "-t_srs", "EPSG:25833", "-lco", "ENCODING=UTF-8", shp, src)
			return []string{zipFolder(t, filepath.Dir(shp), filepath.Join(dir, "utm.zip"))}
		},
		"Shapefile, MGI / Austria Lambert, Windows-1252": func() []string {
			shp := filepath.Join(dir, "mgi", "austria.shp")
			require.NoError(t, os.MkdirAll(filepath.Dir(shp), 0o755))
			write("-f", "ESRI Shapefile", "-t_srs", "EPSG:31287", "-lco", "ENCODING=CP1252", shp, src)
			return []string{shp}
		},
		"GeoPackage, ETRS89 / Austria Lambert": func() []string {
			gpkg := filepath.Join(dir, "lambert.gpkg")
			write("-f", "GPKG", "-t_srs", "EPSG:3416", gpkg, src)
			return []string{gpkg}
		},
		"GeoPackage, NAD83 / Conus Albers (far from home)": func() []string {
			gpkg := filepath.Join(dir, "albers.gpkg")
			write("-f", "GPKG", "-t_srs", "EPSG:5070", gpkg, src)
			return []string{gpkg}
		},
		"GeoJSON with a crs member, Web Mercator": func() []string {
			js := filepath.Join(dir, "merc.geojson")
			write("-f", "GeoJSON", "-t_srs", "EPSG:3857", js, src)
			return []string{js}
		},
	}
	for what, make := range cases {
		sameBoard(t, want, initAndBuild(t, make()...), what)
	}
}

// zipFolder zips the files of a folder (a Shapefile's parts) into name.
func zipFolder(t *testing.T, folder, name string) string {
	entries, err := os.ReadDir(folder)
	require.NoError(t, err)
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(folder, e.Name()))
		require.NoError(t, err)
		f, err := w.Create(fmt.Sprintf("austria/%s", e.Name()))
		require.NoError(t, err)
		_, err = f.Write(data)
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	require.NoError(t, os.WriteFile(name, buf.Bytes(), 0o644))
	return name
}
