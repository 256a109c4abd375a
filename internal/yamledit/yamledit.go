// Package yamledit edits a YAML document in place, the way a person would:
// it parses the text (goccy/go-yaml) only to find where things are, and
// splices the new text in at those places, so every comment, blank line,
// key order and style (flow or block) of the rest of the file stays as it
// was. It also writes YAML scalars that read back as the same string.
package yamledit

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// Quote writes s as a YAML scalar that reads back as the string s: plain
// when nothing could misread it, else double-quoted with escapes. Names like
// `.inf`, `yes`, `null`, `012`, ` leading space`, `a: b`, `#x` or a newline
// are quoted.
func Quote(s string) string {
	if plainSafe(s) {
		return s
	}
	return strconv.Quote(s)
}

var (
	plainShape = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N} .'()/&_+-]*$`)
	numberLike = regexp.MustCompile(`^[-+]?[0-9][0-9_.,]*([eE][-+]?[0-9]+)?$|^0[xXoObB]|^[0-9]+[-:]`)
	special    = map[string]bool{
		"y": true, "n": true, "yes": true, "no": true, "on": true, "off": true, "true": true, "false": true,
		"null": true, "~": true,
	}
)

func plainSafe(s string) bool {
	if s == "" || !plainShape.MatchString(s) || strings.HasSuffix(s, " ") || numberLike.MatchString(s) {
		return false
	}
	return !special[strings.ToLower(s)]
}

