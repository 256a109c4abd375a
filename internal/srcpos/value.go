package srcpos

import (
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// ErrRefused is what Value returns for a document JSON refuses (a syntax
// error, a key twice, too deep, not UTF-8 text): JSON says where and why.
var ErrRefused = errors.New("not a document srcpos.JSON takes")

// Value reads a JSON document into plain values (map[string]any, []any,
// string, json.Number, bool, nil), as encoding/json with UseNumber does,
// and accepts exactly the documents JSON accepts (one value, nested at most
// MaxDepth levels, no key twice in an object, UTF-8 with no byte order
// mark), but builds no index: it is for the documents that turn out valid,
// whose places nobody asks for. A document it refuses gets ErrRefused, with
// no place: call JSON for the line and column of the fault.
func Value(src []byte) (any, error) {
	if !utf8.Valid(src) || len(src) >= 3 && src[0] == 0xef && src[1] == 0xbb && src[2] == 0xbf {
		return nil, ErrRefused
	}
	p := valueParser{src: src}
	v, ok := p.value(0)
	if !ok {
		return nil, ErrRefused
	}
	p.space()
	if p.pos != len(src) {
		return nil, ErrRefused
	}
	return v, nil
}

type valueParser struct {
	src []byte
	pos int
}

func (p *valueParser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// value reads one value at nesting depth (0 for the document itself).
func (p *valueParser) value(depth int) (any, bool) {
	p.space()
	if p.pos >= len(p.src) {
		return nil, false
	}
	switch c := p.src[p.pos]; c {
	case '{':
		if depth >= MaxDepth {
			return nil, false
		}
		return p.object(depth)
	case '[':
		if depth >= MaxDepth {
			return nil, false
		}
		return p.array(depth)
	case '"':
		s, ok := p.string()
		return s, ok
	case 't':
		return true, p.literal("true")
	case 'f':
		return false, p.literal("false")
	case 'n':
		return nil, p.literal("null")
	default:
		if c == '-' || c >= '0' && c <= '9' {
			return p.number()
		}
	}
	return nil, false
}

func (p *valueParser) literal(word string) bool {
	if len(p.src)-p.pos < len(word) || string(p.src[p.pos:p.pos+len(word)]) != word {
		return false
	}
	p.pos += len(word)
	return true
}

func (p *valueParser) object(depth int) (any, bool) {
	p.pos++ // {
	m := map[string]any{}
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return m, true
	}
	for {
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return nil, false
		}
		key, ok := p.string()
		if !ok {
			return nil, false
		}
		if _, dup := m[key]; dup {
			return nil, false
		}
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return nil, false
		}
		p.pos++
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		m[key] = v
		if more, ok := p.next('}'); !ok || !more {
			return m, ok
		}
	}
}

// next reads what follows a member or an element: a comma (more to come)
// or the closing bracket.
func (p *valueParser) next(closing byte) (more, ok bool) {
	p.space()
	if p.pos >= len(p.src) {
		return false, false
	}
	switch p.src[p.pos] {
	case ',':
		p.pos++
		return true, true
	case closing:
		p.pos++
		return false, true
	}
	return false, false
}

func (p *valueParser) array(depth int) (any, bool) {
	p.pos++ // [
	a := []any{}
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		return a, true
	}
	for {
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		a = append(a, v)
		if more, ok := p.next(']'); !ok || !more {
			return a, ok
		}
	}
}

// number reads a number by the JSON grammar, keeping its text.
func (p *valueParser) number() (any, bool) {
	start := p.pos
	if !p.skipNumber() {
		return nil, false
	}
	return json.Number(p.src[start:p.pos]), true
}

// skipNumber reads past a number by the JSON grammar.
func (p *valueParser) skipNumber() bool {
	digits := func() int {
		n := 0
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.src[p.pos] == '-' {
		p.pos++
	}
	if p.pos < len(p.src) && p.src[p.pos] == '0' {
		p.pos++
	} else if digits() == 0 {
		return false
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return false
		}
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// string reads a string. One with escapes (rare in a pack) is handed to
// encoding/json, whose reading of them (a lone surrogate is U+FFFD) this
// reader must match.
func (p *valueParser) string() (string, bool) {
	start := p.pos
	escaped, ok := p.skipString()
	if !ok {
		return "", false
	}
	if !escaped {
		return string(p.src[start+1 : p.pos-1]), true
	}
	var s string
	if json.Unmarshal(p.src[start:p.pos], &s) != nil {
		return "", false
	}
	return s, true
}

// skipString reads past a string, reporting whether it holds an escape.
// An escape's own rules are left to encoding/json (string).
func (p *valueParser) skipString() (escaped, ok bool) {
	p.pos++ // "
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			return escaped, true
		case c == '\\':
			escaped = true
			p.pos++ // the escaped byte is no quote that ends the string
		case c < 0x20:
			return false, false
		}
		p.pos++
	}
	return false, false
}
