package game

import (
	"fmt"
	"math/rand/v2"

	"github.com/tendays/tendays/engine"
)

// Position is a game as one seat knows it, as plain data: what every seat
// sees of the table, and the seat's own cards. A program that plays a seat
// away from the game (a bot in a browser, fed what a game server shows that
// seat) keeps one, and FromPosition makes from it a Game the seat cannot
// tell from the real one: every View of the seat answers the same, so the
// bots choose the same, and every move the real game allows it allows.
// The cards the seat has not seen stand in the places it cannot see (the
// draw piles, the others' holders) in an order of no meaning.
//
// Cards are kinds of the board's deck (engine.CardID) with the map whose
// box the copy is from (-1 on a board of one map).
type Position struct {
	Seat    int
	Players int
	Days    int
	Swap    bool
	Open    bool // holders are played face up
	Refill  RefillRule

	Phase      Phase
	ToMove     int // the seat to move (or the winner, once over)
	Turns      int
	Reshuffles int
	Winner     int

	// Holders are the cards of every seat by day (NoCard for an open day,
	// or for a card the seat does not know); Filled says which days hold a
	// card. The seat's own holder is whole; another's holds only the cards
	// taken face up and kept (Known), or every card with open hands.
	Holders [][]PosCard
	Filled  [][]bool
	// Known marks the days of every holder whose card every seat saw go
	// there (taken face up and kept).
	Known [][]bool

	// Hand is the card the seat to move holds (drawn during the fill, or
	// taken this turn): whole for the seat itself, or a card taken face up;
	// Kind NoCard when the seat cannot see it (Map still names the box its
	// back shows). HandHeld says whether there is one.
	Hand     PosCard
	HandHeld bool
	// Took is where the card in hand came from (the Placing phase), and
	// TookMap the box of a card drawn from a draw pile (-1 otherwise).
	Took    Source
	TookMap int

	// Piles are the face-up piles, every card of each (each was seen face
	// up), bottom first.
	Piles [][]PosCard
	// Draws are the draw piles: how many cards each holds and the map its
	// top card's back shows (-1: none, or a board of one map).
	Draws []DrawPosition
	// Fill is the number of cards left in each map's pile while the
	// holders are filled on a combined board (nil otherwise).
	Fill []int
	// Shown is, for every card of the deck, the last turn a copy lay face
	// up (Game.Shown).
	Shown []int
	// Last is the last completed turn (what every seat saw of it; the
	// card drawn is the drawer's: Kind NoCard for the others).
	Last Turn
}

// PosCard is a card of a Position: its kind, and the map whose box the copy
// comes from (-1 on a board of one map).
type PosCard struct {
	Kind engine.CardID
	Map  int
}

// noPosCard is an unknown or empty place.
var noPosCard = PosCard{Kind: engine.NoCard, Map: -1}

// DrawPosition is one draw pile as every seat sees it.
type DrawPosition struct {
	Cards  int
	TopMap int
}

func (g *Game) posCard(c card) PosCard {
	if c == noCard {
		return noPosCard
	}
	m := -1
	if g.mapOf != nil {
		m = int(g.mapOf[c])
	}
	return PosCard{Kind: g.kindOf[c], Map: m}
}

// PositionOf is the game as seat knows it.
func (g *Game) PositionOf(seat int) Position {
	p := Position{Seat: seat, Players: g.players, Days: g.days, Swap: g.swap, Open: g.open, Refill: g.refill,
		Phase: g.phase, ToMove: g.seat, Turns: g.turns, Reshuffles: g.reshuffles, Winner: g.winner,
		HandHeld: g.hand != noCard, Hand: noPosCard, Took: g.took, TookMap: g.tookMap, Last: g.last}
	for s, h := range g.slots {
		held := make([]PosCard, len(h))
		filled := make([]bool, len(h))
		known := make([]bool, len(h))
		for d, c := range h {
			held[d] = noPosCard
			filled[d] = c != noCard
			known[d] = c != noCard && int(g.known[c]) == s
			if c != noCard && (s == seat || g.open || known[d]) {
				held[d] = g.posCard(c)
			}
		}
		p.Holders = append(p.Holders, held)
		p.Filled = append(p.Filled, filled)
		p.Known = append(p.Known, known)
	}
	if g.hand != noCard {
		p.Hand = g.posCard(g.hand)
		if g.seat != seat && !(g.phase == Placing && g.took >= 0) {
			// Hidden, but its back shows its box.
			p.Hand.Kind = engine.NoCard
		}
	}
	if g.phase != Placing {
		p.Took, p.TookMap = FromDraw, -1
	}
	for _, pile := range g.piles {
		cards := make([]PosCard, len(pile))
		for i, c := range pile {
			cards[i] = g.posCard(c)
		}
		p.Piles = append(p.Piles, cards)
	}
	for i, d := range g.draws {
		p.Draws = append(p.Draws, DrawPosition{Cards: len(d), TopMap: g.TopMap(i)})
	}
	for _, f := range g.fill {
		p.Fill = append(p.Fill, len(f))
	}
	p.Shown = make([]int, len(g.shown))
	for c, t := range g.shown {
		p.Shown[c] = int(t)
	}
	if g.last.Seat != seat && !g.last.Swap {
		if _, fromDraw := g.last.From.Draw(); fromDraw && g.last.Slot >= 0 {
			p.Last.Taken = engine.NoCard // drawn and kept: the drawer's secret
		}
	}
	return p
}

