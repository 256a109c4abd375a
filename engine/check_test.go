package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

func compile(t testing.TB, p *mapdata.Pack) *Board {
	t.Helper()
	b, err := Compile(p)
	require.NoError(t, err)
	return b
}

func journey(t testing.TB, b *Board, s string) []CardID {
	t.Helper()
	cards, err := b.ParseJourney(strings.Split(s, ","))
	require.NoError(t, err)
	return cards
}

func TestCheckUSA(t *testing.T) {
	b := compile(t, packtest.USA())
	tests := []struct {
		name    string
		journey string
		valid   bool
		fault   Fault
		at      int
		reason  string
	}{
		{name: "rulebook example", valid: true,
			journey: "Oregon,car,Arizona,plane:tan,Ohio,West Virginia,Pennsylvania,plane:light-blue,Georgia,Florida",
			reason:  "a valid 10-day journey"},
		{name: "Maine car New Hampshire", journey: "ME,car,NH", fault: NotLinked, at: 0,
			reason: "days 1–3: Maine → car → New Hampshire: no third state borders both"},
		{name: "Four Corners diagonal", journey: "AZ,CO", fault: NotLinked, at: 0,
			reason: "days 1–2: Arizona → Colorado: they share no border"},
		{name: "Four Corners by car", journey: "AZ,car,CO", valid: true},
		{name: "Michigan by foot", journey: "OH,MI,WI", valid: true},
		{name: "plane to Alaska matches departure", journey: "AZ,plane:tan,AK", valid: true},
		{name: "plane from Alaska matches destination", journey: "AK,plane:dark-blue,NY", valid: true},
		{name: "any plane between Alaska and Hawaii", journey: "AK,plane:red,HI", valid: true},
		{name: "plane to Alaska of the wrong colour", journey: "NY,plane:tan,AK", fault: NotLinked,
			reason: "days 1–3: New York → plane:tan → Alaska: a plane to or from Alaska must match New York's colour (dark-blue), not tan"},
		{name: "no car to Alaska", journey: "WA,car,AK", fault: NotLinked,
			reason: "days 1–3: Washington → car → Alaska: Alaska is reached only by plane (the edition's air_only)"},
		{name: "wrong plane colour", journey: "OR,plane:red,OH", fault: NotLinked,
			reason: "days 1–3: Oregon → plane:red → Ohio: Oregon is dark-blue and Ohio is tan, not red"},
		{name: "same state twice", journey: "OR,OR", fault: TooManyCopies, at: 1,
			reason: "day 2: Oregon is used 2 times, but the deck holds only one (the edition's copies)"},
		{name: "starts with a transport", journey: "car,OR,CA", fault: StartsWithTransport, at: 0,
			reason: "day 1 is car, a transport card: a journey starts with a state card"},
		{name: "ends with a transport", journey: "OR,CA,car", fault: EndsWithTransport, at: 2},
		{name: "transports side by side", journey: "OR,car,plane:red,TX", fault: TransportsSideBySide, at: 1,
			reason: "days 2 and 3 are car and plane:red: two transport cards side by side link nothing"},
		{name: "three planes of a colour", journey: "CO,plane:red,TX,plane:red,MI,plane:red,ND", fault: TooManyCopies, at: 5},
		{name: "single state", journey: "TX", valid: true},
		{name: "a 20-day journey (combined editions)", valid: true, reason: "a valid 20-day journey",
			journey: "OR,CA,NV,UT,WY,MT,ND,MN,WI,MI,OH,PA,NY,VT,NH,ME,plane:dark-blue,AK,plane:red,HI"},
		{name: "fails at the first bad step", journey: "OR,WA,ID,UT,AZ,CO,NM", fault: NotLinked, at: 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := b.Check(journey(t, b, tc.journey))
			assert.Equal(t, tc.valid, v.Valid)
			assert.Equal(t, tc.fault, v.Fault)
			if !tc.valid {
				assert.Equal(t, tc.at, v.At)
			}
			if tc.reason != "" {
				assert.Equal(t, tc.reason, v.Reason())
			}
		})
	}
}

