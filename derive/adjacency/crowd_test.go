package adjacency

import (
	"math"
	"strings"
	"testing"

	"github.com/paulmach/orb"
)

// identical is n copies of one square.
func identical(n int) []orb.MultiPolygon {
	sq := orb.MultiPolygon{{{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}}}
	out := make([]orb.MultiPolygon, n)
	for i := range out {
		out[i] = sq
	}
	return out
}

// star is n wedges meeting at (0, 0), each sharing its straight sides
// with its two neighbours.
func star(n int) []orb.MultiPolygon {
	out := make([]orb.MultiPolygon, n)
	at := func(a float64) orb.Point {
		return orb.Point{math.Round(math.Cos(a)*1e9) / 1e9, math.Round(math.Sin(a)*1e9) / 1e9}
	}
	for i := range out {
		a0, a1 := 2*math.Pi*float64(i)/float64(n), 2*math.Pi*float64(i+1)/float64(n)
		out[i] = orb.MultiPolygon{{{{0, 0}, at(a0), at((a0 + a1) / 2), at(a1), {0, 0}}}}
	}
	return out
}

// TestCrowdsAreBounded: issue 26 class "work that grows too fast". 5,000
// copies of one polygon (57 s in derive adjacency: 12.5 million pairs) and
// 400 regions meeting at one point under queen are crowds: reported, and
// no pair is counted from them, so the work and the output stay linear.
func TestCrowdsAreBounded(t *testing.T) {
	res := Compute(identical(5000), Options{Rule: Queen})
	if len(res.Pairs) != 0 {
		t.Errorf("%d pairs from copies of one polygon", len(res.Pairs))
	}
	if len(res.Crowded) == 0 || res.Crowded[0].Inputs != 5000 || len(res.Crowded[0].Sample) != 5 {
		t.Fatalf("crowds: %+v", res.Crowded)
	}

	res = Compute(star(400), Options{Rule: Queen})
	points := 0
	for _, c := range res.Crowded {
		if !c.Segment && c.At == (orb.Point{0, 0}) && c.Inputs == 400 {
			points++
		}
	}
	if points != 1 {
		t.Errorf("the centre of 400 wedges: %+v", res.Crowded)
	}
	if len(res.Pairs) != 400 {
		t.Errorf("%d pairs, want the 400 wedges' shared sides", len(res.Pairs))
	}
	// Under rook the centre is no border anyway: nothing crowded.
	res = Compute(star(400), Options{Rule: Rook})
	if len(res.Crowded) != 0 || len(res.Pairs) != 400 {
		t.Errorf("rook: %d pairs, crowds %+v", len(res.Pairs), res.Crowded)
	}
	// Up to MaxMeeting copies are pairs as before.
	res = Compute(identical(MaxMeeting), Options{})
	if len(res.Crowded) != 0 || len(res.Pairs) != MaxMeeting*(MaxMeeting-1)/2 {
		t.Errorf("%d copies: %d pairs, crowds %+v", MaxMeeting, len(res.Pairs), res.Crowded)
	}
}

// TestToleranceWorkIsBounded: a tolerance that puts every boundary within
// reach of every other stops at its work bound and says so.
func TestToleranceWorkIsBounded(t *testing.T) {
	geoms := tessellation(60, 60, 1)
	// Leave the borders unmatched: shift every other cell a little, so
	// that the tolerance pass is what finds them.
	for i := range geoms {
		if i%2 == 0 {
			continue
		}
		for _, poly := range geoms[i] {
			for _, r := range poly {
				for k := range r {
					r[k][0] += 1e-6
				}
			}
		}
	}
	res := Compute(geoms, Options{ToleranceM: 1e7})
	if !strings.Contains(res.Unfinished, "tolerance of 1e+07 m") {
		t.Errorf("a huge tolerance finished: %q (%d pairs)", res.Unfinished, len(res.Pairs))
	}
	res = Compute(geoms, Options{ToleranceM: 10})
	if res.Unfinished != "" || len(res.Pairs) < 2*60*60-120 {
		t.Errorf("a sane tolerance: %q, %d pairs", res.Unfinished, len(res.Pairs))
	}
}

// Benchmarks of the hostile classes of issue 26; their figures are in
// docs/BENCHMARKS.md. Before the bound: 5,000 identical polygons took
// 57 s in `derive adjacency` (issue 26).
func BenchmarkIdentical5000(b *testing.B) {
	geoms := identical(5000)
	for b.Loop() {
		Compute(geoms, Options{})
	}
}

func BenchmarkStarQueen400(b *testing.B) {
	geoms := star(400)
	for b.Loop() {
		Compute(geoms, Options{Rule: Queen})
	}
}

func BenchmarkHugeTolerance(b *testing.B) {
	geoms := tessellation(60, 60, 1)
	for i := range geoms {
		if i%2 == 1 {
			for _, poly := range geoms[i] {
				for _, r := range poly {
					for k := range r {
						r[k][0] += 1e-6
					}
				}
			}
		}
	}
	for b.Loop() {
		Compute(geoms, Options{ToleranceM: 1e7})
	}
}
