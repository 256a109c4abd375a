package mapdata

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/internal/atomicfile"
)

// KindNetwork is the kind of a route-network pack (Across the United States):
// numbered stations joined by routes on which railway companies lay cubes.
// A network pack is its own type, NetworkPack; the regions Pack is not used
// for it. Readers sniff "kind" first (PackKind) and decode the right type.
const KindNetwork = "network"

// Station token kinds: what a station space does when a route beside it is
// built.
const (
	TokenHome      = "home"       // buy a share of its company from the discard
	TokenFreeStock = "free-stock" // buy a share of any company from the discard
	TokenMoney     = "money"      // gain money
	TokenTicket    = "ticket"     // draw a passenger or freight ticket
	TokenCommodity = "commodity"  // see NetworkRules.CommodityStation
)

// TokenKinds lists the station token kinds in their canonical order.
var TokenKinds = []string{TokenHome, TokenFreeStock, TokenMoney, TokenTicket, TokenCommodity}

// NetworkPack is everything a program needs to play a route-network edition.
// It holds the stations' points (the board is drawn from them) but no other
// geometry.
type NetworkPack struct {
	Format        string            `json:"format"`
	FormatVersion int               `json:"formatVersion"`
	Kind          string            `json:"kind"`
	Edition       NetworkInfo       `json:"edition"`
	Rules         NetworkRules      `json:"rules"`
	Stations      []Station         `json:"stations"`
	Routes        []Route           `json:"routes"`
	Removed       []Route           `json:"removed,omitempty"`
	Tokens        []TokenCount      `json:"tokens"`
	Companies     []Company         `json:"companies"`
	Commodities   []Commodity       `json:"commodities"`
	Gold          []GoldCount       `json:"gold"`
	Setups        []PlayerSetup     `json:"setups"`
	Passenger     []PassengerTicket `json:"passengerTickets"`
	Freight       []FreightTicket   `json:"freightTickets"`
	Expect        *NetworkExpect    `json:"expect,omitempty"`
	Provenance    Provenance        `json:"provenance"`
}

// PackKind is KindNetwork.
func (p *NetworkPack) PackKind() string { return KindNetwork }

// EditionID is p.Edition.ID.
func (p *NetworkPack) EditionID() string { return p.Edition.ID }

// PackProvenance is &p.Provenance.
func (p *NetworkPack) PackProvenance() *Provenance { return &p.Provenance }

// NetworkInfo names the edition a network pack was built from.
type NetworkInfo struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// NetworkRules are the rulebook's numbers and the decisions an edition makes
// where the rulebook is silent or cut off. Every field is written, so a pack
// says exactly which rules it is played by.
type NetworkRules struct {
	StartMoney     int `json:"startMoney"`     // money each player starts with (the rulebook is silent)
	Hand           int `json:"hand"`           // company cards dealt to each player at setup
	Draw           int `json:"draw"`           // cards drawn in the replenishment phase (2)
	InsteadMoney   int `json:"insteadMoney"`   // money taken instead of a station action (1)
	MoneyStation   int `json:"moneyStation"`   // money a money station gives (2)
	CubeFee        int `json:"cubeFee"`        // paid per other company's cube on the route (1)
	TransferPrice  int `json:"transferPrice"`  // purchase a): a transfer token (2)
	CommodityPrice int `json:"commodityPrice"` // purchase b): a commodity of any type (2)
	CubePrice      int `json:"cubePrice"`      // purchase c): a cube of any company (3)
	ExchangePrice  int `json:"exchangePrice"`  // purchase d): one commodity for another (1)
	Exchanges      int `json:"exchanges"`      // purchase d): at most this many exchanges (2)
	SellCommodity  int `json:"sellCommodity"`  // scoring v: money per commodity left (1)
	MoneyPerPoint  int `json:"moneyPerPoint"`  // scoring v: money for one point (2)
	// CommodityStation is the decision for the action the rulebook's text
	// cuts off.
	CommodityStation CommodityStationRule `json:"commodityStation"`
	// ShareDivisors: the player at rank i+1 of a company's shares scores
	// its price / ShareDivisors[i], rounded down ([1, 2, 4]); how many ranks
	// score depends on the player count (PlayerSetup.RanksScored).
	ShareDivisors []int `json:"shareDivisors"`
}

