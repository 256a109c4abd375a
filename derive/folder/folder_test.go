package folder

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
)

func reader(files fstest.MapFS, max int64) *Reader {
	return &Reader{FS: files, Dir: "ed", MaxBytes: max,
		At: func(p string) diag.Position {
			return diag.Position{File: "ed/edition.yaml", Pointer: p, Line: 7, Col: 3}
		}}
}

func TestReadRecordsInputs(t *testing.T) {
	r := reader(fstest.MapFS{"b.geojson": {Data: []byte("{}")}, "a.geojson": {Data: []byte("[]")}}, 0)
	r.Record("edition.yaml", []byte("id: x\n"))
	for _, n := range []string{"b.geojson", "a.geojson"} {
		_, display, err := r.Read(n, "/borders/file")
		require.NoError(t, err)
		assert.Equal(t, "ed/"+n, display)
	}
	in := r.Inputs()
	require.Len(t, in, 3)
	assert.Equal(t, []string{"a.geojson", "b.geojson", "edition.yaml"}, []string{in[0].Path, in[1].Path, in[2].Path})
	assert.Equal(t, "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945", in[0].SHA256) // sha256("[]")
	assert.Equal(t, int64(2), in[0].Bytes)
}

func TestReadErrorsNameTheEditionLine(t *testing.T) {
	r := reader(fstest.MapFS{"big.geojson": {Data: make([]byte, 10)}, "dir/x": {Data: nil}}, 5)
	tests := map[string]string{
		"none.geojson": "ed/edition.yaml:7:3: ed/none.geojson: file does not exist",
		"big.geojson":  "ed/edition.yaml:7:3: ed/big.geojson: file is 10 bytes, over the limit of 5",
		"dir":          "ed/edition.yaml:7:3: ed/dir: is a folder, not a file",
		"../x.geojson": `ed/edition.yaml:7:3: "../x.geojson": a file of the edition is named by a path inside its folder`,
	}
	for name, want := range tests {
		_, _, err := r.Read(name, "/borders/file")
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), want, name)
	}
	assert.Empty(t, r.Inputs())
}
