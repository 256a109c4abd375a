package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine"
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
	// The route-network edition is small enough to build many times a
	// second; the regions editions in editions/ are not.
	dirs = append(dirs, "../../editions/across-the-us/edition.yaml")
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

// checkBuild builds src as `tendays build` does (a regions or a
// route-network edition), but for the writing, and checks what comes back.
func checkBuild(t *testing.T, src *editionSource) {
	g := &globalOptions{MaxInput: 1 << 20}
	var target *lint.Target
	var packText []byte
	var findings []diag.Finding
	var err, writeErr error
	fuzzcheck.Within(t, func() {
		if isNetworkEdition(src, g) {
			tg, r, e := buildNetworkEdition(src, g)
			target, err = tg, e
			if e != nil {
				return
			}
			findings = lint.Check(tg)
			if r != nil && !lint.AtOrAbove(findings, diag.Error) {
				var buf bytes.Buffer
				writeErr = mapdata.EncodeNetworkPack(&buf, r.Pack)
				packText = buf.Bytes()
			}
			return
		}
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

// FuzzBatch feeds any text to `journey check --batch -` on the mini pack:
// one JSON object comes out for every line that goes in, numbered in order;
// a line that cannot be checked is flagged, named on stderr by its number,
// and makes the exit code 2; nothing panics.
func FuzzBatch(f *testing.F) {
	src, err := os.ReadFile("../../testdata/packs/mini.pack.json")
	if err != nil {
		f.Fatal(err)
	}
	doc, err := mapdata.DecodePack("mini.pack.json", src)
	if err != nil {
		f.Fatal(err)
	}
	b, err := engine.Compile(doc.Pack)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		"MID,car,NOR,plane:red,ISL\n",
		"\xef\xbb\xbfMID, car ,NOR,plane:red,ISL\r\nMID\n\nMIDSHIR,car\n",
		"Midshire,Eastmark,ship:gulf,Isle of Gulls,Norland",
		"\n\n\n",
		",,,,",
		"MID,car,NOR,plane:red,IS\xff\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, batch []byte) {
		var stdout, stderr bytes.Buffer
		opts := &journeyCheckOptions{IO: &IOStreams{In: bytes.NewReader(batch), Out: &stdout, ErrOut: &stderr}, Batch: "-"}
		var runErr error
		fuzzcheck.Within(t, func() { runErr = runBatch(opts, b, b.Days()) })

		// Every line but blank ones and # comments gets one object, in order.
		var lines []int
		for i, l := range strings.Split(strings.TrimSuffix(string(batch), "\n"), "\n") {
			if i == 0 {
				l = strings.TrimPrefix(l, "\ufeff")
			}
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				lines = append(lines, i+1)
			}
		}
		out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if stdout.Len() == 0 {
			out = nil
		}
		if len(out) != len(lines) {
			t.Fatalf("%d journey lines in, %d objects out", len(lines), len(out))
		}
		flagged, invalid := 0, 0
		for i, o := range out {
			var res batchLine
			if err := json.Unmarshal([]byte(o), &res); err != nil {
				t.Fatalf("object %d is no JSON: %v: %s", i+1, err, o)
			}
			if res.Line != lines[i] || res.Reason == "" || (res.Error && res.Valid) {
				t.Fatalf("object %d (line %d): %+v", i+1, lines[i], res)
			}
			if !res.Error && !res.Valid {
				invalid++
			}
			if res.Error {
				flagged++
				if !strings.Contains(stderr.String(), "standard input:"+strconv.Itoa(res.Line)+": ") {
					t.Fatalf("line %d is flagged but not named on stderr:\n%s", res.Line, stderr.String())
				}
			}
		}
		var silent *silentError
		switch {
		case flagged == 0 && invalid == 0 && runErr != nil:
			t.Fatalf("every journey valid, yet %v", runErr)
		case flagged == 0 && invalid > 0 && !errors.Is(runErr, errNo):
			t.Fatalf("%d journeys not valid, yet %v", invalid, runErr)
		case flagged > 0 && !(errors.As(runErr, &silent) && silent.code == exitUsage):
			t.Fatalf("%d lines flagged, yet %v", flagged, runErr)
		}
	})
}
