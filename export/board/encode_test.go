package board_test

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

// EncodeGeoJSON gives the bytes of the collection's own MarshalJSON (and a
// newline), whatever the members: the board hash a pack records depends on it.
func TestEncodeGeoJSONIsMarshalJSON(t *testing.T) {
	fc := geojson.NewFeatureCollection()
	for i := range 37 { // more features than workers, not a multiple of them
		f := geojson.NewFeature(orb.Polygon{{{0, 0}, {1, float64(i)}, {0.5, 1e-7}, {0, 0}}})
		f.ID = i
		f.Properties["name"] = "A <&> \"name\" \u2028 " + string(rune('a'+i%26))
		f.Properties["layer"] = mapdata.LayerRegion
		fc.Append(f)
	}
	fc.ExtraMembers = geojson.Properties{"title": "10 Days <in> Test", "aaa": 1.5, "zzz": []int{1, 2}}
	fc.BBox = geojson.BBox{0, 0, 1, 36}
	want, err := fc.MarshalJSON()
	require.NoError(t, err)
	got, err := board.EncodeGeoJSON(fc)
	require.NoError(t, err)
	assert.Equal(t, string(want)+"\n", string(got))

	empty := geojson.NewFeatureCollection()
	want, err = empty.MarshalJSON()
	require.NoError(t, err)
	got, err = board.EncodeGeoJSON(empty)
	require.NoError(t, err)
	assert.Equal(t, string(want)+"\n", string(got))
}

// BenchmarkEncodeGeoJSON compares EncodeGeoJSON with the collection's own
// MarshalJSON on a board the size of Asia's (300 features, 600,000 points).
func BenchmarkEncodeGeoJSON(b *testing.B) {
	fc := geojson.NewFeatureCollection()
	for i := range 300 {
		ring := make(orb.Ring, 0, 2001)
		for j := range 2000 {
			ring = append(ring, orb.Point{float64(i) + float64(j)*1e-4, 10 + float64(j%97)*1.234567e-3})
		}
		ring = append(ring, ring[0])
		f := geojson.NewFeature(orb.Polygon{ring})
		f.Properties["name"] = "Region"
		fc.Append(f)
	}
	b.Run("MarshalJSON", func(b *testing.B) {
		for b.Loop() {
			if _, err := fc.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("EncodeGeoJSON", func(b *testing.B) {
		for b.Loop() {
			if _, err := board.EncodeGeoJSON(fc); err != nil {
				b.Fatal(err)
			}
		}
	})
}
