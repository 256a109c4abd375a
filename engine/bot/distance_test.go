package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/internal/packtest"
)

// validJourneys lists every journey of n card kinds that passes the rules
// with copy limits set aside (Check on a deck with large counts).
func validJourneys(t *testing.T, n int) (*engine.Board, [][]engine.CardID) {
	p := packtest.Grid()
	for i := range p.Deck.Cards {
		p.Deck.Cards[i].Count = n
	}
	b, err := engine.Compile(p)
	require.NoError(t, err)
	var out [][]engine.CardID
	cur := make([]engine.CardID, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if b.Check(cur).Valid {
				out = append(out, append([]engine.CardID(nil), cur...))
			}
			return
		}
		for c := range b.NumCards() {
			cur[i] = engine.CardID(c)
			rec(i + 1)
		}
	}
	rec(0)
	return b, out
}

func hamming(a, b []engine.CardID) int32 {
	var d int32
	for i := range a {
		if a[i] != b[i] {
			d++
		}
	}
	return d
}

func TestDistanceIsTheFewestChanges(t *testing.T) {
	const n = 5
	b, all := validJourneys(t, n)
	require.NotEmpty(t, all)
	d := newDistance(b)
	rng := rand.New(rand.NewPCG(3, 4))
	h := make([]engine.CardID, n)
	for trial := range 300 {
		for i := range h {
			h[i] = engine.CardID(rng.IntN(b.NumCards()))
			if trial%5 == 0 && rng.IntN(3) == 0 {
				h[i] = engine.NoCard // a holder being filled
			}
		}
		want := int32(n + 1)
		for _, j := range all {
			want = min(want, hamming(h, j))
		}
		require.Equal(t, want, d.compute(h), "holder %v", h)

		// costAt(s, c) is the fewest changes to the other days for a
		// journey that keeps c on day s.
		s, c := rng.IntN(n), engine.CardID(rng.IntN(b.NumCards()))
		got := min(d.costAt(s, c), inf)
		h2 := append([]engine.CardID(nil), h...)
		h2[s] = c
		want2 := inf
		for _, j := range all {
			if j[s] == c {
				want2 = min(want2, hamming(h2, j))
			}
		}
		require.Equal(t, want2, got, "holder %v, day %d := %d", h, s, c)
	}
}

// A holder that is a valid journey over two ships on seas that connect is
// at distance 0, forward and backward alike.
func TestDistanceShipPair(t *testing.T) {
	p := packtest.Europe()
	for i := range p.Seas {
		if p.Seas[i].ID == "atlantic" {
			p.Seas[i].Connects = []string{"med"}
		}
	}
	b, err := engine.Compile(p)
	require.NoError(t, err)
	var h []engine.CardID
	for _, tok := range []string{"Denmark", "Sweden", "Finland", "Norway", "ship:atlantic", "ship:med", "Italy", "Austria", "Germany", "Poland"} {
		c, err := b.Lookup(tok)
		require.NoError(t, err)
		h = append(h, c)
	}
	require.True(t, b.Check(h).Valid, b.Check(h).Reason())
	d := newDistance(b)
	require.Equal(t, int32(0), d.compute(h))
	for i := range h {
		if r := b.RegionOf(h[i]); r >= 0 {
			require.Equal(t, int32(0), d.fwd[i*d.nr+r]+d.bwd[i*d.nr+r], "day %d", i)
		}
	}
}
