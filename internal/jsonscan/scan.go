// Package jsonscan is the strict JSON reader under the borders reader
// (derive/borders) and the board reader (export/board): it hands out
// tokens one at a time from a byte slice, so that coordinates go straight
// into float64s. It refuses duplicate member names and nesting deeper than
// MaxDepth. It knows no GeoJSON: the readers above it do.
package jsonscan

import (
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Scanner is a strict JSON reader over a byte slice that hands out tokens one
// at a time, so that coordinates go straight into float64s without building a
// tree of interfaces first. Errors carry the byte offset; line and column are
// worked out only when an error or a finding is reported.
type Scanner struct {
	Src   []byte               // the document
	Pos   int                  // the offset of the next byte to read
	Depth int                  // arrays and objects open
	keys  [MaxDepth + 1]keySet // the member names of the object open at each depth
}

// keySet is the member names of one object read so far, to refuse a name
// given twice (which parsers resolve differently: first wins, last wins).
// Small objects are searched in a list whose names alias the source; an
// object with many members moves to a map, so a 100,000-member object
// costs n, not n².
type keySet struct {
	list [][]byte
	m    map[string]struct{}
}

const keySetListMax = 16

func (k *keySet) reset() {
	clear(k.list)
	k.list = k.list[:0]
	k.m = nil
}

// add records name and reports false when the object already has it.
func (k *keySet) add(name []byte) bool {
	if k.m != nil {
		if _, dup := k.m[string(name)]; dup {
			return false
		}
		k.m[string(name)] = struct{}{}
		return true
	}
	for _, have := range k.list {
		if string(have) == string(name) {
			return false
		}
	}
	if len(k.list) < keySetListMax {
		k.list = append(k.list, name)
		return true
	}
	k.m = make(map[string]struct{}, 2*keySetListMax)
	for _, have := range k.list {
		k.m[string(have)] = struct{}{}
	}
	k.m[string(name)] = struct{}{}
	return true
}

// MaxDepth bounds nesting (the same limit as internal/srcpos): a borders file
// nests six or seven levels, a 100,000-level one is an attack.
const MaxDepth = 256

// SyntaxError is malformed JSON (or a value of the wrong kind) at a byte offset.
type SyntaxError struct {
	Off int
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

func (s *Scanner) Fail(msg string) error {
	if s.Pos >= len(s.Src) {
		return &SyntaxError{Off: len(s.Src), Msg: "unexpected end of input (the file is truncated?)"}
	}
	return &SyntaxError{Off: s.Pos, Msg: msg}
}

// ws skips white space and returns the next byte (0 at the end).
func (s *Scanner) WS() byte {
	for s.Pos < len(s.Src) {
		c := s.Src[s.Pos]
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			return c
		}
		s.Pos++
	}
	return 0
}

func (s *Scanner) Expect(c byte, what string) error {
	if s.WS() != c {
		return s.Fail("expected " + what)
	}
	s.Pos++
	return nil
}

// more is called after an element of an array or object: it consumes a ','
// and reports true, or consumes the closing byte and reports false.
func (s *Scanner) More(closing byte) (bool, error) {
	switch s.WS() {
	case ',':
		s.Pos++
		return true, nil
	case closing:
		s.Pos++
		return false, nil
	}
	if closing == ']' {
		return false, s.Fail("expected ',' or ']'")
	}
	return false, s.Fail("expected ',' or '}'")
}

// enter consumes an opening bracket (already checked) and counts depth.
func (s *Scanner) Enter() error {
	s.Depth++
	if s.Depth > MaxDepth {
		return s.Fail("document nested deeper than 256 levels")
	}
	s.Pos++
	return nil
}

// array reads '[' and reports whether the array has any element; when it has
// none the closing ']' is consumed as well.
func (s *Scanner) Array() (bool, error) {
	if s.WS() != '[' {
		return false, s.Fail("expected an array")
	}
	if err := s.Enter(); err != nil {
		return false, err
	}
	if s.WS() == ']' {
		s.Pos++
		s.Depth--
		return false, nil
	}
	return true, nil
}

// next is more(']') with the depth bookkeeping of array().
func (s *Scanner) Next() (bool, error) {
	ok, err := s.More(']')
	if err == nil && !ok {
		s.Depth--
	}
	return ok, err
}

// openObject reads '{' and reports whether the object has any member;
// when it has none the closing '}' is consumed as well. Members are then
// read with key and nextMember, as array elements with next:
//
//	ok, err := s.OpenObject()
//	for ok && err == nil {
//		key, err := s.Key() ... read the value ...
//		ok, err = s.NextMember()
//	}
func (s *Scanner) OpenObject() (bool, error) {
	if s.WS() != '{' {
		return false, s.Fail("expected an object")
	}
	if err := s.Enter(); err != nil {
		return false, err
	}
	s.keys[s.Depth].reset()
	if s.WS() == '}' {
		s.Pos++
		s.Depth--
		return false, nil
	}
	return true, nil
}

// key reads a member name and its ':', leaving the Scanner on the value.
func (s *Scanner) Key() ([]byte, error) {
	if s.WS() != '"' {
		return nil, s.Fail("expected a member name in double quotes")
	}
	at := s.Pos
	key, err := s.Str()
	if err != nil {
		return nil, err
	}
	if !s.keys[s.Depth].add(key) {
		// A reader that keeps the last would see another feature than
		// one that keeps the first; the pack reader refuses this too.
		s.Pos = at
		return nil, s.Fail("duplicate key " + strconv.Quote(string(key)) + " in one object (JSON readers disagree on which one counts)")
	}
	if err := s.Expect(':', "':' after a member name"); err != nil {
		return nil, err
	}
	s.WS()
	return key, nil
}

// nextMember is more('}') with the depth bookkeeping of openObject.
func (s *Scanner) NextMember() (bool, error) {
	ok, err := s.More('}')
	if err == nil && !ok {
		s.Depth--
	}
	return ok, err
}

// object iterates the members of an object, calling fn with each key while
// the Scanner sits on the member's value; fn must consume the value.
func (s *Scanner) Object(fn func(key []byte) error) error {
	ok, err := s.OpenObject()
	for ok && err == nil {
		var key []byte
		if key, err = s.Key(); err != nil {
			return err
		}
		if err = fn(key); err != nil {
			return err
		}
		ok, err = s.NextMember()
	}
	return err
}

// str reads a string token. Without escapes the result aliases the source;
// with escapes it is a fresh slice. Invalid UTF-8 becomes U+FFFD, as
// encoding/json does.
func (s *Scanner) Str() ([]byte, error) {
	if s.WS() != '"' {
		return nil, s.Fail("expected a string")
	}
	s.Pos++
	start := s.Pos
	ascii := true
	for s.Pos < len(s.Src) {
		c := s.Src[s.Pos]
		switch {
		case c == '"':
			out := s.Src[start:s.Pos]
			s.Pos++
			if !ascii && !utf8.Valid(out) {
				out = []byte(string([]rune(string(out))))
			}
			return out, nil
		case c == '\\':
			return s.strEscaped(start)
		case c < 0x20:
			return nil, s.Fail("control character in a string (escape it)")
		case c >= 0x80:
			ascii = false
		}
		s.Pos++
	}
	return nil, s.Fail("unterminated string")
}

func (s *Scanner) strEscaped(start int) ([]byte, error) {
	out := append([]byte(nil), s.Src[start:s.Pos]...)
	for s.Pos < len(s.Src) {
		c := s.Src[s.Pos]
		switch {
		case c == '"':
			s.Pos++
			if !utf8.Valid(out) {
				out = []byte(string([]rune(string(out))))
			}
			return out, nil
		case c < 0x20:
			return nil, s.Fail("control character in a string (escape it)")
		case c != '\\':
			out = append(out, c)
			s.Pos++
			continue
		}
		s.Pos++
		if s.Pos >= len(s.Src) {
			return nil, s.Fail("unterminated string")
		}
		e := s.Src[s.Pos]
		s.Pos++
		switch e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := s.hex4()
			if !ok {
				return nil, s.Fail("bad \\u escape")
			}
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				if s.Pos+1 < len(s.Src) && s.Src[s.Pos] == '\\' && s.Src[s.Pos+1] == 'u' {
					save := s.Pos
					s.Pos += 2
					if lo, ok := s.hex4(); ok && utf16.DecodeRune(r, lo) != utf8.RuneError {
						r2 = utf16.DecodeRune(r, lo)
					} else {
						s.Pos = save
					}
				}
				r = r2
			}
			out = utf8.AppendRune(out, r)
		default:
			s.Pos--
			return nil, s.Fail("bad escape in a string")
		}
	}
	return nil, s.Fail("unterminated string")
}

