package export

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/geo"
)

func features(t *testing.T, data []byte) []*geojson.Feature {
	t.Helper()
	fc, err := geojson.UnmarshalFeatureCollection(data)
	require.NoError(t, err)
	return fc.Features
}

// polygons lists a geometry's polygons.
func polygons(g orb.Geometry) []orb.Polygon {
	switch t := g.(type) {
	case orb.Polygon:
		return []orb.Polygon{t}
	case orb.MultiPolygon:
		return t
	}
	return nil
}

// --winding d3 turns every ring (outer clockwise, holes counter-clockwise)
// and changes nothing else.
func TestGeoJSONWindingD3(t *testing.T) {
	in := fixture(t)
	rfc, err := GeoJSONWound(in.regionsPack(), in.Board, geo.RFC7946)
	require.NoError(t, err)
	d3, err := GeoJSONWound(in.regionsPack(), in.Board, geo.D3)
	require.NoError(t, err)
	a, b := features(t, rfc), features(t, d3)
	require.Len(t, b, len(a))
	rings, holes := 0, 0
	for i := range a {
		assert.Equal(t, a[i].Properties, b[i].Properties)
		pa, pb := polygons(a[i].Geometry), polygons(b[i].Geometry)
		require.Len(t, pb, len(pa))
		if pa == nil {
			assert.Equal(t, a[i].Geometry, b[i].Geometry, "lines pass as they are")
		}
		for j := range pa {
			for k := range pa[j] {
				outer := k == 0
				assert.Equal(t, map[bool]orb.Orientation{true: orb.CCW, false: orb.CW}[outer], pa[j][k].Orientation(), "rfc7946")
				assert.Equal(t, map[bool]orb.Orientation{true: orb.CW, false: orb.CCW}[outer], pb[j][k].Orientation(), "d3")
				rev := pb[j][k].Clone()
				rev.Reverse()
				assert.Equal(t, pa[j][k], rev, "the same ring, the other way round")
				rings++
				if !outer {
					holes++
				}
			}
		}
	}
	assert.Positive(t, holes, "the fixture has a region with a hole")
	assert.Greater(t, rings, holes)
}

// The TopoJSON export holds the GeoJSON export's features, layer by layer,
// with the same ids and properties.
func TestTopoJSONHoldsTheGeoJSONFeatures(t *testing.T) {
	in := fixture(t)
	gj, err := GeoJSONBytes(in.regionsPack(), in.Board)
	require.NoError(t, err)
	tj, err := TopoJSONBytes(in.regionsPack(), in.Board, 0)
	require.NoError(t, err)
	var topo struct {
		Objects map[string]struct {
			Geometries []struct {
				ID         any
				Type       string
				Properties map[string]any
			}
		}
		Arcs [][][2]float64
	}
	require.NoError(t, json.Unmarshal(tj, &topo))
	assert.Len(t, topo.Objects, 4)
	byLayer := map[string][]*geojson.Feature{}
	for _, f := range features(t, gj) {
		byLayer[layerOf(f)] = append(byLayer[layerOf(f)], f)
	}
	for _, l := range boardLayers {
		obj, ok := topo.Objects[l.name]
		require.True(t, ok, "object %s", l.name)
		want := byLayer[l.layer]
		require.Len(t, obj.Geometries, len(want), l.name)
		for i, g := range obj.Geometries {
			assert.Equal(t, want[i].ID, g.ID)
			assert.Equal(t, map[string]any(want[i].Properties), g.Properties)
			assert.Equal(t, want[i].Geometry.GeoJSONType(), g.Type)
		}
	}
}

// Each GIS layer file holds one geometry type and no lists.
func TestGISLayers(t *testing.T) {
	in := fixture(t)
	files, err := Render(in, GIS, Options{})
	require.NoError(t, err)
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
		types := map[string]int{}
		for _, ft := range features(t, f.Data) {
			types[ft.Geometry.GeoJSONType()]++
			for k, v := range ft.Properties {
				_, isList := v.([]any)
				assert.False(t, isList, "%s: %s is a list", f.Name, k)
			}
		}
		assert.Len(t, types, 1, "%s: %v", f.Name, types)
	}
	assert.Equal(t, []string{"testland.regions.geojson", "testland.land.geojson", "testland.seas.geojson", "testland.rails.geojson"}, names)
	var regions []*geojson.Feature
	for _, f := range files {
		if strings.HasSuffix(f.Name, ".regions.geojson") {
			regions = features(t, f.Data)
		}
	}
	p := in.regionsPack()
	for _, f := range regions {
		r := p.Region(f.ID.(string))
		require.NotNil(t, r)
		assert.Equal(t, strings.Join(r.Seas, ListSep), f.Properties["seas"])
		assert.Equal(t, strings.Join(r.Rails, ListSep), f.Properties["rails"])
		assert.Equal(t, "MultiPolygon", f.Geometry.GeoJSONType())
	}
}
