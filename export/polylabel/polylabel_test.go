package polylabel

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
)

func square(x0, y0, s float64) orb.Ring {
	return orb.Ring{{x0, y0}, {x0 + s, y0}, {x0 + s, y0 + s}, {x0, y0 + s}, {x0, y0}}
}

// bruteForce is the best grid point, to check the search against.
func bruteForce(poly orb.Polygon, step float64) float64 {
	b := poly.Bound()
	best := math.Inf(-1)
	for x := b.Min[0]; x <= b.Max[0]; x += step {
		for y := b.Min[1]; y <= b.Max[1]; y += step {
			best = math.Max(best, Distance(orb.Point{x, y}, poly))
		}
	}
	return best
}

func TestFind(t *testing.T) {
	cases := []struct {
		name string
		poly orb.Polygon
	}{
		{"square", orb.Polygon{square(0, 0, 10)}},
		{"L shape", orb.Polygon{{{0, 0}, {10, 0}, {10, 2}, {2, 2}, {2, 10}, {0, 10}, {0, 0}}}},
		{"square with a hole in the middle", orb.Polygon{square(0, 0, 10), {{4, 4}, {4, 6}, {6, 6}, {6, 4}, {4, 4}}}},
		{"crescent", orb.Polygon{{{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 8}, {8, 8}, {8, 2}, {0, 2}, {0, 0}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, d := Find(c.poly, 0.01)
			assert.InDelta(t, d, Distance(p, c.poly), 1e-9, "the distance returned is the point's")
			assert.Greater(t, d, 0.0, "the point is inside")
			assert.InDelta(t, bruteForce(c.poly, 0.05), d, 0.06, "no point is much farther from the edges")
		})
	}
	p, d := Find(orb.Polygon{square(0, 0, 10)}, 0.01)
	assert.InDelta(t, 5, p[0], 0.05)
	assert.InDelta(t, 5, p[1], 0.05)
	assert.InDelta(t, 5, d, 0.01)
	// The hole pushes the point off the centre.
	p, _ = Find(cases[2].poly, 0.01)
	assert.Less(t, Distance(p, orb.Polygon{{{4, 4}, {4, 6}, {6, 6}, {6, 4}, {4, 4}}}), 0.0)
}

func TestFindDegenerate(t *testing.T) {
	for _, poly := range []orb.Polygon{
		nil,
		{{}},
		{{{1, 1}, {1, 1}, {1, 1}}},
		{{{0, 0}, {5, 0}, {10, 0}, {0, 0}}},
	} {
		p, d := Find(poly, 0.1)
		assert.False(t, math.IsNaN(p[0]) || math.IsNaN(d))
		assert.GreaterOrEqual(t, d, 0.0)
	}
}

func TestFindMultiPicksTheRoomiestPart(t *testing.T) {
	p, d := FindMulti(orb.MultiPolygon{{square(0, 0, 2)}, {square(10, 10, 6)}}, 0.01)
	assert.InDelta(t, 13, p[0], 0.05)
	assert.InDelta(t, 3, d, 0.01)
}

func BenchmarkFind(b *testing.B) {
	// A 2000-vertex wobbly circle, like a detailed region.
	var ring orb.Ring
	for i := 0; i <= 2000; i++ {
		a := 2 * math.Pi * float64(i%2000) / 2000
		r := 100 + 8*math.Sin(a*37)
		ring = append(ring, orb.Point{r * math.Cos(a), r * math.Sin(a)})
	}
	poly := orb.Polygon{ring}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Find(poly, 0.5)
	}
}