func (s *Scanner) hex4() (rune, bool) {
	if s.Pos+4 > len(s.Src) {
		return 0, false
	}
	var r rune
	for _, c := range s.Src[s.Pos : s.Pos+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	s.Pos += 4
	return r, true
}

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// num reads a JSON number. Most coordinates have at most 15 significant
// digits and a small exponent; for those one multiplication or division of
// two exact float64s gives the correctly rounded result (Clinger's fast
// path). Anything else goes to strconv.ParseFloat. Out-of-range numbers give
// ±Inf (or 0), which the caller reports.
func (s *Scanner) Num() (float64, error) {
	s.WS() // white space is legal before any value, "[0, 0]" included
	src := s.Src
	start := s.Pos
	i := start
	neg := false
	if i < len(src) && src[i] == '-' {
		neg = true
		i++
	}
	var mant uint64
	digits, exp := 0, 0
	trunc := false
	addDigit := func(d byte) {
		if digits < 19 {
			mant = mant*10 + uint64(d)
			if mant != 0 {
				digits++
			}
		} else {
			if d != 0 {
				trunc = true
			}
			exp++
		}
	}
	switch {
	case i < len(src) && src[i] == '0':
		i++
	case i < len(src) && '1' <= src[i] && src[i] <= '9':
		for i < len(src) && '0' <= src[i] && src[i] <= '9' {
			addDigit(src[i] - '0')
			i++
		}
	default:
		s.Pos = i
		return 0, s.Fail("expected a number")
	}
	if i < len(src) && src[i] == '.' {
		i++
		if i >= len(src) || src[i] < '0' || src[i] > '9' {
			s.Pos = i
			return 0, s.Fail("expected a digit after '.'")
		}
		for i < len(src) && '0' <= src[i] && src[i] <= '9' {
			if digits < 19 {
				mant = mant*10 + uint64(src[i]-'0')
				if mant != 0 {
					digits++
				}
				exp--
			} else if src[i] != '0' {
				trunc = true
			}
			i++
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		eneg := false
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			eneg = src[i] == '-'
			i++
		}
		if i >= len(src) || src[i] < '0' || src[i] > '9' {
			s.Pos = i
			return 0, s.Fail("expected a digit in the exponent")
		}
		e := 0
		for i < len(src) && '0' <= src[i] && src[i] <= '9' {
			if e < 100000 {
				e = e*10 + int(src[i]-'0')
			}
			i++
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	s.Pos = i
	if !trunc && mant < 1<<53 && exp >= -22 && exp <= 22 {
		f := float64(mant)
		if exp < 0 {
			f /= pow10[-exp]
		} else {
			f *= pow10[exp]
		}
		if neg {
			f = -f
		}
		return f, nil
	}
	if mant == 0 && !trunc {
		if neg {
			return math.Copysign(0, -1), nil
		}
		return 0, nil
	}
	// The text is read in place: copying it into a string would cost an
	// allocation for most full-precision coordinates (17 digits do not
	// take the fast path). ParseFloat does not keep the string beyond its
	// error, which is dropped: only a range error is possible here, and
	// then f is ±Inf or 0, which the caller reports.
	f, _ := strconv.ParseFloat(unsafe.String(&src[start], i-start), 64)
	return f, nil
}

// literal consumes true, false or null.
func (s *Scanner) Literal(word string) bool {
	if len(s.Src)-s.Pos >= len(word) && string(s.Src[s.Pos:s.Pos+len(word)]) == word {
		s.Pos += len(word)
		return true
	}
	return false
}

// null consumes a null and reports whether there was one.
func (s *Scanner) Null() bool {
	return s.WS() == 'n' && s.Literal("null")
}

// skip checks and skips one value of any kind.
func (s *Scanner) Skip() error {
	switch c := s.WS(); {
	case c == '{':
		return s.Object(func([]byte) error { return s.Skip() })
	case c == '[':
		ok, err := s.Array()
		for ok && err == nil {
			if err = s.Skip(); err == nil {
				ok, err = s.Next()
			}
		}
		return err
	case c == '"':
		_, err := s.Str()
		return err
	case c == '-' || ('0' <= c && c <= '9'):
		_, err := s.Num()
		return err
	case c == 't' && s.Literal("true"), c == 'f' && s.Literal("false"), c == 'n' && s.Literal("null"):
		return nil
	}
	return s.Fail("expected a JSON value")
}

// value reads one value of any kind into the types encoding/json uses
// (map[string]any, []any, string, float64, bool, nil).
func (s *Scanner) Value() (any, error) {
	switch c := s.WS(); {
	case c == '{':
		m := map[string]any{}
		err := s.Object(func(key []byte) error {
			v, err := s.Value()
			m[string(key)] = v
			return err
		})
		return m, err
	case c == '[':
		a := []any{}
		ok, err := s.Array()
		for ok && err == nil {
			var v any
			if v, err = s.Value(); err == nil {
				a = append(a, v)
				ok, err = s.Next()
			}
		}
		return a, err
	case c == '"':
		b, err := s.Str()
		return string(b), err
	case c == '-' || ('0' <= c && c <= '9'):
		return s.Num()
	case c == 't' && s.Literal("true"):
		return true, nil
	case c == 'f' && s.Literal("false"):
		return false, nil
	case c == 'n' && s.Literal("null"):
		return nil, nil
	}
	return nil, s.Fail("expected a JSON value")
}

// end checks that nothing but white space follows the document.
func (s *Scanner) End() error {
	if s.WS() != 0 {
		return s.Fail("unexpected text after the end of the document")
	}
	return nil
}