func TestStepsExplainEveryStep(t *testing.T) {
	b := compile(t, packtest.USA())
	v := b.Check(journey(t, b, "Oregon,car,Arizona,plane:tan,Ohio,West Virginia,Pennsylvania,plane:light-blue,Georgia,Florida"))
	require.True(t, v.Valid)
	var texts []string
	for _, s := range v.Steps() {
		assert.True(t, s.Linked)
		texts = append(texts, s.Text)
	}
	assert.Equal(t, []string{
		"Oregon → car → Arizona: car via California or Nevada",
		"Arizona → plane:tan → Ohio: Arizona and Ohio are both tan",
		"Ohio → West Virginia: border",
		"West Virginia → Pennsylvania: border",
		"Pennsylvania → plane:light-blue → Georgia: Pennsylvania and Georgia are both light-blue",
		"Georgia → Florida: border",
	}, texts)

	v = b.Check(journey(t, b, "OR,CA,NV,car,KS"))
	require.False(t, v.Valid)
	steps := v.Steps()
	require.Len(t, steps, 3, "steps up to and including the failing one")
	assert.True(t, steps[0].Linked)
	assert.False(t, steps[2].Linked)
	assert.Equal(t, 2, steps[2].From)
	assert.Equal(t, 3, steps[2].Via)
	assert.Equal(t, "Nevada → car → Kansas: no third state borders both", steps[2].Text)
}

func TestCheckEurope(t *testing.T) {
	b := compile(t, packtest.Europe())
	assert.Equal(t, "country", b.Word())
	tests := []struct {
		journey string
		valid   bool
		reason  string
		steps   []string
	}{
		{journey: "Spain,France,ship:atlantic,Norway,Sweden,Denmark,train,Poland,Germany,Austria,train,Italy,ship:med,Spain", valid: true,
			steps: []string{"border, 623 km", "both on the Atlantic Ocean", "border, 1619 km", "bridge", "both on the Northern line",
				"border, 467 km", "border, 784 km", "both on the Southern line", "both on the Mediterranean Sea"}},
		{journey: "England,France", valid: true, steps: []string{"ferry"}},
		{journey: "Spain,ship:baltic,Poland", reason: "days 1–3: Spain → ship:baltic → Poland: Spain is not on the Baltic Sea"},
		{journey: "Austria,ship:med,Switzerland", reason: "days 1–3: Austria → ship:med → Switzerland: neither Austria nor Switzerland is on the Mediterranean Sea"},
		{journey: "Poland,train:north,Sweden", valid: true, steps: []string{"both on the Northern line"}},
		{journey: "Spain,train:north,Sweden", reason: "days 1–3: Spain → train:north → Sweden: Spain is not on the Northern line; no line links them"},
		// A named line with neutral train cards: held to that line.
		{journey: "Spain,train:south,Italy", valid: true, steps: []string{"both on the Southern line"}},
		{journey: "Poland,train:south,Germany", reason: "days 1–3: Poland → train:south → Germany: neither Poland nor Germany is on the Southern line; train:north would link them"},
		{journey: "Spain,train:south,Italy,train,Austria,train:south,Turkey,train:south,Austria", reason: "day 8: train:south is used 4 times, but the deck holds only 3 (the edition's transports)"},
		{journey: "Spain,train,Sweden", reason: "days 1–3: Spain → train → Sweden: Spain and Sweden share no rail line"},
		{journey: "Spain,France,Spain", valid: true},
		{journey: "Spain,Spain", reason: "days 1–2: Spain → Spain: the same country twice in a row goes nowhere"},
		{journey: "Spain,plane:yellow,Spain", reason: "days 1–3: Spain → plane:yellow → Spain: the same country at both ends goes nowhere"},
		{journey: "Spain,France,Spain,Portugal,Spain", reason: "day 5: Spain is used 3 times, but the deck holds only 2 (the edition's copies)"},
		{journey: "Iceland,ship:atlantic,Norway", valid: true},
		{journey: "Iceland,Norway", reason: "days 1–2: Iceland → Norway: they share no border"},
	}
	for _, tc := range tests {
		t.Run(tc.journey, func(t *testing.T) {
			v := b.Check(journey(t, b, tc.journey))
			assert.Equal(t, tc.valid, v.Valid, v.Reason())
			if tc.reason != "" {
				assert.Equal(t, tc.reason, v.Reason())
			}
			if tc.steps != nil {
				var whys []string
				for _, s := range v.Steps() {
					whys = append(whys, s.Why)
				}
				assert.Equal(t, tc.steps, whys)
			}
		})
	}
}