// CommodityStationRule is what a commodity station offers. The rulebook's
// sentence stops at "You may do either of the following:"; tendays reads
// the station as producing the commodity printed on it (Take tokens of it),
// and, as the second choice, as the only way to the Gold tokens the box
// holds: hand in GoldFor commodities of any types for one Gold token drawn
// face down. GoldFor 0 turns the second choice off.
type CommodityStationRule struct {
	Take    int    `json:"take"`
	GoldFor int    `json:"goldFor"`
	Note    string `json:"note,omitempty"`
}

// Station is one numbered city on the board.
type Station struct {
	ID     string     `json:"id"`
	Number int        `json:"number"`
	Name   string     `json:"name"`
	Point  [2]float64 `json:"point"` // longitude, latitude (WGS 84)
	Region string     `json:"region,omitempty"`
	// Space: the station holds a station token. Every station does unless
	// the edition says otherwise.
	Space bool `json:"space"`
}

// Route joins two stations (A < B by id in a canonical pack).
type Route struct {
	A        string  `json:"a"`
	B        string  `json:"b"`
	LengthKm float64 `json:"lengthKm"`
	Why      string  `json:"why,omitempty"` // listed or removed by the edition: its reason
}

// TokenCount is how many station tokens of a kind the box holds. Home
// tokens name their company; commodity tokens their commodity (or none: a
// station of any commodity).
type TokenCount struct {
	Kind      string `json:"kind"`
	Company   string `json:"company,omitempty"`
	Commodity string `json:"commodity,omitempty"`
	Count     int    `json:"count"`
}

// Company is a railway company: its cards and cubes.
type Company struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Short string `json:"short,omitempty"` // as the cards print it ("B&O")
	Color string `json:"color"`
	Hex   string `json:"hex"`
	Cards int    `json:"cards"`
	Cubes int    `json:"cubes"` // in the box; the rules treat cubes as unlimited
}

// Commodity is a kind of commodity token.
type Commodity struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// GoldCount is how many Gold tokens of a value the box holds.
type GoldCount struct {
	Points int `json:"points"`
	Count  int `json:"count"`
}

// PlayerSetup is the setup for one player count.
type PlayerSetup struct {
	Players int `json:"players"`
	Rounds  int `json:"rounds"`
	// RanksScored is how many share ranks score (2 players: 1, 3: 2).
	RanksScored int            `json:"ranksScored"`
	Removed     []CompanyCount `json:"removed"` // company cards returned to the box
}

// CompanyCount is a number of cards of one company.
type CompanyCount struct {
	Company string `json:"company"`
	Count   int    `json:"count"`
}

// PassengerTicket names two stations; it scores Points when one company's
// route (or several, paying transfer tokens) joins them.
type PassengerTicket struct {
	ID         string  `json:"id"`
	A          string  `json:"a"`
	B          string  `json:"b"`
	Points     int     `json:"points"`
	DistanceKm float64 `json:"distanceKm,omitempty"` // along the shortest route path
	Hops       int     `json:"hops,omitempty"`
}

// FreightTicket names commodities (repeats allowed); it scores Points when
// they are handed in at the end.
type FreightTicket struct {
	ID          string   `json:"id"`
	Commodities []string `json:"commodities"`
	Points      int      `json:"points"`
}

// NetworkExpect is what the rulebook says the box holds.
type NetworkExpect struct {
	Stations         *int `json:"stations,omitempty"`
	PassengerTickets *int `json:"passengerTickets,omitempty"`
	FreightTickets   *int `json:"freightTickets,omitempty"`
	CompanyCards     *int `json:"companyCards,omitempty"`
	StationTokens    *int `json:"stationTokens,omitempty"`
	GoldTokens       *int `json:"goldTokens,omitempty"`
}

// Station returns the index of the station with the given id, or -1.
func (p *NetworkPack) Station(id string) int {
	for i := range p.Stations {
		if p.Stations[i].ID == id {
			return i
		}
	}
	return -1
}

// Company returns the index of the company with the given id, or -1.
func (p *NetworkPack) Company(id string) int {
	for i := range p.Companies {
		if p.Companies[i].ID == id {
			return i
		}
	}
	return -1
}

