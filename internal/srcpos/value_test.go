package srcpos

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Value takes what JSON takes and gives what encoding/json gives.
func checkValue(t *testing.T, src []byte) {
	t.Helper()
	v, err := Value(src)
	_, jerr := JSON(src)
	if (err == nil) != (jerr == nil) {
		t.Fatalf("Value says %v, JSON says %v, for %q", err, jerr, src)
	}
	if err != nil {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var want any
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("encoding/json refuses what Value takes (%v): %q", err, src)
	}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("Value read %#v, encoding/json %#v, from %q", v, want, src)
	}
}

func TestValue(t *testing.T) {
	for _, s := range []string{
		`{"a": [1, -0.5e+3, {"b/c": true, "n": null}], "é": "x", "": false}`,
		`"\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\"`,                  // escapes, a surrogate pair
		`["\ud83d", "\ud83dx", "\ude00\ud83d", "\ud83d\u0041"]`, // lone surrogates: U+FFFD
		`  [ ]  `, `{}`, `0`, `-0`, `1E9`,
		// Refused, as JSON refuses them:
		`{"a": 1, "a": 2}`, `{"a": [1, 2`, `[1,]`, `{"a" 1}`, `01`, `1.`, `.5`, `-`, `1e`, `+1`,
		`"a` + "\x01" + `"`, `"\x"`, `"\u12"`, `"\u12zz"`, `tru`, `nul`, `[1] [2]`, `{"a":1}x`, ``, ` `,
		"\xef\xbb\xbf{}", `{"a": "` + "\xff" + `"}`, `{"a":1,}`, `[1 2]`, `{,}`, `{"a"}`,
		strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	} {
		checkValue(t, []byte(s))
	}
}

// FuzzValue: Value never panics, takes exactly what JSON takes, and reads
// what encoding/json reads.
func FuzzValue(f *testing.F) {
	for _, s := range []string{
		`{"a": [1, {"b/c": true}], "é": "x"}`, `{"a": 1, "a": 2}`, `"\ud83d\ude00\ud83d"`, `[1e5, -0.0, null]`,
		"{\n \"a\": tru\n}", `[[[[[[[[[[]]]]]]]]]]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkValue(t, src) })
}

// Places gives JSON's places on the repository's JSON documents (packs of
// every kind, boards, baselines, the bad-input corpus) and on generated
// ones, minified or not.
func TestPlacesAgreesWithJSON(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../../*/testdata/*.json", "../../*/testdata/*/*.json", "../../testdata/*/*/*.json", "../../mapdata/testdata/formats/*.json"} {
		m, err := filepath.Glob(pattern)
		require.NoError(t, err)
		files = append(files, m...)
	}
	require.Greater(t, len(files), 40)
	docs := [][]byte{flowDoc(50, true), flowDoc(50, false), []byte(`{"a/b~c": {"": [[], {}, "\u00e9", "\"", -1.5e-7]}}`)}
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		docs = append(docs, src)
	}
	for i, src := range docs {
		ix, err := JSON(src)
		fast, fastErr := Places(src)
		if err != nil {
			require.EqualError(t, fastErr, err.Error(), "document %d", i)
			continue
		}
		require.NoError(t, fastErr, "document %d", i)
		require.Equal(t, ix.at, fast.at, "document %d", i)
	}
}
