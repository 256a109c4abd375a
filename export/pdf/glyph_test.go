package pdf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A name the fonts cannot draw is told with where it is in the pack: the
// pointer and the region, so that the command names the file and the line
// (issue 33: the message named only the character and the font).
func TestMissingGlyphNamesItsPlace(t *testing.T) {
	p := testland(t)
	p.Regions[2].Name = "Tōkyō 東京"
	_, err := Render(p, nil, Options{})
	var ge *GlyphError
	require.ErrorAs(t, err, &ge)
	assert.Equal(t, "/regions/2/name", ge.Pointer)
	assert.Equal(t, p.Regions[2].ID, ge.Region)
	assert.Equal(t, '東', ge.Rune)
	assert.Contains(t, err.Error(), "the name of region \""+p.Regions[2].ID+"\", \"Tōkyō 東京\", has '東' (U+6771)")

	p = testland(t)
	require.NotEmpty(t, p.Seas)
	p.Seas[0].Name = "海"
	_, err = Render(p, nil, Options{})
	require.ErrorAs(t, err, &ge)
	assert.Equal(t, "/seas/0/name", ge.Pointer)
	assert.Empty(t, ge.Region)
}
