package site

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

// TestFilesFromTheStudio writes the site of the export fixture from the
// studio's own page (a stand-in for the WebAssembly): the page keeps its
// contract, loads only files beside it, in order, and the studio's modules
// are one script with no import or export left.
func TestFilesFromTheStudio(t *testing.T) {
	src, err := os.ReadFile("../../export/testdata/testland.pack.json")
	require.NoError(t, err)
	doc, err := mapdata.DecodePack("testland.pack.json", src)
	require.NoError(t, err)
	g, err := board.Read("../../export/testdata/testland.board.geojson")
	require.NoError(t, err)
	files, err := Files(context.Background(), Input{Pack: doc.Pack, PackJSON: src, Board: g, Source: "testland.pack.json"},
		&wasmbuild.Assets{Wasm: []byte("\x00asm"), WasmExec: []byte("// exec\n"), GoLicense: []byte("BSD\n")})
	require.NoError(t, err)
	by := map[string]string{}
	for _, f := range files {
		by[f.Name] = string(f.Data)
	}
	page := by["index.html"]
	for _, want := range []string{Mark, "data-journey-input", `data-verdict`, `<script defer src="studio.js"></script>`, `<link rel="stylesheet" href="style.css">`} {
		assert.Contains(t, page, want)
	}
	assert.NotRegexp(t, `(href|src)="/`, page, "a page on disk loads nothing from a server's root")
	assert.Less(t, strings.Index(page, `src="site.js"`), strings.Index(page, `src="studio.js"`), "the page's API is there before the page asks it")
	assert.NotRegexp(t, regexp.MustCompile(`(?m)^(import|export) `), by["studio.js"])
	assert.Contains(t, by["studio.js"], `modules["dom"] = (() => {`)
	assert.NotContains(t, by["style.css"], `url("/`)
	assert.Contains(t, by["style.css"], "data:font/ttf;base64,")
	assert.Contains(t, by["site-data.js"], `data-region=\"AL\"`, "the board's picture, its regions marked")
	assert.True(t, strings.HasPrefix(by["studio-wasm.js"], `globalThis.tendaysStudioWasm = "AGFzbQ==";`))

	_, err = Files(context.Background(), Input{Pack: &mapdata.Pack{Kind: mapdata.KindNetwork}}, nil)
	assert.ErrorIs(t, err, jsengine.ErrNetwork)
}

func TestBundleRefusesWhatItCannotRead(t *testing.T) {
	for _, src := range []string{"export default 1;\n", "import * as x from \"./x.js\";\n", "export { a as b };\n", "import(\"./x.js\");\n"} {
		_, err := Bundle(map[string][]byte{"app": []byte(src), "x": []byte("export const y = 1;\n")}, "app")
		assert.ErrorContains(t, err, "app.js:1", src)
	}
	_, err := Bundle(map[string][]byte{"app": []byte("import { y } from \"./x.js\";\n")}, "app")
	assert.ErrorContains(t, err, "x.js: no such module")
	out, err := Bundle(map[string][]byte{"app": []byte("import { y } from \"./x.js\";\nconsole.log(y);\n"), "x": []byte("export const y = 1;\nexport function f() {}\n")}, "app")
	require.NoError(t, err)
	assert.Contains(t, string(out), "return { y, f };")
	assert.Contains(t, string(out), `const { y } = modules["x"];`)
}
