// Package boardgameio writes `tendays export PACK --format boardgameio`: a
// self-contained npm package folder whose `game` is a boardgame.io Game for
// the pack, whose `engine` is tendays's engine (journeys, the deal, legal
// moves, a move applied, the win) and whose `bots` are the engine's bots,
// the engine being jsengine compiled to WebAssembly (jsengine/wasmbuild
// builds it; the caller passes it in).
//
// The package's JavaScript (js/, embedded) holds no rule: moves, the win,
// the view each player gets and the bots' choices are the engine's. It is
// the same for every pack; only package.json, README.md and pack.json name
// the edition. A route-network pack is refused (jsengine.ErrNetwork).
package boardgameio

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

//go:embed js
var jsFS embed.FS

// File is one file of the package, as export writes it.
type File = export.File

// Files are the package's files for the pack (its JSON text as read,
// which the package carries unchanged) and the built engine.
func Files(p *mapdata.Pack, packJSON []byte, a *wasmbuild.Assets) ([]File, error) {
	if p.Kind == mapdata.KindNetwork {
		return nil, jsengine.ErrNetwork
	}
	// The package must load: the engine refuses what it cannot play.
	if _, err := jsengine.New(p); err != nil {
		return nil, err
	}
	name := PackageName(p.Edition.ID)
	core, err := jsFS.ReadFile("js/tendays.cjs")
	if err != nil {
		return nil, err
	}
	module, err := ESM(core)
	if err != nil {
		return nil, err
	}
	readme, err := jsFS.ReadFile("js/README.md")
	if err != nil {
		return nil, err
	}
	readme = []byte(strings.NewReplacer("{{NAME}}", p.Edition.Name, "{{ID}}", p.Edition.ID, "{{DIR}}", name).Replace(string(readme)))
	manifest, err := packageJSON(p, name)
	if err != nil {
		return nil, err
	}
	files := []File{
		{Name: "package.json", Data: manifest},
		{Name: "README.md", Data: readme},
		{Name: "tendays.cjs", Data: core},
		{Name: "tendays.mjs", Data: module},
	}
	for _, f := range []string{"index.cjs", "index.mjs", "browser.mjs"} {
		data, err := jsFS.ReadFile("js/" + f)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: f, Data: data})
	}
	return append(files,
		File{Name: "pack.json", Data: packJSON},
		File{Name: "engine.wasm", Data: a.Wasm},
		File{Name: "wasm_exec.js", Data: a.WasmExec},
		File{Name: "LICENSE.go", Data: a.GoLicense},
	), nil
}

// Core is the game's JavaScript as a CommonJS module (tendays.cjs), for
// other writers (the static site).
func Core() []byte {
	data, _ := jsFS.ReadFile("js/tendays.cjs")
	return data
}

// cjsExport is the last statement of tendays.cjs, which ESM and Script
// replace.
const cjsExport = "module.exports = { create, caller };\n"

// ESM is tendays.cjs as an ES module (export default { create, caller }).
func ESM(core []byte) ([]byte, error) {
	return swapExport(core, "export default { create, caller };\n")
}

// Script is tendays.cjs as a classic script that sets globalThis.tendays.
func Script(core []byte) ([]byte, error) {
	return swapExport(core, "globalThis.tendays = { create, caller };\n")
}

func swapExport(core []byte, with string) ([]byte, error) {
	if !bytes.HasSuffix(core, []byte(cjsExport)) {
		return nil, fmt.Errorf("tendays.cjs does not end with %q", strings.TrimSpace(cjsExport))
	}
	return append(bytes.TrimSuffix(bytes.Clone(core), []byte(cjsExport)), with...), nil
}

// PackageName is the npm package's name: tendays- and the edition id, in
// the letters npm allows.
func PackageName(id string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(id) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), "-._")
	if s == "" {
		s = "pack"
	}
	return "tendays-" + s
}

type manifest struct {
	Name             string            `json:"name"`
	Version          string            `json:"version"`
	Description      string            `json:"description"`
	Keywords         []string          `json:"keywords"`
	Main             string            `json:"main"`
	Browser          string            `json:"browser"`
	Exports          map[string]any    `json:"exports"`
	Files            []string          `json:"files"`
	Engines          map[string]string `json:"engines"`
	PeerDependencies map[string]string `json:"peerDependencies"`
	PeerMeta         map[string]any    `json:"peerDependenciesMeta"`
}

func packageJSON(p *mapdata.Pack, name string) ([]byte, error) {
	m := manifest{
		Name: name, Version: "1.0.0",
		Description: p.Edition.Name + ": a boardgame.io game and the tendays engine (WebAssembly), " + export.PackageMark,
		Keywords:    []string{"boardgame.io", "tendays", "10 days", p.Edition.ID},
		Main:        "index.cjs", Browser: "browser.mjs",
		Exports: map[string]any{".": map[string]string{"import": "./index.mjs", "require": "./index.cjs", "browser": "./browser.mjs"},
			"./package.json": "./package.json"},
		Files:            []string{"*.cjs", "*.mjs", "*.js", "engine.wasm", "pack.json", "LICENSE.go", "README.md"},
		Engines:          map[string]string{"node": ">=18"},
		PeerDependencies: map[string]string{"boardgame.io": "^0.50.0"},
		PeerMeta:         map[string]any{"boardgame.io": map[string]bool{"optional": true}},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
