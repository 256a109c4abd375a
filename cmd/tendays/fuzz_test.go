package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// fuzzFixtures are the synthetic edition folders of testdata/editions: their
// geometry files stay fixed while the fuzzer writes edition.yaml.
func fuzzFixtures(f *testing.F) (names []string, folders []fstest.MapFS) {
	dirs, err := filepath.Glob("../../testdata/editions/*/edition.yaml")
	if err != nil || len(dirs) == 0 {
		f.Fatalf("no fixtures: %v", err)
	}
	for _, ed := range dirs {
		dir := filepath.Dir(ed)
		entries, err := os.ReadDir(dir)
		if err != nil {
			f.Fatal(err)
		}
		m := fstest.MapFS{}
		for _, e := range entries {
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
		f.Add(m[editionFile].Data, uint8(i))
	}
	f.Add([]byte("id: x\nname: X\ndays: 3\nborders: {file: borders.geojson, id: name}\nregions:\n  merge: {Northwest: [Northwest, Northeast], Southwest: [Northeast]}\n  omit: [Southeast, Southeast]\ncolors: {palette: [red, blue]}\ntransports: {automobile: {count: 4}}\n"), uint8(0))
	f.Add([]byte("id: x\nname: X\ndays: 3\nborders: {file: ../borders.geojson}\ncolors: {palette: [red]}\ntransports: {}\n"), uint8(0))
	f.Fuzz(func(t *testing.T, edition []byte, fixture uint8) {
		i := int(fixture) % len(folders)
		m := fstest.MapFS{}
		for k, v := range folders[i] {
			m[k] = v
		}
		m[editionFile] = &fstest.MapFile{Data: edition}
		checkBuild(t, &editionSource{FS: m, Dir: "fuzz/" + names[i]})
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
			if k != editionFile {
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
		checkBuild(t, &editionSource{FS: m, Dir: "fuzz/" + names[i]})
	})
}

// checkBuild builds src as `tendays build` does, but for the writing, and
// checks what comes back.
func checkBuild(t *testing.T, src *editionSource) {
	g := &globalOptions{MaxInput: 1 << 20}
	var target *lint.Target
	var packText []byte
	var findings []diag.Finding
	var err, writeErr error
	fuzzcheck.Within(t, func() {
		tg, r, e := buildEdition(src, g)
		target, err = tg, e
		if e != nil {
			return
		}
		findings = lint.Check(tg)
		if r != nil && !lint.AtOrAbove(findings, diag.Error) {
			var buf bytes.Buffer
			writeErr = mapdata.EncodePack(&buf, r.Pack)
			packText = buf.Bytes()
		}
	})
	if err != nil {
		var ie *diag.InputError
		if !errors.As(err, &ie) {
			t.Fatalf("error %T is not an InputError: %v", err, err)
		}
		if !strings.HasPrefix(ie.File, src.Dir+"/") || !strings.HasPrefix(err.Error(), ie.File) {
			t.Fatalf("error does not name a file of the edition first: %v", err)
		}
		return
	}
	if target == nil {
		t.Fatal("no target and no error")
	}
	for _, fd := range findings {
		if !strings.HasPrefix(fd.File, src.Dir+"/") || fd.Rule == "" || fd.Message == "" {
			t.Fatalf("bad finding %+v", fd)
		}
	}
	if writeErr != nil {
		t.Fatalf("a pack built without errors does not write: %v", writeErr)
	}
	if packText != nil {
		back, err := lint.DecodePack("built.pack.json", packText)
		if err != nil {
			t.Fatalf("a built pack does not read back: %v", err)
		}
		if len(back.Findings) > 0 {
			t.Fatalf("a built pack breaks the pack schema: %v", back.Findings)
		}
	}
}
