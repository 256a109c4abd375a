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

	// Without SOURCES.md (issue 39): the base game's rules, then every
	// rule edition.yaml sets as the edition's own, at its line.
	require.NoError(t, os.Remove(filepath.Join(mine, "SOURCES.md")))
	require.NoError(t, os.WriteFile(filepath.Join(mine, "edition.yaml"), []byte("id: mine\nname: Mine\ndays: 10\n"+
		"borders: {file: b.geojson}\ncolors: {palette: [red, blue]}\n"+
		"links:\n  add:\n    - {a: X, b: Y, why: the strait}\n"+
		"transports:\n  automobile: {count: 4}\n"), 0o644))
	r, err = ReadRules(mine, Options{})
	require.NoError(t, err)
	assert.Equal(t, filepath.ToSlash(filepath.Join(mine, "edition.yaml")), r.File)
	assert.Equal(t, map[string]int{FromBase: 4, FromEdition: 4}, r.Counts)
	var own []string
	for _, e := range r.Rules {
		if e.Status == FromEdition {
			own = append(own, e.Rule+" @ "+e.Source)
		}
	}
	assert.Equal(t, []string{
		"a journey of 10 days @ " + r.File + ":3",
		"the colours: red, blue @ " + r.File + ":5",
		"X and Y joined by a ferry @ " + r.File + ":8: the strait",
		"4 cars @ " + r.File + ":10",
	}, own)
	assert.Contains(t, r.Rules[2].Rule, "a car drives", "a car's base rule, the deck holding cars")
	assert.Contains(t, r.Rules[2].Rule, "transports.automobile.through")
	out.Reset()
	require.NoError(t, r.WriteText(&out))
	assert.Contains(t, out.String(), "Mine: 8 rules: 4 the base game's, 4 the edition's own ("+r.File+"; no SOURCES.md)\n")
	assert.Contains(t, out.String(), "\nThe edition's own (set in its edition.yaml; a SOURCES.md would say where each comes from):\n  - a journey of 10 days\n      set at: "+r.File+":3\n")

	// A SOURCES.md that cannot be read is still an error naming it.
	require.NoError(t, os.Mkdir(filepath.Join(mine, "SOURCES.md"), 0o755))
	_, err = ReadRules(mine, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "SOURCES.md")

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
