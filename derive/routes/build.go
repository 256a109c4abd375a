// Package routes derives a route-network pack (kind network: Across the
// United States) from its edition: stations from the GeoJSON Points of a
// stations file, numbered by a rule or a list; routes from a planar
// proximity graph of the points (Gabriel or relative neighbourhood) cut at a
// maximum length, with the edition's additions and removals; the station
// token mix, companies and setups by player count; and the two ticket decks,
// passenger tickets from station pairs spread over the map and over
// distances, freight tickets from commodity combinations with points by
// rarity.
//
// Reading and schema-checking edition.yaml happens before: Build takes the
// decoded edition. Judging the pack (crossing routes, a token mix that does
// not fill the spaces) is lint's job; Build reports only what it meets on the
// way, each finding at its place in the edition or the stations file.
package routes

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/tendays/tendays/derive/folder"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/srcpos"
	"github.com/tendays/tendays/internal/version"
	"github.com/tendays/tendays/mapdata"
)

// Rule ids of the findings a derivation makes.
const (
	RuleUnknownStation   = "network/unknown-station"
	RuleStationPoint     = "network/station-point"
	RuleStationName      = "network/station-name"
	RuleNumbering        = "network/numbering"
	RuleRemoveMissing    = "network/remove-missing"
	RuleUnknownCompany   = "network/unknown-company"
	RuleUnknownCommodity = "network/unknown-commodity"
	RuleTicketsShort     = "network/tickets-short"
)

// Rules describes the rules above for lint's registry (lint --list-rules,
// .tendays-lint.yaml): each id once, its default severity and what it
// asks of a route-network edition.
var Rules = []diag.RuleInfo{
	{ID: RuleUnknownStation, Severity: diag.Error, Doc: "Every station an edition names (routes, numbering, omit, tickets) is a station of the stations file."},
	{ID: RuleStationPoint, Severity: diag.Error, Doc: "Every feature of the stations file is a Point with a longitude and a latitude."},
	{ID: RuleStationName, Severity: diag.Error, Doc: "Every station has a name (the stations.name property), and no two stations share a name or an id."},
	{ID: RuleNumbering, Severity: diag.Error, Doc: "The numbering gives every station one number: a list names each station once, a property holds distinct positive integers."},
	{ID: RuleRemoveMissing, Severity: diag.Warning, Doc: "A route the edition removes exists."},
	{ID: RuleUnknownCompany, Severity: diag.Error, Doc: "Companies named by player setups are companies of the edition."},
	{ID: RuleUnknownCommodity, Severity: diag.Error, Doc: "Commodities named by the token mix and by freight tickets are commodities of the edition."},
	{ID: RuleTicketsShort, Severity: diag.Error, Doc: "There are enough station pairs and commodity combinations to deal the ticket decks the edition asks for."},
}

// Input is a network edition to build.
type Input struct {
	Doc *mapdata.NetworkEditionDoc
	// FS is the edition's folder; files the edition names are read from it.
	FS fs.FS
	// Dir names the folder in messages.
	Dir string
	// MaxBytes limits each file read (0: mapdata.DefaultMaxInput).
	MaxBytes int64
}

// Result is a built network edition.
type Result struct {
	Pack     *mapdata.NetworkPack
	Findings []diag.Finding
	// Locate maps a pointer into the pack to the place in the edition that
	// made it.
	Locate func(pointer string) diag.Position
}

type builder struct {
	in       Input
	ed       *mapdata.NetworkEdition
	doc      *mapdata.Doc
	findings []diag.Finding
	files    *folder.Reader

	stationsDoc *mapdata.Doc
	stations    []*station
	routes      []mapdata.Route
	removed     []mapdata.Route
	routeSrc    map[[2]string]string // route -> pointer of its add entry
	pack        *mapdata.NetworkPack
}

// Build derives the pack of a network edition. An error means a file could
// not be read at all; everything else is a finding, and a finding of
// severity error means the pack must not be written.
func Build(in Input) (*Result, error) {
	b := &builder{in: in, ed: in.Doc.Edition, doc: in.Doc.Doc, routeSrc: map[[2]string]string{}}
	b.files = &folder.Reader{FS: in.FS, Dir: in.Dir, MaxBytes: in.MaxBytes, At: b.at}
	b.files.Record(path.Base(in.Doc.File), in.Doc.Src)
	if err := b.readStations(); err != nil {
		return nil, err
	}
	b.number()
	b.deriveRoutes()
	p := b.newPack()
	b.pack = p
	if len(p.Stations) >= 2 {
		b.dealTickets(p)
	}
	mapdata.CanonicalizeNetwork(p)
	return &Result{Pack: p, Findings: b.findings, Locate: b.locator(p)}, nil
}

