package derive

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Merges that cannot all hold are errors at the merge that breaks them;
// before, the merged region silently became land and left the game.
func TestMergeConflicts(t *testing.T) {
	tests := []struct {
		name, edition, want string
	}{
		{"into two regions", "regions:\n  merge: {Northwest: [Northeast], Southwest: [Northeast]}\n",
			`"Northeast" is merged into both "Northwest" and "Southwest"`},
		{"into a merged region", "regions:\n  merge: {Northwest: [Northeast], Southeast: [Northwest]}\n",
			`"Northeast" is merged into "Northwest", which is itself merged into "Southeast"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := build(t, "corners", "regions:\n  ids: {Northwest: NW, Northeast: NE, Southwest: SW, Southeast: SE}\n", tt.edition)
			var msgs []string
			for _, f := range errorsOf(res.Findings) {
				if f.Rule == RuleMergeConflict {
					msgs = append(msgs, f.Message)
					assert.Greater(t, f.Line, 0, "a line in edition.yaml")
				}
			}
			assert.Equal(t, []string{tt.want}, msgs)
		})
	}
	// A merge naming an omitted region is ignored with a warning (issue 15):
	// the rest of the edition still builds.
	for _, omit := range []string{"Northwest", "Northeast"} {
		res := build(t, "corners", "regions:\n  ids: {Northwest: NW, Northeast: NE, Southwest: SW, Southeast: SE}\n",
			"regions:\n  merge: {Northwest: [Northeast]}\n  omit: ["+omit+"]\n")
		assert.Empty(t, errorsOf(res.Findings))
		var warned []string
		for _, f := range res.Findings {
			if f.Rule == RuleOmittedRegion {
				warned = append(warned, f.Message)
			}
		}
		assert.Equal(t, []string{`"Northeast" is merged into "Northwest", but "` + omit + `" is omitted (regions.omit), so the merge is ignored`}, warned)
		assert.Len(t, res.Pack.Regions, 3, "the merge is ignored: the region not omitted stays")
	}
	// An assignment, a link or a copy naming an omitted region: a warning each.
	res := build(t, "corners", "regions:\n  ids: {Northwest: NW, Northeast: NE, Southwest: SW, Southeast: SE}\n",
		"regions:\n  omit: [Northeast]\ncopies: {Northeast: 2}\nlinks:\n  add: [{a: Northeast, b: Southwest, kind: ferry}]\n")
	assert.Empty(t, errorsOf(res.Findings))
	n := 0
	for _, f := range res.Findings {
		if f.Rule == RuleOmittedRegion {
			n++
			assert.Contains(t, f.Message, `"Northeast" is omitted (regions.omit), so this is ignored`)
		}
	}
	assert.Equal(t, 2, n, "one warning for the copy, one for the link")
	// A merge that holds is no conflict.
	res = build(t, "corners", "regions:\n  ids: {Northwest: NW, Northeast: NE, Southwest: SW, Southeast: SE}\n",
		"regions:\n  merge: {Northwest: [Northeast, Southwest]}\n")
	for _, f := range res.Findings {
		assert.NotEqual(t, RuleMergeConflict, f.Rule, f.String())
	}
}
