package mapdata

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sheet = `# Sources: a box

## Facts

| fact | source | status |
|---|---|---|
| not a rule | x | official |

## Rules: the box's and the toolkit's

| rule | status | source, or the toolkit's reason |
|---|---|---|
| the deck | box | rulebook, "What's in the Box" |
| the colours | Review | spiel.co.uk |
| ` + "`two ships`" + ` at most | toolkit | no source gives a number |

After the table.

| another table | ignored | here |
|---|---|---|
| a | b | c |
`

func TestParseRuleSheet(t *testing.T) {
	rules, err := ParseRuleSheet("SOURCES.md", []byte(sheet))
	require.NoError(t, err)
	assert.Equal(t, []RuleEntry{
		{Rule: "the deck", Status: FromBox, Source: `rulebook, "What's in the Box"`, Line: 13},
		{Rule: "the colours", Status: FromReview, Source: "spiel.co.uk", Line: 14},
		{Rule: "`two ships` at most", Status: FromToolkit, Source: "no source gives a number", Line: 15},
	}, rules)
	assert.Equal(t, map[string]int{FromBox: 1, FromReview: 1, FromToolkit: 1}, OriginCounts(rules))
}

func TestParseRuleSheetErrors(t *testing.T) {
	head := "## Rules\n\n| rule | status | source, or the toolkit's reason |\n|---|---|---|\n"
	tests := []struct{ src, err string }{
		{"# nothing\n", `SOURCES.md: no rules section (a heading "## Rules" and a table`},
		{"## Rules\n\nno table\n## Next\n", "SOURCES.md:1: the rules section holds no table rows"},
		{"## Rules\n| rule | status |\n", "SOURCES.md:2: the rules table has 2 columns (want 3"},
		{head + "| a | rulebook | b |\n", `SOURCES.md:5: status "rulebook" (want box, review or toolkit)`},
		{head + "| a | box |\n", "SOURCES.md:5: a row of 2 cells"},
		{head + "|  | box | b |\n", "SOURCES.md:5: a row names no rule"},
		{head + "| a | toolkit |  |\n", `SOURCES.md:5: rule "a" gives no source or reason`},
	}
	for _, tc := range tests {
		_, err := ParseRuleSheet("SOURCES.md", []byte(tc.src))
		assert.ErrorContains(t, err, tc.err, "%q", tc.src)
	}
}

// FuzzParseRuleSheet: any text gives rules or an error naming the file,
// never a panic; every rule has a known status and a source.
func FuzzParseRuleSheet(f *testing.F) {
	f.Add([]byte(sheet))
	f.Add([]byte("## Rules\n|a|b|c|\n|-|-|-|\n|x|toolkit|y|\n"))
	f.Add([]byte("## Rules\n|\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		rules, err := ParseRuleSheet("SOURCES.md", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "SOURCES.md") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		for _, r := range rules {
			if r.Rule == "" || r.Source == "" || !slices.Contains(Origins, r.Status) || r.Line < 1 {
				t.Fatalf("bad rule %+v", r)
			}
		}
	})
}
