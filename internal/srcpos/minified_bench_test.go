package srcpos

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// flowDoc is a document of n records, written on one line (minified) or
// one member per line. It is JSON, and so YAML too (flow style).
func flowDoc(n int, minified bool) []byte {
	sep, indent := ", ", ""
	if !minified {
		sep, indent = ",\n", "\n  "
	}
	recs := make([]string, n)
	for i := range recs {
		recs[i] = fmt.Sprintf(`%s{"id": "R%05d", "name": "Région %d", "copies": 1, "seas": ["gulf", "bay"]}`, indent, i, i)
	}
	return []byte(`{"regions": [` + strings.Join(recs, sep) + "]}")
}

// BenchmarkMinified: indexing a document on one line costs about what the
// same document with line breaks costs, for JSON, Places and YAML:
//
//	go test ./internal/srcpos -run '^$' -bench Minified
func BenchmarkMinified(b *testing.B) {
	for _, lang := range []string{"json", "places", "yaml"} {
		n := 20_000 // about 1.6 MB
		if lang == "yaml" {
			n = 2_000 // editions are read up to 1 MB
		}
		for _, minified := range []bool{false, true} {
			src := flowDoc(n, minified)
			b.Run(fmt.Sprintf("%s-minified=%v-%dKB", lang, minified, len(src)>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					var err error
					if lang == "json" {
						_, err = JSON(src)
					} else if lang == "places" {
						_, err = Places(src)
					} else {
						_, _, err = YAML(src)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestMinifiedColumns: the per-line cursor gives the same columns as
// counting from the start of the line, forwards and after a jump back.
func TestMinifiedColumns(t *testing.T) {
	src := []byte("{\"é\": [1, \"ü\", {\"a\": 2}],\n \"b\": \"ñ\", \"c\": 3}")
	ix, err := JSON(src)
	if err != nil {
		t.Fatal(err)
	}
	want := func(off int) (int, int) {
		line, start := 1, 0
		for i := 0; i < off; i++ {
			if src[i] == '\n' {
				line, start = line+1, i+1
			}
		}
		return line, len([]rune(string(src[start:off]))) + 1
	}
	for _, offs := range [][]int{{0, 4, 9, 20, 30, 40}, {40, 4, 20, 2, 27, 27, 45}} {
		for _, off := range offs {
			if off < len(src) && !utf8.RuneStart(src[off]) {
				t.Fatalf("offset %d is inside a character", off)
			}
			l, c := ix.LineCol(off)
			wl, wc := want(min(off, len(src)))
			if l != wl || c != wc {
				t.Fatalf("LineCol(%d) = %d:%d, want %d:%d", off, l, c, wl, wc)
			}
		}
	}
}

// TestMinifiedIsLinear: indexing a one-line document counts each byte
// about once (it counted from the start of the line for every value: a
// 1 MB minified pack took 29 s to lint).
func TestMinifiedIsLinear(t *testing.T) {
	src := flowDoc(5_000, true)
	ix, err := JSON(src)
	if err != nil {
		t.Fatal(err)
	}
	if ix.counted > 2*len(src) {
		t.Fatalf("LineCol counted %d bytes for a %d-byte document", ix.counted, len(src))
	}
}
