package bot

import "github.com/tendays/tendays/engine"

// outlook weighs a holder by the cards still to come, for Strong on a
// combined board: the sum, over every card the seat may still get (copies
// unseen, face up or under the tops, none known to be in another holder),
// of how much that card would lower the holder's distance at its best
// day, times its copies. Two holders at one distance are not alike: one
// that many cards bring closer finishes sooner than one waiting for a
// single card. Region cards only: a transport weighed on every day costs
// more than it tells (as in cover's draw piles).
type outlook struct {
	b     *engine.Board
	d     *distance // the tables of the holders weighed (not the seat's own)
	avail []int     // by card: the copies the seat may still get
	buf   []engine.CardID
	// memo holds this turn's outlooks (the holder with one day changed;
	// day -1 the holder itself): Choose and Place weigh the same holders.
	memo []weighed
}

type weighed struct {
	day  int
	card engine.CardID
	v    int64
}

func newOutlook(b *engine.Board) *outlook {
	return &outlook{b: b, d: newDistance(b), avail: make([]int, b.NumCards())}
}

// learn takes the seat's costs (d's, as knowledge gave them out) and
// where the copies are (kn, read this turn), and forgets the turn's
// outlooks.
func (o *outlook) learn(kn *knowledge, d *distance) {
	o.d.setCosts(d.acq, d.tacq)
	o.memo = o.memo[:0]
	for c := range o.avail {
		o.avail[c] = 0
		r := o.b.RegionOf(engine.CardID(c))
		if r < 0 || d.acq[r] >= far {
			continue
		}
		o.avail[c] = kn.unseen[c] + kn.up[c] + kn.buried[c]
	}
}

// sum is the outlook of the holder whose tables t holds (at distance d0).
func (o *outlook) sum(t *distance, d0 int32) int64 {
	var v int64
	for c, k := range o.avail {
		if k == 0 {
			continue
		}
		if _, cost := t.best(engine.CardID(c), nil); cost < d0 {
			v += int64(k) * int64(d0-cost)
		}
	}
	return v
}

// of is the outlook of holder h, whose tables t holds (the seat's own).
func (o *outlook) of(t *distance, h []engine.CardID) int64 {
	return o.memoized(-1, engine.NoCard, func() int64 { return o.sum(t, t.compute(h)) })
}

// with is the outlook of holder h with day changed to card.
func (o *outlook) with(h []engine.CardID, day int, card engine.CardID) int64 {
	return o.memoized(day, card, func() int64 {
		o.buf = append(o.buf[:0], h...)
		o.buf[day] = card
		return o.sum(o.d, o.d.compute(o.buf))
	})
}

func (o *outlook) memoized(day int, card engine.CardID, f func() int64) int64 {
	for _, w := range o.memo {
		if w.day == day && w.card == card {
			return w.v
		}
	}
	v := f()
	o.memo = append(o.memo, weighed{day, card, v})
	return v
}
