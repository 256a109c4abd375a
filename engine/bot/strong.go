package bot

import (
	"math/rand/v2"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// Strong plays to bring its holder the least cost from a valid journey
// (see distance), weighing each card by what the seat knows of where its
// copies are (see knowledge: a card no copy of which can be had is out of
// every plan, one long unseen costs more). Each turn it weighs the face-up
// tops, whose gain is certain, against each draw pile, whose gain it
// averages over the cards it has not seen of the box that pile's top comes
// from (a tile's back shows it on a combined board; the draw pile and
// closed hands otherwise). It swaps when a swap gains more; ties in
// distance go to the journey-progress measure; on a combined board to the
// outlook (see outlook: the cards still to come that would bring the
// holder closer), which also decides whether a card that keeps the
// distance stays. Filling a combined board's holders, it draws from the
// map its holder holds least of, and places each card where it links
// best (the maps set aside until play).
type Strong struct {
	counter
	rng    *rand.Rand
	d      *distance
	linked *distance // maps set aside, for the fill (combined boards)
	kn     *knowledge
	board  *engine.Board
	unseen []int
	gains  []int32 // by card: its gain this turn, or -1 not yet weighed
	buf    []engine.CardID
	ahead  *outlook // combined boards: the cards to come, for ties
}

// Work is the work the bot has done (see counter).
func (s *Strong) Work() int64 {
	w := s.steps
	if s.d != nil {
		w += s.d.steps
	}
	if s.linked != nil && s.linked != s.d {
		w += s.linked.steps
	}
	if s.ahead != nil {
		w += s.ahead.d.steps
	}
	return w
}

// Release gives the bot's tables back for the next game's bots, once its
// game is over (it may play again, computing them anew).
func (s *Strong) Release() {
	s.d.release()
	if s.linked != s.d {
		s.linked.release()
	}
	if s.ahead != nil {
		s.ahead.d.release()
	}
}

func (s *Strong) setup(b *engine.Board) {
	if s.board != b {
		s.board, s.d = b, newDistance(b)
		s.kn = newKnowledge(b, s.d)
		s.linked, s.ahead = s.d, nil
		if b.NumMaps() > 0 {
			s.linked = newDistanceMaps(b, false)
			s.ahead = newOutlook(b)
		}
		s.unseen = make([]int, b.NumCards())
		s.gains = make([]int32, b.NumCards())
	}
}

// learn takes in what the seat's view tells of where the cards are.
func (s *Strong) learn(v game.View) {
	s.kn.learn(v, s.d, v.Holder())
	if s.ahead != nil {
		s.ahead.learn(s.kn, s.d)
	}
}

func (s *Strong) Fill(v game.View, card engine.CardID) int {
	s.setup(v.Board())
	h := v.Holder()
	s.linked.compute(h)
	open := func(d int) bool { return h[d] == engine.NoCard }
	_, cost := s.linked.best(card, open)
	slot, _ := pick(s.rng, len(h), func(d int) int {
		if !open(d) || s.linked.costAt(d, card) != cost {
			return never
		}
		return 0
	})
	return slot
}

// FillPile draws from the map whose box gave the holder fewest cards.
func (s *Strong) FillPile(v game.View) int { return game.DefaultFillPile(v) }

// gain is how much card c would lower the distance d0 at its best day
// (memoized for the turn in s.gains).
func (s *Strong) gain(d0 int32, c engine.CardID) int32 {
	if g := s.gains[c]; g >= 0 {
		return g
	}
	_, cost := s.d.best(c, nil)
	g := max(d0-cost, 0)
	s.gains[c] = g
	return g
}

// drawGain is the gain of drawing from draw pile i, averaged over the
// cards its top may be.
func (s *Strong) drawGain(v game.View, d0 int32, i int) float64 {
	n := unseenUnder(v, i, s.unseen)
	if n == 0 {
		return 0
	}
	sum := 0
	for c, k := range s.unseen {
		if k > 0 {
			sum += k * int(s.gain(d0, engine.CardID(c)))
		}
	}
	return float64(sum) / float64(n)
}

func (s *Strong) Choose(v game.View) game.Move {
	s.setup(v.Board())
	s.learn(v)
	b, h := v.Board(), v.Holder()
	d0 := s.d.compute(h)
	for i := range s.gains {
		s.gains[i] = -1
	}

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
	// The draw piles: the gain averaged over what each top may be.
	drawGain, drawPile := -1.0, -1
	for i := range v.NumDraw() {
		if !v.CanDrawFrom(i) {
			continue
		}
		if g := s.drawGain(v, d0, i); g > drawGain || g == drawGain && v.DrawPileSize(i) > v.DrawPileSize(drawPile) {
			drawGain, drawPile = g, i
		}
	}
	// A swap: a certain gain, tried where it raises progress.
	if v.SwapAllowed() {
		s.buf = append(s.buf[:0], h...)
		base := s.progress(b, h)
		bestSwapGain, si, sj := int32(0), -1, -1
		n := len(h)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				s.buf[i], s.buf[j] = s.buf[j], s.buf[i]
				if s.progress(b, s.buf) > base {
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
	if bestTop > 0 && float64(bestTop) >= drawGain || drawPile < 0 {
		// Among equal tops, the one that helps progress most; on a
		// combined board, the one whose best day leaves the best outlook.
		if bestTop > 0 && s.ahead != nil {
			bestPile = s.topAhead(v, h, topGain, bestTop, d0-bestTop)
		} else if bestTop >= 0 {
			var gb Greedy
			gb.rng = s.rng
			bestPile, _ = pick(s.rng, v.NumPiles(), func(k int) int {
				if topGain[k] != bestTop {
					return never
				}
				_, p := gb.bestSlot(b, h, v.Top(k), nil)
				return p
			})
			s.steps += gb.steps
		}
		return game.Move{From: game.Source(bestPile)}
	}
	if v.NumDraw() == 1 {
		return game.Move{From: game.FromDraw}
	}
	return game.Move{From: game.DrawPile(drawPile)}
}

// distanceOf computes the distance of another holder (it overwrites the
// tables; recompute the own holder after).
func (s *Strong) distanceOf(h []engine.CardID) int32 { return s.d.compute(h) }

func (s *Strong) Place(v game.View, card engine.CardID) game.Put {
	s.setup(v.Board())
	b, h := v.Board(), v.Holder()
	d0 := s.d.compute(h) // with what Choose learnt this turn
	put := game.Put{Slot: -1, Pile: v.MustPile()}
	_, cost := s.d.best(card, nil)
	base := s.progress(b, h)
	s.buf = append(s.buf[:0], h...)
	if cost <= d0 && s.ahead != nil {
		// The day where the card reaches that distance with the best
		// outlook; at equal distance, only if the outlook improves (or,
		// half the time, stays level: see below).
		slot, v := s.dayAhead(h, card, cost)
		if cost < d0 || v > s.ahead.of(s.d, h) || v == s.ahead.of(s.d, h) && s.rng.IntN(2) == 0 {
			put.Slot = slot
		}
	} else if cost <= d0 {
		// The day where the card reaches that distance with the most
		// progress; at equal distance, only if progress rises (or, half
		// the time, stays level, so that a holder waiting for a card
		// another seat keeps moves on).
		slot, p := pick(s.rng, len(h), func(d int) int {
			if s.d.costAt(d, card) != cost {
				return never
			}
			return s.progressWith(b, s.buf, d, card)
		})
		if cost < d0 || p > base || p == base && s.rng.IntN(2) == 0 {
			put.Slot = slot
		}
	}
	if put.Pile < 0 {
		// Cover the top this seat has least use for.
		for i := range s.gains {
			s.gains[i] = -1
		}
		put.Pile, _ = pick(s.rng, v.NumPiles(), func(k int) int { return -int(s.gain(d0, v.Top(k))) })
	}
	return put
}

// dayAhead is the day where card brings holder h to distance cost (the
// seat's tables hold h) with the best outlook, and that outlook; ties go
// to a day at random.
func (s *Strong) dayAhead(h []engine.CardID, card engine.CardID, cost int32) (int, int64) {
	slot, best, ties := -1, int64(-1), 0
	for d := range h {
		if s.d.costAt(d, card) != cost {
			continue
		}
		switch v := s.ahead.with(h, d, card); {
		case v > best:
			slot, best, ties = d, v, 1
		case v == best:
			ties++
			if s.rng.IntN(ties) == 0 {
				slot = d
			}
		}
	}
	return slot, best
}

// topAhead is the face-up pile, among those whose top brings holder h to
// distance target (its gain, topGain, is gain), whose top leaves the best
// outlook at its best day; ties go to a pile at random.
func (s *Strong) topAhead(v game.View, h []engine.CardID, topGain []int32, gain, target int32) int {
	pile, best, ties := -1, int64(-1), 0
	for k := range v.NumPiles() {
		if topGain[k] != gain {
			continue
		}
		switch _, o := s.dayAhead(h, v.Top(k), target); {
		case o > best:
			pile, best, ties = k, o, 1
		case o == best:
			ties++
			if s.rng.IntN(ties) == 0 {
				pile = k
			}
		}
	}
	return pile
}
