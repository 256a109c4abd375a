package export

import (
	"fmt"
	"os"
	"testing"

	"github.com/tendays/tendays/mapdata"
)

// TestMain puts stand-ins for the formats that carry the engine in place:
// they are made above export (jsengine/exports, with the engine built by
// the Go toolchain), and what this package tests of them (their folders
// owned, written whole and alike every time, a route network refused)
// needs files of their shape, from the input as theirs are.
// jsengine/exports tests the real writers through Write.
func TestMain(m *testing.M) {
	Engines = EngineWriters{
		BoardgameIO: func(p *mapdata.Pack, packJSON []byte) ([]File, error) {
			return []File{{Name: "package.json", Data: fmt.Appendf(nil, "{\"description\": %q}\n", p.Edition.Name+": "+PackageMark)}, {Name: "pack.json", Data: packJSON}}, nil
		},
		Conformance: func(p *mapdata.Pack) ([]byte, error) {
			return fmt.Appendf(nil, "{\"cards\":[%q],\"valid\":false}\n", p.Regions[0].ID), nil
		},
		Site: func(_ *mapdata.Pack, in Input) ([]File, error) {
			return []File{{Name: "index.html", Data: append([]byte(SiteMark+"\n"), in.PackJSON...)}}, nil
		},
	}
	os.Exit(m.Run())
}
