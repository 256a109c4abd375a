package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// CardID names one kind of card of a compiled pack: its index in the pack's
// deck (pack.Deck.Cards). Copies of a card share its CardID.
type CardID uint16

// NoCard marks an empty slot (a holder being filled).
const NoCard CardID = 0xFFFF

// Kind is what a card does.
type Kind uint8

const (
	RegionCard Kind = iota
	PlaneCard
	CarCard
	ShipCard
	TrainCard
)

var kindNames = [...]string{"region", "plane", "car", "ship", "train"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// CardInfo describes one card of the deck. Region, Color, Sea, Rail and
// Route are indexes into the board's regions, colours, seas, rails and ship
// routes (-1: none; a train with Rail -1 is neutral and serves any line). A
// ship of the routes (Routes) sails any ship route, or, named on one
// (ship:ROUTE), that route alone (Route).
type CardInfo struct {
	Token  string
	Kind   Kind
	Region int
	Color  int
	Sea    int
	Rail   int
	Route  int
	Routes bool
	Count  int
}

// RegionInfo describes one region of the board. A region in no colour
// (Colorless) is reached by plane as the pack's rules say (Board.Colorless).
type RegionInfo struct {
	ID, Name  string
	Color     int
	AirOnly   bool
	Colorless bool
	Card      CardID // its card, or NoCard when the deck has none
	Seas      []int
	Rails     []int
}

// Named is an id and a display name (a colour, sea or rail line).
type Named struct{ ID, Name string }

// PackError is a pack that cannot be played: the JSON pointer of the faulty
// value and what is wrong with it.
type PackError struct {
	Pointer string
	Msg     string
}

func (e *PackError) Error() string { return e.Pointer + ": " + e.Msg }

// Board is a pack compiled for play: regions and cards by index, and every
// relation as a bit matrix, so that checking a journey is a few lookups.
// A Board is read-only after Compile and safe for concurrent use.
type Board struct {
	pack   *mapdata.Pack
	tokens *mapdata.TokenIndex
	days   int
	word   string
	// openStart, openEnd: a journey may start or end on a transport card
	// that serves the region beside it (the pack's rules.journey).
	openStart, openEnd bool
	// colorless is the colour id of the regions in no colour ("" when
	// none is); colorlessOtherEnd: a plane reaches them taking the colour
	// of the other end (else no plane reaches them).
	colorless         string
	colorlessOtherEnd bool
	// routes are the ship routes, routeStops each one's regions.
	routes     []Named
	routeStops [][]int32
	// words maps the first word of a token the edition names itself
	// (train, bus) to the kind's own (plane, car), for Lookup.
	words map[string]string
	// ownTokens are the deck's transport cards by their tokens in the
	// kinds' own words (plane:red), when the edition names some kinds.
	ownTokens map[string]CardID
	// routeShip is the deck's ship of the routes, or NoCard.
	routeShip CardID

	regions []RegionInfo
	cards   []CardInfo
	colors  []Named
	seas    []Named
	rails   []Named

	// named are the trains "on a line" a player may name when the deck holds
	// only neutral trains (train:baghdad): not cards of the deck but views
	// of the neutral train, with the CardIDs after the deck's
	// (len(cards)+k). namedOf maps a line's id to its view.
	named   []CardInfo
	namedOf map[string]CardID
	// routeOf is namedOf for ship routes: the view of the ship of the
	// routes held to one route (ship:ROUTE).
	routeOf map[string]CardID

	// Combined boards: the member maps, each region's map, and the mask a
	// journey's regions must cover (every map); nmaps is 0 on one map.
	maps    []Named
	regMap  []uint8 // every region's map (all 0 on a board of one map, where allMaps is 0)
	nmaps   int
	allMaps uint64
	faceUp  int
	draws   int // draw piles: 1, or a combined pack's (three)
	// place is each region's place: itself, or on a combined board the
	// first region of its group of places that are one on two maps
	// (europe:Russia and asia:Russia), which no card links to each other.
	place []int32
	// cardMaps[c] is how many copies of deck card c each member map's box
	// holds (combined boards; nil otherwise).
	cardMaps [][]int

	// Hot-path tables, indexed by CardID (deck cards, then named views).
	base  []CardID // the deck card a CardID is a copy of (itself for deck cards)
	kind  []Kind
	reg   []int16
	count []int32
	link  []bitMatrix // a transport card's relation; empty for region cards
	// groups[c] lists the groups of regions card c links pairwise (a
	// plane's colour, a ship's sea, a train's lines), when its relation is
	// just that (less pairs that are one place); nil for a car, whose
	// relation is pair by pair, and for region cards.
	groups [][][]int32
	// rest[c][r] lists the regions card c links to r that no group of c
	// holds (cars only; nil when the groups hold every pair).
	rest [][][]int32

	// Ships side by side: sea[c] is a ship card's sea (-1 otherwise),
	// seaConn which seas connect, onSea[s] the regions on sea s (air-only
	// ones aside), one bit a region.
	sea     []int16
	seaConn bitMatrix
	onSea   [][]uint64
	// pairAdj[r] lists the regions a ship pair reaches r from, with the
	// number of ordered ship-card pairs that do (counting); nil when no two
	// seas connect.
	pairAdj [][]weighted

	foot bitMatrix
	// anyLink: linked by at least one transport card the deck holds.
	anyLink bitMatrix
	// Adjacency lists for walks (counting, bots).
	footAdj [][]int32
	linkAdj [][][]int32 // [card][region]
	anyAdj  [][]int32

	// For explanations only: the pack link behind a pair (index into
	// pack.Links, -1 for none), row-major over region indexes.
	footLink []int32
	carLink  []int32
	removed  map[[2]int]int // pack.Removed index by region pair
}

// Compile indexes a pack for play. It refuses packs that cannot be played
// (unknown region names in links or cards, duplicate ids or tokens, a kind
// other than regions); judging a pack's quality is lint's work, not this.
//
// It runs in phases, each reading one part of the pack and returning what
// the next ones need: the names (colours, seas, rail lines), the regions,
// the rail lines' and ship routes' stops, the maps, the links, the deck's
// size and its cards; then the tables built from them.
func Compile(p *mapdata.Pack) (*Board, error) {
	if err := playable(p); err != nil {
		return nil, err
	}
	b := newBoard(p)
	names := b.internNames(p)
	regionIx, err := b.readRegions(p, names)
	if err != nil {
		return nil, err
	}
	if err := b.readRails(p, regionIx, names); err != nil {
		return nil, err
	}
	if err := b.readShipRoutes(p, regionIx); err != nil {
		return nil, err
	}
	if err := b.readMaps(p); err != nil {
		return nil, err
	}
	if n := len(b.regions); n > 1<<15-1 {
		return nil, &PackError{Pointer: "/regions", Msg: fmt.Sprintf("%d regions is more than this engine handles (32767)", n)}
	}
	car, err := b.readLinks(p, regionIx)
	if err != nil {
		return nil, err
	}
	b.readRemoved(p, regionIx)
	if err := checkDeckSize(p); err != nil {
		return nil, err
	}
	if err := b.readCards(p, names, regionIx, car); err != nil {
		return nil, err
	}
	if err := b.connectSeas(names.seas); err != nil {
		return nil, err
	}
	b.carGroups(car, regionIx)
	b.buildAdjacency()
	b.addNamedTrains()
	b.addNamedRoutes()
	b.tokens = mapdata.NewTokenIndex(p)
	b.readKindWords(p)
	return b, nil
}

// playable refuses what no phase can read: no pack, or a pack of another
// kind.
func playable(p *mapdata.Pack) error {
	if p == nil {
		return &PackError{Pointer: "", Msg: "no pack"}
	}
	if p.Kind != "" && p.Kind != mapdata.KindRegions {
		return &PackError{Pointer: "/kind", Msg: fmt.Sprintf("pack kind %q cannot be played by this engine (want %q)", p.Kind, mapdata.KindRegions)}
	}
	return nil
}

// newBoard is a board with the pack's journey length, word for a region and
// rules of a journey's ends, before any table is built.
func newBoard(p *mapdata.Pack) *Board {
	b := &Board{pack: p, days: p.Edition.Days, word: regionWord(p),
		openStart: p.Rules.OpenStart(), openEnd: p.Rules.OpenEnd()}
	if b.days <= 0 {
		b.days = 10
	}
	if c := p.Rules.Colorless; c != nil {
		b.colorless, b.colorlessOtherEnd = c.Color, c.Planes == mapdata.ColorlessOtherEnd
	}
	return b
}

// nameIndex is the index of each colour, sea and rail line by id, as
// internNames and the phases after it give them out.
type nameIndex struct {
	colors, seas, rails map[string]int
}

// intern gives id its index in list, adding it (with its name, or its id
// for a name) when it is new.
func intern(m map[string]int, list *[]Named, id, name string) int {
	if i, ok := m[id]; ok {
		return i
	}
	if name == "" {
		name = id
	}
	m[id] = len(*list)
	*list = append(*list, Named{ID: id, Name: name})
	return m[id]
}

// internNames indexes the pack's colours, seas and rail lines in their
// order; names the regions and cards use beyond them are added as met.
func (b *Board) internNames(p *mapdata.Pack) *nameIndex {
	ix := &nameIndex{colors: map[string]int{}, seas: map[string]int{}, rails: map[string]int{}}
	for _, c := range p.Colors {
		intern(ix.colors, &b.colors, c.ID, c.Name)
	}
	for _, s := range p.Seas {
		intern(ix.seas, &b.seas, s.ID, s.Name)
	}
	for _, r := range p.Rails {
		intern(ix.rails, &b.rails, r.ID, r.Name)
	}
	return ix
}

// readRegions reads the regions, and returns each one's index by id.
func (b *Board) readRegions(p *mapdata.Pack, ix *nameIndex) (map[string]int, error) {
	regionIx := map[string]int{}
	for i, r := range p.Regions {
		ptr := fmt.Sprintf("/regions/%d", i)
		if r.ID == "" {
			return nil, &PackError{Pointer: ptr + "/id", Msg: "a region has no id"}
		}
		if _, dup := regionIx[r.ID]; dup {
			return nil, &PackError{Pointer: ptr + "/id", Msg: fmt.Sprintf("region id %q appears twice", r.ID)}
		}
		regionIx[r.ID] = i
		name := r.Name
		if name == "" {
			name = r.ID
		}
		info := RegionInfo{ID: r.ID, Name: name, Color: intern(ix.colors, &b.colors, r.Color, ""), AirOnly: r.AirOnly, Card: NoCard,
			Colorless: b.colorless != "" && r.Color == b.colorless}
		for _, s := range r.Seas {
			info.Seas = append(info.Seas, intern(ix.seas, &b.seas, s, ""))
		}
		for _, l := range r.Rails {
			info.Rails = append(info.Rails, intern(ix.rails, &b.rails, l, ""))
		}
		b.regions = append(b.regions, info)
	}
	return regionIx, nil
}

// readRails puts every region a rail line stops at on that line.
func (b *Board) readRails(p *mapdata.Pack, regionIx map[string]int, ix *nameIndex) error {
	for i, rail := range p.Rails {
		li := ix.rails[rail.ID]
		for j, stop := range rail.Stops {
			ri, ok := regionIx[stop]
			if !ok {
				return &PackError{Pointer: fmt.Sprintf("/rails/%d/stops/%d", i, j), Msg: fmt.Sprintf("rail line %q stops at unknown region %q", rail.ID, stop)}
			}
			if !slices.Contains(b.regions[ri].Rails, li) {
				b.regions[ri].Rails = append(b.regions[ri].Rails, li)
			}
		}
	}
	return nil
}

// readShipRoutes reads the ship routes and the regions each one stops at
// (air-only stops aside: only planes reach those).
func (b *Board) readShipRoutes(p *mapdata.Pack, regionIx map[string]int) error {
	seen := map[string]bool{}
	for i, route := range p.ShipRoutes {
		if seen[route.ID] {
			return &PackError{Pointer: fmt.Sprintf("/shipRoutes/%d/id", i), Msg: fmt.Sprintf("ship route id %q appears twice", route.ID)}
		}
		seen[route.ID] = true
		var stops []int32
		for j, stop := range route.Stops {
			ri, ok := regionIx[stop]
			if !ok {
				return &PackError{Pointer: fmt.Sprintf("/shipRoutes/%d/stops/%d", i, j), Msg: fmt.Sprintf("ship route %q stops at unknown region %q", route.ID, stop)}
			}
			if !b.regions[ri].AirOnly && !slices.Contains(stops, int32(ri)) {
				stops = append(stops, int32(ri))
			}
		}
		b.routes = append(b.routes, Named{ID: route.ID, Name: cmpOr(route.Name, route.ID)})
		b.routeStops = append(b.routeStops, stops)
	}
	return nil
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// readLinks reads the links: the walking ones into the foot relation, the
// car links into the relation it returns (air-only regions take neither).
func (b *Board) readLinks(p *mapdata.Pack, regionIx map[string]int) (bitMatrix, error) {
	n := len(b.regions)
	b.foot = newBitMatrix(n)
	car := newBitMatrix(n)
	b.footLink = filled(n*n, -1)
	b.carLink = filled(n*n, -1)
	for i, l := range p.Links {
		ptr := fmt.Sprintf("/links/%d", i)
		x, okA := regionIx[l.A]
		y, okB := regionIx[l.B]
		switch {
		case !okA:
			return car, &PackError{Pointer: ptr + "/a", Msg: fmt.Sprintf("link names unknown region %q", l.A)}
		case !okB:
			return car, &PackError{Pointer: ptr + "/b", Msg: fmt.Sprintf("link names unknown region %q", l.B)}
		case x == y:
			return car, &PackError{Pointer: ptr, Msg: fmt.Sprintf("link from %q to itself", l.A)}
		case b.SamePlace(x, y):
			continue // one place on two maps: a card of it twice goes nowhere
		}
		switch {
		case l.Kind.Walks():
			if b.regions[x].AirOnly || b.regions[y].AirOnly {
				continue // air-only regions are reached only by plane, whatever the pack says
			}
			b.foot.setBoth(x, y)
			// A border outranks a bridge or ferry in the explanation when a
			// pair has both.
			if prev := b.footLink[x*n+y]; prev < 0 || p.Links[prev].Kind != mapdata.Border {
				b.footLink[x*n+y], b.footLink[y*n+x] = int32(i), int32(i)
			}
		case l.Kind == mapdata.Car:
			if b.regions[x].AirOnly || b.regions[y].AirOnly {
				continue
			}
			car.setBoth(x, y)
			b.carLink[x*n+y], b.carLink[y*n+x] = int32(i), int32(i)
		default:
			return car, &PackError{Pointer: ptr + "/kind", Msg: fmt.Sprintf("unknown link kind %q (want border, bridge, ferry or car)", l.Kind)}
		}
	}
	return car, nil
}

// readRemoved indexes the links the edition removed, for explanations.
func (b *Board) readRemoved(p *mapdata.Pack, regionIx map[string]int) {
	b.removed = map[[2]int]int{}
	for i, l := range p.Removed {
		x, okA := regionIx[l.A]
		y, okB := regionIx[l.B]
		if okA && okB {
			b.removed[[2]int{min(x, y), max(x, y)}] = i
		}
	}
}

// checkDeckSize refuses a deck beyond mapdata.MaxDeckCards before anything
// is sized from it: a game lays out one slot per card.
func checkDeckSize(p *mapdata.Pack) error {
	if len(p.Deck.Cards) >= int(NoCard) {
		return &PackError{Pointer: "/deck/cards", Msg: fmt.Sprintf("%d kinds of card is more than this engine handles", len(p.Deck.Cards))}
	}
	total := 0
	for i, c := range p.Deck.Cards {
		if c.Count > mapdata.MaxDeckCards {
			return &PackError{Pointer: fmt.Sprintf("/deck/cards/%d/count", i),
				Msg: fmt.Sprintf("card %q has a count of %d, more than the %d cards a deck may hold", c.Token, c.Count, mapdata.MaxDeckCards)}
		}
		total = mapdata.SatAdd(total, c.Count)
	}
	if total > mapdata.MaxDeckCards {
		return &PackError{Pointer: "/deck/cards", Msg: fmt.Sprintf("the deck holds %d cards, more than the %d this engine deals", total, mapdata.MaxDeckCards)}
	}
	return nil
}

// readCards reads the deck: each card with what it links (compileCard),
// its token once.
func (b *Board) readCards(p *mapdata.Pack, ix *nameIndex, regionIx map[string]int, car bitMatrix) error {
	tokens := map[string]int{}
	for i, c := range p.Deck.Cards {
		ptr := fmt.Sprintf("/deck/cards/%d", i)
		if c.Count < 0 {
			return &PackError{Pointer: ptr + "/count", Msg: fmt.Sprintf("card %q has a negative count", c.Token)}
		}
		cc, err := b.compileCard(i, c, ptr, ix, regionIx, car)
		if err != nil {
			return err
		}
		info := cc.info
		if info.Token == "" {
			info.Token = p.Rules.Token(c)
		}
		key := strings.ToLower(info.Token)
		if j, dup := tokens[key]; dup {
			return &PackError{Pointer: ptr + "/token", Msg: fmt.Sprintf("token %q is also card %d's", c.Token, j)}
		}
		tokens[key] = i
		if b.nmaps > 0 {
			boxes, err := b.boxesOf(c, info, ptr)
			if err != nil {
				return err
			}
			b.cardMaps = append(b.cardMaps, boxes)
		}
		b.cards = append(b.cards, info)
		b.base = append(b.base, CardID(i))
		b.sea = append(b.sea, int16(info.Sea))
		b.kind = append(b.kind, info.Kind)
		b.reg = append(b.reg, int16(info.Region))
		b.count = append(b.count, int32(min(c.Count, 1<<30)))
		b.link = append(b.link, cc.rel)
		b.groups = append(b.groups, cc.groups)
		b.rest = append(b.rest, nil)
	}
	return nil
}

// compiledCard is one card of the deck as compileCard reads it: what it is,
// the pairs it links and, where they are cliques, the groups of them.
type compiledCard struct {
	info   CardInfo
	rel    bitMatrix
	groups [][]int32
}

// compileCard reads deck card i: a region card names its region (once in
// the deck); a plane links its colour, a car the car links, a ship its
// sea's coasts or the ship routes, a train its line or every line.
func (b *Board) compileCard(i int, c mapdata.Card, ptr string, ix *nameIndex, regionIx map[string]int, car bitMatrix) (compiledCard, error) {
	out := compiledCard{info: CardInfo{Token: c.Token, Region: -1, Color: -1, Sea: -1, Rail: -1, Route: -1, Count: c.Count}}
	info := &out.info
	switch c.Kind {
	case mapdata.RegionCard:
		ri, ok := regionIx[c.Region]
		if !ok {
			return out, &PackError{Pointer: ptr + "/region", Msg: fmt.Sprintf("card %q names unknown region %q", c.Token, c.Region)}
		}
		if b.regions[ri].Card != NoCard {
			return out, &PackError{Pointer: ptr + "/region", Msg: fmt.Sprintf("region %q has two cards in the deck (give one card a count instead)", c.Region)}
		}
		info.Kind, info.Region = RegionCard, ri
		b.regions[ri].Card = CardID(i)
	case mapdata.PlaneCard:
		if c.Color == "" {
			return out, &PackError{Pointer: ptr + "/color", Msg: fmt.Sprintf("plane card %q has no colour", c.Token)}
		}
		info.Kind, info.Color = PlaneCard, intern(ix.colors, &b.colors, c.Color, "")
		out.rel = b.planeRelation(info.Color)
		col := info.Color
		out.groups = [][]int32{b.regionsWhere(func(r *RegionInfo) bool { return b.wild(r) || r.Color == col })}
	case mapdata.CarCard:
		info.Kind, out.rel = CarCard, car
	case mapdata.ShipCard:
		info.Kind = ShipCard
		if c.Routes {
			if len(b.routes) == 0 {
				return out, &PackError{Pointer: ptr + "/routes", Msg: fmt.Sprintf("ship card %q sails the ship routes, but the pack has none", c.Token)}
			}
			info.Routes = true
			out.rel = b.routesRelation(-1)
			out.groups = b.routeGroups(-1)
			break
		}
		if c.Sea == "" {
			return out, &PackError{Pointer: ptr + "/sea", Msg: fmt.Sprintf("ship card %q names no sea", c.Token)}
		}
		info.Sea = intern(ix.seas, &b.seas, c.Sea, "")
		on := func(r *RegionInfo) bool { return slices.Contains(r.Seas, info.Sea) }
		out.rel = b.memberRelation(on)
		out.groups = [][]int32{b.regionsWhere(landed(on))}
	case mapdata.TrainCard:
		info.Kind = TrainCard
		if c.Rail != "" {
			info.Rail = intern(ix.rails, &b.rails, c.Rail, "")
			on := func(r *RegionInfo) bool { return slices.Contains(r.Rails, info.Rail) }
			out.rel = b.memberRelation(on)
			out.groups = [][]int32{b.regionsWhere(landed(on))}
		} else {
			out.rel = b.sharedRailRelation()
			for line := range b.rails {
				out.groups = append(out.groups, b.regionsWhere(landed(func(r *RegionInfo) bool { return slices.Contains(r.Rails, line) })))
			}
		}
	default:
		return out, &PackError{Pointer: ptr + "/kind", Msg: fmt.Sprintf("unknown card kind %q", c.Kind)}
	}
	return out, nil
}

// readMaps reads a combined pack's member maps and each region's map.
func (b *Board) readMaps(p *mapdata.Pack) error {
	b.faceUp, b.draws = p.Rules.FaceUpPiles(), 1
	if b.faceUp > 16 {
		return &PackError{Pointer: "/rules/faceUp", Msg: fmt.Sprintf("%d face-up piles is more than this engine lays out (16)", b.faceUp)}
	}
	b.regMap = make([]uint8, len(p.Regions)) // all map 0 on a board of one map
	b.place = make([]int32, len(p.Regions))
	for i := range b.place {
		b.place[i] = int32(i)
	}
	if p.Combined == nil {
		return nil
	}
	if f := p.Combined.FaceUp; f > 0 && f <= 16 {
		b.faceUp = f
	} else if f > 16 {
		return &PackError{Pointer: "/combined/faceUp", Msg: fmt.Sprintf("%d face-up piles is more than this engine lays out (16)", f)}
	}
	if d := p.Combined.DrawPiles; d > b.faceUp {
		return &PackError{Pointer: "/combined/drawPiles", Msg: fmt.Sprintf("%d draw piles for %d face-up piles: each draw pile turns up at least one", d, b.faceUp)}
	} else if d > 0 {
		b.draws = d
	}
	if len(p.Combined.Members) > 64 {
		return &PackError{Pointer: "/combined/members", Msg: "more than 64 member maps"}
	}
	ix := map[string]int{}
	for _, m := range p.Combined.Members {
		ix[m.ID] = len(b.maps)
		b.maps = append(b.maps, Named{ID: m.ID, Name: m.Name})
	}
	b.nmaps = len(b.maps)
	b.allMaps = 1<<b.nmaps - 1
	for i, r := range p.Regions {
		m, ok := ix[r.Map]
		if !ok {
			return &PackError{Pointer: fmt.Sprintf("/regions/%d/map", i), Msg: fmt.Sprintf("region %q is on map %q, which is not a member of the pack", r.ID, r.Map)}
		}
		b.regMap[i] = uint8(m)
	}
	regionIx := map[string]int{}
	for i, r := range p.Regions {
		regionIx[r.ID] = i
	}
	for i, group := range p.Combined.Same {
		first := -1
		for j, id := range group {
			r, ok := regionIx[id]
			if !ok {
				return &PackError{Pointer: fmt.Sprintf("/combined/same/%d/%d", i, j), Msg: fmt.Sprintf("places that are one name unknown region %q", id)}
			}
			if first < 0 {
				first = int(b.place[r])
			}
			b.place[r] = int32(first)
		}
	}
	return nil
}

// SamePlace reports whether regions x and y are one place: the same
// region, or (combined boards) one place on two maps. No card links a
// place to itself.
func (b *Board) SamePlace(x, y int) bool { return b.place[x] == b.place[y] }

// Place is region r's place: r itself, or the first region of its group of
// places that are one on two maps. SamePlace(x, y) is Place(x) == Place(y).
func (b *Board) Place(r int) int { return int(b.place[r]) }

// boxesOf is how many copies of a combined pack's card each member map's
// box holds: the card's maps, or, in a pack that does not say (built before
// cards said it), a region card's own map and the first map for the rest.
func (b *Board) boxesOf(c mapdata.Card, info CardInfo, ptr string) ([]int, error) {
	out := make([]int, b.nmaps)
	if len(c.Maps) == 0 {
		m := 0
		if info.Kind == RegionCard {
			m = int(b.regMap[info.Region])
		}
		out[m] = c.Count
		return out, nil
	}
	ix := map[string]int{}
	for i, m := range b.maps {
		ix[m.ID] = i
	}
	sum := 0
	for j, mc := range c.Maps {
		m, ok := ix[mc.Map]
		if !ok {
			return nil, &PackError{Pointer: fmt.Sprintf("%s/maps/%d/map", ptr, j), Msg: fmt.Sprintf("card %q names map %q, which is not a member of the pack", c.Token, mc.Map)}
		}
		if mc.Count < 0 {
			return nil, &PackError{Pointer: fmt.Sprintf("%s/maps/%d/count", ptr, j), Msg: fmt.Sprintf("card %q has a negative count on map %q", c.Token, mc.Map)}
		}
		out[m] += mc.Count
		sum = mapdata.SatAdd(sum, mc.Count)
	}
	if sum != c.Count {
		return nil, &PackError{Pointer: ptr + "/maps", Msg: fmt.Sprintf("card %q: its maps hold %d copies, its count says %d", c.Token, sum, c.Count)}
	}
	return out, nil
}

// CardMaps is how many copies of deck card c each member map's box holds
// on a combined board (a tile's back shows its box); nil on one map. Do not
// modify.
func (b *Board) CardMaps(c CardID) []int {
	if b.cardMaps == nil || int(c) >= len(b.cardMaps) {
		return nil
	}
	return b.cardMaps[c]
}

// NumMaps is the number of member maps of a combined board (0 for one map).
func (b *Board) NumMaps() int { return b.nmaps }

// Map names member map i of a combined board.
func (b *Board) Map(i int) Named { return b.maps[i] }

// MapOf is the member map of region r (0 on a board of one map).
func (b *Board) MapOf(r int) int {
	if b.nmaps == 0 {
		return 0
	}
	return int(b.regMap[r])
}

// FaceUp is the number of face-up piles (3; a combined pack says its own).
func (b *Board) FaceUp() int { return b.faceUp }

// DrawPiles is the number of draw piles (1; a combined pack says its own:
// three in 20 Days Around the World). Face-up pile k is turned up from
// draw pile k*DrawPiles/FaceUp.
func (b *Board) DrawPiles() int { return b.draws }

// Coverage counts the region cards of cards on each member map of a
// combined board (nil on a board of one map): what a journey holds of every
// map, for explaining a win.
func (b *Board) Coverage(cards []CardID) []int {
	if b.nmaps == 0 {
		return nil
	}
	out := make([]int, b.nmaps)
	for _, c := range cards {
		if b.IsRegion(c) {
			out[b.regMap[b.reg[c]]]++
		}
	}
	return out
}

// missingMaps is the maps none of the journey's regions is on.
func (b *Board) missingMaps(cards []CardID) uint64 {
	var have uint64
	nc := CardID(len(b.kind))
	for _, c := range cards {
		if c < nc && b.kind[c] == RegionCard {
			have |= 1 << b.regMap[b.reg[c]]
		}
	}
	return b.allMaps &^ have
}

// connectSeas reads which seas connect and who is on each sea.
func (b *Board) connectSeas(seaIx map[string]int) error {
	ns, n := len(b.seas), len(b.regions)
	b.seaConn = newBitMatrix(ns)
	b.onSea = make([][]uint64, ns)
	for s := range ns {
		b.onSea[s] = make([]uint64, (n+63)/64)
	}
	for r := range b.regions {
		if b.regions[r].AirOnly {
			continue
		}
		for _, s := range b.regions[r].Seas {
			b.onSea[s][r>>6] |= 1 << (uint(r) & 63)
		}
	}
	connected := false
	for i, s := range b.pack.Seas {
		for j, other := range s.Connects {
			o, ok := seaIx[other]
			if !ok {
				return &PackError{Pointer: fmt.Sprintf("/seas/%d/connects/%d", i, j), Msg: fmt.Sprintf("sea %q connects with unknown sea %q", s.ID, other)}
			}
			if x := seaIx[s.ID]; x != o {
				b.seaConn.setBoth(x, o)
				connected = true
			}
		}
	}
	if !connected {
		return nil
	}
	// Ordered ship-card pairs by the regions they join: kinds[s] ship
	// kinds of the deck on sea s; a pair of seas s→t that connect joins
	// every x on s to every other y on t, kinds[s]*kinds[t] ways.
	kinds := make([]uint64, ns)
	for c := range b.cards {
		if b.kind[c] == ShipCard && b.count[c] > 0 {
			kinds[b.sea[c]]++
		}
	}
	b.pairAdj = make([][]weighted, n)
	w := make([]uint64, n)
	for y := range n {
		clear(w)
		for t := range ns {
			if kinds[t] == 0 || !b.onSeaHas(t, y) {
				continue
			}
			for s := range ns {
				if kinds[s] == 0 || !b.seaConn.has(s, t) {
					continue
				}
				for x := range n {
					if !b.SamePlace(x, y) && b.onSeaHas(s, x) {
						w[x] += kinds[s] * kinds[t]
					}
				}
			}
		}
		for x, k := range w {
			if k > 0 {
				b.pairAdj[y] = append(b.pairAdj[y], weighted{int32(x), k})
			}
		}
	}
	return nil
}

func (b *Board) onSeaHas(s, r int) bool { return b.onSea[s][r>>6]>>(uint(r)&63)&1 != 0 }

// ShipPair reports whether ship cards c and d may lie side by side: both
// ships, on two seas that connect (the edition's seas' connects lists).
func (b *Board) ShipPair(c, d CardID) bool {
	if int(c) >= len(b.sea) || int(d) >= len(b.sea) {
		return false
	}
	sc, sd := b.sea[c], b.sea[d]
	return sc >= 0 && sd >= 0 && b.kind[c] == ShipCard && b.kind[d] == ShipCard && b.seaConn.has(int(sc), int(sd))
}

// PairLinks reports whether ship cards c then d, side by side, take a
// journey from region x (on c's sea) to region y (on d's sea).
func (b *Board) PairLinks(c, d CardID, x, y int) bool {
	return !b.SamePlace(x, y) && b.ShipPair(c, d) && b.onSeaHas(int(b.sea[c]), x) && b.onSeaHas(int(b.sea[d]), y)
}

// SeasConnect reports whether any two seas of the board connect.
func (b *Board) SeasConnect() bool { return b.pairAdj != nil }

// addNamedTrains gives every rail line that has no card of its own a view
// of the deck's neutral train limited to that line, so that a journey
// naming the line (train:baghdad) is checked against that line alone. The
// views share the neutral card's copies.
func (b *Board) addNamedTrains() {
	neutral := NoCard
	own := map[int]bool{}
	for i, c := range b.cards {
		if c.Kind != TrainCard {
			continue
		}
		if c.Rail < 0 {
			neutral = CardID(i)
		} else {
			own[c.Rail] = true
		}
	}
	b.namedOf = map[string]CardID{}
	if neutral == NoCard {
		return
	}
	for line := range b.rails {
		if own[line] {
			continue
		}
		if len(b.kind) >= int(NoCard) {
			return // no CardID left for a view
		}
		info := b.cards[neutral]
		info.Token, info.Rail = b.pack.Rules.Kind(mapdata.TrainCard).ID+":"+b.rails[line].ID, line
		on := func(r *RegionInfo) bool { return slices.Contains(r.Rails, line) }
		b.namedOf[b.rails[line].ID] = b.addView(neutral, info, b.memberRelation(on), [][]int32{b.regionsWhere(landed(on))})
	}
}

// addView adds a view of deck card base (a named train, a ship named on a
// route) to the hot-path tables, with its own relation and groups and
// base's copies, and returns its CardID (the next after the deck's and the
// views' so far).
func (b *Board) addView(base CardID, info CardInfo, rel bitMatrix, groups [][]int32) CardID {
	id := CardID(len(b.kind))
	b.named = append(b.named, info)
	b.base = append(b.base, base)
	b.sea = append(b.sea, -1)
	b.kind = append(b.kind, info.Kind)
	b.reg = append(b.reg, -1)
	b.count = append(b.count, b.count[base])
	b.link = append(b.link, rel)
	b.groups = append(b.groups, groups)
	b.rest = append(b.rest, nil)
	return id
}

// addNamedRoutes gives every ship route a view of the deck's ship of the
// routes held to that route, as addNamedTrains does for rail lines, so that
// a journey naming the route (ship:nor-sct) is checked against it alone.
func (b *Board) addNamedRoutes() {
	b.routeOf = map[string]CardID{}
	ship := NoCard
	for i, c := range b.cards {
		if c.Kind == ShipCard && c.Routes {
			ship = CardID(i)
		}
	}
	if ship == NoCard {
		return
	}
	for k := range b.routes {
		if len(b.kind) >= int(NoCard) {
			return // no CardID left for a view
		}
		info := b.cards[ship]
		info.Token, info.Route = b.pack.Rules.Kind(mapdata.ShipCard).ID+":"+b.routes[k].ID, k
		b.routeOf[b.routes[k].ID] = b.addView(ship, info, b.routesRelation(k), b.routeGroups(k))
	}
}

// carGroups gives the car cards their groups: a car drives between two
// regions bordering a third, so the regions a car reaches through one
// region are a group, where every two of them are linked (an edition may
// remove a car link, and a combined pack drives through some regions of a
// map with no car box only from another map); the pairs no group holds
// stay pair by pair (rest).
func (b *Board) carGroups(car bitMatrix, regionIx map[string]int) {
	n := len(b.regions)
	if len(car.bits) == 0 {
		return
	}
	byVia := map[int][]int32{}
	for _, l := range b.pack.Links {
		if l.Kind != mapdata.Car {
			continue
		}
		x, y := regionIx[l.A], regionIx[l.B]
		if !car.has(x, y) {
			continue
		}
		for _, v := range l.Via {
			if c, ok := regionIx[v]; ok {
				byVia[c] = append(byVia[c], int32(x), int32(y))
			}
		}
	}
	var groups [][]int32
	covered := newBitMatrix(n)
	for c := range n {
		g := byVia[c]
		if len(g) == 0 {
			continue
		}
		slices.Sort(g)
		g = slices.Compact(g)
		whole := true
		for _, x := range g {
			for _, y := range g {
				if x != y && !b.SamePlace(int(x), int(y)) && !car.has(int(x), int(y)) {
					whole = false
				}
			}
		}
		if !whole {
			continue
		}
		for _, x := range g {
			for _, y := range g {
				if !b.SamePlace(int(x), int(y)) {
					covered.set(int(x), int(y))
				}
			}
		}
		groups = append(groups, g)
	}
	rest := make([][]int32, n)
	any := false
	for x := range n {
		for _, y := range car.row(x, n) {
			if !covered.has(x, y) {
				rest[x] = append(rest[x], int32(y))
				any = true
			}
		}
	}
	if !any {
		rest = nil
	}
	for c := range b.cards {
		if b.kind[c] == CarCard {
			b.groups[c], b.rest[c] = groups, rest
		}
	}
}

// regionsWhere lists the regions for which in holds.
func (b *Board) regionsWhere(in func(*RegionInfo) bool) []int32 {
	var out []int32
	for r := range b.regions {
		if in(&b.regions[r]) {
			out = append(out, int32(r))
		}
	}
	return out
}

// landed is in, for regions that are not air-only (which ships and trains
// do not reach).
func landed(in func(*RegionInfo) bool) func(*RegionInfo) bool {
	return func(r *RegionInfo) bool { return !r.AirOnly && in(r) }
}

// LinkGroups describes the relation of transport card t: every two
// regions of a group that are not one place (SamePlace) are linked (a
// plane's colour with the air-only regions, a ship's sea, a train's
// lines, the regions a car reaches through one region), and rest[r] lists
// the regions linked to r that no group holds (nil when none: cars only).
// ok is false for a region card. Do not modify.
func (b *Board) LinkGroups(t CardID) (groups, rest [][]int32, ok bool) {
	if int(t) >= len(b.groups) || b.kind[t] == RegionCard {
		return nil, nil, false
	}
	return b.groups[t], b.rest[t], true
}

func filled(n int, v int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// planeRelation links two regions by a plane of colour c: both of colour c;
// an air-only end (or one in no colour, where the rules say so: wild)
// takes the colour of the other end; two such ends take any plane.
func (b *Board) planeRelation(c int) bitMatrix {
	n := len(b.regions)
	m := newBitMatrix(n)
	for x := range n {
		for y := range n {
			if b.SamePlace(x, y) {
				continue
			}
			rx, ry := &b.regions[x], &b.regions[y]
			ok := false
			switch wx, wy := b.wild(rx), b.wild(ry); {
			case wx && wy:
				ok = true
			case wx:
				ok = ry.Color == c
			case wy:
				ok = rx.Color == c
			default:
				ok = rx.Color == c && ry.Color == c
			}
			if ok {
				m.set(x, y)
			}
		}
	}
	return m
}

// memberRelation links every two distinct regions (air-only ones aside) for
// which in holds: both on a sea, both on a rail line.
func (b *Board) memberRelation(in func(*RegionInfo) bool) bitMatrix {
	n := len(b.regions)
	m := newBitMatrix(n)
	for x := range n {
		for y := range n {
			if !b.SamePlace(x, y) && !b.regions[x].AirOnly && !b.regions[y].AirOnly && in(&b.regions[x]) && in(&b.regions[y]) {
				m.set(x, y)
			}
		}
	}
	return m
}

// wild reports whether a plane reaches region r whatever its colour,
// matching the other end's: an air-only region, or one in no colour where
// the rules say a plane takes the other end's colour.
func (b *Board) wild(r *RegionInfo) bool { return r.AirOnly || r.Colorless && b.colorlessOtherEnd }

// routesRelation is a ship of the routes': two stops of one ship route
// (route -1: of any route).
func (b *Board) routesRelation(route int) bitMatrix {
	m := newBitMatrix(len(b.regions))
	for k, stops := range b.routeStops {
		if route >= 0 && k != route {
			continue
		}
		for _, x := range stops {
			for _, y := range stops {
				if !b.SamePlace(int(x), int(y)) {
					m.set(int(x), int(y))
				}
			}
		}
	}
	return m
}

// routeGroups are the groups of a ship of the routes: each route's stops
// (route -1: every route's).
func (b *Board) routeGroups(route int) [][]int32 {
	var out [][]int32
	for k, stops := range b.routeStops {
		if route < 0 || k == route {
			out = append(out, slices.Clone(stops))
		}
	}
	return out
}

// sharedRailRelation is a neutral train's: two regions on one line.
func (b *Board) sharedRailRelation() bitMatrix {
	n := len(b.regions)
	m := newBitMatrix(n)
	for line := range b.rails {
		part := b.memberRelation(func(r *RegionInfo) bool { return slices.Contains(r.Rails, line) })
		for i := range m.bits {
			m.bits[i] |= part.bits[i]
		}
	}
	return m
}

func (b *Board) buildAdjacency() {
	n := len(b.regions)
	b.anyLink = newBitMatrix(n)
	for c := range b.cards {
		if b.kind[c] != RegionCard && b.count[c] > 0 {
			for i := range b.anyLink.bits {
				b.anyLink.bits[i] |= b.link[c].bits[i]
			}
		}
	}
	lists := func(m bitMatrix) [][]int32 {
		out := make([][]int32, n)
		for x := range n {
			for _, y := range m.row(x, n) {
				out[x] = append(out[x], int32(y))
			}
		}
		return out
	}
	b.footAdj = lists(b.foot)
	b.anyAdj = lists(b.anyLink)
	b.linkAdj = make([][][]int32, len(b.cards))
	for c := range b.cards {
		if b.kind[c] != RegionCard {
			b.linkAdj[c] = lists(b.link[c])
		}
	}
}

// regionWord is what the edition calls its regions, guessed from its id and
// name: "state" for the USA, "country" for the continents, else "region".
func regionWord(p *mapdata.Pack) string {
	s := strings.ToLower(p.Edition.ID + " " + p.Edition.Name)
	switch {
	case strings.Contains(s, "usa") || strings.Contains(s, "united states"):
		return "state"
	case strings.Contains(s, "europe") || strings.Contains(s, "asia") || strings.Contains(s, "africa") ||
		strings.Contains(s, "america") || strings.Contains(s, "world"):
		return "country"
	}
	return "region"
}

// NumRoutes is the number of ship routes; Route names route i, and
// RouteStops lists its stops (air-only ones aside). Do not modify.
func (b *Board) NumRoutes() int           { return len(b.routes) }
func (b *Board) Route(i int) Named        { return b.routes[i] }
func (b *Board) RouteStops(i int) []int32 { return b.routeStops[i] }

// Transport is the kind of transport card k as the edition names it (its
// own word, name and pictogram, or the box's: plane, Airplane ...).
func (b *Board) Transport(k Kind) mapdata.TransportKind {
	return b.pack.Rules.Kind(mapdata.CardKind(k.String()))
}

// Pack is the pack the board was compiled from.
func (b *Board) Pack() *mapdata.Pack { return b.pack }

// Days is the edition's journey length.
func (b *Board) Days() int { return b.days }

// Word is what the edition calls a region: "state", "country" or "region".
func (b *Board) Word() string { return b.word }

// NumCards is the number of kinds of card in the deck.
func (b *Board) NumCards() int { return len(b.cards) }

// NumRegions is the number of regions.
func (b *Board) NumRegions() int { return len(b.regions) }

// Card describes a card: a card of the deck, or a neutral train named on a
// line (see Lookup).
func (b *Board) Card(c CardID) CardInfo {
	if int(c) >= len(b.cards) {
		return b.named[int(c)-len(b.cards)]
	}
	return b.cards[c]
}

// Base is the deck card that c is a copy of: c itself, or the neutral train
// for a train named on a line. Bots and games hold deck cards only.
func (b *Board) Base(c CardID) CardID {
	if int(c) >= len(b.base) {
		return c
	}
	return b.base[c]
}

// Region describes a region.
func (b *Board) Region(r int) RegionInfo { return b.regions[r] }

// Color, Sea and Rail name the board's colours, seas and rail lines.
func (b *Board) Color(i int) Named { return b.colors[i] }
func (b *Board) Sea(i int) Named   { return b.seas[i] }
func (b *Board) Rail(i int) Named  { return b.rails[i] }

// Kind is a card's kind.
func (b *Board) Kind(c CardID) Kind { return b.kind[c] }

// IsRegion reports whether c is a region card (false for NoCard).
func (b *Board) IsRegion(c CardID) bool { return int(c) < len(b.kind) && b.kind[c] == RegionCard }

// RegionOf is the region of a region card, or -1.
func (b *Board) RegionOf(c CardID) int {
	if int(c) >= len(b.reg) {
		return -1
	}
	return int(b.reg[c])
}

// Copies is how many of card c the deck holds.
func (b *Board) Copies(c CardID) int { return int(b.count[c]) }

// DeckSize is the number of cards in the box.
func (b *Board) DeckSize() int {
	n := 0
	for _, c := range b.count[:len(b.cards)] {
		n += int(c)
	}
	return n
}

// Foot reports whether regions x and y are linked on foot (border, bridge or
// ferry).
func (b *Board) Foot(x, y int) bool { return b.foot.has(x, y) }

// Links reports whether transport card t, between regions x and y, links
// them. It is false for region cards.
func (b *Board) Links(t CardID, x, y int) bool {
	return b.kind[t] != RegionCard && b.link[t].has(x, y)
}

// FootNeighbors lists the regions linked to x on foot. Do not modify.
func (b *Board) FootNeighbors(x int) []int32 { return b.footAdj[x] }

// LinkNeighbors lists the regions transport card t links to x. Do not modify.
func (b *Board) LinkNeighbors(t CardID, x int) []int32 { return b.linkAdj[t][x] }

// AnyLinkNeighbors lists the regions that some transport card of the deck
// links to x. Do not modify.
func (b *Board) AnyLinkNeighbors(x int) []int32 { return b.anyAdj[x] }

// Name is how a card is shown to a player: a region's name, or a transport
// card's token ("plane:red", "car").
func (b *Board) Name(c CardID) string {
	if int(c) >= len(b.kind) {
		return "(empty)"
	}
	if b.kind[c] == RegionCard {
		return b.regions[b.reg[c]].Name
	}
	return b.Card(c).Token
}

// Lookup resolves a card token (see mapdata's token forms). A train named
// on a line the deck has no card of (train:baghdad, when the trains are
// neutral) is the neutral train held to that line: a journey with it is
// valid only where that line links both ends. So is a ship of the routes
// named on one route (ship:nor-sct). A transport the edition names itself
// goes by its own word (train:red for the plane the edition calls train).
func (b *Board) Lookup(token string) (CardID, error) {
	if c, handled, err := b.lookupOwn(token); handled {
		return c, err
	}
	i, err := b.tokens.Lookup(token)
	if err != nil {
		return NoCard, err
	}
	c := CardID(i)
	if b.kind[c] == TrainCard && b.cards[c].Rail < 0 {
		if canon, err := b.tokens.Canonical(token); err == nil {
			if id, ok := strings.CutPrefix(canon, "train:"); ok {
				if v, ok := b.namedOf[id]; ok {
					return v, nil
				}
			}
		}
	}
	return c, nil
}

// readKindWords indexes the words the edition gives its kinds of transport
// card (rules.transports) by the kinds' own, and the deck's transport cards
// by their tokens as the kinds' own words spell them (plane:red), for
// lookupOwn.
func (b *Board) readKindWords(p *mapdata.Pack) {
	b.routeShip = NoCard
	for i, c := range b.cards {
		if c.Kind == ShipCard && c.Routes {
			b.routeShip = CardID(i)
		}
	}
	for _, t := range p.Rules.Transports {
		own := mapdata.Rules{}.Kind(t.Kind).ID
		if t.ID == own {
			continue
		}
		if b.words == nil {
			b.words = map[string]string{}
			b.ownTokens = map[string]CardID{}
		}
		b.words[mapdata.Fold(t.ID)] = own
	}
	if b.words == nil {
		return
	}
	for i, c := range p.Deck.Cards {
		if c.Kind != mapdata.RegionCard {
			b.ownTokens[strings.ToLower(mapdata.Rules{}.Token(c))] = CardID(i)
		}
	}
}

// lookupOwn resolves the tokens the pack's token index does not know (see
// Lookup); handled is false for every other token.
func (b *Board) lookupOwn(token string) (c CardID, handled bool, err error) {
	if b.words == nil && b.routeShip == NoCard {
		return NoCard, false, nil
	}
	kind, arg, hasArg := strings.Cut(strings.TrimSpace(token), ":")
	word, renamed := b.words[mapdata.Fold(kind)]
	if !renamed {
		word = mapdata.Fold(kind)
	}
	if word == "ship" || word == "boat" {
		if c, ok := b.lookupRouteShip(arg, hasArg); ok {
			return c, true, nil
		}
	}
	if b.ownTokens == nil {
		return NoCard, false, nil
	}
	// The kinds' own words name the cards too (plane:red where the
	// edition calls its planes trains).
	plain := word
	if hasArg {
		plain += ":" + arg
	}
	canon, err := b.tokens.Canonical(plain)
	if err == nil {
		c, ok := b.ownTokens[strings.ToLower(canon)]
		if !ok && strings.HasPrefix(canon, "train:") {
			c, ok = b.ownTokens["train"] // a line's train: the neutral one, held to the line below
		}
		if ok {
			if id, ok := strings.CutPrefix(canon, "train:"); ok && b.cards[c].Rail < 0 {
				if v, ok := b.namedOf[id]; ok {
					return v, true, nil
				}
			}
			return c, true, nil
		}
		err = &mapdata.UnknownCardError{Token: token, Reason: "the deck has no such card", Nearest: b.tokens.Nearest(token, 3)}
	}
	if !renamed {
		return NoCard, false, nil // the index answers, and explains
	}
	var ue *mapdata.UnknownCardError
	if errors.As(err, &ue) {
		ue.Token = token
	}
	return NoCard, true, err
}

// lookupRouteShip is the ship of the routes (ship), or its view held to
// the route arg names by id or name (ship:nor-sct); false when the deck has
// no ship of the routes or arg names no route (a sea, then).
func (b *Board) lookupRouteShip(arg string, hasArg bool) (CardID, bool) {
	if b.routeShip == NoCard {
		return NoCard, false
	}
	if !hasArg {
		return b.routeShip, true
	}
	for _, r := range b.routes {
		if mapdata.Fold(arg) == mapdata.Fold(r.ID) || mapdata.Fold(arg) == mapdata.Fold(r.Name) {
			return b.routeOf[r.ID], true
		}
	}
	return NoCard, false
}

// TokenError is a token of a journey that names no card: its position
// (0-based) and the lookup's error (a *mapdata.UnknownCardError).
type TokenError struct {
	Index int
	Err   error
}

func (e *TokenError) Error() string { return fmt.Sprintf("card %d: %v", e.Index+1, e.Err) }
func (e *TokenError) Unwrap() error { return e.Err }

// ParseJourney resolves a list of tokens.
func (b *Board) ParseJourney(tokens []string) ([]CardID, error) {
	return b.appendJourney(make([]CardID, 0, len(tokens)), tokens)
}

func (b *Board) appendJourney(dst []CardID, tokens []string) ([]CardID, error) {
	for i, t := range tokens {
		c, err := b.Lookup(t)
		if err != nil {
			return nil, &TokenError{Index: i, Err: err}
		}
		dst = append(dst, c)
	}
	return dst, nil
}

// LengthError is a journey of another number of cards than the game's days.
type LengthError struct{ Cards, Days int }

func (e *LengthError) Error() string {
	return fmt.Sprintf("the journey has %d cards; a journey of this game has %d days", e.Cards, e.Days)
}

// ParseJourneyDays resolves tokens into a journey of days cards, the two
// checks every journey to check goes through: a token that names no card is
// a *TokenError, a journey of another length a *LengthError.
func (b *Board) ParseJourneyDays(tokens []string, days int) ([]CardID, error) {
	return b.AppendJourneyDays(make([]CardID, 0, len(tokens)), tokens, days)
}

// AppendJourneyDays is ParseJourneyDays appending the cards to dst, so that
// a caller checking many journeys (a batch) reuses one slice.
func (b *Board) AppendJourneyDays(dst []CardID, tokens []string, days int) ([]CardID, error) {
	cards, err := b.appendJourney(dst, tokens)
	if err != nil {
		return nil, err
	}
	if len(cards)-len(dst) != days {
		return nil, &LengthError{Cards: len(cards) - len(dst), Days: days}
	}
	return cards, nil
}
