// Package srcpos maps JSON pointers (RFC 6901) to line and column in the JSON
// or YAML text they came from, so that a schema error or a lint finding names
// the place a person has to edit. It also turns a YAML document into the plain
// values (maps, slices, strings, json.Number, bools) that JSON Schema checks.
//
// It does not validate anything and does not decode into Go structs.
package srcpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth bounds the nesting of a document. Real packs and editions nest a
// handful of levels; a 100,000-level document is an attack, not a map.
const MaxDepth = 256

// Index answers "where in the source is this pointer?".
type Index struct {
	src   []byte
	lines []int          // byte offset of the start of each line
	at    map[string]pos // pointer -> 1-based line and column
	// cur is the last place LineCol worked out. The parsers ask for places
	// in source order, so the next column is counted from there, not from
	// the start of the line: a minified (one-line) document costs its
	// length once, not once per value.
	cur     struct{ line, off, col int }
	counted int // bytes LineCol has counted runes in, for the test of linearity
}

type pos struct{ line, col int }

func newIndex(src []byte) *Index {
	ix := &Index{src: src, at: map[string]pos{}}
	ix.lines = append(ix.lines, 0)
	for i, c := range src {
		if c == '\n' {
			ix.lines = append(ix.lines, i+1)
		}
	}
	return ix
}

// LineCol converts a byte offset into a 1-based line and a 1-based column
// counted in characters, as editors count them.
func (ix *Index) LineCol(offset int) (line, col int) {
	if offset < 0 {
		offset = 0
	}
	if offset > len(ix.src) {
		offset = len(ix.src)
	}
	c := &ix.cur
	if c.line > 0 && offset >= c.off && (c.line == len(ix.lines) || offset < ix.lines[c.line]) {
		// On the line of the last answer, at or after it.
		c.col += utf8.RuneCount(ix.src[c.off:offset])
		ix.counted += offset - c.off
		c.off = offset
		return c.line, c.col
	}
	i := sort.Search(len(ix.lines), func(i int) bool { return ix.lines[i] > offset }) - 1
	start := ix.lines[i]
	c.line, c.off, c.col = i+1, offset, utf8.RuneCount(ix.src[start:offset])+1
	ix.counted += offset - start
	return c.line, c.col
}

// Lookup gives the line and column of pointer, or of its nearest ancestor
// that the index knows (a missing member is reported where its object is).
func (ix *Index) Lookup(pointer string) (line, col int) {
	if ix == nil {
		return 0, 0
	}
	for p := pointer; ; {
		if at, ok := ix.at[p]; ok {
			return at.line, at.col
		}
		if p == "" {
			return 0, 0
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return 0, 0
		}
		p = p[:i]
	}
}

// Has reports whether the pointer itself (not an ancestor) is in the document.
func (ix *Index) Has(pointer string) bool {
	if ix == nil {
		return false
	}
	_, ok := ix.at[pointer]
	return ok
}

