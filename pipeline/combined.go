package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/tendays/tendays/derive/combine"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// deriveCombined builds a combined edition (kind combined): each member as
// a regions edition, then their union (derive/combine). A member is the
// folder of its name beside the combined edition's, when the edition is on
// disk and that folder holds an edition.yaml, else the bundled edition of
// that name. Every file of a member is read inside the member's folder, as
// when the member is built alone, and is one of the result's inputs.
func (r *Result) deriveCombined(ctx context.Context, f *folder, file string, text []byte) (*lint.Target, error) {
	ed, err := mapdata.DecodeCombinedEdition(file, text)
	if err != nil {
		return nil, err
	}
	var members []combine.Member
	for i, name := range ed.Edition.Members {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		at := ed.Position(fmt.Sprintf("/members/%d", i))
		mb, err := r.member(ctx, f, name)
		if err != nil {
			return nil, diag.Errorf(at, "member %q: %w", name, err)
		}
		if mb.schema != nil {
			return mb.schema, nil // the member broke its schema: its findings say where
		}
		if mb.kind != mapdata.KindRegions {
			return nil, diag.Errorf(at, "member %q is of kind %s: members are 10 Days maps (kind regions)", name, mb.kind)
		}
		if mb.errors > 0 {
			return nil, diag.Errorf(at, "member %q has %d lint error(s) (tendays lint %s)", name, mb.errors, mb.dir)
		}
		members = append(members, combine.Member{ID: name, Pack: mb.res.Pack.(*mapdata.Pack), Board: mb.res.Board})
	}
	pack, board, err := combine.Combine(ed, members)
	if err != nil {
		return nil, err
	}
	r.Pack, r.Board = pack, board
	r.locate = func(string) diag.Position { return ed.Position("") }
	return &lint.Target{File: file, Pack: pack, Locate: r.locate}, nil
}

// memberBuild is a member's build: its result, its kind, its lint error
// count, or the findings of a member that broke its schema.
type memberBuild struct {
	res    *Result
	kind   string
	dir    string
	errors int
	schema *lint.Target
}

// member builds (or takes from the cache, when bundled) one member.
func (r *Result) member(ctx context.Context, f *folder, name string) (memberBuild, error) {
	mf, err := memberFolder(f, name)
	if err != nil {
		return memberBuild{}, err
	}
	defer mf.close()
	if mb, ok := r.opts.Cache.member(mf.dir, r.opts.limit(mapdata.DefaultMaxInput)); ok && mf.bundled {
		return mb, nil // a kept member was checked when it was kept
	}
	file, text, err := readEditionFile(mf, r.opts)
	if err != nil {
		return memberBuild{}, err
	}
	m := &Result{Name: mf.dir, Bundled: mf.bundled, File: file, opts: r.opts}
	if p := mf.path(EditionFile); p != "" {
		m.addInput(p)
	}
	// The member's files are inputs of the combined build, whatever
	// happens to the member's build.
	defer func() {
		for _, in := range m.Inputs {
			r.addInput(in)
		}
	}()
	target, err := m.derive(ctx, mf, file, text)
	if err != nil {
		return memberBuild{}, err
	}
	mb := memberBuild{res: m, kind: m.Kind, dir: mf.dir}
	if !m.Derived() {
		if m.Kind == "" {
			mb.schema = target
		}
		return mb, nil
	}
	if m.Kind != mapdata.KindRegions {
		return mb, nil
	}
	mb.errors = lint.Summarize(1, lintRules.Check(target)).Errors
	if mf.bundled {
		r.opts.Cache.keep(mf.dir, r.opts.limit(mapdata.DefaultMaxInput), mb)
	}
	return mb, nil
}

// memberFolder finds a member: a folder beside an edition on disk (inside
// the fence of the edition's parent folder), or a bundled edition.
func memberFolder(f *folder, name string) (*folder, error) {
	if dir := f.path("."); dir != "" {
		sf, err := safeio.OpenSibling(dir, name)
		switch {
		case err == nil:
			if _, serr := fs.Stat(sf.FS(), EditionFile); serr == nil || !errors.Is(serr, fs.ErrNotExist) {
				return &folder{fs: sf.FS(), safe: sf, dir: siblingName(f.dir, name), opened: true}, nil
			}
			_ = sf.Close() // a folder without edition.yaml: the bundled one
		case !errors.Is(err, fs.ErrNotExist):
			return nil, err
		}
	}
	if b := bundledName(name); b != "" {
		return bundledFolder(b)
	}
	if f.path(".") != "" {
		return nil, fmt.Errorf("no folder %s beside this edition, and no bundled edition of that name", name)
	}
	return nil, errors.New("no bundled edition of that name")
}

// siblingName names a member folder in messages, as the edition's folder
// is named: "my/combo" gives "my/europe".
func siblingName(dir, name string) string { return path.Join(dir, "..", name) }
