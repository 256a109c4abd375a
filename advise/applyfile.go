package advise

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/mapdata"
)

// ErrChanged is wrapped by the error of ApplyFile when edition.yaml is no
// longer the text the diagnosis read: an edit saved meanwhile is never
// overwritten.
var ErrChanged = errors.New("edition.yaml changed since the doctor read it: run the doctor again")

// ApplyFile writes proposals into the edition.yaml of the folder dir, if
// it still holds diagnosed, the text the diagnosis read. It takes an
// advisory lock on the file (so two applies, from two commands or the
// studio, never interleave: the second finds the file changed), reads it
// again through the folder's fence, compares, applies, and writes it
// atomically with its mode kept (0600 stays 0600); Apply keeps its
// comments, layout, line endings and byte-order mark. Proposals named
// twice, and proposals whose edit cannot be made, are refused before
// anything is written. It returns the text written.
func ApplyFile(dir string, diagnosed []byte, proposals []Proposal) ([]byte, error) {
	seen := map[int]bool{}
	for _, p := range proposals {
		if seen[p.ID] {
			return nil, fmt.Errorf("proposal %d is named twice: each is applied once", p.ID)
		}
		seen[p.ID] = true
	}
	folder, err := safeio.OpenFolder(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	defer folder.Close()
	path := filepath.Join(dir, EditionFile)
	// edition.yaml may be a link inside its folder: the file written is
	// the one it leads to, as the one read was.
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if real := folder.Path(EditionFile); real != "" {
		if abs, err := filepath.Abs(target); err != nil || !atomicfile.Within(filepath.Dir(real), abs) {
			return nil, fmt.Errorf("%s: leads outside its folder, %w", path, safeio.ErrOutside)
		}
	}
	unlock, err := atomicfile.Lock(target)
	if err != nil {
		return nil, err
	}
	defer unlock()
	now, err := folder.ReadFile(EditionFile, mapdata.DefaultMaxYAML)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if !bytes.Equal(now, diagnosed) {
		return nil, fmt.Errorf("%s: %w", path, ErrChanged)
	}
	out, err := Apply(slices.Clip(now), proposals)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(target)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := atomicfile.WriteAll(atomicfile.File{Path: target, Perm: fi.Mode().Perm(), Fill: atomicfile.Bytes(out)}); err != nil {
		return nil, err
	}
	return out, nil
}
