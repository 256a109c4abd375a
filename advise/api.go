package advise

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/mapdata"
)

// EditionFile is the edition's file in its folder.
const EditionFile = "edition.yaml"

// FromFolder reads the edition in dir (a folder holding edition.yaml).
// The files it names are read from the folder, and links that lead outside
// it are refused (internal/safeio).
func FromFolder(dir string) (Input, error) {
	folder, err := safeio.OpenFolder(dir)
	if err != nil {
		return Input{}, fmt.Errorf("%s: %w", filepath.ToSlash(dir), err)
	}
	return FromFS(folder.FS(), filepath.ToSlash(dir), 0)
}

// FromFS reads the edition of a folder given as a file system (a bundled
// edition, or a folder on disk), naming it dir in messages. edition.yaml is
// read as every command reads it (internal/safeio): a regular file inside
// the folder, within maxBytes (0: mapdata.DefaultMaxYAML).
func FromFS(fsys fs.FS, dir string, maxBytes int64) (Input, error) {
	if maxBytes <= 0 {
		maxBytes = mapdata.DefaultMaxYAML
	}
	text, err := safeio.FolderFS(fsys).ReadFile(EditionFile, maxBytes)
	if err != nil {
		return Input{}, fmt.Errorf("%s/%s: %w", dir, EditionFile, err)
	}
	return Input{FS: fsys, Dir: dir, EditionYAML: text}, nil
}

// FromPack examines a pack alone.
func FromPack(p *mapdata.Pack) Input { return Input{Pack: p} }

// Diagnose examines the input and measures a proposal for each problem it
// finds. It stops early when ctx is cancelled.
func Diagnose(ctx context.Context, in Input, opts Options) (*Report, error) {
	if in.EditionYAML == nil && in.Pack == nil {
		return nil, errors.New("advise: nothing to examine (no edition, no pack)")
	}
	// Games and MeasureGames left at 0 are sized by the work budget.
	return diagnose(ctx, in, opts.withDefaults())
}

func (o Options) withDefaults() Options {
	if o.Players <= 0 {
		o.Players = DefaultPlayers
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.TurnCap <= 0 {
		o.TurnCap = DefaultTurnCap
	}
	return o
}
