package advise

import (
	"bytes"
	"context"
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
// it still holds diagnosed, the text the diagnosis read (see WriteEdition).
// Proposals named twice, and proposals whose edit cannot be made, are
// refused before anything is written; Apply keeps the file's comments,
// layout, line endings and byte-order mark. It returns the text written.
// lock bounds the wait for edition.yaml's lock (see WriteEdition).
func ApplyFile(dir string, diagnosed []byte, proposals []Proposal, lock atomicfile.LockOptions) ([]byte, error) {
	seen := map[int]bool{}
	for _, p := range proposals {
		if seen[p.ID] {
			return nil, fmt.Errorf("proposal %d is named twice: each is applied once", p.ID)
		}
		seen[p.ID] = true
	}
	out, err := Apply(slices.Clip(diagnosed), proposals)
	if err != nil {
		return nil, err
	}
	if err := WriteEdition(dir, diagnosed, out, lock); err != nil {
		return nil, err
	}
	return out, nil
}

// WriteEdition replaces the edition.yaml of the folder dir with text, if it
// still holds diagnosed: it takes an advisory lock on the file (so two
// writers, from two commands or the studio, never interleave: the second
// finds the file changed), reads it again through the folder's fence,
// compares, and writes atomically with the file's mode kept (0600 stays
// 0600). An edition.yaml changed since is ErrChanged, and left as it is.
// A lock another process holds is waited for as lock says (lock.Held told
// at once who holds it), and at most lock.Timeout: then the error wraps
// atomicfile.ErrLockTimeout and names the holder.
func WriteEdition(dir string, diagnosed, text []byte, lock atomicfile.LockOptions) error {
	folder, err := safeio.OpenFolder(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	defer folder.Close()
	path := filepath.Join(dir, EditionFile)
	// edition.yaml may be a link inside its folder: the file written is
	// the one it leads to, as the one read was.
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if real := folder.Path(EditionFile); real != "" {
		if abs, err := filepath.Abs(target); err != nil || !atomicfile.Within(filepath.Dir(real), abs) {
			return fmt.Errorf("%s: leads outside its folder, %w", path, safeio.ErrOutside)
		}
	}
	unlock, err := atomicfile.LockWait(target, lock)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer unlock()
	now, err := folder.ReadFile(EditionFile, mapdata.DefaultMaxYAML)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if !bytes.Equal(now, diagnosed) {
		return fmt.Errorf("%s: %w", path, ErrChanged)
	}
	fi, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return atomicfile.WriteAll(atomicfile.File{Path: target, Perm: fi.Mode().Perm(), Fill: atomicfile.Bytes(text)})
}

// FixFile runs Fix on in, the edition of the folder dir, and writes the
// fixed edition.yaml when a step was applied, as WriteEdition does: under
// a lock, the file must still hold in.EditionYAML, the text the fix
// started from (ErrChanged otherwise), and keeps its mode; lock bounds the
// wait for the lock.
func FixFile(ctx context.Context, dir string, in Input, opts Options, goals Goals, lock atomicfile.LockOptions) (*FixReport, error) {
	rep, err := Fix(ctx, in, opts, goals)
	if err != nil {
		return nil, err
	}
	if len(rep.Steps) > 0 {
		if err := WriteEdition(dir, in.EditionYAML, rep.Text, lock); err != nil {
			return nil, err
		}
	}
	return rep, nil
}
