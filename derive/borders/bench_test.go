package borders

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func readFixture(b *testing.B, name string) []byte {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "borders", name))
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// toGeoJSON writes a layer as a compact FeatureCollection, as topojson-client
// and the bench scripts' topo2geo.js do.
func toGeoJSON(l *Layer) []byte {
	b := []byte(`{"type":"FeatureCollection","features":[`)
	for i, f := range l.Features {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"type":"Feature","id":`...)
		b = strconv.AppendQuote(b, f.ID)
		b = append(b, `,"properties":{"name":`...)
		b = strconv.AppendQuote(b, f.Name)
		b = append(b, `},"geometry":{"type":"MultiPolygon","coordinates":[`...)
		for pi, p := range f.Geometry {
			if pi > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			for ri, r := range p {
				if ri > 0 {
					b = append(b, ',')
				}
				b = append(b, '[')
				for k, pt := range r {
					if k > 0 {
						b = append(b, ',')
					}
					b = append(b, '[')
					b = strconv.AppendFloat(b, pt[0], 'f', -1, 64)
					b = append(b, ',')
					b = strconv.AppendFloat(b, pt[1], 'f', -1, 64)
					b = append(b, ']')
				}
				b = append(b, ']')
			}
			b = append(b, ']')
		}
		b = append(b, "]}}"...)
	}
	return append(b, "]}"...)
}

// BenchmarkDecode: the us-atlas counties as shipped (TopoJSON, 842 KB) and
// as GeoJSON (3 MB, full-precision coordinates as topojson-client writes).
func BenchmarkDecode(b *testing.B) {
	topo := readFixture(b, "us-counties-10m.topojson")
	b.Run("counties-topojson", func(b *testing.B) {
		b.SetBytes(int64(len(topo)))
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := Decode("c.json", topo, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	layer, _, err := Decode("c.json", topo, Options{})
	if err != nil {
		b.Fatal(err)
	}
	geo := toGeoJSON(layer)
	b.Run("counties-geojson", func(b *testing.B) {
		b.SetBytes(int64(len(geo)))
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := Decode("c.geojson", geo, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
