package borders

import (
	"slices"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSelfCrossing(t *testing.T) {
	tests := []struct {
		name  string
		ring  orb.Ring
		found bool
		i, j  int
	}{
		{"square", orb.Ring{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}, false, 0, 0},
		{"bow-tie", orb.Ring{{0, 0}, {1, 1}, {1, 0}, {0, 1}, {0, 0}}, true, 0, 2},
		// Two squares touching at one vertex, drawn as one ring: a touch,
		// not a crossing.
		{"figure of eight at a vertex", orb.Ring{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}, {0, 0}}, false, 0, 0},
		// A spike out and back along the same line overlaps itself.
		{"collinear spike", orb.Ring{{0, 0}, {2, 0}, {3, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 0}}, false, 0, 0},
		{"loop", orb.Ring{{0, 0}, {4, 0}, {4, 4}, {1, 4}, {1, -1}, {0, -1}, {0, 0}}, true, 0, 3},
		{"triangle", orb.Ring{{0, 0}, {1, 0}, {0, 1}, {0, 0}}, false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := selfCrossing(tt.ring)
			require.True(t, c.complete)
			require.Equal(t, tt.found, c.found)
			if c.found {
				assert.Equal(t, [2]int{tt.i, tt.j}, [2]int{c.i, c.j})
			}
		})
	}
}

func TestBowTieIsReported(t *testing.T) {
	src := fc(poly("A", `[[[0,0],[1,1],[1,0],[0,1],[0,0]]]`), poly("B", `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`))
	_, findings, err := Decode("bowtie.geojson", []byte(src), Options{})
	require.NoError(t, err)
	require.Len(t, findings, 1)
	assert.Equal(t, RuleSelfCrossing, findings[0].Rule)
	assert.Equal(t, "/features/0/geometry/coordinates/0", findings[0].Pointer)
	assert.Contains(t, findings[0].Message, "ring crosses itself")
}

// zigzag is a ring of about n positions: a border zigzagging along the
// axis ax (0: east–west, 1: north–south) between 0 and 1 on the other
// axis, closed by a straight edge back. Every edge spans the whole range
// of the other axis, which made the old sweep along longitude n².
func zigzag(n, ax int) orb.Ring {
	r := make(orb.Ring, 0, n+2)
	for i := range n {
		p := orb.Point{float64(i % 2), float64(i) * 1e-3}
		if ax == 0 {
			p[0], p[1] = p[1], p[0]
		}
		r = append(r, p)
	}
	back := orb.Point{-1, float64(n-1) * 1e-3}
	if ax == 0 {
		back[0], back[1] = back[1], back[0]
	}
	return append(r, back, r[0])
}

// collinearRing is n positions on one line (out and back), at angle
// (0: east–west, 1: north–south, 2: diagonal).
func collinearRing(n, dir int) orb.Ring {
	r := make(orb.Ring, 0, n+1)
	for i := range n {
		t := float64(min(i, n-i)) * 1e-3
		switch dir {
		case 0:
			r = append(r, orb.Point{t, 5})
		case 1:
			r = append(r, orb.Point{5, t})
		default:
			r = append(r, orb.Point{t, t})
		}
	}
	return append(r, r[0])
}

// comb is a ring with long diagonal teeth: every edge's box overlaps every
// other's on both axes, and no two edges cross. Only the bound stops it.
func comb(teeth int) orb.Ring {
	var r orb.Ring
	const long = 1000.0
	for k := range teeth {
		x := float64(k) * 2
		r = append(r, orb.Point{x, 0}, orb.Point{x + long, long}, orb.Point{x + long + 1, long}, orb.Point{x + 1, 0})
	}
	r = append(r, orb.Point{float64(teeth) * 2, -1}, orb.Point{0, -1}, r[0])
	return r
}

