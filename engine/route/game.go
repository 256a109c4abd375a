package route

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// Phase is where a game is.
type Phase int

const (
	PhaseLay      Phase = iota // play a company card and lay its cube
	PhaseStations              // act at the ends of the route just built
	PhasePurchase              // one of the five purchase options
	PhaseOffer                 // reveal a card as a share
	PhaseFinal                 // the final public offering: keep one of two cards
	PhaseOver
)

var phaseNames = [...]string{"lay", "stations", "purchase", "offer", "final", "over"}

func (p Phase) String() string { return phaseNames[p] }

// Player is one seat's holdings.
type Player struct {
	Hand      []int // company cards in hand, by company
	Shares    []int // company cards in front of the player, by company
	Money     int
	Transfers int
	Goods     []int // commodity tokens, by commodity
	Gold      []int // Gold token values, face down
	Passenger []int // passenger ticket indexes
	Freight   []int // freight ticket indexes
}

func (p *Player) clone() Player {
	return Player{Hand: slices.Clone(p.Hand), Shares: slices.Clone(p.Shares), Money: p.Money, Transfers: p.Transfers,
		Goods: slices.Clone(p.Goods), Gold: slices.Clone(p.Gold), Passenger: slices.Clone(p.Passenger), Freight: slices.Clone(p.Freight)}
}

// HandSize counts the cards in a hand.
func (p *Player) HandSize() int { return sum(p.Hand) }

// Game is one game in progress. Its fields are public for bots and tests
// to read; change it only through Apply.
type Game struct {
	B       *Board
	Setup   mapdata.PlayerSetup
	Players []Player
	Seat    int // the player on turn (in PhaseFinal: the first who has not chosen)
	Round   int // 0-based
	Phase   Phase

	Deck     []int // company cards, drawn from the end
	Discard  []int // by company
	Box      []int // by company: returned at setup and unchosen at the end
	Cubes    [][]bool
	CubeN    []int    // cubes on the board, by company
	Reach    [][]bool // company -> station touched by its network, or home
	Station  []Token  // the token on each station
	PDeck    []int
	FDeck    []int
	GoldPile []int

	// The final public offering is simultaneous: Chosen[s] tells whether
	// seat s has placed its card face down (public); which card it is stays
	// sealed until every seat has chosen, then all are revealed together and
	// Kept[s] is the card seat s kept (-1: its hand was empty).
	Chosen []bool
	Kept   []int
	sealed []int

	Played  int   // the company card played this turn (-1: none yet)
	Pending []int // stations still to act at this turn
	Turns   int   // turns completed
	Actions int   // actions applied

	rng   *rand.Rand
	exact bool // the setup deals the deck out exactly, so hand sizes are known
}

// NewGame sets up a game for a player count with a seed: company cards
// returned to the box, the station tokens shuffled onto the stations, the
// decks and the Gold tokens shuffled, hands dealt.
func NewGame(b *Board, players int, seed uint64) (*Game, error) {
	setup := b.Pack.Setup(players)
	if setup == nil {
		return nil, fmt.Errorf("the pack has no setup for %d players (it has %s)", players, intList(b.Players()))
	}
	g := &Game{B: b, Setup: *setup, rng: rand.New(rand.NewPCG(seed, 0x41637573)), Played: -1}
	nc, nk := b.Companies, b.Commodities
	g.Discard = make([]int, nc)
	g.Box = make([]int, nc)
	g.CubeN = make([]int, nc)
	g.Cubes = make([][]bool, len(b.Routes))
	for i := range g.Cubes {
		g.Cubes[i] = make([]bool, nc)
	}
	counts := make([]int, nc)
	for i, c := range b.Pack.Companies {
		counts[i] = c.Cards
	}
	for _, r := range setup.Removed {
		c := b.Pack.Company(r.Company)
		if c < 0 {
			return nil, fmt.Errorf("the %d-player setup removes cards of unknown company %q", players, r.Company)
		}
		n := min(r.Count, counts[c])
		counts[c] -= n
		g.Box[c] += n
	}
	for c, n := range counts {
		for range n {
			g.Deck = append(g.Deck, c)
		}
	}
	g.rng.Shuffle(len(g.Deck), func(i, j int) { g.Deck[i], g.Deck[j] = g.Deck[j], g.Deck[i] })
	g.exact = len(g.Deck) == players*b.Rules.Hand+players*(setup.Rounds-1)*b.Rules.Draw
	// Station tokens: face down onto the spaces.
	tokens := slices.Clone(b.Tokens)
	g.rng.Shuffle(len(tokens), func(i, j int) { tokens[i], tokens[j] = tokens[j], tokens[i] })
	g.Station = make([]Token, len(b.Pack.Stations))
	next := 0
	for i, s := range b.Pack.Stations {
		g.Station[i] = Token{Company: -1, Commodity: -1}
		if s.Space && next < len(tokens) {
			g.Station[i] = tokens[next]
			next++
		}
	}
	g.Reach = make([][]bool, nc)
	for c := range g.Reach {
		g.Reach[c] = make([]bool, len(b.Pack.Stations))
	}
	for i, t := range g.Station {
		if t.Kind == mapdata.TokenHome {
			g.Reach[t.Company][i] = true
		}
	}
	g.PDeck = shuffled(g.rng, len(b.Passenger))
	g.FDeck = shuffled(g.rng, len(b.Freight))
	g.GoldPile = slices.Clone(b.Gold)
	g.rng.Shuffle(len(g.GoldPile), func(i, j int) { g.GoldPile[i], g.GoldPile[j] = g.GoldPile[j], g.GoldPile[i] })
	g.Chosen = make([]bool, players)
	g.sealed = slices.Repeat([]int{-1}, players)
	g.Players = make([]Player, players)
	for i := range g.Players {
		g.Players[i] = Player{Hand: make([]int, nc), Shares: make([]int, nc), Goods: make([]int, nk), Money: b.Rules.StartMoney}
	}
	for range b.Rules.Hand {
		for i := range g.Players {
			g.draw(i)
		}
	}
	return g, nil
}

