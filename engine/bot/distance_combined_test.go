package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/combine"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// twoGrids is two 3×3 grids joined by a ferry (west Cedar, east Ash), as
// a combined edition: a journey must hold a region of both.
func twoGrids(t *testing.T, n int) *engine.Board { return twoGridsWith(t, n, "") }

// twoGridsWith is twoGrids with more of the combined edition (same: ...).
func twoGridsWith(t *testing.T, n int, more string) *engine.Board {
	doc, err := mapdata.DecodeCombinedEdition("edition.yaml", []byte(`kind: combined
id: grids
name: Two grids
days: 5
members: [west, east]
piles: {draw: 3, face_up: 6}
win: every-map
planes: within-map
links:
  - {a: "west:Cedar", b: "east:Ash", kind: ferry, why: strait}
`+more))
	require.NoError(t, err)
	p, _, err := combine.Combine(doc, []combine.Member{{ID: "west", Pack: packtest.Grid()}, {ID: "east", Pack: packtest.Grid()}})
	require.NoError(t, err)
	for i := range p.Deck.Cards {
		p.Deck.Cards[i].Count = n
		p.Deck.Cards[i].Maps = nil // each card's own map, or the first
	}
	b, err := engine.Compile(p)
	require.NoError(t, err)
	require.Equal(t, 2, b.NumMaps())
	return b
}

// On a combined board the distance is the fewest changes to a valid
// journey that covers every map, by enumeration of every journey; and
// costAt the fewest with one day fixed.
func TestDistanceCoversEveryMap(t *testing.T) {
	t.Run("two maps", func(t *testing.T) { testDistanceCoversEveryMap(t, twoGrids(t, 4)) })
	// Elm one place on both maps: no card links one Elm to the other.
	t.Run("one place on both", func(t *testing.T) {
		testDistanceCoversEveryMap(t, twoGridsWith(t, 4, "same:\n  - [\"west:Elm\", \"east:Elm\"]\n"))
	})
}

func testDistanceCoversEveryMap(t *testing.T, b *engine.Board) {
	const n = 4
	all := journeysOf(b, n)
	require.NotEmpty(t, all)
	d := newDistance(b)
	require.Equal(t, 4, d.k)
	rng := rand.New(rand.NewPCG(5, 6))
	h := make([]engine.CardID, n)
	oneMap := 0
	for trial := range 400 {
		for i := range h {
			h[i] = engine.CardID(rng.IntN(b.NumCards()))
			if trial%5 == 0 && rng.IntN(3) == 0 {
				h[i] = engine.NoCard
			}
		}
		if trial%4 == 0 {
			// a linked holder on one map: 0 changes with maps aside, not here.
			copy(h, all[rng.IntN(len(all))])
		}
		want := int32(n + 1)
		for _, j := range all {
			want = min(want, hamming(h, j))
		}
		got := d.compute(h)
		require.Equal(t, want, got, "holder %v", h)
		if b.Progress(h) == n && got > 0 {
			oneMap++
		}
		s, c := rng.IntN(n), engine.CardID(rng.IntN(b.NumCards()))
		h2 := append([]engine.CardID(nil), h...)
		h2[s] = c
		want2 := inf
		for _, j := range all {
			if j[s] == c {
				want2 = min(want2, hamming(h2, j))
			}
		}
		require.Equal(t, want2, min(d.costAt(s, c), inf), "holder %v, day %d := %d", h, s, c)
	}
	// Tables kept from the last holder are the tables computed afresh.
	for trial := range 200 {
		before := d.compute(h)
		h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
		if trial%3 == 0 {
			h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
		}
		fresh := newDistance(b)
		require.Equal(t, fresh.compute(h), d.compute(h), "after %d", before)
		require.Equal(t, fresh.fwd, d.fwd)
		require.Equal(t, fresh.bwd, d.bwd)
	}
	// Some holders were linked on one map and still short of a journey.
	require.Positive(t, oneMap)
}

