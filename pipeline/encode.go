package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"sync"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// Files are the bytes a build writes: the pack, and the board geometry
// beside it (nil when not asked for, and for a network pack, whose
// stations' points are in the pack).
type Files struct {
	Pack, Board []byte
}

// Encode is the pack as build writes it, in canonical form. withBoard adds
// the board, and records its hash in the pack (provenance.parameters
// ["board.sha256"]), so that a pack and a board of different builds are
// never read as a pair.
func (r *Result) Encode(withBoard bool) (Files, error) {
	var out Files
	if r.Pack == nil {
		return out, errors.New("build: nothing was derived to encode")
	}
	b := r.build()
	if withBoard && b.board && r.Board != nil {
		data, err := r.boardBytes()
		if err != nil {
			return out, fmt.Errorf("%s: the board: %w", r.Name, err)
		}
		out.Board = data
	}
	var buf bytes.Buffer
	if err := b.encode(&buf, r.Pack, out.Board); err != nil {
		return out, err
	}
	out.Pack = buf.Bytes()
	return out, nil
}

// boardJSON is a derived board encoded, once: build writes it and export
// reads its layers back from the same bytes.
type boardJSON struct {
	once sync.Once
	data []byte
	err  error
}

// boardBytes is the derived board (r.Board) as build writes it.
func (r *Result) boardBytes() ([]byte, error) {
	r.boardJSON.once.Do(func() { r.boardJSON.data, r.boardJSON.err = board.EncodeGeoJSON(r.Board) })
	return r.boardJSON.data, r.boardJSON.err
}

// ReadBackError is a pack that would not read back as every command reads
// packs: the schema findings it would break, at their places in the pack.
type ReadBackError struct {
	Name     string
	Findings []diag.Finding
}

func (e *ReadBackError) Error() string {
	return fmt.Sprintf("%s: the pack would break the pack schema (%d finding(s)): no pack written", e.Name, len(e.Findings))
}

// ReadBack reads back a pack about to be written (named name in messages)
// as lint and every other command will read it: within the size limit of
// packs (max; 0 for the default), and valid against the pack schema. A pack
// nobody could read back must not be written, whatever the edition held.
func ReadBack(name string, data []byte, max int64) error {
	if max <= 0 {
		max = mapdata.DefaultMaxDocument
	}
	if int64(len(data)) > max {
		return diag.Errorf(diag.Position{File: name}, "the pack would be %d bytes, over the limit of %d that lint and every command reading packs apply: no pack written (shorten the edition's names and notes, or raise --max-input)", len(data), max)
	}
	t, err := lint.DecodePack(name, data)
	if err != nil {
		return diag.Errorf(diag.Position{File: name}, "the pack would not read back (%w): no pack written", err)
	}
	if len(t.Findings) > 0 {
		return &ReadBackError{Name: name, Findings: t.Findings}
	}
	return nil
}
