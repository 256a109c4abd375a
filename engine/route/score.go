package route

import (
	"math/bits"
	"slices"

	"github.com/tendays/tendays/internal/unionfind"
)

// Score is one player's final score, step by step as the rulebook counts
// it.
type Score struct {
	Passenger     int `json:"passenger"` // i: passenger tickets
	Freight       int `json:"freight"`   // ii: freight tickets
	Shares        int `json:"shares"`    // iii: share majorities
	Gold          int `json:"gold"`      // iv: gold tokens
	Money         int `json:"money"`     // v: money and commodities
	Total         int `json:"total"`
	TransfersPaid int `json:"transfersPaid"`
	PassengerDone int `json:"passengerDone"`
	FreightDone   int `json:"freightDone"`
	// Completed is PassengerDone + FreightDone, the tie-breaker.
	Completed int `json:"completed"`
	// Done marks the tickets completed, by index into the player's
	// Passenger and Freight lists.
	PassengerMask []bool `json:"-"`
	FreightMask   []bool `json:"-"`
}

// ShareScores scores one company's shares: the player at rank k (1 plus the
// number of players with more shares; tied players share the highest tied
// rank) scores price / divisors[k-1], rounded down, when k <= ranksScored;
// a player with no share scores nothing.
func ShareScores(price int, shares []int, ranksScored int, divisors []int) []int {
	out := make([]int, len(shares))
	for i, n := range shares {
		if n == 0 {
			continue
		}
		rank := 1
		for _, m := range shares {
			if m > n {
				rank++
			}
		}
		if rank <= ranksScored && rank <= len(divisors) {
			out[i] = price / divisors[rank-1]
		}
	}
	return out
}

// Links gives, for every set of companies (a bit mask), which stations
// their cubes join: label[mask][station] is a component id.
type Links struct {
	label [][]int
}

// NetworkLinks computes Links for the cubes on the board.
func (g *Game) NetworkLinks() *Links {
	n := len(g.Station)
	masks := 1 << g.B.Companies
	l := &Links{label: make([][]int, masks)}
	sets := unionfind.New(n)
	for m := 1; m < masks; m++ {
		sets.Reset()
		for r, on := range g.Cubes {
			for c, has := range on {
				if has && m&(1<<c) != 0 {
					sets.Union(g.B.Routes[r][0], g.B.Routes[r][1])
					break
				}
			}
		}
		lab := make([]int, n)
		for i := range lab {
			lab[i] = sets.Find(i)
		}
		l.label[m] = lab
	}
	return l
}

// Companies is the fewest companies whose routes join a and b (0: none
// does).
func (l *Links) Companies(a, b int) int {
	best := 0
	for m := 1; m < len(l.label); m++ {
		k := bits.OnesCount(uint(m))
		if best != 0 && k >= best {
			continue
		}
		if l.label[m][a] == l.label[m][b] {
			best = k
		}
	}
	return best
}

// Scores scores every player at the end of the game (it may be called
// earlier, to see where the game stands).
func (g *Game) Scores() []Score {
	links := g.NetworkLinks()
	out := make([]Score, len(g.Players))
	for i := range g.Players {
		out[i] = g.scorePlayer(i, links)
	}
	r := g.B.Rules
	shares := make([]int, len(g.Players))
	for c := 0; c < g.B.Companies; c++ {
		for i := range g.Players {
			shares[i] = g.Players[i].Shares[c]
		}
		for i, s := range ShareScores(g.CubeN[c], shares, g.Setup.RanksScored, r.ShareDivisors) {
			out[i].Shares += s
		}
	}
	for i := range out {
		s := &out[i]
		s.Total = s.Passenger + s.Freight + s.Shares + s.Gold + s.Money
		s.Completed = s.PassengerDone + s.FreightDone
	}
	return out
}

