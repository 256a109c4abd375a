package crs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Bounds on a WKT text: a .prj or a GeoPackage definition is a few hundred
// bytes to a few kilobytes; these let a hostile one cost nothing.
const (
	MaxWKTBytes = 64 << 10 // 64 KiB
	maxWKTDepth = 32
	maxWKTNodes = 4096
)

// node is one WKT element: KEYWORD[arg, arg, ...]. An argument is a
// quoted text (text), a number (num) or a nested element (sub).
type node struct {
	key  string // upper case
	args []arg
}

type arg struct {
	text  string
	num   float64
	isNum bool
	sub   *node
}

// child is the first nested element named key (one of keys).
func (n *node) child(keys ...string) *node {
	for _, a := range n.args {
		if a.sub == nil {
			continue
		}
		for _, k := range keys {
			if a.sub.key == k {
				return a.sub
			}
		}
	}
	return nil
}

// children are every nested element named key.
func (n *node) children(key string) []*node {
	var out []*node
	for _, a := range n.args {
		if a.sub != nil && a.sub.key == key {
			out = append(out, a.sub)
		}
	}
	return out
}

// name is the element's first argument when it is a text ("" otherwise).
func (n *node) name() string {
	if n == nil || len(n.args) == 0 || n.args[0].sub != nil || n.args[0].isNum {
		return ""
	}
	return n.args[0].text
}

// number is the element's i-th argument as a number.
func (n *node) number(i int) (float64, bool) {
	if n == nil || i >= len(n.args) || !n.args[i].isNum {
		return 0, false
	}
	return n.args[i].num, true
}

// parseWKT reads OGC WKT (version 1, ESRI's dialect of it, or version 2):
// keywords, brackets or parentheses, quoted texts ("" inside a text is a
// quote), numbers, and commas. It is bounded in size, depth and elements.
func parseWKT(s string) (*node, error) {
	if len(s) > MaxWKTBytes {
		return nil, fmt.Errorf("the WKT is %d bytes, more than the %d a coordinate system takes", len(s), MaxWKTBytes)
	}
	p := &wktParser{s: s}
	p.ws()
	n, err := p.element(0)
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.i < len(p.s) {
		return nil, fmt.Errorf("at byte %d: text after the coordinate system", p.i)
	}
	return n, nil
}

type wktParser struct {
	s     string
	i     int
	nodes int
}

func (p *wktParser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *wktParser) fail(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *wktParser) element(depth int) (*node, error) {
	if depth > maxWKTDepth {
		return nil, p.fail("nested more than %d levels", maxWKTDepth)
	}
	if p.nodes++; p.nodes > maxWKTNodes {
		return nil, p.fail("more than %d elements", maxWKTNodes)
	}
	start := p.i
	for p.i < len(p.s) && (isLetter(p.s[p.i]) || (p.i > start && (isDigit(p.s[p.i]) || p.s[p.i] == '_'))) {
		p.i++
	}
	if p.i == start {
		return nil, p.fail("expected a keyword")
	}
	n := &node{key: strings.ToUpper(p.s[start:p.i])}
	p.ws()
	if p.i >= len(p.s) || (p.s[p.i] != '[' && p.s[p.i] != '(') {
		return n, nil // a bare keyword (an axis direction: NORTH, EAST)
	}
	closing := byte(']')
	if p.s[p.i] == '(' {
		closing = ')'
	}
	p.i++
	for {
		p.ws()
		if p.i >= len(p.s) {
			return nil, p.fail("unexpected end: %q is not closed", n.key)
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			t, err := p.text()
			if err != nil {
				return nil, err
			}
			n.args = append(n.args, arg{text: t})
		case c == '-' || c == '+' || c == '.' || isDigit(c):
			v, err := p.number()
			if err != nil {
				return nil, err
			}
			n.args = append(n.args, arg{num: v, isNum: true})
		case isLetter(c):
			sub, err := p.element(depth + 1)
			if err != nil {
				return nil, err
			}
			n.args = append(n.args, arg{sub: sub})
		default:
			return nil, p.fail("unexpected %q", c)
		}
		p.ws()
		if p.i >= len(p.s) {
			return nil, p.fail("unexpected end: %q is not closed", n.key)
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case closing:
			p.i++
			return n, nil
		default:
			return nil, p.fail("expected ',' or %q", closing)
		}
	}
}

func (p *wktParser) text() (string, error) {
	var b strings.Builder
	p.i++ // the opening quote
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		if c != '"' {
			b.WriteByte(c)
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == '"' { // "" is a quote
			b.WriteByte('"')
			p.i++
			continue
		}
		return b.String(), nil
	}
	return "", errors.New("a quoted text is not closed")
}

func (p *wktParser) number() (float64, error) {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte("+-.0123456789eE", p.s[p.i]) >= 0 {
		p.i++
	}
	v, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil {
		return 0, p.fail("%q is not a number", p.s[start:p.i])
	}
	return v, nil
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// normal is a WKT name as this package compares it: lower case letters and
// digits only, so that "Transverse_Mercator", "Transverse Mercator" and
// "transverse-mercator" match.
func normal(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}
