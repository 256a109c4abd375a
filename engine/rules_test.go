package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// Each rule of the pack's rules block, on the small fixtures: the default
// plays as before, the rule as it says.

func TestFaceUpPilesFromTheRules(t *testing.T) {
	assert.Equal(t, 3, compile(t, packtest.Grid()).FaceUp(), "the boxes' three")
	p := packtest.Grid()
	p.Rules.FaceUp = 5
	assert.Equal(t, 5, compile(t, p).FaceUp())
	p.Rules.FaceUp = 17
	_, err := Compile(p)
	var pe *PackError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "/rules/faceUp", pe.Pointer)
}

// openGrid is the grid with the rules that let a journey start and end on
// a transport card.
func openGrid(start, end bool) *Board {
	p := packtest.Grid()
	p.Rules.Journey = &mapdata.JourneyRules{StartOnTransport: start, EndOnTransport: end}
	b, err := Compile(p)
	if err != nil {
		panic(err)
	}
	return b
}

func TestJourneyEndsOnTransport(t *testing.T) {
	closed, open := compile(t, packtest.Grid()), openGrid(true, true)
	tests := []struct {
		journey     string
		closed      Fault
		open        bool
		openFault   Fault
		openAt      int
		openReason  string
		steps, last string // the open board's step count and last step's text
	}{
		// A car leaves Ash (through Birch to Cedar): it serves Ash.
		{journey: "car,A1,A2", closed: StartsWithTransport, open: true},
		{journey: "A1,A2,car", closed: EndsWithTransport, open: true},
		{journey: "car,A1,A2,plane:blue", closed: StartsWithTransport, open: true},
		// Birch is blue: no red plane takes a journey on from it.
		{journey: "plane:red,A2,A3", closed: StartsWithTransport, openFault: NotLinked, openAt: 0,
			openReason: "days 1–2: plane:red → Birch: plane:red links Birch to no other region, so the journey cannot start on it"},
		{journey: "A1,A2,plane:red", closed: EndsWithTransport, openFault: NotLinked, openAt: 1,
			openReason: "days 2–3: Birch → plane:red: plane:red links Birch to no other region, so the journey cannot end on it"},
		// Two transports are still two transports.
		{journey: "car,plane:red,A1", closed: StartsWithTransport, openFault: TransportsSideBySide, openAt: 0},
		{journey: "car", closed: StartsWithTransport, openFault: StartsWithTransport},
	}
	for _, tc := range tests {
		t.Run(tc.journey, func(t *testing.T) {
			v := closed.Check(journey(t, closed, tc.journey))
			assert.False(t, v.Valid)
			assert.Equal(t, tc.closed, v.Fault)
			cards := journey(t, open, tc.journey)
			v = open.Check(cards)
			assert.Equal(t, tc.open, v.Valid, v.Reason())
			if tc.open {
				assert.Equal(t, len(cards)+1, open.Progress(cards), "a valid journey scores its length and one")
				steps := v.Steps()
				require.NotEmpty(t, steps)
				for _, s := range steps {
					assert.True(t, s.Linked, s.Text)
				}
				return
			}
			assert.Equal(t, tc.openFault, v.Fault)
			assert.Equal(t, tc.openAt, v.At)
			assert.Less(t, open.Progress(cards), len(cards)+1, "only a valid journey scores its length and one")
			if tc.openReason != "" {
				assert.Equal(t, tc.openReason, v.Reason())
			}
		})
	}
	// Only the end the rules open.
	startOnly, endOnly := openGrid(true, false), openGrid(false, true)
	assert.True(t, startOnly.Check(journey(t, startOnly, "car,A1,A2")).Valid)
	assert.Equal(t, EndsWithTransport, startOnly.Check(journey(t, startOnly, "A1,A2,car")).Fault)
	assert.True(t, endOnly.Check(journey(t, endOnly, "A1,A2,car")).Valid)
	assert.Equal(t, StartsWithTransport, endOnly.Check(journey(t, endOnly, "car,A1,A2")).Fault)
	// The explanation of an open start names the transport and the region.
	steps := open.Check(journey(t, open, "car,A1,A2")).Steps()
	require.Len(t, steps, 2)
	assert.Equal(t, Step{From: -1, Via: 0, Via2: -1, To: 1, Linked: true, How: "car",
		Why: "the journey starts on car, which serves Ash", Text: "car → Ash: the journey starts on car, which serves Ash"}, steps[0])
	// Reports give an open end the transport's day.
	cards := journey(t, open, "car,A1,A2,car")
	r := open.Report(cards, open.Check(cards))
	require.Len(t, r.Steps, 3)
	assert.Equal(t, [3]int{1, 1, 2}, [3]int{r.Steps[0].From, r.Steps[0].Via, r.Steps[0].To})
	assert.Equal(t, [3]int{3, 4, 4}, [3]int{r.Steps[2].From, r.Steps[2].Via, r.Steps[2].To})
}

