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
func (v View) TopMap(i int) int        { return v.g.TopMap(i) }
func (v View) FillPiles() int          { return len(v.g.fill) }
func (v View) FillPileSize(m int) int  { return v.g.FillPileSize(m) }
func (v View) Refill() RefillRule      { return v.g.refill }
func (v View) OpenHands() bool         { return v.g.open }

// Shown is the last turn a copy of card c lay face up (Game.Shown).
func (v View) Shown(c engine.CardID) int { return v.g.Shown(c) }

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
// closed hands, the others' holders, less the cards known to sit there
// (taken face up and kept: KnownHeld). It returns their number. Every
// discard was seen face up, so none is unseen.
func (v View) Unseen(counts []int) int { return v.unseen(-1, counts) }

// UnseenOfMap is Unseen limited to the cards of map m's box: what the top
// of a draw pile whose back shows map m may be.
func (v View) UnseenOfMap(m int, counts []int) int { return v.unseen(m, counts) }

func (v View) unseen(m int, counts []int) int {
	n := 0
	of := func(c card) bool { return m < 0 || v.g.mapOf == nil || int(v.g.mapOf[c]) == m }
	for _, d := range v.g.draws {
		for _, c := range d {
			if of(c) {
				counts[v.g.kindOf[c]]++
				n++
			}
		}
	}
	for _, f := range v.g.fill {
		for _, c := range f {
			if of(c) {
				counts[v.g.kindOf[c]]++
				n++
			}
		}
	}
	if !v.g.open {
		for s, h := range v.g.slots {
			if s == v.seat {
				continue
			}
			for _, c := range h {
				if c != noCard && v.g.known[c] < 0 && of(c) {
					counts[v.g.kindOf[c]]++
					n++
				}
			}
		}
	}
	// During the fill the cards still to be drawn for other seats are in
	// the draw pile already; the hand of another seat is unseen too.
	if v.g.hand != noCard && v.g.seat != v.seat && of(v.g.hand) {
		counts[v.g.kindOf[v.g.hand]]++
		n++
	}
	return n
}

// KnownHeld adds to counts the cards known to sit in the other seats'
// holders: taken from a face-up pile and kept (every seat saw it go), or
// every card of theirs with open hands. It returns their number.
func (v View) KnownHeld(counts []int) int {
	n := 0
	for s, h := range v.g.slots {
		if s == v.seat {
			continue
		}
		for _, c := range h {
			if c != noCard && (v.g.open || v.g.known[c] == int8(s)) {
				counts[v.g.kindOf[c]]++
				n++
			}
		}
	}
	return n
}

// Buried adds to counts the cards under the face-up tops (seen when they
// were discarded; they come back when a draw pile is made anew). It
// returns their number.
func (v View) Buried(counts []int) int {
	n := 0
	for _, p := range v.g.piles {
		for _, c := range p[:max(len(p)-1, 0)] {
			counts[v.g.kindOf[c]]++
			n++
		}
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

// FillChooser is a Player that chooses which map's pile to draw from while
// filling its holder on a combined board; a Player that is not one draws
// as DefaultFillPile says.
type FillChooser interface {
	// FillPile chooses a map (0-based) whose fill pile holds a card.
	FillPile(v View) int
}

// DefaultFillPile is the map a seat draws its next fill card from when it
// does not choose: the one whose box gave its holder fewest cards so far
// (the first among equals) that has a card left, so that its holder takes
// some of every map.
func DefaultFillPile(v View) int {
	g := v.g
	held := make([]int, len(g.fill))
	for _, c := range g.slots[v.seat] {
		if c != noCard {
			held[g.mapOf[c]]++
		}
	}
	best := -1
	for m := range g.fill {
		if len(g.fill[m]) > 0 && (best < 0 || held[m] < held[best]) {
			best = m
		}
	}
	return best
}

// FillChoice is the map whose pile p draws its next fill card from: its
// own choice when it is a FillChooser, else DefaultFillPile.
func FillChoice(p Player, v View) int {
	if fc, ok := p.(FillChooser); ok {
		return fc.FillPile(v)
	}
	return DefaultFillPile(v)
}

// FillStep plays one card of the fill for the seat to move with p: on a
// combined board it chooses a map's pile and draws, then it places the
// card.
func FillStep(g *Game, p Player) error {
	s := g.seat
	if g.MustChooseFill() {
		if err := g.DrawFill(FillChoice(p, g.ViewOf(s))); err != nil {
			return fmt.Errorf("seat %d, filling: %w", s+1, err)
		}
	}
	if err := g.Place(p.Fill(g.ViewOf(s), g.Hand())); err != nil {
		return fmt.Errorf("seat %d, filling: %w", s+1, err)
	}
	return nil
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
		if err := FillStep(g, players[g.seat]); err != nil {
			return Result{}, err
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

// Table is what every seat sees of the piles, for a page or a script (the
// studio's game JSON): each draw pile with the map its top card's back
// shows, the maps' piles while the holders are filled, and how an empty
// draw pile is made anew.
type Table struct {
	DrawPiles []DrawPileState `json:"drawPiles"`
	// FillPiles are the maps' piles a seat chooses from while filling its
	// holder on a combined board (none otherwise, or once filled).
	FillPiles []FillPileState `json:"fillPiles,omitempty"`
	// MustChooseFill: the seat to move chooses a fill pile before it holds
	// a card to place.
	MustChooseFill bool `json:"mustChooseFill"`
	// Refill: "all" (every discard under the face-up tops) or "own" (the
	// pile's own face-up piles).
	Refill string `json:"refill"`
}

// DrawPileState is one draw pile as every seat sees it.
type DrawPileState struct {
	Cards   int  `json:"cards"`
	CanDraw bool `json:"canDraw"`
	// TopMap and TopMapName: the member map whose box the top card comes
	// from, as its back shows (combined boards with cards in the pile).
	TopMap     string `json:"topMap,omitempty"`
	TopMapName string `json:"topMapName,omitempty"`
}

// FillPileState is one map's pile of the fill.
type FillPileState struct {
	Map   string `json:"map"`
	Name  string `json:"name"`
	Cards int    `json:"cards"`
}

// Table is the piles as every seat sees them.
func (g *Game) Table() Table {
	t := Table{MustChooseFill: g.MustChooseFill(), Refill: g.refill.String()}
	for i := range g.draws {
		d := DrawPileState{Cards: len(g.draws[i]), CanDraw: g.CanDrawFrom(i)}
		if m := g.TopMap(i); m >= 0 {
			d.TopMap, d.TopMapName = g.board.Map(m).ID, g.board.Map(m).Name
		}
		t.DrawPiles = append(t.DrawPiles, d)
	}
	for m, f := range g.fill {
		t.FillPiles = append(t.FillPiles, FillPileState{Map: g.board.Map(m).ID, Name: g.board.Map(m).Name, Cards: len(f)})
	}
	return t
}

// Table is the piles as every seat sees them (Game.Table).
func (v View) Table() Table { return v.g.Table() }
