package jsengine

import (
	"fmt"
	"strconv"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// State is a game as boardgame.io keeps it (its G): plain JSON, with the
// public table, each seat's own cards under Players, and the seed under
// Secret. Hiding it from a seat is dropping Secret and every other seat's
// Players entry; nothing else in it is secret.
type State struct {
	Edition string  `json:"edition"`
	Options Options `json:"options"`
	// Secret is the game's seed: the deal and every reshuffle replay from
	// it, so the draw piles' order is held nowhere. Only the game's master
	// has it.
	Secret *Secret `json:"secret,omitempty"`
	// Phase: "deal" (set up, not dealt), "filling", "choosing",
	// "placing" or "over".
	Phase      string `json:"phase"`
	ToMove     int    `json:"toMove"`
	Turns      int    `json:"turns"`
	Reshuffles int    `json:"reshuffles"`
	Winner     int    `json:"winner"`
	// Stalled: no one won within the turn cap (the game is over).
	Stalled bool `json:"stalled"`
	// Moves are every seat's actions in order, in their short forms
	// (game.Action.String): with the seed they replay the game (a game log
	// for `tendays play --replay`).
	Moves   []string       `json:"moves"`
	Table   *Table         `json:"table,omitempty"`
	Seats   []Seat         `json:"seats,omitempty"`
	Players map[string]Own `json:"players"`
	// Journey is the winning journey, explained, once someone won.
	Journey *engine.VerdictReport `json:"journey,omitempty"`
}

// Options are a game's variant as asked; Swap is resolved (the edition's
// rule unless asked otherwise).
type Options struct {
	Players   int    `json:"players"`
	Days      int    `json:"days"`
	Swap      bool   `json:"swap"`
	OpenHands bool   `json:"openHands"`
	Refill    string `json:"refill"`
	TurnCap   int    `json:"turnCap"`
}

// Secret is what only the master of a game holds.
type Secret struct {
	Seed string `json:"seed"`
}

// Table is what every seat sees of the piles.
type Table struct {
	// Piles are the face-up piles, bottom first (every card of them was
	// seen face up).
	Piles []Cards `json:"piles"`
	Draws []Draw  `json:"draws"`
	// Fill are the maps' piles while the holders are filled on a combined
	// board.
	Fill []FillPile `json:"fill,omitempty"`
	// MustPile is the face-up pile the discard must go on (-1: any).
	MustPile       int  `json:"mustPile"`
	MustChooseFill bool `json:"mustChooseFill"`
	// Hand is the card the seat to move holds, as every seat sees it: its
	// token when it was taken face up, null when hidden (the seat's own
	// Players entry has it), and the box its back shows.
	Hand *Card `json:"hand,omitempty"`
	// Took is where the card in hand came from (placing): -1 a draw pile
	// (Draw names it), else a face-up pile.
	Took *Took `json:"took,omitempty"`
	// Shown is, for each card a copy of which has lain face up, the last
	// turn it did (0: the deal).
	Shown map[string]int `json:"shown"`
	Last  *Last          `json:"last,omitempty"`
}

// Cards is a row of cards: their tokens (null: unknown or an empty day)
// and, on a combined board, the map whose box each copy is from.
type Cards struct {
	Cards []*string `json:"cards"`
	Maps  []string  `json:"maps,omitempty"`
}

// Card is one card: its token (null when hidden) and its box's map.
type Card struct {
	Card *string `json:"card"`
	Map  string  `json:"map,omitempty"`
}

// Draw is a draw pile: how many cards, whether it can give one now (a
// reshuffle may make it anew), and the map its top card's back shows.
type Draw struct {
	Cards   int    `json:"cards"`
	CanDraw bool   `json:"canDraw"`
	TopMap  string `json:"topMap,omitempty"`
}

// FillPile is one map's pile of the fill.
type FillPile struct {
	Map   string `json:"map"`
	Cards int    `json:"cards"`
}

// Took is where the card in hand came from.
type Took struct {
	From int    `json:"from"`
	Draw int    `json:"draw"`
	Map  string `json:"map,omitempty"` // a card drawn: its box
}

// Last is the last turn as every seat saw it; Taken is null for a card
// drawn and kept (the drawer's own).
type Last struct {
	Seat      int     `json:"seat"`
	Swap      bool    `json:"swap"`
	I         int     `json:"i"`
	J         int     `json:"j"`
	From      int     `json:"from"`
	Draw      int     `json:"draw"`
	FromMap   string  `json:"fromMap,omitempty"`
	Taken     *string `json:"taken"`
	Slot      int     `json:"slot"`
	Discarded *string `json:"discarded"`
	Pile      int     `json:"pile"`
}

// Seat is one seat as every seat sees it: the days that hold a card, the
// days whose card every seat saw go there (taken face up and kept), and
// the cards it may see: those, or every card with open hands.
type Seat struct {
	Filled []bool `json:"filled"`
	Known  []bool `json:"known"`
	Shown  Cards  `json:"shown"`
}

// Own is what only a seat sees: its holder by day (null: an open day) and
// the card in its hand, each with its box's map on a combined board.
type Own struct {
	Holder     []*string `json:"holder"`
	HolderMaps []string  `json:"holderMaps,omitempty"`
	Hand       *Card     `json:"hand,omitempty"`
}

// phaseNames are the engine's phases as a State names them.
var phaseNames = map[game.Phase]string{game.Filling: "filling", game.Choosing: "choosing", game.Placing: "placing", game.Over: "over"}

func (e *Engine) token(c engine.CardID) *string {
	if c == engine.NoCard {
		return nil
	}
	s := e.board.Card(c).Token
	return &s
}

func (e *Engine) mapID(m int) string {
	if m < 0 || m >= e.board.NumMaps() {
		return ""
	}
	return e.board.Map(m).ID
}

func (e *Engine) cards(row []game.PosCard) Cards {
	out := Cards{Cards: make([]*string, len(row))}
	combined := e.board.NumMaps() > 0
	if combined {
		out.Maps = make([]string, len(row))
	}
	for i, pc := range row {
		out.Cards[i] = e.token(pc.Kind)
		if combined && pc.Kind != engine.NoCard {
			out.Maps[i] = e.mapID(pc.Map)
		}
	}
	return out
}

// state is the State of g: the public part and every seat's own, with
// the seed when seed is set.
func (e *Engine) state(g *game.Game, opts Options, seed string, moves []string) *State {
	pub := g.PositionOf(-1)
	st := &State{Edition: e.board.Pack().Edition.ID, Options: opts, Phase: phaseNames[pub.Phase], ToMove: pub.ToMove, Turns: pub.Turns,
		Reshuffles: pub.Reshuffles, Winner: pub.Winner, Moves: moves, Players: map[string]Own{}}
	if st.Moves == nil {
		st.Moves = []string{}
	}
	if seed != "" {
		st.Secret = &Secret{Seed: seed}
	}
	if opts.TurnCap > 0 && pub.Phase == game.Choosing && pub.Turns >= opts.TurnCap {
		st.Phase, st.Stalled = "over", true
	}
	t := &Table{MustPile: g.MustPile(), MustChooseFill: g.MustChooseFill(), Shown: map[string]int{}}
	for _, p := range pub.Piles {
		t.Piles = append(t.Piles, e.cards(p))
	}
	for i, d := range pub.Draws {
		t.Draws = append(t.Draws, Draw{Cards: d.Cards, CanDraw: g.CanDrawFrom(i), TopMap: e.mapID(d.TopMap)})
	}
	for m, n := range pub.Fill {
		t.Fill = append(t.Fill, FillPile{Map: e.mapID(m), Cards: n})
	}
	if pub.HandHeld {
		t.Hand = &Card{Card: e.token(pub.Hand.Kind), Map: e.mapID(pub.Hand.Map)}
	}
	if pub.Phase == game.Placing {
		from, draw := int(pub.Took), 0
		if d, ok := pub.Took.Draw(); ok {
			from, draw = -1, d
		}
		t.Took = &Took{From: from, Draw: draw, Map: e.mapID(pub.TookMap)}
	}
	for c, turn := range pub.Shown {
		// 0 is the deal (or never): only the cards face up since are listed.
		if turn > 0 {
			t.Shown[*e.token(engine.CardID(c))] = turn
		}
	}
	if g.Turns() > 0 {
		l := pub.Last
		last := &Last{Seat: l.Seat, Swap: l.Swap, I: l.I, J: l.J, From: int(l.From), FromMap: e.mapID(l.FromMap), Taken: e.token(l.Taken),
			Slot: l.Slot, Discarded: e.token(l.Discarded), Pile: l.Pile}
		if d, ok := l.From.Draw(); ok {
			last.From, last.Draw = -1, d
		}
		t.Last = last
	}
	st.Table = t
	for s := range pub.Players {
		st.Seats = append(st.Seats, Seat{Filled: pub.Filled[s], Known: pub.Known[s], Shown: e.cards(pub.Holders[s])})
		own := g.PositionOf(s)
		mine := e.cards(own.Holders[s])
		o := Own{Holder: mine.Cards, HolderMaps: mine.Maps}
		if own.HandHeld && s == pub.ToMove && pub.Phase != game.Over {
			o.Hand = &Card{Card: e.token(own.Hand.Kind), Map: e.mapID(own.Hand.Map)}
		}
		st.Players[strconv.Itoa(s)] = o
	}
	if w := g.Winner(); w >= 0 {
		h := g.Holder(w)
		r := e.board.Report(h, e.board.Check(h))
		st.Journey = &r
	}
	return st
}

// position is the game of st as seat knows it: st may be the master's or
// seat's view (the other seats' Players dropped).
func (e *Engine) position(st *State, seat int) (game.Position, error) {
	b := e.board
	if st.Table == nil || st.Phase == "deal" {
		return game.Position{}, fmt.Errorf("the game is not dealt yet")
	}
	if st.Edition != b.Pack().Edition.ID {
		return game.Position{}, fmt.Errorf("a game of edition %q, not %q", st.Edition, b.Pack().Edition.ID)
	}
	n := st.Options.Players
	if seat < 0 || seat >= n || len(st.Seats) != n {
		return game.Position{}, fmt.Errorf("seat %d: the game has %d seats", seat, n)
	}
	refill, err := game.ParseRefill(st.Options.Refill)
	if err != nil {
		return game.Position{}, err
	}
	phase, ok := map[string]game.Phase{"filling": game.Filling, "choosing": game.Choosing, "placing": game.Placing, "over": game.Over}[st.Phase]
	if !ok {
		return game.Position{}, fmt.Errorf("phase %q is not one of the game's", st.Phase)
	}
	if st.Stalled {
		phase = game.Choosing
	}
	p := game.Position{Seat: seat, Players: n, Days: st.Options.Days, Swap: st.Options.Swap, Open: st.Options.OpenHands, Refill: refill,
		Phase: phase, ToMove: st.ToMove, Turns: st.Turns, Reshuffles: st.Reshuffles, Winner: st.Winner, Took: game.FromDraw, TookMap: -1}
	var perr error
	card := func(tok *string, m string, where string) game.PosCard {
		pc := game.PosCard{Kind: engine.NoCard, Map: -1}
		if b.NumMaps() > 0 && m != "" {
			pc.Map = e.mapIndex(m)
			if pc.Map < 0 && perr == nil {
				perr = fmt.Errorf("%s: no map %q", where, m)
			}
		}
		if tok == nil {
			return pc
		}
		c, err := b.Lookup(*tok)
		if err != nil && perr == nil {
			perr = fmt.Errorf("%s: %w", where, err)
		}
		pc.Kind = c
		return pc
	}
	row := func(cs Cards, where string) []game.PosCard {
		out := make([]game.PosCard, len(cs.Cards))
		for i, tok := range cs.Cards {
			m := ""
			if i < len(cs.Maps) {
				m = cs.Maps[i]
			}
			out[i] = card(tok, m, fmt.Sprintf("%s card %d", where, i+1))
		}
		return out
	}
	own, hasOwn := st.Players[strconv.Itoa(seat)]
	if !hasOwn {
		return game.Position{}, fmt.Errorf("the state holds no cards of seat %d (a view of another seat?)", seat)
	}
	for s, se := range st.Seats {
		p.Filled = append(p.Filled, se.Filled)
		p.Known = append(p.Known, se.Known)
		if s == seat {
			p.Holders = append(p.Holders, row(Cards{Cards: own.Holder, Maps: own.HolderMaps}, "your holder"))
			continue
		}
		p.Holders = append(p.Holders, row(se.Shown, fmt.Sprintf("seat %d", s+1)))
	}
	t := st.Table
	if t.Hand != nil {
		p.HandHeld = true
		p.Hand = card(t.Hand.Card, t.Hand.Map, "the hand")
		if t.Hand.Card == nil && st.ToMove == seat && own.Hand != nil {
			p.Hand = card(own.Hand.Card, own.Hand.Map, "your hand")
		}
	}
	if t.Took != nil {
		p.Took, p.TookMap = game.Source(t.Took.From), e.mapIndex(t.Took.Map)
		if t.Took.From < 0 {
			p.Took = game.DrawPile(t.Took.Draw)
		}
	}
	for k, pile := range t.Piles {
		p.Piles = append(p.Piles, row(pile, fmt.Sprintf("face-up pile %d", k+1)))
	}
	for _, d := range t.Draws {
		p.Draws = append(p.Draws, game.DrawPosition{Cards: d.Cards, TopMap: e.mapIndex(d.TopMap)})
	}
	if t.Fill != nil {
		p.Fill = make([]int, len(t.Fill))
		for _, f := range t.Fill {
			if m := e.mapIndex(f.Map); m >= 0 && m < len(p.Fill) {
				p.Fill[m] = f.Cards
			}
		}
	}
	p.Shown = make([]int, b.NumCards())
	for tok, turn := range t.Shown {
		c, err := b.Lookup(tok)
		if err != nil || int(c) >= len(p.Shown) {
			return game.Position{}, fmt.Errorf("shown: %q is no card of the deck", tok)
		}
		p.Shown[c] = turn
	}
	if l := t.Last; l != nil {
		p.Last = game.Turn{Seat: l.Seat, Swap: l.Swap, I: l.I, J: l.J, From: game.Source(l.From), FromMap: e.mapIndex(l.FromMap),
			Taken: card(l.Taken, "", "the last turn").Kind, Slot: l.Slot, Discarded: card(l.Discarded, "", "the last turn").Kind, Pile: l.Pile}
		if l.From < 0 {
			p.Last.From = game.DrawPile(l.Draw)
		}
	}
	return p, perr
}

func (e *Engine) mapIndex(id string) int {
	for m := range e.board.NumMaps() {
		if e.board.Map(m).ID == id {
			return m
		}
	}
	return -1
}

// ViewOf is st as seat sees it (boardgame.io's playerView): without the
// seed and without the other seats' own cards. A spectator (seat -1) sees
// no seat's own cards.
func (st *State) ViewOf(seat int) *State {
	v := *st
	v.Secret = nil
	v.Players = map[string]Own{}
	if own, ok := st.Players[strconv.Itoa(seat)]; ok && seat >= 0 {
		v.Players[strconv.Itoa(seat)] = own
	}
	return &v
}
