package srcpos

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	goyaml "github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// MaxYAMLNodes caps how many nodes a YAML document may expand to once its
// aliases are followed, so that a "billion laughs" document is refused
// instead of filling memory. An edition has a few thousand nodes.
const MaxYAMLNodes = 200_000

// MaxYAMLExpansion caps the text a YAML document may expand to once its
// aliases are followed: the bytes of every scalar and key, counted each
// time an alias repeats them. The node cap alone let 1,000 aliases of one
// 900 KB string through (4 GB and 46 s downstream). The cap is this or 4×
// the file, whichever is larger, so a file without aliases always fits.
const MaxYAMLExpansion = 16 << 20

// YAML parses a YAML document into plain values (map[string]any, []any,
// string, json.Number, bool, nil) and indexes every value by JSON pointer.
// Mapping keys must be scalars; anchors and aliases are followed, up to
// MaxYAMLNodes nodes in all; a file of several documents is refused.
//
// Scalars are read as YAML 1.2 reads them (the core schema), whatever the
// parser below would say: 010 is ten (1.1's octal is gone; 0o10 is eight),
// 1e3 a number, 1_000, 0b101 and yes are strings. The tags !!str, !!int,
// !!float, !!bool, !!null, !!map and !!seq are checked against the value
// they tag (!!str 10 is the string "10", which a schema wanting a number
// then refuses); any other tag is refused. A %YAML 1.x directive before
// the document is passed over (the parser refuses another version).
func YAML(src []byte) (any, *Index, error) {
	ix := newIndex(src)
	if err := checkText(ix, src); err != nil {
		return nil, nil, err
	}
	text := string(src)
	if strings.Contains(text, "\r") {
		// YAML reads CR LF and a lone CR as one line break each and turns
		// them into LF inside scalars; goccy/go-yaml counts a CR LF inside
		// a quoted scalar as two lines, so every position after it was off.
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	}
	tokens := lexer.Tokenize(text)
	if tk := tooDeep(tokens); tk != nil {
		l, c := 1, 1
		if tk.Position != nil {
			l, c = max(tk.Position.Line, 1), max(tk.Position.Column, 1)
		}
		return nil, nil, &SyntaxError{l, c, fmt.Sprintf("document nested deeper than %d levels", MaxDepth)}
	}
	file, err := parser.Parse(tokens, 0)
	if err != nil {
		return nil, nil, yamlError(err)
	}
	ix.at[""] = pos{1, 1}
	var docs []*ast.DocumentNode
	for _, d := range file.Docs {
		if d == nil || d.Body == nil {
			continue
		}
		if _, ok := d.Body.(*ast.DirectiveNode); ok {
			continue // %YAML 1.x or %TAG: the parser refuses other versions
		}
		docs = append(docs, d)
	}
	if len(docs) == 0 {
		return nil, ix, nil
	}
	if len(docs) > 1 {
		l, c := at(docs[1].Body)
		return nil, nil, &SyntaxError{l, c, "a second YAML document (---): the file must hold one"}
	}
	w := &yamlWalker{ix: ix, anchors: map[string]ast.Node{}, maxBytes: max(MaxYAMLExpansion, 4*len(src))}
	v, err := w.value(docs[0].Body, "", 0)
	if err != nil {
		return nil, nil, err
	}
	return v, ix, nil
}

