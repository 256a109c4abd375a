package advise

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tendays/tendays/mapdata"
)

// EditionFile is the edition's file in its folder.
const EditionFile = "edition.yaml"

// FromFolder reads the edition in dir (a folder holding edition.yaml).
func FromFolder(dir string) (Input, error) {
	return FromFS(os.DirFS(dir), filepath.ToSlash(dir), 0)
}

// FromFS reads the edition of a folder given as a file system (a bundled
// edition, or a folder on disk), naming it dir in messages.
func FromFS(fsys fs.FS, dir string, maxBytes int64) (Input, error) {
	if maxBytes <= 0 {
		maxBytes = mapdata.DefaultMaxYAML
	}
	f, err := fsys.Open(EditionFile)
	if err != nil {
		return Input{}, fmt.Errorf("%s/%s: %w", dir, EditionFile, err)
	}
	defer f.Close()
	text, err := readBounded(f, maxBytes)
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
	return diagnose(ctx, in, opts.withDefaults())
}

func (o Options) withDefaults() Options {
	if o.Games <= 0 {
		o.Games = DefaultGames
	}
	if o.MeasureGames <= 0 {
		o.MeasureGames = DefaultMeasureGames
	}
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

// readBounded reads at most max bytes, refusing more.
func readBounded(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("file is over the limit of %d bytes", max)
	}
	return data, nil
}
