package route

import (
	"fmt"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// Company names company c by its id ("nothing" for -1).
func (b *Board) Company(c int) string {
	if c < 0 || c >= len(b.Pack.Companies) {
		return "nothing"
	}
	return b.Pack.Companies[c].ID
}

// Commodity names commodity k by its id.
func (b *Board) Commodity(k int) string { return b.Pack.Commodities[k].ID }

// Station names station s.
func (b *Board) Station(s int) string { return b.Pack.Stations[s].Name }

// Route names route r by its two stations ("Boston-Albany").
func (b *Board) Route(r int) string {
	e := b.Routes[r]
	return b.Station(e[0]) + "-" + b.Station(e[1])
}

// TokenName names the token on station s as the board shows it.
func (g *Game) TokenName(s int) string {
	tok := g.Station[s]
	switch tok.Kind {
	case mapdata.TokenHome:
		return "home " + g.B.Company(tok.Company)
	case mapdata.TokenFreeStock:
		return "free stock"
	case mapdata.TokenCommodity:
		if tok.Commodity >= 0 {
			return g.B.Commodity(tok.Commodity)
		}
		return "any commodity"
	case "":
		return "no token"
	}
	return tok.Kind
}

func money(n int) string { return fmt.Sprintf("$%d", n) }

// Describe says in words what action a of seat does, before it is applied.
// For the seat's own eyes (own) it may name costs and what lies at a
// route's ends; for the others it says only what the table sees (a ticket
// is drawn, not which; a Gold token is taken, not its value). `tendays
// play` and the studio show moves with it.
func (g *Game) Describe(seat int, a Action, own bool) string {
	b, r := g.B, g.B.Rules
	switch a.Kind {
	case Lay:
		e := b.Routes[a.Route]
		s := fmt.Sprintf("lay %s %s", b.Company(a.Company), b.Route(a.Route))
		if fee := g.Fee(a.Company, a.Route); fee > 0 {
			s += fmt.Sprintf(" (%s)", money(fee))
		}
		if own {
			s += fmt.Sprintf(" [%s | %s]", g.TokenName(e[0]), g.TokenName(e[1]))
		}
		return s
	case Blank:
		return fmt.Sprintf("play %s without a cube (no route is open)", b.Company(a.Company))
	case Act:
		at := b.Station(a.Station)
		switch g.Station[a.Station].Kind {
		case mapdata.TokenHome, mapdata.TokenFreeStock:
			return fmt.Sprintf("share %s at %s (%s)", b.Company(a.Company), at, money(g.Players[seat].Shares[a.Company]))
		case mapdata.TokenMoney:
			return fmt.Sprintf("money at %s (+%s)", at, money(r.MoneyStation))
		case mapdata.TokenTicket:
			if a.Option == OptPassenger {
				return "passenger ticket at " + at
			}
			return "freight ticket at " + at
		case mapdata.TokenCommodity:
			if a.Option == OptTake {
				return fmt.Sprintf("take %s at %s", b.Commodity(a.Commodity), at)
			}
			pay := make([]string, len(a.Pay))
			for i, k := range a.Pay {
				pay[i] = b.Commodity(k)
			}
			return fmt.Sprintf("gold at %s for %s", at, strings.Join(pay, "+"))
		}
	case Instead:
		return fmt.Sprintf("instead at %s (+%s)", b.Station(a.Station), money(r.InsteadMoney))
	case Transfer:
		return fmt.Sprintf("transfer token (%s)", money(r.TransferPrice))
	case BuyGood:
		return fmt.Sprintf("buy %s (%s)", b.Commodity(a.Commodity), money(r.CommodityPrice))
	case BuyCube:
		return fmt.Sprintf("cube %s %s (%s)", b.Company(a.Company), b.Route(a.Route), money(r.CubePrice+g.Fee(a.Company, a.Route)))
	case Exchange:
		sw := make([]string, len(a.Swaps))
		for i, x := range a.Swaps {
			sw[i] = b.Commodity(x[0]) + ">" + b.Commodity(x[1])
		}
		return fmt.Sprintf("exchange %s (%s)", strings.Join(sw, " "), money(len(a.Swaps)*r.ExchangePrice))
	case Pass:
		return "pass"
	case Offer:
		return "offer " + b.Company(a.Company)
	case Keep:
		return "keep " + b.Company(a.Company)
	}
	return a.String()
}
