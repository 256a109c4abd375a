package bot

import (
	"math/rand/v2"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// Strong plays to bring its holder the fewest card changes from a valid
// journey (see distance). Each turn it weighs the face-up tops, whose gain
// is certain, against the draw pile, whose gain it averages over the cards
// it has not seen (the draw pile and closed hands, since every discard was
// seen face up). It swaps when a swap gains more; ties in distance go to
// the journey-progress measure.
type Strong struct {
	rng    *rand.Rand
	d      *distance
	board  *engine.Board
	unseen []int
	buf    []engine.CardID
}

func (s *Strong) setup(b *engine.Board) {
	if s.board != b {
		s.board, s.d = b, newDistance(b)
		s.unseen = make([]int, b.NumCards())
	}
}

func (s *Strong) Fill(v game.View, card engine.CardID) int {
	s.setup(v.Board())
	h := v.Holder()
	s.d.compute(h)
	open := func(d int) bool { return h[d] == engine.NoCard }
	_, cost := s.d.best(card, open)
	slot, _ := pick(s.rng, len(h), func(d int) int {
		if !open(d) || s.d.costAt(d, card) != cost {
			return never
		}
		return 0
	})
	return slot
}

// gain is how much card c would lower the distance d0 at its best day.
func (s *Strong) gain(d0 int32, c engine.CardID) int32 {
	_, cost := s.d.best(c, nil)
	return max(d0-cost, 0)
}

func (s *Strong) Choose(v game.View) game.Move {
	s.setup(v.Board())
	b, h := v.Board(), v.Holder()
	d0 := s.d.compute(h)

	// Face-up tops: a certain gain.
	var buf [game.Piles * 3]int32
	var topGain []int32
	if v.NumPiles() <= len(buf) {
		topGain = buf[:v.NumPiles()]
	} else {
		topGain = make([]int32, v.NumPiles())
	}
	bestPile, bestTop := 0, int32(-1)
	for k := range v.NumPiles() {
		topGain[k] = s.gain(d0, v.Top(k))
		if topGain[k] > bestTop {
			bestPile, bestTop = k, topGain[k]
		}
	}
	// The draw pile: the gain averaged over the unseen cards.
	for i := range s.unseen {
		s.unseen[i] = 0
	}
	drawGain := 0.0
	if n := v.Unseen(s.unseen); n > 0 && v.CanDraw() {
		sum := 0
		for c, k := range s.unseen {
			if k > 0 {
				sum += k * int(s.gain(d0, engine.CardID(c)))
			}
		}
		drawGain = float64(sum) / float64(n)
	}
	// A swap: a certain gain, tried where it raises progress.
	if v.SwapAllowed() {
		s.buf = append(s.buf[:0], h...)
		base := b.Progress(h)
		bestSwapGain, si, sj := int32(0), -1, -1
		n := len(h)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				s.buf[i], s.buf[j] = s.buf[j], s.buf[i]
				if b.Progress(s.buf) > base {
					if g := d0 - s.distanceOf(s.buf); g > bestSwapGain {
						bestSwapGain, si, sj = g, i, j
					}
					s.d.compute(h)
				}
				s.buf[i], s.buf[j] = s.buf[j], s.buf[i]
			}
		}
		if si >= 0 && bestSwapGain >= bestTop && float64(bestSwapGain) >= drawGain {
			return game.Move{Swap: true, I: si, J: sj}
		}
	}
	if bestTop > 0 && float64(bestTop) >= drawGain || !v.CanDraw() {
		// Among equal tops, the one that helps progress most.
		if bestTop >= 0 {
			var gb Greedy
			gb.rng = s.rng
			bestPile, _ = pick(s.rng, v.NumPiles(), func(k int) int {
				if topGain[k] != bestTop {
					return never
				}
				_, p := gb.bestSlot(b, h, v.Top(k), nil)
				return p
			})
		}
		return game.Move{From: game.Source(bestPile)}
	}
	return game.Move{From: drawFrom(v)}
}

// distanceOf computes the distance of another holder (it overwrites the
// tables; recompute the own holder after).
func (s *Strong) distanceOf(h []engine.CardID) int32 { return s.d.compute(h) }

func (s *Strong) Place(v game.View, card engine.CardID) game.Put {
	s.setup(v.Board())
	b, h := v.Board(), v.Holder()
	d0 := s.d.compute(h)
	put := game.Put{Slot: -1, Pile: v.MustPile()}
	_, cost := s.d.best(card, nil)
	base := b.Progress(h)
	s.buf = append(s.buf[:0], h...)
	if cost <= d0 {
		// The day where the card reaches that distance with the most
		// progress; at equal distance, only if progress rises (or, half
		// the time, stays level, so that a holder waiting for a card
		// another seat keeps moves on).
		slot, p := pick(s.rng, len(h), func(d int) int {
			if s.d.costAt(d, card) != cost {
				return never
			}
			old := s.buf[d]
			s.buf[d] = card
			p := b.Progress(s.buf)
			s.buf[d] = old
			return p
		})
		if cost < d0 || p > base || p == base && s.rng.IntN(2) == 0 {
			put.Slot = slot
		}
	}
	if put.Pile < 0 {
		// Cover the top this seat has least use for.
		put.Pile, _ = pick(s.rng, v.NumPiles(), func(k int) int { return -int(s.gain(d0, v.Top(k))) })
	}
	return put
}
