package combine_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/combine"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// Two small boxes that meet at an edge, written by hand:
//
//	west (has cars):  A — B — C      Georgia borders A; A and C on the ocean
//	east (no cars):   X — Y          Georgia borders Y; X on the ocean
//
// The combined edition joins west's C to east's X by a border, so a car
// of the west box drives from B through C to X.
func west() *mapdata.Pack {
	p := member("west", "10 Days in the West",
		[]mapdata.Region{
			region("A", "Aland", "red", "ocean"), region("B", "Bland", "red"), region("C", "Cland", "blue", "ocean"),
			region("GA", "Georgia", "blue"),
		},
		[]mapdata.Link{border("A", "B"), border("B", "C"), border("A", "GA")},
		[]mapdata.Sea{{ID: "ocean", Name: "Ocean"}},
		mapdata.Card{Kind: mapdata.CarCard, Count: 2},
		mapdata.Card{Kind: mapdata.PlaneCard, Color: "red", Count: 1},
		mapdata.Card{Kind: mapdata.ShipCard, Sea: "ocean", Count: 1})
	p.Provenance.Parameters = map[string]string{"automobile.through": "[border]", "colors.palette": "4"}
	return p
}

func east() *mapdata.Pack {
	return member("east", "10 Days in the East",
		[]mapdata.Region{
			region("X", "Xland", "red", "sea"), region("Y", "Yland", "blue"), region("GE", "Georgia", "red"),
		},
		[]mapdata.Link{border("X", "Y"), border("Y", "GE")},
		[]mapdata.Sea{{ID: "sea", Name: "The Sea"}},
		mapdata.Card{Kind: mapdata.PlaneCard, Color: "red", Count: 2},
		mapdata.Card{Kind: mapdata.ShipCard, Sea: "sea", Count: 3})
}

func member(id, name string, regions []mapdata.Region, links []mapdata.Link, seas []mapdata.Sea, transport ...mapdata.Card) *mapdata.Pack {
	p := &mapdata.Pack{Kind: mapdata.KindRegions, Edition: mapdata.EditionInfo{ID: id, Name: name, Days: 10},
		Regions: regions, Links: links, Seas: seas,
		Colors:     []mapdata.Color{{ID: "red", Name: "Red", Hex: "#cc0000"}, {ID: "blue", Name: "Blue", Hex: "#0000cc"}},
		Provenance: mapdata.Provenance{Tool: "tendays", Version: "test", Inputs: []mapdata.Input{{Path: "edition.yaml", SHA256: id}}},
	}
	for _, r := range regions {
		p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Kind: mapdata.RegionCard, Region: r.ID, Count: 1})
	}
	p.Deck.Cards = append(p.Deck.Cards, transport...)
	for i := range p.Deck.Cards {
		p.Deck.Cards[i].Token = mapdata.CardToken(p.Deck.Cards[i])
	}
	n, transportCount := len(regions), 0
	for _, c := range transport {
		transportCount += c.Count
	}
	p.Expect = &mapdata.Expect{Regions: &n, RegionCards: &n, TransportCards: &transportCount}
	return p
}

func region(id, name, color string, seas ...string) mapdata.Region {
	return mapdata.Region{ID: id, Name: name, Color: color, Copies: 1, Seas: seas}
}

func border(a, b string) mapdata.Link {
	return mapdata.Link{A: a, B: b, Kind: mapdata.Border, LengthKm: 100}
}

// board is one region feature of a member's board.
func board(id string) *geojson.FeatureCollection {
	fc := geojson.NewFeatureCollection()
	f := geojson.NewFeature(orb.Polygon{{{0, 0}, {1, 0}, {1, 1}, {0, 0}}})
	f.ID = id
	f.Properties = geojson.Properties{"layer": mapdata.LayerRegion, "id": id, "name": "old name", "color": "old"}
	fc.Append(f)
	return fc
}

