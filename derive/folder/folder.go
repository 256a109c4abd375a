// Package folder reads the files an edition names (borders, seas, cut lines,
// rail lines, stations) from the edition's folder, within a size limit, and
// records each one's size and SHA-256 for the pack's provenance. Errors name
// the place in edition.yaml that named the file.
//
// It parses nothing: what a file holds is the caller's business.
package folder

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path"
	"sort"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/mapdata"
)

// Reader reads one edition folder.
type Reader struct {
	// FS holds the folder: a safeio.Folder's FS for a folder on disk, so
	// that links leading outside it are refused.
	FS       fs.FS
	Dir      string // the folder as messages name it
	MaxBytes int64  // 0: mapdata.DefaultMaxInput
	// At gives the place in edition.yaml of a pointer, for errors.
	At     func(pointer string) diag.Position
	inputs map[string]mapdata.Input
}

// Read reads the file name of the folder, which the edition names at
// pointer. It returns the file's contents and its name as messages show it.
func (r *Reader) Read(name, pointer string) ([]byte, string, error) {
	display := path.Join(r.Dir, name)
	max := r.MaxBytes
	if max <= 0 {
		max = mapdata.DefaultMaxInput
	}
	if !fs.ValidPath(name) {
		// io/fs says only "invalid argument" for ../x, ./x or a//b.
		return nil, display, diag.Errorf(r.At(pointer), "%q: a file of the edition is named by a path inside its folder (no .., no leading ./ or /)", name)
	}
	// Links followed must stay in the folder, only a regular file is
	// opened, and the read stops at the limit.
	src, err := safeio.FolderFS(r.FS).ReadFile(name, max)
	if err != nil {
		return nil, display, diag.Errorf(r.At(pointer), "%s: %w", display, err)
	}
	r.Record(name, src)
	return src, display, nil
}

// Record notes a file read another way (edition.yaml itself).
func (r *Reader) Record(name string, src []byte) {
	if r.inputs == nil {
		r.inputs = map[string]mapdata.Input{}
	}
	sum := sha256.Sum256(src)
	r.inputs[name] = mapdata.Input{Path: name, SHA256: hex.EncodeToString(sum[:]), Bytes: int64(len(src))}
}

// Input is what Read or Record noted of the file name: its size and hash.
func (r *Reader) Input(name string) (mapdata.Input, bool) {
	in, ok := r.inputs[name]
	return in, ok
}

// Inputs lists every file read, by name.
func (r *Reader) Inputs() []mapdata.Input {
	names := make([]string, 0, len(r.inputs))
	for n := range r.inputs {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]mapdata.Input, len(names))
	for i, n := range names {
		out[i] = r.inputs[n]
	}
	return out
}
