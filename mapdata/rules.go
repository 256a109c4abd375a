package mapdata

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The rules of play an edition may change: edition.yaml's `rules:` block,
// the pack's `rules`. Each one left out has the default every box before
// Europa Tour plays by (three face-up piles, seat order, region cards at both
// ends of a journey of the edition's days, every region in a colour, the
// transports under their own names), so a pack that says nothing of a rule
// plays as it always did. They are plain data: the engine reads them from the
// pack it is given, and holds no rule of its own beside them.

// Who takes the first turn (rules.start).
const (
	// StartSeatOrder: the holders are filled one card at a time in seat
	// order, and seat 1 starts (the youngest, in most rulebooks).
	StartSeatOrder = "seat-order"
	// StartFirstToFill: everyone fills their holder at once, and the first
	// to fill it starts (Europa Tour).
	StartFirstToFill = "first-to-fill"
)

// How a plane reaches a region in no colour (rules.colorless.planes).
const (
	// ColorlessNoPlane: no plane reaches it; it is reached on foot and by
	// the other transports.
	ColorlessNoPlane = "none"
	// ColorlessOtherEnd: a plane takes the colour of the other end, as it
	// does for an air-only region (and any plane serves between two).
	ColorlessOtherEnd = "other-end"
)

// DefaultColorlessColor is the colour id regions in no colour carry in a
// pack (rules.colorless.color), so that every region names a colour.
const DefaultColorlessColor = "none"

// DefaultFaceUp is the number of face-up piles of every box but Europa
// Tour's five; MaxFaceUp the most an edition may lay out.
const (
	DefaultFaceUp = 3
	MaxFaceUp     = 9
)

// ShipRoutes is the key of transports.ship that deals ships of the routes
// (Europa Tour's ten ship cards): not a sea, but every route the edition
// draws. A sea may not take this id.
const ShipRoutes = "routes"

// JourneySpec is how a journey may be laid out (edition.yaml
// rules.journey).
type JourneySpec struct {
	// StartOnTransport, EndOnTransport: the first or last card may be a
	// transport card that serves the region beside it (a car that leaves
	// it, a plane of its colour). Off by default: region cards at both ends.
	StartOnTransport bool `json:"start_on_transport,omitempty"`
	EndOnTransport   bool `json:"end_on_transport,omitempty"`
	// DaysByPlayers gives the journey's length for a number of players
	// ("2": 15); any other number plays the edition's days.
	DaysByPlayers map[string]int `json:"days_by_players,omitempty"`
}

// ColorlessSpec names the regions in no colour and how a plane reaches them
// (10 Tage durch Deutschland's Berlin).
type ColorlessSpec struct {
	Regions []string `json:"regions"`
	Planes  string   `json:"planes,omitempty"` // none (default) or other-end
	Color   string   `json:"color,omitempty"`  // the colour id they carry (default none)
}

// KindSpec is an edition's own name for one kind of transport card (the key
// says which: airplane, automobile, ship, train), and so what it works like:
// 10 Tage durch Deutschland's train works as an airplane does.
type KindSpec struct {
	// ID is the first word of its cards' tokens (train:red, bus); default
	// the kind's own (plane, car, ship, train).
	ID string `json:"id,omitempty"`
	// Name is the word its cards show (default the kind's own).
	Name string `json:"name,omitempty"`
	// Pictogram is the picture its cards show: airplane, automobile, bus,
	// ship, ferry or train (default the kind's own).
	Pictogram string `json:"pictogram,omitempty"`
}

// RecipeKinds maps the keys of the transports recipe (and of
// rules.transports) to the card kinds they deal.
var RecipeKinds = map[string]CardKind{"airplane": PlaneCard, "automobile": CarCard, "ship": ShipCard, "train": TrainCard}

// JourneyRules is JourneySpec in a pack.
type JourneyRules struct {
	StartOnTransport bool           `json:"startOnTransport,omitempty"`
	EndOnTransport   bool           `json:"endOnTransport,omitempty"`
	DaysByPlayers    map[string]int `json:"daysByPlayers,omitempty"`
}

// ColorlessRules is how a pack's regions in no colour are reached: they
// carry colour Color, and planes reach them as Planes says.
type ColorlessRules struct {
	Color  string `json:"color"`
	Planes string `json:"planes"`
}