// connectedEurope is the small Europe with the Atlantic and the
// Mediterranean connected (as the Americas' Panama Canal joins two oceans).
func connectedEurope() *mapdata.Pack {
	p := packtest.Europe()
	p.Edition.ID += "-connected"
	for i := range p.Seas {
		if p.Seas[i].ID == "atlantic" {
			p.Seas[i].Connects = []string{"med"}
		}
	}
	return p
}

func TestCheckConnectedSeas(t *testing.T) {
	b := compile(t, connectedEurope())
	tests := []struct {
		journey string
		fault   Fault
		reason  string
		step    string
	}{
		{journey: "Portugal,ship:atlantic,ship:med,Italy", step: "Portugal → ship:atlantic → ship:med → Italy: Portugal on the Atlantic Ocean, Italy on the Mediterranean Sea, and the two connect"},
		{journey: "Italy,ship:med,ship:atlantic,Norway,Sweden", step: "Italy → ship:med → ship:atlantic → Norway: Italy on the Mediterranean Sea, Norway on the Atlantic Ocean, and the two connect"},
		{journey: "Portugal,ship:atlantic,ship:baltic,Poland", fault: TransportsSideBySide,
			reason: "days 2 and 3 are ship:atlantic and ship:baltic: two transport cards side by side link nothing (but two ships on seas that connect, and the Atlantic Ocean and the Baltic Sea do not: the edition's seas say which connect)"},
		{journey: "Poland,ship:atlantic,ship:med,Italy", fault: NotLinked,
			reason: "days 1–4: Poland → ship:atlantic → ship:med → Italy: Poland is not on the Atlantic Ocean"},
		{journey: "Portugal,ship:atlantic,ship:med,ship:atlantic,Norway", fault: TransportsSideBySide,
			reason: "days 3 and 4 are ship:med and ship:atlantic: two transport cards side by side link nothing (but two ships on seas that connect, two and no more)"},
		{journey: "Portugal,ship:atlantic,ship:med", fault: EndsWithTransport},
		{journey: "Portugal,ship:atlantic,plane:green,Italy", fault: TransportsSideBySide},
	}
	for _, tc := range tests {
		t.Run(tc.journey, func(t *testing.T) {
			cards := journey(t, b, tc.journey)
			v := b.Check(cards)
			assert.Equal(t, tc.fault == NoFault, v.Valid, v.Reason())
			assert.Equal(t, tc.fault, v.Fault)
			if tc.reason != "" {
				assert.Equal(t, tc.reason, v.Reason())
			}
			if tc.step != "" {
				require.NotEmpty(t, v.Steps())
				assert.Equal(t, tc.step, v.Steps()[0].Text)
			}
			if v.Valid {
				assert.Equal(t, len(cards)+1, b.Progress(cards))
			} else {
				assert.Less(t, b.Progress(cards), len(cards)+1)
			}
		})
	}
	// Without the connection the pair is refused.
	plain := compile(t, packtest.Europe())
	assert.Equal(t, TransportsSideBySide, plain.Check(journey(t, plain, "Portugal,ship:atlantic,ship:med,Italy")).Fault)
}

