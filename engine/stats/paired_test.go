package stats

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// pairs builds paired outcomes from the four counts of a paired 2×2
// table: both, before only, after only, neither.
func pairs(both, onlyBefore, onlyAfter, neither int) (before, after []bool) {
	add := func(n int, b, a bool) {
		for range n {
			before, after = append(before, b), append(after, a)
		}
	}
	add(both, true, true)
	add(onlyBefore, true, false)
	add(onlyAfter, false, true)
	add(neither, false, false)
	return before, after
}

func TestZ(t *testing.T) {
	assert.InDelta(t, 1.959964, Z(0.95), 1e-6)
	assert.InDelta(t, 2.575829, Z(0.99), 1e-6)
}

// The interval covers the true difference as often as it says: 2,000
// samples of 300 correlated pairs (stall rates 10% and 14%, the second
// often where the first is) hold the truth in 93% to 97.5% of them at 95%
// (Newcombe found his method 10 close to nominal; a Wald interval covers
// less at such rates).
func TestPairedRateCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n, reps = 300, 2000
	p1, p2 := 0.10, 0.14
	covered := 0
	for range reps {
		before, after := make([]bool, n), make([]bool, n)
		for i := range n {
			// a shared cause makes the pairs correlated
			shared := rng.Float64() < 0.08
			before[i] = shared || rng.Float64() < (p1-0.08)/(1-0.08)
			after[i] = shared || rng.Float64() < (p2-0.08)/(1-0.08)
		}
		r := PairedRateOf(before, after, Z(0.95))
		if r.Low <= p2-p1 && p2-p1 <= r.High {
			covered++
		}
		// Swapping the sides turns the interval round.
		s := PairedRateOf(after, before, Z(0.95))
		assert.InDelta(t, -r.Low, s.High, 1e-12)
	}
	share := float64(covered) / reps
	assert.GreaterOrEqual(t, share, 0.93)
	assert.LessOrEqual(t, share, 0.975)
}

// No game with the outcome either way is no proof of no difference: the
// interval is the Wilson bound of each side, about 0.2 points at 95%
// over 2,000 games.
func TestPairedRateNone(t *testing.T) {
	before, after := pairs(0, 0, 0, 2000)
	r := PairedRateOf(before, after, Z(0.95))
	assert.Equal(t, 0.0, r.Diff)
	assert.InDelta(t, -0.0019, r.Low, 1e-4)
	assert.InDelta(t, 0.0019, r.High, 1e-4)
}

// The case: 30 against 36 stalled games of 2,000 is inside the
// noise; 30 against 90 is not.
func TestPairedRateNoise(t *testing.T) {
	before, after := pairs(20, 10, 16, 1954)
	r := PairedRateOf(before, after, Z(0.95))
	assert.Less(t, r.Low, 0.0)
	assert.Greater(t, r.High, 0.0)
	before, after = pairs(20, 10, 70, 1900)
	r = PairedRateOf(before, after, Z(0.95))
	assert.Greater(t, r.Low, 0.0)
}

func TestPairedShift(t *testing.T) {
	var d []int
	for i := range 101 {
		d = append(d, i-50) // −50 … 50, median 0
	}
	s := PairedShiftOf(d, Z(0.95))
	assert.True(t, s.Bounded)
	assert.Equal(t, 101, s.Pairs)
	assert.Equal(t, 0.0, s.Median)
	// k = floor((101 − 1.96·√101)/2) = 40: [d(40), d(60)] = [−10, 10].
	assert.Equal(t, -10.0, s.Low)
	assert.Equal(t, 10.0, s.High)
	for i := range d {
		d[i] -= 30
	}
	s = PairedShiftOf(d, Z(0.95))
	assert.Less(t, s.High, 0.0, "a shift of 30 turns is significant")
	s = PairedShiftOf([]int{1, 2}, Z(0.95))
	assert.False(t, s.Bounded, "two pairs bound nothing")
	assert.Equal(t, [2]float64{1, 2}, [2]float64{s.Low, s.High})
}

func TestLooks(t *testing.T) {
	l := Doubling(2000, 4, 0.05)
	assert.Equal(t, []int{250, 500, 1000, 2000}, l.Sizes)
	assert.InDelta(t, 0.9875, l.Level(), 1e-9)
	assert.InDelta(t, 2.4977, l.Z(), 1e-3)
	assert.Equal(t, []int{1, 3}, Doubling(3, 4, 0.05).Sizes)
}
