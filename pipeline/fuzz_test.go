package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

// fuzzFixtures are the synthetic edition folders of testdata/editions: their
// geometry files stay fixed while the fuzzer writes edition.yaml.
func fuzzFixtures(f *testing.F) (names []string, folders []fstest.MapFS) {
	dirs, err := filepath.Glob("../testdata/editions/*/edition.yaml")
	if err != nil || len(dirs) == 0 {
		f.Fatalf("no fixtures: %v", err)
	}
	// The route-network edition is small enough to build many times a
	// second; the regions editions in editions/ are not.
	dirs = append(dirs, "../editions/across-the-us/edition.yaml")
	for _, ed := range dirs {
		dir := filepath.Dir(ed)
		entries, err := os.ReadDir(dir)
		if err != nil {
			f.Fatal(err)
		}
		m := fstest.MapFS{}
		for _, e := range entries {
			switch filepath.Ext(e.Name()) {
			case ".yaml", ".geojson", ".topojson", ".json":
			default:
				continue // sources, scripts: no input of the build
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				f.Fatal(err)
			}
			m[e.Name()] = &fstest.MapFile{Data: data}
		}
		names = append(names, filepath.Base(dir))
		folders = append(folders, m)
	}
	return names, folders
}

// FuzzBuildEdition runs the whole of `tendays build` but the writing on a
// fuzzed edition.yaml beside fixed geometry: reading, the schema, deriving
// and linting. Nothing may panic; a file that cannot be read is an
// InputError naming a file of the folder and a line; findings name a file;
// a pack that builds writes and reads back.
func FuzzBuildEdition(f *testing.F) {
	names, folders := fuzzFixtures(f)
	for i, m := range folders {
		f.Add(m[EditionFile].Data, uint8(i))
	}
	f.Add([]byte("id: x\nname: X\ndays: 3\nborders: {file: borders.geojson, id: name}\nregions:\n  merge: {Northwest: [Northwest, Northeast], Southwest: [Northeast]}\n  omit: [Southeast, Southeast]\ncolors: {palette: [red, blue]}\ntransports: {automobile: {count: 4}}\n"), uint8(0))
	f.Add([]byte("id: x\nname: X\ndays: 3\nborders: {file: ../borders.geojson}\ncolors: {palette: [red]}\ntransports: {}\n"), uint8(0))
	f.Fuzz(func(t *testing.T, edition []byte, fixture uint8) {
		i := int(fixture) % len(folders)
		m := fstest.MapFS{}
		for k, v := range folders[i] {
			m[k] = v
		}
		m[EditionFile] = &fstest.MapFile{Data: edition}
		checkBuild(t, m, "fuzz/"+names[i])
	})
}

// FuzzBuildGeometry is FuzzBuildEdition the other way round: the edition
// files stay as they are and one of their geometry files (borders, seas,
// rails, cut lines) is fuzzed.
func FuzzBuildGeometry(f *testing.F) {
	names, folders := fuzzFixtures(f)
	geometry := func(m fstest.MapFS) []string {
		var out []string
		for k := range m {
			if k != EditionFile {
				out = append(out, k)
			}
		}
		sort.Strings(out)
		return out
	}
	for i, m := range folders {
		for j, name := range geometry(m) {
			f.Add(m[name].Data, uint8(i), uint8(j))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, fixture, file uint8) {
		i := int(fixture) % len(folders)
		m := fstest.MapFS{}
		for k, v := range folders[i] {
			m[k] = v
		}
		files := geometry(m)
		m[files[int(file)%len(files)]] = &fstest.MapFile{Data: data}
		checkBuild(t, m, "fuzz/"+names[i])
	})
}

// checkBuild builds the edition of a folder held in memory as build does
// (a regions or a route-network edition), encodes it as build writes it,
// and checks what comes back.
func checkBuild(t *testing.T, m fstest.MapFS, dir string) {
	var res *Result
	var err, writeErr error
	var packText []byte
	fuzzcheck.Within(t, func() {
		res, err = Edition(context.Background(), Source{Text: m[EditionFile].Data, FS: m, Dir: dir}, Options{MaxInput: 1 << 20})
		if err == nil && res.OK() {
			var files Files
			files, writeErr = res.Encode(true)
			packText = files.Pack
		}
	})
	if err != nil {
		var ie *diag.InputError
		if !errors.As(err, &ie) {
			t.Fatalf("error %T is not an InputError: %v", err, err)
		}
		if !strings.HasPrefix(ie.File, dir+"/") || !strings.HasPrefix(err.Error(), ie.File) {
			t.Fatalf("error does not name a file of the edition first: %v", err)
		}
		return
	}
	for _, fd := range res.Findings {
		if !strings.HasPrefix(fd.File, dir+"/") || fd.Rule == "" || fd.Message == "" {
			t.Fatalf("bad finding %+v", fd)
		}
	}
	if writeErr != nil {
		t.Fatalf("a pack built without errors does not write: %v", writeErr)
	}
	if packText != nil {
		if err := ReadBack("built.pack.json", packText, 0); err != nil {
			t.Fatalf("a built pack does not read back: %v", err)
		}
	}
}
