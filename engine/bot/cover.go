package bot

import (
	"math/rand/v2"
	"slices"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// cover is Greedy's measure on a combined board: the coverage-aware
// distance of its holder (the fewest changes to a valid journey through
// every map), computed once for a holder and kept until the holder
// changes (Choose and Place see the same one).
type cover struct {
	board  *engine.Board
	d      *distance
	kn     *knowledge
	unseen []int
	// linked is the distance with the maps set aside, for the fill: the
	// holder is mostly empty then, and the maps come from the piles the
	// seat draws from (fillPile), so linking what is drawn is what the
	// fill weighs, at a fraction of the work.
	linked *distance
	held   []engine.CardID // the holder d was computed for
	d0     int32
	fresh  bool
	// costs[c*days+s] is costAt(s, c) for the holder, valid where
	// gen[c] == epoch: the cards weighed are few (the tops, the hand), and
	// each is weighed more than once a turn. least[c] is the least of
	// them, valid where weighed[c] == epoch (the draw piles' cards need
	// only that); a card's steps are counted once an epoch, when it is
	// first weighed either way.
	costs   []int32
	gen     []uint32
	least   []int32
	weighed []uint32
	epoch   uint32
}

// on reports whether b is a combined board whose maps the distance
// follows, setting the measure up for it.
func (c *cover) on(b *engine.Board) bool {
	if c.board != b {
		c.board, c.d, c.fresh = b, nil, false
		if b.NumMaps() > 1 && b.NumMaps() <= maxMaskMaps {
			c.d, c.linked = newDistance(b), newDistanceMaps(b, false)
			c.kn = newKnowledge(b, c.d)
		}
	}
	return c.d != nil
}

// learn takes in what the seat's view tells of where the cards are: the
// distance's costs (see knowledge).
func (c *cover) learn(v game.View) {
	c.kn.learn(v, c.d, v.Holder())
	c.fresh = false // the tables may be new: weigh the cards anew
}

// of is the distance of h, computing the tables unless h is the holder
// they were computed for.
func (c *cover) of(h []engine.CardID) int32 {
	if !c.fresh || !slices.Equal(c.held, h) {
		c.held = append(c.held[:0], h...)
		c.d0 = c.d.compute(c.held)
		c.fresh = true
		c.epoch++
		if n := len(h) * c.board.NumCards(); len(c.costs) != n {
			c.costs, c.gen = make([]int32, n), make([]uint32, c.board.NumCards())
			c.least, c.weighed = make([]int32, c.board.NumCards()), make([]uint32, c.board.NumCards())
		}
	}
	return c.d0
}

// at is costAt(s, card) for the holder of the last of.
func (c *cover) at(s int, card engine.CardID) int32 { return c.days(card)[s] }

// days is costAt of card on every day, for the holder of the last of.
func (c *cover) days(card engine.CardID) []int32 {
	n := len(c.held)
	row := c.costs[int(card)*n : int(card+1)*n]
	if c.gen[card] != c.epoch {
		c.weigh(card)
		c.d.fillCosts(card, row)
		c.gen[card] = c.epoch
	}
	return row
}

// weigh counts card's steps, the first time it is weighed this epoch (as
// costsAt counts them).
func (c *cover) weigh(card engine.CardID) {
	if c.weighed[card] != c.epoch {
		c.d.steps += int64(len(c.held) * c.d.k)
		c.least[card] = -1 // not known yet
		c.weighed[card] = c.epoch
	}
}

// cost is the distance reached with card at its best day.
func (c *cover) cost(card engine.CardID) int32 {
	c.weigh(card)
	if c.least[card] < 0 {
		if least, ok := c.d.leastCost(card); ok && c.gen[card] != c.epoch {
			c.least[card] = least
		} else {
			c.least[card] = slices.Min(c.days(card))
		}
	}
	return c.least[card]
}

// slotFor is the day (among open, nil: all) where card reaches the
// distance cost, with the most progress; and that progress.
func (c *cover) slotFor(rng *rand.Rand, g *Greedy, h []engine.CardID, card engine.CardID, cost int32, open func(int) bool) (int, int) {
	buf := g.scratch(h)
	return pick(rng, len(h), func(d int) int {
		if open != nil && !open(d) || c.at(d, card) != cost {
			return never
		}
		return g.progressWith(c.board, buf, d, card)
	})
}

// work is the distances' work (see counter).
func (c *cover) work() int64 {
	if c.d == nil {
		return 0
	}
	return c.d.steps + c.linked.steps
}

func (c *cover) fill(rng *rand.Rand, v game.View, card engine.CardID, g *Greedy) int {
	h := v.Holder()
	c.linked.compute(h)
	open := func(d int) bool { return h[d] == engine.NoCard }
	_, cost := c.linked.best(card, open)
	buf := g.scratch(h)
	slot, _ := pick(rng, len(h), func(d int) int {
		if !open(d) || c.linked.costAt(d, card) != cost {
			return never
		}
		return g.progressWith(c.board, buf, d, card)
	})
	return slot
}

func (c *cover) choose(rng *rand.Rand, v game.View, g *Greedy) game.Move {
	h := v.Holder()
	c.learn(v)
	d0 := c.of(h)
	best := inf + 1
	for k := range v.NumPiles() {
		best = min(best, c.cost(v.Top(k)))
	}
	if best < d0 || !v.CanDraw() {
		// Among the tops that do most good, the one that helps progress
		// most.
		pile, _ := pick(rng, v.NumPiles(), func(k int) int {
			t := v.Top(k)
			if c.cost(t) != best {
				return never
			}
			_, p := c.slotFor(rng, g, h, t, best, nil)
			return p
		})
		return game.Move{From: game.Source(pile)}
	}
	return game.Move{From: c.drawPile(v, d0)}
}

// drawPile is the draw pile whose top does most good on average over the
// cards it may be: the unseen cards of the box its back shows, region
// cards weighed and transport cards counted as no gain (weighing a
// transport on every day costs a greedy bot more than it tells).
func (c *cover) drawPile(v game.View, d0 int32) game.Source {
	if v.NumDraw() == 1 {
		return game.FromDraw
	}
	if c.unseen == nil {
		c.unseen = make([]int, c.board.NumCards())
	}
	best, bestGain := -1, -1.0
	for i := range v.NumDraw() {
		if !v.CanDrawFrom(i) {
			continue
		}
		n := unseenUnder(v, i, c.unseen)
		sum := 0
		for card, k := range c.unseen {
			if k > 0 && c.board.IsRegion(engine.CardID(card)) {
				sum += k * int(max(d0-c.cost(engine.CardID(card)), 0))
			}
		}
		g := 0.0
		if n > 0 {
			g = float64(sum) / float64(n)
		}
		if g > bestGain || g == bestGain && v.DrawPileSize(i) > v.DrawPileSize(best) {
			best, bestGain = i, g
		}
	}
	return game.DrawPile(best)
}

func (c *cover) place(rng *rand.Rand, v game.View, card engine.CardID, g *Greedy) game.Put {
	h := v.Holder()
	d0 := c.of(h) // with what Choose learnt this turn

	put := game.Put{Slot: -1, Pile: v.MustPile()}
	if cost := c.cost(card); cost <= d0 {
		// Keep it where it lowers the distance; at equal distance only
		// where progress rises (or, half the time, stays level, so that a
		// holder waiting for a card another seat keeps moves on).
		slot, p := c.slotFor(rng, g, h, card, cost, nil)
		if base := g.progress(c.board, h); cost < d0 || p > base || p == base && rng.IntN(2) == 0 {
			put.Slot = slot
		}
	}
	if put.Pile < 0 {
		// Cover the top this seat has least use for.
		put.Pile, _ = pick(rng, v.NumPiles(), func(k int) int { return int(c.cost(v.Top(k))) })
	}
	return put
}
