// Package site writes `tendays export PACK --format site -o DIR`: the
// studio's page as static files that any web host serves, or a browser
// opens from disk, with the engine inside: the board, the region panels,
// journeys checked as they are typed and games against the bots, with no
// server.
//
// It reuses the studio (package studio): the page, its styles and its
// modules are what `tendays serve` serves, read through the studio's own
// handler, and the board's view is the studio's, made here. Journeys and
// games are answered in the page by the studio's handlers compiled to
// WebAssembly (jsengine/inpage, built by jsengine/wasmbuild; the caller
// passes it in). What a file page cannot do is done here: the modules
// become one classic script (Bundle), the fonts data: URLs in the styles,
// the WebAssembly module and the pack scripts that set globals. The page
// keeps the studio's contract (data-region, data-journey-input,
// data-verdict ...). A route-network pack is refused.
package site

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/jsengine/boardgameio"
	"github.com/tendays/tendays/jsengine/inpage"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/studio"

	_ "embed"
)

//go:embed js/site.js
var siteJS []byte

// Mark is in the index.html of every site an export wrote: a later export
// writes over a folder that has it (export.SiteMark).
const Mark = export.SiteMark

// File is one file of the site, as export writes it.
type File = export.File

// Input is what a site is made of: the pack, its JSON text as read, its
// board (nil: the page has no picture, as the studio without one), and
// where it came from (the page's heading).
type Input struct {
	Pack     *mapdata.Pack
	PackJSON []byte
	Board    *board.Geometry
	Source   string
}

// Files are the site's files.
func Files(ctx context.Context, in Input, a *wasmbuild.Assets) ([]File, error) {
	if in.Pack.Kind == mapdata.KindNetwork {
		return nil, jsengine.ErrNetwork
	}
	b := &studio.Build{Pack: in.Pack, Board: in.Board, Source: in.Source}
	srv, err := studio.New(ctx, studio.Options{Load: func(context.Context) (*studio.Build, error) { return b, nil }})
	if err != nil {
		return nil, err
	}
	h := srv.Handler(inpage.Host)
	get := func(path string) ([]byte, error) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://"+inpage.Host+path, nil))
		if rec.Code != http.StatusOK {
			return nil, fmt.Errorf("the studio's %s: %d %s", path, rec.Code, strings.TrimSpace(rec.Body.String()))
		}
		return io.ReadAll(rec.Body)
	}
	view, err := get("/api/view")
	if err != nil {
		return nil, err
	}
	var v struct {
		Playable string `json:"playable"`
	}
	if err := json.Unmarshal(view, &v); err != nil {
		return nil, err
	}
	if v.Playable != "" {
		return nil, fmt.Errorf("the studio would not play this pack: %s", v.Playable)
	}
	page, err := get("/")
	if err != nil {
		return nil, err
	}
	css, err := get("/style.css")
	if err != nil {
		return nil, err
	}
	if css, err = inlineFonts(css, get); err != nil {
		return nil, err
	}
	entry := entryRef.FindSubmatch(page)
	if entry == nil {
		return nil, errors.New("the studio's page loads no module script (<script type=\"module\" src=\"/app.js\">)")
	}
	sources := map[string][]byte{}
	for _, m := range append(moduleRefs.FindAllSubmatch(page, -1), entry) {
		name := string(m[1])
		if sources[name], err = get("/" + name + ".js"); err != nil {
			return nil, err
		}
	}
	// Modules the page does not name but its modules import.
	for changed := true; changed; {
		changed = false
		for _, src := range sources {
			for _, m := range importRefs.FindAllSubmatch(src, -1) {
				name := string(m[1])
				if _, ok := sources[name]; !ok {
					if sources[name], err = get("/" + name + ".js"); err != nil {
						return nil, err
					}
					changed = true
				}
			}
		}
	}
	app, err := Bundle(sources, string(entry[1]))
	if err != nil {
		return nil, err
	}
	html, err := staticPage(page, string(entry[0]))
	if err != nil {
		return nil, err
	}
	core, err := boardgameio.Script(boardgameio.Core())
	if err != nil {
		return nil, err
	}
	data, err := globalScript("tendaysSite", map[string]any{"view": json.RawMessage(view), "pack": string(in.PackJSON), "name": in.Source})
	if err != nil {
		return nil, err
	}
	wasm := append(append([]byte("globalThis.tendaysStudioWasm = \""), base64.StdEncoding.EncodeToString(a.Wasm)...), "\";\n"...)
	return []File{
		{Name: "index.html", Data: html},
		{Name: "style.css", Data: css},
		{Name: "studio.js", Data: app},
		{Name: "site.js", Data: siteJS},
		{Name: "tendays.js", Data: core},
		{Name: "site-data.js", Data: data},
		{Name: "studio-wasm.js", Data: wasm},
		{Name: "wasm_exec.js", Data: a.WasmExec},
		{Name: "LICENSE.go", Data: a.GoLicense},
	}, nil
}