// Commodity returns the index of the commodity with the given id, or -1.
func (p *NetworkPack) Commodity(id string) int {
	for i := range p.Commodities {
		if p.Commodities[i].ID == id {
			return i
		}
	}
	return -1
}

// Setup returns the setup for a player count, or nil.
func (p *NetworkPack) Setup(players int) *PlayerSetup {
	for i := range p.Setups {
		if p.Setups[i].Players == players {
			return &p.Setups[i]
		}
	}
	return nil
}

// Spaces counts the stations that hold a station token.
func (p *NetworkPack) Spaces() int {
	n := 0
	for _, s := range p.Stations {
		if s.Space {
			n++
		}
	}
	return n
}

// TokenTotal counts the station tokens of the mix (saturating, as TotalsOf).
func (p *NetworkPack) TokenTotal() int {
	n := 0
	for _, t := range p.Tokens {
		n = SatAdd(n, t.Count) // saturates: huge counts must not wrap to a plausible total
	}
	return n
}

// CompanyCards counts the company cards in the box.
func (p *NetworkPack) CompanyCards() int {
	n := 0
	for _, c := range p.Companies {
		n = SatAdd(n, c.Cards) // saturates: huge counts must not wrap to a plausible total
	}
	return n
}

// GoldTokens counts the Gold tokens in the box.
func (p *NetworkPack) GoldTokens() int {
	n := 0
	for _, g := range p.Gold {
		n = SatAdd(n, g.Count) // saturates: huge counts must not wrap to a plausible total
	}
	return n
}

// LookupStation finds a station by id, number or name (case and spacing
// ignored), as a user types it.
func (p *NetworkPack) LookupStation(token string) (int, error) {
	t := strings.TrimSpace(token)
	if n, err := strconv.Atoi(t); err == nil {
		for i, s := range p.Stations {
			if s.Number == n {
				return i, nil
			}
		}
		return -1, fmt.Errorf("no station number %d", n)
	}
	f := Fold(t)
	for i, s := range p.Stations {
		if Fold(s.ID) == f || Fold(s.Name) == f {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no station %q", token)
}

// CanonicalizeNetwork puts a network pack in its canonical order: stations
// by number (then id), routes by (a, b) with a < b, tokens by kind order,
// then company and commodity, companies and commodities as the edition
// lists them (that order is the rulebook's), setups by players, tickets by
// id; lengths rounded to metres.
func CanonicalizeNetwork(p *NetworkPack) {
	p.Format, p.FormatVersion, p.Kind = Format, FormatVersion, KindNetwork
	sort.SliceStable(p.Stations, func(i, j int) bool {
		if p.Stations[i].Number != p.Stations[j].Number {
			return p.Stations[i].Number < p.Stations[j].Number
		}
		return p.Stations[i].ID < p.Stations[j].ID
	})
	canonRoutes(p.Routes)
	canonRoutes(p.Removed)
	order := map[string]int{}
	for i, k := range TokenKinds {
		order[k] = i
	}
	sort.SliceStable(p.Tokens, func(i, j int) bool {
		a, b := p.Tokens[i], p.Tokens[j]
		oa, ok := order[a.Kind]
		if !ok {
			oa = len(TokenKinds)
		}
		ob, ok := order[b.Kind]
		if !ok {
			ob = len(TokenKinds)
		}
		if oa != ob {
			return oa < ob
		}
		if a.Company != b.Company {
			return p.Company(a.Company) < p.Company(b.Company)
		}
		return p.Commodity(a.Commodity) < p.Commodity(b.Commodity)
	})
	sort.SliceStable(p.Gold, func(i, j int) bool { return p.Gold[i].Points < p.Gold[j].Points })
	sort.SliceStable(p.Setups, func(i, j int) bool { return p.Setups[i].Players < p.Setups[j].Players })
	for i := range p.Setups {
		r := p.Setups[i].Removed
		sort.SliceStable(r, func(a, b int) bool { return p.Company(r[a].Company) < p.Company(r[b].Company) })
		if p.Setups[i].Removed == nil {
			p.Setups[i].Removed = []CompanyCount{}
		}
	}
	sort.SliceStable(p.Passenger, func(i, j int) bool { return p.Passenger[i].ID < p.Passenger[j].ID })
	sort.SliceStable(p.Freight, func(i, j int) bool { return p.Freight[i].ID < p.Freight[j].ID })
	for i := range p.Passenger {
		p.Passenger[i].DistanceKm = math.Round(p.Passenger[i].DistanceKm*1000) / 1000
	}
	sort.Slice(p.Provenance.Inputs, func(i, j int) bool { return p.Provenance.Inputs[i].Path < p.Provenance.Inputs[j].Path })
	ensureNetworkSlices(p)
}

func canonRoutes(rs []Route) {
	for i := range rs {
		r := &rs[i]
		if r.B < r.A {
			r.A, r.B = r.B, r.A
		}
		r.LengthKm = math.Round(r.LengthKm*1000) / 1000
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].A != rs[j].A {
			return rs[i].A < rs[j].A
		}
		return rs[i].B < rs[j].B
	})
}

