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