// The count of journeys with open ends is the count of every sequence of
// card kinds that Check (copies aside) finds valid (bruteCount), overall
// and through each region.
func TestCountWithOpenEnds(t *testing.T) {
	for _, ends := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
		b := openGrid(ends[0], ends[1])
		for days := 1; days <= 4; days++ {
			c, err := b.Count(days)
			require.NoError(t, err)
			total, per := bruteCount(b, days)
			assert.Equal(t, total, c.Total.Int64(), "ends %v, %d days", ends, days)
			for r, rc := range c.Regions {
				assert.Equal(t, per[r], rc.Journeys.Int64(), "ends %v, %d days, region %s", ends, days, rc.ID)
			}
		}
	}
	closed, err := openGrid(false, false).Count(4)
	require.NoError(t, err)
	open, err := openGrid(true, true).Count(4)
	require.NoError(t, err)
	assert.Equal(t, 1, open.Total.Cmp(closed.Total), "open ends allow more journeys")
	assert.True(t, strings.HasSuffix(openGrid(true, true).CountDefinition(), "may also start and end on a transport card that serves the region beside it"))
	assert.Equal(t, CountDefinition, openGrid(false, false).CountDefinition())
}

// colorlessGrid is the grid with Elm (B2, red in the middle) in no colour,
// reached by plane as planes says.
func colorlessGrid(planes string) *Board {
	p := packtest.Grid()
	p.Colors = append(p.Colors, mapdata.Color{ID: "none", Name: "No colour", Hex: "#cccccc"})
	p.Region("B2").Color = "none"
	p.Rules.Colorless = &mapdata.ColorlessRules{Color: "none", Planes: planes}
	b, err := Compile(p)
	if err != nil {
		panic(err)
	}
	return b
}

func TestColorlessRegion(t *testing.T) {
	none := colorlessGrid(mapdata.ColorlessNoPlane)
	v := none.Check(journey(t, none, "A1,plane:red,B2"))
	assert.False(t, v.Valid)
	assert.Equal(t, "days 1–3: Ash → plane:red → Elm: Elm is in no colour: no plane reaches it", v.Reason())
	assert.True(t, none.Check(journey(t, none, "A2,B2,car,A1")).Valid, "walked to and driven from")

	other := colorlessGrid(mapdata.ColorlessOtherEnd)
	assert.True(t, other.Check(journey(t, other, "A1,plane:red,B2")).Valid, "a red plane from red Ash")
	assert.True(t, other.Check(journey(t, other, "B2,plane:blue,A2")).Valid, "a blue plane to blue Birch")
	v = other.Check(journey(t, other, "A2,plane:red,B2"))
	assert.False(t, v.Valid)
	assert.Equal(t, "days 1–3: Birch → plane:red → Elm: Elm is in no colour: the plane to or from it must match Birch's colour (blue), not red", v.Reason())
	groups, _, ok := other.LinkGroups(journey(t, other, "plane:red")[0])
	require.True(t, ok)
	assert.Contains(t, groups[0], int32(4), "Elm is in every plane's group")
	assert.True(t, other.Region(4).Colorless)
}

// shipRoutesEurope is the small Europe with ships of the routes beside its
// ships on seas: Iceland–Norway, and a chain England–Netherlands–Denmark.
func shipRoutesEurope() *mapdata.Pack {
	p := packtest.Europe()
	p.ShipRoutes = []mapdata.ShipRoute{
		{ID: "chain", Name: "England – Denmark", Stops: []string{"EN", "NL", "DK"}},
		{ID: "is-no", Name: "Iceland – Norway", Stops: []string{"IS", "NO"}},
	}
	p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: "ship", Kind: mapdata.ShipCard, Routes: true, Count: 3})
	mapdata.Canonicalize(p)
	return p
}

