package bot

import (
	"math/rand/v2"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// Greedy plays the move that most raises engine.Board.Progress (region
// cards at the ends, adjacent slots that hold): it takes the face-up card
// that raises it most, or draws when none does; it keeps a card only where
// it raises the measure (or, half the time, keeps it level); it swaps when
// a swap raises it more than any top.
//
// On a combined board (20 Days Around the World) progress alone leads
// nowhere: a holder of linked pieces on different maps, joined where no
// link crosses, is a plateau one card cannot leave. There Greedy makes the
// same moves by a coverage-aware measure first: the fewest card changes to
// a valid journey that holds a region of every map (see distance), which
// values the cards of a map the holder misses and the links across maps;
// progress breaks its ties. It does not swap there.
type Greedy struct {
	counter
	rng   *rand.Rand
	buf   []engine.CardID
	cover cover
}

// Work is the work the bot has done (see counter).
func (g *Greedy) Work() int64 { return g.steps + g.cover.work() }

// Release gives the bot's tables back for the next game's bots, once its
// game is over (it may play again, computing them anew).
func (g *Greedy) Release() {
	if g.cover.d != nil {
		g.cover.d.release()
		g.cover.linked.release()
		g.cover.fresh = false
	}
}

func (g *Greedy) scratch(h []engine.CardID) []engine.CardID {
	g.buf = append(g.buf[:0], h...)
	return g.buf
}

// bestSlot is the day where card raises progress most, and the progress
// reached; slots restricts the days tried (nil: all).
func (g *Greedy) bestSlot(b *engine.Board, h []engine.CardID, card engine.CardID, open func(int) bool) (int, int) {
	buf := g.scratch(h)
	slot, score := pick(g.rng, len(h), func(d int) int {
		if open != nil && !open(d) {
			return never
		}
		return g.progressWith(b, buf, d, card)
	})
	return slot, score
}

func (g *Greedy) Fill(v game.View, card engine.CardID) int {
	h := v.Holder()
	if g.cover.on(v.Board()) {
		return g.cover.fill(g.rng, v, card, g)
	}
	slot, _ := g.bestSlot(v.Board(), h, card, func(d int) bool { return h[d] == engine.NoCard })
	return slot
}

// FillPile draws from the map whose box gave the holder fewest cards.
func (g *Greedy) FillPile(v game.View) int { return game.DefaultFillPile(v) }

func (g *Greedy) Choose(v game.View) game.Move {
	b, h := v.Board(), v.Holder()
	if g.cover.on(b) {
		return g.cover.choose(g.rng, v, g)
	}
	base := g.progress(b, h)
	pile, top := pick(g.rng, v.NumPiles(), func(k int) int {
		_, s := g.bestSlot(b, h, v.Top(k), nil)
		return s
	})
	topGain := top - base
	if v.SwapAllowed() {
		i, j, s := g.bestSwap(b, g.scratch(h))
		if s-base > 0 && s-base >= topGain {
			return game.Move{Swap: true, I: i, J: j}
		}
	}
	if topGain > 0 || !v.CanDraw() {
		return game.Move{From: game.Source(pile)}
	}
	return game.Move{From: drawFrom(v)}
}

func (g *Greedy) Place(v game.View, card engine.CardID) game.Put {
	b, h := v.Board(), v.Holder()
	if g.cover.on(b) {
		return g.cover.place(g.rng, v, card, g)
	}
	put := game.Put{Slot: -1, Pile: v.MustPile()}
	// Keep the card where it raises progress; where it only equals it, half
	// the time, so that a holder stuck on a plateau (waiting for a card
	// another seat keeps) moves on.
	if slot, s := g.bestSlot(b, h, card, nil); s > g.progress(b, h) || s == g.progress(b, h) && g.rng.IntN(2) == 0 {
		put.Slot = slot
	}
	if put.Pile < 0 {
		// Cover the top this seat has least use for.
		put.Pile, _ = pick(g.rng, v.NumPiles(), func(k int) int {
			_, s := g.bestSlot(b, h, v.Top(k), nil)
			return -s
		})
	}
	return put
}

// bestSwap is the swap of two days that gives the most progress (buf is a
// copy of the holder, restored on return).
func (g *Greedy) bestSwap(b *engine.Board, buf []engine.CardID) (i, j, score int) {
	n := len(buf)
	pairs := n * (n - 1) / 2
	k, score := pick(g.rng, pairs, func(p int) int {
		a, c := pairIndex(p, n)
		buf[a], buf[c] = buf[c], buf[a]
		s := g.progress(b, buf)
		buf[a], buf[c] = buf[c], buf[a]
		return s
	})
	i, j = pairIndex(k, n)
	return i, j, score
}

// pairIndex maps 0..n(n-1)/2-1 to the pairs (i, j), i < j.
func pairIndex(p, n int) (int, int) {
	for i := 0; i < n; i++ {
		row := n - 1 - i
		if p < row {
			return i, i + 1 + p
		}
		p -= row
	}
	return 0, 1
}
