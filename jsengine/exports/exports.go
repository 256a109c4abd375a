// Package exports makes the formats of `tendays export` that carry the
// engine in JavaScript: the boardgame.io package (jsengine/boardgameio),
// the conformance suite (jsengine/conformance) and the static studio
// (jsengine/site), with the WebAssembly programs built by the Go
// toolchain (jsengine/wasmbuild). Importing it for its effect installs
// them in export's format list (export.Engines), which lists the formats
// but may not import the engine or the studio they need; cmd/tendays
// imports it. It holds no format of its own and prints nothing.
package exports

import (
	"context"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/jsengine/boardgameio"
	"github.com/tendays/tendays/jsengine/conformance"
	"github.com/tendays/tendays/jsengine/site"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

func init() {
	export.Engines = export.EngineWriters{BoardgameIO: boardgameIOFiles, Conformance: conformance.Bytes, Site: siteFiles}
}

// buildEngine and buildStudio build the WebAssembly programs (the
// package's tests put small stand-ins in their place).
var (
	buildEngine = wasmbuild.Engine
	buildStudio = wasmbuild.Studio
)

// boardgameIOFiles is the npm package of `--format boardgameio`, with the
// engine built for it.
func boardgameIOFiles(p *mapdata.Pack, packJSON []byte) ([]export.File, error) {
	assets, err := buildEngine(context.Background())
	if err != nil {
		return nil, err
	}
	return boardgameio.Files(p, packJSON, assets)
}

// siteFiles is the static studio of `--format site`, with the studio built
// for a page.
func siteFiles(p *mapdata.Pack, in export.Input) ([]export.File, error) {
	assets, err := buildStudio(context.Background())
	if err != nil {
		return nil, err
	}
	return site.Files(context.Background(), site.Input{Pack: p, PackJSON: in.PackJSON, Board: in.Board, Source: in.PackFile}, assets)
}
