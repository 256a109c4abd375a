package route

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tendays/tendays/mapdata"
)

// Kind is what an action does.
type Kind int

const (
	Lay      Kind = iota // play Company's card and lay its cube on Route
	Blank                // play Company's card without a cube: no lay is legal with any card in hand
	Act                  // take the action of Station (Option, Company, Commodity, Pay as it needs)
	Instead              // take money at Station instead of its action
	Transfer             // purchase a): a transfer token
	BuyGood              // purchase b): a Commodity
	BuyCube              // purchase c): a cube of Company on Route, no station actions
	Exchange             // purchase d): Swaps (one or two)
	Pass                 // purchase e): nothing
	Offer                // public offering: Company's card becomes a share
	Keep                 // final public offering: keep Company's card, box the other
)

var kindNames = [...]string{"lay", "blank", "act", "instead", "transfer", "buy-good", "buy-cube", "exchange", "pass", "offer", "keep"}

func (k Kind) String() string { return kindNames[k] }

// Options of a station action.
const (
	OptNone      = 0
	OptPassenger = 1 // ticket station: draw a passenger ticket
	OptFreight   = 2 // ticket station: draw a freight ticket
	OptTake      = 3 // commodity station: take its commodity
	OptGold      = 4 // commodity station: hand in Pay for a Gold token
)

// Action is one decision of the player whose move it is.
type Action struct {
	Kind      Kind
	Company   int
	Route     int
	Station   int
	Option    int
	Commodity int
	Pay       []int    // commodities handed in for Gold
	Swaps     [][2]int // exchanges: from, to
}

func (a Action) String() string {
	switch a.Kind {
	case Lay, BuyCube:
		return fmt.Sprintf("%s c%d r%d", a.Kind, a.Company, a.Route)
	case Blank, Offer, Keep:
		return fmt.Sprintf("%s c%d", a.Kind, a.Company)
	case Act:
		return fmt.Sprintf("act s%d o%d c%d k%d pay%v", a.Station, a.Option, a.Company, a.Commodity, a.Pay)
	case Instead:
		return fmt.Sprintf("instead s%d", a.Station)
	case BuyGood:
		return fmt.Sprintf("buy-good k%d", a.Commodity)
	case Exchange:
		return fmt.Sprintf("exchange %v", a.Swaps)
	}
	return a.Kind.String()
}

// others counts the cubes of companies other than c on route r.
func (g *Game) others(r, c int) int {
	n := 0
	for k, on := range g.Cubes[r] {
		if on && k != c {
			n++
		}
	}
	return n
}

// CanPlace reports whether company c's cube may go on route r by the
// placement rules (home or network beside it, no cube of c there yet),
// money apart.
func (g *Game) CanPlace(c, r int) bool {
	if g.Cubes[r][c] {
		return false
	}
	a, b := g.B.Routes[r][0], g.B.Routes[r][1]
	return g.Reach[c][a] || g.Reach[c][b]
}

// Fee is what placing c's cube on r costs in other companies' cubes.
func (g *Game) Fee(c, r int) int { return g.others(r, c) * g.B.Rules.CubeFee }

// Legal lists the actions open to the player whose move it is, in a fixed
// order.
func (g *Game) Legal() []Action {
	var out []Action
	p := &g.Players[g.Seat]
	switch g.Phase {
	case PhaseLay:
		for c, n := range p.Hand {
			if n == 0 {
				continue
			}
			for r := range g.B.Routes {
				if g.CanPlace(c, r) && p.Money >= g.Fee(c, r) {
					out = append(out, Action{Kind: Lay, Company: c, Route: r})
				}
			}
		}
		if len(out) == 0 {
			for c, n := range p.Hand {
				if n > 0 {
					out = append(out, Action{Kind: Blank, Company: c})
				}
			}
		}
		if len(out) == 0 {
			out = append(out, Action{Kind: Blank, Company: -1})
		}
	case PhaseStations:
		for _, s := range g.Pending {
			out = append(out, g.stationActions(s)...)
			out = append(out, Action{Kind: Instead, Station: s})
		}
	case PhasePurchase:
		r := g.B.Rules
		if p.Money >= r.TransferPrice {
			out = append(out, Action{Kind: Transfer})
		}
		if p.Money >= r.CommodityPrice {
			for k := range p.Goods {
				out = append(out, Action{Kind: BuyGood, Commodity: k})
			}
		}
		for c := 0; c < g.B.Companies; c++ {
			for rt := range g.B.Routes {
				if g.CanPlace(c, rt) && p.Money >= r.CubePrice+g.Fee(c, rt) {
					out = append(out, Action{Kind: BuyCube, Company: c, Route: rt})
				}
			}
		}
		out = append(out, g.exchanges(p)...)
		out = append(out, Action{Kind: Pass})
	case PhaseOffer:
		out = cardChoices(p, Offer)
	case PhaseFinal:
		out = g.LegalFor(g.Seat)
	}
	return out
}

