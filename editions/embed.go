// Package editions holds the bundled reference editions (USA, Europe,
// Africa, Asia) as source folders — edition.yaml, the geometry it names and
// SOURCES.md — embedded in the binary, so that `tendays build usa` works
// from any folder without the repository.
//
// It holds data only; building is derive's job.
package editions

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed all:usa
var files embed.FS

// FS is the bundled editions: one folder per edition.
func FS() fs.FS { return files }

// Names lists the bundled editions, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}
