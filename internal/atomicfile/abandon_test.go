package atomicfile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTempDirAndLocked(t *testing.T) {
	dir := t.TempDir()
	tmp, err := TempDir(dir, ".set-*")
	require.NoError(t, err)
	require.NoError(t, WriteBytes(filepath.Join(tmp, "a.csv"), []byte("a"), 0o644))
	boom := errors.New("boom")
	assert.NoError(t, Locked(func() error {
		return os.Rename(filepath.Join(tmp, "a.csv"), filepath.Join(dir, "a.csv"))
	}))
	assert.ErrorIs(t, Locked(func() error { return boom }), boom)
	require.NoError(t, RemoveTemp(tmp))
	assertOnlyFile(t, dir, "a.csv")
	liveMu.Lock()
	defer liveMu.Unlock()
	assert.Empty(t, live, "forgotten once removed")
}

// TestAbandonRemovesTemporaries runs itself as a child process that starts
// a write, makes a temporary folder with a file in it, and calls Abandon as
// a signal handler does: nothing may be left in the folder.
func TestAbandonRemovesTemporaries(t *testing.T) {
	if dir := os.Getenv("ATOMICFILE_ABANDON_DIR"); dir != "" {
		set, err := TempDir(dir, ".set-*")
		if err != nil {
			os.Exit(3)
		}
		if WriteBytes(filepath.Join(set, "done.csv"), []byte("whole"), 0o644) != nil {
			os.Exit(4)
		}
		started, never := make(chan struct{}), make(chan struct{})
		go Write(filepath.Join(dir, "pack.json"), 0o644, func(w io.Writer) error {
			io.WriteString(w, "half a pack")
			close(started)
			<-never
			return nil
		})
		<-started
		Abandon()
		os.Exit(0)
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestAbandonRemovesTemporaries$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_ABANDON_DIR="+dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "left behind after Abandon")
}