const edition = `kind: combined
id: both
name: 20 Days in Both
days: 20
members: [west, east]
piles: {draw: 3, face_up: 6}
win: every-map
planes: within-map
links:
  - {a: "west:Cland", b: "east:X", kind: border}
seas:
  - {id: big-water, name: Big Water, of: ["west:ocean", "east:The Sea"]}
provenance: ["two boxes of a test"]
`

func decode(t *testing.T, src string) *mapdata.CombinedEditionDoc {
	t.Helper()
	doc, err := mapdata.DecodeCombinedEdition("both/edition.yaml", []byte(src))
	require.NoError(t, err)
	return doc
}

func members() []combine.Member {
	return []combine.Member{{ID: "west", Pack: west(), Board: board("A")}, {ID: "east", Pack: east(), Board: board("X")}}
}

func combined(t *testing.T, src string) (*mapdata.Pack, *geojson.FeatureCollection) {
	t.Helper()
	p, b, err := combine.Combine(decode(t, src), members())
	require.NoError(t, err)
	return p, b
}

func link(p *mapdata.Pack, a, b string, kind mapdata.LinkKind) *mapdata.Link {
	for i, l := range p.Links {
		if l.Kind == kind && (l.A == a && l.B == b || l.A == b && l.B == a) {
			return &p.Links[i]
		}
	}
	return nil
}

func card(p *mapdata.Pack, token string) *mapdata.Card {
	for i, c := range p.Deck.Cards {
		if c.Token == token {
			return &p.Deck.Cards[i]
		}
	}
	return nil
}

func TestMembersUnderTheirMapsIDs(t *testing.T) {
	p, _ := combined(t, edition)
	assert.Equal(t, mapdata.KindRegions, p.Kind)
	assert.Equal(t, mapdata.EditionInfo{ID: "both", Name: "20 Days in Both", Days: 20}, p.Edition)
	assert.Equal(t, &mapdata.Combined{Members: []mapdata.Member{{ID: "west", Name: "West"}, {ID: "east", Name: "East"}},
		DrawPiles: 3, FaceUp: 6, Win: mapdata.WinEveryMap, Planes: mapdata.PlanesWithinMap}, p.Combined)

	require.Len(t, p.Regions, 7)
	a := p.Region("west.A")
	require.NotNil(t, a)
	assert.Equal(t, "west", a.Map)
	assert.Equal(t, "Aland", a.Name, "a name no other map has stays as it is")
	assert.Equal(t, "west.red", a.Color, "planes within a map: a colour of each map")
	assert.Subset(t, a.Aliases, []string{"west:A", "west:Aland", "A"})
	// Georgia is on both maps: each is told by its map.
	assert.Equal(t, "Georgia (West)", p.Region("west.GA").Name)
	assert.Equal(t, "Georgia (East)", p.Region("east.GE").Name)
	assert.Contains(t, p.Region("east.GE").Aliases, "Georgia")

	assert.Equal(t, []string{"Blue (East)", "Blue (West)", "Red (East)", "Red (West)"}, colorNames(p))
	assert.NotNil(t, link(p, "west.A", "west.B", mapdata.Border), "a member's own links, renamed")
	assert.NotNil(t, link(p, "east.X", "east.Y", mapdata.Border))
	assert.Nil(t, link(p, "west.A", "east.X", mapdata.Border), "no link the edition did not make")

	// Provenance: the members' inputs under their folders, their
	// parameters under their ids, the edition's notes.
	assert.ElementsMatch(t, []string{"west/edition.yaml", "east/edition.yaml"}, inputPaths(p))
	assert.Equal(t, "[border]", p.Provenance.Parameters["west.automobile.through"])
	assert.Equal(t, []string{"two boxes of a test"}, p.Provenance.Notes)
}

func colorNames(p *mapdata.Pack) []string {
	var out []string
	for _, c := range p.Colors {
		out = append(out, c.Name)
	}
	slices.Sort(out)
	return out
}

