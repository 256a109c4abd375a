package borders

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
)

func named(name, extra, rings string) string {
	return `{"type":"Feature","properties":{"name":"` + name + `"` + extra + `},"geometry":{"type":"Polygon","coordinates":` + rings + `}}`
}

func findingOf(findings []diag.Finding, rule string) *diag.Finding {
	for i := range findings {
		if findings[i].Rule == rule {
			return &findings[i]
		}
	}
	return nil
}

// TestDissolveJoinsPieces: two squares of A sharing an edge become one
// square of twice the area, without the seam; the finding counts them.
func TestDissolveJoinsPieces(t *testing.T) {
	src := fc(named("A", "", square), named("B", "", `[[[0,1],[1,1],[1,2],[0,2],[0,1]]]`), named("A", "", `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`))
	layer, findings, err := Decode("f.geojson", []byte(src), Options{Dissolve: true})
	require.NoError(t, err)
	require.Len(t, layer.Features, 2)
	a := layer.Features[0]
	assert.Equal(t, "A", a.ID)
	assert.Equal(t, 2, a.Pieces)
	require.Len(t, a.Geometry, 1, "the shared edge is dropped: one polygon")
	assert.InDelta(t, 2, planar.Area(a.Geometry), 1e-12)
	assert.Nil(t, findingOf(findings, RuleDuplicateID))
	got := findingOf(findings, RuleDissolved)
	require.NotNil(t, got)
	assert.Equal(t, diag.Info, got.Severity)
	assert.Equal(t, "/features/0", got.Pointer)
	assert.Equal(t, "2 features that share an id are pieces of 1 region, each joined into one region: A (2 pieces)", got.Message)

	// Without Dissolve the same file is refused as before.
	_, findings, err = Decode("f.geojson", []byte(src), Options{})
	require.NoError(t, err)
	assert.NotNil(t, findingOf(findings, RuleDuplicateID))
}

// TestDissolveByProperty groups districts by their state: the state keeps
// its first district's name, and two states left with one name are
// reported.
func TestDissolveByProperty(t *testing.T) {
	src := fc(named("North 1", `,"state":"N"`, square), named("North 2", `,"state":"N"`, `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`),
		named("South", `,"state":"S"`, `[[[0,-1],[1,-1],[1,0],[0,0],[0,-1]]]`))
	layer, findings, err := Decode("f.geojson", []byte(src), Options{Dissolve: true, DissolveBy: "state"})
	require.NoError(t, err)
	require.Len(t, layer.Features, 2)
	assert.Equal(t, []string{"North 1", "South"}, layer.IDs())
	assert.Contains(t, findingOf(findings, RuleDissolved).Message, `share a value of "state"`)

	clash := fc(named("X", `,"state":"N"`, square), named("X", `,"state":"S"`, `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`))
	_, findings, err = Decode("f.geojson", []byte(clash), Options{Dissolve: true, DissolveBy: "state"})
	require.NoError(t, err)
	dup := findingOf(findings, RuleDuplicateID)
	require.NotNil(t, dup)
	assert.Equal(t, diag.Error, dup.Severity)
}

// TestSettleAcrossFiles: the parts of a folder share one id space: missing
// ids are numbered across them, duplicates name the other file, and
// pieces in two files dissolve.
func TestSettleAcrossFiles(t *testing.T) {
	anon := `{"type":"Feature","geometry":{"type":"Polygon","coordinates":` + square + `}}`
	p1, _, err := DecodePart("a.geojson", []byte(fc(named("A", "", square), anon)), Options{})
	require.NoError(t, err)
	p2, _, err := DecodePart("b.geojson", []byte(fc(anon, named("A", "", `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`))), Options{})
	require.NoError(t, err)
	layer, findings := Settle("dir", []*Part{p1, p2}, Options{})
	assert.Equal(t, []string{"A", "feature-1", "feature-2", "A"}, layer.IDs())
	assert.Equal(t, "dir", layer.File)
	assert.Equal(t, "b.geojson", layer.Features[3].File)
	dup := findingOf(findings, RuleDuplicateID)
	require.NotNil(t, dup)
	assert.Equal(t, "b.geojson", dup.File)
	assert.Contains(t, dup.Message, "a.geojson:/features/0")

	p1, _, _ = DecodePart("a.geojson", []byte(fc(named("A", "", square))), Options{})
	p2, _, _ = DecodePart("b.geojson", []byte(fc(named("A", "", `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`))), Options{})
	layer, _ = Settle("dir", []*Part{p1, p2}, Options{Dissolve: true})
	require.Len(t, layer.Features, 1)
	assert.Equal(t, 2, layer.Features[0].Pieces)
}

