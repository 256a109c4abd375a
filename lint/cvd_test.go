package lint

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

func cvdFindings(p *mapdata.Pack) []diag.Finding {
	var out []diag.Finding
	for _, f := range check(&Target{File: "mini.pack.json", Pack: p}) {
		if f.Rule == RuleColorsCVD {
			out = append(out, f)
		}
	}
	return out
}

func TestCVDNamesThePairTheVisionAndTheDistance(t *testing.T) {
	p := miniPack(t)
	// The USA box's green and red: 8.3 apart under deuteranopia.
	for i := range p.Colors {
		switch p.Colors[i].ID {
		case "green":
			p.Colors[i].Hex = "#4f9a4a"
		case "red":
			p.Colors[i].Hex = "#c8372d"
		}
	}
	got := cvdFindings(p)
	require.Len(t, got, 1, "%v", got)
	f := got[0]
	assert.Equal(t, diag.Warning, f.Severity)
	assert.Contains(t, f.Message, `"green" (#4f9a4a) and "red" (#c8372d) are 8.3 apart with deuteranopia`)
	assert.Equal(t, "/colors/2", f.Pointer)
	assert.NotEmpty(t, f.Hint)

	// A published palette keeps its colours: the finding stays, as info.
	p.Provenance.Parameters = map[string]string{mapdata.ParamColorsPublished: "true"}
	got = cvdFindings(p)
	require.Len(t, got, 1)
	assert.Equal(t, diag.Info, got[0].Severity)
	assert.Contains(t, got[0].Message, "published box's colours are kept")
	// ... and a config may still change it.
	cfg := &Config{Severity: map[string]diag.Severity{RuleColorsCVD: diag.Error}}
	assert.Equal(t, diag.Error, cfg.Apply(got)[0].Severity)
}

func TestCVDLooksOnlyAtPlaneColoursWithinAMap(t *testing.T) {
	p := miniPack(t)
	for i := range p.Colors {
		if p.Colors[i].ID == "green" {
			p.Colors[i].Hex = "#2b6cb0" // blue's own hex
		}
	}
	require.Len(t, cvdFindings(p), 4, "one pair, every vision")
	// Without green's plane cards, green is no plane colour.
	for i := range p.Deck.Cards {
		if p.Deck.Cards[i].Kind == mapdata.PlaneCard && p.Deck.Cards[i].Color == "green" {
			p.Deck.Cards[i].Count = 0
		}
	}
	assert.Empty(t, cvdFindings(p))
}
