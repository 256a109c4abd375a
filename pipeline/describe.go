package pipeline

import (
	"fmt"
	"strings"

	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// ID is the id of the edition built or the pack read ("" when nothing was
// derived).
func (r *Result) ID() string {
	if r.Pack == nil {
		return ""
	}
	return r.Pack.EditionID()
}

// Counts are what the pack holds, by name (build --format json's "counts"):
// regions, links (and links/KIND), seas, rails, shipRoutes (where there
// are some) and cards for a regions or combined pack; stations, routes, tokens, companies and tickets for a
// network pack. Nil when nothing was derived.
func (r *Result) Counts() map[string]int {
	if r.Pack == nil {
		return nil
	}
	return r.build().counts(r.Pack)
}

// Headline is one line on what was built and where it went (out, as the
// reader should see it named): the pack's id, what it holds, its warnings.
func (r *Result) Headline(out string) string {
	if r.Pack == nil {
		return fmt.Sprintf("%s: nothing derived; %d error(s) -> %s", r.Name, r.Summary.Errors, out)
	}
	return r.build().headline(r.Pack, r.Summary, out)
}

func networkCounts(p *mapdata.NetworkPack) map[string]int {
	return map[string]int{"stations": len(p.Stations), "routes": len(p.Routes), "stationTokens": p.TokenTotal(),
		"companies": len(p.Companies), "companyCards": p.CompanyCards(), "passengerTickets": len(p.Passenger), "freightTickets": len(p.Freight)}
}

func regionCounts(p *mapdata.Pack) map[string]int {
	c := map[string]int{"regions": len(p.Regions), "links": len(p.Links), "seas": len(p.Seas), "rails": len(p.Rails),
		"cards": p.Deck.Totals.Cards, "regionCards": p.Deck.Totals.RegionCards, "transportCards": p.Deck.Totals.TransportCards}
	for _, l := range p.Links {
		c["links/"+string(l.Kind)]++
	}
	if len(p.ShipRoutes) > 0 {
		c["shipRoutes"] = len(p.ShipRoutes)
	}
	return c
}

func networkHeadline(p *mapdata.NetworkPack, s lint.Summary, out string) string {
	return fmt.Sprintf("%s: %d stations, %d routes; %d station tokens; %d companies, %d company cards; %d passenger and %d freight tickets; %d warning(s) -> %s",
		p.Edition.ID, len(p.Stations), len(p.Routes), p.TokenTotal(), len(p.Companies), p.CompanyCards(), len(p.Passenger), len(p.Freight),
		s.Warnings, out)
}

func regionHeadline(p *mapdata.Pack, s lint.Summary, out string) string {
	kinds := map[mapdata.LinkKind]int{}
	for _, l := range p.Links {
		kinds[l.Kind]++
	}
	var links []string
	for _, k := range []mapdata.LinkKind{mapdata.Border, mapdata.Bridge, mapdata.Ferry, mapdata.Car} {
		if kinds[k] > 0 {
			links = append(links, fmt.Sprintf("%d %s", kinds[k], k))
		}
	}
	t := p.Deck.Totals
	routes := ""
	if n := len(p.ShipRoutes); n > 0 {
		routes = fmt.Sprintf(", %d ship routes", n)
	}
	return fmt.Sprintf("%s: %d regions; links: %s; %d seas, %d rail lines%s; deck %d cards (%d region, %d transport); %d warning(s) -> %s",
		p.Edition.ID, len(p.Regions), strings.Join(links, ", "), len(p.Seas), len(p.Rails), routes, t.Cards, t.RegionCards, t.TransportCards,
		s.Warnings, out)
}
