package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// The scripts in testdata/script read like a user's session: the command,
// what it prints and its exit code. `tendays` in a script runs this binary's
// Main in-process.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"tendays": main,
	})
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
	})
}
