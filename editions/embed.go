// Package editions holds the bundled reference editions of tendays (usa,
// europe, africa, asia, americas, and the route network across-the-us) as source folders embedded in the binary, so that
// `tendays build usa` works from any folder. Each folder holds an
// edition.yaml, the geometry files it names (borders, and seas or cut lines
// where it has them) and a SOURCES.md that says where every file and fact
// came from.
//
// It also holds the whole-world borders (world/countries.topojson) that new
// editions start from.
//
// It holds data and the means to find it, nothing more: it does not decode
// an edition (see mapdata) or derive a pack from it (see derive).
package editions

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
)

// The six folders (five 10 Days maps and one route network), named one by one so that a stray folder is not bundled
// by accident.
//
//go:embed usa europe africa asia americas across-the-us around-the-world
var files embed.FS

// The whole-world borders that `tendays init --borders world` starts from:
// not an edition (no edition.yaml), so Names does not list it.
//
//go:embed world/countries.topojson
var world []byte

// WorldName is the name that stands for the bundled world borders wherever a
// borders file is asked for (`init --borders world`).
const WorldName = "world"

// WorldFile is the file name of the bundled world borders, a TopoJSON whose
// object "countries" holds every Natural Earth 1:50m admin-0 feature with the
// properties name, iso_a2, iso_a3, iso_n3, continent, region and subregion.
const WorldFile = "countries.topojson"

// WorldObject is the TopoJSON object of the world borders.
const WorldObject = "countries"

// World returns the bytes of the bundled world borders (see WorldFile). The
// slice is shared: callers must not modify it.
func World() []byte { return world }

// EditionFile is the name of the edition file in each folder.
const EditionFile = "edition.yaml"

// FS is every bundled edition, one folder each, named as Names gives them.
func FS() fs.FS { return files }

// Names lists the bundled editions (the folders holding an edition.yaml),
// sorted.
func Names() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil // cannot happen with an embedded tree
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := fs.Stat(files, e.Name()+"/"+EditionFile); err == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

// Folder is one bundled edition's folder, with edition.yaml at its root, or
// an error naming the editions there are.
func Folder(name string) (fs.FS, error) {
	for _, n := range Names() {
		if n == name {
			return fs.Sub(files, name)
		}
	}
	return nil, fmt.Errorf("no bundled edition %q (bundled: %v)", name, Names())
}
