package boardgameio

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

var assets = &wasmbuild.Assets{Wasm: []byte("\x00asm"), WasmExec: []byte("// exec\n"), GoLicense: []byte("BSD\n")}

func TestFiles(t *testing.T) {
	src, err := os.ReadFile("../../engine/testdata/usa.pack.json")
	require.NoError(t, err)
	doc, err := mapdata.DecodePack("usa.pack.json", src)
	require.NoError(t, err)
	files, err := Files(doc.Pack, src, assets)
	require.NoError(t, err)
	byName := map[string][]byte{}
	for _, f := range files {
		byName[f.Name] = f.Data
	}
	for _, name := range []string{"package.json", "README.md", "index.cjs", "index.mjs", "browser.mjs", "tendays.cjs", "tendays.mjs", "pack.json", "engine.wasm", "wasm_exec.js", "LICENSE.go"} {
		assert.Contains(t, byName, name)
	}
	assert.Equal(t, src, byName["pack.json"], "the pack as read")
	var m struct {
		Name, Main, Description string
		Exports                 map[string]json.RawMessage
	}
	require.NoError(t, json.Unmarshal(byName["package.json"], &m))
	assert.Equal(t, "tendays-"+doc.Pack.Edition.ID, m.Name)
	assert.Equal(t, "index.cjs", m.Main)
	assert.Contains(t, m.Description, "written by tendays export --format boardgameio", "the mark a later export looks for")
	assert.JSONEq(t, `{"browser":"./browser.mjs","import":"./index.mjs","require":"./index.cjs"}`, string(m.Exports["."]))
	assert.True(t, bytes.HasSuffix(byName["tendays.mjs"], []byte("export default { create, caller };\n")))
	assert.NotContains(t, string(byName["README.md"]), "{{")
}

func TestScriptForms(t *testing.T) {
	core := Core()
	s, err := Script(core)
	require.NoError(t, err)
	assert.True(t, bytes.HasSuffix(s, []byte("globalThis.tendays = { create, caller };\n")))
	_, err = ESM([]byte("no export here\n"))
	assert.Error(t, err)
}

func TestRefusals(t *testing.T) {
	_, err := Files(&mapdata.Pack{Kind: mapdata.KindNetwork}, nil, assets)
	assert.ErrorIs(t, err, jsengine.ErrNetwork)
	_, err = Files(&mapdata.Pack{Kind: "stars"}, nil, assets)
	assert.Error(t, err, "a pack the engine refuses makes no package")
}

func TestPackageName(t *testing.T) {
	assert.Equal(t, "tendays-usa", PackageName("usa"))
	assert.Equal(t, "tendays-my-map", PackageName("My Map"))
	assert.Equal(t, "tendays-pack", PackageName("***"))
}
