package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDest(t *testing.T) {
	dir := t.TempDir()
	p, stdout, err := Dest("-", "x.json")
	require.NoError(t, err)
	assert.True(t, stdout)
	assert.Empty(t, p)
	p, _, err = Dest(filepath.Join(dir, "new")+"/", "x.json")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "new", "x.json"), p)
	assert.DirExists(t, filepath.Join(dir, "new"))
	p, _, err = Dest(filepath.Join(dir, "new"), "x.json")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "new", "x.json"), p, "an existing folder without the slash")
	p, _, err = Dest(filepath.Join(dir, "f.json"), "x.json")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "f.json"), p)
}

func TestCheckClobber(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("in.json", []byte("x"), 0o644))
	require.NoError(t, os.Symlink("in.json", "link.json"))
	require.NoError(t, os.Link("in.json", "hard.json"))
	abs := filepath.Join(dir, "in.json")
	for _, out := range []string{"in.json", "./in.json", abs, "link.json", "hard.json"} {
		assert.ErrorIs(t, CheckClobber([]string{out}, []string{"in.json"}), ErrClobber, out)
	}
	assert.NoError(t, CheckClobber([]string{"other.json", "-", "", "/dev/null"}, []string{"in.json", "-"}))
}

func TestWriteRefusesSocketsAndDanglingLinks(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "dangling")
	require.NoError(t, os.Symlink(filepath.Join(dir, "nothing"), link))
	err := WriteBytes(link, []byte("x"), 0o644)
	assert.ErrorContains(t, err, "a symbolic link to nothing")
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink)
}

// A link at a name the toolkit chose is followed only while it stays in the
// working folder or the output's folder. An output named inside the
// working folder, by the toolkit or the user, never follows a link out of
// it (issue 33: a pull request commits tendays.sarif or reports/ as a link
// and CI writes through it); a name the user gave outside the working
// folder is followed wherever it leads.
func TestChosenNameLinks(t *testing.T) {
	victim := filepath.Join(t.TempDir(), "victim")
	require.NoError(t, os.WriteFile(victim, []byte("precious"), 0o644))
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.Symlink(victim, "out.json"))
	err := WriteAll(File{Path: "out.json", Perm: 0o644, Fill: Bytes([]byte("new")), Chosen: true})
	require.ErrorIs(t, err, ErrLinkOutside)
	err = WriteBytes("out.json", []byte("mine"), 0o644)
	require.ErrorIs(t, err, ErrLinkOutside, "a name the user gave inside the working folder")
	assert.Contains(t, err.Error(), "write out.json: a symbolic link leading outside the working folder (to "+victim+")")
	got, _ := os.ReadFile(victim)
	assert.Equal(t, "precious", string(got))

	elsewhere := t.TempDir()
	theirs := filepath.Join(elsewhere, "theirs.json")
	require.NoError(t, os.Symlink(victim, theirs))
	assert.NoError(t, WriteBytes(theirs, []byte("mine"), 0o644), "a name the user gave outside the working folder")
	got, _ = os.ReadFile(victim)
	assert.Equal(t, "mine", string(got))
	err = WriteAll(File{Path: theirs, Perm: 0o644, Fill: Bytes([]byte("new")), Chosen: true})
	require.ErrorIs(t, err, ErrLinkOutside, "a chosen name there stays in its folder")

	require.NoError(t, os.WriteFile("kept", nil, 0o644))
	require.NoError(t, os.Symlink(filepath.Join(dir, "kept"), "in.json"))
	require.NoError(t, WriteAll(File{Path: "in.json", Perm: 0o644, Fill: Bytes([]byte("new")), Chosen: true}))
	got, _ = os.ReadFile("kept")
	assert.Equal(t, "new", string(got))

	assert.True(t, Chosen(""))
	assert.True(t, Chosen(dir))
	assert.False(t, Chosen("out.json"))
}

// A folder on the way that is a link leading out of the working folder is
// refused too, for a new file as for an old one, and -o DIR/ through it is
// refused before any folder is made there.
func TestFolderLinkOutOfTheWorkingFolder(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.Symlink(outside, "reports"))
	for _, name := range []string{"reports/new.sarif", "reports/sub/../new.sarif"} {
		err := WriteBytes(name, []byte("x"), 0o644)
		require.ErrorIs(t, err, ErrLinkOutside, name)
	}
	_, _, err := Dest("reports/", "lint-report.sarif")
	require.ErrorIs(t, err, ErrLinkOutside)
	_, _, err = Dest("reports/deeper/", "lint-report.sarif")
	require.ErrorIs(t, err, ErrLinkOutside)
	entries, _ := os.ReadDir(outside)
	assert.Empty(t, entries, "nothing written or made outside")

	// A link that stays inside is followed, a folder as a file.
	require.NoError(t, os.Mkdir("real", 0o755))
	require.NoError(t, os.Symlink("real", "inside"))
	require.NoError(t, WriteBytes("inside/x.sarif", []byte("x"), 0o644))
	assert.FileExists(t, filepath.Join("real", "x.sarif"))
}
