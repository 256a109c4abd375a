package route

import (
	"math"
	"math/rand/v2"
)

// Bot chooses an action among the legal ones. It may read the whole game
// but plays fair: the greedy bot looks ahead only on a clone whose hidden
// decks are shuffled again, and in the final public offering it is given
// (and takes itself) the seat's View, in which the others' sealed choices
// are not there to see.
type Bot interface {
	Name() string
	Choose(g *Game, legal []Action) Action
}

// BotNames lists the bots NewBot makes.
func BotNames() []string { return []string{"random", "greedy"} }

// NewBot makes a bot by name with its own seeded random source.
func NewBot(name string, seed uint64) (Bot, bool) {
	r := rand.New(rand.NewPCG(seed, 0x626f74))
	switch name {
	case "random":
		return &RandomBot{rng: r}, true
	case "greedy":
		return &GreedyBot{rng: r}, true
	}
	return nil, false
}

// RandomBot picks a kind of action at random, then an action of that kind,
// so that the many exchanges and cube purchases do not crowd out the rest.
type RandomBot struct{ rng *rand.Rand }

func (b *RandomBot) Name() string { return "random" }

func (b *RandomBot) Choose(_ *Game, legal []Action) Action {
	var kinds []Kind
	seen := map[Kind]bool{}
	for _, a := range legal {
		if !seen[a.Kind] {
			seen[a.Kind] = true
			kinds = append(kinds, a.Kind)
		}
	}
	k := kinds[b.rng.IntN(len(kinds))]
	var of []Action
	for _, a := range legal {
		if a.Kind == k {
			of = append(of, a)
		}
	}
	return of[b.rng.IntN(len(of))]
}

// GreedyBot tries every legal action on a copy of the game and keeps the one
// after which its estimate of its own final score is highest (ties: one at
// random). The estimate counts shares at the current prices with a little
// growth, tickets by how near their stations are to being joined, freight
// tickets by the commodities in hand, gold, and money.
type GreedyBot struct{ rng *rand.Rand }

func (b *GreedyBot) Name() string { return "greedy" }

