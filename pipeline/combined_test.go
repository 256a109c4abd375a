package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// writeCombined writes dir/name/edition.yaml, a combined edition of the
// members given (members in block style when block is set).
func writeCombined(t testing.TB, dir, name string, block bool, members ...string) {
	t.Helper()
	list := "members: [" + strings.Join(members, ", ") + "]\n"
	if block {
		list = "members:\n  - " + strings.Join(members, "\n  - ") + "\n"
	}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, name), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name, EditionFile), []byte("kind: combined\nid: "+name+
		"\nname: Cycle\ndays: 20\n"+list+"piles: {draw: 3, face_up: 6}\nwin: every-map\nplanes: within-map\n"), 0o644))
}

// A combined edition whose members lead back to a combined edition (itself,
// or one the walk passed) is refused before any member is built, at the
// line of the member that starts the cycle, naming the cycle (issue 33:
// these built forever). Bundled members (europe) beside the cycle are not
// built either: the answer comes in milliseconds.
func TestMemberCycleIsRefusedBeforeBuilding(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(dir string)
		build string
		line  int
		want  string
	}{
		{"itself", func(dir string) { writeCombined(t, dir, "self", false, "europe", "self") }, "self", 5,
			`member "self" makes a cycle: self → self`},
		{"two name each other", func(dir string) {
			writeCombined(t, dir, "a", false, "europe", "b")
			writeCombined(t, dir, "b", false, "a", "asia")
		}, "a", 5, `member "b" makes a cycle: a → b → a`},
		{"a cycle further on, block style", func(dir string) {
			writeCombined(t, dir, "a", true, "europe", "b")
			writeCombined(t, dir, "b", false, "asia", "c")
			writeCombined(t, dir, "c", false, "b", "africa")
		}, "a", 7, `member "b" makes a cycle: b → c → b`},
		{"a link to itself", func(dir string) {
			writeCombined(t, dir, "a", false, "europe", "alias")
			require.NoError(t, os.Symlink("a", filepath.Join(dir, "alias")))
		}, "a", 5, `member "alias" makes a cycle: a → alias`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.setup(dir)
			start := time.Now()
			_, err := Load(ctx, Source{Path: filepath.Join(dir, tc.build)}, Options{})
			took := time.Since(start)
			require.Error(t, err)
			var ie *diag.InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, filepath.ToSlash(filepath.Join(dir, tc.build, EditionFile)), ie.File)
			assert.Equal(t, tc.line, ie.Line, "the line of the member that starts the cycle")
			assert.Contains(t, err.Error(), tc.want)
			// Not a timing test of speed: a build of europe takes seconds,
			// so this fails only if a member was built.
			assert.Less(t, took, 2*time.Second, "no member is built")
		})
	}
}

// A combined member that leads to no cycle is refused before it is built,
// as before (after the build) with the same words.
func TestCombinedMemberIsRefusedUnbuilt(t *testing.T) {
	dir := t.TempDir()
	writeCombined(t, dir, "outer", false, "europe", "around-the-world")
	_, err := Load(ctx, Source{Path: filepath.Join(dir, "outer")}, Options{})
	require.Error(t, err)
	assert.Regexp(t, `outer/edition.yaml:5:\d+: member "around-the-world" is of kind combined: members are 10 Days maps`, err.Error())
}

// The walk reads each edition.yaml once: a chain of combined editions each
// naming the next twice over (as a folder and a link to it), ending in two
// 10 Days maps, would be read 2^depth times without that.
func TestMemberWalkIsLinear(t *testing.T) {
	dir := t.TempDir()
	const depth = 14
	for i := range depth {
		writeCombined(t, dir, fmt.Sprintf("c%d", i), false, fmt.Sprintf("c%d", i+1), fmt.Sprintf("l%d", i+1))
		require.NoError(t, os.Symlink(fmt.Sprintf("c%d", i+1), filepath.Join(dir, fmt.Sprintf("l%d", i+1))))
	}
	writeCombined(t, dir, fmt.Sprintf("c%d", depth), false, "europe", "asia")
	writeCombined(t, dir, "top", false, "europe", "c0")
	f, err := openFolder(filepath.Join(dir, "top"))
	require.NoError(t, err)
	defer f.close()
	file, text, err := readEditionFile(f, Options{})
	require.NoError(t, err)
	ed, err := mapdata.DecodeCombinedEdition(file, text)
	require.NoError(t, err)
	w := &memberWalk{r: &Result{}, done: map[string]bool{}}
	err = w.check(f, ed)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `member "c0" is of kind combined`)
	assert.LessOrEqual(t, w.peeks, 2*(depth+1)+2, "edition.yaml files read")
}
