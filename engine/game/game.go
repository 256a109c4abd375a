// Package game plays the 10 Days games by the rulebooks: filling the
// holders one card at a time in turn order (or all at once, the first to
// fill starting, where the pack's rules say so: Europa Tour), the draw pile
// and three face-up discard piles (as many as the pack's rules say: five in
// Europa Tour; a combined edition's own: three draw piles and six face-up
// piles in 20 Days Around the World), a turn (take the draw pile's top or a discard top, then
// replace a slot or discard the card, never leaving a pile empty), the swap
// action, reshuffling all but the tops when the draw pile runs out, and the
// win checked at the end of each turn. Variants: the number of days (the
// pack's rules may give one for the number of players), swap on or off,
// open hands.
//
// Game is a state machine driven by calls (Place, Take, Put, Swap) that
// refuse illegal moves with an error a person can read, so that bots and
// a person at a terminal drive it the same way; Play runs a whole game with
// Players. Legal lists the moves the rules allow now, Decide turns a
// Player's choice into an Action, and a Position is a game as one seat
// knows it, from which FromPosition makes a game that seat cannot tell
// from the real one (a bot playing a seat away from the game). Randomness
// comes from the *rand.Rand a caller seeds. The package never prints; the
// bots are in engine/bot.
package game

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/mapdata"
)

// Source is where a turn's card comes from: a draw pile (FromDraw, or
// DrawPile(i)), or discard pile 0, 1, 2 ...
type Source int8

// FromDraw is the draw pile (the first draw pile where there are several).
const FromDraw Source = -1

// DrawPile is draw pile i (0-based).
func DrawPile(i int) Source { return Source(-1 - i) }

// Draw reports whether src is a draw pile, and which.
func (src Source) Draw() (int, bool) { return int(-1 - src), src < 0 }

// Piles is the number of face-up discard piles of a box; a combined pack
// says its own (engine.Board.FaceUp: six in 20 Days Around the World).
//
// A combined pack has several draw piles too (engine.Board.DrawPiles:
// three), each turning up its own face-up piles at the deal (face-up pile k
// from draw pile k*draws/piles). They are modelled apart, not as one pile:
// a player may draw from any of them, and sees which map's box each one's
// top card comes from (a tile's back shows it). When one runs out it is
// made anew (Config.Refill): by default from every card under the face-up
// tops, as each box reshuffles all its discards but the tops (the sheet of
// 20 Days Around the World says to play as in the single games); or, in
// the toolkit's earlier reading, from the cards under its own face-up
// piles only.
//
// Filling the holders of a combined game, a seat chooses which map's box
// to draw each card from (DrawFill): the sheet lets players take tiles of
// whichever game they like, the backs showing which is which. The cards
// left then make the draw piles, shuffled together.
const Piles = 3

// RefillRule is how an empty draw pile is made anew where there are
// several (combined games); with one draw pile both are the box's rule.
type RefillRule uint8

const (
	// RefillAll: from every card under the face-up tops, shuffled (each
	// box's rule, which the sheet of 20 Days Around the World points to).
	RefillAll RefillRule = iota
	// RefillOwn: from the cards under the pile's own face-up piles only
	// (the toolkit's earlier reading of the sheet, kept as an option).
	RefillOwn
)

// String is the rule's name on the command line and in JSON: "all" or
// "own".
func (r RefillRule) String() string {
	if r == RefillOwn {
		return "own"
	}
	return "all"
}

// ParseRefill reads a RefillRule by name ("all" or "own").
func ParseRefill(s string) (RefillRule, error) {
	switch s {
	case "all", "":
		return RefillAll, nil
	case "own":
		return RefillOwn, nil
	}
	return RefillAll, fmt.Errorf("unknown refill rule %q (want all or own)", s)
}

// SwapRule chooses whether the swap action is allowed.
type SwapRule uint8

const (
	SwapAsPack SwapRule = iota // as the edition's rules say (pack.rules.swap)
	SwapOn
	SwapOff
)

