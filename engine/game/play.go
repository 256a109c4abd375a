package game

import (
	"fmt"

	"github.com/tendays/tendays/engine"
)

// View is what one seat may see of a game: its own holder, the tops, the
// pile sizes, the others' holders only with open hands, and (with perfect
// memory of every discard) which cards it has not seen.
type View struct {
	g    *Game
	seat int
}

// ViewOf is seat's view of g.
func (g *Game) ViewOf(seat int) View { return View{g: g, seat: seat} }

func (v View) Board() *engine.Board    { return v.g.board }
func (v View) Seat() int               { return v.seat }
func (v View) Players() int            { return v.g.players }
func (v View) Days() int               { return v.g.days }
func (v View) SwapAllowed() bool       { return v.g.swap }
func (v View) CanDraw() bool           { return v.g.CanDraw() }
func (v View) DrawSize() int           { return v.g.DrawSize() }
func (v View) NumDraw() int            { return len(v.g.draws) }
func (v View) DrawPileSize(i int) int  { return len(v.g.draws[i]) }
func (v View) CanDrawFrom(i int) bool  { return v.g.CanDrawFrom(i) }
func (v View) MustPile() int           { return v.g.MustPile() }
func (v View) Top(k int) engine.CardID { return v.g.Top(k) }
func (v View) NumPiles() int           { return len(v.g.piles) }
func (v View) Turns() int              { return v.g.turns }

// Holder is the seat's own cards by day. Do not modify it.
func (v View) Holder() []engine.CardID { return v.g.kinds[v.seat] }

// HolderOf is another seat's holder when hands are open (or the seat's
// own), nil otherwise.
func (v View) HolderOf(seat int) []engine.CardID {
	if seat == v.seat || v.g.open {
		return v.g.kinds[seat]
	}
	return nil
}

// Unseen adds to counts (indexed by CardID, as long as the board's cards)
// the cards this seat has not seen and could draw: the draw pile and, with
// closed hands, the others' holders. It returns their number. Every discard
// was seen face up, so none is unseen.
func (v View) Unseen(counts []int) int {
	n := 0
	for _, d := range v.g.draws {
		for _, c := range d {
			counts[v.g.kindOf[c]]++
			n++
		}
	}
	if !v.g.open {
		for s, h := range v.g.slots {
			if s == v.seat {
				continue
			}
			for _, c := range h {
				if c != noCard {
					counts[v.g.kindOf[c]]++
					n++
				}
			}
		}
	}
	// During the fill the cards still to be drawn for other seats are in
	// the draw pile already; the hand of another seat is unseen too.
	if v.g.hand != noCard && v.g.seat != v.seat {
		counts[v.g.kindOf[v.g.hand]]++
		n++
	}
	return n
}

// Move is a turn's first decision: take from From, or (Swap) swap days I
// and J, which is the whole turn.
type Move struct {
	Swap bool
	I, J int
	From Source
}

// Put is a turn's second decision: the day the taken card replaces (-1:
// discard the taken card itself) and the pile the leaving card goes on.
type Put struct {
	Slot, Pile int
}

// Player decides for one seat. Each call gets the seat's view; card is the
// card in hand.
type Player interface {
	// Fill chooses an open day (0-based) for a card drawn during the fill.
	Fill(v View, card engine.CardID) int
	// Choose decides where to take a card from, or to swap.
	Choose(v View) Move
	// Place decides what to do with the card taken.
	Place(v View, card engine.CardID) Put
}

// Result is how a game ended.
type Result struct {
	Winner     int // -1: stalled at the turn cap
	Turns      int
	Journey    []engine.CardID // the winning holder
	Reshuffles int
}

// Play runs g to its end with one Player a seat, stopping after turnCap
// turns (0: no cap). An illegal move from a Player is an error naming the
// seat.
func Play(g *Game, players []Player, turnCap int) (Result, error) {
	if len(players) != g.players {
		return Result{}, fmt.Errorf("%d players for %d seats", len(players), g.players)
	}
	for g.phase == Filling {
		s := g.seat
		if err := g.Place(players[s].Fill(g.ViewOf(s), g.Hand())); err != nil {
			return Result{}, fmt.Errorf("seat %d, filling: %w", s+1, err)
		}
	}
	for g.phase != Over && (turnCap <= 0 || g.turns < turnCap) {
		if err := Step(g, players[g.seat]); err != nil {
			return Result{}, err
		}
	}
	r := Result{Winner: g.winner, Turns: g.turns, Reshuffles: g.reshuffles}
	if g.winner >= 0 {
		r.Journey = append([]engine.CardID(nil), g.kinds[g.winner]...)
	}
	return r, nil
}

// Step plays one turn of the seat to move with p.
func Step(g *Game, p Player) error {
	s := g.seat
	m := p.Choose(g.ViewOf(s))
	if m.Swap {
		if err := g.Swap(m.I, m.J); err != nil {
			return fmt.Errorf("seat %d, turn %d: %w", s+1, g.turns+1, err)
		}
		return nil
	}
	if err := g.Take(m.From); err != nil {
		return fmt.Errorf("seat %d, turn %d: %w", s+1, g.turns+1, err)
	}
	put := p.Place(g.ViewOf(s), g.Hand())
	if err := g.Put(put.Slot, put.Pile); err != nil {
		return fmt.Errorf("seat %d, turn %d: %w", s+1, g.turns+1, err)
	}
	return nil
}
