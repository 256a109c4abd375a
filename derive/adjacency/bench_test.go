package adjacency

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/borders"
)

// tessellation makes nx×ny quadrilateral cells over lon [0,100] × lat
// [-50,50], like the Voronoi sets of ../shared/bench: corners jittered by
// up to a third of a cell, and a jittered point in the middle of every
// side, shared by both cells, so a ring has 8 positions and 9 with its
// closing one. Coordinates are rounded to 1e-9° as written to a file.
// Rook pairs: 2·nx·ny − nx − ny; queen adds 2·(nx−1)·(ny−1) diagonals.
func tessellation(nx, ny int, seed uint64) []orb.MultiPolygon {
	rnd := rand.New(rand.NewPCG(seed, 0))
	w, h := 100/float64(nx), 100/float64(ny)
	round := func(v float64) float64 { return math.Round(v*1e9) / 1e9 }
	jit := func(span float64) float64 { return (rnd.Float64() - 0.5) * span }
	corner := make([][]orb.Point, nx+1)
	for i := range corner {
		corner[i] = make([]orb.Point, ny+1)
		for j := range corner[i] {
			x, y := float64(i)*w, float64(j)*h-50
			if i > 0 && i < nx {
				x += jit(w / 3)
			}
			if j > 0 && j < ny {
				y += jit(h / 3)
			}
			corner[i][j] = orb.Point{round(x), round(y)}
		}
	}
	mid := func(a, b orb.Point, dx, dy float64) orb.Point {
		t := 0.5 + jit(0.3)
		return orb.Point{round(a[0] + t*(b[0]-a[0]) + dx), round(a[1] + t*(b[1]-a[1]) + dy)}
	}
	hmid := make([][]orb.Point, nx) // on the side from corner[i][j] to corner[i+1][j]
	for i := range hmid {
		hmid[i] = make([]orb.Point, ny+1)
		for j := range hmid[i] {
			dy := 0.0
			if j > 0 && j < ny {
				dy = jit(h / 5)
			}
			hmid[i][j] = mid(corner[i][j], corner[i+1][j], 0, dy)
		}
	}
	vmid := make([][]orb.Point, nx+1) // from corner[i][j] to corner[i][j+1]
	for i := range vmid {
		vmid[i] = make([]orb.Point, ny)
		for j := range vmid[i] {
			dx := 0.0
			if i > 0 && i < nx {
				dx = jit(w / 5)
			}
			vmid[i][j] = mid(corner[i][j], corner[i][j+1], dx, 0)
		}
	}
	out := make([]orb.MultiPolygon, 0, nx*ny)
	for j := range ny {
		for i := range nx {
			ring := orb.Ring{corner[i][j], hmid[i][j], corner[i+1][j], vmid[i+1][j],
				corner[i+1][j+1], hmid[i][j+1], corner[i][j+1], vmid[i][j], corner[i][j]}
			out = append(out, orb.MultiPolygon{{ring}})
		}
	}
	return out
}

// geojson writes regions as a FeatureCollection, as compactly as the
// Voronoi files of the bench scripts.
func geojson(geoms []orb.MultiPolygon) []byte {
	b := []byte(`{"type":"FeatureCollection","features":[`)
	for i, mp := range geoms {
		if i > 0 {
			b = append(b, ',')
		}
		id := strconv.Itoa(i)
		b = append(b, `{"type":"Feature","id":"v`+id+`","properties":{"aid":"v`+id+`"},"geometry":{"type":"MultiPolygon","coordinates":[`...)
		for pi, poly := range mp {
			if pi > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			for ri, r := range poly {
				if ri > 0 {
					b = append(b, ',')
				}
				b = append(b, '[')
				for k, p := range r {
					if k > 0 {
						b = append(b, ',')
					}
					b = append(b, '[')
					b = strconv.AppendFloat(b, p[0], 'f', -1, 64)
					b = append(b, ',')
					b = strconv.AppendFloat(b, p[1], 'f', -1, 64)
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

func TestTessellation(t *testing.T) {
	geoms := tessellation(30, 20, 1)
	rook := Compute(geoms, Options{Rule: Rook})
	queen := Compute(geoms, Options{Rule: Queen})
	if len(rook.Pairs) != 2*30*20-30-20 || len(queen.Pairs) != len(rook.Pairs)+2*29*19 {
		t.Fatalf("rook %d queen %d", len(rook.Pairs), len(queen.Pairs))
	}
	layer, _, err := borders.Decode("t.geojson", geojson(geoms), borders.Options{})
	if err != nil || len(layer.Features) != 600 || layer.Features[0].Geometry[0][0][1] != geoms[0][0][0][1] {
		t.Fatalf("round trip: %v", err)
	}
}

func geomsOf(l *borders.Layer) []orb.MultiPolygon {
	out := make([]orb.MultiPolygon, len(l.Features))
	for i, f := range l.Features {
		out[i] = f.Geometry
	}
	return out
}

// BenchmarkCounties: Compute alone on the 3,231 us-atlas counties.
func BenchmarkCounties(b *testing.B) {
	geoms := geomsOf(readLayer(b, "us-counties-10m.topojson", borders.Options{}))
	for _, rule := range []Rule{Rook, Queen} {
		b.Run(string(rule), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Compute(geoms, Options{Rule: rule})
			}
		})
	}
	b.Run("rook+coast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Compute(geoms, Options{Rule: Rook, Coast: true})
		}
	})
	b.Run("rook tolerance 100m", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Compute(geoms, Options{Rule: Rook, ToleranceM: 100})
		}
	})
}

// BenchmarkCountiesGeoJSON: decoding the counties as GeoJSON (3 MB, as
// ../shared/bench/topo2geo.js writes them) and computing rook, the work of
// `tendays derive adjacency` less the process start and the output.
func BenchmarkCountiesGeoJSON(b *testing.B) {
	src := geojson(geomsOf(readLayer(b, "us-counties-10m.topojson", borders.Options{})))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		layer, _, err := borders.Decode("c.geojson", src, borders.Options{})
		if err != nil {
			b.Fatal(err)
		}
		Compute(geomsOf(layer), Options{Rule: Rook})
	}
}

// BenchmarkTessellation100k: 100,000 cells (400×250), 30 MB of GeoJSON.
func BenchmarkTessellation100k(b *testing.B) {
	geoms := tessellation(400, 250, 42)
	b.Run("compute rook", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Compute(geoms, Options{Rule: Rook})
		}
	})
	b.Run("compute queen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Compute(geoms, Options{Rule: Queen})
		}
	})
	src := geojson(geoms)
	b.Run("decode+rook", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			layer, _, err := borders.Decode("t.geojson", src, borders.Options{})
			if err != nil {
				b.Fatal(err)
			}
			Compute(geomsOf(layer), Options{Rule: Rook})
		}
	})
}

// BenchmarkWorld50m: the 241 Natural Earth 1:50m countries (the world
// borders init starts from, world-atlas's countries-50m), read from their
// TopoJSON and computed (rook): most of their boundary is coast, left over
// by the exact pass and run through the grid. The whole process beside
// topojson-client: scripts/bench/adjacency_world.sh.
func BenchmarkWorld50m(b *testing.B) {
	path := filepath.Join("..", "..", "editions", "world", "countries.topojson")
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := borders.Read(path, borders.Options{Object: "countries"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	layer, _, err := borders.Read(path, borders.Options{Object: "countries"})
	if err != nil {
		b.Fatal(err)
	}
	geoms := geomsOf(layer)
	b.Run("compute rook", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Compute(geoms, Options{Rule: Rook})
		}
	})
}