// TransportKind is a kind of transport card as an edition names it: Kind is
// what it works like (plane: by colour; car: through a third region; ship:
// on a sea, or along the routes; train: on a rail line).
type TransportKind struct {
	Kind      CardKind `json:"kind"`
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Pictogram string   `json:"pictogram,omitempty"`
}

// ShipRoute is a ship route drawn on the board: its stops, two or more regions;
// a ship card of the routes joins any two stops of one route.
type ShipRoute struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Stops []string `json:"stops"`
}

// builtinKinds are the transports as the boxes name them.
var builtinKinds = map[CardKind]TransportKind{
	PlaneCard: {Kind: PlaneCard, ID: "plane", Name: "Airplane", Pictogram: "airplane"},
	CarCard:   {Kind: CarCard, ID: "car", Name: "Automobile", Pictogram: "automobile"},
	ShipCard:  {Kind: ShipCard, ID: "ship", Name: "Ship", Pictogram: "ship"},
	TrainCard: {Kind: TrainCard, ID: "train", Name: "Train", Pictogram: "train"},
}

// Pictograms are the pictures a transport's cards may show.
var Pictograms = []string{"airplane", "automobile", "bus", "ferry", "ship", "train"}

// FaceUpPiles is the number of face-up piles (three unless the rules say).
func (r Rules) FaceUpPiles() int {
	if r.FaceUp > 0 {
		return r.FaceUp
	}
	return DefaultFaceUp
}

// StartRule is who starts: StartSeatOrder unless the rules say.
func (r Rules) StartRule() string {
	if r.Start == "" {
		return StartSeatOrder
	}
	return r.Start
}

// DaysFor is the journey's length for a game of players: the rules' length
// for that number, or days.
func (r Rules) DaysFor(players, days int) int {
	if r.Journey != nil {
		if d, ok := r.Journey.DaysByPlayers[strconv.Itoa(players)]; ok && d > 0 {
			return d
		}
	}
	return days
}

// OpenStart and OpenEnd report whether a journey may start or end on a
// transport card.
func (r Rules) OpenStart() bool { return r.Journey != nil && r.Journey.StartOnTransport }
func (r Rules) OpenEnd() bool   { return r.Journey != nil && r.Journey.EndOnTransport }

// Kind is the kind of transport card k as the rules name it: the edition's
// own id, name and pictogram, or the box's (plane, Airplane ...).
func (r Rules) Kind(k CardKind) TransportKind {
	out := builtinKinds[k]
	for _, t := range r.Transports {
		if t.Kind != k {
			continue
		}
		if t.ID != "" {
			out.ID = t.ID
		}
		if t.Name != "" {
			out.Name = t.Name
		}
		if t.Pictogram != "" {
			out.Pictogram = t.Pictogram
		}
	}
	return out
}

// Token is card c's token under the rules: CardToken with the kind's own
// word in front (train:red for a plane the edition calls train), and "ship"
// for a ship of the routes.
func (r Rules) Token(c Card) string {
	if c.Kind == RegionCard {
		return CardToken(c)
	}
	word := r.Kind(c.Kind).ID
	if c.Kind == ShipCard && c.Routes {
		return word
	}
	t := CardToken(c)
	if _, arg, ok := strings.Cut(t, ":"); ok {
		return word + ":" + arg
	}
	return word
}

// PackRules is the pack's rules from an edition's rules block: the switches
// as given, a default written out left out (so the pack of an edition that
// says "face_up: 3" is the pack of one that says nothing), the colour of the
// regions in no colour, and the transports the edition names, each with its
// word, name and pictogram filled in from the kind's own. It checks nothing:
// the schema and derive do.
func (r EditionRules) PackRules() Rules {
	out := Rules{Swap: r.Swap, FaceUp: r.FaceUp, Start: r.Start}
	if out.FaceUp == DefaultFaceUp {
		out.FaceUp = 0
	}
	if out.Start == StartSeatOrder {
		out.Start = ""
	}
	if j := r.Journey; j.StartOnTransport || j.EndOnTransport || len(j.DaysByPlayers) > 0 {
		out.Journey = &JourneyRules{StartOnTransport: j.StartOnTransport, EndOnTransport: j.EndOnTransport, DaysByPlayers: j.DaysByPlayers}
	}
	if c := r.Colorless; c != nil {
		out.Colorless = &ColorlessRules{Color: r.ColorlessColor(), Planes: c.Planes}
		if out.Colorless.Planes == "" {
			out.Colorless.Planes = ColorlessNoPlane
		}
	}
	for _, key := range slices.Sorted(maps.Keys(r.Transports)) {
		kind, ok := RecipeKinds[key]
		if !ok {
			continue // the schema refuses it
		}
		spec, own := r.Transports[key], builtinKinds[kind]
		t := TransportKind{Kind: kind, ID: cmpOr(spec.ID, own.ID), Name: spec.Name, Pictogram: cmpOr(spec.Pictogram, own.Pictogram)}
		if t.Name == "" {
			t.Name = own.Name
			if spec.ID != "" {
				t.Name = strings.ToUpper(spec.ID[:1]) + spec.ID[1:]
			}
		}
		out.Transports = append(out.Transports, t)
	}
	slices.SortStableFunc(out.Transports, func(a, b TransportKind) int { return cardKindOrder(a.Kind) - cardKindOrder(b.Kind) })
	return out
}