func ensureNetworkSlices(p *NetworkPack) {
	if p.Stations == nil {
		p.Stations = []Station{}
	}
	if p.Routes == nil {
		p.Routes = []Route{}
	}
	if p.Tokens == nil {
		p.Tokens = []TokenCount{}
	}
	if p.Companies == nil {
		p.Companies = []Company{}
	}
	if p.Commodities == nil {
		p.Commodities = []Commodity{}
	}
	if p.Gold == nil {
		p.Gold = []GoldCount{}
	}
	if p.Setups == nil {
		p.Setups = []PlayerSetup{}
	}
	if p.Passenger == nil {
		p.Passenger = []PassengerTicket{}
	}
	if p.Freight == nil {
		p.Freight = []FreightTicket{}
	}
	for i := range p.Freight {
		if p.Freight[i].Commodities == nil {
			p.Freight[i].Commodities = []string{}
		}
	}
	if p.Rules.ShareDivisors == nil {
		p.Rules.ShareDivisors = []int{}
	}
	if p.Provenance.Inputs == nil {
		p.Provenance.Inputs = []Input{}
	}
}

// EncodeNetworkPack writes the canonical JSON of p (which it canonicalizes
// first).
func EncodeNetworkPack(w io.Writer, p *NetworkPack) error {
	CanonicalizeNetwork(p)
	return EncodeJSON(w, p)
}

// WriteNetworkPack writes the canonical pack to path atomically.
func WriteNetworkPack(path string, p *NetworkPack) error {
	return atomicfile.Write(path, 0o644, func(w io.Writer) error { return EncodeNetworkPack(w, p) })
}

// PackKind reads a document's "kind" member: KindRegions when it is absent
// (packs and editions written before networks existed).
func PackKind(doc *Doc) string {
	obj, ok := doc.Value.(map[string]any)
	if !ok {
		return ""
	}
	k, ok := obj["kind"].(string)
	if !ok || k == "" {
		return KindRegions
	}
	return k
}

// NetworkPackDoc is a network pack file read and decoded.
type NetworkPackDoc struct {
	*Doc
	Pack *NetworkPack
}

// DecodeNetworkPack reads a network pack from JSON text.
func DecodeNetworkPack(file string, src []byte) (*NetworkPackDoc, error) {
	doc, err := ParseJSON(file, src)
	if err != nil {
		return nil, err
	}
	return DecodeNetworkPackDoc(doc)
}

// DecodeNetworkPackDoc is DecodeNetworkPack on a document already parsed.
func DecodeNetworkPackDoc(doc *Doc) (*NetworkPackDoc, error) {
	if err := CheckPackHeader(doc); err != nil {
		return nil, err
	}
	if k := PackKind(doc); k != KindNetwork {
		return nil, diag.Errorf(doc.Position("/kind"), "pack kind is %q, not %q: this reads route-network packs", k, KindNetwork)
	}
	var p NetworkPack
	if err := doc.decodeInto(&p); err != nil {
		return nil, err
	}
	return &NetworkPackDoc{Doc: doc, Pack: &p}, nil
}

// ReadNetworkPack reads and decodes a network pack file.
func ReadNetworkPack(path string, max int64) (*NetworkPackDoc, error) {
	src, err := ReadFile(path, max)
	if err != nil {
		return nil, err
	}
	return DecodeNetworkPack(path, src)
}

