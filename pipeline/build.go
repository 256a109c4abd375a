// Package pipeline is the one pipeline from an edition to a checked pack. It
// finds the source (an edition folder, a bundled edition's name, the text of
// an edition.yaml held in memory with the folder its files are in, or a pack
// file), reads every file inside the source's fence (internal/safeio: os.Root,
// regular files, size bounds; a combined edition's members each inside their
// own folder), derives the pack by its kind (regions: derive; network:
// derive/routes; combined: every member, then derive/combine), lints it with
// every rule of the toolkit and the lint config found beside the source, and
// returns the pack, the board, the findings, every file read, and the bytes
// to write.
//
// The kind is decided here, once: Result.Pack is one value of any kind
// (mapdata.AnyPack), and kinds.go is the pipeline's table of what each kind
// is derived, linted, encoded and described with. The pipeline assembles
// the toolkit's rule registry from that table (LintRules): lint's rules and
// those the derive packages declare.
//
// A Cache keeps what rebuilds can reuse (parsed borders, the builds of
// bundled members); Watch rebuilds on every change of the files the last
// build read. Load, Edition and Watch take a context and stop, with
// ctx.Err(), between their steps (deriving, each member, linting); a step
// runs to its end. ReadRules reads an edition's rules as its SOURCES.md
// states them, from the same folder with the same fence.
//
// It prints nothing and writes no file: the commands (cmd/tendays), the
// studio and advise call it, then decide what to show and where to write.
// What it does not hold: the rules of the game (engine), lint's rules
// (lint), drawing or exporting (export), what a pack does once built (the
// kinds package).
package pipeline

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// EditionFile is an edition's file in its folder.
const EditionFile = "edition.yaml"

// Source names what to build or read. Set Path, or Text (with FS and Dir).
type Source struct {
	// Path is a folder holding edition.yaml, an edition.yaml, the name of
	// a bundled edition (a folder on disk of that name wins), a pack file,
	// or "-" for a pack on Stdin.
	Path string
	// Stdin is read when Path is "-".
	Stdin io.Reader
	// Text is the text of an edition.yaml held in memory (an edit not yet
	// saved, a doctor's proposal); FS is the folder holding the files it
	// names (a safeio.Folder's FS for a folder on disk, which confines
	// them) and Dir names that folder in messages.
	Text []byte
	FS   fs.FS
	Dir  string
}

// Options tune a build. The zero value is a plain build.
type Options struct {
	// MaxInput bounds every file read (--max-input); 0 gives each kind of
	// file its default (mapdata.DefaultMaxInput, DefaultMaxDocument,
	// DefaultMaxYAML).
	MaxInput int64
	// Config, when set, is the lint config applied (lint --config);
	// otherwise the one found by walking up from the source is (none for a
	// bundled edition).
	Config *lint.Config
	// Cache keeps parsed borders and bundled members' builds across
	// rebuilds (nil: nothing kept).
	Cache *Cache
	// Board is the board geometry file of a pack source (default: beside
	// the pack, <id>.board.geojson).
	Board string
}

func (o Options) limit(kindDefault int64) int64 {
	if o.MaxInput > 0 {
		return o.MaxInput
	}
	return kindDefault
}

// Result is a built edition, or a pack read and checked.
type Result struct {
	// Kind is the pack's kind, Pack.PackKind(): mapdata.KindRegions,
	// KindCombined or KindNetwork ("" when the source broke its schema
	// before its kind was known).
	Kind string
	// Name is the source as messages name it: "editions/usa",
	// "./my-edition", "usa.pack.json", "<stdin>".
	Name string
	// Bundled is set for an edition bundled in the binary, FromPack for a
	// pack file read (not built).
	Bundled, FromPack bool
	// File is the file findings point into: edition.yaml or the pack.
	File string
	// Pack is the derived or read pack, of any kind: its kind's code takes
	// its own type out of it (a *mapdata.Pack for kinds regions and
	// combined, a *mapdata.NetworkPack for kind network), and the kinds
	// package's table says what it does. Nil when the source broke its
	// schema: Findings say where.
	Pack mapdata.AnyPack
	// Board is the board geometry derived with a regions or combined pack
	// (nil for a pack file: see BoardLayers).
	Board *geojson.FeatureCollection
	// Findings are lint's, with the lint config applied, sorted.
	Findings []diag.Finding
	// Summary counts Findings by severity.
	Summary lint.Summary
	// Inputs are the files on disk the build read, by their real paths:
	// edition.yaml, every file it names, a combined edition's members and
	// their files, the lint config; for a pack, the pack and its board.
	// The watchers watch them, and no output may overwrite one.
	Inputs []string

	// PackJSON is the pack as read, for a pack file.
	PackJSON []byte
	// locate maps a pointer into the pack to the place that made it.
	locate    func(string) diag.Position
	opts      Options
	boardArg  string // a pack's board file
	layers    layers
	boardJSON boardJSON
}

