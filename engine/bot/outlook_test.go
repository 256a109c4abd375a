package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
)

// The outlook of a holder is, over the region cards the seat may get, the
// copies times how much the card lowers the distance at its best day,
// checked against distances computed afresh for every changed holder; a
// card that cannot be had (far) counts for nothing; the turn's outlooks
// are kept until learn.
func TestOutlookSumsWhatCardsToComeWouldGain(t *testing.T) {
	const n = 4
	b := twoGrids(t, 2)
	o := newOutlook(b)
	seat := newDistance(b)
	kn := &knowledge{unseen: make([]int, b.NumCards()), up: make([]int, b.NumCards()), buried: make([]int, b.NumCards())}
	rng := rand.New(rand.NewPCG(3, 4))
	for c := range kn.unseen {
		kn.unseen[c], kn.up[c] = rng.IntN(3), rng.IntN(2)
	}
	acq := make([]int32, b.NumRegions())
	for r := range acq {
		acq[r] = unit
	}
	gone := b.Region(0).Card
	acq[0] = far
	seat.setCosts(acq, nil)
	o.learn(kn, seat)
	require.Zero(t, o.avail[gone], "a card no copy of which can be had")

	want := func(h []engine.CardID) int64 {
		d0 := newDistanceMaps(b, true)
		d0.setCosts(acq, nil)
		base := d0.compute(h)
		var sum int64
		for c := range engine.CardID(b.NumCards()) {
			if b.RegionOf(c) < 0 || c == gone {
				continue
			}
			best := base
			for s := range h {
				h2 := append([]engine.CardID(nil), h...)
				h2[s] = c
				best = min(best, d0.compute(h2))
			}
			sum += int64(kn.unseen[c]+kn.up[c]) * int64(base-best)
		}
		return sum
	}
	h := make([]engine.CardID, n)
	positive := 0
	for trial := range 30 {
		for i := range h {
			h[i] = engine.CardID(rng.IntN(b.NumCards()))
		}
		o.learn(kn, seat)
		v := o.of(seat, h)
		require.Equal(t, want(h), v, "holder %v", h)
		if v > 0 {
			positive++
		}
		day, card := rng.IntN(n), engine.CardID(rng.IntN(b.NumCards()))
		h2 := append([]engine.CardID(nil), h...)
		h2[day] = card
		got := o.with(h, day, card)
		require.Equal(t, want(h2), got, "trial %d: holder %v, day %d := %d", trial, h, day, card)
		// Kept for the turn: the tables now hold another holder.
		o.d.compute(h)
		require.Equal(t, got, o.with(h, day, card))
	}
	require.Greater(t, positive, 10, "most holders have cards to come that help")
}