func TestCheckGridBorderKm(t *testing.T) {
	b := compile(t, packtest.Grid())
	assert.Equal(t, "region", b.Word())
	assert.Equal(t, 5, b.Days())
	v := b.Check(journey(t, b, "Ash,Birch,Elm,Dogwood"))
	require.True(t, v.Valid)
	var whys []string
	for _, s := range v.Steps() {
		whys = append(whys, s.Why)
	}
	assert.Equal(t, []string{"border, 100 km", "border, 201 km", "border, 110 km"}, whys)
	// Ash and Elm meet at a point only.
	assert.False(t, b.Check(journey(t, b, "Ash,Elm")).Valid)
}

func TestCheckRemovedLinkIsExplained(t *testing.T) {
	p := packtest.USA()
	p.Removed = []mapdata.Link{{A: "IL", B: "MI", Kind: mapdata.Border, Why: "water boundary only"}}
	b := compile(t, p)
	v := b.Check(journey(t, b, "Illinois,Michigan"))
	assert.Equal(t, "days 1–2: Illinois → Michigan: they share no border (the edition removed the border between them: water boundary only)", v.Reason())
}

func TestCheckUnknownCardID(t *testing.T) {
	b := compile(t, packtest.Grid())
	v := b.Check([]CardID{0, CardID(b.NumCards())})
	assert.Equal(t, UnknownCard, v.Fault)
	assert.Equal(t, 1, v.At)
	assert.Equal(t, Empty, b.Check(nil).Fault)
}

// refValid decides a journey from the pack's own lists, the slow and
// obvious way, as a second opinion on Check.
func refValid(p *mapdata.Pack, tokens []string) bool {
	card := map[string]mapdata.Card{}
	for _, c := range p.Deck.Cards {
		card[c.Token] = c
	}
	region := map[string]mapdata.Region{}
	for _, r := range p.Regions {
		region[r.ID] = r
	}
	used := map[string]int{}
	for _, tok := range tokens {
		used[tok]++
		if used[tok] > card[tok].Count {
			return false
		}
	}
	linked := func(a, b string, kinds ...mapdata.LinkKind) bool {
		for _, l := range p.Links {
			if ((l.A == a && l.B == b) || (l.A == b && l.B == a)) && slices.Contains(kinds, l.Kind) {
				return true
			}
		}
		return false
	}
	step := func(a, b string, via *mapdata.Card) bool {
		ra, rb := region[a], region[b]
		if a == b {
			return false
		}
		if via == nil {
			return !ra.AirOnly && !rb.AirOnly && linked(a, b, mapdata.Border, mapdata.Bridge, mapdata.Ferry)
		}
		if via.Kind == mapdata.PlaneCard {
			switch {
			case ra.AirOnly && rb.AirOnly:
				return true
			case ra.AirOnly:
				return rb.Color == via.Color
			case rb.AirOnly:
				return ra.Color == via.Color
			}
			return ra.Color == via.Color && rb.Color == via.Color
		}
		if ra.AirOnly || rb.AirOnly {
			return false
		}
		switch via.Kind {
		case mapdata.CarCard:
			return linked(a, b, mapdata.Car)
		case mapdata.ShipCard:
			return slices.Contains(ra.Seas, via.Sea) && slices.Contains(rb.Seas, via.Sea)
		case mapdata.TrainCard:
			for _, l := range ra.Rails {
				if slices.Contains(rb.Rails, l) && (via.Rail == "" || via.Rail == l) {
					return true
				}
			}
		}
		return false
	}
	connect := func(s, t string) bool {
		for _, sea := range p.Seas {
			if sea.ID == s && slices.Contains(sea.Connects, t) || sea.ID == t && slices.Contains(sea.Connects, s) {
				return s != t
			}
		}
		return false
	}
	n := len(tokens)
	if n == 0 || card[tokens[0]].Kind != mapdata.RegionCard || card[tokens[n-1]].Kind != mapdata.RegionCard {
		return false
	}
	for i := 0; i < n-1; {
		a := card[tokens[i]]
		next := card[tokens[i+1]]
		if next.Kind == mapdata.RegionCard {
			if !step(a.Region, next.Region, nil) {
				return false
			}
			i++
			continue
		}
		if second := card[tokens[i+2]]; next.Kind == mapdata.ShipCard && second.Kind == mapdata.ShipCard && connect(next.Sea, second.Sea) {
			to := card[tokens[i+3]]
			ra, rb := region[a.Region], region[to.Region]
			if to.Kind != mapdata.RegionCard || a.Region == to.Region || ra.AirOnly || rb.AirOnly ||
				!slices.Contains(ra.Seas, next.Sea) || !slices.Contains(rb.Seas, second.Sea) {
				return false
			}
			i += 3
			continue
		}
		to := card[tokens[i+2]] // i+1 < n-1 since the last card is a region
		if to.Kind != mapdata.RegionCard || !step(a.Region, to.Region, &next) {
			return false
		}
		i += 2
	}
	return true
}

