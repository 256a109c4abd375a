package testenv

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// LANAddress is the private address a test's own network namespace has
// on its LAN-side interface (NetNS).
const LANAddress = "10.213.0.2"

// netnsEnv tells a test binary that it runs inside the namespace NetNS
// made.
const netnsEnv = "TENDAYS_TEST_NETNS"

// netnsSetup makes the namespace's network: loopback up, and a veth pair
// whose one end holds LANAddress, so that a server there has a LAN
// address that leads nowhere outside the namespace.
const netnsSetup = `set -e
ip link set lo up
ip link add lan0 type veth peer name lan1
ip addr add ` + LANAddress + `/24 dev lan0
ip link set lan0 up
ip link set lan1 up
exec "$@"`

// NetNS runs the top-level test t again in a network namespace of its own
// (unshare -n as root, with the veth pair of netnsSetup), so that a
// server there listens on a LAN address without touching this machine's
// interfaces, where traffic beyond loopback is not allowed. It returns
// true inside the namespace, where the test goes on; outside, it returns
// false once the run inside has passed (its output logged) or failed t.
// Where a namespace cannot be made (not root, no unshare or ip, not
// Linux) t skips with a message, and fails under CI=true.
func NetNS(t *testing.T) bool {
	t.Helper()
	if os.Getenv(netnsEnv) == "1" {
		return true
	}
	if strings.Contains(t.Name(), "/") {
		t.Fatalf("testenv.NetNS: %s is a subtest; call it from a top-level test", t.Name())
	}
	cannot := func(why string) {
		t.Helper()
		if CI() {
			t.Fatalf("cannot make a network namespace for this test (%s), and CI=true: CI runs as root with unshare and ip (util-linux, iproute2)", why)
		}
		t.Skipf("cannot make a network namespace for this test (%s): skipping it; as root with unshare and ip it runs", why)
	}
	if runtime.GOOS != "linux" {
		cannot("not Linux")
	}
	if os.Geteuid() != 0 {
		cannot("not root")
	}
	for _, tool := range []string{"unshare", "ip"} {
		if _, err := exec.LookPath(tool); err != nil {
			cannot(tool + " is not installed")
		}
	}
	args := []string{"-n", "--", "sh", "-c", netnsSetup, "netns", os.Args[0], "-test.run", "^" + t.Name() + "$", "-test.v", "-test.count=1"}
	// The run inside ends before this test's own deadline, with its
	// goroutines printed (-test.timeout), so a hang there fails t with
	// what the run inside was doing rather than the whole package
	// timing out with nothing but this wait in its dump.
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		left := time.Until(deadline)
		inside := left - left/8
		args = append(args, "-test.timeout", inside.String())
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, left-left/16)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "unshare", args...)
	cmd.Env = append(os.Environ(), netnsEnv+"=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	text := out.String()
	if err != nil {
		if strings.Contains(text, "Operation not permitted") || strings.Contains(text, "unshare failed") {
			cannot("unshare -n: " + strings.TrimSpace(lastLine(text)))
		}
		t.Fatalf("%s in its own network namespace: %v\n%s", t.Name(), err, text)
	}
	if strings.Contains(text, "--- SKIP: "+t.Name()) {
		t.Skipf("skipped in its network namespace:\n%s", text)
	}
	if !strings.Contains(text, "--- PASS: "+t.Name()) {
		t.Fatalf("%s did not run in its network namespace:\n%s", t.Name(), text)
	}
	t.Logf("in its own network namespace (%s on a veth pair):\n%s", LANAddress, text)
	return false
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