func (b *GreedyBot) Choose(g *Game, legal []Action) Action {
	if len(legal) == 1 {
		return legal[0]
	}
	if g.Phase == PhaseFinal {
		// A sealed choice: look only at what this seat may see.
		g = g.View(g.Seat)
	}
	seat := g.Seat
	best, bestV, ties := 0, math.Inf(-1), 0
	seed := b.rng.Uint64()
	for i, a := range legal {
		c := g.Clone(seed)
		if a.Kind == Act || a.Kind == Offer {
			// Only these draw from hidden piles (tickets, Gold, the
			// replenishment after an offer): shuffle them first.
			c.Redeal()
		}
		c.apply(a) // a is one of Legal's
		v := Estimate(c, seat)
		switch {
		case v > bestV+1e-9:
			best, bestV, ties = i, v, 1
		case v > bestV-1e-9:
			// Equal moves: pick one at random, so that no company or
			// route is favoured for coming first in the list.
			ties++
			if b.rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return legal[best]
}

// Estimate is a rough value of a seat's position: what it would score if
// the game ended now, with credit for what is under way.
func Estimate(g *Game, seat int) float64 {
	p := &g.Players[seat]
	r := g.B.Rules
	v := 0.0
	left := float64(g.Setup.Rounds-g.Round) / float64(g.Setup.Rounds)
	// Shares: rank among the public share piles; own hand counts a little
	// towards future shares.
	final := g.Phase == PhaseFinal
	for c := 0; c < g.B.Companies; c++ {
		price := float64(g.CubeN[c]) + 4*left
		mine := float64(p.Shares[c]) + 0.4*float64(p.Hand[c])
		if final {
			// The hand goes to the box but for the card sealed.
			mine = float64(p.Shares[c])
			if g.Chosen[seat] && g.sealed[seat] == c {
				mine++
			}
		}
		rank := 1
		for i := range g.Players {
			if i != seat && float64(g.Players[i].Shares[c]) > mine {
				rank++
			}
		}
		if mine > 0 && rank <= g.Setup.RanksScored {
			v += price / float64(r.ShareDivisors[rank-1])
		}
	}
	// Passenger tickets: full points when joined (transfer tokens
	// permitting), else by how few routes are still missing.
	need := 0
	for _, t := range p.Passenger {
		tk := g.B.Passenger[t]
		gap, companies := g.gap(tk.A, tk.B)
		if gap == 0 {
			need += max(0, companies-1)
			v += float64(tk.Points)
		} else {
			v += float64(tk.Points) * 1.5 / float64(gap+2) * left
		}
	}
	if need > p.Transfers {
		v -= float64(need-p.Transfers) * 2
	}
	// Freight tickets: by the share of their commodities in hand.
	goods := append([]int(nil), p.Goods...)
	for _, t := range p.Freight {
		tk := g.B.Freight[t]
		have, want := 0, 0
		for k, n := range tk.Need {
			want += n
			have += min(n, goods[k])
		}
		if have == want {
			for k, n := range tk.Need {
				goods[k] -= n
			}
			v += float64(tk.Points)
		} else {
			v += float64(tk.Points) * float64(have) / float64(want) * 0.6
		}
	}
	for _, gv := range p.Gold {
		v += float64(gv)
	}
	money := float64(p.Money + sum(goods)*r.SellCommodity)
	v += money / float64(r.MoneyPerPoint)
	v += 0.3 * float64(min(p.Transfers, need+1))
	return v
}

// gap is the fewest routes without any cube on a path from a to b (0: the
// cubes join them), and, when joined, the fewest companies along a path of
// cubes counted as changes of company plus one (an upper bound on the
// rulebook's count, cheap enough to run for every candidate move).
func (g *Game) gap(a, b int) (int, int) {
	n := len(g.Station)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = math.MaxInt32
	}
	dist[a] = 0
	dq := []int{a} // 0-1 breadth-first search
	for len(dq) > 0 {
		s := dq[0]
		dq = dq[1:]
		for _, r := range g.B.Touch[s] {
			o := g.B.Routes[r][0]
			if o == s {
				o = g.B.Routes[r][1]
			}
			w := 1
			for _, on := range g.Cubes[r] {
				if on {
					w = 0
					break
				}
			}
			if dist[s]+w < dist[o] {
				dist[o] = dist[s] + w
				if w == 0 {
					dq = append([]int{o}, dq...)
				} else {
					dq = append(dq, o)
				}
			}
		}
	}
	if dist[b] >= math.MaxInt32 {
		return 99, 0
	}
	if dist[b] > 0 {
		return dist[b], 0
	}
	return 0, g.companiesAlong(a, b)
}

// companiesAlong is the fewest company changes plus one on a path of cubes
// from a to b: a 0-1 search over (station, company) states.
func (g *Game) companiesAlong(a, b int) int {
	nc := g.B.Companies
	n := len(g.Station)
	dist := make([]int, n*nc)
	for i := range dist {
		dist[i] = math.MaxInt32
	}
	var dq []int
	for _, r := range g.B.Touch[a] {
		for c, on := range g.Cubes[r] {
			if on && dist[a*nc+c] != 1 {
				dist[a*nc+c] = 1
				dq = append(dq, a*nc+c)
			}
		}
	}
	for len(dq) > 0 {
		st := dq[0]
		dq = dq[1:]
		s, c := st/nc, st%nc
		if s == b {
			return dist[st]
		}
		for _, r := range g.B.Touch[s] {
			o := g.B.Routes[r][0]
			if o == s {
				o = g.B.Routes[r][1]
			}
			if g.Cubes[r][c] && dist[st] < dist[o*nc+c] {
				dist[o*nc+c] = dist[st]
				dq = append([]int{o*nc + c}, dq...)
			}
		}
		for c2 := 0; c2 < nc; c2++ {
			if c2 != c && dist[st]+1 < dist[s*nc+c2] {
				dist[s*nc+c2] = dist[st] + 1
				dq = append(dq, s*nc+c2)
			}
		}
	}
	return 0
}
