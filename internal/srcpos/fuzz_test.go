package srcpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tendays/tendays/internal/fuzzcheck"
)

// lineCount counts lines as YAML does: \n, \r\n and a lone \r each end one.
// JSON knows only \n, but a lone \r in JSON is outside strings, where it
// is white space, so counting it too only loosens the check.
func lineCount(src []byte) int {
	return bytes.Count(src, []byte("\n")) + bytes.Count(src, []byte("\r")) - bytes.Count(src, []byte("\r\n")) + 1
}

// checkSyntaxError fails unless err is a *SyntaxError at a real place.
func checkSyntaxError(t *testing.T, src []byte, err error) {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %T is not a *SyntaxError: %v", err, err)
	}
	lines := lineCount(src)
	if se.Line < 1 || se.Line > lines || se.Col < 1 || se.Msg == "" {
		t.Fatalf("syntax error at %d:%d (the text has %d lines): %q", se.Line, se.Col, lines, se.Msg)
	}
}

// walkPointers calls f with the pointer of every value in a plain tree.
func walkPointers(v any, at string, f func(string)) {
	f(at)
	switch t := v.(type) {
	case map[string]any:
		for k, c := range t {
			walkPointers(c, Join(at, k), f)
		}
	case []any:
		for i, c := range t {
			walkPointers(c, Join(at, i), f)
		}
	}
}

// FuzzJSON: JSON never panics, agrees with encoding/json on what is valid
// (except for what it refuses on purpose: a byte order mark, invalid UTF-8,
// nesting deeper than MaxDepth), reports errors at a line of the text, and
// places every value of a valid document.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{
		`{"a": [1, {"b/c": true}], "é": "x"}`,
		"{\n \"a\": tru\n}",
		`{"a": [1, 2`,
		"\xef\xbb\xbf{}",
		`{"a": "` + "\xff" + `"}`,
		`[[[[[[[[[[]]]]]]]]]]`,
		`{} {}`,
		`"just a string"`,
		`{"a~b": {"": [null, -0.5e-3, "\u00e9\ud83d\ude00"]}}`,
		`{"a": 1, "a": 2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var ix *Index
		var err error
		fuzzcheck.Within(t, func() { ix, err = JSON(src) })
		checkPlaces(t, src, ix, err)
		valid := json.Valid(src)
		if err != nil {
			checkSyntaxError(t, src, err)
			refusedOnPurpose := bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) || !utf8.Valid(src) ||
				strings.Contains(err.Error(), "nested deeper") || strings.Contains(err.Error(), "duplicate key")
			if valid && !refusedOnPurpose {
				t.Fatalf("encoding/json accepts what JSON refuses: %v", err)
			}
			return
		}
		if !valid {
			t.Fatalf("JSON accepts what encoding/json refuses: %q", src)
		}
		dec := json.NewDecoder(bytes.NewReader(src))
		dec.UseNumber() // 1e400 is valid JSON, though no float64
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		lines := lineCount(src)
		walkPointers(v, "", func(p string) {
			l, c := ix.Lookup(p)
			if l < 1 || l > lines || c < 1 {
				t.Fatalf("pointer %q at %d:%d (the text has %d lines)", p, l, c, lines)
			}
		})
	})
}

// checkPlaces fails unless Places gives what JSON gave (ix, err): every
// pointer at the same place, or the same error.
func checkPlaces(t *testing.T, src []byte, ix *Index, err error) {
	t.Helper()
	var fast *Index
	var fastErr error
	fuzzcheck.Within(t, func() { fast, fastErr = Places(src) })
	if err != nil {
		if fastErr == nil || fastErr.Error() != err.Error() {
			t.Fatalf("Places: %v; JSON: %v", fastErr, err)
		}
		return
	}
	if fastErr != nil {
		t.Fatalf("Places refuses what JSON indexes: %v", fastErr)
	}
	if !maps.Equal(fast.at, ix.at) {
		t.Fatalf("Places: %v\nJSON: %v", fast.at, ix.at)
	}
}

// FuzzYAML: YAML never panics, fails only with a *SyntaxError at a line of
// the text, returns plain values that encode as JSON, and places every value
// it returns. The alias bomb among the seeds must be refused.
func FuzzYAML(f *testing.F) {
	for _, s := range []string{
		"id: usa\ndays: 10\nratio: 1.5\nregions:\n  omit: [DC, \"Puerto Rico\"]\nswap: true\nnothing: ~\n",
		"a: &x [1, 2]\nb: *x\n",
		"a: *nowhere\n",
		"a: [1,\n",
		"a: 1\na: 2\n",
		"a: .nan\nb: -.inf\n",
		"<<: {a: 1}\n",
		"? [a]\n: b\n",
		"a: 1\n---\nb: 2\n",
		"- a\n- {b: [c, {d: e}]}\n",
		"a: |\n  text\n  more\nb: >\n  folded\n",
		"a: !!binary aGVsbG8=\nb: !custom x\n",
		"a: 99999999999999999999999\n",
		"a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
		"\tkey: tab\n",
		"",
		"a: &a \"" + strings.Repeat("x", 200) + "\"\nb: [*a, *a, *a, *a]\nc: {*a : 1}\n",
		"a: &a {k: &k long-value-repeated}\nb: [*a, *k, *a, *k]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var v any
		var ix *Index
		var err error
		fuzzcheck.Within(t, func() { v, ix, err = YAML(src) })
		if err != nil {
			checkSyntaxError(t, src, err)
			return
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("value does not encode as JSON: %v", err)
		}
		lines := lineCount(src)
		walkPointers(v, "", func(p string) {
			l, c := ix.Lookup(p)
			if l < 1 || l > lines || c < 1 {
				t.Fatalf("pointer %q at %d:%d (the text has %d lines)", p, l, c, lines)
			}
		})
	})
}
