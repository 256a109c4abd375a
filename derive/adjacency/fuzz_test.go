package adjacency

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
)

// FuzzCompute builds regions from the bytes (each byte pair a vertex on a
// small grid, 0xFF ending a ring, 0xFE ending a region) and checks what
// Compute promises whatever the geometry: no panic, pairs sorted and
// unique with A < B, finite non-negative lengths, every rook pair also a
// queen pair, and a coast per input.
func FuzzCompute(f *testing.F) {
	f.Add([]byte{0, 0, 2, 0, 2, 2, 0, 2, 0xFE, 2, 0, 4, 0, 4, 2, 2, 2}, uint8(0))
	f.Add([]byte{0, 0, 4, 0, 0, 0xFF, 1, 1, 1, 1, 0xFE, 4, 0, 0, 4, 4, 4, 0xFE, 9, 9}, uint8(7))
	f.Add([]byte{0, 0, 255, 0, 255, 255, 0xFE, 254, 0, 0, 0}, uint8(200))
	f.Fuzz(func(t *testing.T, data []byte, tol uint8) {
		var geoms []orb.MultiPolygon
		var ring orb.Ring
		var region orb.MultiPolygon
		flushRing := func() {
			if len(ring) > 0 {
				region = append(region, orb.Polygon{ring})
			}
			ring = nil
		}
		for i := 0; i < len(data); i++ {
			switch data[i] {
			case 0xFF:
				flushRing()
			case 0xFE:
				flushRing()
				geoms = append(geoms, region)
				region = nil
			default:
				if i+1 < len(data) {
					// A grid of 0.5° near the antimeridian, so that
					// some rings cross it.
					ring = append(ring, orb.Point{170 + float64(data[i])/2, float64(data[i+1]%180) / 2})
					i++
				}
			}
		}
		flushRing()
		geoms = append(geoms, region)
		opts := Options{ToleranceM: float64(tol) * 100, Coast: true}
		rook := Compute(geoms, opts)
		opts.Rule = Queen
		queen := Compute(geoms, opts)
		if len(rook.Coast) != len(geoms) {
			t.Fatalf("%d coasts for %d inputs", len(rook.Coast), len(geoms))
		}
		inQueen := map[[2]int]bool{}
		for _, res := range []Result{queen, rook} {
			for i, p := range res.Pairs {
				if p.A < 0 || p.A >= p.B || p.B >= len(geoms) {
					t.Fatalf("bad pair %v", p)
				}
				if i > 0 {
					q := res.Pairs[i-1]
					if q.A > p.A || (q.A == p.A && q.B >= p.B) {
						t.Fatalf("pairs out of order: %v then %v", q, p)
					}
				}
				if math.IsNaN(p.LengthKm) || math.IsInf(p.LengthKm, 0) || p.LengthKm < 0 {
					t.Fatalf("bad length %v", p)
				}
				if &res.Pairs[0] == &queen.Pairs[0] {
					inQueen[[2]int{p.A, p.B}] = true
				} else if !inQueen[[2]int{p.A, p.B}] {
					t.Fatalf("rook pair %v is not a queen pair", p)
				}
			}
		}
	})
}
