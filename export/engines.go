package export

import (
	"fmt"

	"github.com/tendays/tendays/mapdata"
)

// Engines writes the formats that carry the engine in JavaScript:
// boardgameio, conformance and site. They are made above export, beside
// the engine and the studio, which export may not import (the layering of
// internal/layers): jsengine/exports sets Engines when a program imports
// it for its effect, as cmd/tendays does. Left unset, those formats are
// refused, saying so.
var Engines EngineWriters

// EngineWriters are the renders of the formats that carry the engine, each
// of a 10 Days or combined pack (the formats refuse a route network).
type EngineWriters struct {
	// BoardgameIO is the npm package's files, from the pack and its JSON
	// text as read, which the package carries unchanged.
	BoardgameIO func(p *mapdata.Pack, packJSON []byte) ([]File, error)
	// Conformance is the suite, one case a line.
	Conformance func(p *mapdata.Pack) ([]byte, error)
	// Site is the static studio's files; in.Board is the pack's board.
	Site func(p *mapdata.Pack, in Input) ([]File, error)
}

// The marks of the folders the engine formats own: a later export writes
// over a folder only when its package.json or index.html carries one
// (writeOwnFolder). jsengine/boardgameio and jsengine/site write them.
const (
	// PackageMark is in the description of the package.json of every
	// boardgame.io package an export wrote.
	PackageMark = "written by tendays export --format boardgameio"
	// SiteMark is in the index.html of every site an export wrote.
	SiteMark = `<meta name="generator" content="tendays export --format site">`
)

// engineRender is the render of an engine format, refused when the
// program installed none.
func engineRender(format string, render func(w EngineWriters) func(p *mapdata.Pack, in Input) ([]File, error)) func(Input, Options) ([]File, error) {
	return onRegions(func(p *mapdata.Pack, in Input, _ Options) ([]File, error) {
		r := render(Engines)
		if r == nil {
			return nil, fmt.Errorf("--format %s: this program cannot write it: the engine for JavaScript is not in it (a program that has it imports jsengine/exports)", format)
		}
		return r(p, in)
	})
}

// errRouteNetworkEngine is why the engine formats refuse a route network,
// in the words jsengine.ErrNetwork gives the engine's own callers.
var errRouteNetworkEngine = fmt.Errorf("a route-network pack (kind %s): the JavaScript engine plays the 10 Days games (regions and combined packs); the route-network game of engine/route is not bridged to JavaScript", mapdata.KindNetwork)