func inputPaths(p *mapdata.Pack) []string {
	var out []string
	for _, in := range p.Provenance.Inputs {
		out = append(out, in.Path)
	}
	return out
}

func TestSharedSeaAndCards(t *testing.T) {
	p, _ := combined(t, edition)
	var seas []string
	for _, s := range p.Seas {
		seas = append(seas, s.ID)
	}
	assert.Equal(t, []string{"big-water"}, seas, "both members' seas are the one shared sea (found by id or by name)")
	assert.Equal(t, []string{"big-water"}, p.Region("west.A").Seas)
	assert.Equal(t, []string{"big-water"}, p.Region("east.X").Seas)

	// One card of the pack, its copies from two boxes.
	ship := card(p, "ship:big-water")
	require.NotNil(t, ship)
	assert.Equal(t, 4, ship.Count)
	assert.Equal(t, []mapdata.MapCount{{Map: "west", Count: 1}, {Map: "east", Count: 3}}, ship.Maps)
	// Planes within a map: a card of each map's colour.
	assert.Equal(t, 1, card(p, "plane:west.red").Count)
	assert.Equal(t, 2, card(p, "plane:east.red").Count)
	assert.Equal(t, []mapdata.MapCount{{Map: "west", Count: 1}}, card(p, "west.A").Maps)
	// The rulebook totals add up when every member states its own.
	require.NotNil(t, p.Expect)
	assert.Equal(t, 7, *p.Expect.Regions)
	assert.Equal(t, 7, *p.Expect.RegionCards)
	assert.Equal(t, 4+5, *p.Expect.TransportCards)
}

func TestLinksAndCarsAcrossMaps(t *testing.T) {
	p, _ := combined(t, edition)
	between := link(p, "west.C", "east.X", mapdata.Border)
	require.NotNil(t, between, "the edition's link between maps")
	assert.Equal(t, "between maps", between.Why, "a link with no reason of its own is said to be between maps")

	// West's cars drive across the edge: B through C to X, and C through X
	// to Y (C is on the west map).
	car := link(p, "west.B", "east.X", mapdata.Car)
	require.NotNil(t, car)
	assert.Equal(t, []string{"west.C"}, car.Via)
	assert.NotNil(t, link(p, "west.C", "east.Y", mapdata.Car))
	// No car box drives within east alone, and west's own car links are
	// its edition's (the member pack has none here).
	assert.Nil(t, link(p, "east.X", "east.GE", mapdata.Car))
	assert.Nil(t, link(p, "west.A", "west.C", mapdata.Car))

	// With no car in either box, no car links between maps.
	noCars := members()
	noCars[0].Pack.Deck.Cards = slices.DeleteFunc(noCars[0].Pack.Deck.Cards, func(c mapdata.Card) bool { return c.Kind == mapdata.CarCard })
	q, _, err := combine.Combine(decode(t, edition), noCars)
	require.NoError(t, err)
	for _, l := range q.Links {
		assert.NotEqual(t, mapdata.Car, l.Kind, "%+v", l)
	}
}

// A place on two maps is one: each copy walks to the other's neighbours and
// shares its seas, and no car joins the two copies.
func TestSamePlace(t *testing.T) {
	p, _ := combined(t, edition+`same:
  - ["west:Georgia", "east:Georgia"]
`)
	assert.Equal(t, [][]string{{"west.GA", "east.GE"}}, p.Combined.Same)
	walk := link(p, "west.GA", "east.Y", mapdata.Border)
	require.NotNil(t, walk, "west's Georgia walks to east Georgia's neighbour")
	assert.Equal(t, "Georgia is one place on the West and East maps", walk.Why)
	assert.NotNil(t, link(p, "east.GE", "west.A", mapdata.Border))
	assert.Nil(t, link(p, "west.GA", "east.GE", mapdata.Car), "one place on two maps needs no car")
}

