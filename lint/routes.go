package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/unionfind"
	"github.com/tendays/tendays/mapdata"
)

// Rule ids of the route-network pack rules (kind network).
const (
	RuleNetUnknownStation = "network/route-station"
	RuleNetDuplicate      = "network/duplicate"
	RuleNetCross          = "network/routes-cross"
	RuleNetUnconnected    = "network/unconnected"
	RuleNetDisconnected   = "network/disconnected"
	RuleNetTokenMix       = "network/token-mix"
	RuleNetHome           = "network/home"
	RuleNetTicketStation  = "network/ticket-station"
	RuleNetTicketUnreach  = "network/ticket-unreachable"
	RuleNetTicketRegions  = "network/ticket-regions"
	RuleNetCommodity      = "network/commodity"
	RuleNetExpect         = "network/expect"
	RuleNetSetup          = "network/setup"
	RuleNetNumbers        = "network/numbers"
)

// networkRules judge a route-network pack (kind network); a regions rule
// never sees a network pack nor the reverse.
var networkRules = []*Rule{
	{RuleInfo: diag.RuleInfo{ID: RuleNetUnknownStation, Severity: diag.Error,
		Doc: "Every route joins two stations of the pack, and no route joins a station to itself."}, Kind: KindNetwork, Run: On(checkRouteStations)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetDuplicate, Severity: diag.Error,
		Doc: "Station ids, numbers and names, company ids, commodity ids, ticket ids and routes are each listed once."}, Kind: KindNetwork, Run: On(checkNetDuplicates)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetCross, Severity: diag.Error,
		Doc: "No two routes cross on the board (drawn as straight lines in the board's plane, mapdata.Plane)."}, Kind: KindNetwork, Run: On(checkRoutesCross)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetUnconnected, Severity: diag.Error,
		Doc: "Every station has a route: a station without one can never be reached or built from."}, Kind: KindNetwork, Run: On(checkUnconnected)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetDisconnected, Severity: diag.Warning,
		Doc: "The routes join all stations into one network."}, Kind: KindNetwork, Run: On(checkDisconnected)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetTokenMix, Severity: diag.Error,
		Doc: "The station tokens fill the station spaces exactly: as many tokens as stations with a space."}, Kind: KindNetwork, Run: On(checkTokenMix)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetHome, Severity: diag.Error,
		Doc: "Every company has a home station token, and every home token names a company."}, Kind: KindNetwork, Run: On(checkHomes)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetTicketStation, Severity: diag.Error,
		Doc: "A passenger ticket names two different stations of the pack."}, Kind: KindNetwork, Run: On(checkTicketStations)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetTicketUnreach, Severity: diag.Error,
		Doc: "The two stations of a passenger ticket are joined by some path of routes."}, Kind: KindNetwork, Run: On(checkTicketReach)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetTicketRegions, Severity: diag.Warning,
		Doc: "Every region of the map has a station on some passenger ticket."}, Kind: KindNetwork, Run: On(checkTicketRegions)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetCommodity, Severity: diag.Error,
		Doc: "Freight tickets and commodity tokens name commodities of the pack."}, Kind: KindNetwork, Run: On(checkCommodities)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetExpect, Severity: diag.Error,
		Doc: "Stations, tickets, company cards, station and gold tokens number what the rulebook states (the edition's expect block)."}, Kind: KindNetwork, Run: On(checkNetExpect)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetSetup, Severity: diag.Error,
		Doc: "Each player count's setup deals the deck out exactly: players x hand + players x (rounds - 1) x draw cards remain after the removals, which name companies and leave none negative."}, Kind: KindNetwork, Run: On(checkSetups)},
	{RuleInfo: diag.RuleInfo{ID: RuleNetNumbers, Severity: diag.Warning,
		Doc: "Stations are numbered 1 to N without gaps."}, Kind: KindNetwork, Run: On(checkNumbers)},
}

func stationSet(p *mapdata.NetworkPack) map[string]int {
	m := make(map[string]int, len(p.Stations))
	for i, s := range p.Stations {
		if _, dup := m[s.ID]; !dup {
			m[s.ID] = i
		}
	}
	return m
}