// tooDeep returns the token at which the document nests deeper than
// MaxDepth, or nil. It must run before the parser: goccy/go-yaml keeps the
// path of every node, so its memory grows with the square of the depth
// (100,000 nested "{a: " took 20 GB and 105 s). Flow collections count by
// their brackets; block collections by the columns of their entries and
// keys, which undercounts a sequence written at its key's column, so the
// walker's own depth check stays the exact one.
func tooDeep(tokens token.Tokens) *token.Token {
	flow := 0
	var block []int // columns of the open block collections
	for i, tk := range tokens {
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			if flow++; flow+len(block) > MaxDepth {
				return tk
			}
			continue
		case token.SequenceEndType, token.MappingEndType:
			flow = max(flow-1, 0)
			continue
		case token.DocumentHeaderType, token.DocumentEndType:
			flow, block = 0, block[:0]
			continue
		}
		if flow > 0 || tk.Position == nil {
			continue
		}
		entry := tk.Type == token.SequenceEntryType || tk.Type == token.MappingKeyType ||
			(i+1 < len(tokens) && tokens[i+1].Type == token.MappingValueType)
		if !entry {
			continue
		}
		col := tk.Position.Column
		for len(block) > 0 && block[len(block)-1] > col {
			block = block[:len(block)-1]
		}
		if len(block) == 0 || block[len(block)-1] < col {
			if block = append(block, col); len(block) > MaxDepth {
				return tk
			}
		}
	}
	return nil
}

type yamlWalker struct {
	ix       *Index
	nodes    int
	bytes    int // scalar and key text expanded so far
	maxBytes int
	via      ast.Node // the outermost alias being followed, where expansion errors are placed
	anchors  map[string]ast.Node
}

// text counts s towards the expansion cap.
func (w *yamlWalker) text(n ast.Node, s string) error {
	if w.bytes += len(s); w.bytes > w.maxBytes {
		if w.via != nil {
			n = w.via
		}
		return fail(n, "document expands to more than %d bytes of text (aliases repeating a long value?)", w.maxBytes)
	}
	return nil
}

func at(n ast.Node) (line, col int) {
	// A block mapping's own token is the ':' after its first key.
	if m, ok := n.(*ast.MappingNode); ok && !m.IsFlowStyle && len(m.Values) > 0 {
		n = m.Values[0]
	}
	if mv, ok := n.(*ast.MappingValueNode); ok && mv.Key != nil {
		n = mv.Key
	}
	if n == nil || n.GetToken() == nil || n.GetToken().Position == nil {
		return 1, 1
	}
	p := n.GetToken().Position
	return max(p.Line, 1), max(p.Column, 1)
}

func fail(n ast.Node, format string, args ...any) error {
	l, c := at(n)
	return &SyntaxError{l, c, fmt.Sprintf(format, args...)}
}

func (w *yamlWalker) value(n ast.Node, pointer string, depth int) (any, error) {
	w.nodes++
	if w.nodes > MaxYAMLNodes {
		return nil, fail(n, "document expands to more than %d nodes (aliases nested too deeply?)", MaxYAMLNodes)
	}
	if depth > MaxDepth {
		return nil, fail(n, "document nested deeper than %d levels", MaxDepth)
	}
	if _, seen := w.ix.at[pointer]; !seen {
		l, c := at(n)
		w.ix.at[pointer] = pos{l, c}
	}
	switch t := n.(type) {
	case nil:
		return nil, nil
	case *ast.AnchorNode:
		if t.Name != nil {
			w.anchors[t.Name.String()] = t.Value
		}
		return w.value(t.Value, pointer, depth+1)
	case *ast.AliasNode:
		name := ""
		if t.Value != nil {
			name = t.Value.String()
		}
		target, ok := w.anchors[name]
		if !ok {
			return nil, fail(n, "alias *%s names no anchor defined before it", name)
		}
		if w.via == nil {
			w.via = n
			defer func() { w.via = nil }()
		}
		return w.value(target, pointer, depth+1)
	case *ast.TagNode:
		return w.tagged(t, pointer, depth)
	case *ast.MappingNode:
		return w.mapping(t.Values, pointer, depth)
	case *ast.MappingValueNode:
		return w.mapping([]*ast.MappingValueNode{t}, pointer, depth)
	case *ast.SequenceNode:
		s := make([]any, 0, len(t.Values))
		for i, c := range t.Values {
			cv, err := w.value(c, Join(pointer, i), depth+1)
			if err != nil {
				return nil, err
			}
			s = append(s, cv)
		}
		return s, nil
	case *ast.NullNode, *ast.BoolNode, *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return resolvePlain(n, n.GetToken().Value)
	case *ast.StringNode:
		if t.GetToken() != nil && t.GetToken().Type == token.StringType {
			v, err := resolvePlain(n, t.Value)
			if err != nil {
				return nil, err
			}
			if _, isString := v.(string); !isString {
				return v, nil
			}
		}
		return t.Value, w.text(n, t.Value)
	case *ast.LiteralNode:
		if t.Value == nil {
			return "", nil
		}
		return t.Value.Value, w.text(n, t.Value.Value)
	case *ast.MergeKeyNode:
		return nil, fail(n, "merge keys (<<) are not supported; write the keys out")
	}
	return nil, fail(n, "unsupported YAML construct %s", n.Type())
}

