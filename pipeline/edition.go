package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/derive/routes"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/schema"
)

// folder is an edition's folder: on disk (confined by os.Root), bundled in
// the binary, or the folder of an edition.yaml held in memory.
type folder struct {
	fs      fs.FS
	safe    *safeio.Folder
	dir     string // as messages name it
	bundled bool
	opened  bool // opened here, so closed here
}

func (f *folder) close() {
	if f.opened {
		_ = f.safe.Close()
	}
}

// path is a file of the folder on disk ("" when bundled or in memory).
func (f *folder) path(name string) string { return f.safe.Path(name) }

// openFolder finds an edition by folder, by edition.yaml path, or by the
// name of a bundled edition. A folder on disk wins over a bundled name.
func openFolder(arg string) (*folder, error) {
	if fi, err := os.Stat(arg); err == nil {
		dir := arg
		if !fi.IsDir() {
			if filepath.Base(arg) != EditionFile {
				return nil, diag.Errorf(diag.Position{File: arg}, "an edition is a folder holding %s (or that file itself)", EditionFile)
			}
			dir = filepath.Dir(arg)
		}
		sf, err := safeio.OpenFolder(dir)
		if err != nil {
			return nil, diag.Errorf(diag.Position{File: arg}, "%w", err)
		}
		return &folder{fs: sf.FS(), safe: sf, dir: filepath.ToSlash(dir), opened: true}, nil
	}
	if name := bundledName(arg); name != "" {
		return bundledFolder(name)
	}
	return nil, &diag.InputError{Position: diag.Position{File: arg},
		Msg: fmt.Sprintf("no such folder, and no bundled edition of that name (bundled: %s)", strings.Join(editions.Names(), ", "))}
}

func bundledFolder(name string) (*folder, error) {
	sub, err := editions.Folder(name)
	if err != nil {
		return nil, err
	}
	return &folder{fs: sub, safe: safeio.FolderFS(sub), dir: "editions/" + name, bundled: true}, nil
}

// readEditionFile reads edition.yaml of a folder, within the YAML limit.
func readEditionFile(f *folder, opts Options) (file string, text []byte, err error) {
	file = path.Join(f.dir, EditionFile)
	text, err = f.safe.ReadFile(EditionFile, opts.limit(mapdata.DefaultMaxYAML))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return file, nil, diag.Errorf(diag.Position{File: file}, "no %s in %s", EditionFile, f.dir)
		}
		return file, nil, diag.Errorf(diag.Position{File: file}, "%w", err)
	}
	return file, text, nil
}

func loadEdition(ctx context.Context, arg string, opts Options) (*Result, error) {
	f, err := openFolder(arg)
	if err != nil {
		return nil, err
	}
	defer f.close()
	file, text, err := readEditionFile(f, opts)
	if err != nil {
		return nil, err
	}
	configFrom := ""
	if !f.bundled {
		configFrom = arg
	}
	return buildText(ctx, f, file, text, opts, configFrom)
}

func loadText(ctx context.Context, src Source, opts Options) (*Result, error) {
	fsys := src.FS
	if fsys == nil {
		return nil, errors.New("build: an edition's text needs the folder its files are in (Source.FS)")
	}
	sf := safeio.FolderFS(fsys)
	f := &folder{fs: fsys, safe: sf, dir: src.Dir, bundled: sf.Path(".") == ""}
	configFrom := ""
	if dir := sf.Path("."); dir != "" {
		configFrom = dir
	}
	return buildText(ctx, f, path.Join(src.Dir, EditionFile), src.Text, opts, configFrom)
}

// buildText builds an edition from the text of its edition.yaml: checked
// against the edition schema, then derived by kind, then linted.
func buildText(ctx context.Context, f *folder, file string, text []byte, opts Options, configFrom string) (*Result, error) {
	r := &Result{Name: f.dir, Bundled: f.bundled, File: file, opts: opts}
	if p := f.path(EditionFile); p != "" {
		r.addInput(p)
	}
	r.addInput(opts.Board) // BoardLayers reads it in place of the derived board
	target, err := r.derive(ctx, f, file, text)
	if err != nil {
		return r, err
	}
	return r, r.finish(ctx, target, configFrom)
}

