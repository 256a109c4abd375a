package load

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/internal/testenv"
)

// metresApart is the ground distance between two close longitude/latitude
// points (equirectangular: plenty at millimetres to metres).
func metresApart(a, b [2]float64) float64 {
	const r, rad = 6371008.8, math.Pi / 180
	dx := (a[0] - b[0]) * rad * math.Cos((a[1]+b[1])/2*rad) * r
	dy := (a[1] - b[1]) * rad * r
	return math.Hypot(dx, dy)
}

// TestReprojectionMatchesOgr2ogr writes Austria's states in national and
// continental systems with ogr2ogr, reads each file, and compares every
// vertex with ogr2ogr's own reprojection of the same file to WGS 84: the
// largest distance, in metres, is the accuracy geo/crs gets on a real
// file (logged; under 1 cm, 5 m on a legacy datum whose area PROJ divides).
func TestReprojectionMatchesOgr2ogr(t *testing.T) {
	ogr2ogr := testenv.Tool(t, "ogr2ogr")
	t.Parallel()
	dir := t.TempDir()
	src, err := filepath.Abs(testdata + "austria.geojson")
	require.NoError(t, err)
	run := func(args ...string) {
		t.Helper()
		out, err := exec.Command(ogr2ogr, args...).CombinedOutput()
		require.NoError(t, err, "ogr2ogr %s: %s", strings.Join(args, " "), out)
	}
	for _, c := range []struct {
		srs, format, ext string
		tolerance        float64
	}{
		{"EPSG:31287", "ESRI Shapefile", ".shp", 5},    // MGI / Austria Lambert: LCC 2SP; the .prj gives no shift, PROJ takes a regional one
		{"EPSG:25833", "ESRI Shapefile", ".shp", 0.01}, // ETRS89 / UTM 33N
		{"EPSG:32632", "ESRI Shapefile", ".shp", 0.01}, // WGS 84 / UTM 32N: Vienna 500 km east of the meridian
		{"EPSG:3035", "GPKG", ".gpkg", 0.01},           // ETRS89 / LAEA Europe
		{"EPSG:5070", "GPKG", ".gpkg", 0.01},           // NAD83 / Conus Albers, far from its centre
		{"EPSG:3857", "GeoJSON", ".geojson", 0.01},     // Web Mercator, as a legacy crs member
		{"EPSG:3395", "GPKG", ".gpkg", 0.01},           // World Mercator
		{"EPSG:31257", "GPKG", ".gpkg", 0.01},          // MGI / Austria GK M28: Gauss-Krüger with the shift
		{"EPSG:23033", "ESRI Shapefile", ".shp", 5},    // ED50 / UTM 33N: PROJ takes a regional shift
	} {
		name := strings.ReplaceAll(c.srs, ":", "-")
		sub := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(sub, 0o755))
		projected := filepath.Join(sub, "austria"+c.ext)
		run("-f", c.format, "-t_srs", c.srs, projected, src)
		back := filepath.Join(sub, "back.geojson")
		run("-f", "GeoJSON", "-t_srs", "EPSG:4326", "-lco", "COORDINATE_PRECISION=10", back, projected)

		_, res, err := Load(OS{}, []string{projected}, 0, Options{Options: borders.Options{IDProperty: "name"}})
		require.NoError(t, err, c.srs)
		_, want, err := Load(OS{}, []string{back}, 0, Options{Options: borders.Options{IDProperty: "name"}})
		require.NoError(t, err, c.srs)
		require.Equal(t, want.Layer.IDs(), res.Layer.IDs(), c.srs)
		worst, vertices := 0.0, 0
		for i, f := range res.Layer.Features {
			w := want.Layer.Features[i]
			require.Equal(t, len(w.Geometry), len(f.Geometry), "%s %s", c.srs, f.ID)
			for p := range w.Geometry {
				for r := range w.Geometry[p] {
					require.Equal(t, len(w.Geometry[p][r]), len(f.Geometry[p][r]), "%s %s", c.srs, f.ID)
					for k, q := range w.Geometry[p][r] {
						worst = max(worst, metresApart(q, f.Geometry[p][r][k]))
						vertices++
					}
				}
			}
		}
		t.Logf("%s (%s): %d vertices, at most %.4f m from ogr2ogr's reprojection", c.srs, c.format, vertices, worst)
		assert.Less(t, worst, c.tolerance, c.srs)
	}
}
