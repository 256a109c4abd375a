package geopackage

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

// testdata/borders/austria.gpkg: Austria's states as ogr2ogr wrote them
// from testdata/borders/austria.geojson, in ETRS89 / LAEA Europe
// (EPSG:3035), layer "states".
func austria(t testing.TB) []byte {
	b, err := os.ReadFile("../../../testdata/borders/austria.gpkg")
	require.NoError(t, err)
	return b
}

func TestReadsAustria(t *testing.T) {
	res, err := Read("austria.gpkg", austria(t), "")
	require.NoError(t, err)
	assert.Equal(t, "states", res.Layer)
	assert.Contains(t, res.CRS.String(), "3035")
	layer, findings := borders.Settle("austria.gpkg", []*borders.Part{res.Part}, borders.Options{IDProperty: "name"})
	for _, f := range findings {
		assert.NotEqual(t, diag.Error, f.Severity, f.String())
	}
	src, err := os.ReadFile("../../../testdata/borders/austria.geojson")
	require.NoError(t, err)
	want, _, err := borders.Decode("austria.geojson", src, borders.Options{IDProperty: "name"})
	require.NoError(t, err)
	assert.Equal(t, want.IDs(), layer.IDs())
	for i, f := range layer.Features {
		w := want.Features[i]
		require.Equal(t, len(w.Geometry), len(f.Geometry), f.ID)
		for p := range w.Geometry {
			for r := range w.Geometry[p] {
				require.Equal(t, len(w.Geometry[p][r]), len(f.Geometry[p][r]), f.ID)
				for k, q := range w.Geometry[p][r] {
					assert.InDelta(t, q[0], f.Geometry[p][r][k][0], 1e-7, f.ID) // 1 cm
					assert.InDelta(t, q[1], f.Geometry[p][r][k][1], 1e-7, f.ID)
				}
			}
		}
		assert.Equal(t, w.Properties["iso_3166_2"], f.Properties["iso_3166_2"])
	}
}

func TestRefuses(t *testing.T) {
	_, err := Read("x.gpkg", []byte("hello"), "")
	assert.ErrorContains(t, err, "x.gpkg: not a GeoPackage")
	_, err = Read("austria.gpkg", austria(t), "lakes")
	assert.ErrorContains(t, err, `austria.gpkg: the GeoPackage has no layer "lakes" (it has states;`)
	broken := austria(t)
	broken = broken[:len(broken)/2]
	_, err = Read("half.gpkg", broken, "")
	assert.ErrorContains(t, err, "half.gpkg")
}

// FuzzRead: any bytes after SQLite's header give a result or an error,
// never a panic or a hang.
func FuzzRead(f *testing.F) {
	a := austria(f)
	f.Add(a)
	f.Add(a[:4096])
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<20 {
			return
		}
		fuzzcheck.Within(t, func() {
			res, err := Read("f.gpkg", data, "")
			if err == nil && res.Part == nil {
				t.Fatal("no error and no part")
			}
		})
	})
}

func TestGeometryBlobs(t *testing.T) {
	var f borders.RawFeature
	assert.Error(t, decodeGeometry([]byte("XX"), &f, nil))
	f = borders.RawFeature{}
	// An empty geometry: the GeoPackage's empty flag and no WKB.
	assert.NoError(t, decodeGeometry([]byte{'G', 'P', 0, 0x10 | 1, 0, 0, 0, 0}, &f, nil))
	assert.Empty(t, f.Polygons)
	// A point is reported, not read.
	f = borders.RawFeature{}
	assert.NoError(t, decodeGeometry([]byte{'G', 'P', 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, &f, nil))
	assert.Equal(t, "Point", f.NotPolygon)
	f = borders.RawFeature{}
	assert.NoError(t, decodeGeometry([]byte{'G', 'P', 0, 1, 0, 0, 0, 0, 1, 0xeb, 0x03, 0, 0}, &f, nil))
	assert.Contains(t, f.NotPolygon, "ogr2ogr -dim XY")
}
