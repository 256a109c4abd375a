package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/internal/packtest"
)

// TestSparseRowsMatchWholeRows: a holder changed a day at a time, mostly
// to and from region cards as the fill does, often next to two ships side
// by side (whose rows read three days back), gives the same tables, tops
// and distance when the rows are made cell by cell where they change
// (sweepSparse) as when they are swept whole; on boards of one mask:
// Around the World with the maps set aside (ships, cars across maps) and
// the USA.
func TestSparseRowsMatchWholeRows(t *testing.T) {
	usa, err := engine.Compile(packtest.USA())
	require.NoError(t, err)
	for _, bd := range []struct {
		name string
		b    *engine.Board
	}{{"around-the-world", AroundTheWorld(t)}, {"usa", usa}} {
		t.Run(bd.name, func(t *testing.T) {
			b := bd.b
			d, whole := newDistanceMaps(b, false), newDistanceMaps(b, false)
			require.NotNil(t, d.sp)
			whole.sp = nil
			// Ships that pair with another, and the regions on their seas.
			var ships []engine.CardID
			var coast []engine.CardID
			for c := range engine.CardID(b.NumCards()) {
				if !d.isTransport(c) || len(d.kindGroups[c]) != 1 {
					continue
				}
				for c2 := range engine.CardID(b.NumCards()) {
					if d.isTransport(c2) && len(d.kindGroups[c2]) == 1 && b.ShipPair(c, c2) {
						ships = append(ships, c)
						for _, r := range d.groups[d.kindGroups[c][0]].regions {
							coast = append(coast, b.Region(int(r)).Card)
						}
						break
					}
				}
			}
			// Regions on two seas (a ship's best three days back may be
			// the very place), and the ends of the rest kinds' pairs.
			var junctions, pairs []engine.CardID
			for r := range d.nr {
				seas := 0
				for _, g := range d.member[r] {
					if len(d.kindGroups[d.groups[g].kind]) == 1 {
						seas++
					}
				}
				if seas > 1 {
					junctions = append(junctions, b.Region(r).Card)
				}
			}
			for k, r := range d.restRegions {
				pairs = append(pairs, b.Region(int(r)).Card)
				for e := d.restStart[k]; e < d.restStart[k+1]; e++ {
					pairs = append(pairs, b.Region(int(d.restFrom[e])).Card)
				}
			}
			t.Logf("%d ships, %d regions on two seas, %d ends of pairs", len(ships), len(junctions), len(pairs))
			rng := rand.New(rand.NewPCG(38, 6))
			n := b.Days()
			card := func() engine.CardID {
				switch {
				case len(ships) > 0 && rng.IntN(4) == 0:
					return ships[rng.IntN(len(ships))]
				case len(junctions) > 0 && rng.IntN(3) == 0:
					return junctions[rng.IntN(len(junctions))]
				case len(pairs) > 0 && rng.IntN(3) == 0:
					return pairs[rng.IntN(len(pairs))]
				case len(coast) > 0 && rng.IntN(2) == 0:
					return coast[rng.IntN(len(coast))]
				case rng.IntN(5) == 0:
					return engine.NoCard
				}
				return engine.CardID(rng.IntN(b.NumCards()))
			}
			for game := range 40 {
				h := make([]engine.CardID, n)
				for i := range h {
					h[i] = engine.NoCard
				}
				for step := range 3 * n {
					s := rng.IntN(n)
					h[s] = card()
					if len(ships) > 1 && s+2 < n && rng.IntN(6) == 0 {
						// Two ships that pair after it: later rows read
						// this day's three days on.
						h[s+1], h[s+2] = ships[rng.IntN(len(ships))], ships[rng.IntN(len(ships))]
					}
					require.Equal(t, whole.compute(h), d.compute(h), "game %d, step %d: distance", game, step)
					require.Equal(t, whole.fwd, d.fwd, "game %d, step %d: fwd", game, step)
					require.Equal(t, whole.bwd, d.bwd, "game %d, step %d: bwd", game, step)
					for i := range n {
						for _, tb := range [][]int32{d.fwd, d.bwd} {
							// Tops kept fresh are the row's.
							all, ok := d.ftops, d.ftopsOK
							if &tb[0] == &d.bwd[0] {
								all, ok = d.btops, d.btopsOK
							}
							if ok[i] {
								want := make([]int32, d.gSize)
								d.tops(want, d.row(tb, i))
								require.True(t, slices.Equal(want, all[i*d.gSize:(i+1)*d.gSize]), "game %d, step %d: tops of day %d", game, step, i)
							}
						}
					}
					require.Equal(t, whole.steps, d.steps, "game %d, step %d: steps", game, step)
				}
			}
			require.Positive(t, d.sparse, "rows made cell by cell")
			t.Logf("%d rows made cell by cell", d.sparse)
		})
	}
}