// derive reads, checks and derives an edition by its kind. A schema
// violation comes back as a target holding the violations at their lines,
// and nothing derived.
func (r *Result) derive(ctx context.Context, f *folder, file string, text []byte) (*lint.Target, error) {
	doc, err := mapdata.ParseYAML(file, text)
	if err != nil {
		return nil, err
	}
	violations, err := schema.Validate(schema.Edition, doc.Value)
	if err != nil {
		return nil, err
	}
	if len(violations) > 0 {
		return &lint.Target{File: file, Locate: doc.Position, Findings: lint.SchemaFindings(doc, violations)}, nil
	}
	r.Kind = mapdata.PackKind(doc)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r.build().derive(r, ctx, f, file, text)
}

func (r *Result) deriveRegions(_ context.Context, f *folder, file string, text []byte) (*lint.Target, error) {
	ed, err := mapdata.DecodeEdition(file, text)
	if err != nil {
		return nil, err
	}
	res, err := derive.Build(derive.Input{Doc: ed, FS: f.fs, Dir: f.dir, MaxBytes: r.opts.limit(mapdata.DefaultMaxInput), Borders: r.opts.Cache.bordersCache()})
	if err != nil {
		return nil, err
	}
	r.Pack, r.Board, r.locate = res.Pack, res.Board, res.Locate
	r.addProvenance(f, res.Pack.Provenance.Inputs)
	return &lint.Target{File: file, Pack: res.Pack, Locate: res.Locate, Findings: res.Findings, Board: res.Board}, nil
}

func (r *Result) deriveNetwork(_ context.Context, f *folder, file string, text []byte) (*lint.Target, error) {
	ed, err := mapdata.DecodeNetworkEdition(file, text)
	if err != nil {
		return nil, err
	}
	res, err := routes.Build(routes.Input{Doc: ed, FS: f.fs, Dir: f.dir, MaxBytes: r.opts.limit(mapdata.DefaultMaxInput)})
	if err != nil {
		return nil, err
	}
	r.Pack, r.locate = res.Pack, res.Locate
	r.addProvenance(f, res.Pack.Provenance.Inputs)
	return &lint.Target{File: file, Pack: res.Pack, Locate: res.Locate, Findings: res.Findings}, nil
}

// addProvenance notes the files a derivation read (its provenance) as
// inputs, by their paths on disk.
func (r *Result) addProvenance(f *folder, ins []mapdata.Input) {
	for _, in := range ins {
		if p := f.path(in.Path); p != "" {
			r.addInput(p)
		}
	}
}

// Folder is an edition's folder opened for reading, for what rebuilds the
// edition from edited text (the doctor's proposals): edition.yaml as read,
// and the folder its files are read from, inside its fence.
type Folder struct {
	// FS holds the edition's files (confined to the folder on disk).
	FS fs.FS
	// Dir names the folder in messages.
	Dir string
	// Text is edition.yaml; Path that file on disk ("" when bundled).
	Text []byte
	Path string
	// Kind is the kind edition.yaml declares (regions when none).
	Kind    string
	Bundled bool
	f       *folder
}

// Close releases the folder.
func (f *Folder) Close() error {
	f.f.close()
	return nil
}

// OpenEdition opens the edition folder (or bundled edition) path names and
// reads its edition.yaml, without building it.
func OpenEdition(path string, opts Options) (*Folder, error) {
	f, err := openFolder(path)
	if err != nil {
		return nil, err
	}
	file, text, err := readEditionFile(f, opts)
	if err != nil {
		f.close()
		return nil, err
	}
	kind := mapdata.KindRegions
	if doc, err := mapdata.ParseYAML(file, text); err == nil {
		kind = mapdata.PackKind(doc)
	}
	return &Folder{FS: f.fs, Dir: f.dir, Text: text, Path: f.path(EditionFile), Kind: kind, Bundled: f.bundled, f: f}, nil
}