// ColorlessColor is the colour id the regions in no colour carry.
func (r EditionRules) ColorlessColor() string {
	if r.Colorless != nil && r.Colorless.Color != "" {
		return r.Colorless.Color
	}
	return DefaultColorlessColor
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// Departures says in words, one rule a line, how the rules depart from the
// boxes before Europa Tour (three face-up piles, seat order, region cards
// at both ends, every region in a colour, the transports under their own
// names); nil when they do not. The swap switch is left to the reports,
// which say "swap on" or "off" for every game. Reports, the print-and-play
// summary and `tendays rules` show these lines.
func (r Rules) Departures() []string {
	var out []string
	if f := r.FaceUpPiles(); f != DefaultFaceUp {
		out = append(out, fmt.Sprintf("%d face-up piles", f))
	}
	if r.StartRule() == StartFirstToFill {
		out = append(out, "everyone fills their holder at once; the first to fill it starts")
	}
	switch {
	case r.OpenStart() && r.OpenEnd():
		out = append(out, "a journey may start and end on a transport card that serves the region beside it")
	case r.OpenStart():
		out = append(out, "a journey may start on a transport card that serves the region after it")
	case r.OpenEnd():
		out = append(out, "a journey may end on a transport card that serves the region before it")
	}
	if r.Journey != nil {
		for _, n := range slices.Sorted(maps.Keys(r.Journey.DaysByPlayers)) {
			out = append(out, fmt.Sprintf("a journey of %d days for %s players", r.Journey.DaysByPlayers[n], n))
		}
	}
	if c := r.Colorless; c != nil {
		how := "no " + r.Kind(PlaneCard).ID + " reaches them"
		if c.Planes == ColorlessOtherEnd {
			how = "a " + r.Kind(PlaneCard).ID + " to or from one takes the colour of the other end"
		}
		out = append(out, "regions in no colour: "+how)
	}
	for _, t := range r.Transports {
		own := builtinKinds[t.Kind]
		if t.ID == own.ID && t.Name == own.Name {
			continue
		}
		if t.ID == own.ID {
			out = append(out, fmt.Sprintf("%s cards are called %s", own.ID, t.Name))
			continue
		}
		out = append(out, fmt.Sprintf("%s cards (%s) work as %s cards do", t.ID, t.Name, own.ID))
	}
	return out
}

// shipRoutesLine is the departure a board of ship routes makes.
func shipRoutesLine(routes int) string {
	return fmt.Sprintf("ship cards of the routes sail only along the %d ship routes drawn on the board", routes)
}

// Departures is the rules' Departures, and the ship routes where the deck
// sails them.
func (p *Pack) Departures() []string {
	out := p.Rules.Departures()
	for _, c := range p.Deck.Cards {
		if c.Kind == ShipCard && c.Routes && len(p.ShipRoutes) > 0 {
			return append(out, shipRoutesLine(len(p.ShipRoutes)))
		}
	}
	return out
}

// Departures is what the pack of the edition will say (Pack.Departures),
// read from the edition itself.
func (e *Edition) Departures() []string {
	out := e.Rules.PackRules().Departures()
	if e.Transports.Ship[ShipRoutes] > 0 && len(e.ShipRoutes) > 0 {
		out = append(out, shipRoutesLine(len(e.ShipRoutes)))
	}
	return out
}
