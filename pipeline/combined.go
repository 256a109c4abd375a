package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

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
	if err := r.checkMemberGraph(f, ed); err != nil {
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

// maxMemberDepth bounds how deep the member graph is walked: members are
// 10 Days maps, so any combined member is already an error; the walk goes
// on only to name a cycle.
const maxMemberDepth = 32

// checkMemberGraph refuses, before any member is built, a member that is
// itself a combined edition, naming the cycle when the members lead back
// (self → self, a → b → a): building it would build the edition again
// without end. Only each member's edition.yaml is read (its kind and
// members), so the answer takes milliseconds however big the members. A
// member that cannot be read is passed over here and reported when built.
func (r *Result) checkMemberGraph(f *folder, ed *mapdata.CombinedEditionDoc) error {
	w := &memberWalk{r: r, done: map[string]bool{}}
	return w.check(f, ed)
}

// memberWalk walks a combined edition's member graph. An edition in done
// was walked to the end without a cycle, so each is walked once: the work
// is linear in the editions and members named. peeks counts the
// edition.yaml files read.
type memberWalk struct {
	r     *Result
	done  map[string]bool
	peeks int
}

func (w *memberWalk) check(f *folder, ed *mapdata.CombinedEditionDoc) error {
	root := memberNode{key: folderKey(f), name: folderName(f)}
	for i, name := range ed.Edition.Members {
		mf, err := memberFolder(f, name)
		if err != nil {
			continue
		}
		kind, next := w.peek(mf)
		if kind != mapdata.KindCombined {
			mf.close()
			continue
		}
		at := ed.Position(fmt.Sprintf("/members/%d", i))
		cycle := w.cycle([]memberNode{root, {key: folderKey(mf), name: name}}, mf, next)
		mf.close()
		if cycle != nil {
			return diag.Errorf(at, "member %q makes a cycle: %s (members are 10 Days maps, never a combined edition)", name, strings.Join(cycle, " → "))
		}
		return diag.Errorf(at, "member %q is of kind %s: members are 10 Days maps (kind regions)", name, kind)
	}
	return nil
}

// memberNode is one edition on a walk of the member graph: its folder (the
// path on disk, links resolved, or the bundled name) and how the walk
// named it.
type memberNode struct{ key, name string }

// cycle follows the members of the combined edition f (the last of path,
// whose members are next) depth first, and returns the names of the first
// cycle met (its first name repeated at its end), or nil.
func (w *memberWalk) cycle(path []memberNode, f *folder, next []string) []string {
	last := path[len(path)-1]
	for i, n := range path[:len(path)-1] {
		if n.key == last.key {
			names := make([]string, 0, len(path)-i)
			for _, m := range path[i:] {
				names = append(names, m.name)
			}
			return names
		}
	}
	if w.done[last.key] || len(path) > maxMemberDepth {
		return nil
	}
	for _, name := range next {
		mf, err := memberFolder(f, name)
		if err != nil {
			continue
		}
		key := folderKey(mf)
		if w.done[key] {
			mf.close()
			continue
		}
		kind, members := w.peek(mf)
		var cycle []string
		if kind == mapdata.KindCombined {
			cycle = w.cycle(append(path[:len(path):len(path)], memberNode{key: key, name: name}), mf, members)
		}
		mf.close()
		if cycle != nil {
			return cycle
		}
	}
	w.done[last.key] = true
	return nil
}

// peek reads a member's edition.yaml for its kind and, when combined, the
// names of its members; nothing is checked or derived. The file is one of
// the result's inputs, so a watch sees its edit.
func (w *memberWalk) peek(f *folder) (kind string, members []string) {
	w.peeks++
	file, text, err := readEditionFile(f, w.r.opts)
	if err != nil {
		return "", nil
	}
	if p := f.path(EditionFile); p != "" {
		w.r.addInput(p)
	}
	doc, err := mapdata.ParseYAML(file, text)
	if err != nil {
		return "", nil
	}
	kind = mapdata.PackKind(doc)
	if obj, ok := doc.Value.(map[string]any); ok && kind == mapdata.KindCombined {
		list, _ := obj["members"].([]any)
		for _, v := range list {
			if s, ok := v.(string); ok {
				members = append(members, s)
			}
		}
	}
	return kind, members
}

// folderKey tells two editions' folders apart: the folder on disk, links
// resolved, else the name messages give it (a bundled or in-memory folder).
func folderKey(f *folder) string {
	if p := f.path("."); p != "" {
		return p
	}
	return f.dir
}

// folderName names an edition in a cycle as its members name it: by its
// folder's name.
func folderName(f *folder) string {
	if p := f.path("."); p != "" {
		return filepath.Base(p)
	}
	return path.Base(f.dir)
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