// Config is the variant the position's game is played with.
func (p Position) Config() Config {
	cfg := Config{Players: p.Players, Days: p.Days, OpenHands: p.Open, Refill: p.Refill, VariantPlayers: p.Players > BoxPlayers, Swap: SwapOff}
	if p.Swap {
		cfg.Swap = SwapOn
	}
	return cfg
}

// FromPosition makes a game on b that p's seat cannot tell from the one p
// was taken from: the cards it has seen where it saw them, and the others
// (the deck less those) in the draw piles, the others' holders and hands,
// each of the box its place shows where the place shows one (a draw pile's
// top, a map's fill pile). rng draws the game's reshuffles from here on. A
// position no game could reach (more copies than the deck holds, sizes
// that do not add up to the deck) is refused.
func FromPosition(b *engine.Board, p Position, rng *rand.Rand) (*Game, error) {
	if b == nil || rng == nil {
		return nil, fmt.Errorf("game: no board or no random source")
	}
	faceUp, err := checkPosition(b, p)
	if err != nil {
		return nil, err
	}
	d, err := newPositionDeal(b, p, rng)
	if err != nil {
		return nil, err
	}
	if err := d.placeSeen(faceUp); err != nil {
		return nil, err
	}
	if err := d.placeUnseen(); err != nil {
		return nil, err
	}
	g := d.g
	g.shown = make([]int32, b.NumCards())
	for c, t := range p.Shown {
		g.shown[c] = int32(t)
	}
	for s := range p.Players {
		for _, c := range g.slots[s] {
			if c == noCard {
				g.fillLeft++
			}
		}
	}
	if err := g.Audit(); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	return g, nil
}

// checkPosition refuses a position whose sizes are not a game's on b, and
// gives the board's face-up piles.
func checkPosition(b *engine.Board, p Position) (faceUp int, err error) {
	if p.Players < 2 || p.Players > MaxVariantPlayers || p.Days < 2 || p.Seat < 0 || p.Seat >= p.Players ||
		p.ToMove < 0 || p.ToMove >= p.Players || len(p.Holders) != p.Players || len(p.Filled) != p.Players || len(p.Known) != p.Players {
		return 0, fmt.Errorf("position: %d players, %d days, seat %d, seat %d to move, %d holders: not a game", p.Players, p.Days, p.Seat+1, p.ToMove+1, len(p.Holders))
	}
	faceUp = max(b.FaceUp(), 1)
	if len(p.Piles) != faceUp || len(p.Draws) != min(max(b.DrawPiles(), 1), faceUp) || len(p.Shown) != b.NumCards() {
		return 0, fmt.Errorf("position: %d face-up piles, %d draw piles and %d cards shown, where the board has %d, %d and %d",
			len(p.Piles), len(p.Draws), len(p.Shown), faceUp, min(max(b.DrawPiles(), 1), faceUp), b.NumCards())
	}
	return faceUp, nil
}

// positionDeal is FromPosition's work: the game being made, and the
// physical cards not placed yet, first by kind and box (free: those the
// seat saw go where it saw them), then by box alone (unseen: the rest,
// for the places the seat cannot see).
type positionDeal struct {
	b      *engine.Board
	p      Position
	g      *Game
	maps   int
	free   [][][]card // [kind][box]
	unseen [][]card   // [box]
}

