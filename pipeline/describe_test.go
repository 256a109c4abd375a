package pipeline

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

func TestDescribeARegionsPack(t *testing.T) {
	res, err := Load(ctx, Source{Path: "../testdata/packs/mini.pack.json"}, Options{})
	require.NoError(t, err)
	p := res.Pack.(*mapdata.Pack)
	assert.Equal(t, p.Edition.ID, res.ID())
	c := res.Counts()
	assert.Equal(t, len(p.Regions), c["regions"])
	assert.Equal(t, len(p.Links), c["links"])
	assert.Equal(t, p.Deck.Totals.Cards, c["cards"])
	byKind := 0
	for _, k := range []mapdata.LinkKind{mapdata.Border, mapdata.Bridge, mapdata.Ferry, mapdata.Car} {
		byKind += c["links/"+string(k)]
	}
	assert.Equal(t, c["links"], byKind, "every link counted once by its kind")
	assert.Regexp(t, `^`+p.Edition.ID+`: \d+ regions; links: \d+ border.*; deck \d+ cards \(\d+ region, \d+ transport\); \d+ warning\(s\) -> out\.pack\.json$`,
		res.Headline("out.pack.json"))
}

func TestDescribeANetworkPack(t *testing.T) {
	res, err := Load(ctx, Source{Path: "across-the-us"}, Options{})
	require.NoError(t, err)
	p := res.Pack.(*mapdata.NetworkPack)
	assert.Equal(t, "across-the-us", res.ID())
	c := res.Counts()
	assert.Equal(t, len(p.Stations), c["stations"])
	assert.Equal(t, len(p.Routes), c["routes"])
	assert.Equal(t, len(p.Freight), c["freightTickets"])
	assert.NotContains(t, c, "regions")
	assert.Regexp(t, `^across-the-us: \d+ stations, \d+ routes; .*tickets; 0 warning\(s\) -> standard output$`, res.Headline("standard output"))
}

func TestDescribeNothingDerived(t *testing.T) {
	res := &Result{Name: "broken/edition.yaml", Summary: lint.Summary{Errors: 2}}
	assert.Equal(t, "", res.ID())
	assert.Nil(t, res.Counts())
	assert.Equal(t, "broken/edition.yaml: nothing derived; 2 error(s) -> x", res.Headline("x"))
}

// The pipeline's table holds every kind of pack, and every rule of a
// kind's is in the registry.
func TestBuildsHoldEveryKind(t *testing.T) {
	if len(builds) != len(mapdata.Kinds) {
		t.Errorf("builds has %d kinds, mapdata.Kinds %d", len(builds), len(mapdata.Kinds))
	}
	for _, kind := range mapdata.Kinds {
		b, ok := builds[kind]
		if !ok || b.derive == nil || b.encode == nil || b.counts == nil || b.headline == nil || len(b.rules) == 0 {
			t.Errorf("kind %s: %+v", kind, b)
			continue
		}
		for _, list := range b.rules {
			for _, r := range list {
				if got, ok := LintRules().Lookup(r.ID); !ok || got != r {
					t.Errorf("kind %s's rule %s is not the registry's", kind, r.ID)
				}
			}
		}
	}
}