var (
	moduleRefs = regexp.MustCompile(`<link rel="modulepreload" href="/([A-Za-z0-9_-]+)\.js">`)
	entryRef   = regexp.MustCompile(`<script type="module" src="/([A-Za-z0-9_-]+)\.js"></script>`)
	importRefs = regexp.MustCompile(`(?m)^import [^;]*from "\./([A-Za-z0-9_-]+)\.js"`)
	fontRefs   = regexp.MustCompile(`url\("(/fonts/[A-Za-z0-9_.-]+\.ttf)"\)`)
	rootRefs   = regexp.MustCompile(`(?:href|src)="/`)
)

// staticPage is the studio's index.html for files: its module script
// (entry, the tag) replaced by the classic scripts, its preloads dropped,
// its style sheet named beside it, the mark added.
func staticPage(page []byte, entry string) ([]byte, error) {
	var out []string
	for _, line := range strings.Split(string(page), "\n") {
		switch t := strings.TrimSpace(line); {
		case strings.HasPrefix(t, `<link rel="modulepreload"`), strings.HasPrefix(t, `<link rel="preload"`):
			continue
		case t == entry:
			// Deferred, as a module is: in order, once the page is read.
			for _, src := range []string{"wasm_exec.js", "tendays.js", "site-data.js", "studio-wasm.js", "site.js", "studio.js"} {
				out = append(out, `<script defer src="`+src+`"></script>`)
			}
			continue
		case t == `<link rel="stylesheet" href="/style.css">`:
			line = `<link rel="stylesheet" href="style.css">`
		case t == `<meta charset="utf-8">`:
			out = append(out, line, Mark)
			continue
		}
		out = append(out, line)
	}
	html := strings.Join(out, "\n")
	if !strings.Contains(html, Mark) {
		return nil, errors.New(`the studio's page has no <meta charset="utf-8"> line to follow`)
	}
	if rootRefs.MatchString(html) {
		return nil, fmt.Errorf("the studio's page names a file from the server's root (%s): a page on disk cannot load it", rootRefs.FindString(html))
	}
	return []byte(html), nil
}

// inlineFonts puts the fonts the style sheet names in it, as data: URLs
// (a page on disk may not load a font file).
func inlineFonts(css []byte, get func(string) ([]byte, error)) ([]byte, error) {
	var err error
	out := fontRefs.ReplaceAllFunc(css, func(m []byte) []byte {
		path := string(fontRefs.FindSubmatch(m)[1])
		font, gerr := get(path)
		if gerr != nil {
			err = gerr
			return m
		}
		return []byte(`url("data:font/ttf;base64,` + base64.StdEncoding.EncodeToString(font) + `")`)
	})
	if err != nil {
		return nil, err
	}
	if bytes.Contains(out, []byte(`url("/`)) {
		return nil, errors.New("the studio's style sheet names a file from the server's root that the site cannot inline")
	}
	return out, nil
}

// globalScript is a script that sets globalThis[name] to v.
func globalScript(name string, v any) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "globalThis.%s = ", name)
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(true) // no "</script>" can end the script early
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
