package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// lockPID finds the process that holds the flock on f's file: the one the
// system's table of locks (/proc/locks) says took it, or, when that one
// has ended (a child kept the descriptor, as after a kill -9 of its
// parent), a live process holding the locked descriptor. 0 when unknown.
func lockPID(f *os.File) int {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return 0
	}
	id := fmt.Sprintf("%02x:%02x:%d", unix.Major(st.Dev), unix.Minor(st.Dev), st.Ino)
	locks, err := os.Open("/proc/locks")
	if err != nil {
		return 0
	}
	defer locks.Close()
	pid := flockHolder(io.LimitReader(locks, 4<<20), id)
	if pid == 0 || alive(pid) {
		return pid
	}
	if keeper := lockKeeper(id); keeper != 0 {
		return keeper
	}
	return pid
}

// flockHolder reads a table of locks for the process holding a flock on
// the file id ("08:01:1234", device and inode as the table writes them):
// "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF". A waiter's line has
// "->" after the number and holds nothing.
func flockHolder(table io.Reader, id string) int {
	sc := bufio.NewScanner(table)
	for sc.Scan() {
		fields := strings.Fields(strings.TrimPrefix(sc.Text(), "lock:"))
		if len(fields) < 6 || fields[1] != "FLOCK" || fields[5] != id {
			continue
		}
		if pid, err := strconv.Atoi(fields[4]); err == nil && pid > 0 {
			return pid
		}
	}
	return 0
}

// maxFDInfo bounds the descriptors lockKeeper looks at.
const maxFDInfo = 100_000

// lockKeeper finds a live process one of whose descriptors holds the flock
// on the file id: /proc/PID/fdinfo/FD lists the locks on that descriptor's
// file. Only processes this one may read are seen.
func lockKeeper(id string) int {
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	seen := 0
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		dir := "/proc/" + p.Name() + "/fdinfo"
		fds, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, fd := range fds {
			if seen++; seen > maxFDInfo {
				return 0
			}
			b, err := os.ReadFile(dir + "/" + fd.Name())
			if err != nil || !strings.Contains(string(b), id) {
				continue
			}
			if flockHolder(strings.NewReader(string(b)), id) != 0 {
				return pid
			}
		}
	}
	return 0
}

// alive says whether the process pid still runs.
func alive(pid int) bool {
	_, err := os.Stat("/proc/" + strconv.Itoa(pid))
	return err == nil
}

// processName is a process's command name (/proc/PID/comm), or "ended"
// when it is gone (and no process holding its descriptor could be seen).
func processName(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm")
	if err != nil {
		if os.IsNotExist(err) {
			return "ended; another process keeps its descriptor"
		}
		return ""
	}
	return strings.TrimSpace(string(b))
}