func shuffled(r *rand.Rand, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	r.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func intList(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func (g *Game) draw(seat int) bool {
	if len(g.Deck) == 0 {
		return false
	}
	c := g.Deck[len(g.Deck)-1]
	g.Deck = g.Deck[:len(g.Deck)-1]
	g.Players[seat].Hand[c]++
	return true
}

// Clone copies a game; the copy's random source continues from seed.
func (g *Game) Clone(seed uint64) *Game {
	c := *g
	c.Players = make([]Player, len(g.Players))
	for i := range g.Players {
		c.Players[i] = g.Players[i].clone()
	}
	c.Deck, c.Discard, c.Box, c.CubeN = slices.Clone(g.Deck), slices.Clone(g.Discard), slices.Clone(g.Box), slices.Clone(g.CubeN)
	c.Cubes = make([][]bool, len(g.Cubes))
	for i := range g.Cubes {
		c.Cubes[i] = slices.Clone(g.Cubes[i])
	}
	c.Reach = make([][]bool, len(g.Reach))
	for i := range g.Reach {
		c.Reach[i] = slices.Clone(g.Reach[i])
	}
	c.PDeck, c.FDeck, c.GoldPile = slices.Clone(g.PDeck), slices.Clone(g.FDeck), slices.Clone(g.GoldPile)
	c.Pending = slices.Clone(g.Pending)
	c.Chosen, c.Kept, c.sealed = slices.Clone(g.Chosen), slices.Clone(g.Kept), slices.Clone(g.sealed)
	c.rng = rand.New(rand.NewPCG(seed, 0x636c6f6e65))
	return &c
}

// Redeal shuffles what a player on turn cannot see (the company deck, the
// ticket decks, the Gold pile) with the game's own random source, so that a
// bot looking ahead on a clone does not peek at the order of the real ones.
func (g *Game) Redeal() {
	for _, s := range [][]int{g.Deck, g.PDeck, g.FDeck, g.GoldPile} {
		g.rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	}
}

// View is the game as seat may see it when it is that seat's move. In the
// final public offering the others' sealed choices, and whether they have
// chosen at all, are taken out of a copy, so that what a seat sees does not
// depend on what the others chose nor on the order they chose in. At any
// other time it is the game itself (the bots are trusted to read only what
// a player may know; see Bot).
func (g *Game) View(seat int) *Game {
	if g.Phase != PhaseFinal {
		return g
	}
	v := g.Clone(0)
	for s := range v.Chosen {
		if s != seat && v.Chosen[s] {
			v.Chosen[s], v.sealed[s] = false, -1
			v.Actions--
		}
	}
	v.Seat = seat
	return v
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Phase == PhaseOver }

// LastRound reports whether the round in play is the last.
func (g *Game) LastRound() bool { return g.Round >= g.Setup.Rounds-1 }
