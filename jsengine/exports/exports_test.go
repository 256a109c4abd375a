package exports

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

// The WebAssembly programs are stand-ins: building them is the Go
// toolchain's work (cmd/tendays's Node.js and Chromium tests run the real
// ones); what is tested here is the writers export reaches once this
// package is imported.
func init() {
	stand := func(context.Context) (*wasmbuild.Assets, error) {
		return &wasmbuild.Assets{Wasm: []byte("\x00asm"), WasmExec: []byte("// exec\n"), GoLicense: []byte("BSD\n")}, nil
	}
	buildEngine, buildStudio = stand, stand
}

func testland(t *testing.T) export.Input {
	t.Helper()
	src, err := os.ReadFile("../../export/testdata/testland.pack.json")
	require.NoError(t, err)
	doc, err := mapdata.DecodePack("testland.pack.json", src)
	require.NoError(t, err)
	g, err := board.Read("../../export/testdata/testland.board.geojson")
	require.NoError(t, err)
	return export.Input{Pack: doc.Pack, PackFile: "testland.pack.json", PackJSON: src, Board: g}
}

// The package and the site are written through export's own folder
// writer, and written again over themselves: the marks the writers put in
// package.json and index.html are the ones export looks for. A project's
// own package.json is never written over.
func TestTheFoldersAreExportsOwn(t *testing.T) {
	in := testland(t)
	for _, c := range []struct{ format, marker string }{{export.BoardgameIO, "package.json"}, {export.Site, "index.html"}} {
		t.Run(c.format, func(t *testing.T) {
			f, err := export.Lookup(c.format)
			require.NoError(t, err)
			out := filepath.Join(t.TempDir(), "out")
			first, err := export.Write(in, f, out, export.Options{})
			require.NoError(t, err)
			assert.Contains(t, first, filepath.Join(out, c.marker))
			again, err := export.Write(in, f, out, export.Options{})
			require.NoError(t, err, "a folder this export wrote is written again")
			assert.Equal(t, first, again)

			mine := filepath.Join(t.TempDir(), "project")
			require.NoError(t, os.Mkdir(mine, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(mine, c.marker), []byte("{\"name\": \"mine\"}\n"), 0o644))
			_, err = export.Write(in, f, mine, export.Options{})
			require.ErrorIs(t, err, export.ErrOutput)
			kept, err := os.ReadFile(filepath.Join(mine, c.marker))
			require.NoError(t, err)
			assert.Equal(t, "{\"name\": \"mine\"}\n", string(kept))
		})
	}
}

// The suite through export is the engine's: one JSON case a line, the
// journeys with a verdict and a reason.
func TestConformanceThroughExport(t *testing.T) {
	files, err := export.Render(testland(t), export.Conformance, export.Options{})
	require.NoError(t, err)
	require.Len(t, files, 1)
	assert.Equal(t, "testland.conformance.jsonl", files[0].Name)
	valid := map[bool]int{}
	sc := bufio.NewScanner(bytes.NewReader(files[0].Data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var c struct {
			Kind   string
			Cards  []string
			Valid  *bool
			Reason string
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c), sc.Text())
		if c.Kind == "" && c.Valid != nil {
			valid[*c.Valid]++
			assert.NotEmpty(t, c.Reason, sc.Text())
		}
	}
	require.NoError(t, sc.Err())
	assert.Positive(t, valid[true], "valid journeys")
	assert.Positive(t, valid[false], "invalid journeys")
}