// Config is a game's variant.
type Config struct {
	Players   int
	Days      int // 0: the edition's (for this number of players, where its rules give one)
	Swap      SwapRule
	OpenHands bool
	// VariantPlayers allows more than BoxPlayers seats (5 or 6 holders,
	// which the box does not have; no more than MaxVariantPlayers): a
	// variant, to be marked as such in reports.
	VariantPlayers bool
	// Refill is how an empty draw pile of several is made anew.
	Refill RefillRule
}

// BoxPlayers is the most players the boxes are for (2–4); more is a
// variant (Config.VariantPlayers).
const BoxPlayers = 4

// MaxVariantPlayers is the most players the variant allows: 5 or 6.
const MaxVariantPlayers = 6

// VariantsOn is Variants for a game on board b: a refill rule matters
// only where there are several draw piles.
func (cfg Config) VariantsOn(b *engine.Board) []string {
	if b.DrawPiles() <= 1 {
		cfg.Refill = RefillAll
	}
	return cfg.Variants()
}

// Variants names the ways cfg departs from the box, for reports: "6
// players (the box is for 2–4)". Empty for a game as the box plays it.
func (cfg Config) Variants() []string {
	var out []string
	if cfg.Players > BoxPlayers {
		out = append(out, fmt.Sprintf("%d players (the box is for 2–%d)", cfg.Players, BoxPlayers))
	}
	if cfg.Refill == RefillOwn {
		out = append(out, "an empty draw pile is made anew from its own face-up piles only (the boxes use every discard)")
	}
	return out
}

// Phase is what the game waits for.
type Phase uint8

const (
	Filling  Phase = iota // the seat to move places Hand() in an open slot
	Choosing              // the seat to move takes a card (Take) or swaps (Swap)
	Placing               // the seat to move puts the taken card (Put)
	Over                  // someone won
)

// card is one physical card, an index into Game.kindOf.
type card uint16

const noCard card = 0xFFFF

// Turn records the last completed turn, for showing it to the others.
type Turn struct {
	Seat int
	// Swap: the seat swapped days I and J (0-based); nothing else moved.
	Swap bool
	I, J int
	From Source
	// Taken is the card taken (from the draw pile it is the taker's secret).
	Taken engine.CardID
	// FromMap is, on a combined board, the map whose box the card drawn
	// from a draw pile came from (its back shows it); -1 otherwise.
	FromMap int
	// Slot is the day replaced (0-based), or -1 when the card was discarded.
	Slot      int
	Discarded engine.CardID
	Pile      int
}

// Game is one game in progress.
type Game struct {
	board   *engine.Board
	days    int
	players int
	swap    bool
	open    bool
	rng     *rand.Rand

	kindOf []engine.CardID // physical card -> kind
	mapOf  []uint8         // physical card -> the map whose box it is from (combined boards; nil otherwise)
	fill   [][]card        // combined boards, during the fill: each map's cards, tops last
	known  []int8          // physical card -> the seat whose holder it is known to be in (taken face up and kept), or -1
	shown  []int32         // card kind -> the last turn a copy of it lay face up (0: the deal)
	refill RefillRule
	draws  [][]card          // the draw piles, tops last; during the fill the whole deck is draws[0] (one map)
	piles  [][]card          // the face-up piles, Board.FaceUp of them
	slots  [][]card          // [seat][day]
	kinds  [][]engine.CardID // the same as kinds, for checks and bots

	phase Phase
	seat  int
	hand  card
	// firstFill: everyone fills at once and the first to fill starts
	// (the pack's rules.start); left is each seat's cards still to place,
	// starter the seat that takes the first turn (-1 until known).
	firstFill  bool
	left       []int
	starter    int
	took       Source
	tookMap    int // the map of the card drawn this turn from a draw pile, or -1
	turns      int
	fillLeft   int
	winner     int
	reshuffles int
	last       Turn
}

