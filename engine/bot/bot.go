// Package bot holds the computer players of engine/game, all behind
// game.Player: random (any legal move), greedy (the move that most raises
// the board's journey-progress measure) and strong (the fewest cards from a
// valid journey, looking ahead over the face-up tops and the odds of the
// draw pile).
//
// Bots see only their seat's game.View. Each has its own seeded random
// source for breaking ties, so a game's moves depend on its seed alone. It
// holds no turn flow (engine/game) and no simulation (engine/sim).
//
// On a combined board of four maps the greedy and strong bots' distance
// runs its rows through AVX2 kernels (vector_amd64.s) where the machine
// has them; the loops of distance.go give the same tables everywhere else
// (build tag purego to use them here too).
package bot

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// Names lists the bots New knows, weakest first.
func Names() []string { return []string{"random", "greedy", "strong"} }

// New makes a bot by name; rng breaks its ties.
func New(name string, rng *rand.Rand) (game.Player, error) {
	switch strings.ToLower(name) {
	case "random":
		return &Random{rng: rng}, nil
	case "greedy":
		return &Greedy{rng: rng}, nil
	case "strong":
		return &Strong{rng: rng}, nil
	}
	return nil, fmt.Errorf("unknown bot %q (want %s)", name, strings.Join(Names(), ", "))
}

// Random makes any legal move, uniformly.
type Random struct{ rng *rand.Rand }

func (r *Random) Fill(v game.View, _ engine.CardID) int {
	var open []int
	for d, c := range v.Holder() {
		if c == engine.NoCard {
			open = append(open, d)
		}
	}
	return open[r.rng.IntN(len(open))]
}

func (r *Random) Choose(v game.View) game.Move {
	if v.SwapAllowed() && r.rng.IntN(10) == 0 {
		i := r.rng.IntN(v.Days())
		j := (i + 1 + r.rng.IntN(v.Days()-1)) % v.Days()
		return game.Move{Swap: true, I: i, J: j}
	}
	k := r.rng.IntN(v.NumPiles() + 1)
	if k == v.NumPiles() && v.CanDraw() {
		if v.NumDraw() > 1 {
			// Any draw pile that can give a card.
			var open []int
			for i := range v.NumDraw() {
				if v.CanDrawFrom(i) {
					open = append(open, i)
				}
			}
			return game.Move{From: game.DrawPile(open[r.rng.IntN(len(open))])}
		}
		return game.Move{From: game.FromDraw}
	}
	return game.Move{From: game.Source(k % v.NumPiles())}
}

func (r *Random) Place(v game.View, _ engine.CardID) game.Put {
	pile := v.MustPile()
	if pile < 0 {
		pile = r.rng.IntN(v.NumPiles())
	}
	return game.Put{Slot: r.rng.IntN(v.Days()+1) - 1, Pile: pile}
}

// drawFrom is the draw pile a bot draws from: the one draw pile of a box;
// of several (a combined game), the fullest that can give a card (first
// among equals). Every unseen card may lie in any of them, so none draws
// better; the fullest keeps the piles even and puts off the reshuffles.
func drawFrom(v game.View) game.Source {
	if v.NumDraw() == 1 {
		return game.FromDraw
	}
	best, size := 0, -1
	for i := range v.NumDraw() {
		if v.CanDrawFrom(i) && v.DrawPileSize(i) > size {
			best, size = i, v.DrawPileSize(i)
		}
	}
	return game.DrawPile(best)
}

// pick returns the index of the best of n scores (higher is better),
// breaking ties uniformly with rng.
// never scores a choice that must not be picked: below any progress (which
// is negative on a combined board short of maps).
const never = math.MinInt32

func pick(rng *rand.Rand, n int, score func(i int) int) (best, bestScore int) {
	ties := 0
	for i := range n {
		s := score(i)
		switch {
		case ties == 0 || s > bestScore:
			best, bestScore, ties = i, s, 1
		case s == bestScore:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best, bestScore
}

// counter counts a bot's work in steps: a day of a holder weighed by the
// journey-progress measure, a cell of the distance's programme (a region,
// a map mask, a day) filled or read, counted as the programme of k masks
// a cell counts it however few the distance holds or computes (see
// distance.steps, knowledge.learn). The steps depend on the moves alone:
// the same game gives the same work, so a budget of work sizes a
// simulation reproducibly, where one of time would not (engine/sim sums
// it, the doctor sizes its games by it).
type counter struct{ steps int64 }

// progress is b.Progress(h), counted.
func (c *counter) progress(b *engine.Board, h []engine.CardID) int {
	c.steps += int64(len(h))
	return b.Progress(h)
}

// progressWith is the journey-progress of buf with day d holding card
// (buf is restored), counted.
func (c *counter) progressWith(b *engine.Board, buf []engine.CardID, d int, card engine.CardID) int {
	old := buf[d]
	buf[d] = card
	p := c.progress(b, buf)
	buf[d] = old
	return p
}