func stationIDs(p *mapdata.NetworkPack) []string {
	ids := make([]string, len(p.Stations))
	for i, s := range p.Stations {
		ids[i] = s.ID
	}
	return ids
}

func checkRouteStations(pass *Pass, p *mapdata.NetworkPack) {
	st := stationSet(p)
	for i, r := range p.Routes {
		for _, end := range []struct{ field, id string }{{"a", r.A}, {"b", r.B}} {
			if _, ok := st[end.id]; !ok {
				pass.ReportHintf(ptr("routes", i, end.field), suggest(end.id, stationIDs(p)),
					"route %s–%s names station %q, which the pack does not have", r.A, r.B, end.id)
			}
		}
		if r.A == r.B {
			pass.Reportf(ptr("routes", i), "route joins station %q to itself", r.A)
		}
	}
}

func checkNetDuplicates(pass *Pass, p *mapdata.NetworkPack) {
	dup := func(list string, field string, keys []string) {
		seen := map[string]int{}
		for i, k := range keys {
			if j, ok := seen[k]; ok {
				pass.Reportf(ptr(list, i, field), "%s %q is listed twice (%s/%d and %s/%d)", strings.TrimSuffix(list, "s"), k, list, j, list, i)
				continue
			}
			seen[k] = i
		}
	}
	var ids, nums, names []string
	for _, s := range p.Stations {
		ids = append(ids, s.ID)
		nums = append(nums, fmt.Sprint(s.Number))
		names = append(names, mapdata.Fold(s.Name))
	}
	dup("stations", "id", ids)
	dup("stations", "number", nums)
	dup("stations", "name", names)
	var comp, com, pt, ft, routes []string
	for _, c := range p.Companies {
		comp = append(comp, c.ID)
	}
	for _, c := range p.Commodities {
		com = append(com, c.ID)
	}
	for _, t := range p.Passenger {
		pt = append(pt, t.ID)
	}
	for _, t := range p.Freight {
		ft = append(ft, t.ID)
	}
	for _, r := range p.Routes {
		a, b := r.A, r.B
		if b < a {
			a, b = b, a
		}
		routes = append(routes, a+"–"+b)
	}
	dup("companies", "id", comp)
	dup("commodities", "id", com)
	dup("passengerTickets", "id", pt)
	dup("freightTickets", "id", ft)
	dup("routes", "", routes)
}

func checkRoutesCross(pass *Pass, p *mapdata.NetworkPack) {
	st := stationSet(p)
	pts := make([][2]float64, len(p.Stations))
	for i, s := range p.Stations {
		pts[i] = s.Point
	}
	plane := mapdata.Plane(pts)
	type seg struct {
		i    int
		a, b int
	}
	var segs []seg
	for i, r := range p.Routes {
		a, okA := st[r.A]
		b, okB := st[r.B]
		if okA && okB && a != b {
			segs = append(segs, seg{i, a, b})
		}
	}
	for x := 0; x < len(segs); x++ {
		for y := x + 1; y < len(segs); y++ {
			s, t := segs[x], segs[y]
			if s.a == t.a || s.a == t.b || s.b == t.a || s.b == t.b {
				continue
			}
			if mapdata.SegmentsCross(plane[s.a], plane[s.b], plane[t.a], plane[t.b]) {
				// Report at the route the edition listed, if one was:
				// that is the line to change.
				at, other := t.i, s.i
				if p.Routes[s.i].Why != "" && p.Routes[t.i].Why == "" {
					at, other = s.i, t.i
				}
				r, q := p.Routes[other], p.Routes[at]
				pass.ReportHintf(ptr("routes", at), "remove one of them, or move a station",
					"route %s–%s crosses route %s–%s", q.A, q.B, r.A, r.B)
			}
		}
	}
}

func degrees(p *mapdata.NetworkPack) []int {
	st := stationSet(p)
	deg := make([]int, len(p.Stations))
	for _, r := range p.Routes {
		a, okA := st[r.A]
		b, okB := st[r.B]
		if okA && okB && a != b {
			deg[a]++
			deg[b]++
		}
	}
	return deg
}

func checkUnconnected(pass *Pass, p *mapdata.NetworkPack) {
	for i, d := range degrees(p) {
		if d == 0 {
			pass.ReportHintf(ptr("stations", i), "add a route to it (routes.add) or raise routes.max_km",
				"station %d %s has no route", p.Stations[i].Number, p.Stations[i].Name)
		}
	}
}