func TestShipRoutes(t *testing.T) {
	b := compile(t, shipRoutesEurope())
	tests := []struct {
		journey string
		valid   bool
		reason  string
	}{
		{journey: "IS,ship,NO", valid: true},
		{journey: "EN,ship,DK", valid: true}, // two stops of a chain
		// Iceland and England both have Atlantic coasts, but no route joins them.
		{journey: "IS,ship,EN", reason: "days 1–3: Iceland → ship → England: no ship route joins Iceland and England: ships sail only along the routes drawn on the board"},
		{journey: "IS,ship:atlantic,EN", valid: true}, // a ship of the sea sails its coasts
		{journey: "IS,ship:is-no,NO", valid: true},
		{journey: "EN,ship:is-no,DK", reason: "days 1–3: England → ship:is-no → Denmark: the ship route Iceland – Norway does not join England and Denmark; England – Denmark does"},
		{journey: "IS,ship:Iceland – Norway,NO", valid: true}, // by its name
	}
	for _, tc := range tests {
		t.Run(tc.journey, func(t *testing.T) {
			v := b.Check(journey(t, b, tc.journey))
			assert.Equal(t, tc.valid, v.Valid, v.Reason())
			if tc.reason != "" {
				assert.Equal(t, tc.reason, v.Reason())
			}
		})
	}
	ship := journey(t, b, "ship")[0]
	assert.True(t, b.Card(ship).Routes)
	groups, rest, ok := b.LinkGroups(ship)
	require.True(t, ok)
	assert.Nil(t, rest)
	assert.Len(t, groups, 2, "one group a route")
	assert.Equal(t, 2, b.NumRoutes())
	// A named route's copies are the ship's.
	named := journey(t, b, "ship:chain")[0]
	assert.Equal(t, ship, b.Base(named))
	v := b.Check(journey(t, b, "IS,ship,NO,SE,DK,ship,EN,ship:chain,NL,ship,DK"))
	assert.False(t, v.Valid)
	assert.Equal(t, TooManyCopies, v.Fault, "three ships of the routes, then a fourth")
	assert.Equal(t, 9, v.At)

	// A pack whose ships sail routes it does not have cannot be played.
	p := shipRoutesEurope()
	p.ShipRoutes = nil
	_, err := Compile(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "sails the ship routes, but the pack has none")
}

func TestTransportsUnderTheirOwnWords(t *testing.T) {
	p := packtest.Grid()
	p.Rules.Transports = []mapdata.TransportKind{
		{Kind: mapdata.PlaneCard, ID: "train", Name: "Zug", Pictogram: "train"},
		{Kind: mapdata.CarCard, ID: "bus", Name: "Bus", Pictogram: "bus"},
	}
	for i, c := range p.Deck.Cards {
		p.Deck.Cards[i].Token = p.Rules.Token(c)
	}
	b := compile(t, p)
	red, err := b.Lookup("train:red")
	require.NoError(t, err)
	assert.Equal(t, PlaneCard, b.Kind(red))
	assert.Equal(t, "train:red", b.Name(red))
	bus, err := b.Lookup("Bus")
	require.NoError(t, err)
	assert.Equal(t, CarCard, b.Kind(bus))
	// The kinds' own words still name the cards.
	same, err := b.Lookup("plane:red")
	require.NoError(t, err)
	assert.Equal(t, red, same)
	_, err = b.Lookup("train:green")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown card "train:green": no colour "green"`)
	v := b.Check(journey(t, b, "A1,train:red,A3,bus,C3"))
	assert.True(t, v.Valid, v.Reason())
	assert.Equal(t, "Ash → train:red → Cedar: Ash and Cedar are both red", v.Steps()[0].Text)
	assert.Equal(t, "Zug", b.Transport(PlaneCard).Name)
	assert.Equal(t, "ship", b.Transport(ShipCard).ID, "a kind the edition does not name keeps its own")
}

// A neutral train under the edition's own word still names a line.
func TestOwnWordNamesALine(t *testing.T) {
	p := packtest.Europe()
	p.Rules.Transports = []mapdata.TransportKind{{Kind: mapdata.TrainCard, ID: "tram", Name: "Tram"}}
	for i, c := range p.Deck.Cards {
		p.Deck.Cards[i].Token = p.Rules.Token(c)
	}
	b := compile(t, p)
	south, err := b.Lookup("tram:south")
	require.NoError(t, err)
	assert.Equal(t, "tram:south", b.Name(south))
	v := b.Check(journey(t, b, "ES,tram:south,TR"))
	assert.True(t, v.Valid, v.Reason())
	v = b.Check(journey(t, b, "PL,tram:south,SE"))
	assert.False(t, v.Valid)
	north, err := b.Lookup("tram:north")
	require.NoError(t, err)
	assert.Equal(t, "tram:north", b.Name(north), "the line's own cards")
}
