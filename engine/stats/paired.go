package stats

import (
	"math"
	"slices"
)

// Paired comparisons: the same seeded games played two ways (a board as it
// is and as edited), game i of one beside game i of the other. Pairing
// takes out what the seeds alone decide (the deal, the draws), so a
// difference shows on fewer games than two independent samples need.

// Z is the two-sided normal quantile for a confidence level (0.95: 1.96).
func Z(level float64) float64 { return math.Sqrt2 * math.Erfinv(level) }

// PairedRate is the difference after − before of a yes/no outcome (a
// stalled game) over paired games, with its interval.
type PairedRate struct {
	Games  int `json:"games"`
	Before int `json:"before"` // games with the outcome, played as they are
	After  int `json:"after"`  // games with the outcome, as edited
	// Diff is (After − Before) / Games; [Low, High] its interval.
	Diff float64 `json:"diff"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// PairedRateOf compares before[i] with after[i] (the same n games) at the
// normal quantile z, by Newcombe's hybrid score interval for a difference
// of paired proportions (Newcombe 1998, Statistics in Medicine 17, method
// 10): Wilson intervals of the two rates, joined with the games'
// correlation. Unlike the Wald interval it stays inside [−1, 1] and is not
// a point when no game has the outcome (0 of 2,000 either way: about
// ±0.2 points at 95%).
func PairedRateOf(before, after []bool, z float64) PairedRate {
	n := min(len(before), len(after))
	var both, onlyBefore, onlyAfter, neither int
	for i := range n {
		switch {
		case before[i] && after[i]:
			both++
		case before[i]:
			onlyBefore++
		case after[i]:
			onlyAfter++
		default:
			neither++
		}
	}
	r := PairedRate{Games: n, Before: both + onlyBefore, After: both + onlyAfter}
	if n == 0 {
		r.Low, r.High = -1, 1
		return r
	}
	fn := float64(n)
	p1, p2 := float64(r.Before)/fn, float64(r.After)/fn
	l1, u1 := wilsonZ(r.Before, n, z)
	l2, u2 := wilsonZ(r.After, n, z)
	// The correlation of the pairs, with Newcombe's correction: a
	// positive association up to n/2 counts as none.
	phi := 0.0
	if den := float64(r.Before) * float64(n-r.Before) * float64(r.After) * float64(n-r.After); den > 0 {
		b := float64(both)*float64(neither) - float64(onlyBefore)*float64(onlyAfter)
		switch {
		case b > fn/2:
			b -= fn / 2
		case b >= 0:
			b = 0
		}
		phi = b / math.Sqrt(den)
	}
	r.Diff = p2 - p1
	r.Low = r.Diff - math.Sqrt(max(0, sq(p2-l2)-2*phi*(p2-l2)*(u1-p1)+sq(u1-p1)))
	r.High = r.Diff + math.Sqrt(max(0, sq(u2-p2)-2*phi*(u2-p2)*(p1-l1)+sq(p1-l1)))
	r.Low, r.High = max(-1, r.Low), min(1, r.High)
	return r
}

func sq(x float64) float64 { return x * x }

// wilsonZ is the Wilson score interval of k out of n at quantile z.
func wilsonZ(k, n int, z float64) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	p, fn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/fn
	centre := (p + z*z/(2*fn)) / den
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return max(0, centre-half), min(1, centre+half)
}

// WilsonZ is the Wilson score interval of wins out of n at the normal
// quantile z (Wilson is the 95% one).
func WilsonZ(wins, n int, z float64) (low, high float64) { return wilsonZ(wins, n, z) }

// PairedShift is the median of the differences after − before of a count
// (the turns of a game) over the pairs where both were measured, with the
// sign test's distribution-free interval: the order statistics of the
// differences that a Binomial(n, ½) puts z standard deviations from the
// middle. It assumes nothing of the turns' distribution, which is skewed
// (a few games run long).
type PairedShift struct {
	Pairs  int     `json:"pairs"`
	Median float64 `json:"median"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	// Bounded is false when the pairs are too few for the interval (Low
	// and High are then the smallest and largest differences).
	Bounded bool `json:"bounded"`
}

// PairedShiftOf is the shift of diffs at quantile z.
func PairedShiftOf(diffs []int, z float64) PairedShift {
	s := PairedShift{Pairs: len(diffs)}
	if len(diffs) == 0 {
		return s
	}
	d := slices.Clone(diffs)
	slices.Sort(d)
	n := len(d)
	s.Median = Of(d).Median
	// The interval [d(k), d(n−k−1)] (0-based) with k the largest count of
	// differences below the median that a fair coin gives with probability
	// about (1 − level)/2: n/2 − z·√n/2, by the normal approximation.
	k := int(math.Floor((float64(n) - z*math.Sqrt(float64(n))) / 2))
	s.Low, s.High = float64(d[0]), float64(d[n-1])
	if k < 0 || n-k-1 < k {
		return s // too few pairs to bound
	}
	s.Low, s.High, s.Bounded = float64(d[k]), float64(d[n-k-1]), true
	return s
}

// Looks is a sequential plan: the evidence is looked at after each count
// of games in Sizes, and stops at the first look where the decision is
// clear. Each look's interval is at level 1 − Alpha/len(Sizes) (Bonferroni),
// so the chance that any look of the plan shows an effect that is not there
// is at most Alpha, however many looks are taken.
type Looks struct {
	Sizes []int
	Alpha float64
}

// Z is the normal quantile of each look's interval.
func (l Looks) Z() float64 { return Z(1 - l.Alpha/float64(max(1, len(l.Sizes)))) }

// Level is each look's confidence level.
func (l Looks) Level() float64 { return 1 - l.Alpha/float64(max(1, len(l.Sizes))) }

// Doubling is a plan of looks at games/2^(k−1), ..., games/2, games: each
// look holds twice the games of the one before, the last all of them.
func Doubling(games, looks int, alpha float64) Looks {
	l := Looks{Alpha: alpha}
	for k := looks - 1; k >= 0; k-- {
		n := games >> k
		if n >= 1 && !slices.Contains(l.Sizes, n) {
			l.Sizes = append(l.Sizes, n)
		}
	}
	if len(l.Sizes) == 0 {
		l.Sizes = []int{max(1, games)}
	}
	return l
}
