package borders

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"testing"
)

// synthGeoJSON writes a FeatureCollection of side×side regions on a grid,
// each a square with many vertices along each edge (as real borders have),
// to about size bytes.
func synthGeoJSON(size int) (src []byte, positions int) {
	const side = 40
	// bytes per position is about 22 ("[12.3456789,45.6789012],")
	perRegion := size / (side * side) / 22
	perEdge := max(1, perRegion/4)
	var b bytes.Buffer
	b.Grow(size + size/8)
	var buf []byte
	b.WriteString(`{"type": "FeatureCollection", "features": [`)
	for i := 0; i < side*side; i++ {
		x0, y0 := float64(i%side)*0.25, float64(i/side)*0.25
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"type": "Feature", "id": "r%d", "properties": {"name": "Region %d"}, "geometry": {"type": "Polygon", "coordinates": [[`, i, i)
		corners := [][2]float64{{x0, y0}, {x0 + 0.25, y0}, {x0 + 0.25, y0 + 0.25}, {x0, y0 + 0.25}}
		for e := 0; e < 4; e++ {
			a, c := corners[e], corners[(e+1)%4]
			for k := 0; k < perEdge; k++ {
				f := float64(k) / float64(perEdge)
				buf = append(buf[:0], '[')
				buf = strconv.AppendFloat(buf, a[0]+(c[0]-a[0])*f, 'f', 7, 64)
				buf = append(buf, ',')
				buf = strconv.AppendFloat(buf, a[1]+(c[1]-a[1])*f, 'f', 7, 64)
				buf = append(buf, "],"...)
				b.Write(buf)
				positions++
			}
		}
		fmt.Fprintf(&b, "[%.7f,%.7f]]]}}", x0, y0)
		positions++
	}
	b.WriteString("]}\n")
	return b.Bytes(), positions
}

// TestDecodeMemoryIsBounded: reading a large borders file allocates in
// proportion to the file, a small constant times its size, whether it is 10
// or 30 MB: the positions (16 bytes each, about 22 bytes of text), the
// features, and nothing that grows faster than the input.
func TestDecodeMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads 40 MB")
	}
	for _, size := range []int{10 << 20, 30 << 20} {
		src, positions := synthGeoJSON(size)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		layer, findings, err := Decode("synthetic.geojson", src, Options{})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for _, f := range layer.Features {
			for _, p := range f.Geometry {
				for _, r := range p {
					got += len(r)
				}
			}
		}
		runtime.KeepAlive(layer)
		alloc := after.TotalAlloc - before.TotalAlloc
		perByte := float64(alloc) / float64(len(src))
		t.Logf("%.1f MB, %d positions, %d findings: %.1f MB allocated, %.2f bytes per byte of input, %.1f per position",
			float64(len(src))/(1<<20), positions, len(findings), float64(alloc)/(1<<20), perByte, float64(alloc)/float64(positions))
		if got != positions {
			t.Fatalf("read %d positions, wrote %d", got, positions)
		}
		if perByte > 2 || math.IsNaN(perByte) {
			t.Errorf("reading %d bytes allocated %d (%.2f a byte): more than the positions need", len(src), alloc, perByte)
		}
	}
}

// BenchmarkDecode30MB: go test ./derive/borders -run '^$' -bench Decode30MB -benchmem
func BenchmarkDecode30MB(b *testing.B) {
	src, _ := synthGeoJSON(30 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Decode("synthetic.geojson", src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
