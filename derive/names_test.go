package derive

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// regions.translations reach the pack's regions; board.insets reach the
// board's region features; a name neither knows is an error at its place.
func TestTranslationsAndInsets(t *testing.T) {
	res := build(t, "ferry", "colors: {palette: [red, blue]}", `colors: {palette: [red, blue]}
regions:
  translations:
    Isle: {de: Insel, ja: 島}
board:
  insets:
    - {regions: [Isle], title: The isle}`)
	require.Empty(t, errorsOf(res.Findings))
	var names map[string]string
	for _, r := range res.Pack.Regions {
		if r.ID == "Isle" {
			names = r.Names
		}
	}
	assert.Equal(t, map[string]string{"de": "Insel", "ja": "島"}, names)
	insets := 0
	for _, f := range res.Board.Features {
		if f.Properties["id"] == "Isle" {
			assert.Equal(t, 1, f.Properties["inset"])
			assert.Equal(t, "The isle", f.Properties["insetTitle"])
			insets++
		} else {
			assert.Nil(t, f.Properties["inset"], "%v", f.Properties["id"])
		}
	}
	assert.Equal(t, 1, insets)

	res = build(t, "ferry", "colors: {palette: [red, blue]}", `colors: {palette: [red, blue]}
regions:
  translations:
    Atlantis: {de: Atlantis}
board:
  insets:
    - {regions: [Lemuria]}`)
	errs := errorsOf(res.Findings)
	require.Len(t, errs, 2)
	assert.Equal(t, "/regions/translations/Atlantis", errs[1].Pointer)
	assert.Equal(t, "/board/insets/0/regions/0", errs[0].Pointer)
}
