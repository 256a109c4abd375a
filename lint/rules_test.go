package lint

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// miniPack reads the clean example pack; each test plants one fault in it.
func miniPack(t *testing.T) *mapdata.Pack {
	t.Helper()
	src, err := os.ReadFile("../testdata/packs/mini.pack.json")
	require.NoError(t, err)
	doc, err := mapdata.DecodePack("mini.pack.json", src)
	require.NoError(t, err)
	return doc.Pack
}

func regionIndex(p *mapdata.Pack, id string) int {
	for i, r := range p.Regions {
		if r.ID == id {
			return i
		}
	}
	panic("no region " + id)
}

func cardIndex(p *mapdata.Pack, token string) int {
	for i, c := range p.Deck.Cards {
		if c.Token == token {
			return i
		}
	}
	panic("no card " + token)
}

func linkIndex(p *mapdata.Pack, a, b string, kind mapdata.LinkKind) int {
	for i, l := range p.Links {
		if l.A == a && l.B == b && l.Kind == kind {
			return i
		}
	}
	panic("no link " + a + "-" + b)
}

func TestCleanPackHasNoFindings(t *testing.T) {
	fs := check(&Target{File: "mini.pack.json", Pack: miniPack(t)})
	assert.Empty(t, fs)
}

// Each rule: a fault that triggers it, at the pointer it should name.
func TestRulesTrigger(t *testing.T) {
	tests := []struct {
		rule    string
		pointer string
		plant   func(p *mapdata.Pack) string // returns the expected pointer when it depends on order
	}{
		{rule: RuleUnknownID, plant: func(p *mapdata.Pack) string {
			i := linkIndex(p, "EAS", "MID", mapdata.Border)
			p.Links[i].B = "MDI"
			return ptr("links", i, "b")
		}},
		{rule: RuleUnknownID, plant: func(p *mapdata.Pack) string {
			i := regionIndex(p, "NOR")
			p.Regions[i].Seas = []string{"gulph"}
			return ptr("regions", i, "seas", 0)
		}},
		{rule: RuleUnknownID, plant: func(p *mapdata.Pack) string {
			i := cardIndex(p, "plane:red")
			p.Deck.Cards[i].Color = "crimson"
			return ptr("deck", "cards", i, "color")
		}},
		{rule: RuleDuplicateID, plant: func(p *mapdata.Pack) string {
			i := regionIndex(p, "SKY")
			p.Regions[i].Name = "cloudreach"
			return ptr("regions", i, "name")
		}},
		{rule: RuleSelfLink, plant: func(p *mapdata.Pack) string {
			p.Links = append(p.Links, mapdata.Link{A: "NOR", B: "NOR", Kind: mapdata.Border, LengthKm: 1})
			return ptr("links", len(p.Links)-1)
		}},
		{rule: RuleDuplicateLink, plant: func(p *mapdata.Pack) string {
			p.Links = append(p.Links, mapdata.Link{A: "MID", B: "NOR", Kind: mapdata.Border, LengthKm: 120})
			return ptr("links", len(p.Links)-1)
		}},
		{rule: RuleOneSidedLink, plant: func(p *mapdata.Pack) string {
			i := linkIndex(p, "ISL", "MID", mapdata.Car)
			p.Links[i].Via = []string{"NOR"}
			return ptr("links", i, "via", 0)
		}},
		{rule: RuleAirOnlyLink, plant: func(p *mapdata.Pack) string {
			p.Links = append(p.Links, mapdata.Link{A: "SKY", B: "NOR", Kind: mapdata.Ferry})
			return ptr("links", len(p.Links)-1)
		}},
		{rule: RuleLonelyColor, plant: func(p *mapdata.Pack) string {
			p.Regions[regionIndex(p, "ISL")].Color = "blue" // red is left to Midshire alone
			return ptr("colors", 2)
		}},
		{rule: RulePlanesNoRegion, plant: func(p *mapdata.Pack) string {
			p.Colors = append(p.Colors, mapdata.Color{ID: "violet", Name: "Violet", Hex: "#8000ff"})
			p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: "plane:violet", Kind: mapdata.PlaneCard, Color: "violet", Count: 2})
			return ptr("deck", "cards", len(p.Deck.Cards)-1)
		}},
		{rule: RuleIsolated, plant: func(p *mapdata.Pack) string {
			p.Regions = append(p.Regions, mapdata.Region{ID: "ATL", Name: "Atlantis", Color: "violet", Copies: 1})
			p.Colors = append(p.Colors, mapdata.Color{ID: "violet", Name: "Violet", Hex: "#8000ff"})
			p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: "ATL", Kind: mapdata.RegionCard, Region: "ATL", Count: 1})
			return ptr("regions", len(p.Regions)-1)
		}},
		{rule: RuleAirOnlyUnmarked, plant: func(p *mapdata.Pack) string {
			i := regionIndex(p, "ISL")
			var links []mapdata.Link
			for _, l := range p.Links {
				if l.A != "ISL" && l.B != "ISL" {
					links = append(links, l)
				}
			}
			p.Links = links
			p.Regions[i].Seas = nil
			return ptr("regions", i, "airOnly")
		}},
		{rule: RuleExpectTotals, plant: func(p *mapdata.Pack) string {
			p.Deck.Cards[cardIndex(p, "car")].Count = 3
			return ptr("deck", "totals", "transportCards")
		}},
		{rule: RuleDeckTooSmall, plant: func(p *mapdata.Pack) string {
			p.Edition.Days = 10
			return ptr("deck", "totals", "cards")
		}},
		{rule: RuleDeckCopies, plant: func(p *mapdata.Pack) string {
			i := regionIndex(p, "MID")
			p.Regions[i].Copies = 1
			return ptr("regions", i, "copies")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			p := miniPack(t)
			want := tt.plant(p)
			fs := check(&Target{File: "mini.pack.json", Pack: p})
			var got []diag.Finding
			for _, f := range fs {
				if f.Rule == tt.rule {
					got = append(got, f)
				}
			}
			require.Len(t, got, 1, "findings: %v", fs)
			assert.Equal(t, want, got[0].Pointer)
			assert.Equal(t, "mini.pack.json", got[0].File)
			assert.NotEmpty(t, got[0].Message)
		})
	}
}

func TestEveryRuleHasATest(t *testing.T) {
	// Rules with a Run function are exercised above; this keeps the list honest.
	tested := map[string]bool{RuleUnknownID: true, RuleDuplicateID: true, RuleSelfLink: true, RuleDuplicateLink: true,
		RuleOneSidedLink: true, RuleAirOnlyLink: true, RuleLonelyColor: true, RulePlanesNoRegion: true, RuleIsolated: true,
		RuleAirOnlyUnmarked: true, RuleExpectTotals: true, RuleDeckTooSmall: true, RuleDeckCopies: true,
		RuleSeaConnects: true, // seas_connect_test.go
		RuleCutOff:      true, // cut_off_test.go
		RuleColorsCVD:   true} // cvd_test.go
	for _, r := range own.Rules() {
		if r.Kind == KindPack {
			assert.True(t, tested[r.ID], "rule %s has no trigger test", r.ID)
		}
		assert.NotEmpty(t, r.Doc, r.ID)
	}
}