// With costs by card (setCosts), the distance is the least total cost of
// the cards a valid journey changes, by enumeration: some cards cost more,
// some cannot be had at all (far), and one held already costs nothing.
func TestDistanceWeighsCosts(t *testing.T) {
	const n = 4
	b := twoGridsWith(t, n, "same:\n  - [\"west:Elm\", \"east:Elm\"]\n")
	all := journeysOf(b, n)
	d := newDistance(b)
	rng := rand.New(rand.NewPCG(7, 8))
	acq, tacq := make([]int32, b.NumRegions()), make([]int32, b.NumCards())
	costOf := func(c engine.CardID) int32 {
		if r := b.RegionOf(c); r >= 0 {
			return acq[r]
		}
		return tacq[c]
	}
	h := make([]engine.CardID, n)
	for trial := range 300 {
		pick := func() int32 {
			if rng.IntN(6) == 0 {
				return far
			}
			return int32(1 + rng.IntN(4))
		}
		for r := range acq {
			acq[r] = pick()
		}
		for c := range tacq {
			tacq[c] = pick()
		}
		d.setCosts(acq, tacq)
		for i := range h {
			h[i] = engine.CardID(rng.IntN(b.NumCards()))
		}
		if trial%3 == 0 {
			copy(h, all[rng.IntN(len(all))])
			h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
		}
		want := inf
		for _, j := range all {
			var c int32
			for i := range j {
				if j[i] != h[i] {
					c = min(c+costOf(j[i]), inf)
				}
			}
			want = min(want, c)
		}
		require.Equal(t, want, min(d.compute(h), inf), "holder %v", h)
		s, card := rng.IntN(n), engine.CardID(rng.IntN(b.NumCards()))
		want2 := inf
		for _, j := range all {
			if j[s] != card {
				continue
			}
			var c int32
			for i := range j {
				if i != s && j[i] != h[i] {
					c = min(c+costOf(j[i]), inf)
				}
			}
			want2 = min(want2, c)
		}
		require.Equal(t, want2, min(d.costAt(s, card), inf), "holder %v, day %d := %s", h, s, b.Name(card))
	}
}

// journeysOf lists every valid journey of n card kinds on b, by
// enumeration.
func journeysOf(b *engine.Board, n int) [][]engine.CardID {
	var all [][]engine.CardID
	cur := make([]engine.CardID, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if b.Check(cur).Valid {
				all = append(all, append([]engine.CardID(nil), cur...))
			}
			return
		}
		for c := range b.NumCards() {
			cur[i] = engine.CardID(c)
			rec(i + 1)
		}
	}
	rec(0)
	return all
}

// TestDistanceKeptIsFresh: tables kept up to date, holder after holder and
// cost change after cost change, are the tables computed afresh for the
// same holder and costs, on 20 Days Around the World (four maps, ships,
// planes, trains and cars) and on the USA, with the steps counted as the
// whole programme's.
func TestDistanceKeptIsFresh(t *testing.T) {
	boards := map[string]*engine.Board{"around-the-world": AroundTheWorld(t)}
	usa, err := engine.Compile(packtest.USA())
	require.NoError(t, err)
	boards["usa"] = usa
	for name, b := range boards {
		t.Run(name, func(t *testing.T) {
			for _, maps := range []bool{true, false} {
				rng := rand.New(rand.NewPCG(11, 12))
				d := newDistanceMaps(b, maps)
				n := b.Days()
				h := make([]engine.CardID, n)
				for i := range h {
					h[i] = engine.CardID(rng.IntN(b.NumCards()))
				}
				acq, tacq := make([]int32, b.NumRegions()), make([]int32, b.NumCards())
				levels := []int32{unit, 2 * unit, 3 * unit, far}
				for r := range acq {
					acq[r] = unit
				}
				for c := range tacq {
					tacq[c] = unit
				}
				for trial := range 60 {
					switch rng.IntN(4) {
					case 0: // costs change, a few cards at a time
						for range 1 + rng.IntN(4) {
							c := engine.CardID(rng.IntN(b.NumCards()))
							tacq[c] = levels[rng.IntN(len(levels))]
							if r := b.RegionOf(c); r >= 0 {
								acq[r] = tacq[c]
							}
						}
						d.setCosts(acq, tacq)
					case 1: // two days change
						h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
						h[rng.IntN(n)] = engine.NoCard
					default: // one day changes
						h[rng.IntN(n)] = engine.CardID(rng.IntN(b.NumCards()))
					}
					before := d.steps
					got := d.compute(h)
					fresh := newDistanceMaps(b, maps)
					fresh.setCosts(acq, tacq)
					require.Equal(t, fresh.compute(h), got, "trial %d", trial)
					require.Equal(t, fresh.fwd, d.fwd, "trial %d", trial)
					require.Equal(t, fresh.bwd, d.bwd, "trial %d", trial)
					require.LessOrEqual(t, d.steps-before, fresh.steps, "trial %d: a compute counts at most the whole programme", trial)
				}
			}
		})
	}
}