func (g *Game) scorePlayer(seat int, links *Links) Score {
	p := &g.Players[seat]
	var s Score
	// i. Passenger tickets: a ticket joined by k companies costs k-1
	// transfer tokens; choose the tickets that score most within the
	// tokens held (then the most tickets).
	costs := make([]int, len(p.Passenger))
	points := make([]int, len(p.Passenger))
	for i, t := range p.Passenger {
		tk := g.B.Passenger[t]
		costs[i] = links.Companies(tk.A, tk.B) - 1
		points[i] = tk.Points
	}
	s.PassengerMask, s.TransfersPaid = bestTickets(costs, points, p.Transfers)
	for i, done := range s.PassengerMask {
		if done {
			s.Passenger += points[i]
			s.PassengerDone++
		}
	}
	// ii and v together: the freight tickets to pay for are the ones that
	// give most points once what is left is sold and counted as money.
	for _, v := range p.Gold {
		s.Gold += v
	}
	s.FreightMask, s.Freight, s.Money = g.bestFreight(p)
	for _, done := range s.FreightMask {
		if done {
			s.FreightDone++
		}
	}
	return s
}

// bestTickets chooses tickets (cost -1: not joined) to score most points
// within budget transfer tokens, then most tickets, then fewest tokens;
// it returns the choice and the tokens paid.
func bestTickets(costs, points []int, budget int) ([]bool, int) {
	n := len(costs)
	type val struct{ pts, cnt, paid int }
	better := func(a, b val) bool {
		if a.pts != b.pts {
			return a.pts > b.pts
		}
		if a.cnt != b.cnt {
			return a.cnt > b.cnt
		}
		return a.paid < b.paid
	}
	// Free tickets are always taken; the rest by a small knapsack.
	chosen := make([]bool, n)
	var paid []int
	for i, c := range costs {
		if c == 0 {
			chosen[i] = true
		} else if c > 0 {
			paid = append(paid, i)
		}
	}
	budget = max(0, budget)
	// dp[j][b]: best over the first j paid tickets with budget b.
	dp := make([][]val, len(paid)+1)
	for j := range dp {
		dp[j] = make([]val, budget+1)
	}
	for j, i := range paid {
		for b := 0; b <= budget; b++ {
			dp[j+1][b] = dp[j][b]
			if c := costs[i]; c <= b {
				v := dp[j][b-c]
				v = val{v.pts + points[i], v.cnt + 1, v.paid + c}
				if better(v, dp[j+1][b]) {
					dp[j+1][b] = v
				}
			}
		}
	}
	b, tokens := budget, 0
	for j := len(paid) - 1; j >= 0; j-- {
		if dp[j+1][b] != dp[j][b] {
			i := paid[j]
			chosen[i] = true
			b -= costs[i]
			tokens += costs[i]
		}
	}
	return chosen, tokens
}

// bestFreight chooses the freight tickets to pay for: most points from
// tickets plus money (what is left sold), then most tickets.
func (g *Game) bestFreight(p *Player) (mask []bool, freight, money int) {
	r := g.B.Rules
	n := len(p.Freight)
	goods := slices.Clone(p.Goods)
	cur := make([]bool, n)
	best := make([]bool, n)
	bestPts, bestCnt, bestF, bestM := -1, -1, 0, 0
	var rec func(i, pts, cnt int)
	rec = func(i, pts, cnt int) {
		if i == n {
			m := (p.Money + sum(goods)*r.SellCommodity) / r.MoneyPerPoint
			if pts+m > bestPts || (pts+m == bestPts && cnt > bestCnt) {
				bestPts, bestCnt, bestF, bestM = pts+m, cnt, pts, m
				copy(best, cur)
			}
			return
		}
		t := g.B.Freight[p.Freight[i]]
		ok := true
		for k, need := range t.Need {
			if goods[k] < need {
				ok = false
				break
			}
		}
		if ok {
			for k, need := range t.Need {
				goods[k] -= need
			}
			cur[i] = true
			rec(i+1, pts+t.Points, cnt+1)
			cur[i] = false
			for k, need := range t.Need {
				goods[k] += need
			}
		}
		rec(i+1, pts, cnt)
	}
	rec(0, 0, 0)
	return best, bestF, bestM
}

// Winners are the seats with the most points; among them, those with the
// most completed tickets. All of them win.
func Winners(scores []Score) []int {
	var out []int
	for i, s := range scores {
		if len(out) == 0 {
			out = []int{i}
			continue
		}
		b := scores[out[0]]
		switch {
		case s.Total > b.Total || (s.Total == b.Total && s.Completed > b.Completed):
			out = []int{i}
		case s.Total == b.Total && s.Completed == b.Completed:
			out = append(out, i)
		}
	}
	return out
}