func (b *builder) at(pointer string) diag.Position { return b.doc.Position(pointer) }

func (b *builder) report(rule string, sev diag.Severity, pos diag.Position, hint, format string, args ...any) {
	b.findings = append(b.findings, diag.Finding{Rule: rule, Severity: sev,
		Message: fmt.Sprintf(format, args...), Hint: hint, Position: pos})
}

func ptr(tokens ...any) string { return srcpos.Join("", tokens...) }

// newPack assembles everything but the tickets.
func (b *builder) newPack() *mapdata.NetworkPack {
	e := b.ed
	p := &mapdata.NetworkPack{
		Kind:        mapdata.KindNetwork,
		Edition:     mapdata.NetworkInfo{ID: e.ID, Name: e.Name},
		Rules:       b.rules(),
		Routes:      b.routes,
		Removed:     b.removed,
		Commodities: append([]mapdata.Commodity(nil), e.Commodities...),
		Gold:        append([]mapdata.GoldCount(nil), e.Gold...),
	}
	for _, s := range b.stations {
		p.Stations = append(p.Stations, mapdata.Station{ID: s.id, Number: s.number, Name: s.name, Point: s.point, Region: s.region, Space: s.space})
	}
	for _, c := range e.Companies {
		hex := c.Hex
		if hex == "" {
			hex = "#808080"
		}
		p.Companies = append(p.Companies, mapdata.Company{ID: c.ID, Name: c.Name, Short: c.Short, Color: c.Color, Hex: hex, Cards: c.Cards, Cubes: c.Cubes})
	}
	p.Tokens = b.tokens(p)
	p.Setups = b.setups(p)
	x := e.Expect
	if x.Stations != nil || x.PassengerTickets != nil || x.FreightTickets != nil || x.CompanyCards != nil || x.StationTokens != nil || x.GoldTokens != nil {
		p.Expect = &mapdata.NetworkExpect{Stations: x.Stations, PassengerTickets: x.PassengerTickets, FreightTickets: x.FreightTickets,
			CompanyCards: x.CompanyCards, StationTokens: x.StationTokens, GoldTokens: x.GoldTokens}
	}
	p.Provenance = mapdata.Provenance{Tool: version.Tool, Version: version.Version, Parameters: b.parameters(), Notes: e.Provenance}
	p.Provenance.Inputs = b.files.Inputs()
	return p
}

func (b *builder) rules() mapdata.NetworkRules {
	r := mapdata.DefaultNetworkRules()
	s := b.ed.Rules
	if s.StartMoney != nil {
		r.StartMoney = *s.StartMoney
	}
	if s.Hand != nil {
		r.Hand = *s.Hand
	}
	if c := s.CommodityStation; c != nil {
		r.CommodityStation = mapdata.CommodityStationRule{Take: c.Take, GoldFor: c.GoldFor, Note: c.Note}
	}
	return r
}

func (b *builder) tokens(p *mapdata.NetworkPack) []mapdata.TokenCount {
	t := b.ed.Tokens
	var out []mapdata.TokenCount
	for _, c := range p.Companies {
		out = append(out, mapdata.TokenCount{Kind: mapdata.TokenHome, Company: c.ID, Count: t.Home})
	}
	for _, k := range []struct {
		kind  string
		count int
	}{{mapdata.TokenFreeStock, t.FreeStock}, {mapdata.TokenMoney, t.Money}, {mapdata.TokenTicket, t.Ticket}} {
		if k.count > 0 {
			out = append(out, mapdata.TokenCount{Kind: k.kind, Count: k.count})
		}
	}
	for _, id := range slices.Sorted(maps.Keys(t.Commodity)) {
		n := t.Commodity[id]
		if id == "any" {
			id = ""
		} else if p.Commodity(id) < 0 {
			b.report(RuleUnknownCommodity, diag.Error, b.at(ptr("tokens", "commodity", id)), "commodities: "+commodityIDs(p),
				"the token mix names commodity %q, which the edition does not list", id)
			continue
		}
		if n > 0 {
			out = append(out, mapdata.TokenCount{Kind: mapdata.TokenCommodity, Commodity: id, Count: n})
		}
	}
	return out
}

func commodityIDs(p *mapdata.NetworkPack) string {
	ids := make([]string, len(p.Commodities))
	for i, c := range p.Commodities {
		ids[i] = c.ID
	}
	return strings.Join(ids, ", ")
}

