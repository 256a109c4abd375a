package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/schema"
)

func init() {
	editionTarget = buildTarget
}

// editionSource is an edition folder: on disk, or bundled in the binary.
// FS is confined to the folder: a file an edition names cannot lead outside.
type editionSource struct {
	FS      fs.FS
	Folder  *safeio.Folder
	Dir     string // the folder as messages name it
	Bundled bool
}

const editionFile = "edition.yaml"

// openEdition finds an edition by folder, by edition.yaml path, or by the
// name of a bundled edition. A folder on disk wins over a bundled name.
func openEdition(arg string) (*editionSource, error) {
	if fi, err := os.Stat(arg); err == nil {
		dir := arg
		if !fi.IsDir() {
			if filepath.Base(arg) != editionFile {
				return nil, diag.Errorf(diag.Position{File: arg}, "an edition is a folder holding %s (or that file itself)", editionFile)
			}
			dir = filepath.Dir(arg)
		}
		folder, err := safeio.OpenFolder(dir)
		if err != nil {
			return nil, diag.Errorf(diag.Position{File: arg}, "%w", err)
		}
		return &editionSource{FS: folder.FS(), Folder: folder, Dir: filepath.ToSlash(dir)}, nil
	}
	for _, name := range editions.Names() {
		if strings.EqualFold(arg, name) {
			sub, err := fs.Sub(editions.FS(), name)
			if err != nil {
				return nil, err
			}
			return &editionSource{FS: sub, Folder: safeio.FolderFS(sub), Dir: "editions/" + name, Bundled: true}, nil
		}
	}
	return nil, &usageError{msg: fmt.Sprintf("%s: no such folder, and no bundled edition of that name (bundled: %s)", arg, strings.Join(editions.Names(), ", "))}
}

// readEdition reads edition.yaml of an edition folder, within the size
// limit, and parses it.
func readEdition(src *editionSource, g *globalOptions) (file string, text []byte, doc *mapdata.Doc, err error) {
	file = path.Join(src.Dir, editionFile)
	if text, err = safeio.FolderFS(src.FS).ReadFile(editionFile, g.limit(mapdata.DefaultMaxYAML)); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return file, nil, nil, diag.Errorf(diag.Position{File: file}, "no %s in %s", editionFile, src.Dir)
		}
		return file, nil, nil, diag.Errorf(diag.Position{File: file}, "%w", err)
	}
	doc, err = mapdata.ParseYAML(file, text)
	return file, text, doc, err
}

// schemaTarget checks an edition against the edition schema: nil when it
// conforms, else a target holding the violations at their lines.
func schemaTarget(file string, doc *mapdata.Doc) (*lint.Target, error) {
	violations, err := schema.Validate(schema.Edition, doc.Value)
	if err != nil || len(violations) == 0 {
		return nil, err
	}
	return &lint.Target{File: file, Locate: doc.Position, Findings: lint.SchemaFindings(doc, violations)}, nil
}

// buildEdition reads, checks and derives an edition. Schema violations and
// derivation findings come back as the target's findings; an error means a
// file could not be read at all.
func buildEdition(src *editionSource, g *globalOptions) (*lint.Target, *derive.Result, error) {
	return buildEditionWith(src, g, nil)
}

// buildEditionWith is buildEdition keeping parsed borders (and a combined
// edition's bundled members) in rc (nil: none), for rebuilds.
func buildEditionWith(src *editionSource, g *globalOptions, rc *rebuildCache) (*lint.Target, *derive.Result, error) {
	file, text, doc, err := readEdition(src, g)
	if err != nil {
		return nil, nil, err
	}
	if t, err := schemaTarget(file, doc); t != nil || err != nil {
		return t, nil, err
	}
	if mapdata.PackKind(doc) == mapdata.KindCombined {
		return buildCombined(src, file, text, g, rc)
	}
	ed, err := mapdata.DecodeEdition(file, text)
	if err != nil {
		return nil, nil, err
	}
	res, err := derive.Build(derive.Input{Doc: ed, FS: src.FS, Dir: src.Dir, MaxBytes: g.limit(mapdata.DefaultMaxInput), Borders: rc.bordersCache()})
	if err != nil {
		return nil, nil, err
	}
	return &lint.Target{File: file, Pack: res.Pack, Locate: res.Locate, Findings: res.Findings}, res, nil
}

// buildTarget lets lint check an edition the way build does.
func buildTarget(arg string, g *globalOptions) (*lint.Target, error) {
	src, err := openEdition(arg)
	if err != nil {
		return nil, err
	}
	if isNetworkEdition(src, g) {
		t, _, err := buildNetworkEdition(src, g)
		return t, err
	}
	t, _, err := buildEdition(src, g)
	return t, err
}