// cardChoices is one action of kind a card in hand, or one with no company
// when the hand is empty.
func cardChoices(p *Player, kind Kind) []Action {
	var out []Action
	for c, n := range p.Hand {
		if n > 0 {
			out = append(out, Action{Kind: kind, Company: c})
		}
	}
	if len(out) == 0 {
		out = append(out, Action{Kind: kind, Company: -1})
	}
	return out
}

// LegalFor lists the actions open to a seat. In the final public offering
// every seat that has not chosen yet may choose, in any order; at other
// times only the player on turn has actions.
func (g *Game) LegalFor(seat int) []Action {
	if seat < 0 || seat >= len(g.Players) {
		return nil
	}
	if g.Phase == PhaseFinal {
		if g.Chosen[seat] {
			return nil
		}
		return cardChoices(&g.Players[seat], Keep)
	}
	if seat != g.Seat {
		return nil
	}
	return g.Legal()
}

func (g *Game) exchanges(p *Player) []Action {
	r := g.B.Rules
	var out []Action
	if r.Exchanges < 1 || p.Money < r.ExchangePrice {
		return nil
	}
	goods := p.Goods
	for f := range goods {
		if goods[f] == 0 {
			continue
		}
		for t := range goods {
			if t == f {
				continue
			}
			out = append(out, Action{Kind: Exchange, Swaps: [][2]int{{f, t}}})
			if r.Exchanges < 2 || p.Money < 2*r.ExchangePrice {
				continue
			}
			// A second exchange, from what is held after the first; only
			// in a canonical order, and never undoing the first.
			for f2 := range goods {
				have := goods[f2]
				if f2 == f {
					have--
				}
				if f2 == t {
					have++
				}
				if have == 0 || f2 < f {
					continue
				}
				for t2 := range goods {
					if t2 == f2 || (f2 == t && t2 == f) || (f2 == f && t2 < t) {
						continue
					}
					out = append(out, Action{Kind: Exchange, Swaps: [][2]int{{f, t}, {f2, t2}}})
				}
			}
		}
	}
	return out
}

// stationActions lists the actions a station's token offers now.
func (g *Game) stationActions(s int) []Action {
	p := &g.Players[g.Seat]
	t := g.Station[s]
	var out []Action
	buy := func(c int) {
		if g.Discard[c] > 0 && p.Money >= p.Shares[c] {
			out = append(out, Action{Kind: Act, Station: s, Company: c})
		}
	}
	switch t.Kind {
	case mapdata.TokenHome:
		buy(t.Company)
	case mapdata.TokenFreeStock:
		for c := 0; c < g.B.Companies; c++ {
			buy(c)
		}
	case mapdata.TokenMoney:
		out = append(out, Action{Kind: Act, Station: s})
	case mapdata.TokenTicket:
		if len(g.PDeck) > 0 {
			out = append(out, Action{Kind: Act, Station: s, Option: OptPassenger})
		}
		if len(g.FDeck) > 0 {
			out = append(out, Action{Kind: Act, Station: s, Option: OptFreight})
		}
	case mapdata.TokenCommodity:
		cs := g.B.Rules.CommodityStation
		if cs.Take > 0 {
			if t.Commodity >= 0 {
				out = append(out, Action{Kind: Act, Station: s, Option: OptTake, Commodity: t.Commodity})
			} else {
				for k := 0; k < g.B.Commodities; k++ {
					out = append(out, Action{Kind: Act, Station: s, Option: OptTake, Commodity: k})
				}
			}
		}
		if cs.GoldFor > 0 && len(g.GoldPile) > 0 && sum(p.Goods) >= cs.GoldFor {
			for _, pay := range payments(p.Goods, cs.GoldFor) {
				out = append(out, Action{Kind: Act, Station: s, Option: OptGold, Pay: pay})
			}
		}
	}
	return out
}

