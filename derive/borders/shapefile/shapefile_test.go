package shapefile

import (
	"archive/zip"
	"io"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

// austria is testdata/borders/austria-lambert.zip unzipped: Austria's
// states as ogr2ogr wrote them from testdata/borders/austria.geojson, in
// MGI / Austria Lambert (EPSG:31287), the attributes in Windows-1252.
func austria(t testing.TB) Files {
	z, err := zip.OpenReader("../../../testdata/borders/austria-lambert.zip")
	require.NoError(t, err)
	defer z.Close()
	f := Files{Name: "austria.shp"}
	for _, e := range z.File {
		r, err := e.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(r)
		require.NoError(t, err)
		switch path.Ext(e.Name) {
		case ".shp":
			f.SHP = b
		case ".dbf":
			f.DBF = b
		case ".prj":
			f.PRJ = b
		case ".cpg":
			f.CPG = b
		}
	}
	return f
}

// TestReadsAustria reads the names in the .cpg's code page and the rings
// back in longitude/latitude, within a metre of the GeoJSON they were
// written from.
func TestReadsAustria(t *testing.T) {
	res, err := Read(austria(t))
	require.NoError(t, err)
	assert.Equal(t, "Windows-1252", res.Encoding)
	assert.Contains(t, res.CRS.String(), "MGI_Austria_Lambert")
	layer, findings := borders.Settle("austria.shp", []*borders.Part{res.Part}, borders.Options{IDProperty: "NAME_1"})
	for _, f := range findings {
		assert.NotEqual(t, diag.Error, f.Severity, f.String())
	}
	assert.Equal(t, []string{"Burgenland", "Kärnten", "Niederösterreich", "Oberösterreich", "Salzburg", "Steiermark", "Tirol", "Vorarlberg", "Wien"}, layer.IDs())
	src, err := os.ReadFile("../../../testdata/borders/austria.geojson")
	require.NoError(t, err)
	want, _, err := borders.Decode("austria.geojson", src, borders.Options{})
	require.NoError(t, err)
	for i, f := range layer.Features {
		w := want.Features[i]
		require.Equal(t, len(w.Geometry), len(f.Geometry), f.ID)
		got, exp := f.Geometry.Bound(), w.Geometry.Bound()
		assert.InDelta(t, exp.Min[0], got.Min[0], 1e-5, f.ID) // 1e-5° is under a metre
		assert.InDelta(t, exp.Max[1], got.Max[1], 1e-5, f.ID)
	}
	assert.Equal(t, "AT-2", layer.Features[1].Properties["ISO"])
}

func TestEncodings(t *testing.T) {
	for cpg, want := range map[string]string{
		"UTF-8": "UTF-8", "utf8": "UTF-8", "65001": "UTF-8", "1252": "Windows-1252", "ANSI 1251": "Windows-1251",
		"88591": "ISO-8859-1", "8859-15": "ISO-8859-15", "ISO 8859-2": "ISO-8859-2", "CP437": "CP437",
		"Shift_JIS": "shift_jis", "GBK": "gbk", "big5": "big5", "koi8-r": "koi8-r",
	} {
		e, ok := cpgEncoding(cpg)
		if assert.True(t, ok, cpg) {
			assert.Equal(t, want, e.name, cpg)
		}
	}
	_, ok := cpgEncoding("klingon")
	assert.False(t, ok)

	// The language driver byte when there is no .cpg; UTF-8 when the text
	// is; ISO 8859-1 when it is not.
	dbf := make([]byte, 32)
	dbf[29] = 0xc9
	e, why, warn := Encoding(nil, dbf)
	assert.Equal(t, "Windows-1251", e.name)
	assert.Contains(t, why, "0xc9")
	assert.Empty(t, warn)
	e, _, warn = Encoding([]byte("klingon"), append(make([]byte, 32), "Zürich"...))
	assert.Equal(t, "UTF-8", e.name)
	assert.Contains(t, warn, `"klingon"`)
	e, _, _ = Encoding(nil, append(make([]byte, 32), "Z\xfcrich"...))
	assert.Equal(t, "ISO-8859-1", e.name)
	assert.Equal(t, "Zürich", e.decode("Z\u00fcrich"))
	assert.Equal(t, "Привет", codePages[1251].decode(string([]rune{0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2})))
}

// TestRefuses: what is not a Shapefile, a table that is not the shapes',
// and a projection geo/crs lacks are errors naming the file.
func TestRefuses(t *testing.T) {
	good := austria(t)
	for name, c := range map[string]struct {
		f    func(f *Files)
		says string
	}{
		"not a shp":   {func(f *Files) { f.SHP = []byte("hello") }, "not a Shapefile's .shp"},
		"truncated":   {func(f *Files) { f.SHP = f.SHP[:len(f.SHP)-10] }, "truncated"},
		"short table": {func(f *Files) { f.DBF = f.DBF[:20] }, ".dbf"},
		"oblique": {func(f *Files) {
			f.PRJ = []byte(`PROJCS["x",GEOGCS["g",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Oblique_Stereographic"],UNIT["metre",1]]`)
		}, "ogr2ogr -t_srs EPSG:4326 austria-wgs84.geojson austria.shp"},
	} {
		f := good
		c.f(&f)
		_, err := Read(f)
		require.Error(t, err, name)
		assert.True(t, strings.HasPrefix(err.Error(), "austria.shp"), "%s: %v", name, err)
		assert.Contains(t, err.Error(), c.says, name)
	}
}

// FuzzRead: any bytes as the .shp and the .dbf give a result or an error,
// never a panic, a hang or an allocation beyond the inputs' size.
func FuzzRead(f *testing.F) {
	a := austria(f)
	f.Add(a.SHP, a.DBF)
	f.Add(a.SHP[:200], a.DBF[:100])
	f.Add([]byte{0, 0, 0x27, 0x0a}, []byte{3})
	f.Fuzz(func(t *testing.T, shpData, dbfData []byte) {
		fuzzcheck.Within(t, func() {
			res, err := Read(Files{Name: "f.shp", SHP: shpData, DBF: dbfData, PRJ: a.PRJ, CPG: a.CPG})
			if err == nil && res.Part == nil {
				t.Fatal("no error and no part")
			}
		})
	})
}