// components labels each station with its network component.
func components(p *mapdata.NetworkPack) ([]int, int) {
	st := stationSet(p)
	sets := unionfind.New(len(p.Stations))
	for _, r := range p.Routes {
		a, okA := st[r.A]
		b, okB := st[r.B]
		if okA && okB {
			sets.Union(a, b)
		}
	}
	return sets.Labels()
}

func checkDisconnected(pass *Pass, p *mapdata.NetworkPack) {
	deg := degrees(p)
	label, n := components(p)
	if n <= 1 {
		return
	}
	// Report every station outside the largest piece that has routes
	// (lone stations are network/unconnected's).
	size := make([]int, n)
	for _, l := range label {
		size[l]++
	}
	big := 0
	for i := range size {
		if size[i] > size[big] {
			big = i
		}
	}
	for i, l := range label {
		if l != big && deg[i] > 0 {
			pass.Reportf(ptr("stations", i), "station %d %s is not joined to the main network (%d stations)", p.Stations[i].Number, p.Stations[i].Name, size[big])
		}
	}
}

func checkTokenMix(pass *Pass, p *mapdata.NetworkPack) {
	tokens, spaces := p.TokenTotal(), p.Spaces()
	if tokens != spaces {
		var parts []string
		for _, t := range p.Tokens {
			what := t.Kind
			if t.Company != "" {
				what += " " + t.Company
			}
			if t.Commodity != "" {
				what += " " + t.Commodity
			}
			parts = append(parts, fmt.Sprintf("%s %d", what, t.Count))
		}
		pass.ReportHintf("/tokens", fmt.Sprintf("the mix is %s", strings.Join(parts, ", ")),
			"the token mix has %d station tokens for %d station spaces", tokens, spaces)
	}
	for i, t := range p.Tokens {
		if !containsString(mapdata.TokenKinds, t.Kind) {
			pass.Reportf(ptr("tokens", i, "kind"), "unknown station token kind %q (want %s)", t.Kind, strings.Join(mapdata.TokenKinds, ", "))
		}
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func checkHomes(pass *Pass, p *mapdata.NetworkPack) {
	homes := map[string]int{}
	for i, t := range p.Tokens {
		if t.Kind != mapdata.TokenHome {
			continue
		}
		if p.Company(t.Company) < 0 {
			pass.Reportf(ptr("tokens", i, "company"), "home token names company %q, which the pack does not have", t.Company)
			continue
		}
		homes[t.Company] += t.Count
	}
	for i, c := range p.Companies {
		if homes[c.ID] == 0 {
			pass.ReportHintf(ptr("companies", i), "give it a home token (tokens.home)", "company %s has no home station: its cubes can never be placed", c.ID)
		}
	}
}

func checkTicketStations(pass *Pass, p *mapdata.NetworkPack) {
	st := stationSet(p)
	for i, t := range p.Passenger {
		for _, end := range []struct{ field, id string }{{"a", t.A}, {"b", t.B}} {
			if _, ok := st[end.id]; !ok {
				pass.ReportHintf(ptr("passengerTickets", i, end.field), suggest(end.id, stationIDs(p)),
					"passenger ticket %s names station %q, which the pack does not have", t.ID, end.id)
			}
		}
		if t.A == t.B {
			pass.Reportf(ptr("passengerTickets", i), "passenger ticket %s names station %q twice", t.ID, t.A)
		}
	}
}

func checkTicketReach(pass *Pass, p *mapdata.NetworkPack) {
	st := stationSet(p)
	label, _ := components(p)
	for i, t := range p.Passenger {
		a, okA := st[t.A]
		b, okB := st[t.B]
		if okA && okB && a != b && label[a] != label[b] {
			pass.Reportf(ptr("passengerTickets", i), "passenger ticket %s: no path of routes joins %s and %s", t.ID, t.A, t.B)
		}
	}
}

func checkTicketRegions(pass *Pass, p *mapdata.NetworkPack) {
	if len(p.Passenger) == 0 {
		return
	}
	st := stationSet(p)
	reached := map[string]bool{}
	for _, t := range p.Passenger {
		for _, id := range []string{t.A, t.B} {
			if i, ok := st[id]; ok {
				reached[p.Stations[i].Region] = true
			}
		}
	}
	first := map[string]int{}
	for i, s := range p.Stations {
		if _, ok := first[s.Region]; !ok && s.Region != "" {
			first[s.Region] = i
		}
	}
	regions := make([]string, 0, len(first))
	for r := range first {
		regions = append(regions, r)
	}
	sort.Strings(regions)
	for _, r := range regions {
		if !reached[r] {
			pass.Reportf(ptr("stations", first[r], "region"), "no passenger ticket reaches region %q", r)
		}
	}
}

func checkCommodities(pass *Pass, p *mapdata.NetworkPack) {
	for i, t := range p.Freight {
		for j, c := range t.Commodities {
			if p.Commodity(c) < 0 {
				pass.Reportf(ptr("freightTickets", i, "commodities", j), "freight ticket %s names commodity %q, which the pack does not have", t.ID, c)
			}
		}
	}
	for i, t := range p.Tokens {
		if t.Kind == mapdata.TokenCommodity && t.Commodity != "" && p.Commodity(t.Commodity) < 0 {
			pass.Reportf(ptr("tokens", i, "commodity"), "commodity token names commodity %q, which the pack does not have", t.Commodity)
		}
	}
}

func checkNetExpect(pass *Pass, p *mapdata.NetworkPack) {
	x := p.Expect
	if x == nil {
		return
	}
	check := func(want *int, got int, pointer, what string) {
		if want != nil && *want != got {
			pass.Reportf(pointer, "%s: the pack has %d, the rulebook states %d", what, got, *want)
		}
	}
	check(x.Stations, len(p.Stations), "/stations", "stations")
	check(x.PassengerTickets, len(p.Passenger), "/passengerTickets", "passenger tickets")
	check(x.FreightTickets, len(p.Freight), "/freightTickets", "freight tickets")
	check(x.CompanyCards, p.CompanyCards(), "/companies", "company cards")
	check(x.StationTokens, p.TokenTotal(), "/tokens", "station tokens")
	check(x.GoldTokens, p.GoldTokens(), "/gold", "gold tokens")
}

func checkSetups(pass *Pass, p *mapdata.NetworkPack) {
	r := p.Rules
	for i, s := range p.Setups {
		removed := 0
		for j, c := range s.Removed {
			k := p.Company(c.Company)
			if k < 0 {
				pass.Reportf(ptr("setups", i, "removed", j, "company"), "%d-player setup removes cards of company %q, which the pack does not have", s.Players, c.Company)
				continue
			}
			if c.Count > p.Companies[k].Cards {
				pass.Reportf(ptr("setups", i, "removed", j, "count"), "%d-player setup removes %d %s cards of %d", s.Players, c.Count, c.Company, p.Companies[k].Cards)
			}
			removed += c.Count
		}
		deck := p.CompanyCards() - removed
		need := s.Players*r.Hand + s.Players*(s.Rounds-1)*r.Draw
		if deck != need {
			pass.ReportHintf(ptr("setups", i), fmt.Sprintf("%d players x %d cards + %d players x %d rounds x %d drawn = %d", s.Players, r.Hand, s.Players, s.Rounds-1, r.Draw, need),
				"%d-player setup leaves %d company cards, but dealing %d and drawing %d a turn for %d rounds uses %d", s.Players, deck, r.Hand, r.Draw, s.Rounds, need)
		}
		if s.RanksScored < 1 || s.RanksScored > len(r.ShareDivisors) {
			pass.Reportf(ptr("setups", i, "ranksScored"), "%d-player setup scores %d share ranks; the rules have %d", s.Players, s.RanksScored, len(r.ShareDivisors))
		}
	}
}

func checkNumbers(pass *Pass, p *mapdata.NetworkPack) {
	nums := make([]int, 0, len(p.Stations))
	for _, s := range p.Stations {
		nums = append(nums, s.Number)
	}
	sort.Ints(nums)
	for i, n := range nums {
		if n != i+1 {
			pass.Reportf("/stations", "stations are not numbered 1 to %d: number %d is missing", len(nums), i+1)
			return
		}
	}
}
