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