// TestLegacyCRSMember reprojects a GeoJSON file whose crs member names Web
// Mercator, before or after its features, and refuses a system it cannot
// carry out with the command that converts the file.
func TestLegacyCRSMember(t *testing.T) {
	// A square of about 1° in Web Mercator metres at the equator.
	merc := `[[[0,0],[111319.49,0],[111319.49,111325.14],[0,111325.14],[0,0]]]`
	crs := `"crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::3857"}}`
	for name, src := range map[string]string{
		"before": `{"type":"FeatureCollection",` + crs + `,"features":[` + named("A", "", merc) + `]}`,
		"after":  `{"type":"FeatureCollection","features":[` + named("A", "", merc) + `],` + crs + `}`,
	} {
		layer, findings, err := Decode("m.geojson", []byte(src), Options{})
		require.NoError(t, err, name)
		assert.Nil(t, findingOf(findings, RuleOutOfRange), name)
		info := findingOf(findings, RuleCRS)
		require.NotNil(t, info, name)
		assert.Contains(t, info.Message, "EPSG:3857")
		b := layer.Features[0].Geometry.Bound()
		assert.InDelta(t, 1, b.Max[0], 1e-6, name)
		assert.InDelta(t, 1, b.Max[1], 1e-6, name)
	}
	wgs := `{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"features":[` + named("A", "", square) + `]}`
	_, findings, err := Decode("w.geojson", []byte(wgs), Options{})
	require.NoError(t, err)
	assert.Nil(t, findingOf(findings, RuleCRS), "WGS 84 needs no reprojection")

	swiss := `{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"EPSG:2056"}},"features":[` + named("A", "", square) + `]}`
	_, _, err = Decode("dir/swiss.geojson", []byte(swiss), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "dir/swiss.geojson:1:")
	assert.Contains(t, err.Error(), "convert it with: ogr2ogr -t_srs EPSG:4326 swiss-wgs84.geojson dir/swiss.geojson")
}

// TestAssemblePart checks rings another reader gives as Decode checks a
// GeoJSON file's.
func TestAssemblePart(t *testing.T) {
	sq := orb.Ring{{0, 0}, {1, 0}, {1, 1}, {0, 1}} // not closed: closed, with a warning
	part, _, err := AssemblePart("s.shp", "/records/", []RawFeature{
		{Properties: map[string]any{"name": "A"}, Polygons: [][]orb.Ring{{sq}}},
		{Properties: map[string]any{"name": "B"}, Null: true},
		{Properties: map[string]any{"name": "C"}, NotPolygon: "LineString"},
		{Properties: map[string]any{"name": "D"}},
		{Properties: map[string]any{"name": "E"}, Polygons: [][]orb.Ring{{{{500000, 0}, {600000, 0}, {600000, 1}, {500000, 0}}}}},
	})
	require.NoError(t, err)
	layer, findings := Settle("s.shp", []*Part{part}, Options{IDProperty: "name"})
	assert.Equal(t, []string{"A", "E"}, layer.IDs())
	assert.Equal(t, orb.Ring{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}, layer.Features[0].Geometry[0][0])
	for rule, ptr := range map[string]string{RuleUnclosedRing: "/records/0/polygons/0/0", RuleNullGeometry: "/records/1",
		RuleNotPolygon: "/records/2", RuleEmpty: "/records/3", RuleOutOfRange: "/records/4/polygons/0/0/0"} {
		got := findingOf(findings, rule)
		if assert.NotNil(t, got, rule) {
			assert.Equal(t, ptr, got.Pointer, rule)
			assert.Equal(t, "s.shp", got.File, rule)
		}
	}
	_, _, err = AssemblePart("s.shp", "/records/", []RawFeature{{Null: true}})
	assert.ErrorContains(t, err, "s.shp: no polygon features in the file")
}

// TestWindingOncePerInput: a folder whose every file is wound clockwise
// says so once.
func TestWindingOncePerInput(t *testing.T) {
	cw := `[[[0,0],[0,1],[1,1],[1,0],[0,0]]]`
	var parts []*Part
	for _, f := range []string{"a.geojson", "b.geojson", "c.geojson", "d.geojson"} {
		p, _, err := DecodePart(f, []byte(fc(named(f, "", cw))), Options{})
		require.NoError(t, err)
		parts = append(parts, p)
	}
	_, findings := Settle("dir", parts, Options{})
	n := 0
	for _, f := range findings {
		if f.Rule == RuleWinding {
			n++
			assert.Equal(t, diag.Info, f.Severity)
			assert.Contains(t, f.Message, "4 files have rings wound clockwise (a.geojson, b.geojson, c.geojson and 1 more)")
		}
	}
	assert.Equal(t, 1, n)
}
