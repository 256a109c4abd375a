package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sync"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/derive/combine"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// buildCombined builds a combined edition (kind combined): each member
// edition as build would, then their union (see derive/combine). A member
// is a folder beside the combined edition's when there is one, else a
// bundled edition. rc (nil: none) keeps the members' parsed borders, and
// the bundled members' builds, for rebuilds (build --watch).
func buildCombined(src *editionSource, file string, text []byte, g *globalOptions, rc *rebuildCache) (*lint.Target, *derive.Result, error) {
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
		mb, ok := rc.member(ms, g) // a kept member was checked when it was kept
		if !ok {
			if kind := editionKind(ms, g); kind != mapdata.KindRegions {
				return nil, nil, diag.Errorf(ed.Position(fmt.Sprintf("/members/%d", i)), "member %q is of kind %s: members are 10 Days maps (kind regions)", name, kind)
			}
			t, res, err := buildEditionWith(ms, g, rc)
			if err != nil {
				return nil, nil, err
			}
			if res == nil {
				return t, nil, nil // the member broke its schema: its findings say where
			}
			mb = memberBuild{res: res, errors: lint.Summarize(1, lint.Check(t)).Errors}
			rc.keep(ms, g, mb)
		}
		res := mb.res
		if n := mb.errors; n > 0 {
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

// rebuildCache is what rebuilds keep (build --watch): parsed borders files,
// and the builds of a combined edition's bundled members, which never
// change (a member in a folder is rebuilt each time, its borders cached).
// Combine reads the members' packs and boards, never changes them.
type rebuildCache struct {
	borders *derive.BordersCache
	mu      sync.Mutex
	members map[memberKey]memberBuild
}

type memberKey struct {
	dir      string
	maxInput int64
}

// memberBuild is a member's derivation and its lint error count.
type memberBuild struct {
	res    *derive.Result
	errors int
}

func newRebuildCache(borders *derive.BordersCache) *rebuildCache {
	return &rebuildCache{borders: borders, members: map[memberKey]memberBuild{}}
}

func (rc *rebuildCache) bordersCache() *derive.BordersCache {
	if rc == nil {
		return nil
	}
	return rc.borders
}

// member is the kept build of a bundled member.
func (rc *rebuildCache) member(ms *editionSource, g *globalOptions) (memberBuild, bool) {
	if rc == nil || !ms.Bundled {
		return memberBuild{}, false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	mb, ok := rc.members[memberKey{ms.Dir, g.limit(mapdata.DefaultMaxInput)}]
	return mb, ok
}

// keep keeps the build of a bundled member.
func (rc *rebuildCache) keep(ms *editionSource, g *globalOptions, mb memberBuild) {
	if rc == nil || !ms.Bundled {
		return
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.members[memberKey{ms.Dir, g.limit(mapdata.DefaultMaxInput)}] = mb
}
