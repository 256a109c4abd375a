package game_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// snapshot is everything a player can see of a game, and more: what a
// refused move must leave exactly as it was.
type snapshot struct {
	phase                      game.Phase
	seat, turns, winner, draws int
	hand                       engine.CardID
	holders                    [][]engine.CardID
	piles                      [game.Piles]int
	tops                       [game.Piles]engine.CardID
}

func snap(g *game.Game) snapshot {
	s := snapshot{phase: g.Phase(), seat: g.Seat(), turns: g.Turns(), winner: g.Winner(), draws: g.DrawSize(), hand: g.Hand()}
	for seat := range g.Players() {
		s.holders = append(s.holders, slices.Clone(g.Holder(seat)))
	}
	for k := range game.Piles {
		s.piles[k] = g.PileSize(k)
		if s.piles[k] > 0 {
			s.tops[k] = g.Top(k)
		}
	}
	return s
}

func (s snapshot) equal(o snapshot) bool {
	if s.phase != o.phase || s.seat != o.seat || s.turns != o.turns || s.winner != o.winner ||
		s.draws != o.draws || s.hand != o.hand || s.piles != o.piles || s.tops != o.tops {
		return false
	}
	for i := range s.holders {
		if !slices.Equal(s.holders[i], o.holders[i]) {
			return false
		}
	}
	return true
}

// TestRandomGamesKeepEveryCard plays random games by random calls, legal or
// not: places, takes, puts and swaps with any day, pile or source, in any
// phase. After every call each card of the deck is in exactly one place,
// and a call the rules refuse changes nothing at all.
func TestRandomGamesKeepEveryCard(t *testing.T) {
	packs := []*mapdata.Pack{packtest.Grid(), packtest.Europe(), packtest.USA()}
	boards := make([]*engine.Board, len(packs))
	for i, p := range packs {
		b, err := engine.Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		boards[i] = b
	}
	var games, reshuffled, won int
	rapid.Check(t, func(t *rapid.T) {
		b := boards[rapid.IntRange(0, len(boards)-1).Draw(t, "pack")]
		cfg := game.Config{
			Players:   rapid.IntRange(2, 4).Draw(t, "players"),
			Days:      rapid.SampledFrom([]int{0, 3, 5}).Draw(t, "days"),
			Swap:      rapid.SampledFrom([]game.SwapRule{game.SwapAsPack, game.SwapOn, game.SwapOff}).Draw(t, "swap"),
			OpenHands: rapid.Bool().Draw(t, "open hands"),
		}
		g, err := game.New(b, cfg, rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1)))
		if err != nil {
			t.Skip(err) // a deck too small for the variant
		}
		if err := g.Audit(); err != nil {
			t.Fatalf("after the deal: %v", err)
		}
		days := g.Days()
		for step := 0; step < 1500 && g.Phase() != game.Over; step++ {
			before := snap(g)
			var err error
			if rapid.IntRange(0, 3).Draw(t, "legal") > 0 {
				err = legalMove(t, g) // mostly a move the rules allow, so games go on
			} else {
				err = anyCall(t, g, days)
			}
			if aerr := g.Audit(); aerr != nil {
				t.Fatalf("step %d (error %v): %v", step, err, aerr)
			}
			if err != nil {
				if _, ok := err.(*game.Error); !ok {
					t.Fatalf("step %d: a refusal of type %T: %v", step, err, err)
				}
				if !snap(g).equal(before) {
					t.Fatalf("step %d: the refused call (%v) changed the game", step, err)
				}
			}
		}
		if w := g.Winner(); w >= 0 && !b.Check(g.Holder(w)).Valid {
			t.Fatalf("seat %d won with an invalid journey", w)
		}
		games++
		if g.Reshuffles() > 0 {
			reshuffled++
		}
		if g.Winner() >= 0 {
			won++
		}
	})
	t.Logf("%d games: %d reshuffled the discards, %d were won", games, reshuffled, won)
	if reshuffled == 0 || won == 0 {
		t.Errorf("no game reshuffled or none was won: the random play does not reach the rules that move many cards")
	}
}

// anyCall makes one call with any arguments, in whatever phase the game is.
func anyCall(t *rapid.T, g *game.Game, days int) error {
	switch rapid.IntRange(0, 3).Draw(t, "call") {
	case 0:
		return g.Place(rapid.IntRange(-1, days).Draw(t, "place day"))
	case 1:
		return g.Take(game.Source(rapid.IntRange(-2, game.Piles).Draw(t, "take from")))
	case 2:
		return g.Put(rapid.IntRange(-2, days).Draw(t, "put slot"), rapid.IntRange(-1, game.Piles).Draw(t, "put pile"))
	default:
		return g.Swap(rapid.IntRange(-1, days).Draw(t, "swap i"), rapid.IntRange(-1, days).Draw(t, "swap j"))
	}
}

// legalMove makes a random move the rules allow in the present phase.
func legalMove(t *rapid.T, g *game.Game) error {
	switch g.Phase() {
	case game.Filling:
		return g.Place(rapid.SampledFrom(g.OpenSlots()).Draw(t, "open day"))
	case game.Choosing:
		if g.SwapAllowed() && rapid.IntRange(0, 9).Draw(t, "swap?") == 0 {
			i := rapid.IntRange(0, g.Days()-1).Draw(t, "swap day")
			return g.Swap(i, (i+1)%g.Days())
		}
		src := game.FromDraw
		if !g.CanDraw() || rapid.Bool().Draw(t, "face up?") {
			src = game.Source(rapid.IntRange(0, game.Piles-1).Draw(t, "pile"))
		}
		return g.Take(src)
	case game.Placing:
		pile := g.MustPile()
		if pile < 0 {
			pile = rapid.IntRange(0, game.Piles-1).Draw(t, "discard pile")
		}
		return g.Put(rapid.IntRange(-1, g.Days()-1).Draw(t, "slot"), pile)
	}
	return nil
}
