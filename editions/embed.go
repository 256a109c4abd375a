// Package editions holds the bundled reference editions of tendays (usa,
// europe, europa-tour, africa, asia, americas, around-the-world, and the
// route network across-the-us) as source folders embedded in the binary, so that
// `tendays build usa` works from any folder. Each folder holds an
// edition.yaml, the geometry files it names (borders, and seas or cut lines
// where it has them) and a SOURCES.md that says where every file and fact
// came from.
//
// It also holds the borders that new editions start from: the whole world's
// countries (world/countries.topojson) and every country's first-level
// subdivisions, its states and provinces (admin1/admin1.topojson).
//
// It holds data and the means to find it, nothing more: it does not decode
// an edition (see mapdata) or derive a pack from it (see derive).
package editions

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// The folders (six 10 Days maps, Europa Tour among them, one combined game
// and one route network), named one by one so that a stray folder is not
// bundled by accident.
//
//go:embed usa europe europa-tour africa asia americas across-the-us around-the-world
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

// Each country's name in other languages, by ISO 3166-1 alpha-3 (the world
// borders' iso_a3), from i18n-iso-countries (see world/SOURCES.md).
//
//go:embed world/names.json
var worldNames []byte

// WorldNames are each country's names in other languages: ISO 3166-1
// alpha-3 -> language code -> name. A file that does not parse (it is
// compiled in) gives none.
func WorldNames() map[string]map[string]string {
	var out map[string]map[string]string
	if json.Unmarshal(worldNames, &out) != nil {
		return nil
	}
	return out
}

// The first-level subdivisions of every country that `tendays init
// --borders admin1` starts from: not an edition either.
//
//go:embed admin1/admin1.topojson
var admin1 []byte

// Admin1Name is the name that stands for the bundled states and provinces
// wherever a borders file is asked for (`init --borders admin1`).
const Admin1Name = "admin1"

// Admin1File is the file name of the bundled states and provinces, a
// TopoJSON whose object "admin1" holds every Natural Earth 1:10m admin-1
// feature (simplified) with the properties name (unique over the file),
// label (the name as Natural Earth gives it), country (ISO 3166-1 alpha-2),
// country_name, country_a3, iso_3166_2, postal, hasc, type, type_en and
// ne_id (see admin1/SOURCES.md).
const Admin1File = "admin1.topojson"

// Admin1Object is the TopoJSON object of the states and provinces.
const Admin1Object = "admin1"

// Admin1 returns the bytes of the bundled states and provinces (see
// Admin1File). The slice is shared: callers must not modify it.
func Admin1() []byte { return admin1 }

// Borders is a bundled borders file that new editions start from.
type Borders struct {
	Name   string // what stands for it on the command line: world, admin1
	File   string // its file name
	Object string // its TopoJSON object
	Data   []byte // shared: callers must not modify it
	// Source says where it came from, for the comment of a new edition.
	Source string
}

// BundledBorders is the bundled borders file of that name (world, admin1;
// case aside), or false.
func BundledBorders(name string) (Borders, bool) {
	switch strings.ToLower(name) {
	case WorldName:
		return Borders{Name: WorldName, File: WorldFile, Object: WorldObject, Data: world,
			Source: "the bundled world borders (Natural Earth 1:50m)"}, true
	case Admin1Name:
		return Borders{Name: Admin1Name, File: Admin1File, Object: Admin1Object, Data: admin1,
			Source: "the bundled states and provinces (Natural Earth 1:10m admin-1, simplified)"}, true
	}
	return Borders{}, false
}

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
