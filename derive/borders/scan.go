package borders

import (
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// scanner is a strict JSON reader over a byte slice that hands out tokens one
// at a time, so that coordinates go straight into float64s without building a
// tree of interfaces first. Errors carry the byte offset; line and column are
// worked out only when an error or a finding is reported.
type scanner struct {
	src   []byte
	pos   int
	depth int
	keys  [maxDepth + 1]keySet // the member names of the object open at each depth
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

// maxDepth bounds nesting (the same limit as internal/srcpos): a borders file
// nests six or seven levels, a 100,000-level one is an attack.
const maxDepth = 256

// syntaxError is malformed JSON (or a value of the wrong kind) at a byte offset.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

func (s *scanner) fail(msg string) error {
	if s.pos >= len(s.src) {
		return &syntaxError{len(s.src), "unexpected end of input (the file is truncated?)"}
	}
	return &syntaxError{s.pos, msg}
}

// ws skips white space and returns the next byte (0 at the end).
func (s *scanner) ws() byte {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			return c
		}
		s.pos++
	}
	return 0
}

func (s *scanner) expect(c byte, what string) error {
	if s.ws() != c {
		return s.fail("expected " + what)
	}
	s.pos++
	return nil
}

// more is called after an element of an array or object: it consumes a ','
// and reports true, or consumes the closing byte and reports false.
func (s *scanner) more(closing byte) (bool, error) {
	switch s.ws() {
	case ',':
		s.pos++
		return true, nil
	case closing:
		s.pos++
		return false, nil
	}
	if closing == ']' {
		return false, s.fail("expected ',' or ']'")
	}
	return false, s.fail("expected ',' or '}'")
}

// enter consumes an opening bracket (already checked) and counts depth.
func (s *scanner) enter() error {
	s.depth++
	if s.depth > maxDepth {
		return s.fail("document nested deeper than 256 levels")
	}
	s.pos++
	return nil
}

// array reads '[' and reports whether the array has any element; when it has
// none the closing ']' is consumed as well.
func (s *scanner) array() (bool, error) {
	if s.ws() != '[' {
		return false, s.fail("expected an array")
	}
	if err := s.enter(); err != nil {
		return false, err
	}
	if s.ws() == ']' {
		s.pos++
		s.depth--
		return false, nil
	}
	return true, nil
}

// next is more(']') with the depth bookkeeping of array().
func (s *scanner) next() (bool, error) {
	ok, err := s.more(']')
	if err == nil && !ok {
		s.depth--
	}
	return ok, err
}

// openObject reads '{' and reports whether the object has any member;
// when it has none the closing '}' is consumed as well. Members are then
// read with key and nextMember, as array elements with next:
//
//	ok, err := s.openObject()
//	for ok && err == nil {
//		key, err := s.key() ... read the value ...
//		ok, err = s.nextMember()
//	}
func (s *scanner) openObject() (bool, error) {
	if s.ws() != '{' {
		return false, s.fail("expected an object")
	}
	if err := s.enter(); err != nil {
		return false, err
	}
	s.keys[s.depth].reset()
	if s.ws() == '}' {
		s.pos++
		s.depth--
		return false, nil
	}
	return true, nil
}

// key reads a member name and its ':', leaving the scanner on the value.
func (s *scanner) key() ([]byte, error) {
	if s.ws() != '"' {
		return nil, s.fail("expected a member name in double quotes")
	}
	at := s.pos
	key, err := s.str()
	if err != nil {
		return nil, err
	}
	if !s.keys[s.depth].add(key) {
		// A reader that keeps the last would see another feature than
		// one that keeps the first; the pack reader refuses this too.
		s.pos = at
		return nil, s.fail("duplicate key " + strconv.Quote(string(key)) + " in one object (JSON readers disagree on which one counts)")
	}
	if err := s.expect(':', "':' after a member name"); err != nil {
		return nil, err
	}
	s.ws()
	return key, nil
}

// nextMember is more('}') with the depth bookkeeping of openObject.
func (s *scanner) nextMember() (bool, error) {
	ok, err := s.more('}')
	if err == nil && !ok {
		s.depth--
	}
	return ok, err
}

// object iterates the members of an object, calling fn with each key while
// the scanner sits on the member's value; fn must consume the value.
func (s *scanner) object(fn func(key []byte) error) error {
	ok, err := s.openObject()
	for ok && err == nil {
		var key []byte
		if key, err = s.key(); err != nil {
			return err
		}
		if err = fn(key); err != nil {
			return err
		}
		ok, err = s.nextMember()
	}
	return err
}

