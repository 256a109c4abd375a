package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteReplacesWholeFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	require.NoError(t, WriteBytes(path, []byte("old"), 0o644))
	require.NoError(t, WriteBytes(path, []byte("new contents"), 0o644))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new contents", string(got))
	assertOnlyFile(t, dir, "out.json")
}

func TestFailureLeavesOldFileAndNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	require.NoError(t, WriteBytes(path, []byte("old"), 0o644))

	err := Write(path, 0o644, func(w io.Writer) error {
		_, _ = w.Write([]byte("half"))
		return errors.New("boom")
	})
	require.Error(t, err)
	assertFile(t, path, "old")
	assertOnlyFile(t, dir, "out.json")

	restore := FailBeforeRename()
	err = WriteBytes(path, []byte("new"), 0o644)
	restore()
	require.ErrorIs(t, err, ErrInjected)
	assertFile(t, path, "old")
	assertOnlyFile(t, dir, "out.json")
}

func TestMissingFolderIsAnError(t *testing.T) {
	err := WriteBytes(filepath.Join(t.TempDir(), "nope", "out.json"), []byte("x"), 0o644)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nope")
}

func TestTargetIsAFolder(t *testing.T) {
	dir := t.TempDir()
	err := WriteBytes(dir, []byte("x"), 0o644)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is a folder")
}

func assertFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want, string(got))
}

func assertOnlyFile(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{name}, names)
}

func TestWriteAllIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "x.pack.json"), filepath.Join(dir, "x.board.geojson")
	require.NoError(t, WriteBytes(a, []byte("old a"), 0o644))
	require.NoError(t, WriteBytes(b, []byte("old b"), 0o644))
	fill := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := w.Write([]byte(s)); return err }
	}

	// The second file fails: the first, though written, is not put in place.
	err := WriteAll(File{Path: a, Perm: 0o644, Fill: fill("new a")}, File{Path: b, Perm: 0o644, Fill: func(io.Writer) error { return errors.New("boom") }})
	require.Error(t, err)
	assertFile(t, a, "old a")
	assertFile(t, b, "old b")

	restore := FailBeforeRename()
	err = WriteAll(File{Path: a, Perm: 0o644, Fill: fill("new a")}, File{Path: b, Perm: 0o644, Fill: fill("new b")})
	restore()
	require.ErrorIs(t, err, ErrInjected)
	assertFile(t, a, "old a")
	assertFile(t, b, "old b")

	require.NoError(t, WriteAll(File{Path: a, Perm: 0o644, Fill: fill("new a")}, File{Path: b, Perm: 0o644, Fill: fill("new b")}))
	assertFile(t, a, "new a")
	assertFile(t, b, "new b")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temporary file left")
}