// NetworkEdition is the source of a network pack, as a designer writes it in
// edition.yaml with `kind: network`. Field names follow the file
// (snake_case). Station names in lists are names as the stations file spells
// them, or ids, or numbers: derive resolves each and reports the ones that
// name nothing at their place.
type NetworkEdition struct {
	Kind        string                 `json:"kind"`
	ID          string                 `json:"id"`
	Name        string                 `json:"name"`
	Stations    StationsSpec           `json:"stations"`
	Routes      RoutesSpec             `json:"routes,omitempty"`
	Companies   []CompanySpec          `json:"companies"`
	Commodities []Commodity            `json:"commodities"`
	Tokens      TokensSpec             `json:"tokens"`
	Gold        []GoldCount            `json:"gold,omitempty"`
	Players     map[string]PlayersSpec `json:"players"`
	Rules       NetworkRulesSpec       `json:"rules,omitempty"`
	Tickets     TicketsSpec            `json:"tickets"`
	Expect      NetworkExpectSpec      `json:"expect,omitempty"`
	Provenance  []string               `json:"provenance,omitempty"`
}

// StationsSpec names the GeoJSON file of Points and how its features become
// stations.
type StationsSpec struct {
	File      string            `json:"file"`
	Name      string            `json:"name,omitempty"`   // property naming a station (default "name")
	ID        string            `json:"id,omitempty"`     // property giving a short id (default: from the name)
	Region    string            `json:"region,omitempty"` // property giving the map region, for ticket spread
	Omit      []string          `json:"omit,omitempty"`
	Names     map[string]string `json:"names,omitempty"` // data name -> board name
	Numbering NumberingSpec     `json:"numbering,omitempty"`
	// WithoutSpace lists stations that hold no station token.
	WithoutSpace []string `json:"without_space,omitempty"`
}

// Numbering rules.
const (
	NumberList       = "list"        // the order of a list of names
	NumberProperty   = "property"    // a numeric property of each feature
	NumberWestEast   = "west-east"   // by longitude, west first
	NumberEastWest   = "east-west"   // by longitude, east first
	NumberNorthSouth = "north-south" // by latitude, north first
	NumberSouthNorth = "south-north" // by latitude, south first
)

// NumberingSpec says how stations are numbered 1..N.
type NumberingSpec struct {
	Rule     string   `json:"rule,omitempty"` // default west-east
	List     []string `json:"list,omitempty"`
	Property string   `json:"property,omitempty"`
}

// Route graphs derive can draw between the stations.
const (
	GraphGabriel = "gabriel" // no other station inside the circle on the route as diameter
	GraphRNG     = "rng"     // relative neighbourhood: no station nearer to both ends than they are to each other
	GraphNone    = "none"    // only the listed routes
)

// RoutesSpec derives routes from the points and/or lists them.
type RoutesSpec struct {
	Graph  string      `json:"graph,omitempty"`  // gabriel (default), rng or none
	MaxKm  float64     `json:"max_km,omitempty"` // longer derived routes are dropped (0: no limit)
	Add    []RouteSpec `json:"add,omitempty"`
	Remove []RouteSpec `json:"remove,omitempty"`
}

// RouteSpec is one route an edition adds or removes.
type RouteSpec struct {
	A   string `json:"a"`
	B   string `json:"b"`
	Why string `json:"why,omitempty"`
}

// CompanySpec is a railway company as the edition gives it.
type CompanySpec struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Short string `json:"short,omitempty"`
	Color string `json:"color"`
	Hex   string `json:"hex,omitempty"`
	Cards int    `json:"cards"`
	Cubes int    `json:"cubes,omitempty"`
}

// TokensSpec is the station token mix.
type TokensSpec struct {
	Home      int            `json:"home"` // home stations per company
	FreeStock int            `json:"free_stock"`
	Money     int            `json:"money"`
	Ticket    int            `json:"ticket"`
	Commodity map[string]int `json:"commodity"` // commodity id (or "any") -> stations
}

