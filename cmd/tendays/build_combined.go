package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/derive/combine"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// buildCombined builds a combined edition (kind combined): each member
// edition as build would, then their union (see derive/combine). A member
// is a folder beside the combined edition's when there is one, else a
// bundled edition. cache (nil: none) keeps the members' parsed borders for
// rebuilds (build --watch).
func buildCombined(src *editionSource, file string, text []byte, g *globalOptions, cache *derive.BordersCache) (*lint.Target, *derive.Result, error) {
	ed, err := mapdata.DecodeCombinedEdition(file, text)
	if err != nil {
		return nil, nil, err
	}
	var members []combine.Member
	for i, name := range ed.Edition.Members {
		ms, err := memberSource(src, name)
		if err != nil {
			return nil, nil, diag.Errorf(ed.Position(fmt.Sprintf("/members/%d", i)), "member %q: %w", name, err)
		}
		if kind := editionKind(ms, g); kind != mapdata.KindRegions {
			return nil, nil, diag.Errorf(ed.Position(fmt.Sprintf("/members/%d", i)), "member %q is of kind %s: members are 10 Days maps (kind regions)", name, kind)
		}
		t, res, err := buildEditionWith(ms, g, cache)
		if err != nil {
			return nil, nil, err
		}
		if res == nil {
			return t, nil, nil // the member broke its schema: its findings say where
		}
		if n := lint.Summarize(1, lint.Check(t)).Errors; n > 0 {
			return nil, nil, diag.Errorf(ed.Position(fmt.Sprintf("/members/%d", i)), "member %q has %d lint error(s) (tendays lint %s)", name, n, ms.Dir)
		}
		members = append(members, combine.Member{ID: name, Pack: res.Pack, Board: res.Board})
	}
	pack, board, err := combine.Combine(ed, members)
	if err != nil {
		return nil, nil, err
	}
	locate := func(string) diag.Position { return ed.Position("") }
	res := &derive.Result{Pack: pack, Board: board, Locate: locate}
	return &lint.Target{File: file, Pack: pack, Locate: locate}, res, nil
}

// memberSource finds a member edition: a folder beside an edition on disk,
// or a bundled one.
func memberSource(src *editionSource, name string) (*editionSource, error) {
	if !src.Bundled {
		dir := filepath.Join(filepath.FromSlash(src.Dir), "..", name)
		if fi, err := os.Stat(filepath.Join(dir, editionFile)); err == nil && !fi.IsDir() {
			return &editionSource{FS: os.DirFS(dir), Dir: path.Clean(filepath.ToSlash(dir))}, nil
		}
	}
	return openEdition(name)
}

// editionKind is the kind an edition folder declares (regions when none).
func editionKind(src *editionSource, g *globalOptions) string {
	_, _, doc, err := readEdition(src, g)
	if err != nil {
		return mapdata.KindRegions // the build will say what is wrong
	}
	return mapdata.PackKind(doc)
}
