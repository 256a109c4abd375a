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
		{"into an omitted region", "regions:\n  merge: {Northwest: [Northeast]}\n  omit: [Northwest]\n",
			`"Northeast" is merged into "Northwest", but "Northwest" is omitted`},
		{"an omitted region", "regions:\n  merge: {Northwest: [Northeast]}\n  omit: [Northeast]\n",
			`"Northeast" is merged into "Northwest", but "Northeast" is omitted`},
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
	// A merge that holds is no conflict.
	res := build(t, "corners", "regions:\n  ids: {Northwest: NW, Northeast: NE, Southwest: SW, Southeast: SE}\n",
		"regions:\n  merge: {Northwest: [Northeast, Southwest]}\n")
	for _, f := range res.Findings {
		assert.NotEqual(t, RuleMergeConflict, f.Rule, f.String())
	}
}
