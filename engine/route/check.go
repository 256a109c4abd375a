package route

import (
	"fmt"
	"slices"
)

// Check verifies the invariants the rules keep after every action: every
// company card is in the deck, a hand, a share pile, a discard pile or the
// box; cubes on the board number what was placed and every one links back
// to its company's home; no one holds negative money, tokens or goods;
// tickets and Gold tokens are in their decks or in hands; the station tokens
// are the pack's mix; hands hold what the turn order says. It returns the
// first broken one.
func (g *Game) Check() error {
	nc := g.B.Companies
	for c := 0; c < nc; c++ {
		n := len(slicesCount(g.Deck, c)) + g.Discard[c] + g.Box[c]
		for i := range g.Players {
			n += g.Players[i].Hand[c] + g.Players[i].Shares[c]
		}
		if want := g.B.Pack.Companies[c].Cards; n != want {
			return fmt.Errorf("company %d: %d cards in play, want %d", c, n, want)
		}
		on := 0
		for r := range g.Cubes {
			if g.Cubes[r][c] {
				on++
			}
		}
		if on != g.CubeN[c] {
			return fmt.Errorf("company %d: %d cubes on routes, counted %d", c, on, g.CubeN[c])
		}
		if err := g.checkLinked(c); err != nil {
			return err
		}
	}
	for i, p := range g.Players {
		if p.Money < 0 || p.Transfers < 0 {
			return fmt.Errorf("seat %d: money %d, transfers %d", i, p.Money, p.Transfers)
		}
		for k, n := range p.Goods {
			if n < 0 {
				return fmt.Errorf("seat %d: %d of commodity %d", i, n, k)
			}
		}
		for c := range p.Hand {
			if p.Hand[c] < 0 || p.Shares[c] < 0 {
				return fmt.Errorf("seat %d: company %d hand %d shares %d", i, c, p.Hand[c], p.Shares[c])
			}
		}
	}
	var pass, fr []int
	pass = append(pass, g.PDeck...)
	fr = append(fr, g.FDeck...)
	gold := slices.Clone(g.GoldPile)
	for _, p := range g.Players {
		pass = append(pass, p.Passenger...)
		fr = append(fr, p.Freight...)
		gold = append(gold, p.Gold...)
	}
	if !isPermutation(pass, len(g.B.Passenger)) {
		return fmt.Errorf("passenger tickets: %v is not each ticket once", pass)
	}
	if !isPermutation(fr, len(g.B.Freight)) {
		return fmt.Errorf("freight tickets: %v is not each ticket once", fr)
	}
	slices.Sort(gold)
	want := slices.Clone(g.B.Gold)
	slices.Sort(want)
	if !slices.Equal(gold, want) {
		return fmt.Errorf("gold tokens: %v, want %v", gold, want)
	}
	var tokens []Token
	for _, t := range g.Station {
		if t.Kind != "" {
			tokens = append(tokens, t)
		}
	}
	if !sameTokens(tokens, g.B.Tokens) {
		return fmt.Errorf("station tokens are not the pack's mix")
	}
	if err := g.checkSealed(); err != nil {
		return err
	}
	return g.checkHands()
}

// checkSealed: in the final public offering each sealed card is one its
// seat holds, and the player on turn is the first seat yet to choose;
// after it, the kept cards are shares.
func (g *Game) checkSealed() error {
	if g.Phase != PhaseFinal {
		return nil
	}
	first := -1
	for s, done := range g.Chosen {
		if !done {
			if first < 0 {
				first = s
			}
			continue
		}
		if c := g.sealed[s]; c >= 0 && g.Players[s].Hand[c] == 0 {
			return fmt.Errorf("seat %d sealed a card of company %d it does not hold", s, c)
		}
	}
	if first != g.Seat {
		return fmt.Errorf("final offering: seat %d on turn, but seat %d is the first yet to choose", g.Seat, first)
	}
	return nil
}

// checkHands: on a normal turn the player on turn starts with Hand cards
// (one played since, in later phases); players who have played this round
// hold Hand again after drawing, or Hand - 2 in the last round.
func (g *Game) checkHands() error {
	if g.Phase == PhaseOver {
		for i, p := range g.Players {
			if p.HandSize() != 0 {
				return fmt.Errorf("seat %d holds %d cards after the game", i, p.HandSize())
			}
		}
		return nil
	}
	full := g.B.Rules.Hand
	for i, p := range g.Players {
		want := full
		switch {
		case g.Phase == PhaseFinal:
			// Sealed choices stay in the hand until the reveal.
			want = full - 2
		case i == g.Seat && g.Phase != PhaseLay && g.Played >= 0:
			want = full - 1
		case i < g.Seat && g.LastRound():
			want = full - 2
		}
		if p.HandSize() != want && g.exact {
			return fmt.Errorf("seat %d holds %d cards in phase %s of round %d, want %d", i, p.HandSize(), g.Phase, g.Round, want)
		}
		if p.HandSize() > want {
			return fmt.Errorf("seat %d holds %d cards in phase %s of round %d, at most %d", i, p.HandSize(), g.Phase, g.Round, want)
		}
	}
	return nil
}

// checkLinked: every route with c's cube is joined through c's cubes to a
// home station of c.
func (g *Game) checkLinked(c int) error {
	seen := make([]bool, len(g.Station))
	var stack []int
	for s, t := range g.Station {
		if t.Kind == "home" && t.Company == c {
			seen[s] = true
			stack = append(stack, s)
		}
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, r := range g.B.Touch[s] {
			if !g.Cubes[r][c] {
				continue
			}
			for _, o := range g.B.Routes[r] {
				if !seen[o] {
					seen[o] = true
					stack = append(stack, o)
				}
			}
		}
	}
	for r := range g.Cubes {
		if g.Cubes[r][c] && !seen[g.B.Routes[r][0]] {
			return fmt.Errorf("company %d: cube on route %d does not link back to a home station", c, r)
		}
	}
	return nil
}

func slicesCount(xs []int, v int) []int {
	var out []int
	for _, x := range xs {
		if x == v {
			out = append(out, x)
		}
	}
	return out
}

func isPermutation(xs []int, n int) bool {
	if len(xs) != n {
		return false
	}
	seen := make([]bool, n)
	for _, x := range xs {
		if x < 0 || x >= n || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

func sameTokens(a, b []Token) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[Token]int{}
	for _, t := range a {
		count[t]++
	}
	for _, t := range b {
		count[t]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}
