package pipeline

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/safeio"
)

// hasGlob reports whether a path holds glob metacharacters.
func hasGlob(p string) bool { return strings.ContainsAny(p, "*?[") }

// ExpandPaths turns the paths a command was given (lint's) into the packs
// and editions they stand for: a glob the shell left alone is expanded here; a folder holding
// edition.yaml is an edition; any other folder stands for every
// *.pack.json and every edition folder under it (hidden folders skipped).
// "-" and bundled edition names pass through.
func ExpandPaths(args []string) ([]string, error) {
	var out []string
	for _, arg := range args {
		if arg == safeio.Stdin {
			out = append(out, arg)
			continue
		}
		if _, err := os.Lstat(arg); err != nil && hasGlob(arg) {
			matches, gerr := filepath.Glob(arg)
			if gerr != nil {
				return nil, &diag.InputError{Position: diag.Position{File: arg}, Msg: "bad pattern: " + gerr.Error()}
			}
			if len(matches) == 0 {
				return nil, &diag.InputError{Position: diag.Position{File: arg}, Msg: "no file matches this pattern"}
			}
			for _, m := range matches {
				more, err := ExpandPaths([]string{m})
				if err != nil {
					return nil, err
				}
				out = append(out, more...)
			}
			continue
		}
		fi, err := os.Stat(arg)
		if err != nil || !fi.IsDir() || isEditionDir(arg) {
			out = append(out, arg)
			continue
		}
		found, err := walkLintDir(arg)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, &diag.InputError{Position: diag.Position{File: arg}, Msg: "no packs (*.pack.json) or editions (a folder with edition.yaml) under this folder"}
		}
		out = append(out, found...)
	}
	return out, nil
}

// isEditionDir reports whether a folder holds an edition.yaml.
func isEditionDir(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, EditionFile))
	return err == nil
}

// walkLintDir lists the packs and edition folders under dir, sorted.
// Symbolic links are not followed, and only regular files are taken.
func walkLintDir(dir string) ([]string, error) {
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if p != dir && isEditionDir(p) {
				found = append(found, p)
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".pack.json") {
			found = append(found, p)
		}
		return nil
	})
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, &diag.InputError{Position: diag.Position{File: pe.Path}, Err: pe.Err}
		}
		return nil, err
	}
	slices.Sort(found)
	return found, nil
}
