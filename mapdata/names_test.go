package mapdata

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func namedPack() *Pack {
	return &Pack{Regions: []Region{
		{ID: "DE", Name: "Germany", Names: map[string]string{"de": "Deutschland", "ja": "ドイツ", "pt": "Alemanha"}},
		{ID: "FR", Name: "France", Names: map[string]string{"de": "Frankreich"}},
		{ID: "LU", Name: "Luxembourg"},
	}}
}

func TestInLanguagePicksNamesAndSaysWhichFellBack(t *testing.T) {
	p := namedPack()
	de, fallbacks := p.InLanguage("de")
	assert.Equal(t, "Deutschland", de.Regions[0].Name)
	assert.Equal(t, "Frankreich", de.Regions[1].Name)
	assert.Equal(t, "Luxembourg", de.Regions[2].Name)
	require.Len(t, fallbacks, 1)
	assert.Equal(t, RuleNameFallback, fallbacks[0].Rule)
	assert.Contains(t, fallbacks[0].Message, "region LU")
	// The default name stays a card token; the pack asked of is unchanged.
	assert.Contains(t, de.Regions[0].Aliases, "Germany")
	assert.Equal(t, "Germany", p.Regions[0].Name)
	assert.Empty(t, p.Regions[0].Aliases)

	// A region tag falls back to its language: pt-BR takes pt.
	br, _ := p.InLanguage("pt-BR")
	assert.Equal(t, "Alemanha", br.Regions[0].Name)
	same, none := p.InLanguage("")
	assert.Same(t, p, same)
	assert.Empty(t, none)
}

func TestTokensAcceptEveryLanguagesName(t *testing.T) {
	p := namedPack()
	p.Deck.Cards = []Card{{Token: "DE", Kind: RegionCard, Region: "DE", Count: 1}, {Token: "FR", Kind: RegionCard, Region: "FR", Count: 1}}
	for _, p := range []*Pack{p, func() *Pack { q, _ := p.InLanguage("ja"); return q }()} {
		ix := NewTokenIndex(p)
		for tok, want := range map[string]string{"Deutschland": "DE", "ドイツ": "DE", "germany": "DE", "frankreich": "FR", "France": "FR"} {
			got, err := ix.Canonical(tok)
			require.NoError(t, err, tok)
			assert.Equal(t, want, got, tok)
		}
	}
}
