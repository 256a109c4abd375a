// Package yamledit edits a YAML document in place, the way a person would:
// it parses the text (goccy/go-yaml) only to find where things are, and
// splices the new text in at those places, so every comment, blank line,
// key order and style (flow or block) of the rest of the file stays as it
// was, and so do its line endings (LF, CRLF or CR alone) and byte-order
// mark. Every edit is read back (internal/srcpos, the reader builds use)
// before it is returned: the result holds exactly the edit, or the edit is
// refused with the reason. It also writes YAML scalars that read back as
// the same string.
//
// It does not decide what to edit (advise does), nor write files.
package yamledit

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/tendays/tendays/internal/srcpos"
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
	return editFile(src, path, v, false)
}

// Append adds v to the end of the sequence at path, creating the sequence
// (and its parents) when missing.
func Append(src []byte, path []string, v any) ([]byte, error) {
	return editFile(src, path, v, true)
}

// ErrNotExact is wrapped by the error for an edit this package cannot make
// exactly in the document's layout (the spliced text would read as more,
// or less, than the edit): the file is left for a person to edit.
var ErrNotExact = errors.New("cannot make this edit exactly in this layout")

var bom = []byte("\ufeff")

// editFile makes one edit: the text is read with its line breaks made LF,
// the edit is planned there as one splice, and the splice is made in the
// original bytes with the file's own line breaks; then the result is read
// back and compared with what the edit promises.
func editFile(src []byte, path []string, v any, appendTo bool) ([]byte, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("yamledit: an empty path")
	}
	if !validText(v) {
		return nil, fmt.Errorf("yamledit: %s: the value is not valid UTF-8 text, which YAML cannot hold", strings.Join(path, "."))
	}
	body, hadBOM := bytes.CutPrefix(src, bom)
	t := normalize(body)
	c, err := (&doc{src: t.norm, lines: lineStarts(t.norm)}).plan(path, v, appendTo)
	if err != nil {
		return nil, err
	}
	out := t.apply(c)
	if err := verify(body, out, path, v, appendTo); err != nil {
		return nil, err
	}
	if hadBOM {
		out = append(slices.Clip(bom), out...)
	}
	return out, nil
}

// validText reports whether every string in v is valid UTF-8: YAML's
// escapes name characters, not bytes, so other text cannot be written.
func validText(v any) bool {
	switch x := v.(type) {
	case string:
		return utf8.ValidString(x)
	case []string:
		for _, s := range x {
			if !utf8.ValidString(s) {
				return false
			}
		}
	case Map:
		for _, kv := range x {
			if !utf8.ValidString(kv.Key) || !validText(kv.Value) {
				return false
			}
		}
	case map[string]any:
		return validText(MapOf(x))
	}
	return true
}

// text is a document's bytes and the same with every line break (CR LF,
// or CR alone, as YAML reads them) made LF; at maps each byte of norm (and
// its end) to where it starts in orig.
type text struct {
	orig, norm []byte
	at         []int
}

func normalize(orig []byte) *text {
	t := &text{orig: orig, norm: make([]byte, 0, len(orig)), at: make([]int, 0, len(orig)+1)}
	for i := 0; i < len(orig); i++ {
		t.at = append(t.at, i)
		if orig[i] == '\r' {
			if i+1 < len(orig) && orig[i+1] == '\n' {
				i++
			}
			t.norm = append(t.norm, '\n')
			continue
		}
		t.norm = append(t.norm, orig[i])
	}
	t.at = append(t.at, len(orig))
	return t
}

// apply makes a change planned on norm in orig, its new line breaks
// written as the file writes the line break nearest the place.
func (t *text) apply(c change) []byte {
	start, end := t.at[c.start], t.at[c.end]
	return splice(t.orig, start, end, strings.ReplaceAll(c.text, "\n", t.lineBreakNear(start)))
}