// payments lists the multisets of n commodities that goods can pay, as
// sorted commodity lists.
func payments(goods []int, n int) [][]int {
	var out [][]int
	cur := make([]int, 0, n)
	left := append([]int(nil), goods...)
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == n {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for k := from; k < len(left); k++ {
			if left[k] == 0 {
				continue
			}
			left[k]--
			cur = append(cur, k)
			rec(k)
			cur = cur[:len(cur)-1]
			left[k]++
		}
	}
	rec(0)
	return out
}

// ErrIllegal is an action the rules do not allow now.
var ErrIllegal = errors.New("illegal action")

// Apply carries out an action of the player whose move it is, checking it
// against the rules first. An illegal action changes nothing.
func (g *Game) Apply(a Action) error {
	if g.Phase == PhaseOver {
		return fmt.Errorf("%w: the game is over", ErrIllegal)
	}
	if !g.isLegal(a) {
		return fmt.Errorf("%w: %s in phase %s", ErrIllegal, a, g.Phase)
	}
	g.apply(a)
	return nil
}

// apply carries out an action known to be legal (one of Legal's).
func (g *Game) apply(a Action) {
	g.Actions++
	p := &g.Players[g.Seat]
	r := g.B.Rules
	switch a.Kind {
	case Lay:
		p.Money -= g.Fee(a.Company, a.Route)
		g.place(a.Company, a.Route)
		g.play(a.Company)
		g.Pending = append(g.Pending[:0], g.B.Routes[a.Route][0], g.B.Routes[a.Route][1])
		g.Phase = PhaseStations
	case Blank:
		if a.Company >= 0 {
			g.play(a.Company)
		}
		g.Phase = PhasePurchase
	case Act, Instead:
		g.act(a)
		g.Pending = removeOne(g.Pending, a.Station)
		if len(g.Pending) == 0 {
			g.Phase = PhasePurchase
		}
	case Transfer:
		p.Money -= r.TransferPrice
		p.Transfers++
		g.Phase = PhaseOffer
	case BuyGood:
		p.Money -= r.CommodityPrice
		p.Goods[a.Commodity]++
		g.Phase = PhaseOffer
	case BuyCube:
		p.Money -= r.CubePrice + g.Fee(a.Company, a.Route)
		g.place(a.Company, a.Route)
		g.Phase = PhaseOffer
	case Exchange:
		for _, sw := range a.Swaps {
			p.Money -= r.ExchangePrice
			p.Goods[sw[0]]--
			p.Goods[sw[1]]++
		}
		g.Phase = PhaseOffer
	case Pass:
		g.Phase = PhaseOffer
	case Offer:
		if a.Company >= 0 {
			p.Hand[a.Company]--
			p.Shares[a.Company]++
		}
		g.endTurn()
	case Keep:
		g.seal(g.Seat, a.Company)
	}
}

// Commit places a seat's sealed choice in the final public offering (a Keep
// action among LegalFor(seat)). The seats may commit in any order; nothing
// is revealed until the last has chosen, and then every choice is revealed
// at once, so the order does not change the result.
func (g *Game) Commit(seat int, a Action) error {
	if g.Phase != PhaseFinal {
		return fmt.Errorf("%w: %s in phase %s: only the final public offering is chosen face down", ErrIllegal, a, g.Phase)
	}
	if seat < 0 || seat >= len(g.Players) {
		return fmt.Errorf("%w: no seat %d", ErrIllegal, seat)
	}
	if g.Chosen[seat] {
		return fmt.Errorf("%w: seat %d has already chosen", ErrIllegal, seat)
	}
	legal := false
	for _, l := range g.LegalFor(seat) {
		legal = legal || sameAction(l, a)
	}
	if !legal {
		return fmt.Errorf("%w: %s for seat %d in phase %s", ErrIllegal, a, seat, g.Phase)
	}
	g.Actions++
	g.seal(seat, a.Company)
	return nil
}

