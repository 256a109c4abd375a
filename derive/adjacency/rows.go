package adjacency

import (
	"slices"
	"strings"
)

// Row is a pair named: A before B, with the length of their border.
type Row struct {
	A, B     string
	LengthKm float64
}

// Rows names the pairs of a result by names (names[i] is input i), A
// before B, sorted by (A, B). The names are sorted once and the pairs then
// by rank, which is much cheaper than comparing two strings per step on
// 300,000 pairs.
func (r Result) Rows(names []string) []Row {
	byName := make([]int, len(names))
	for i := range byName {
		byName[i] = i
	}
	slices.SortStableFunc(byName, func(x, y int) int { return strings.Compare(names[x], names[y]) })
	rank := make([]uint64, len(names))
	for r, i := range byName {
		rank[i] = uint64(r)
	}
	type ranked struct {
		key uint64
		km  float64
	}
	keys := make([]ranked, len(r.Pairs))
	for i, p := range r.Pairs {
		ra, rb := rank[p.A], rank[p.B]
		if rb < ra {
			ra, rb = rb, ra
		}
		keys[i] = ranked{ra<<32 | rb, p.LengthKm}
	}
	slices.SortFunc(keys, func(x, y ranked) int {
		switch {
		case x.key < y.key:
			return -1
		case x.key > y.key:
			return 1
		}
		return 0
	})
	rows := make([]Row, len(keys))
	for i, k := range keys {
		rows[i] = Row{names[byName[k.key>>32]], names[byName[uint32(k.key)]], k.km}
	}
	return rows
}