// coreScalars are the YAML 1.2 core schema's plain scalars other than
// strings (YAML 1.2.2, section 10.3.2), compiled when YAML is first read:
// a program that reads no YAML (the engine in WebAssembly) does not pay
// for them at start.
type coreScalars struct{ null, bool, int10, int8, int16, float, inf *regexp.Regexp }

var core = sync.OnceValue(func() coreScalars {
	return coreScalars{
		null:  regexp.MustCompile(`^(null|Null|NULL|~|)$`),
		bool:  regexp.MustCompile(`^(true|True|TRUE|false|False|FALSE)$`),
		int10: regexp.MustCompile(`^[-+]?[0-9]+$`),
		int8:  regexp.MustCompile(`^0o[0-7]+$`),
		int16: regexp.MustCompile(`^0x[0-9a-fA-F]+$`),
		float: regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`),
		inf:   regexp.MustCompile(`^([-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$`),
	}
})

// resolvePlain reads the text of a plain (unquoted) scalar as YAML 1.2's
// core schema does: null, a bool, an integer, a finite number, or else the
// string itself.
func resolvePlain(n ast.Node, text string) (any, error) {
	c := core()
	switch {
	case c.null.MatchString(text):
		return nil, nil
	case c.bool.MatchString(text):
		return text[0] == 't' || text[0] == 'T', nil
	case c.int10.MatchString(text), c.int8.MatchString(text), c.int16.MatchString(text):
		return coreInteger(n, text)
	case c.float.MatchString(text):
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, fail(n, "not a finite number: %s", text)
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
	case c.inf.MatchString(text):
		return nil, fail(n, "not a finite number: %s", text)
	}
	return text, nil
}

// coreInteger reads a YAML 1.2 integer: decimal (leading zeros and all),
// 0o octal or 0x hexadecimal.
func coreInteger(n ast.Node, text string) (any, error) {
	digits, base := text, 10
	switch {
	case strings.HasPrefix(text, "0o"):
		digits, base = text[2:], 8
	case strings.HasPrefix(text, "0x"):
		digits, base = text[2:], 16
	}
	if v, err := strconv.ParseInt(digits, base, 64); err == nil {
		return json.Number(strconv.FormatInt(v, 10)), nil
	}
	if v, err := strconv.ParseUint(strings.TrimPrefix(digits, "+"), base, 64); err == nil {
		return json.Number(strconv.FormatUint(v, 10)), nil
	}
	return nil, fail(n, "integer out of range: %s", text)
}

// tagged reads a value with a tag: the core schema's tags are checked
// against the value (!!int on text that is no integer is an error, !!str
// makes a number's text a string); any other tag is refused.
func (w *yamlWalker) tagged(t *ast.TagNode, pointer string, depth int) (any, error) {
	name := t.Start.Value
	if long, ok := strings.CutPrefix(name, "!<tag:yaml.org,2002:"); ok && strings.HasSuffix(long, ">") {
		name = "!!" + strings.TrimSuffix(long, ">")
	}
	inner := t.Value
	if a, ok := inner.(*ast.AnchorNode); ok {
		// !!str &a 10: the anchor names the tagged value.
		if a.Name != nil {
			w.anchors[a.Name.String()] = &ast.TagNode{BaseNode: t.BaseNode, Start: t.Start, Value: a.Value}
		}
		inner = a.Value
	}
	switch name {
	case "!!map", "!!seq":
		v, err := w.value(inner, pointer, depth+1)
		if err != nil {
			return nil, err
		}
		if _, isMap := v.(map[string]any); name == "!!map" && !isMap {
			return nil, fail(t, "!!map tags a value that is not a mapping")
		}
		if _, isSeq := v.([]any); name == "!!seq" && !isSeq {
			return nil, fail(t, "!!seq tags a value that is not a sequence")
		}
		return v, nil
	case "!!str", "!!int", "!!float", "!!bool", "!!null":
	default:
		return nil, fail(t, "unsupported tag %s (tendays reads YAML 1.2's core schema: !!str, !!int, !!float, !!bool, !!null, !!map, !!seq)", name)
	}
	if _, seen := w.ix.at[pointer]; !seen {
		l, c := at(t)
		w.ix.at[pointer] = pos{l, c}
	}
	var text string
	switch x := inner.(type) {
	case nil:
	case *ast.StringNode:
		text = x.Value
	case *ast.LiteralNode:
		if x.Value != nil {
			text = x.Value.Value
		}
	case *ast.NullNode:
		if x.Token != nil && x.Token.Type != token.ImplicitNullType {
			text = x.Token.Value
		}
	case *ast.BoolNode, *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		text = x.GetToken().Value
	default:
		return nil, fail(t, "%s tags a collection, not a scalar", name)
	}
	if err := w.text(t, text); err != nil {
		return nil, err
	}
	if name == "!!str" {
		return text, nil
	}
	v, err := resolvePlain(t, text)
	if err != nil {
		return nil, err
	}
	ok := false
	switch v.(type) {
	case nil:
		ok = name == "!!null"
	case bool:
		ok = name == "!!bool"
	case json.Number:
		c := core()
		isInt := c.int10.MatchString(text) || c.int8.MatchString(text) || c.int16.MatchString(text)
		ok = name == "!!float" || name == "!!int" && isInt
	}
	if !ok {
		return nil, fail(t, "%s %q: the text is not what the tag says (YAML 1.2 core schema)", name, text)
	}
	return v, nil
}

func (w *yamlWalker) mapping(values []*ast.MappingValueNode, pointer string, depth int) (any, error) {
	m := make(map[string]any, len(values))
	for _, mv := range values {
		keyNode := ast.Node(mv.Key)
		if mk, ok := keyNode.(*ast.MappingKeyNode); ok {
			keyNode = mk.Value
		}
		if _, merge := keyNode.(*ast.MergeKeyNode); merge {
			return nil, fail(keyNode, "merge keys (<<) are not supported; write the keys out")
		}
		var key string
		switch k := keyNode.(type) {
		case *ast.StringNode:
			key = k.Value
		case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
			key = k.String()
		default:
			return nil, fail(keyNode, "a mapping key must be a plain string")
		}
		if err := w.text(keyNode, key); err != nil {
			return nil, err
		}
		if _, dup := m[key]; dup {
			return nil, fail(keyNode, "duplicate key %q", key)
		}
		child := Join(pointer, key)
		l, c := at(keyNode)
		w.ix.at[child] = pos{l, c}
		cv, err := w.value(mv.Value, child, depth+1)
		if err != nil {
			return nil, err
		}
		m[key] = cv
	}
	return m, nil
}

// yamlError turns the YAML library's error into a SyntaxError at its place.
func yamlError(err error) error {
	var ye goyaml.Error
	if errors.As(err, &ye) {
		line, col := 1, 1
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			line, col = max(tk.Position.Line, 1), max(tk.Position.Column, 1)
		}
		return &SyntaxError{line, col, ye.GetMessage()}
	}
	return &SyntaxError{1, 1, err.Error()}
}
