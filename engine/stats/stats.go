// Package stats holds the few statistics the simulation reports share,
// whatever the game: a summary of counts (mean, median, 90th percentile),
// a win rate with its 95% Wilson interval, and the per-game seed that makes
// a simulation's result independent of how many workers play it.
//
// It also writes them as the text reports show them (Summary.Text, a table
// of win rates). It knows nothing of games or bots.
package stats

import (
	"math"
	"slices"
)

// Summary summarises a list of counts: mean, median (the middle value, or
// the mean of the two middle ones) and 90th percentile (nearest rank).
type Summary struct {
	N      int     `json:"n"`
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	P90    int     `json:"p90"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
}

// Of summarises xs (which it does not change).
func Of(xs []int) Summary {
	s := Summary{N: len(xs)}
	if len(xs) == 0 {
		return s
	}
	xs = slices.Clone(xs)
	slices.Sort(xs)
	sum := 0
	for _, x := range xs {
		sum += x
	}
	s.Mean = float64(sum) / float64(len(xs))
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		s.Median = float64(xs[m])
	} else {
		s.Median = float64(xs[m-1]+xs[m]) / 2
	}
	s.P90 = xs[max(0, int(math.Ceil(0.9*float64(len(xs))))-1)]
	s.Min, s.Max = xs[0], xs[len(xs)-1]
	return s
}

// Rate is wins out of games, with its 95% Wilson interval.
type Rate struct {
	Name  string  `json:"name"`
	Wins  int     `json:"wins"`
	Games int     `json:"games"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// RateOf is name's wins out of n games.
func RateOf(name string, wins, n int) Rate {
	r := Rate{Name: name, Wins: wins, Games: n}
	if n > 0 {
		r.Rate = float64(wins) / float64(n)
	}
	r.Low, r.High = Wilson(wins, n)
	return r
}

// Wilson is the 95% Wilson score interval of wins out of n: unlike the
// normal approximation it stays inside [0, 1] and behaves for small n.
func Wilson(wins, n int) (low, high float64) {
	return wilsonZ(wins, n, 1.959963984540054)
}

// GameSeed derives game i's seed from a simulation's seed (SplitMix64), so
// that each game is the same whichever worker plays it.
func GameSeed(seed uint64, i int) uint64 {
	z := seed + 0x9e3779b97f4a7c15*uint64(i+1)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
