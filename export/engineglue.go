package export

import (
	"context"
	"fmt"

	"github.com/tendays/tendays/export/boardgameio"
	"github.com/tendays/tendays/export/conformance"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

// buildEngine and buildStudio build the WebAssembly programs (the
// package's tests put small stand-ins in their place).
var (
	buildEngine = wasmbuild.Engine
	buildStudio = wasmbuild.Studio
)

// BoardgameIOFiles is the npm package of `--format boardgameio`
// (export/boardgameio), with the engine built for it by the Go toolchain
// (jsengine/wasmbuild).
func BoardgameIOFiles(p *mapdata.Pack, packJSON []byte) ([]File, error) {
	assets, err := buildEngine(context.Background())
	if err != nil {
		return nil, err
	}
	files, err := boardgameio.Files(p, packJSON, assets)
	if err != nil {
		return nil, err
	}
	out := make([]File, len(files))
	for i, f := range files {
		out[i] = File{Name: f.Name, Data: f.Data}
	}
	return out, nil
}

// ConformanceBytes is the suite of `--format conformance`
// (export/conformance).
func ConformanceBytes(p *mapdata.Pack) ([]byte, error) { return conformance.Bytes(p) }

// siteMark is in the index.html of every site an export wrote
// (export/site.Mark).
const siteMark = `<meta name="generator" content="tendays export --format site">`

// SitePages writes the static studio of `--format site` from an export's
// input and the studio built for a page. Its writer, export/site, reads
// the studio, which imports this package: the program sets it
// (cmd/tendays sets export/site's), and --format site is refused when none
// is set.
var SitePages func(in Input, studio *wasmbuild.Assets) ([]File, error)

// SiteFiles is the static studio of `--format site` (a 10 Days or combined
// pack: Formats refuses a route network).
func SiteFiles(in Input) ([]File, error) {
	if SitePages == nil {
		return nil, fmt.Errorf("--format site: this program has no studio to write (export.SitePages is not set)")
	}
	assets, err := buildStudio(context.Background())
	if err != nil {
		return nil, err
	}
	return SitePages(in, assets)
}