// PlayersSpec is the setup for one player count.
type PlayersSpec struct {
	Rounds      int            `json:"rounds"`
	RemoveEach  int            `json:"remove_each,omitempty"` // cards of every company returned to the box
	Remove      map[string]int `json:"remove,omitempty"`      // company -> cards returned to the box
	RanksScored int            `json:"ranks_scored,omitempty"`
}

// NetworkRulesSpec overrides the rulebook's numbers and records the
// decisions the rulebook leaves open. Absent fields take the rulebook's
// values (see DefaultNetworkRules).
type NetworkRulesSpec struct {
	StartMoney       *int                  `json:"start_money,omitempty"`
	Hand             *int                  `json:"hand,omitempty"`
	CommodityStation *CommodityStationSpec `json:"commodity_station,omitempty"`
}

// CommodityStationSpec is the edition's decision on the commodity station.
type CommodityStationSpec struct {
	Take    int    `json:"take"`
	GoldFor int    `json:"gold_for"`
	Note    string `json:"note,omitempty"`
}

// TicketsSpec derives (or lists) the two ticket decks.
type TicketsSpec struct {
	Passenger PassengerSpec `json:"passenger"`
	Freight   FreightSpec   `json:"freight"`
}

// PassengerSpec derives passenger tickets from station pairs.
type PassengerSpec struct {
	Count         int          `json:"count"`
	Distance      string       `json:"distance,omitempty"` // km (default) or hops, along the shortest route path
	Points        PointsSpec   `json:"points"`
	MinDistance   float64      `json:"min_distance,omitempty"`    // pairs nearer than this are not tickets
	MaxPerStation int          `json:"max_per_station,omitempty"` // default 2
	Seed          uint64       `json:"seed,omitempty"`
	List          []TicketSpec `json:"list,omitempty"` // tickets given outright, before derived ones
}

// PointsSpec turns a distance into points: linear (base + distance / per,
// rounded, within min..max) or bands (the first band whose up_to holds the
// distance).
type PointsSpec struct {
	Rule  string     `json:"rule,omitempty"` // linear (default) or bands
	Base  float64    `json:"base,omitempty"`
	Per   float64    `json:"per,omitempty"`
	Min   int        `json:"min,omitempty"`
	Max   int        `json:"max,omitempty"`
	Bands []BandSpec `json:"bands,omitempty"`
}

// BandSpec is one band of a bands rule.
type BandSpec struct {
	UpTo   float64 `json:"up_to"`
	Points int     `json:"points"`
}

// TicketSpec is a passenger ticket given outright.
type TicketSpec struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Points int    `json:"points,omitempty"` // 0: by the points rule
}

// FreightSpec derives freight tickets from commodity combinations.
type FreightSpec struct {
	Count int `json:"count"`
	Size  int `json:"size,omitempty"` // commodities on a ticket (default 3); repeats allowed
	// Points: base + per * the sum of the commodities' rarities, rounded,
	// within min..max. A commodity's rarity is the commodity stations'
	// share it would have if all were equal, over its real share (1 when
	// every commodity has as many stations).
	Points FreightPointsSpec   `json:"points"`
	List   []FreightTicketSpec `json:"list,omitempty"`
}

// FreightPointsSpec is the rarity rule's parameters.
type FreightPointsSpec struct {
	Base float64 `json:"base,omitempty"`
	Per  float64 `json:"per"`
	Min  int     `json:"min,omitempty"`
	Max  int     `json:"max,omitempty"`
}

// FreightTicketSpec is a freight ticket given outright.
type FreightTicketSpec struct {
	Commodities []string `json:"commodities"`
	Points      int      `json:"points,omitempty"`
}

// NetworkExpectSpec is what the rulebook states the box holds.
type NetworkExpectSpec struct {
	Stations         *int `json:"stations,omitempty"`
	PassengerTickets *int `json:"passenger_tickets,omitempty"`
	FreightTickets   *int `json:"freight_tickets,omitempty"`
	CompanyCards     *int `json:"company_cards,omitempty"`
	StationTokens    *int `json:"station_tokens,omitempty"`
	GoldTokens       *int `json:"gold_tokens,omitempty"`
}