// Derived says whether a pack came out (the source kept its schema).
func (r *Result) Derived() bool { return r.Pack != nil }

// build is the pipeline's entry of the pack's kind (regions' for a
// source whose kind is not known).
func (r *Result) build() *kindBuild {
	if b, ok := builds[r.Kind]; ok {
		return b
	}
	return regionsBuild
}

// HasBoard says whether a pack of this kind has a board geometry beside
// it (<id>.board.geojson): a network pack's stations' points are in it.
func (r *Result) HasBoard() bool { return r.build().board }

// OK says whether the pack may be written: derived, and no lint error.
func (r *Result) OK() bool { return r.Derived() && r.Summary.Errors == 0 }

// Locate is the place in the source that made a pointer into the pack.
func (r *Result) Locate(pointer string) diag.Position {
	if r.locate != nil {
		return r.locate(pointer)
	}
	return diag.Position{File: r.File, Pointer: pointer}
}

// Errors are the findings of severity error.
func (r *Result) Errors() []diag.Finding {
	return slices.DeleteFunc(slices.Clone(r.Findings), func(f diag.Finding) bool { return f.Severity < diag.Error })
}

// PlayErrors are the findings that make a pack unfit to play (journey
// check, play, simulate, the studio): errors, except deck/too-small, which
// checks a deck for four players while the engine checks the player count
// it is asked for.
func (r *Result) PlayErrors() []diag.Finding {
	return slices.DeleteFunc(r.Errors(), func(f diag.Finding) bool { return f.Rule == lint.RuleDeckTooSmall })
}

// Load builds the edition, or reads the pack, that src names, and lints it.
// An error means the source could not be read at all (a missing file, YAML
// that does not parse, a file over the limit, a link leading outside the
// fence); everything else (schema violations, what derivation meets, lint's
// rules) is in the findings. It stops, with ctx.Err(), when ctx is done.
func Load(ctx context.Context, src Source, opts Options) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	switch {
	case src.Text != nil:
		return loadText(ctx, src, opts)
	case src.Path == safeio.Stdin || !IsEdition(src.Path):
		return loadPack(ctx, src, opts)
	}
	return loadEdition(ctx, src.Path, opts)
}

// Edition is Load for an edition alone: a path that names a file other
// than an edition.yaml is refused, as a pack is not built.
func Edition(ctx context.Context, src Source, opts Options) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if src.Text != nil {
		return loadText(ctx, src, opts)
	}
	return loadEdition(ctx, src.Path, opts)
}

// IsEdition says whether a command-line path names an edition rather than
// a pack: a folder, a .yaml or .yml file, or the name of a bundled edition
// when no file has that name.
func IsEdition(path string) bool {
	if path == safeio.Stdin {
		return false
	}
	fi, err := os.Stat(path)
	if err == nil && fi.IsDir() {
		return true
	}
	if err != nil && bundledName(path) != "" {
		return true
	}
	lower := strings.ToLower(path)
	return strings.HasSuffix(lower, ".yaml") || strings.HasSuffix(lower, ".yml")
}

// bundledName is the bundled edition a name stands for ("" for none).
func bundledName(arg string) string {
	for _, name := range editions.Names() {
		if strings.EqualFold(arg, name) {
			return name
		}
	}
	return ""
}

// finish lints what was derived or read, with the config found, and fills
// the summary. target is nil when there is nothing to lint.
func (r *Result) finish(ctx context.Context, target *lint.Target, configFrom string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	cfg := r.opts.Config
	if cfg == nil && configFrom != "" {
		// A broken config is an error, not a config to ignore: it may
		// turn an error off, and the build would pass by accident.
		c, err := lintRules.FindConfig(configFrom)
		if err != nil {
			return err
		}
		cfg = c
	}
	if cfg != nil && cfg.File != "" {
		r.addInput(cfg.File)
	}
	if target != nil {
		r.Findings = cfg.Apply(lintRules.Check(target))
	}
	r.Summary = lint.Summarize(1, r.Findings)
	return nil
}

// addInput notes a file read on disk, by its absolute path.
func (r *Result) addInput(path string) {
	if path == "" {
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if !slices.Contains(r.Inputs, path) {
		r.Inputs = append(r.Inputs, path)
	}
}