func TestPlanesAcrossMaps(t *testing.T) {
	p, _ := combined(t, strings.Replace(edition, "planes: within-map", "planes: across", 1))
	assert.Equal(t, []string{"Blue", "Red"}, colorNames(p), "one colour of each name, whatever the map")
	assert.Equal(t, "red", p.Region("west.A").Color)
	plane := card(p, "plane:red")
	require.NotNil(t, plane)
	assert.Equal(t, 3, plane.Count)
	assert.Equal(t, []mapdata.MapCount{{Map: "west", Count: 1}, {Map: "east", Count: 2}}, plane.Maps)
}

func TestBoardFeaturesFollowThePack(t *testing.T) {
	p, b := combined(t, edition)
	require.Len(t, b.Features, 2)
	f := b.Features[0]
	assert.Equal(t, "west", f.Properties["map"])
	assert.Equal(t, "west.A", f.Properties["id"])
	assert.Equal(t, "west.A", f.ID)
	assert.Equal(t, p.Region("west.A").Name, f.Properties["name"])
	assert.Equal(t, "west.red", f.Properties["color"])
	assert.Equal(t, "east", b.Features[1].Properties["map"])
}

// The same members give the same bytes, in whatever order they are handed
// over: the edition's members list decides.
func TestDeterministic(t *testing.T) {
	first, _ := combined(t, edition)
	want, err := json.Marshal(first)
	require.NoError(t, err)
	for range 3 {
		ms := members()
		slices.Reverse(ms)
		p, _, err := combine.Combine(decode(t, edition), ms)
		require.NoError(t, err)
		got, err := json.Marshal(p)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(got))
		assert.Equal(t, string(want), string(got))
	}
}

// Each fault is told at its line of the combined edition.
func TestBadEditions(t *testing.T) {
	for _, tc := range []struct {
		name, from, to string
		members        func([]combine.Member) []combine.Member
		line           int
		want           string
	}{
		{name: "win", from: "win: every-map", to: "win: first-home", line: 7, want: `unknown win condition "first-home"`},
		{name: "planes", from: "planes: within-map", to: "planes: anywhere", line: 8, want: `unknown plane rule "anywhere"`},
		{name: "one member", from: "members: [west, east]", to: "members: [west]", line: 5, want: "at least two members"},
		{name: "member not built", from: "members: [west, east]", to: "members: [west, east, north]", line: 5, want: `member "north" was not built`},
		{name: "member combined", members: func(ms []combine.Member) []combine.Member {
			ms[1].Pack.Combined = &mapdata.Combined{}
			return ms
		}, line: 5, want: `member "east" is itself combined`},
		{name: "link on one map", from: `b: "east:X"`, to: `b: "west:Aland"`, line: 10, want: "on one map: links between maps only"},
		{name: "link to no map", from: `b: "east:X"`, to: `b: "south:X"`, line: 10, want: `"south:X": name a member map and a region`},
		{name: "link to no region", from: `b: "east:X"`, to: `b: "east:Atlantis"`, line: 10, want: `no region "Atlantis" on the east map`},
		{name: "no such sea", from: `"east:The Sea"`, to: `"east:Lake"`, line: 12, want: `"east:Lake": no sea "Lake" on a member map`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := edition
			if tc.from != "" {
				require.Contains(t, src, tc.from)
				src = strings.Replace(src, tc.from, tc.to, 1)
			}
			ms := members()
			if tc.members != nil {
				ms = tc.members(ms)
			}
			p, b, err := combine.Combine(decode(t, src), ms)
			require.Error(t, err)
			assert.Nil(t, p)
			assert.Nil(t, b)
			assert.Contains(t, err.Error(), tc.want)
			var ie *diag.InputError
			require.True(t, errors.As(err, &ie), "%T", err)
			assert.Equal(t, "both/edition.yaml", ie.Position.File)
			assert.Equal(t, tc.line, ie.Position.Line, "%v", err)
		})
	}
}
