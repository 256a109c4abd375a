package wasmbuild

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Every package the WebAssembly programs import builds for GOOS=js: a
// dependency that does not (SQLite in pure Go, a file of syscalls) breaks
// the exports that carry them, which only CI's Node.js and Chromium tests
// build. go list sees it in a second, with no build.
func TestTheProgramsBuildForJavaScript(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if .Error}}{{.ImportPath}}: {{.Error}}{{end}}", EnginePackage, StudioPackage)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "" {
		t.Fatalf("go list -deps %s %s for GOOS=js: %v\n%s", EnginePackage, StudioPackage, err, out)
	}
}