// str reads a string token. Without escapes the result aliases the source;
// with escapes it is a fresh slice. Invalid UTF-8 becomes U+FFFD, as
// encoding/json does.
func (s *scanner) str() ([]byte, error) {
	if s.ws() != '"' {
		return nil, s.fail("expected a string")
	}
	s.pos++
	start := s.pos
	ascii := true
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '"':
			out := s.src[start:s.pos]
			s.pos++
			if !ascii && !utf8.Valid(out) {
				out = []byte(string([]rune(string(out))))
			}
			return out, nil
		case c == '\\':
			return s.strEscaped(start)
		case c < 0x20:
			return nil, s.fail("control character in a string (escape it)")
		case c >= 0x80:
			ascii = false
		}
		s.pos++
	}
	return nil, s.fail("unterminated string")
}

func (s *scanner) strEscaped(start int) ([]byte, error) {
	out := append([]byte(nil), s.src[start:s.pos]...)
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '"':
			s.pos++
			if !utf8.Valid(out) {
				out = []byte(string([]rune(string(out))))
			}
			return out, nil
		case c < 0x20:
			return nil, s.fail("control character in a string (escape it)")
		case c != '\\':
			out = append(out, c)
			s.pos++
			continue
		}
		s.pos++
		if s.pos >= len(s.src) {
			return nil, s.fail("unterminated string")
		}
		e := s.src[s.pos]
		s.pos++
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
				return nil, s.fail("bad \\u escape")
			}
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				if s.pos+1 < len(s.src) && s.src[s.pos] == '\\' && s.src[s.pos+1] == 'u' {
					save := s.pos
					s.pos += 2
					if lo, ok := s.hex4(); ok && utf16.DecodeRune(r, lo) != utf8.RuneError {
						r2 = utf16.DecodeRune(r, lo)
					} else {
						s.pos = save
					}
				}
				r = r2
			}
			out = utf8.AppendRune(out, r)
		default:
			s.pos--
			return nil, s.fail("bad escape in a string")
		}
	}
	return nil, s.fail("unterminated string")
}

func (s *scanner) hex4() (rune, bool) {
	if s.pos+4 > len(s.src) {
		return 0, false
	}
	var r rune
	for _, c := range s.src[s.pos : s.pos+4] {
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
	s.pos += 4
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
func (s *scanner) num() (float64, error) {
	s.ws() // white space is legal before any value, "[0, 0]" included
	src := s.src
	start := s.pos
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
		s.pos = i
		return 0, s.fail("expected a number")
	}
	if i < len(src) && src[i] == '.' {
		i++
		if i >= len(src) || src[i] < '0' || src[i] > '9' {
			s.pos = i
			return 0, s.fail("expected a digit after '.'")
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
			s.pos = i
			return 0, s.fail("expected a digit in the exponent")
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
	s.pos = i
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
func (s *scanner) literal(word string) bool {
	if len(s.src)-s.pos >= len(word) && string(s.src[s.pos:s.pos+len(word)]) == word {
		s.pos += len(word)
		return true
	}
	return false
}

// null consumes a null and reports whether there was one.
func (s *scanner) null() bool {
	return s.ws() == 'n' && s.literal("null")
}

// skip checks and skips one value of any kind.
func (s *scanner) skip() error {
	switch c := s.ws(); {
	case c == '{':
		return s.object(func([]byte) error { return s.skip() })
	case c == '[':
		ok, err := s.array()
		for ok && err == nil {
			if err = s.skip(); err == nil {
				ok, err = s.next()
			}
		}
		return err
	case c == '"':
		_, err := s.str()
		return err
	case c == '-' || ('0' <= c && c <= '9'):
		_, err := s.num()
		return err
	case c == 't' && s.literal("true"), c == 'f' && s.literal("false"), c == 'n' && s.literal("null"):
		return nil
	}
	return s.fail("expected a JSON value")
}

// value reads one value of any kind into the types encoding/json uses
// (map[string]any, []any, string, float64, bool, nil).
func (s *scanner) value() (any, error) {
	switch c := s.ws(); {
	case c == '{':
		m := map[string]any{}
		err := s.object(func(key []byte) error {
			v, err := s.value()
			m[string(key)] = v
			return err
		})
		return m, err
	case c == '[':
		a := []any{}
		ok, err := s.array()
		for ok && err == nil {
			var v any
			if v, err = s.value(); err == nil {
				a = append(a, v)
				ok, err = s.next()
			}
		}
		return a, err
	case c == '"':
		b, err := s.str()
		return string(b), err
	case c == '-' || ('0' <= c && c <= '9'):
		return s.num()
	case c == 't' && s.literal("true"):
		return true, nil
	case c == 'f' && s.literal("false"):
		return false, nil
	case c == 'n' && s.literal("null"):
		return nil, nil
	}
	return nil, s.fail("expected a JSON value")
}

// end checks that nothing but white space follows the document.
func (s *scanner) end() error {
	if s.ws() != 0 {
		return s.fail("unexpected text after the end of the document")
	}
	return nil
}