// Value writes a value as YAML flow text: a string (quoted when needed), a
// number, a bool, a map of such (keys in the order given by Keys, or
// sorted), or a slice of such.
func Value(v any) string {
	switch x := v.(type) {
	case string:
		return Quote(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case []string:
		parts := make([]string, len(x))
		for i, s := range x {
			parts[i] = Quote(s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case Map:
		parts := make([]string, len(x))
		for i, kv := range x {
			parts[i] = Quote(kv.Key) + ": " + Value(kv.Value)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case map[string]any:
		return Value(MapOf(x))
	}
	return Quote(fmt.Sprint(v))
}

// Map is a flow mapping with its keys in order.
type Map []KV

// KV is one entry of a Map.
type KV struct {
	Key   string
	Value any
}

// MapOf orders a map's keys: a, b, kind, why first (links read that way),
// then the rest sorted.
func MapOf(m map[string]any) Map {
	var out Map
	for _, k := range []string{"a", "b", "kind", "why"} {
		if v, ok := m[k]; ok {
			out = append(out, KV{k, v})
		}
	}
	var rest []string
	for k := range m {
		switch k {
		case "a", "b", "kind", "why":
		default:
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range rest {
		out = append(out, KV{k, m[k]})
	}
	return out
}

// Set makes the value at path (mapping keys from the document's top) v:
// the scalar there is replaced, or the missing keys are added at the end of
// the deepest mapping that exists (in its style, flow or block).
func Set(src []byte, path []string, v any) ([]byte, error) {
	return edit(src, path, v, false)
}

// Append adds v to the end of the sequence at path, creating the sequence
// (and its parents) when missing.
func Append(src []byte, path []string, v any) ([]byte, error) {
	return edit(src, path, v, true)
}

// doc is the text and its line starts.
type doc struct {
	src   []byte
	lines []int // byte offset of each line's start
}

func newDoc(src []byte) *doc {
	d := &doc{src: src, lines: []int{0}}
	for i, c := range src {
		if c == '\n' {
			d.lines = append(d.lines, i+1)
		}
	}
	return d
}

// offset turns goccy's 1-based line and column (in runes) into a byte offset.
func (d *doc) offset(line, col int) int {
	if line < 1 || line > len(d.lines) {
		return len(d.src)
	}
	off := d.lines[line-1]
	for c := 1; c < col && off < len(d.src) && d.src[off] != '\n'; c++ {
		_, size := decodeRune(d.src[off:])
		off += size
	}
	return off
}

func decodeRune(b []byte) (rune, int) {
	r := []rune(string(b[:min(len(b), 4)]))
	if len(r) == 0 {
		return 0, 1
	}
	return r[0], len(string(r[0]))
}

func edit(src []byte, path []string, v any, appendTo bool) ([]byte, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("yamledit: an empty path")
	}
	f, err := parser.ParseBytes(src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("yamledit: %w", err)
	}
	if len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return nil, fmt.Errorf("yamledit: the document is empty")
	}
	d := newDoc(src)
	m, ok := asMapping(f.Docs[0].Body)
	if !ok {
		return nil, fmt.Errorf("yamledit: the document is not a mapping")
	}
	for i, key := range path {
		mv := find(m, key)
		if mv == nil {
			rest := path[i:]
			var val string
			if appendTo {
				val = "[" + Value(v) + "]"
			} else {
				val = Value(v)
			}
			return d.insert(m, rest, val)
		}
		last := i == len(path)-1
		if !last {
			next, ok := asMapping(mv.Value)
			if ok {
				m = next
				continue
			}
			if isNull(mv.Value) {
				return d.fillNull(mv, path[i+1:], v, appendTo)
			}
			return nil, fmt.Errorf("yamledit: %s is not a mapping (line %d)", strings.Join(path[:i+1], "."), mv.Key.GetToken().Position.Line)
		}
		if appendTo {
			seq, ok := unwrap(mv.Value).(*ast.SequenceNode)
			if !ok {
				if isNull(mv.Value) {
					return d.fillNull(mv, nil, v, true)
				}
				return nil, fmt.Errorf("yamledit: %s is not a sequence (line %d)", strings.Join(path, "."), mv.Key.GetToken().Position.Line)
			}
			return d.appendSeq(seq, Value(v))
		}
		if isNull(mv.Value) {
			return d.fillNull(mv, nil, v, false)
		}
		switch unwrap(mv.Value).(type) {
		case *ast.MappingNode, *ast.SequenceNode:
			return nil, fmt.Errorf("yamledit: %s holds a collection, not a value (line %d)", strings.Join(path, "."), mv.Key.GetToken().Position.Line)
		}
		tk := mv.Value.GetToken()
		start := d.offset(tk.Position.Line, tk.Position.Column)
		end := d.scalarEnd(start, flowParent(m))
		return splice(src, start, end, Value(v)), nil
	}
	return nil, fmt.Errorf("yamledit: unreachable")
}

func unwrap(n ast.Node) ast.Node {
	for {
		switch x := n.(type) {
		case *ast.TagNode:
			n = x.Value
		case *ast.AnchorNode:
			n = x.Value
		default:
			return n
		}
	}
}

func isNull(n ast.Node) bool {
	if n == nil {
		return true
	}
	_, ok := unwrap(n).(*ast.NullNode)
	return ok
}

func asMapping(n ast.Node) (*ast.MappingNode, bool) {
	switch x := unwrap(n).(type) {
	case *ast.MappingNode:
		return x, true
	case *ast.MappingValueNode:
		return &ast.MappingNode{Values: []*ast.MappingValueNode{x}}, true
	}
	return nil, false
}

func find(m *ast.MappingNode, key string) *ast.MappingValueNode {
	for _, mv := range m.Values {
		if keyText(mv) == key {
			return mv
		}
	}
	return nil
}

func keyText(mv *ast.MappingValueNode) string {
	if s, ok := mv.Key.(*ast.StringNode); ok {
		return s.Value
	}
	return mv.Key.GetToken().Value
}

func flowParent(m *ast.MappingNode) bool { return m.IsFlowStyle }

// scalarEnd finds where the scalar starting at off ends.
func (d *doc) scalarEnd(off int, flow bool) int {
	s := d.src
	if off >= len(s) {
		return off
	}
	switch s[off] {
	case '"':
		for i := off + 1; i < len(s); i++ {
			if s[i] == '\\' {
				i++
				continue
			}
			if s[i] == '"' {
				return i + 1
			}
		}
		return len(s)
	case '\'':
		for i := off + 1; i < len(s); i++ {
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					i++
					continue
				}
				return i + 1
			}
		}
		return len(s)
	}
	end := off
	for i := off; i < len(s); i++ {
		c := s[i]
		if c == '\n' || c == '\r' || (c == '#' && i > off && (s[i-1] == ' ' || s[i-1] == '\t')) {
			break
		}
		if flow && (c == ',' || c == '}' || c == ']') {
			break
		}
		end = i + 1
	}
	for end > off && (s[end-1] == ' ' || s[end-1] == '\t') {
		end--
	}
	return end
}

func splice(src []byte, start, end int, text string) []byte {
	out := make([]byte, 0, len(src)+len(text))
	out = append(out, src[:start]...)
	out = append(out, text...)
	return append(out, src[end:]...)
}

// nested writes keys rest[0]: {rest[1]: ... val} as flow text.
func nested(rest []string, val string) string {
	s := val
	for i := len(rest) - 1; i >= 1; i-- {
		s = "{" + Quote(rest[i]) + ": " + s + "}"
	}
	return Quote(rest[0]) + ": " + s
}

// insert adds rest (missing keys) with val to mapping m.
func (d *doc) insert(m *ast.MappingNode, rest []string, val string) ([]byte, error) {
	if m.IsFlowStyle {
		end := m.End
		if end == nil {
			return nil, fmt.Errorf("yamledit: a flow mapping without its end")
		}
		at := d.offset(end.Position.Line, end.Position.Column)
		text := nested(rest, val)
		if len(m.Values) > 0 {
			text = ", " + text
		}
		return splice(d.src, at, at, text), nil
	}
	if len(m.Values) == 0 {
		return nil, fmt.Errorf("yamledit: an empty block mapping")
	}
	first := m.Values[0].Key.GetToken().Position
	indent := first.Column - 1
	lastLine := d.blockEnd(m.Values[len(m.Values)-1].Key.GetToken().Position.Line, indent)
	var b strings.Builder
	pad := strings.Repeat(" ", indent)
	// Block style for the keys to create, flow for the value.
	for i, k := range rest {
		b.WriteString(pad + strings.Repeat("  ", i) + Quote(k) + ":")
		if i == len(rest)-1 {
			b.WriteString(" " + val)
		}
		b.WriteString("\n")
	}
	at := d.lineEnd(lastLine)
	text := b.String()
	if at == len(d.src) && (len(d.src) == 0 || d.src[len(d.src)-1] != '\n') {
		text = "\n" + text
	}
	return splice(d.src, at, at, text), nil
}

// blockEnd is the last non-blank line of the block entry that starts on
// line (1-based) at indent: the following lines indented deeper belong to it.
func (d *doc) blockEnd(line, indent int) int {
	last := line
	for l := line + 1; l <= len(d.lines); l++ {
		text := d.line(l)
		trimmed := strings.TrimLeft(text, " ")
		if strings.TrimSpace(trimmed) == "" {
			continue
		}
		if len(text)-len(trimmed) <= indent {
			break
		}
		last = l
	}
	return last
}

func (d *doc) line(l int) string {
	start := d.lines[l-1]
	end := len(d.src)
	if l < len(d.lines) {
		end = d.lines[l] - 1
	}
	return strings.TrimRight(string(d.src[start:end]), "\r")
}

// lineEnd is the offset just after line l's newline.
func (d *doc) lineEnd(l int) int {
	if l < len(d.lines) {
		return d.lines[l]
	}
	return len(d.src)
}

// appendSeq adds item to the end of a sequence.
func (d *doc) appendSeq(seq *ast.SequenceNode, item string) ([]byte, error) {
	if seq.IsFlowStyle {
		end := seq.End
		if end == nil {
			return nil, fmt.Errorf("yamledit: a flow sequence without its end")
		}
		at := d.offset(end.Position.Line, end.Position.Column)
		text := item
		if len(seq.Values) > 0 {
			text = ", " + item
		}
		return splice(d.src, at, at, text), nil
	}
	if len(seq.Values) == 0 {
		return nil, fmt.Errorf("yamledit: an empty block sequence")
	}
	dash := seq.Start.Position
	indent := dash.Column - 1
	lastItem := seq.Values[len(seq.Values)-1].GetToken().Position.Line
	last := d.blockEnd(lastItem, indent)
	at := d.lineEnd(last)
	text := strings.Repeat(" ", indent) + "- " + item + "\n"
	if at == len(d.src) && len(d.src) > 0 && d.src[len(d.src)-1] != '\n' {
		text = "\n" + text
	}
	return splice(d.src, at, at, text), nil
}

// fillNull replaces the empty value of mv (`key:` with nothing) with rest
// and v as flow text.
func (d *doc) fillNull(mv *ast.MappingValueNode, rest []string, v any, appendTo bool) ([]byte, error) {
	val := Value(v)
	if appendTo {
		val = "[" + val + "]"
	}
	if len(rest) > 0 {
		val = "{" + nested(rest, val) + "}"
	}
	kt := mv.Key.GetToken()
	keyStart := d.offset(kt.Position.Line, kt.Position.Column)
	// Find the colon after the key, then replace what follows it on the line
	// (an explicit null such as ~ or null included), keeping a comment.
	i := keyStart + len(kt.Value)
	if kt.Value != "" && i < len(d.src) && (d.src[keyStart] == '"' || d.src[keyStart] == '\'') {
		i = d.scalarEnd(keyStart, false)
	}
	for i < len(d.src) && d.src[i] != ':' && d.src[i] != '\n' {
		i++
	}
	if i >= len(d.src) || d.src[i] != ':' {
		return nil, fmt.Errorf("yamledit: no colon after key %q (line %d)", kt.Value, kt.Position.Line)
	}
	i++
	end := i
	for end < len(d.src) && d.src[end] != '\n' && !(d.src[end] == '#' && (d.src[end-1] == ' ' || d.src[end-1] == '\t')) {
		end++
	}
	for end > i && (d.src[end-1] == ' ' || d.src[end-1] == '\t') {
		end--
	}
	text := " " + val
	if end < len(d.src) && d.src[end] == '#' {
		text += " "
	}
	return splice(d.src, i, end, text), nil
}
