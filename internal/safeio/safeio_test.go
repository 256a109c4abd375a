package safeio

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadIsBoundedWhileReading(t *testing.T) {
	data, err := Read(strings.NewReader("12345"), 5, 0)
	require.NoError(t, err)
	assert.Equal(t, "12345", string(data))
	_, err = Read(strings.NewReader("123456"), 5, 0)
	assert.ErrorIs(t, err, ErrTooBig)
	// A size hint that lies (a file that grew) does not lift the bound.
	_, err = Read(strings.NewReader(strings.Repeat("x", 100)), 50, 10)
	assert.ErrorIs(t, err, ErrTooBig)
}

func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	for path, want := range map[string]string{
		fifo:        "is a FIFO",
		"/dev/zero": "is a device",
		dir:         "is a folder",
	} {
		_, err := ReadFile(path, 1<<20)
		assert.ErrorIs(t, err, ErrNotRegular, path)
		assert.ErrorContains(t, err, want, path)
	}
	_, err := ReadFile(filepath.Join(dir, "none"), 10)
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

func TestFolderConfinesLinks(t *testing.T) {
	dir := t.TempDir()
	ed := filepath.Join(dir, "ed")
	require.NoError(t, os.MkdirAll(filepath.Join(ed, "in"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "secret"), []byte("s"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(ed, "in", "ok"), []byte("ok"), 0o644))
	require.NoError(t, os.Symlink("in/ok", filepath.Join(ed, "inside")))
	require.NoError(t, os.Symlink("../secret", filepath.Join(ed, "up")))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(ed, "zero")))
	require.NoError(t, os.Symlink(dir, filepath.Join(ed, "sub")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(ed, "fifo"), 0o644))
	f, err := OpenFolder(ed)
	require.NoError(t, err)

	data, err := f.ReadFile("inside", 10)
	require.NoError(t, err)
	assert.Equal(t, "ok", string(data))
	for _, name := range []string{"up", "zero", "sub/secret"} {
		_, err := f.ReadFile(name, 10)
		assert.ErrorIs(t, err, ErrOutside, name)
		// The confinement holds in the FS itself, without the early check.
		_, err = f.FS().Open(name)
		assert.Error(t, err, name)
	}
	_, err = f.ReadFile("fifo", 10)
	assert.ErrorIs(t, err, ErrNotRegular)
	_, err = f.ReadFile("../secret", 10)
	assert.ErrorContains(t, err, "no ..")
	_, err = f.ReadFile("in/ok", 1)
	assert.ErrorIs(t, err, ErrTooBig)
	assert.Equal(t, f.Path("in/ok"), FolderFS(f.FS()).Path("in/ok"))

	b := FolderFS(fstest.MapFS{"a": {Data: []byte("abc")}})
	_, err = b.ReadFile("a", 2)
	assert.ErrorIs(t, err, ErrTooBig)
	assert.Empty(t, b.Path("a"))
}
