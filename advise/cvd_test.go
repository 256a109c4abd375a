package advise

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

func TestColourVisionProposalMovesThePairApart(t *testing.T) {
	p := &mapdata.Pack{
		Colors:  []mapdata.Color{{ID: "green", Hex: "#4f9a4a"}, {ID: "red", Hex: "#c8372d"}, {ID: "blue", Hex: "#1f3f8f"}},
		Regions: []mapdata.Region{{ID: "A", Color: "green"}, {ID: "B", Color: "red"}, {ID: "C", Color: "blue"}},
		Deck: mapdata.Deck{Cards: []mapdata.Card{
			{Token: "plane:green", Kind: mapdata.PlaneCard, Color: "green", Count: 2},
			{Token: "plane:red", Kind: mapdata.PlaneCard, Color: "red", Count: 2},
			{Token: "plane:blue", Kind: mapdata.PlaneCard, Color: "blue", Count: 2},
		}},
	}
	base := &state{pack: p, findings: []diag.Finding{{Rule: lint.RuleColorsCVD, Severity: diag.Info, Message: "green and red"}}}
	before := closestPlaneColours(p)
	assert.InDelta(t, 8.3, before, 0.05)
	c := (&doctor{}).colourVision(base)
	require.NotNil(t, c)
	assert.Equal(t, "info", c.finding.Severity)
	require.Len(t, c.proposals, 1)
	e := c.proposals[0]
	require.NotEmpty(t, e.changes)
	assert.Equal(t, []string{"colors", "hex"}, e.changes[0].Path[:2])
	after := *p
	after.Colors = append([]mapdata.Color(nil), p.Colors...)
	e.pack(&after)
	assert.GreaterOrEqual(t, closestPlaneColours(&after), 10.0)
	assert.True(t, e.keep(&state{pack: p}, &state{pack: &after}))
	assert.Contains(t, e.effect(&state{pack: p}, &state{pack: &after}), "8.3 → ")

	// No finding, no candidate.
	assert.Nil(t, (&doctor{}).colourVision(&state{pack: p}))
}
