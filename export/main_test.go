package export

import (
	"context"
	"os"
	"testing"

	"github.com/tendays/tendays/jsengine/wasmbuild"
)

// TestMain puts stand-ins for the WebAssembly programs in place: building
// them is the Go toolchain's work and takes a while; what this package
// tests of the formats that carry them (their files, written whole and
// alike every time) does not need them to run. cmd/tendays's Node.js tests
// build and run the real ones.
func TestMain(m *testing.M) {
	fake := func(name string) func(context.Context) (*wasmbuild.Assets, error) {
		return func(context.Context) (*wasmbuild.Assets, error) {
			return &wasmbuild.Assets{Wasm: []byte("\x00asm stand-in for " + name), WasmExec: []byte("// wasm_exec.js stand-in\n"), GoLicense: []byte("licence\n")}, nil
		}
	}
	buildEngine, buildStudio = fake("the engine"), fake("the studio")
	// The site's writer reads the studio, which imports this package: a
	// stand-in that writes its files from the input, as it does.
	SitePages = func(in Input, a *wasmbuild.Assets) ([]File, error) {
		return []File{{Name: "index.html", Data: append([]byte(siteMark+"\n"), in.PackJSON...)}, {Name: "studio-wasm.js", Data: a.Wasm}}, nil
	}
	os.Exit(m.Run())
}