// Escape escapes one reference token of a JSON pointer.
func Escape(token string) string {
	if !strings.ContainsAny(token, "~/") {
		return token
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}

// Join appends reference tokens to a pointer.
func Join(pointer string, tokens ...any) string {
	var b strings.Builder
	b.WriteString(pointer)
	for _, t := range tokens {
		b.WriteByte('/')
		switch v := t.(type) {
		case int:
			b.WriteString(strconv.Itoa(v))
		case string:
			b.WriteString(Escape(v))
		default:
			b.WriteString(Escape(fmt.Sprint(v)))
		}
	}
	return b.String()
}

// SyntaxError is malformed input at a line and column.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// JSON indexes a JSON document. It reports the first syntax error with its
// line and column, and refuses documents nested deeper than MaxDepth and
// objects with a key twice (which JSON parsers resolve differently). Object
// members are indexed at their key, array elements at their first character.
func JSON(src []byte) (*Index, error) {
	ix := newIndex(src)
	if err := checkText(ix, src); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	type frame struct {
		pointer string
		object  bool
		index   int
		key     string // the pending key, in an object
		haveKey bool
	}
	var stack []frame
	values := 0 // top-level values seen: exactly one is a document
	ix.at[""] = pos{1, 1}
	mark := func(pointer string, offset int) {
		l, c := ix.LineCol(skipSpace(src, offset))
		ix.at[pointer] = pos{l, c}
	}
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err == io.EOF {
			if len(stack) != 0 {
				l, c := ix.LineCol(len(src))
				return nil, &SyntaxError{l, c, "unexpected end of input (the file is truncated?)"}
			}
			if values == 0 {
				l, c := ix.LineCol(len(src))
				return nil, &SyntaxError{l, c, "no JSON value (the file is empty?)"}
			}
			return ix, nil
		}
		if err != nil {
			return nil, jsonError(ix, src, err, before)
		}
		if len(stack) == 0 {
			// The decoder reads a stream of values; a document is one.
			if values++; values > 1 {
				l, c := ix.LineCol(skipSpace(src, before))
				return nil, &SyntaxError{l, c, "text after the end of the JSON value"}
			}
		}
		// The pointer of the value this token starts (if it starts one).
		var here string
		if n := len(stack); n > 0 {
			top := &stack[n-1]
			if top.object {
				if !top.haveKey {
					if d, ok := tok.(json.Delim); ok && d == '}' {
						stack = stack[:n-1]
						continue
					}
					key, _ := tok.(string)
					top.key, top.haveKey = key, true
					member := Join(top.pointer, key)
					if first, dup := ix.at[member]; dup {
						// encoding/json would keep the last silently.
						l, c := ix.LineCol(skipSpace(src, before))
						return nil, &SyntaxError{l, c, fmt.Sprintf("duplicate key %q (first at %d:%d)", key, first.line, first.col)}
					}
					mark(member, before)
					continue
				}
				here = Join(top.pointer, top.key)
				top.haveKey = false
			} else {
				if d, ok := tok.(json.Delim); ok && d == ']' {
					stack = stack[:n-1]
					continue
				}
				here = Join(top.pointer, top.index)
				mark(here, before)
				top.index++
			}
		}
		if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
			if len(stack) >= MaxDepth {
				l, c := ix.LineCol(skipSpace(src, before))
				return nil, &SyntaxError{l, c, fmt.Sprintf("document nested deeper than %d levels", MaxDepth)}
			}
			stack = append(stack, frame{pointer: here, object: d == '{'})
		}
	}
}

// checkText refuses what is not UTF-8 text, naming the place.
func checkText(ix *Index, src []byte) error {
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		return &SyntaxError{1, 1, "file starts with a UTF-8 byte order mark (remove it: JSON and YAML files must not have one)"}
	}
	if !utf8.Valid(src) {
		off := 0
		for off < len(src) {
			r, size := utf8.DecodeRune(src[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		l, c := ix.LineCol(off)
		return &SyntaxError{l, c, "invalid UTF-8"}
	}
	return nil
}

func skipSpace(src []byte, off int) int {
	for off < len(src) {
		switch src[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

func jsonError(ix *Index, src []byte, err error, before int) error {
	// A streaming decoder reports syntax errors near the previous token; a
	// whole-document parse knows the exact byte.
	var whole any
	if uerr := json.Unmarshal(src, &whole); uerr != nil {
		err = uerr
	}
	var se *json.SyntaxError
	off := before
	msg := err.Error()
	if errors.As(err, &se) {
		off = int(se.Offset)
		if off > 0 {
			off-- // the offset is just past the offending byte
		}
		msg = se.Error()
		if strings.Contains(msg, "unexpected end of JSON input") {
			msg = "unexpected end of input (the file is truncated?)"
		}
	} else if errors.Is(err, io.ErrUnexpectedEOF) {
		off = len(src)
		msg = "unexpected end of input (the file is truncated?)"
	}
	l, c := ix.LineCol(off)
	return &SyntaxError{l, c, msg}
}
