package layers

import (
	"bytes"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/tendays/tendays"

// mayImport is DESIGN.md's table "Packages (top level of the module)": the
// top-level folders a package under each top-level folder may import,
// beside its own folder's packages and those underneath. "*" is any
// library package (cmd/tendays, a main package, imports everything; nothing
// imports it). play, kinds, jsengine, geo and colorvision came after the table and
// are written here as README's Layout describes them.
var mayImport = map[string][]string{
	"mapdata":  {},
	"schema":   {},
	"derive":   {"mapdata"},
	"lint":     {"mapdata", "schema"},
	"engine":   {"mapdata"},
	"export":   {"mapdata"},
	"pipeline": {"derive", "lint", "mapdata", "editions"},
	"advise":   {"pipeline", "engine", "mapdata"},
	"studio":   {"*"},
	"editions": {},
	"cmd":      {"*"},
	// The terminal games (DESIGN: "the terminal games live in a package of
	// their own"), and the table of what a pack of each kind does.
	"play":  {"engine", "mapdata"},
	"kinds": {"pipeline", "engine", "play", "mapdata"},
	// The rules for other engines (issue 35): the engine as JavaScript
	// calls it, and the exports that carry it (a boardgame.io package, a
	// conformance suite, the studio as a static site), which compose the
	// engine with export's files and the studio's page. export lists
	// those formats and jsengine/exports installs their writers
	// (export.Engines), so that export never imports the engine.
	"jsengine": {"engine", "export", "studio", "mapdata"},
}

// underneath may be imported by every package, and imports only
// underneath: DESIGN's "diag, schema, internal/* underneath", and the
// leaves that came later (geo: distances, projections and winding;
// colorvision: colour-vision simulation).
var underneath = []string{"diag", "schema", "internal", "geo", "colorvision"}

// drift is what the code imports beyond the table today, each with why: a
// known departure, to be mended or written into DESIGN.md. The test fails
// when one is no longer imported, so that the list only shrinks.
var drift = map[[2]string]string{
	{"pipeline", "export/board"}:     "a pack's board file is read as typed layers (board.Geometry) for export and the studio",
	{"advise", "lint"}:               "the doctor's findings and goals are lint's rules and config",
	{"advise", "derive/colors"}:      "the doctor proposes palettes with the colour chooser derive uses",
	{"derive/starter", "editions"}:   "init selects regions from the bundled world and admin-1 borders",
	{"schema/schemadoc", "editions"}: "the schema's documentation is checked against the bundled editions",
}

// TestImportsFollowTheLayering reads every package's imports (go list,
// tests excluded) and fails on an import the table does not allow.
func TestImportsFollowTheLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := map[[2]string]bool{}
	packages := 0
	for line := range bytes.Lines(out) {
		fields := strings.Fields(string(line))
		if len(fields) == 0 {
			continue
		}
		packages++
		from := rel(fields[0])
		for _, imp := range fields[1:] {
			to, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue // the standard library or another module
			}
			if allowed(from, to) {
				continue
			}
			if why, ok := driftOf(from, to); ok {
				seen[why] = true
				continue
			}
			t.Errorf("%s imports %s: DESIGN.md's table does not allow it (internal/layers/layers_test.go holds the table)", from, to)
		}
	}
	if packages < 40 {
		t.Fatalf("go list gave %d packages: not the module", packages)
	}
	for d := range drift {
		if !seen[d] {
			t.Errorf("%s no longer imports %s: remove it from drift", d[0], d[1])
		}
	}
}

func rel(importPath string) string { return strings.TrimPrefix(importPath, module+"/") }

// top is a package's top-level folder.
func top(p string) string {
	first, _, _ := strings.Cut(p, "/")
	return first
}

func allowed(from, to string) bool {
	if top(from) == top(to) || slices.Contains(underneath, top(to)) {
		return true
	}
	if slices.Contains(underneath, top(from)) {
		return false
	}
	row := mayImport[top(from)]
	return slices.Contains(row, "*") && top(to) != "cmd" || slices.Contains(row, top(to))
}

// driftOf finds the drift entry that allows an import: by the importing
// package or its top folder, and the imported package or its top folder.
func driftOf(from, to string) ([2]string, bool) {
	for _, f := range []string{from, top(from)} {
		for _, i := range []string{to, top(to), path.Dir(to)} {
			if _, ok := drift[[2]string{f, i}]; ok {
				return [2]string{f, i}, true
			}
		}
	}
	return [2]string{}, false
}

// The checker refuses what the star forbids: siblings importing each other,
// the model importing what is built on it, a leaf importing the model.
func TestTheTableRefusesTheStarsBreaks(t *testing.T) {
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{"lint", "derive", false},
		{"export", "derive/adjacency", false},
		{"engine", "export", false},
		{"derive/routes", "engine/route", false},
		{"mapdata", "lint", false},
		{"diag", "mapdata", false},
		{"pipeline", "engine", false},
		{"studio", "cmd/tendays", false},
		{"pipeline", "derive/routes", true},
		{"engine/sim", "engine/bot", true},
		{"export/tts", "internal/atomicfile", true},
		{"studio", "advise", true},
		{"kinds", "play", true},
		{"export", "jsengine", false},
		{"engine", "jsengine/conformance", false},
		{"jsengine/site", "studio", true},
		{"jsengine/exports", "export", true},
	} {
		if got := allowed(c.from, c.to); got != c.ok {
			t.Errorf("allowed(%s, %s) = %v, want %v", c.from, c.to, got, c.ok)
		}
	}
}