func (b *builder) setups(p *mapdata.NetworkPack) []mapdata.PlayerSetup {
	var out []mapdata.PlayerSetup
	for _, key := range slices.Sorted(maps.Keys(b.ed.Players)) {
		n, err := strconv.Atoi(key)
		if err != nil {
			continue // the schema allows only numbers
		}
		spec := b.ed.Players[key]
		s := mapdata.PlayerSetup{Players: n, Rounds: spec.Rounds, RanksScored: spec.RanksScored, Removed: []mapdata.CompanyCount{}}
		if s.RanksScored == 0 {
			s.RanksScored = defaultRanks(n, len(p.Rules.ShareDivisors))
		}
		for _, c := range p.Companies {
			count := spec.RemoveEach
			if v, ok := spec.Remove[c.ID]; ok {
				count = v
			}
			if count > 0 {
				s.Removed = append(s.Removed, mapdata.CompanyCount{Company: c.ID, Count: count})
			}
		}
		for _, id := range slices.Sorted(maps.Keys(spec.Remove)) {
			if p.Company(id) < 0 {
				b.report(RuleUnknownCompany, diag.Error, b.at(ptr("players", key, "remove", id)), "",
					"the %d-player setup removes cards of company %q, which the edition does not list", n, id)
			}
		}
		out = append(out, s)
	}
	return out
}

// defaultRanks is the rulebook's: in a 2-player game only the first place
// scores, in a 3-player game the first two, otherwise every rank there is.
func defaultRanks(players, ranks int) int {
	if players-1 < ranks {
		return max(1, players-1)
	}
	return ranks
}

func (b *builder) parameters() map[string]string {
	e := b.ed
	graph := e.Routes.Graph
	if graph == "" {
		graph = mapdata.GraphGabriel
	}
	rule := e.Stations.Numbering.Rule
	if rule == "" {
		rule = mapdata.NumberWestEast
	}
	dist := e.Tickets.Passenger.Distance
	if dist == "" {
		dist = "km"
	}
	pts := e.Tickets.Passenger.Points
	prule := pts.Rule
	if prule == "" {
		prule = "linear"
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	params := map[string]string{
		"stations.file":               e.Stations.File,
		"stations.numbering":          rule,
		"routes.graph":                graph,
		"routes.max_km":               f(e.Routes.MaxKm),
		"tickets.passenger.distance":  dist,
		"tickets.passenger.points":    prule,
		"tickets.passenger.seed":      strconv.FormatUint(e.Tickets.Passenger.Seed, 10),
		"tickets.freight.size":        strconv.Itoa(freightSize(e)),
		"tickets.freight.points.per":  f(e.Tickets.Freight.Points.Per),
		"tickets.freight.points.base": f(e.Tickets.Freight.Points.Base),
	}
	if prule == "linear" {
		params["tickets.passenger.points.base"] = f(pts.Base)
		params["tickets.passenger.points.per"] = f(pts.Per)
	}
	return params
}

// locator maps a pointer into the pack to the edition line that made it.
func (b *builder) locator(p *mapdata.NetworkPack) func(string) diag.Position {
	return func(pointer string) diag.Position {
		parts := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
		pos := b.at("")
		switch parts[0] {
		case "stations":
			pos = b.at("/stations")
			if len(parts) > 1 && b.stationsDoc != nil {
				if i, err := strconv.Atoi(parts[1]); err == nil && i < len(p.Stations) {
					if s := b.byID(p.Stations[i].ID); s != nil {
						pos = b.stationsDoc.Position(ptr("features", s.feature))
					}
				}
			}
		case "routes", "removed":
			pos = b.at("/routes")
			if len(parts) > 1 {
				if i, err := strconv.Atoi(parts[1]); err == nil {
					list := p.Routes
					if parts[0] == "removed" {
						list = p.Removed
					}
					if i < len(list) {
						if src, ok := b.routeSrc[[2]string{list[i].A, list[i].B}]; ok {
							pos = b.at(src)
						}
					}
				}
			}
		case "tokens":
			pos = b.at("/tokens")
		case "companies":
			pos = b.at("/companies")
			if len(parts) > 1 {
				pos = b.at(ptr("companies", parts[1]))
			}
		case "setups":
			pos = b.at("/players")
		case "passengerTickets":
			pos = b.at("/tickets/passenger")
		case "freightTickets":
			pos = b.at("/tickets/freight")
		case "expect":
			pos = b.at("/expect")
		case "rules":
			pos = b.at("/rules")
		case "gold":
			pos = b.at("/gold")
		}
		if pos.Line == 0 && pos.File == b.doc.File {
			pos = b.at("")
		}
		return pos
	}
}
