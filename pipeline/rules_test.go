package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

func TestReadRules(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine")
	require.NoError(t, os.Mkdir(mine, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(mine, "edition.yaml"), []byte("id: mine\nname: Mine\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(mine, "SOURCES.md"), []byte("## Rules\n\n"+
		"| rule | status | source, or the toolkit's reason |\n|---|---|---|\n"+
		"| the `swap` action | review | a review |\n| islands by ferry | toolkit | no rulebook yet |\n"), 0o644))
	r, err := ReadRules(mine, Options{})
	require.NoError(t, err)
	assert.Equal(t, "mine", r.Edition)
	assert.Equal(t, "Mine", r.Name)
	assert.Equal(t, filepath.ToSlash(filepath.Join(mine, "SOURCES.md")), r.File)
	assert.Equal(t, map[string]int{mapdata.FromBox: 0, mapdata.FromReview: 1, mapdata.FromToolkit: 1}, r.Counts)
	require.Len(t, r.Rules, 2)
	assert.Equal(t, 5, r.Rules[0].Line)

	var out bytes.Buffer
	require.NoError(t, r.WriteText(&out))
	assert.Equal(t, "Mine: 2 rules: 0 the box's, 1 from reviews, 1 the toolkit's ("+r.File+")\n"+
		"\nFrom reviews of the box:\n  - the swap action\n      source: a review\n"+
		"\nThe toolkit's own (no source settles them; each with its reason):\n  - islands by ferry\n      why: no rulebook yet\n",
		out.String())

	// Without SOURCES.md: said so, by the file's name.
	require.NoError(t, os.Remove(filepath.Join(mine, "SOURCES.md")))
	_, err = ReadRules(mine, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "SOURCES.md: no SOURCES.md in ")

	// A bundled edition has its sheet.
	r, err = ReadRules("usa", Options{})
	require.NoError(t, err)
	assert.Equal(t, "usa", r.Edition)
	assert.NotEmpty(t, r.Rules)
}

// The rules block's departures from the boxes: Europa Tour's, and none for
// an edition that keeps the boxes' rules (its text as before).
func TestReadRulesPlay(t *testing.T) {
	r, err := ReadRules("europa-tour", Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"5 face-up piles", "everyone fills their holder at once; the first to fill it starts",
		"plane cards are called Flugzeug", "ship cards are called Schiff",
		"ship cards of the routes sail only along the 15 ship routes drawn on the board"}, r.Play)
	var out bytes.Buffer
	require.NoError(t, r.WriteText(&out))
	assert.Contains(t, out.String(), "\nAs the engine plays it (edition.yaml, rules:):\n  - 5 face-up piles\n")
	usa, err := ReadRules("usa", Options{})
	require.NoError(t, err)
	assert.Nil(t, usa.Play)
	out.Reset()
	require.NoError(t, usa.WriteText(&out))
	assert.NotContains(t, out.String(), "As the engine plays it")
}