// seal records a face-down choice; the cards stay in the hand until the
// reveal. The player on turn becomes the first seat yet to choose.
func (g *Game) seal(seat, c int) {
	g.Chosen[seat], g.sealed[seat] = true, c
	for s, done := range g.Chosen {
		if !done {
			g.Seat = s
			return
		}
	}
	g.reveal()
}

// reveal turns every sealed card face up at once: each becomes a share of
// its seat, the cards not chosen go back to the box. Each seat's step
// touches only its own holdings and the box's counts, so no order among the
// seats matters.
func (g *Game) reveal() {
	g.Kept = slices.Clone(g.sealed)
	for s := range g.Players {
		p := &g.Players[s]
		if c := g.sealed[s]; c >= 0 {
			p.Hand[c]--
			p.Shares[c]++
		}
		for c, n := range p.Hand {
			g.Box[c] += n
			p.Hand[c] = 0
		}
	}
	g.Seat = 0
	g.Phase = PhaseOver
}

func (g *Game) isLegal(a Action) bool {
	for _, l := range g.Legal() {
		if sameAction(l, a) {
			return true
		}
	}
	return false
}

func sameAction(x, y Action) bool {
	if x.Kind != y.Kind || x.Company != y.Company || x.Route != y.Route || x.Station != y.Station ||
		x.Option != y.Option || x.Commodity != y.Commodity || len(x.Pay) != len(y.Pay) || len(x.Swaps) != len(y.Swaps) {
		return false
	}
	for i := range x.Pay {
		if x.Pay[i] != y.Pay[i] {
			return false
		}
	}
	for i := range x.Swaps {
		if x.Swaps[i] != y.Swaps[i] {
			return false
		}
	}
	return true
}

func removeOne(xs []int, v int) []int {
	for i, x := range xs {
		if x == v {
			return append(xs[:i], xs[i+1:]...)
		}
	}
	return xs
}

func (g *Game) place(c, r int) {
	g.Cubes[r][c] = true
	g.CubeN[c]++
	g.Reach[c][g.B.Routes[r][0]] = true
	g.Reach[c][g.B.Routes[r][1]] = true
}

func (g *Game) play(c int) {
	g.Players[g.Seat].Hand[c]--
	g.Discard[c]++
	g.Played = c
}

func (g *Game) act(a Action) {
	p := &g.Players[g.Seat]
	r := g.B.Rules
	if a.Kind == Instead {
		p.Money += r.InsteadMoney
		return
	}
	switch g.Station[a.Station].Kind {
	case mapdata.TokenHome, mapdata.TokenFreeStock:
		// The card bought goes in front of the player as a share (the
		// rulebook's examples count it among the shares at once).
		p.Money -= p.Shares[a.Company]
		g.Discard[a.Company]--
		p.Shares[a.Company]++
	case mapdata.TokenMoney:
		p.Money += r.MoneyStation
	case mapdata.TokenTicket:
		if a.Option == OptPassenger {
			p.Passenger = append(p.Passenger, g.PDeck[len(g.PDeck)-1])
			g.PDeck = g.PDeck[:len(g.PDeck)-1]
		} else {
			p.Freight = append(p.Freight, g.FDeck[len(g.FDeck)-1])
			g.FDeck = g.FDeck[:len(g.FDeck)-1]
		}
	case mapdata.TokenCommodity:
		if a.Option == OptTake {
			p.Goods[a.Commodity] += r.CommodityStation.Take
		} else {
			for _, k := range a.Pay {
				p.Goods[k]--
			}
			p.Gold = append(p.Gold, g.GoldPile[len(g.GoldPile)-1])
			g.GoldPile = g.GoldPile[:len(g.GoldPile)-1]
		}
	}
}

// endTurn replenishes (but in the last round) and passes the turn on; after
// the last turn of the last round comes the final public offering.
func (g *Game) endTurn() {
	if !g.LastRound() {
		for range g.B.Rules.Draw {
			g.draw(g.Seat)
		}
	}
	g.Turns++
	g.Played = -1
	g.Pending = g.Pending[:0]
	g.Seat++
	if g.Seat == len(g.Players) {
		g.Seat = 0
		g.Round++
	}
	if g.Round >= g.Setup.Rounds {
		g.Phase = PhaseFinal
		return
	}
	g.Phase = PhaseLay
}