// TestSelfCrossingWorkIsBounded: the work of the check grows with n, not
// n², along either axis; a crossing at the far end of a long zigzag is
// still found; a ring that would need n² stops at the bound and says so.
func TestSelfCrossingWorkIsBounded(t *testing.T) {
	const n = 200_000
	for ax := range 2 {
		c := selfCrossing(zigzag(n, ax))
		assert.True(t, c.complete, "zigzag along axis %d", ax)
		assert.False(t, c.found, "zigzag along axis %d", ax)
		assert.LessOrEqual(t, c.work, 8*n, "zigzag along axis %d: open edges visited", ax)

		r := zigzag(n, ax)
		r[n-3][ax] = r[n-5][ax] - 0.5e-3 // folds back across two edges at the far end
		c = selfCrossing(r)
		assert.True(t, c.found, "crossing at the end of a zigzag along axis %d", ax)
	}
	for dir := range 3 {
		c := selfCrossing(collinearRing(n, dir))
		assert.True(t, c.complete)
		assert.False(t, c.found)
		assert.Zero(t, c.work, "a collinear ring is not swept")
	}
	c := selfCrossing(comb(20_000))
	assert.False(t, c.complete, "a comb of long teeth stops at the bound")
	assert.LessOrEqual(t, c.work, selfCrossBudgetFixed+selfCrossBudgetPerEdge*80_010+2*80_010)
	small := selfCrossing(comb(50))
	assert.True(t, small.complete)
	assert.False(t, small.found)
}

// BenchmarkSelfCrossing: go test ./derive/borders -run '^$' -bench SelfCrossing
func BenchmarkSelfCrossing(b *testing.B) {
	const n = 200_000
	rings := []struct {
		name string
		r    orb.Ring
	}{
		{"collinear-200k-north-south", collinearRing(n, 1)},
		{"collinear-200k-diagonal", collinearRing(n, 2)},
		{"zigzag-200k-north-south", zigzag(n, 1)},
		{"zigzag-200k-east-west", zigzag(n, 0)},
		{"comb-80k-bounded", comb(20_000)},
	}
	for _, tt := range rings {
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				selfCrossing(tt.r)
			}
		})
	}
}

// FuzzSelfCrossing: on small rings the sweep finds a crossing exactly when
// testing every pair of edges does, whichever axis it sweeps along (the
// ring with its axes swapped gets the same verdict).
func FuzzSelfCrossing(f *testing.F) {
	f.Add([]byte{0, 0, 4, 4, 4, 0, 0, 4})          // bow-tie
	f.Add([]byte{0, 0, 8, 0, 8, 8, 0, 8})          // square
	f.Add([]byte{0, 0, 1, 9, 0, 18, 1, 27, 0, 36}) // zigzag, north–south
	f.Add([]byte{5, 0, 5, 9, 5, 3, 5, 7})          // collinear
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 128 {
			data = data[:128]
		}
		var r orb.Ring
		for i := 0; i+1 < len(data); i += 2 {
			r = append(r, orb.Point{float64(data[i] % 16), float64(data[i+1] % 16)})
		}
		if len(r) < 3 {
			return
		}
		r = append(r, r[0])
		brute := false
		for i := 0; i+1 < len(r) && !brute; i++ {
			for j := i + 1; j+1 < len(r); j++ {
				if properCross(r[i], r[i+1], r[j], r[j+1]) {
					brute = true
					break
				}
			}
		}
		swapped := make(orb.Ring, len(r))
		for i, p := range r {
			swapped[i] = orb.Point{p[1], p[0]}
		}
		for _, ring := range []orb.Ring{r, swapped} {
			c := selfCrossing(ring)
			if !c.complete {
				t.Fatalf("a ring of %d positions hit the bound", len(ring))
			}
			if len(ring) >= 5 && c.found != brute {
				t.Fatalf("sweep says crossing=%v, every pair says %v: %v", c.found, brute, ring)
			}
			if c.found && !properCross(ring[c.i], ring[c.i+1], ring[c.j], ring[c.j+1]) {
				t.Fatalf("edges %d and %d do not cross: %v", c.i, c.j, ring)
			}
		}
	})
}

// FuzzSortByLo: the run-merging sort gives the spans sorted by lo, each
// once, whatever runs the input holds.
func FuzzSortByLo(f *testing.F) {
	f.Add([]byte{1, 2, 3, 2, 1, 0, 5, 5, 4})
	f.Add([]byte{9, 8, 7, 6, 5, 4, 3, 2, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		spans := make([]edgeSpan, len(data))
		for i, v := range data {
			spans[i] = edgeSpan{lo: float64(v % 8), k: int32(i)}
		}
		got := sortByLo(slices.Clone(spans), make([]edgeSpan, len(spans)))
		seen := make([]bool, len(spans))
		for i, s := range got {
			if i > 0 && got[i-1].lo > s.lo {
				t.Fatalf("not sorted at %d: %v", i, got)
			}
			if seen[s.k] || spans[s.k].lo != s.lo {
				t.Fatalf("span %d twice or changed: %v", s.k, got)
			}
			seen[s.k] = true
		}
		if len(got) != len(spans) {
			t.Fatalf("%d spans in, %d out", len(spans), len(got))
		}
	})
}
