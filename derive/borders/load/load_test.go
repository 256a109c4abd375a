package load

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
)

const testdata = "../../../testdata/borders/"

var states = []string{"Burgenland", "Kärnten", "Niederösterreich", "Oberösterreich", "Salzburg", "Steiermark", "Tirol", "Vorarlberg", "Wien"}

func names(l *borders.Layer) []string {
	out := l.IDs()
	sort.Strings(out)
	return out
}

func noErrors(t *testing.T, fs []diag.Finding) {
	t.Helper()
	for _, f := range fs {
		assert.NotEqual(t, diag.Error, f.Severity, f.String())
	}
}

// TestEveryForm reads Austria's states from each form testdata/borders
// holds: the same nine regions each time.
func TestEveryForm(t *testing.T) {
	for _, c := range []struct {
		names []string
		id    string
	}{
		{[]string{testdata + "austria.geojson"}, "name"},
		{[]string{testdata + "states"}, "ST_NM"},
		{[]string{testdata + "states/*.geojson"}, "ST_NM"},
		{[]string{testdata + "states/AT-1.geojson", testdata + "states/AT-2.geojson", testdata + "states/AT-3.geojson", testdata + "states/AT-4.geojson",
			testdata + "states/AT-5.geojson", testdata + "states/AT-6.geojson", testdata + "states/AT-7.geojson", testdata + "states/AT-8.geojson", testdata + "states/AT-9.geojson"}, "ST_NM"},
		{[]string{testdata + "austria-lambert.zip"}, "NAME_1"},
		{[]string{testdata + "austria.gpkg"}, "name"},
		{[]string{testdata + "austria-pieces.geojson"}, "name"},
	} {
		set, res, err := Load(OS{}, c.names, 0, Options{Options: borders.Options{IDProperty: c.id, Dissolve: true}})
		require.NoError(t, err, c.names[0])
		noErrors(t, res.Findings)
		assert.Equal(t, states, names(res.Layer), c.names[0])
		assert.NotEmpty(t, set.Key())
	}
}

func zipOf(t *testing.T, entries map[string][]byte) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, err := w.Create(k)
		require.NoError(t, err)
		_, err = f.Write(entries[k])
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	return buf.Bytes()
}

// TestZipBounds: entries that climb out, bombs, zips in zips and zips of
// nothing are refused, naming the zip.
func TestZipBounds(t *testing.T) {
	dir := t.TempDir()
	austria, err := os.ReadFile(testdata + "austria.geojson")
	require.NoError(t, err)
	cases := map[string]struct {
		entries map[string][]byte
		says    string
	}{
		"escape":  {map[string][]byte{"../x.geojson": austria}, "climbs out of the zip"},
		"bomb":    {map[string][]byte{"x.geojson": bytes.Repeat([]byte(" "), 64<<20)}, "zip bomb"},
		"nested":  {map[string][]byte{"inner.zip": {1, 2}}, "holds another zip"},
		"nothing": {map[string][]byte{"README.txt": []byte("hi")}, "holds no borders file"},
		"no dbf":  {map[string][]byte{"a/x.shp": {0, 0, 0x27, 0x0a}}, "no .dbf beside it"},
	}
	for name, c := range cases {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".zip")
		require.NoError(t, os.WriteFile(p, zipOf(t, c.entries), 0o644))
		_, err := Gather(OS{}, []string{p}, 0)
		require.Error(t, err, name)
		assert.True(t, strings.HasPrefix(err.Error(), p+": "), "%s: %v", name, err)
		assert.Contains(t, err.Error(), c.says, name)
	}
	// A zip of GeoJSON files in a folder of its own reads like the folder.
	p := filepath.Join(dir, "ok.zip")
	require.NoError(t, os.WriteFile(p, zipOf(t, map[string][]byte{"at/austria.geojson": austria, "__MACOSX/._x": {0}}), 0o644))
	set, res, err := Load(OS{}, []string{p}, 0, Options{Options: borders.Options{IDProperty: "name"}})
	require.NoError(t, err)
	assert.Equal(t, states, names(res.Layer))
	assert.Equal(t, p+"/at/austria.geojson", set.Files[0].Display)
	assert.False(t, set.Single())
}

// TestGatherRefuses names the input in every refusal.
func TestGatherRefuses(t *testing.T) {
	dir := t.TempDir()
	_, err := Gather(OS{}, []string{dir}, 0)
	assert.ErrorContains(t, err, dir+": the folder holds no borders file")
	_, err = Gather(OS{}, []string{filepath.Join(dir, "*.shp")}, 0)
	assert.ErrorContains(t, err, "the pattern matches no borders file")
	_, err = Gather(OS{}, []string{filepath.Join(dir, "missing.geojson")}, 0)
	assert.ErrorContains(t, err, "missing.geojson")
	_, err = Gather(OS{}, []string{testdata + "austria.geojson"}, 1000)
	assert.ErrorContains(t, err, "--max-input")
}
