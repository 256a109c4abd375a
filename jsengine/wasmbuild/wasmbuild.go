// Package wasmbuild builds the engine for JavaScript (jsengine/wasm/engine)
// and the studio for a page (jsengine/wasm/studio) as WebAssembly, with the
// local Go toolchain, from the source of the tendays that runs: the exports
// that carry them (boardgameio, site) call it, so no built binary is kept in
// the repository and the engine a package carries is always the rules of the
// tendays that wrote it.
//
// The source is found where this file was compiled from (a checkout, run
// with `go run ./cmd/tendays` or built from it), or, for a tendays installed
// with `go install ...@VERSION`, the module cache's copy of that version
// (`go mod download`), or the folder TENDAYS_SOURCE names. The build is
// `go build -trimpath` with GOOS=js GOARCH=wasm: the same toolchain and
// source give the same bytes, and Go's build cache makes a second build a
// matter of seconds. It runs the go command and prints nothing.
package wasmbuild

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/tendays/tendays/internal/atomicfile"
)

// Module is tendays's module path.
const Module = "github.com/tendays/tendays"

// The programs it builds, as packages of the module.
const (
	EnginePackage = "./jsengine/wasm/engine"
	StudioPackage = "./jsengine/wasm/studio"
)

// Assets are what a page or a package needs to run a program: the module,
// the Go toolchain's wasm_exec.js that hosts it, and the toolchain's
// licence, which wasm_exec.js names.
type Assets struct {
	Wasm      []byte
	WasmExec  []byte
	GoLicense []byte
}

// ErrNoToolchain is returned when no go command is found.
var ErrNoToolchain = errors.New("the go command is not on PATH: the engine for JavaScript is built with the Go toolchain (https://go.dev/dl/)")

var cache struct {
	sync.Mutex
	built map[string]*Assets
}

// Engine is the engine for JavaScript, built once a process.
func Engine(ctx context.Context) (*Assets, error) { return Build(ctx, EnginePackage) }

// Studio is the studio for a page, built once a process.
func Studio(ctx context.Context) (*Assets, error) { return Build(ctx, StudioPackage) }

// Build builds pkg (a package of the module, "./jsengine/wasm/engine") for
// GOOS=js GOARCH=wasm, once a process.
func Build(ctx context.Context, pkg string) (*Assets, error) {
	cache.Lock()
	defer cache.Unlock()
	if a, ok := cache.built[pkg]; ok {
		return a, nil
	}
	a, err := build(ctx, pkg)
	if err != nil {
		return nil, err
	}
	if cache.built == nil {
		cache.built = map[string]*Assets{}
	}
	cache.built[pkg] = a
	return a, nil
}

func build(ctx context.Context, pkg string) (*Assets, error) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return nil, ErrNoToolchain
	}
	src, err := Source(ctx, gocmd)
	if err != nil {
		return nil, err
	}
	// The build's output, in a temporary folder removed after (and on an
	// interrupt: atomicfile tracks it).
	tmp, err := atomicfile.TempDir("", "tendays-wasm-")
	if err != nil {
		return nil, err
	}
	defer atomicfile.RemoveTemp(tmp)
	out := filepath.Join(tmp, "out.wasm")
	cmd := exec.CommandContext(ctx, gocmd, "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building %s for WebAssembly in %s: %w: %s", pkg, src, err, firstLines(stderr.String(), 8))
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	root, err := goEnv(ctx, gocmd, src, "GOROOT")
	if err != nil {
		return nil, err
	}
	a := &Assets{Wasm: wasm}
	// Go 1.24 moved wasm_exec.js from misc/wasm to lib/wasm.
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		if a.WasmExec, err = os.ReadFile(filepath.Join(root, dir, "wasm_exec.js")); err == nil {
			break
		}
	}
	if a.WasmExec == nil {
		return nil, fmt.Errorf("no wasm_exec.js in the Go installation at %s (lib/wasm or misc/wasm)", root)
	}
	if a.GoLicense, err = os.ReadFile(filepath.Join(root, "LICENSE")); err != nil {
		return nil, fmt.Errorf("the Go installation's licence: %w", err)
	}
	return a, nil
}

// Source is the folder of tendays's source to build from (see the package
// comment).
func Source(ctx context.Context, gocmd string) (string, error) {
	if dir := os.Getenv("TENDAYS_SOURCE"); dir != "" {
		if err := isModule(dir); err != nil {
			return "", fmt.Errorf("TENDAYS_SOURCE: %w", err)
		}
		return dir, nil
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		// jsengine/wasmbuild/wasmbuild.go in the module's folder.
		dir := filepath.Dir(filepath.Dir(filepath.Dir(file)))
		if isModule(dir) == nil {
			return dir, nil
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Path == Module && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		cmd := exec.CommandContext(ctx, gocmd, "mod", "download", "-json", Module+"@"+bi.Main.Version)
		cmd.Dir = os.TempDir()
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		data, err := cmd.Output()
		var m struct{ Dir, Error string }
		if jerr := json.Unmarshal(data, &m); err == nil && jerr == nil && m.Dir != "" {
			return m.Dir, nil
		}
		return "", fmt.Errorf("the source of %s@%s for the engine: go mod download: %v %s", Module, bi.Main.Version, err, m.Error)
	}
	return "", errors.New("the source of tendays is not where this tendays was built from: set TENDAYS_SOURCE to a checkout of " + Module + " to build the engine for JavaScript")
}

// isModule checks that dir holds tendays's go.mod.
func isModule(dir string) error {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return fmt.Errorf("%s holds no go.mod", dir)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" {
			if fields[1] == Module {
				return nil
			}
			return fmt.Errorf("%s is module %s, not %s", dir, fields[1], Module)
		}
	}
	return fmt.Errorf("%s/go.mod names no module", dir)
}

func goEnv(ctx context.Context, gocmd, dir, name string) (string, error) {
	cmd := exec.CommandContext(ctx, gocmd, "env", name)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, " | ")
}
