package pipeline

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// ReadInput reads a file a command takes, at most max bytes, or standard
// input (stdin) when path is "-"; name is how messages call it. Errors
// name the file.
func ReadInput(path string, stdin io.Reader, max int64) (data []byte, name string, err error) {
	if path != safeio.Stdin {
		data, err := mapdata.ReadFile(path, max)
		return data, path, err
	}
	data, name, err = safeio.ReadInput(path, stdin, max)
	if err != nil {
		return nil, name, &diag.InputError{Position: diag.Position{File: name}, Err: err}
	}
	return data, name, nil
}

// loadPack reads a pack file (or "-", a pack on Stdin) and lints it.
func loadPack(ctx context.Context, src Source, opts Options) (*Result, error) {
	data, name, err := ReadInput(src.Path, src.Stdin, opts.limit(mapdata.DefaultMaxDocument))
	if err != nil {
		return nil, err
	}
	t, err := lint.DecodePack(name, data)
	if err != nil {
		return nil, err
	}
	r := &Result{Name: name, File: name, FromPack: true, PackJSON: data, Pack: t.Pack, locate: t.Locate, opts: opts}
	if t.Pack != nil {
		r.Kind = t.Pack.PackKind()
	}
	// The pack and its board by the names given, which messages repeat.
	if src.Path != safeio.Stdin {
		r.Inputs = append(r.Inputs, src.Path)
	}
	r.boardArg = opts.Board
	if r.boardArg == "" && src.Path != safeio.Stdin {
		r.boardArg = mapdata.BoardPathFor(src.Path)
	}
	if r.HasBoard() && r.boardArg != "" {
		r.Inputs = append(r.Inputs, r.boardArg)
	}
	return r, r.finish(ctx, t, src.Path)
}

// layers is the board geometry as typed layers, made once.
type layers struct {
	once     sync.Once
	board    *board.Geometry
	err      error
	mismatch bool
}

// BoardLayers is the board geometry as typed layers (export/board): the
// board derived with an edition (or the file Options.Board names), or for
// a pack file the board read from Options.Board or beside the pack
// (<id>.board.geojson). The board beside a pack must be its pair (the pack
// records its board's hash): it is read again a few times while a build
// running now may be replacing the pair, then refused. A pack without a
// board file gives an error matching fs.ErrNotExist; a network pack has no
// board.
func (r *Result) BoardLayers() (*board.Geometry, error) {
	r.layers.once.Do(func() { r.layers.board, r.layers.err = r.readLayers() })
	return r.layers.board, r.layers.err
}

// BoardMismatch says that the board Options.Board names is not the one
// the pack was built with (its hash differs): it is used all the same, and
// the caller may warn.
func (r *Result) BoardMismatch() bool {
	_, _ = r.BoardLayers()
	return r.layers.mismatch
}

func (r *Result) readLayers() (*board.Geometry, error) {
	max := r.opts.limit(mapdata.DefaultMaxInput)
	if !r.HasBoard() {
		return nil, fs.ErrNotExist
	}
	if !r.FromPack {
		if r.opts.Board != "" {
			b, _, err := ReadBoard(r.opts.Board, max)
			return b, err
		}
		if r.Board == nil {
			return nil, fs.ErrNotExist
		}
		data, err := r.boardBytes()
		if err != nil {
			return nil, err
		}
		return board.Decode(r.Name+" (board)", data)
	}
	for try := 0; ; try++ {
		b, data, err := ReadBoard(r.boardArg, max)
		if err != nil {
			return nil, err
		}
		if p, ok := r.Pack.(*mapdata.Pack); !ok || mapdata.BoardMatches(p, data) {
			return b, nil
		}
		if r.opts.Board != "" {
			r.layers.mismatch = true
			return b, nil
		}
		if try == 4 || r.Name == safeio.StdinName {
			return nil, diag.Errorf(diag.Position{File: r.boardArg}, "not the board %s was built with (the pack records another hash): build the edition again, or give the board with --board FILE", r.Name)
		}
		// The pair may be mid-replacement by a build running now.
		time.Sleep(time.Duration(10<<try) * time.Millisecond)
		src, err := mapdata.ReadFile(r.Name, r.opts.limit(mapdata.DefaultMaxDocument))
		if err != nil {
			return nil, err
		}
		if bytes.Equal(src, r.PackJSON) {
			continue
		}
		pd, err := mapdata.DecodePack(r.Name, src)
		if err != nil {
			return nil, err
		}
		r.Pack, r.PackJSON = pd.Pack, src
	}
}

// ReadBoard reads a board file (export/board); a missing file is an error
// matching fs.ErrNotExist, so that the caller can say what to do about it.
func ReadBoard(path string, max int64) (*board.Geometry, []byte, error) {
	if path == "" {
		return nil, nil, fs.ErrNotExist
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fs.ErrNotExist
	}
	src, err := mapdata.ReadFile(path, max)
	if err != nil {
		return nil, nil, err
	}
	b, err := board.Decode(path, src)
	return b, src, err
}
