// Package route plays Across the United States on a route-network pack
// (kind network): setup by player count, the four phases of a turn (route
// laying with its placement rules and station actions, purchase, public
// offering, replenishment), the final public offering and scoring in the
// rulebook's five steps, with the invariants that hold after every action.
// Bots and simulation are in this package too (bot.go, sim.go).
//
// It reads a pack only; it never needs geometry, and it never prints.
package route

import (
	"fmt"

	"github.com/tendays/tendays/mapdata"
)

// Token is what a station space holds for a game.
type Token struct {
	Kind      string // a mapdata.Token* kind; "" for a station without a space
	Company   int    // home: its company
	Commodity int    // commodity: its commodity, -1 for any
}

// Board is a pack compiled for play: stations, routes and tickets by index.
type Board struct {
	Pack        *mapdata.NetworkPack
	Routes      [][2]int // station indexes
	Touch       [][]int  // station -> routes at it
	Tokens      []Token  // the station token mix, one per token
	Passenger   []PassengerTicket
	Freight     []FreightTicket
	Gold        []int // one value per Gold token
	Companies   int
	Commodities int
	Rules       mapdata.NetworkRules
}

// PassengerTicket joins stations A and B for Points.
type PassengerTicket struct {
	A, B   int
	Points int
}

// FreightTicket wants Need[c] tokens of each commodity c for Points.
type FreightTicket struct {
	Need   []int
	Points int
}

// Compile checks that a pack can be played and indexes it. Its errors name
// the pack's place (a JSON pointer) and what is wrong.
func Compile(p *mapdata.NetworkPack) (*Board, error) {
	b := &Board{Pack: p, Companies: len(p.Companies), Commodities: len(p.Commodities), Rules: p.Rules}
	if b.Companies == 0 {
		return nil, fmt.Errorf("/companies: a network pack needs at least one company")
	}
	if len(p.Rules.ShareDivisors) == 0 || p.Rules.MoneyPerPoint <= 0 {
		return nil, fmt.Errorf("/rules: shareDivisors and moneyPerPoint must be set")
	}
	for _, d := range p.Rules.ShareDivisors {
		if d <= 0 {
			return nil, fmt.Errorf("/rules/shareDivisors: divisors must be positive")
		}
	}
	if err := checkCounts(p); err != nil {
		return nil, err
	}
	index := map[string]int{}
	for i, s := range p.Stations {
		index[s.ID] = i
	}
	b.Touch = make([][]int, len(p.Stations))
	for i, r := range p.Routes {
		a, okA := index[r.A]
		c, okC := index[r.B]
		if !okA || !okC {
			return nil, fmt.Errorf("/routes/%d: route %s–%s names a station the pack does not have", i, r.A, r.B)
		}
		if a == c {
			return nil, fmt.Errorf("/routes/%d: route joins %s to itself", i, r.A)
		}
		b.Touch[a] = append(b.Touch[a], len(b.Routes))
		b.Touch[c] = append(b.Touch[c], len(b.Routes))
		b.Routes = append(b.Routes, [2]int{a, c})
	}
	for i, t := range p.Tokens {
		tok := Token{Kind: t.Kind, Company: -1, Commodity: -1}
		switch t.Kind {
		case mapdata.TokenHome:
			tok.Company = p.Company(t.Company)
			if tok.Company < 0 {
				return nil, fmt.Errorf("/tokens/%d: home token of unknown company %q", i, t.Company)
			}
		case mapdata.TokenCommodity:
			if t.Commodity != "" {
				tok.Commodity = p.Commodity(t.Commodity)
				if tok.Commodity < 0 {
					return nil, fmt.Errorf("/tokens/%d: commodity token of unknown commodity %q", i, t.Commodity)
				}
			}
		case mapdata.TokenFreeStock, mapdata.TokenMoney, mapdata.TokenTicket:
		default:
			return nil, fmt.Errorf("/tokens/%d: unknown token kind %q", i, t.Kind)
		}
		for range t.Count {
			b.Tokens = append(b.Tokens, tok)
		}
	}
	if spaces := p.Spaces(); len(b.Tokens) != spaces {
		return nil, fmt.Errorf("/tokens: the token mix has %d station tokens for %d station spaces", len(b.Tokens), spaces)
	}
	for i, t := range p.Passenger {
		a, okA := index[t.A]
		c, okC := index[t.B]
		if !okA || !okC {
			return nil, fmt.Errorf("/passengerTickets/%d: ticket %s names a station the pack does not have", i, t.ID)
		}
		b.Passenger = append(b.Passenger, PassengerTicket{A: a, B: c, Points: t.Points})
	}
	for i, t := range p.Freight {
		need := make([]int, b.Commodities)
		for _, id := range t.Commodities {
			c := p.Commodity(id)
			if c < 0 {
				return nil, fmt.Errorf("/freightTickets/%d: ticket %s names unknown commodity %q", i, t.ID, id)
			}
			need[c]++
		}
		b.Freight = append(b.Freight, FreightTicket{Need: need, Points: t.Points})
	}
	for _, g := range p.Gold {
		for range g.Count {
			b.Gold = append(b.Gold, g.Points)
		}
	}
	return b, nil
}

// checkCounts refuses a pack whose counted contents (station tokens, gold,
// company cards) hold more than mapdata.MaxDeckCards items of one kind,
// before any of them is laid out one by one.
func checkCounts(p *mapdata.NetworkPack) error {
	sum := func(ptr, what string, n int, count func(i int) int) error {
		total := 0
		for i := range n {
			c := count(i)
			if c < 0 {
				return fmt.Errorf("%s/%d: a negative count of %s", ptr, i, what)
			}
			total = mapdata.SatAdd(total, c)
		}
		if total > mapdata.MaxDeckCards {
			return fmt.Errorf("%s: %d %s, more than the %d this engine lays out", ptr, total, what, mapdata.MaxDeckCards)
		}
		return nil
	}
	if err := sum("/tokens", "station tokens", len(p.Tokens), func(i int) int { return p.Tokens[i].Count }); err != nil {
		return err
	}
	if err := sum("/gold", "gold tokens", len(p.Gold), func(i int) int { return p.Gold[i].Count }); err != nil {
		return err
	}
	return sum("/companies", "company cards", len(p.Companies), func(i int) int { return p.Companies[i].Cards })
}

// Players lists the player counts the pack has a setup for.
func (b *Board) Players() []int {
	var out []int
	for _, s := range b.Pack.Setups {
		out = append(out, s.Players)
	}
	return out
}