// TestCheckAgreesWithReference compares Check with refValid on many
// journeys: random walks (mostly valid) with random cards swapped in.
func TestCheckAgreesWithReference(t *testing.T) {
	for _, p := range []*mapdata.Pack{packtest.Grid(), packtest.USA(), packtest.Europe(), connectedEurope()} {
		t.Run(p.Edition.ID, func(t *testing.T) {
			b := compile(t, p)
			rng := rand.New(rand.NewPCG(1, 2))
			valid := 0
			const trials = 20000
			for range trials {
				n := 1 + rng.IntN(12)
				cards := randomWalk(b, rng, n)
				for range rng.IntN(3) {
					cards[rng.IntN(n)] = CardID(rng.IntN(b.NumCards()))
				}
				tokens := make([]string, n)
				for i, c := range cards {
					tokens[i] = p.Deck.Cards[c].Token
				}
				v := b.Check(cards)
				want := refValid(p, tokens)
				require.Equal(t, want, v.Valid, "%v: %s", tokens, v.Reason())
				require.Equal(t, v.Valid, v.Fault == NoFault)
				if v.Valid {
					valid++
					require.Equal(t, n+1, b.Progress(cards), "%v", tokens)
				} else if v.Fault != TooManyCopies {
					require.Less(t, b.Progress(cards), n+1, "%v", tokens)
					require.NotEmpty(t, v.Reason())
				}
			}
			assert.Greater(t, valid, trials/20, "the walks should give some valid journeys")
			assert.Less(t, valid, trials*19/20, "and some invalid ones")
		})
	}
}

// randomWalk makes a journey of n cards by walking the board's relations.
func randomWalk(b *Board, rng *rand.Rand, n int) []CardID {
	var regionCards, transports []CardID
	for c := range b.NumCards() {
		if b.IsRegion(CardID(c)) {
			regionCards = append(regionCards, CardID(c))
		} else {
			transports = append(transports, CardID(c))
		}
	}
	out := []CardID{regionCards[rng.IntN(len(regionCards))]}
	for len(out) < n {
		r := b.RegionOf(out[len(out)-1])
		if len(out)+2 <= n && len(transports) > 0 && rng.IntN(3) == 0 {
			t := transports[rng.IntN(len(transports))]
			if next := b.LinkNeighbors(t, r); len(next) > 0 {
				out = append(out, t, b.Region(int(next[rng.IntN(len(next))])).Card)
				continue
			}
		}
		if next := b.FootNeighbors(r); len(next) > 0 {
			out = append(out, b.Region(int(next[rng.IntN(len(next))])).Card)
			continue
		}
		out = append(out, regionCards[rng.IntN(len(regionCards))])
	}
	return out
}