// DefaultNetworkRules are the numbers the Across the United States rulebook
// states, with its silences filled: no starting money, four cards dealt
// (the only hand that leaves two cards for the final public offering after
// the stated rounds: see PlayerSetup), and the commodity station taking one
// token of its commodity or trading two for a Gold token.
func DefaultNetworkRules() NetworkRules {
	return NetworkRules{StartMoney: 0, Hand: 4, Draw: 2, InsteadMoney: 1, MoneyStation: 2, CubeFee: 1,
		TransferPrice: 2, CommodityPrice: 2, CubePrice: 3, ExchangePrice: 1, Exchanges: 2,
		SellCommodity: 1, MoneyPerPoint: 2,
		CommodityStation: CommodityStationRule{Take: 1, GoldFor: 2},
		ShareDivisors:    []int{1, 2, 4}}
}

// NetworkEditionDoc is a network edition.yaml read and decoded.
type NetworkEditionDoc struct {
	*Doc
	Edition *NetworkEdition
}

// DecodeNetworkEdition reads a `kind: network` edition from YAML text.
func DecodeNetworkEdition(file string, src []byte) (*NetworkEditionDoc, error) {
	doc, err := ParseYAML(file, src)
	if err != nil {
		return nil, err
	}
	if _, ok := doc.Value.(map[string]any); !ok {
		return nil, diag.Errorf(doc.Position(""), "an edition must be a YAML mapping (kind:, id:, name:, stations: ...)")
	}
	if k := PackKind(doc); k != KindNetwork {
		return nil, diag.Errorf(doc.Position("/kind"), "edition kind is %q, not %q", k, KindNetwork)
	}
	var e NetworkEdition
	if err := doc.decodeInto(&e); err != nil {
		return nil, err
	}
	return &NetworkEditionDoc{Doc: doc, Edition: &e}, nil
}

// EarthRadiusKm is the mean Earth radius tendays measures routes with (the
// one of package geo, which every length in tendays uses).
const EarthRadiusKm = geo.EarthRadiusKm

// GreatCircleKm is the great-circle distance between two lon/lat points
// (geo.GreatCircleKm).
func GreatCircleKm(a, b [2]float64) float64 { return geo.GreatCircleKm(a, b) }

// Plane projects lon/lat points onto the plane in which a board's routes are
// drawn and must not cross: an Albers equal-area conic (geo.Albers) fitted to
// the points' extent (standard parallels at one sixth and five sixths of the
// latitude range, central meridian in the middle of the longitude range),
// in km. Points spread evenly across the equator fall back to a cylindrical
// equal-area projection. The same points always give the same plane.
func Plane(points [][2]float64) [][2]float64 {
	out := make([][2]float64, len(points))
	if len(points) == 0 {
		return out
	}
	minLon, maxLon, minLat, maxLat := points[0][0], points[0][0], points[0][1], points[0][1]
	for _, p := range points {
		minLon, maxLon = math.Min(minLon, p[0]), math.Max(maxLon, p[0])
		minLat, maxLat = math.Min(minLat, p[1]), math.Max(maxLat, p[1])
	}
	const rad = math.Pi / 180
	lon0 := (minLon + maxLon) / 2
	span := maxLat - minLat
	lat1, lat2 := minLat+span/6, maxLat-span/6
	lat0 := (minLat + maxLat) / 2
	R := EarthRadiusKm
	if n := (math.Sin(lat1*rad) + math.Sin(lat2*rad)) / 2; math.Abs(n) < 1e-6 {
		phi0 := lat0 * rad
		for i, p := range points {
			out[i] = [2]float64{R * (p[0] - lon0) * rad * math.Cos(phi0), R * math.Sin(p[1]*rad) / math.Cos(phi0)}
		}
		return out
	}
	a := geo.NewAlbers(lon0, lat0, lat1, lat2)
	for i, p := range points {
		x, y := a.Forward(p[0], p[1])
		out[i] = [2]float64{R * x, R * y}
	}
	return out
}

// SegmentsCross reports whether segments ab and cd cross at a point inside
// both (touching at an end, or lying on one line, is not a crossing: routes
// that share a station meet there).
func SegmentsCross(a, b, c, d [2]float64) bool {
	orient := func(p, q, r [2]float64) float64 {
		return (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0])
	}
	d1, d2 := orient(c, d, a), orient(c, d, b)
	d3, d4 := orient(a, b, c), orient(a, b, d)
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}