// newPositionDeal numbers the physical cards as New does (kind by kind,
// each kind's copies box by box), every one of them free.
func newPositionDeal(b *engine.Board, p Position, rng *rand.Rand) (*positionDeal, error) {
	g := &Game{board: b, days: p.Days, players: p.Players, swap: p.Swap, open: p.Open, rng: rng, refill: p.Refill,
		phase: p.Phase, seat: p.ToMove, turns: p.Turns, reshuffles: p.Reshuffles, winner: p.Winner, hand: noCard,
		took: p.Took, tookMap: p.TookMap, last: p.Last}
	for c := range b.NumCards() {
		for range b.Copies(engine.CardID(c)) {
			g.kindOf = append(g.kindOf, engine.CardID(c))
		}
	}
	if len(g.kindOf) >= int(noCard) {
		return nil, fmt.Errorf("the deck holds %d cards, more than this engine deals", len(g.kindOf))
	}
	d := &positionDeal{b: b, p: p, g: g, maps: b.NumMaps()}
	if d.maps > 0 {
		g.mapOf = make([]uint8, len(g.kindOf))
		for i := 0; i < len(g.kindOf); {
			for m, k := range b.CardMaps(g.kindOf[i]) {
				for range k {
					g.mapOf[i] = uint8(m)
					i++
				}
			}
		}
	}
	d.free = make([][][]card, b.NumCards())
	for c := range d.free {
		d.free[c] = make([][]card, max(d.maps, 1))
	}
	for i := len(g.kindOf) - 1; i >= 0; i-- {
		m := 0
		if g.mapOf != nil {
			m = int(g.mapOf[i])
		}
		d.free[g.kindOf[i]][m] = append(d.free[g.kindOf[i]][m], card(i))
	}
	return d, nil
}

// box is the pool a card of map m is taken from.
func (d *positionDeal) box(m int) int {
	if d.maps == 0 {
		return 0
	}
	return m
}

// take takes a free copy of the card pc for the place where.
func (d *positionDeal) take(pc PosCard, where string) (card, error) {
	b := d.b
	if int(pc.Kind) >= b.NumCards() {
		return noCard, fmt.Errorf("position: %s holds card %d, not of the deck", where, pc.Kind)
	}
	if d.maps > 0 && (pc.Map < 0 || pc.Map >= d.maps) || d.maps == 0 && pc.Map != -1 {
		return noCard, fmt.Errorf("position: %s holds %s of map %d, which the board has not", where, b.Name(pc.Kind), pc.Map)
	}
	pool := d.free[pc.Kind][d.box(pc.Map)]
	if len(pool) == 0 {
		return noCard, fmt.Errorf("position: %s holds %s, but every copy of it is elsewhere", where, b.Name(pc.Kind))
	}
	c := pool[len(pool)-1]
	d.free[pc.Kind][d.box(pc.Map)] = pool[:len(pool)-1]
	return c, nil
}

// placeSeen puts the cards the seat has seen where it saw them: the
// holders' shown days, the face-up piles, the hand when shown.
func (d *positionDeal) placeSeen(faceUp int) error {
	g, p := d.g, d.p
	g.known = make([]int8, len(g.kindOf))
	for i := range g.known {
		g.known[i] = -1
	}
	g.slots = make([][]card, p.Players)
	g.kinds = make([][]engine.CardID, p.Players)
	for s := range p.Players {
		if err := d.placeHolder(s); err != nil {
			return err
		}
	}
	g.piles = make([][]card, faceUp)
	for k, pile := range p.Piles {
		for i, pc := range pile {
			c, err := d.take(pc, fmt.Sprintf("face-up pile %d card %d", k+1, i+1))
			if err != nil {
				return err
			}
			g.piles[k] = append(g.piles[k], c)
		}
	}
	if p.HandHeld && p.Hand.Kind != engine.NoCard {
		c, err := d.take(p.Hand, "the hand")
		if err != nil {
			return err
		}
		g.hand = c
	}
	return nil
}

// placeHolder puts the cards of seat s's holder that the position shows.
func (d *positionDeal) placeHolder(s int) error {
	g, p := d.g, d.p
	if len(p.Holders[s]) != p.Days || len(p.Filled[s]) != p.Days || len(p.Known[s]) != p.Days {
		return fmt.Errorf("position: seat %d's holder has %d days, not %d", s+1, len(p.Holders[s]), p.Days)
	}
	g.slots[s] = make([]card, p.Days)
	g.kinds[s] = make([]engine.CardID, p.Days)
	for day := range p.Days {
		g.slots[s][day], g.kinds[s][day] = noCard, engine.NoCard
		pc := p.Holders[s][day]
		if pc.Kind == engine.NoCard {
			if p.Filled[s][day] && (s == p.Seat || p.Open || p.Known[s][day]) {
				return fmt.Errorf("position: seat %d day %d holds a card the position should show", s+1, day+1)
			}
			continue
		}
		if !p.Filled[s][day] {
			return fmt.Errorf("position: seat %d day %d holds a card but is open", s+1, day+1)
		}
		c, err := d.take(pc, fmt.Sprintf("seat %d day %d", s+1, day+1))
		if err != nil {
			return err
		}
		g.slots[s][day], g.kinds[s][day] = c, pc.Kind
		if p.Known[s][day] {
			g.known[c] = int8(s)
		}
	}
	return nil
}