func TestCompileRefusesBrokenPacks(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(p *mapdata.Pack)
		pointer string
	}{
		{"link to unknown region", func(p *mapdata.Pack) { p.Links[0].B = "ZZ" }, "/links/0/b"},
		{"link to itself", func(p *mapdata.Pack) { p.Links[0].B = p.Links[0].A }, "/links/0"},
		{"unknown link kind", func(p *mapdata.Pack) { p.Links[0].Kind = "tunnel" }, "/links/0/kind"},
		{"duplicate region", func(p *mapdata.Pack) { p.Regions[1].ID = p.Regions[0].ID }, "/regions/1/id"},
		{"card of unknown region", func(p *mapdata.Pack) { p.Deck.Cards[0].Region = "ZZ" }, "/deck/cards/0/region"},
		{"negative count", func(p *mapdata.Pack) { p.Deck.Cards[2].Count = -1 }, "/deck/cards/2/count"},
		{"other kind", func(p *mapdata.Pack) { p.Kind = "routes" }, "/kind"},
		{"rail stop unknown", func(p *mapdata.Pack) {
			p.Rails = []mapdata.Rail{{ID: "x", Stops: []string{"A1", "QQ"}}}
		}, "/rails/0/stops/1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := packtest.Grid()
			tc.edit(p)
			_, err := Compile(p)
			var pe *PackError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tc.pointer, pe.Pointer)
		})
	}
}

func TestParseJourneyNamesTheUnknownCard(t *testing.T) {
	b := compile(t, packtest.USA())
	_, err := b.ParseJourney([]string{"OR", "Oregn"})
	var te *TokenError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, 1, te.Index)
	assert.Contains(t, err.Error(), `"Oregn"`)
	assert.Contains(t, err.Error(), `"Oregon"`)
}

func TestParseJourneyDaysChecksTokensThenLength(t *testing.T) {
	b := compile(t, packtest.USA())
	cards, err := b.ParseJourneyDays([]string{"OR", "car", "AZ"}, 3)
	require.NoError(t, err)
	assert.Len(t, cards, 3)

	_, err = b.ParseJourneyDays([]string{"OR", "car"}, 3)
	var le *LengthError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, LengthError{Cards: 2, Days: 3}, *le)
	assert.EqualError(t, err, "the journey has 2 cards; a journey of this game has 3 days")

	// An unknown card is told before the length.
	_, err = b.ParseJourneyDays([]string{"OR", "kar"}, 3)
	var te *TokenError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, 1, te.Index)
}

// FuzzCheck feeds arbitrary card ids (out-of-range ones too): Check, its
// reason and its steps never panic, and Check agrees with the reference.
func FuzzCheck(f *testing.F) {
	p := packtest.Europe()
	b := compile(f, p)
	f.Add([]byte{0, 1, 2})
	f.Add([]byte{0, 30, 3, 31, 4})
	f.Add([]byte{255, 0})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 40 {
			data = data[:40]
		}
		cards := make([]CardID, len(data))
		known, named := true, false
		for i, d := range data {
			cards[i] = CardID(d)
			known = known && int(d) < len(b.kind)
			named = named || (int(d) >= b.NumCards() && int(d) < len(b.kind))
		}
		v := b.Check(cards)
		_ = v.Reason()
		_ = v.Steps()
		b.Progress(cards)
		switch {
		case known && named:
			// A train named on a line (ids after the deck's) is the neutral
			// train held to that line: a journey valid with it is valid
			// with the neutral train. The reference knows deck cards only.
			if v.Valid {
				deck := make([]CardID, len(cards))
				for i, c := range cards {
					deck[i] = b.Base(c)
				}
				if !b.Check(deck).Valid {
					t.Fatalf("%v: valid with named trains, not with the neutral train", cards)
				}
			}
		case known:
			tokens := make([]string, len(cards))
			for i, c := range cards {
				tokens[i] = p.Deck.Cards[c].Token
			}
			if want := refValid(p, tokens); want != v.Valid {
				t.Fatalf("%v: Check says %v (%s), the reference %v", tokens, v.Valid, v.Reason(), want)
			}
		case v.Valid:
			t.Fatalf("%v: valid with an unknown card", cards)
		}
	})
}
