// Package testenv decides which tests run where: the everyday `go test ./...`
// runs the fast tests; tests that drive a real consumer (GDAL, Chromium,
// poppler, Node.js packages ...) or take minutes run when asked.
//
// Asking: CI=true (what .ci/run sets) or TENDAYS_INTEGRATION=1. Asked, a
// missing consumer fails the test under CI=true and skips it otherwise; not
// asked, the test skips with a message naming the variable. The rule is
// written here once; tests call Integration, Long, Tool or NodeModule.
//
// NetNS runs a test again inside a network namespace it makes (unshare -n
// and a veth pair), for servers that listen beyond loopback, which these
// machines allow only there; it skips where namespaces cannot be made and
// fails under CI=true.
//
// It holds no test of the toolkit itself and is imported by test files only;
// CPUTime is for benchmarks on a loaded machine.
package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// CI reports whether the tests run under CI (CI=true), where every consumer
// must be installed and every test must run.
func CI() bool { return os.Getenv("CI") == "true" }

// Asked reports whether integration tests were asked for: CI=true or
// TENDAYS_INTEGRATION set to anything but "" or "0".
func Asked() bool {
	v := os.Getenv("TENDAYS_INTEGRATION")
	return CI() || (v != "" && v != "0")
}

// Integration skips t unless integration tests were asked for. what says
// what the test needs, for the skip message ("GDAL", "Chromium").
func Integration(t testing.TB, what string) {
	t.Helper()
	if !Asked() {
		t.Skipf("integration test (needs %s): set TENDAYS_INTEGRATION=1 to run it (CI=true runs it)", what)
	}
}

// Long skips t unless integration tests were asked for: for tests that take
// more than a few seconds of CPU (thousands of simulated games, fuzz-sized
// sweeps over every bundled edition).
func Long(t testing.TB, what string) {
	t.Helper()
	if !Asked() {
		t.Skipf("long test (%s): set TENDAYS_INTEGRATION=1 to run it (CI=true runs it)", what)
	}
}

// Tool finds a program for an integration test (a name on PATH or an
// absolute path): it skips when integration tests were not asked for, fails
// under CI=true when the program is missing (.ci/run installs it), and skips
// otherwise.
func Tool(t testing.TB, name string) string {
	t.Helper()
	Integration(t, name)
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name+" is not installed", "")
	}
	return p
}

// Missing ends a test whose consumer is absent: a failure under CI=true,
// where .ci/run installs every consumer, a skip elsewhere. hint says how to
// install it ("" for the default: see .ci/run).
func Missing(t testing.TB, what, hint string) {
	t.Helper()
	if hint == "" {
		hint = "see .ci/run for how CI installs it"
	}
	if CI() {
		t.Fatalf("%s, and CI=true: CI must install it (%s)", what, hint)
	}
	t.Skipf("%s: skipping this real-consumer test (%s)", what, hint)
}

// ModuleRoot is the module's root folder (holding go.mod), found from the
// test's working directory.
func ModuleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

// NodeModule finds Node.js and an npm package of the test project
// testdata/node (installed by `npm ci --prefix testdata/node`, as .ci/run
// does) for an integration test: it skips unless integration tests were
// asked for, fails under CI=true when node or the package is missing, and
// skips otherwise. It returns the node program and the project's folder
// (where scripts that import the package run).
func NodeModule(t testing.TB, pkg string) (node, project string) {
	t.Helper()
	node = Tool(t, "node")
	project = filepath.Join(ModuleRoot(t), "testdata", "node")
	if _, err := os.Stat(filepath.Join(project, "node_modules", pkg, "package.json")); err != nil {
		Missing(t, "npm package "+pkg+" is not installed in testdata/node", "run: npm ci --prefix testdata/node")
	}
	return node, project
}
