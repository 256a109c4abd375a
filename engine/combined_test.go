package engine

import (
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/combine"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// combined joins small packs as a combined edition would.
func combined(t testing.TB, yaml string, members ...combine.Member) *mapdata.Pack {
	t.Helper()
	doc, err := mapdata.DecodeCombinedEdition("edition.yaml", []byte(yaml))
	require.NoError(t, err)
	p, _, err := combine.Combine(doc, members)
	require.NoError(t, err)
	return p
}

// twoGrids is two 3×3 grids, east and west, joined by a ferry from west's
// Cedar to east's Ash, and one place on both (Elm).
func twoGrids(t testing.TB, days int) *mapdata.Pack {
	return combined(t, `kind: combined
id: grids
name: Two grids
days: `+strconv.Itoa(days)+`
members: [west, east]
piles: {draw: 3, face_up: 6}
win: every-map
planes: within-map
links:
  - {a: "west:Cedar", b: "east:Ash", kind: ferry, why: strait}
`, combine.Member{ID: "west", Pack: packtest.Grid()}, combine.Member{ID: "east", Pack: packtest.Grid()})
}

func TestCombinedCheck(t *testing.T) {
	b := compile(t, twoGrids(t, 6))
	assert.Equal(t, 2, b.NumMaps())
	assert.Equal(t, 6, b.FaceUp())
	tests := []struct {
		journey string
		fault   Fault
		reason  string
	}{
		{journey: "west:Ash,west:Birch,west:Cedar,east:Ash,east:Birch"},
		{journey: "west:Ash,west:Birch,west:Cedar", fault: MissingMap,
			reason: "the journey holds no region of the East map: a journey of this game holds one of every map (West, East)"},
		{journey: "west:Ash,west:Elm", fault: NotLinked},
		// Planes fly within their map.
		{journey: "west:Ash,plane:west:red,west:Cedar,east:Ash", reason: ""},
		{journey: "west:Ash,plane:west:red,east:Cedar", fault: NotLinked},
	}
	for _, tc := range tests {
		t.Run(tc.journey, func(t *testing.T) {
			cards := journey(t, b, tc.journey)
			v := b.Check(cards)
			if tc.fault == MissingMap || tc.fault == NotLinked {
				assert.Equal(t, tc.fault, v.Fault, v.Reason())
			} else {
				assert.True(t, v.Valid, v.Reason())
				assert.Equal(t, len(cards)+1, b.Progress(cards))
			}
			if tc.reason != "" {
				assert.Equal(t, tc.reason, v.Reason())
			}
			if !v.Valid {
				assert.Less(t, b.Progress(cards), len(cards)+1)
			}
		})
	}
	// A name on both maps must say which.
	_, err := b.Lookup("Ash")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"Ash" is on more than one map: name the map (east:Ash or west:Ash)`)
	_, err = b.Lookup("A1")
	assert.Contains(t, err.Error(), "name the map")
}

func TestCombinedSamePlace(t *testing.T) {
	p := combined(t, `kind: combined
id: grids
name: Two grids
days: 20
members: [west, east]
piles: {draw: 3, face_up: 6}
win: every-map
planes: within-map
same:
  - ["west:Elm", "east:Elm"]
`, combine.Member{ID: "west", Pack: packtest.Grid()}, combine.Member{ID: "east", Pack: packtest.Grid()})
	b := compile(t, p)
	v := b.Check(journey(t, b, "west:Ash,west:Birch,east:Elm,east:Fir"))
	require.True(t, v.Valid, v.Reason())
	v = b.Check(journey(t, b, "west:Birch,east:Elm,west:Elm"))
	assert.Equal(t, NotLinked, v.Fault, "one place twice in a row goes nowhere")
	steps := b.Check(journey(t, b, "west:Birch,east:Elm")).Steps()
	require.Len(t, steps, 1)
	assert.Contains(t, steps[0].Why, "Elm is one place on the West and East maps")
}

func TestCombinedCountMatchesEnumeration(t *testing.T) {
	b := compile(t, twoGrids(t, 4))
	for days := 1; days <= 4; days++ {
		c, err := b.Count(days)
		require.NoError(t, err)
		total, per := bruteCount(b, days)
		assert.Equal(t, total, c.Total.Int64(), "days %d", days)
		for r, rc := range c.Regions {
			assert.Equal(t, per[r], rc.Journeys.Int64(), "days %d region %s", days, rc.ID)
		}
	}
}

func aroundTheWorld(t testing.TB) *Board {
	t.Helper()
	src, err := os.ReadFile("testdata/around-the-world.pack.json")
	require.NoError(t, err)
	doc, err := mapdata.DecodePack("around-the-world.pack.json", src)
	require.NoError(t, err)
	return compile(t, doc.Pack)
}

// The journey the README shows: every map, 20 days; and the same journey
// with the Americas left out.
const (
	worldJourney   = `americas:Mexico,United States,asia:Russia,Finland,Sweden,Denmark,Germany,France,Spain,Morocco,Algeria,Libya,Egypt,Sudan,Chad,Niger,Mali,Mauritania,Senegal,Guinea`
	noAmericasTrip = `Norway,Finland,asia:Russia,Belarus,Poland,Germany,France,Spain,Morocco,Algeria,Libya,Egypt,Sudan,Chad,Niger,Mali,Mauritania,Senegal,Guinea,Sierra Leone`
)

func TestAroundTheWorld(t *testing.T) {
	b := aroundTheWorld(t)
	assert.Equal(t, 20, b.Days())
	assert.Equal(t, 6, b.FaceUp())
	v := b.Check(journey(t, b, worldJourney))
	require.True(t, v.Valid, v.Reason())
	v = b.Check(journey(t, b, noAmericasTrip))
	require.Equal(t, MissingMap, v.Fault)
	assert.True(t, strings.HasPrefix(v.Reason(), "the journey holds no country of the Americas map"), v.Reason())
	_, err := b.Lookup("Russia")
	assert.ErrorContains(t, err, "name the map (asia:Russia or europe:Russia)")
}

// BenchmarkCheckCombined checks a 20-day journey on the four-map edition
// (goal: ≤ 200 ns, no allocations).
func BenchmarkCheckCombined(b *testing.B) {
	board := aroundTheWorld(b)
	for name, trip := range map[string]string{"valid": worldJourney, "missing-map": noAmericasTrip} {
		cards := journey(b, board, trip)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if v := board.Check(cards); v.Valid != (name == "valid") {
					b.Fatal(v.Reason())
				}
			}
		})
	}
}

// The audit of the series (issue 24): each case with the verdict the boxes
// and the combined pack's own links give, checked step by step on the
// bundled four-map pack.
func TestAuditCases(t *testing.T) {
	b := aroundTheWorld(t)
	tests := []struct {
		step   string
		linked bool
		why    string
	}{
		// Cars follow the combined pack's borders: Egypt borders Israel
		// across the Africa and Asia maps, Tunisia has Italy's ferry.
		{"africa:Sudan,car,asia:Israel", true, "car via Egypt"},
		{"africa:Libya,car,europe:Italy", true, "car via Tunisia"},
		{"asia:Israel,car,africa:Sudan", true, "car via Egypt"},
		// No car drives where no car box does (Europe's box has none).
		{"europe:France,car,europe:Poland", false, "no third country borders both"},
		// The Americas' seas: the canal from the Pacific to the Caribbean,
		// Cape Horn from the Pacific to the Atlantic.
		{"americas:Chile,ship:pacific,ship:americas.caribbean,americas:Jamaica", true, "and the two connect"},
		{"americas:Chile,ship:pacific,ship:atlantic,americas:Brazil", true, "and the two connect"},
		// One place on two maps is one place twice, by any card.
		{"europe:Russia,asia:Russia", false, "Russia (Europe) and Russia (Asia) are one place: the same country twice in a row goes nowhere"},
		{"europe:Russia,train,asia:Russia", false, "are one place"},
		{"europe:Russia,ship:atlantic,asia:Russia", false, "are one place"},
		{"europe:Turkey,ship:europe.mediterranean,asia:Turkey", false, "are one place"},
	}
	for _, tc := range tests {
		t.Run(tc.step, func(t *testing.T) {
			steps := b.Check(journey(t, b, tc.step)).Steps()
			require.Len(t, steps, 1)
			assert.Equal(t, tc.linked, steps[0].Linked, steps[0].Text)
			assert.Contains(t, steps[0].Why, tc.why)
		})
	}
	// The lesser Antilles are seven regions, each with two ferries.
	for _, name := range []string{"Saint Kitts and Nevis", "Antigua and Barbuda", "Dominica", "Saint Lucia", "Barbados", "Saint Vincent and the Grenadines", "Grenada"} {
		c, err := b.Lookup(name)
		require.NoError(t, err, name)
		assert.Len(t, b.FootNeighbors(b.RegionOf(c)), 2, name)
	}
	_, err := b.Lookup("Lesser Antilles")
	assert.Error(t, err, "the merged region is gone")
}

// Counting and the bots see the cars across maps too: the car relation the
// journey count walks holds Sudan–Israel.
func TestCarsAcrossMapsCounted(t *testing.T) {
	b := aroundTheWorld(t)
	car, err := b.Lookup("car")
	require.NoError(t, err)
	sudan, _ := b.Lookup("africa:Sudan")
	israel, _ := b.Lookup("asia:Israel")
	assert.Contains(t, b.LinkNeighbors(car, b.RegionOf(sudan)), int32(b.RegionOf(israel)))
	assert.Contains(t, b.AnyLinkNeighbors(b.RegionOf(israel)), int32(b.RegionOf(sudan)))
}

// LinkGroups describes every plane, ship and train relation exactly: two
// regions are linked when a group holds both and they are not one place.
func TestLinkGroupsAreTheRelations(t *testing.T) {
	usaLess := packtest.USA()
	for i, l := range usaLess.Links {
		if l.Kind == mapdata.Car {
			usaLess.Links = slices.Delete(usaLess.Links, i, i+1)
			break
		}
	}
	boards := map[string]*Board{"usa": compile(t, packtest.USA()), "usa less a car link": compile(t, usaLess), "europe-mini": compile(t, packtest.Europe()), "around-the-world": aroundTheWorld(t)}
	for name, b := range boards {
		n := b.NumRegions()
		checked := 0
		for c := range CardID(len(b.kind)) {
			groups, rest, ok := b.LinkGroups(c)
			if !ok {
				continue
			}
			checked++
			want := newBitMatrix(n)
			for x, ys := range rest {
				for _, y := range ys {
					want.set(x, int(y))
				}
			}
			for _, g := range groups {
				for _, x := range g {
					for _, y := range g {
						if !b.SamePlace(int(x), int(y)) {
							want.set(int(x), int(y))
						}
					}
				}
			}
			require.Equal(t, want.bits, b.link[c].bits, "%s: %s", name, b.Card(c).Token)
		}
		assert.Positive(t, checked, name)
		if car, err := b.Lookup("car"); err == nil {
			groups, _, _ := b.LinkGroups(car)
			assert.NotEmpty(t, groups, "%s: the cars drive through one region: groups", name)
		}
	}
	// A removed car link leaves the pairs of its via regions to rest.
	p := packtest.USA()
	for i, l := range p.Links {
		if l.Kind == mapdata.Car {
			p.Links = slices.Delete(p.Links, i, i+1)
			break
		}
	}
	b := compile(t, p)
	car, err := b.Lookup("car")
	require.NoError(t, err)
	_, rest, _ := b.LinkGroups(car)
	assert.NotNil(t, rest)
}

// countSet counts in 128 bits, or in math/big past them, the same journeys
// either way, and leaves the graph as it was: the regions' counts of a
// combined board run side by side on one graph.
func TestCountSetBeyond128BitsLeavesTheGraph(t *testing.T) {
	g := compile(t, twoGrids(t, 4)).countGraph()
	skip := make([]bool, g.n)
	skip[0], skip[3] = true, true
	usable := slices.Clone(g.usable)
	byHand := func(days int) *big.Int {
		h := *g
		h.usable = slices.Clone(g.usable)
		for r, s := range skip {
			h.usable[r] = h.usable[r] && !s
		}
		return h.countBig(days, -1)
	}
	for _, days := range []int{6, 80} {
		_, _, fits := g.count128(days, skip)
		assert.Equal(t, days < 80, fits, "%d days in 128 bits", days)
		assert.Equal(t, byHand(days).String(), g.countSet(days, skip).String(), "%d days", days)
		assert.Equal(t, usable, g.usable, "the graph after counting %d days", days)
	}
}
