package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tendays/tendays/internal/testenv"
)

// The scripts in testdata/script read like a user's session: the command,
// what it prints and its exit code. `tendays` in a script runs this binary's
// Main in-process.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"tendays":   main,
		"want-exit": wantExit,
	})
}

// wantExit runs `want-exit N tendays ARGS...`: tendays with ARGS, passing its
// output through, and succeeds only when its exit code is N. Scripts use it
// where 1 ("no") and 2 (bad input) must be told apart, which `! exec` cannot.
func wantExit() {
	if len(os.Args) < 3 || os.Args[2] != "tendays" {
		fmt.Fprintln(os.Stderr, "usage: want-exit CODE tendays ARGS...")
		os.Exit(2)
	}
	want, err := strconv.Atoi(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "want-exit:", err)
		os.Exit(2)
	}
	if got := Main(os.Args[3:], SystemIO()); got != want {
		fmt.Fprintf(os.Stderr, "want-exit: tendays exited %d, want %d\n", got, want)
		os.Exit(1)
	}
	os.Exit(0)
}

func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", root)
			env.Setenv("TESTDATA", filepath.Join(root, "testdata"))
			return nil
		},
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") == "1",
		// [integration] marks a long step, run when integration tests are
		// asked for (internal/testenv: CI=true or TENDAYS_INTEGRATION=1).
		Condition: func(cond string) (bool, error) {
			if cond == "integration" {
				return testenv.Asked(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}