// lineBreakNear is the first line break at or after off, else the last one
// before it, else LF.
func (t *text) lineBreakNear(off int) string {
	kind := func(i int) string {
		if t.orig[i] == '\n' {
			return "\n"
		}
		if i+1 < len(t.orig) && t.orig[i+1] == '\n' {
			return "\r\n"
		}
		return "\r"
	}
	if i := bytes.IndexAny(t.orig[off:], "\r\n"); i >= 0 {
		return kind(off + i)
	}
	if i := bytes.LastIndexAny(t.orig[:off], "\r\n"); i >= 0 {
		if t.orig[i] == '\n' && i > 0 && t.orig[i-1] == '\r' {
			i--
		}
		return kind(i)
	}
	return "\n"
}

// change is one splice planned on the LF text: [start, end) becomes text.
type change struct {
	start, end int
	text       string
}

// doc is the LF text and its line starts.
type doc struct {
	src   []byte
	lines []int // byte offset of each line's start
}

func lineStarts(src []byte) []int {
	lines := []int{0}
	for i, c := range src {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// offset turns goccy's 1-based line and column (in runes) into a byte offset.
func (d *doc) offset(line, col int) int {
	if line < 1 || line > len(d.lines) {
		return len(d.src)
	}
	off := d.lines[line-1]
	for c := 1; c < col && off < len(d.src) && d.src[off] != '\n'; c++ {
		_, size := utf8.DecodeRune(d.src[off:])
		off += size
	}
	return off
}

func (d *doc) tokenOffset(n ast.Node) (int, bool) {
	if n == nil {
		return 0, false
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 0, false
	}
	return d.offset(tk.Position.Line, tk.Position.Column), true
}

// plan finds where the edit goes.
func (d *doc) plan(path []string, v any, appendTo bool) (change, error) {
	f, err := parser.ParseBytes(d.src, 0)
	if err != nil {
		return change{}, fmt.Errorf("yamledit: %w", err)
	}
	var bodies []ast.Node
	for _, doc := range f.Docs {
		if doc == nil || doc.Body == nil {
			continue
		}
		if _, directive := doc.Body.(*ast.DirectiveNode); !directive {
			bodies = append(bodies, doc.Body)
		}
	}
	switch {
	case len(bodies) == 0:
		return change{}, fmt.Errorf("yamledit: the document is empty")
	case len(bodies) > 1:
		return change{}, fmt.Errorf("yamledit: the file holds %d YAML documents, not one", len(bodies))
	}
	aliased := aliasNames(bodies[0])
	if err := guard(bodies[0], aliased, "the document"); err != nil {
		return change{}, err
	}
	m, ok := asMapping(bodies[0])
	if !ok {
		return change{}, fmt.Errorf("yamledit: the document is not a mapping")
	}
	val := Value(v)
	if appendTo {
		val = "[" + val + "]"
	}
	for i, key := range path {
		mv := find(m, key)
		if mv == nil {
			return d.insert(m, path[i:], val)
		}
		where := strings.Join(path[:i+1], ".")
		if err := guard(mv.Value, aliased, where); err != nil {
			return change{}, err
		}
		line := mv.Key.GetToken().Position.Line
		if i < len(path)-1 {
			if next, ok := asMapping(mv.Value); ok {
				m = next
				continue
			}
			if isNull(mv.Value) {
				return d.fillNull(mv, m.IsFlowStyle, "{"+nested(path[i+1:], val)+"}")
			}
			return change{}, fmt.Errorf("yamledit: %s is not a mapping (line %d)", where, line)
		}
		if isNull(mv.Value) {
			return d.fillNull(mv, m.IsFlowStyle, val)
		}
		if appendTo {
			seq, ok := unwrap(mv.Value).(*ast.SequenceNode)
			if !ok {
				return change{}, fmt.Errorf("yamledit: %s is not a sequence (line %d)", where, line)
			}
			return d.appendSeq(seq, Value(v))
		}
		switch unwrap(mv.Value).(type) {
		case *ast.MappingNode, *ast.SequenceNode:
			return change{}, fmt.Errorf("yamledit: %s holds a collection, not a value (line %d)", where, line)
		}
		return d.replaceScalar(mv, m.IsFlowStyle, Value(v))
	}
	return change{}, fmt.Errorf("yamledit: unreachable")
}

// aliasNames are the anchors the document's aliases name.
func aliasNames(n ast.Node) map[string]bool {
	names := map[string]bool{}
	ast.Walk(visitFunc(func(n ast.Node) {
		if a, ok := n.(*ast.AliasNode); ok && a.Value != nil {
			names[a.Value.String()] = true
		}
	}), n)
	return names
}

type visitFunc func(ast.Node)

func (f visitFunc) Visit(n ast.Node) ast.Visitor {
	f(n)
	return f
}

// guard refuses an edit through an alias (it would change the anchored
// value, everywhere it is used) or of a value whose anchor an alias uses
// (the edit would reach the alias too, or leave it naming nothing).
func guard(n ast.Node, aliased map[string]bool, where string) error {
	for {
		switch x := n.(type) {
		case *ast.AliasNode:
			return fmt.Errorf("yamledit: %s is an alias (%s): an edit there would change the anchored value everywhere it is used; write the value out in full first", where, x.String())
		case *ast.AnchorNode:
			if x.Name != nil && aliased[x.Name.String()] {
				return fmt.Errorf("yamledit: %s carries the anchor &%s, which an alias uses: the edit would reach the alias too; write the alias out in full first", where, x.Name.String())
			}
			n = x.Value
		case *ast.TagNode:
			n = x.Value
		default:
			return nil
		}
	}
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
	k := ast.Node(mv.Key)
	if mk, ok := k.(*ast.MappingKeyNode); ok {
		k = mk.Value
	}
	if s, ok := k.(*ast.StringNode); ok {
		return s.Value
	}
	return k.GetToken().Value
}

// scalarEnd finds where the scalar starting at off ends on its line (or,
// quoted, on a later one).
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
		if c == '\n' || (c == '#' && i > off && (s[i-1] == ' ' || s[i-1] == '\t')) {
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

// replaceScalar replaces the scalar value of mv (its tag and anchor too)
// with text. A block scalar (| or >) and a plain scalar continued on deeper
// lines run to their last line.
func (d *doc) replaceScalar(mv *ast.MappingValueNode, flow bool, text string) (change, error) {
	start, ok := d.tokenOffset(mv.Value)
	if !ok {
		return change{}, fmt.Errorf("yamledit: %s has no place in the text", keyText(mv))
	}
	end := d.scalarEnd(start, flow)
	if !flow {
		kt := mv.Key.GetToken().Position
		last := d.continuation(kt.Line, kt.Column-1, unwrap(mv.Value))
		if lastStart := d.lines[last-1]; last > kt.Line && lastStart > start {
			if _, block := unwrap(mv.Value).(*ast.LiteralNode); block {
				end = d.lineEnd(last) - 1
				if end < lastStart || d.src[end] != '\n' {
					end = d.lineEnd(last)
				}
			} else {
				end = d.scalarEnd(d.lines[last-1]+d.indentOf(last), false)
			}
		}
	}
	return change{start, end, text}, nil
}

// continuation is the last line of a block entry's scalar that starts on
// line at indent: a block scalar takes every deeper line (blank lines
// inside it too), a plain scalar the deeper lines up to a blank line or
// a comment.
func (d *doc) continuation(line, indent int, value ast.Node) int {
	if _, block := value.(*ast.LiteralNode); block {
		return d.blockEnd(line, indent)
	}
	last := line
	for l := line + 1; l <= len(d.lines); l++ {
		text := d.line(l)
		trimmed := strings.TrimLeft(text, " \t")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") || len(text)-len(trimmed) <= indent {
			break
		}
		last = l
	}
	return last
}

func (d *doc) indentOf(l int) int {
	text := d.line(l)
	return len(text) - len(strings.TrimLeft(text, " \t"))
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

// nodeEnd is where a value inside a flow collection ends, or false when
// it cannot be told (an implicit null).
func (d *doc) nodeEnd(n ast.Node) (int, bool) {
	switch x := n.(type) {
	case *ast.MappingValueNode:
		if x.Value == nil || isImplicitNull(x.Value) {
			return 0, false
		}
		return d.nodeEnd(x.Value)
	case *ast.TagNode:
		return d.nodeEnd(x.Value)
	case *ast.AnchorNode:
		return d.nodeEnd(x.Value)
	case *ast.MappingNode:
		if x.IsFlowStyle && x.End != nil && x.End.Position != nil {
			return d.offset(x.End.Position.Line, x.End.Position.Column) + 1, true
		}
		if len(x.Values) == 1 {
			// A single pair in a flow sequence, [a: b], is a mapping
			// without brackets.
			return d.nodeEnd(x.Values[0])
		}
		return 0, false
	case *ast.SequenceNode:
		if x.IsFlowStyle && x.End != nil && x.End.Position != nil {
			return d.offset(x.End.Position.Line, x.End.Position.Column) + 1, true
		}
		return 0, false
	case *ast.NullNode:
		if isImplicitNull(x) {
			return 0, false
		}
	}
	start, ok := d.tokenOffset(n)
	if !ok {
		return 0, false
	}
	return d.scalarEnd(start, true), true
}

func isImplicitNull(n ast.Node) bool {
	x, ok := unwrap(n).(*ast.NullNode)
	return ok && (x.Token == nil || x.Token.Type == token.ImplicitNullType)
}

// flowAppend places text as the last entry of a flow collection: after its
// last value (before a trailing comma or comment), or inside its opening
// bracket when it is empty.
func (d *doc) flowAppend(start, end *token.Token, last ast.Node, text string) (change, error) {
	if last != nil {
		if at, ok := d.nodeEnd(last); ok {
			return change{at, at, ", " + text}, nil
		}
	}
	if last == nil && start != nil && start.Position != nil {
		at := d.offset(start.Position.Line, start.Position.Column) + 1
		return change{at, at, text}, nil
	}
	if end == nil || end.Position == nil {
		return change{}, fmt.Errorf("yamledit: a flow collection without its end")
	}
	at := d.offset(end.Position.Line, end.Position.Column)
	return change{at, at, ", " + text}, nil
}

// insert adds rest (missing keys) with val to mapping m.
func (d *doc) insert(m *ast.MappingNode, rest []string, val string) (change, error) {
	if m.IsFlowStyle {
		var last ast.Node
		if len(m.Values) > 0 {
			last = m.Values[len(m.Values)-1]
		}
		return d.flowAppend(m.Start, m.End, last, nested(rest, val))
	}
	if len(m.Values) == 0 {
		return change{}, fmt.Errorf("yamledit: an empty block mapping")
	}
	first := m.Values[0].Key.GetToken().Position
	indent := first.Column - 1
	lastMV := m.Values[len(m.Values)-1]
	lastLine := max(d.blockEnd(lastMV.Key.GetToken().Position.Line, indent), lastLine(lastMV))
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
	if at == len(d.src) && len(d.src) > 0 && d.src[len(d.src)-1] != '\n' {
		text = "\n" + text
	}
	return change{at, at, text}, nil
}

// lastLine is the line a node ends on as far as its tokens tell: the
// closing bracket of a flow collection (which may sit left of the entry it
// closes), else the line of its last token.
func lastLine(n ast.Node) int {
	switch x := n.(type) {
	case *ast.MappingValueNode:
		if x.Value == nil || isImplicitNull(x.Value) {
			return lastLine(x.Key)
		}
		return max(lastLine(x.Key), lastLine(x.Value))
	case *ast.TagNode:
		return lastLine(x.Value)
	case *ast.AnchorNode:
		return lastLine(x.Value)
	case *ast.MappingNode:
		if x.IsFlowStyle && x.End != nil && x.End.Position != nil {
			return x.End.Position.Line
		}
		if len(x.Values) > 0 {
			return lastLine(x.Values[len(x.Values)-1])
		}
	case *ast.SequenceNode:
		if x.IsFlowStyle && x.End != nil && x.End.Position != nil {
			return x.End.Position.Line
		}
		if len(x.Values) > 0 {
			return lastLine(x.Values[len(x.Values)-1])
		}
	}
	if n == nil || n.GetToken() == nil || n.GetToken().Position == nil {
		return 0
	}
	return n.GetToken().Position.Line
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
	return string(d.src[start:end])
}

// lineEnd is the offset just after line l's newline.
func (d *doc) lineEnd(l int) int {
	if l < len(d.lines) {
		return d.lines[l]
	}
	return len(d.src)
}

// appendSeq adds item to the end of a sequence.
func (d *doc) appendSeq(seq *ast.SequenceNode, item string) (change, error) {
	if seq.IsFlowStyle {
		var last ast.Node
		if len(seq.Values) > 0 {
			last = seq.Values[len(seq.Values)-1]
		}
		return d.flowAppend(seq.Start, seq.End, last, item)
	}
	if len(seq.Values) == 0 {
		return change{}, fmt.Errorf("yamledit: an empty block sequence")
	}
	dash := seq.Start.Position
	indent := dash.Column - 1
	lastItem := seq.Values[len(seq.Values)-1]
	last := max(d.blockEnd(lastItem.GetToken().Position.Line, indent), lastLine(lastItem))
	at := d.lineEnd(last)
	text := strings.Repeat(" ", indent) + "- " + item + "\n"
	if at == len(d.src) && len(d.src) > 0 && d.src[len(d.src)-1] != '\n' {
		text = "\n" + text
	}
	return change{at, at, text}, nil
}

// fillNull gives the empty value of mv (`key:` with nothing, or an explicit
// ~ or null) the flow text val, keeping what follows on the line.
func (d *doc) fillNull(mv *ast.MappingValueNode, flow bool, val string) (change, error) {
	if !isImplicitNull(mv.Value) {
		if start, ok := d.tokenOffset(unwrap(mv.Value)); ok {
			return change{start, d.scalarEnd(start, flow), val}, nil
		}
	}
	kt := mv.Key.GetToken()
	keyStart := d.offset(kt.Position.Line, kt.Position.Column)
	// Find the colon after the key, and put the value right after it.
	i := keyStart + len(kt.Value)
	if kt.Value != "" && i < len(d.src) && (d.src[keyStart] == '"' || d.src[keyStart] == '\'') {
		i = d.scalarEnd(keyStart, false)
	}
	for i < len(d.src) && d.src[i] != ':' && d.src[i] != '\n' {
		i++
	}
	if i >= len(d.src) || d.src[i] != ':' {
		return change{}, fmt.Errorf("yamledit: no colon after key %q (line %d)", kt.Value, kt.Position.Line)
	}
	return change{i + 1, i + 1, " " + val}, nil
}

// verify reads the document before and after the edit as builds read it
// (internal/srcpos) and refuses a result that is not the document before
// with exactly the edit.
func verify(before, after []byte, path []string, v any, appendTo bool) error {
	old, _, err := srcpos.YAML(before)
	if err != nil {
		return fmt.Errorf("yamledit: the document does not read: %w", err)
	}
	val, _, err := srcpos.YAML([]byte("v: " + Value(v)))
	if err != nil {
		return fmt.Errorf("yamledit: %w", err)
	}
	want, err := edited(old, path, val.(map[string]any)["v"], appendTo)
	if err != nil {
		return err
	}
	got, _, err := srcpos.YAML(after)
	where := strings.Join(path, ".")
	if err != nil {
		return fmt.Errorf("yamledit: %s: %w (the result would not read: %v)", where, ErrNotExact, err)
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("yamledit: %s: %w (the result would read as more, or less, than the edit)", where, ErrNotExact)
	}
	return nil
}

// edited is doc with the edit made on its values.
func edited(doc any, path []string, v any, appendTo bool) (any, error) {
	if len(path) == 0 {
		if !appendTo {
			return v, nil
		}
		switch x := doc.(type) {
		case nil:
			return []any{v}, nil
		case []any:
			return append(slices.Clip(x), v), nil
		}
		return nil, fmt.Errorf("yamledit: not a sequence")
	}
	m, ok := doc.(map[string]any)
	if doc != nil && !ok {
		return nil, fmt.Errorf("yamledit: not a mapping")
	}
	out := make(map[string]any, len(m)+1)
	maps.Copy(out, m)
	child, err := edited(m[path[0]], path[1:], v, appendTo)
	if err != nil {
		return nil, err
	}
	out[path[0]] = child
	return out, nil
}