// takeUnseen takes an unseen card of box m (m < 0: of any box, the
// fullest first, so that the boxes a place needs stay) for the place
// where.
func (d *positionDeal) takeUnseen(m int, where string) (card, error) {
	if m < 0 || d.maps == 0 {
		best := -1
		for i := range d.unseen {
			if len(d.unseen[i]) > 0 && (best < 0 || len(d.unseen[i]) > len(d.unseen[best])) {
				best = i
			}
		}
		if best < 0 {
			return noCard, fmt.Errorf("position: no card is left for %s", where)
		}
		m = best
	}
	if m >= len(d.unseen) || len(d.unseen[m]) == 0 {
		return noCard, fmt.Errorf("position: no card of map %d is left for %s", m, where)
	}
	u := d.unseen[m]
	c := u[len(u)-1]
	d.unseen[m] = u[:len(u)-1]
	return c, nil
}

// placeUnseen deals the cards the seat has not seen into the places it
// cannot see, those that show their box first (the maps' fill piles, the
// draw piles' tops, the hand of the seat to move), then the others'
// hidden days and the draw piles; every card must find a place.
func (d *positionDeal) placeUnseen() error {
	g, p := d.g, d.p
	d.unseen = make([][]card, max(d.maps, 1))
	for _, byMap := range d.free {
		for m, pool := range byMap {
			d.unseen[m] = append(d.unseen[m], pool...)
		}
	}
	if p.Fill != nil {
		if len(p.Fill) != d.maps {
			return fmt.Errorf("position: %d fill piles on a board of %d maps", len(p.Fill), d.maps)
		}
		g.fill = make([][]card, d.maps)
		for m, n := range p.Fill {
			for range n {
				c, err := d.takeUnseen(m, fmt.Sprintf("map %d's fill pile", m+1))
				if err != nil {
					return err
				}
				g.fill[m] = append(g.fill[m], c)
			}
		}
	}
	tops := make([]card, len(p.Draws))
	for i, dp := range p.Draws {
		tops[i] = noCard
		if dp.Cards > 0 && dp.TopMap >= 0 {
			c, err := d.takeUnseen(dp.TopMap, fmt.Sprintf("draw pile %d's top", i+1))
			if err != nil {
				return err
			}
			tops[i] = c
		}
	}
	if p.HandHeld && g.hand == noCard {
		c, err := d.takeUnseen(p.Hand.Map, "the hand of the seat to move")
		if err != nil {
			return err
		}
		g.hand = c
	}
	for s := range p.Players {
		for day := range p.Days {
			if p.Filled[s][day] && g.slots[s][day] == noCard {
				c, err := d.takeUnseen(-1, fmt.Sprintf("seat %d day %d", s+1, day+1))
				if err != nil {
					return err
				}
				g.slots[s][day], g.kinds[s][day] = c, g.kindOf[c]
			}
		}
	}
	g.draws = make([][]card, len(p.Draws))
	for i, dp := range p.Draws {
		n := dp.Cards
		if tops[i] != noCard {
			n--
		}
		for range n {
			c, err := d.takeUnseen(-1, fmt.Sprintf("draw pile %d", i+1))
			if err != nil {
				return err
			}
			g.draws[i] = append(g.draws[i], c)
		}
		if tops[i] != noCard {
			g.draws[i] = append(g.draws[i], tops[i])
		}
	}
	for _, u := range d.unseen {
		if len(u) > 0 {
			return fmt.Errorf("position: %d card(s) of the deck are in no place", len(u))
		}
	}
	return nil
}

// DrawCards lists draw pile i's cards, its top last: what only a game's
// master knows (a server checking what it sends, a test).
func (g *Game) DrawCards(i int) []engine.CardID {
	if i < 0 || i >= len(g.draws) {
		return nil
	}
	out := make([]engine.CardID, len(g.draws[i]))
	for k, c := range g.draws[i] {
		out[k] = g.kindOf[c]
	}
	return out
}
