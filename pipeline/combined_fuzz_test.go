package pipeline

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

// combinedCache keeps the bundled members' builds across the fuzzer's
// inputs: they are read once, the combined edition.yaml every time.
var combinedCache = sync.OnceValue(NewCache)

// FuzzCombinedEdition: a fuzzed combined edition.yaml over bundled members
// (issue 26, combined editions inside the fence). Nothing may panic or
// hang; a file that cannot be read is an InputError naming the file first;
// every finding names its file, rule and message; a pack that builds
// without errors encodes and reads back. Run it long with
// scripts/fuzz.sh 600 FuzzCombinedEdition.
func FuzzCombinedEdition(f *testing.F) {
	world, err := os.ReadFile("../editions/around-the-world/edition.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(world)
	f.Add([]byte("kind: combined\nid: c\nname: C\ndays: 20\nmembers: [europe, asia]\npiles: {draw: 3, face_up: 6}\nwin: every-map\nplanes: within-map\n" +
		"same: [[\"europe:Russia\", \"asia:Russia\"]]\nlinks: [{a: \"europe:Turkey\", b: \"asia:Iran\"}]\n"))
	f.Add([]byte("kind: combined\nid: c\nname: C\ndays: 20\nmembers: [europe, ../etc, nowhere]\npiles: {draw: 3, face_up: 6}\nwin: every-map\nplanes: across\n"))
	f.Add([]byte("kind: combined\nid: c\nname: C\ndays: 20\nmembers: [europe, around-the-world]\npiles: {draw: 3, face_up: 6}\nwin: every-map\nplanes: within-map\n"))
	f.Add([]byte("kind: combined\nid: c\nname: C\ndays: 30\nmembers: [africa, africa]\npiles: {draw: 1, face_up: 1}\nwin: every-map\nplanes: within-map\nseas: [{id: s, name: S, of: [\"africa:x\", \"y:z\"]}]\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 8<<10 {
			return
		}
		const dir = "fuzz/combo"
		var res *Result
		var err, writeErr error
		var packText []byte
		fuzzcheck.Within(t, func() {
			res, err = Edition(context.Background(), Source{Text: text, FS: fstest.MapFS{}, Dir: dir}, Options{MaxInput: 1 << 20, Cache: combinedCache()})
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
			if ie.File == "" || !strings.HasPrefix(err.Error(), ie.File) {
				t.Fatalf("error does not name its file first: %v", err)
			}
			return
		}
		for _, fd := range res.Findings {
			if fd.File == "" || fd.Rule == "" || fd.Message == "" {
				t.Fatalf("bad finding %+v", fd)
			}
		}
		if writeErr != nil {
			t.Fatalf("a pack built without errors does not write: %v", writeErr)
		}
		if packText != nil {
			if err := ReadBack("c.pack.json", packText, 16<<20); err != nil {
				t.Fatalf("the pack written does not read back: %v", err)
			}
		}
	})
}
