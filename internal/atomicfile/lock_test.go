//go:build unix

package atomicfile

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func lockedFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "edition.yaml")
	require.NoError(t, os.WriteFile(path, []byte("id: x\n"), 0o644))
	return path
}

// A lock another holder keeps is told at once, with the holder's PID and
// since when (from the record beside the file), and the wait ends at its
// bound with an error naming the holder (issue 33: doctor --apply waited
// forever without a word).
func TestLockWaitIsBoundedAndNamesTheHolder(t *testing.T) {
	t.Parallel()
	path := lockedFile(t)
	before := time.Now().Add(-time.Second)
	unlock, err := LockWait(path, LockOptions{})
	require.NoError(t, err)
	defer unlock()
	rec, err := os.ReadFile(recordName(path))
	require.NoError(t, err, "the holder keeps a record beside the file")

	var told []Holder
	start := time.Now()
	_, err = LockWait(path, LockOptions{Timeout: 300 * time.Millisecond, Held: func(h Holder, wait time.Duration) {
		assert.Less(t, time.Since(start), 200*time.Millisecond, "told before waiting")
		assert.Equal(t, 300*time.Millisecond, wait)
		told = append(told, h)
	}})
	var te *LockTimeoutError
	require.ErrorAs(t, err, &te, "record %q", rec)
	assert.ErrorIs(t, err, ErrLockTimeout)
	require.Len(t, told, 1)
	assert.Equal(t, os.Getpid(), told[0].PID)
	assert.True(t, told[0].Since.After(before), "since %v", told[0].Since)
	assert.GreaterOrEqual(t, time.Since(start), 300*time.Millisecond)
	assert.Contains(t, err.Error(), "still locked by PID ")
	assert.Contains(t, err.Error(), " since ")
	assert.Contains(t, err.Error(), "after 0.3 s")

	// Not waiting at all: at once.
	start = time.Now()
	_, err = LockWait(path, LockOptions{Timeout: -1})
	assert.ErrorIs(t, err, ErrLockTimeout)
	assert.Less(t, time.Since(start), 250*time.Millisecond)
}

// A lock released during the wait is taken; the record then names the new
// holder, and unlocking removes it.
func TestLockWaitTakesAReleasedLock(t *testing.T) {
	t.Parallel()
	path := lockedFile(t)
	unlock, err := LockWait(path, LockOptions{})
	require.NoError(t, err)
	go func() {
		time.Sleep(150 * time.Millisecond)
		unlock()
	}()
	held := false
	unlock2, err := LockWait(path, LockOptions{Timeout: 5 * time.Second, Held: func(Holder, time.Duration) { held = true }})
	require.NoError(t, err)
	assert.True(t, held)
	pid, _, ok := readRecord(recordName(path))
	assert.True(t, ok)
	assert.Equal(t, os.Getpid(), pid)
	unlock2()
	assert.NoFileExists(t, recordName(path))
}

// A record left by a killed run, or planted (a link to a file elsewhere),
// is neither believed nor written through: the lock is free, so it is
// taken at once, and the file the link named keeps its contents.
func TestLockRecordIsNotTrusted(t *testing.T) {
	t.Parallel()
	path := lockedFile(t)
	victim := filepath.Join(t.TempDir(), "victim")
	require.NoError(t, os.WriteFile(victim, []byte("precious"), 0o644))
	require.NoError(t, os.Symlink(victim, recordName(path)))
	unlock, err := LockWait(path, LockOptions{Timeout: -1, Held: func(Holder, time.Duration) { t.Error("a free lock is not held") }})
	require.NoError(t, err)
	unlock()
	got, _ := os.ReadFile(victim)
	assert.Equal(t, "precious", string(got))

	require.NoError(t, os.WriteFile(recordName(path), formatRecord(1, time.Unix(0, 0)), 0o644))
	unlock, err = LockWait(path, LockOptions{Timeout: -1})
	require.NoError(t, err)
	unlock()
}

// A lock taken by a process that was killed since, its descriptor kept by
// a child, is still told (on Linux: the child that keeps it, found by its
// descriptors, since the process that took it has ended) and still
// bounded.
func TestLockKeptByAChild(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("flock(1) not installed")
	}
	path := lockedFile(t)
	// flock takes the lock and starts sleep, which inherits it; flock is
	// then killed, and sleep keeps the lock.
	cmd := exec.Command("flock", path, "sleep", "30")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // sleep is ended with its group
	require.NoError(t, cmd.Start())
	group := cmd.Process.Pid
	t.Cleanup(func() { _ = syscall.Kill(-group, syscall.SIGKILL) })
	deadline := time.Now().Add(5 * time.Second)
	for {
		f, err := os.Open(path)
		require.NoError(t, err)
		err = flockNow(f)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			break
		}
		require.True(t, time.Now().Before(deadline), "flock never took the lock")
		time.Sleep(20 * time.Millisecond)
	}
	flockPID := cmd.Process.Pid
	// flock takes the lock before it forks sleep: on a loaded machine the
	// fork may not have happened yet, and killing flock then frees the lock.
	for !childRuns(group, flockPID, "sleep") {
		require.True(t, time.Now().Before(deadline), "flock never started sleep")
		time.Sleep(20 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()

	var told Holder
	_, err := LockWait(path, LockOptions{Timeout: 200 * time.Millisecond, Held: func(h Holder, _ time.Duration) { told = h }})
	require.ErrorIs(t, err, ErrLockTimeout)
	if told.PID != 0 { // Linux names it
		assert.NotEqual(t, flockPID, told.PID, "not the process that ended")
		assert.Equal(t, "sleep", told.Command)
	}
}

// childRuns tells whether a process of the group other than parent runs
// the named command, from /proc (false where there is no /proc).
func childRuns(group, parent int, name string) bool {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == parent {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces, so read
		// after its closing parenthesis.
		end := bytes.LastIndexByte(stat, ')')
		open := bytes.IndexByte(stat, '(')
		if open < 0 || end < open {
			continue
		}
		fields := strings.Fields(string(stat[end+1:]))
		if len(fields) < 3 || string(stat[open+1:end]) != name {
			continue
		}
		if pgrp, err := strconv.Atoi(fields[2]); err == nil && pgrp == group {
			return true
		}
	}
	return false
}
