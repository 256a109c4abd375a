package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/internal/atomicfile"
)

var (
	oldPack  = []byte(`{"an": "old pack"}` + "\n")
	oldBoard = []byte(`{"an": "old board"}` + "\n")
)

// temporaries lists the files atomicfile leaves while writing (.NAME.tmp-*).
func temporaries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			out = append(out, e.Name())
		}
	}
	return out
}

func writeOld(t *testing.T, pack, board string) {
	t.Helper()
	require.NoError(t, os.WriteFile(pack, oldPack, 0o644))
	require.NoError(t, os.WriteFile(board, oldBoard, 0o644))
}

// A write that fails just before its rename (a full disk, a crash) leaves
// the previous pack and board as they were, and no temporary file.
func TestBuildWriteFailureKeepsThePreviousPack(t *testing.T) {
	dir := t.TempDir()
	pack, board := filepath.Join(dir, "usa.pack.json"), filepath.Join(dir, "usa.board.geojson")
	writeOld(t, pack, board)

	restore := atomicfile.FailBeforeRename()
	var stdout, stderr bytes.Buffer
	code := Main([]string{"build", "usa", "-o", pack}, &IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr})
	restore()

	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr.String(), "usa.pack.json: "+atomicfile.ErrInjected.Error())
	got, err := os.ReadFile(pack)
	require.NoError(t, err)
	assert.Equal(t, oldPack, got, "the previous pack")
	got, err = os.ReadFile(board)
	require.NoError(t, err)
	assert.Equal(t, oldBoard, got, "the previous board")
	assert.Empty(t, temporaries(t, dir))

	// And with the failure gone, the same command writes both.
	code = Main([]string{"build", "usa", "-o", pack}, &IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr})
	require.Equal(t, exitOK, code, stderr.String())
	got, err = os.ReadFile(pack)
	require.NoError(t, err)
	assert.NotEqual(t, oldPack, got)
}

// TestKilledBuildKeepsThePreviousPack runs `tendays build` as a process and
// stops it with SIGTERM, as CI does at a timeout, at the moment its
// temporary pack file appears (mid-write), or at once, or after a while.
// Whenever it dies, the pack and the board are each the old file or the
// complete new one, and no temporary file is left. Then SIGKILL, which no
// process can clean up after: the pack must still be old or whole.
func TestKilledBuildKeepsThePreviousPack(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a dozen processes")
	}
	bin, err := exec.LookPath("tendays") // put on PATH by testscript.Main
	if err != nil {
		t.Skip("no tendays binary on PATH")
	}
	dir := t.TempDir()
	pack, board := filepath.Join(dir, "europe.pack.json"), filepath.Join(dir, "europe.board.geojson")
	out, err := exec.Command(bin, "build", "europe", "-o", pack).CombinedOutput()
	require.NoError(t, err, string(out))
	newPack, err := os.ReadFile(pack)
	require.NoError(t, err)
	newBoard, err := os.ReadFile(board)
	require.NoError(t, err)

	midway := 0
	for attempt := 0; attempt < 12; attempt++ {
		sig := syscall.SIGTERM
		if attempt >= 9 {
			sig = syscall.SIGKILL
		}
		writeOld(t, pack, board)
		cmd := exec.Command(bin, "build", "europe", "-o", pack)
		require.NoError(t, cmd.Start())
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var waitErr error
		exited := false
		switch attempt % 3 {
		case 0: // as soon as the temporary pack appears
			deadline := time.Now().Add(20 * time.Second)
			for !exited && time.Now().Before(deadline) && len(temporaries(t, dir)) == 0 {
				select {
				case waitErr = <-done:
					exited = true
				default:
					time.Sleep(100 * time.Microsecond)
				}
			}
			if !exited {
				midway++
			}
		case 1: // at once
		case 2: // after a while
			time.Sleep(150 * time.Millisecond)
		}
		if !exited {
			_ = cmd.Process.Signal(sig)
			waitErr = <-done
		}
		var ee *exec.ExitError
		if waitErr != nil && !errors.As(waitErr, &ee) {
			t.Fatalf("attempt %d: %v", attempt, waitErr)
		}

		gotPack, err := os.ReadFile(pack)
		require.NoError(t, err)
		gotBoard, err := os.ReadFile(board)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(gotPack, oldPack) || bytes.Equal(gotPack, newPack),
			"attempt %d (%v): the pack is neither the old one nor the whole new one (%d bytes)", attempt, sig, len(gotPack))
		assert.True(t, bytes.Equal(gotBoard, oldBoard) || bytes.Equal(gotBoard, newBoard),
			"attempt %d (%v): the board is neither the old one nor the whole new one (%d bytes)", attempt, sig, len(gotBoard))
		if sig == syscall.SIGTERM {
			assert.Empty(t, temporaries(t, dir), "attempt %d: temporary files left after SIGTERM", attempt)
			if ee != nil && ee.ExitCode() != -1 {
				assert.Equal(t, 128+15, ee.ExitCode(), "attempt %d: exit code after SIGTERM", attempt)
			}
		}
		for _, tmp := range temporaries(t, dir) {
			os.Remove(filepath.Join(dir, tmp)) // SIGKILL's leftovers
		}
	}
	t.Logf("%d of 4 kills on the temporary file's appearance landed mid-write", midway)
}
