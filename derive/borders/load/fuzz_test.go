package load

import (
	"os"
	"testing"
	"testing/fstest"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/folder"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

// FuzzZip feeds any bytes as a zip an edition names: Load answers with
// a layer or an error, never a panic, a hang or an allocation past its
// bounds.
func FuzzZip(f *testing.F) {
	seed, err := os.ReadFile(testdata + "austria-lambert.zip")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		files := Edition{Files: &folder.Reader{FS: fstest.MapFS{"b.zip": {Data: data}}, Dir: "ed",
			At: func(string) diag.Position { return diag.Position{File: "ed/edition.yaml"} }}, Pointer: "/borders/file"}
		fuzzcheck.Within(t, func() {
			_, res, err := Load(files, []string{"b.zip"}, 4<<20, Options{Options: borders.Options{Dissolve: true}})
			if err == nil && res.Layer == nil {
				t.Fatal("no error and no layer")
			}
		})
	})
}