// Error is a move the rules do not allow.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func illegal(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// New deals a game: it shuffles the deck with rng and waits for seat 0 to
// place its first card. It refuses a player count the deck cannot deal (each
// holder full and three face-up cards).
func New(b *engine.Board, cfg Config, rng *rand.Rand) (*Game, error) {
	if b == nil || rng == nil {
		return nil, errors.New("game: no board or no random source")
	}
	days := cfg.Days
	if days == 0 {
		days = b.Pack().Rules.DaysFor(cfg.Players, b.Days())
	}
	if days < 2 {
		return nil, fmt.Errorf("a journey of %d days is too short (at least 2)", days)
	}
	if cfg.Players < 2 {
		return nil, fmt.Errorf("%d players: the game needs at least 2", cfg.Players)
	}
	if cfg.Players > BoxPlayers && !cfg.VariantPlayers {
		return nil, fmt.Errorf("%d players: the box is for 2–%d; more players is a variant, which must be asked for (Config.VariantPlayers)", cfg.Players, BoxPlayers)
	}
	if cfg.Players > MaxVariantPlayers {
		return nil, fmt.Errorf("%d players: the box is for 2–%d, and the variant for %d or %d", cfg.Players, BoxPlayers, BoxPlayers+1, MaxVariantPlayers)
	}
	g := &Game{board: b, days: days, players: cfg.Players, open: cfg.OpenHands, rng: rng, winner: -1, hand: noCard, refill: cfg.Refill,
		firstFill: b.Pack().Rules.StartRule() == mapdata.StartFirstToFill, starter: -1}
	switch cfg.Swap {
	case SwapAsPack:
		g.swap = b.Pack().Rules.Swap
	case SwapOn:
		g.swap = true
	}
	for c := range b.NumCards() {
		for range b.Copies(engine.CardID(c)) {
			g.kindOf = append(g.kindOf, engine.CardID(c))
		}
	}
	g.piles = make([][]card, max(b.FaceUp(), 1))
	if need := cfg.Players*days + len(g.piles); len(g.kindOf) < need {
		return nil, fmt.Errorf("the deck holds %d cards, too few for %d players: %d holders of %d days and %d face-up cards need %d",
			len(g.kindOf), cfg.Players, cfg.Players, days, len(g.piles), need)
	}

	if len(g.kindOf) >= int(noCard) {
		return nil, fmt.Errorf("the deck holds %d cards, more than this engine deals", len(g.kindOf))
	}
	deck := make([]card, len(g.kindOf))
	for i := range deck {
		deck[i] = card(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	g.shown = make([]int32, b.NumCards())
	g.known = make([]int8, len(deck))
	for i := range g.known {
		g.known[i] = -1
	}
	g.draws = make([][]card, min(max(b.DrawPiles(), 1), len(g.piles)))
	if n := b.NumMaps(); n > 0 {
		// Each physical card's box, then one pile a box for the fill.
		g.mapOf = make([]uint8, len(g.kindOf))
		for i := 0; i < len(g.kindOf); {
			c := g.kindOf[i]
			for m, k := range b.CardMaps(c) {
				for range k {
					g.mapOf[i] = uint8(m)
					i++
				}
			}
		}
		g.fill = make([][]card, n)
		for _, c := range deck {
			g.fill[g.mapOf[c]] = append(g.fill[g.mapOf[c]], c)
		}
	} else {
		g.draws[0] = deck
	}
	g.slots = make([][]card, cfg.Players)
	g.kinds = make([][]engine.CardID, cfg.Players)
	for s := range cfg.Players {
		g.slots[s] = make([]card, days)
		g.kinds[s] = make([]engine.CardID, days)
		for d := range days {
			g.slots[s][d] = noCard
			g.kinds[s][d] = engine.NoCard
		}
	}
	g.fillLeft = cfg.Players * days
	g.left = make([]int, cfg.Players)
	for s := range g.left {
		g.left[s] = days
	}
	g.phase = Filling
	if g.firstFill {
		g.seat = g.nextFiller()
	}
	if g.fill == nil {
		g.hand = g.pop()
	}
	return g, nil
}

func (g *Game) pop() card { return g.popFrom(0) }

func (g *Game) popFrom(i int) card {
	d := g.draws[i]
	c := d[len(d)-1]
	g.draws[i] = d[:len(d)-1]
	return c
}

// group is the draw pile face-up pile k was turned up from.
func (g *Game) group(k int) int { return k * len(g.draws) / len(g.piles) }

// Board is the board the game is played on.
func (g *Game) Board() *engine.Board { return g.board }

// Phase is what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Seat is the seat to move (or the winner once the game is over).
func (g *Game) Seat() int { return g.seat }

// Players, Days: the game's size.
func (g *Game) Players() int { return g.players }
func (g *Game) Days() int    { return g.days }

// SwapAllowed reports whether the swap action is allowed in this game.
func (g *Game) SwapAllowed() bool { return g.swap }

// OpenHands reports whether holders are played face up.
func (g *Game) OpenHands() bool { return g.open }

// Turns is the number of turns completed (the fill is not a turn).
func (g *Game) Turns() int { return g.turns }

// Reshuffles counts the times the discards were shuffled into a new draw
// pile.
func (g *Game) Reshuffles() int { return g.reshuffles }

// Winner is the seat that won, or -1.
func (g *Game) Winner() int { return g.winner }

// LastTurn is the last completed turn.
func (g *Game) LastTurn() Turn { return g.last }

// Hand is the card the seat to move holds: drawn during the fill, or taken
// this turn. NoCard otherwise.
func (g *Game) Hand() engine.CardID { return g.kindAt(g.hand) }

func (g *Game) kindAt(c card) engine.CardID {
	if c == noCard {
		return engine.NoCard
	}
	return g.kindOf[c]
}

// Holder is a seat's cards by day (NoCard in slots still open during the
// fill). The slice is the game's: do not modify it.
func (g *Game) Holder(seat int) []engine.CardID { return g.kinds[seat] }

// Top is discard pile k's top card, NoCard when the pile is empty.
func (g *Game) Top(k int) engine.CardID {
	p := g.piles[k]
	if len(p) == 0 {
		return engine.NoCard
	}
	return g.kindOf[p[len(p)-1]]
}

// NumPiles is the number of face-up discard piles.
func (g *Game) NumPiles() int { return len(g.piles) }

// PileSize is the number of cards in discard pile k.
func (g *Game) PileSize(k int) int { return len(g.piles[k]) }

// DrawSize is the number of cards in the draw piles.
func (g *Game) DrawSize() int {
	n := 0
	for _, d := range g.draws {
		n += len(d)
	}
	return n
}

// NumDraw is the number of draw piles (1; three in a combined game).
func (g *Game) NumDraw() int { return len(g.draws) }

// DrawPileSize is the number of cards in draw pile i.
func (g *Game) DrawPileSize(i int) int { return len(g.draws[i]) }

// CanDraw reports whether some draw pile can give a card now.
func (g *Game) CanDraw() bool {
	for i := range g.draws {
		if g.CanDrawFrom(i) {
			return true
		}
	}
	return false
}

// CanDrawFrom reports whether draw pile i can give a card now: it holds
// one, or the face-up piles it is made anew from hold cards under their
// tops.
func (g *Game) CanDrawFrom(i int) bool {
	if i < 0 || i >= len(g.draws) || g.phase == Filling {
		return false
	}
	if len(g.draws[i]) > 0 {
		return true
	}
	for k, p := range g.piles {
		if len(p) > 1 && g.refillsFrom(i, k) {
			return true
		}
	}
	return false
}

// refillsFrom reports whether draw pile i is made anew from the cards
// under face-up pile k.
func (g *Game) refillsFrom(i, k int) bool { return g.refill == RefillAll || g.group(k) == i }

// Shown is the last turn (counting from 1; 0 for the deal) a copy of card
// c was laid face up, for every seat to see.
func (g *Game) Shown(c engine.CardID) int {
	if int(c) >= len(g.shown) {
		return 0
	}
	return int(g.shown[c])
}

// Refill is how an empty draw pile is made anew in this game.
func (g *Game) Refill() RefillRule { return g.refill }

// NumMaps is the number of member maps whose boxes the cards come from (0
// on a board of one map).
func (g *Game) NumMaps() int { return g.board.NumMaps() }

// TopMap is the map whose box draw pile i's top card comes from (its back
// shows it to everyone), or -1 when the pile is empty or the board has one
// map.
func (g *Game) TopMap(i int) int {
	if g.mapOf == nil || i < 0 || i >= len(g.draws) || len(g.draws[i]) == 0 {
		return -1
	}
	d := g.draws[i]
	return int(g.mapOf[d[len(d)-1]])
}

// MustPile is the discard pile the card put this turn must go on (the one
// emptied by taking its last card), or -1 when any pile will do.
func (g *Game) MustPile() int {
	if g.phase != Placing {
		return -1
	}
	for k, p := range g.piles {
		if len(p) == 0 {
			return k
		}
	}
	return -1
}

// OpenSlots lists the days still open during the fill.
func (g *Game) OpenSlots() []int {
	var out []int
	for d, c := range g.slots[g.seat] {
		if c == noCard {
			out = append(out, d)
		}
	}
	return out
}

// FillPiles is the number of piles a seat chooses from while filling its
// holder: one a member map on a combined board (the tiles' backs show their
// box), 0 where the fill draws from the one shuffled deck.
func (g *Game) FillPiles() int { return len(g.fill) }

// FillPileSize is the number of cards left in map m's fill pile.
func (g *Game) FillPileSize(m int) int {
	if m < 0 || m >= len(g.fill) {
		return 0
	}
	return len(g.fill[m])
}

// MustChooseFill reports whether the seat to move must choose a map's pile
// (DrawFill) before it holds a card to place.
func (g *Game) MustChooseFill() bool { return g.phase == Filling && g.hand == noCard }

// DrawFill draws the seat's next card of the fill from map m's pile
// (0-based, in the board's map order).
func (g *Game) DrawFill(m int) error {
	switch {
	case g.phase != Filling:
		return illegal("the holders are already filled")
	case g.hand != noCard:
		return illegal("you hold %s already: place it on an open day", g.board.Name(g.kindOf[g.hand]))
	case m < 0 || m >= len(g.fill):
		if len(g.fill) == 0 {
			return illegal("this game deals the fill from one pile: there is no map to choose")
		}
		return illegal("no map %d (1 to %d)", m+1, len(g.fill))
	case len(g.fill[m]) == 0:
		return illegal("no %s cards are left to draw: choose another map", g.board.Map(m).Name)
	}
	f := g.fill[m]
	g.hand = f[len(f)-1]
	g.fill[m] = f[:len(f)-1]
	return nil
}

// Place puts the seat's drawn card in an open day during the fill.
func (g *Game) Place(day int) error {
	if g.phase != Filling {
		return illegal("the holders are already filled")
	}
	if g.hand == noCard {
		return illegal("draw a card first: choose which map's pile to draw from (1 to %d)", len(g.fill))
	}
	if day < 0 || day >= g.days {
		return illegal("day %d does not exist (1 to %d)", day+1, g.days)
	}
	if g.slots[g.seat][day] != noCard {
		return illegal("day %d already holds %s: choose an open day", day+1, g.board.Name(g.kinds[g.seat][day]))
	}
	g.slots[g.seat][day] = g.hand
	g.kinds[g.seat][day] = g.kindOf[g.hand]
	g.hand = noCard
	g.fillLeft--
	g.left[g.seat]--
	if g.left[g.seat] == 0 && g.starter < 0 && g.firstFill {
		g.starter = g.seat
	}
	if g.fillLeft > 0 {
		g.seat = g.nextFiller()
		if g.fill == nil {
			g.hand = g.pop()
		}
		return nil
	}
	if g.fill != nil {
		// The cards left make the draw piles, shuffled together.
		var deck []card
		for _, f := range g.fill {
			deck = append(deck, f...)
		}
		g.fill = nil
		g.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		g.draws[0] = deck
	}
	if n := len(g.draws); n > 1 {
		// The cards left make the draw piles, cut in n.
		deck := g.draws[0]
		for i := n - 1; i >= 0; i-- {
			g.draws[i] = append([]card(nil), deck[i*len(deck)/n:(i+1)*len(deck)/n]...)
		}
	}
	for k := range g.piles {
		g.piles[k] = append(g.piles[k], g.popFrom(g.group(k)))
	}
	g.seat = max(g.starter, 0)
	g.starter = g.seat
	g.phase = Choosing
	return nil
}

// nextFiller is the seat that places the next card of the fill: the next
// seat in order; or, where everyone fills at once, whoever is quicker,
// which the toolkit takes for chance among the seats still filling (drawn
// from the game's random source, so a seed replays it).
func (g *Game) nextFiller() int {
	if !g.firstFill {
		return (g.seat + 1) % g.players
	}
	k := g.rng.IntN(g.fillLeftSeats())
	for s, n := range g.left {
		if n > 0 {
			if k == 0 {
				return s
			}
			k--
		}
	}
	return g.seat
}

// fillLeftSeats counts the seats still filling.
func (g *Game) fillLeftSeats() int {
	n := 0
	for _, l := range g.left {
		if l > 0 {
			n++
		}
	}
	return n
}

// FirstToFill reports whether everyone fills at once and the first to fill
// starts (the pack's rules.start); else the holders are filled in seat
// order and seat 1 starts.
func (g *Game) FirstToFill() bool { return g.firstFill }

// Starter is the seat that took (or takes) the first turn: known once a
// holder is full where the first to fill starts, else seat 0; -1 before.
func (g *Game) Starter() int {
	if !g.firstFill && g.phase != Filling {
		return 0
	}
	return g.starter
}

// Take takes the top of the draw pile or of a discard pile into the hand.
// Emptying the draw pile reshuffles the discards under the tops into a new
// one at once; so does drawing from an empty draw pile.
func (g *Game) Take(src Source) error {
	if g.phase != Choosing {
		return illegal("not the time to take a card")
	}
	switch {
	case src < 0:
		i, _ := src.Draw()
		if i >= len(g.draws) {
			return illegal("no draw pile %d (1 to %d)", i+1, len(g.draws))
		}
		if len(g.draws[i]) == 0 {
			g.reshuffle(i)
		}
		if len(g.draws[i]) == 0 {
			if len(g.draws) > 1 {
				return illegal("draw pile %d is empty and no discards lie under its face-up cards: take another pile", i+1)
			}
			return illegal("the draw pile is empty and no discards lie under the face-up cards: take a face-up card")
		}
		g.hand = g.popFrom(i)
		g.tookMap = -1
		if g.mapOf != nil {
			g.tookMap = int(g.mapOf[g.hand])
		}
		if len(g.draws[i]) == 0 {
			g.reshuffle(i)
		}
	case src >= 0 && int(src) < len(g.piles):
		p := g.piles[src]
		if len(p) == 0 {
			return illegal("discard pile %d is empty", src+1)
		}
		g.hand = p[len(p)-1]
		g.piles[src] = p[:len(p)-1]
		g.tookMap = -1
	default:
		return illegal("no such pile: %d", int(src)+1)
	}
	g.took = src
	g.phase = Placing
	return nil
}

// Put ends a turn: the taken card replaces day slot (0-based; -1 keeps the
// holder as it is) and the card that leaves goes face up on discard pile
// pile, which must be the emptied pile if there is one.
func (g *Game) Put(slot, pile int) error {
	if g.phase != Placing {
		return illegal("no card in hand to put")
	}
	if slot < -1 || slot >= g.days {
		return illegal("day %d does not exist (1 to %d)", slot+1, g.days)
	}
	if pile < 0 || pile >= len(g.piles) {
		return illegal("no discard pile %d (1 to %d)", pile+1, len(g.piles))
	}
	if must := g.MustPile(); must >= 0 && pile != must {
		return illegal("discard pile %d is empty: the discard must go there", must+1)
	}
	out := g.hand
	if slot >= 0 {
		out = g.slots[g.seat][slot]
		g.slots[g.seat][slot] = g.hand
		g.kinds[g.seat][slot] = g.kindOf[g.hand]
		// A card taken face up and kept is known to sit in this holder;
		// one drawn is this seat's secret.
		g.known[g.hand] = -1
		if g.took >= 0 {
			g.known[g.hand] = int8(g.seat)
		}
	}
	g.known[out] = -1
	g.shown[g.kindOf[out]] = int32(g.turns + 1)
	g.piles[pile] = append(g.piles[pile], out)
	g.last = Turn{Seat: g.seat, From: g.took, Taken: g.kindOf[g.hand], FromMap: g.tookMap, Slot: slot, Discarded: g.kindOf[out], Pile: pile}
	g.hand = noCard
	g.endTurn()
	return nil
}

// Swap is the whole turn of swapping two days of the holder (where the
// rules allow it).
func (g *Game) Swap(i, j int) error {
	if g.phase != Choosing {
		return illegal("not the time to swap")
	}
	if !g.swap {
		return illegal("this game has no swap action")
	}
	if i < 0 || j < 0 || i >= g.days || j >= g.days || i == j {
		return illegal("swap two different days between 1 and %d", g.days)
	}
	s, k := g.slots[g.seat], g.kinds[g.seat]
	s[i], s[j] = s[j], s[i]
	k[i], k[j] = k[j], k[i]
	g.last = Turn{Seat: g.seat, Swap: true, I: i, J: j, From: FromDraw, Taken: engine.NoCard, FromMap: -1, Slot: -1, Discarded: engine.NoCard, Pile: -1}
	g.endTurn()
	return nil
}

func (g *Game) endTurn() {
	g.turns++
	if g.board.Check(g.kinds[g.seat]).Valid {
		g.winner = g.seat
		g.phase = Over
		return
	}
	g.seat = (g.seat + 1) % g.players
	g.phase = Choosing
}

// reshuffle makes draw pile i anew of every discard but the tops of the
// face-up piles it is made from (all of them, or its own: Config.Refill).
func (g *Game) reshuffle(i int) {
	d := g.draws[i]
	for k, p := range g.piles {
		if len(p) > 1 && g.refillsFrom(i, k) {
			d = append(d, p[:len(p)-1]...)
			g.piles[k] = append(p[:0], p[len(p)-1])
		}
	}
	g.draws[i] = d
	if len(d) == 0 {
		return
	}
	g.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	g.reshuffles++
}

// Audit checks that every card of the deck is in exactly one place: the
// draw pile, a discard pile, a holder or the hand. It is for tests.
func (g *Game) Audit() error {
	seen := make([]int, len(g.kindOf))
	count := func(c card, where string) error {
		if c == noCard {
			return nil
		}
		if int(c) >= len(seen) {
			return fmt.Errorf("%s holds card %d, not of the deck", where, c)
		}
		seen[c]++
		return nil
	}
	for i, d := range g.draws {
		for _, c := range d {
			if err := count(c, fmt.Sprintf("draw pile %d", i+1)); err != nil {
				return err
			}
		}
	}
	for m, f := range g.fill {
		for _, c := range f {
			if err := count(c, fmt.Sprintf("map %d's fill pile", m+1)); err != nil {
				return err
			}
			if g.mapOf[c] != uint8(m) {
				return fmt.Errorf("card %d (%s) is in map %d's fill pile, but its box is map %d's", c, g.board.Name(g.kindOf[c]), m+1, g.mapOf[c]+1)
			}
		}
	}
	for k, p := range g.piles {
		for _, c := range p {
			if err := count(c, fmt.Sprintf("pile %d", k+1)); err != nil {
				return err
			}
		}
		if g.phase != Filling && g.phase != Placing && len(p) == 0 {
			return fmt.Errorf("pile %d is empty between turns", k+1)
		}
	}
	for s, h := range g.slots {
		for d, c := range h {
			if err := count(c, fmt.Sprintf("seat %d day %d", s+1, d+1)); err != nil {
				return err
			}
			if c != noCard && g.kinds[s][d] != g.kindOf[c] || c == noCard && g.kinds[s][d] != engine.NoCard {
				return fmt.Errorf("seat %d day %d: kind out of step with the card", s+1, d+1)
			}
			if c == noCard && g.phase != Filling {
				return fmt.Errorf("seat %d day %d is empty after the fill", s+1, d+1)
			}
			if c != noCard && g.known[c] >= 0 && int(g.known[c]) != s {
				return fmt.Errorf("seat %d day %d is known to be in seat %d's holder", s+1, d+1, g.known[c]+1)
			}
		}
	}
	if err := count(g.hand, "the hand"); err != nil {
		return err
	}
	for c, n := range seen {
		if n != 1 {
			return fmt.Errorf("card %d (%s) is in %d places", c, g.board.Name(g.kindOf[c]), n)
		}
	}
	return nil
}
