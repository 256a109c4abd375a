package srcpos

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

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
		if d != nil && d.Body != nil {
			docs = append(docs, d)
		}
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
		return w.value(t.Value, pointer, depth+1)
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
	case *ast.NullNode:
		return nil, nil
	case *ast.BoolNode:
		return t.Value, nil
	case *ast.IntegerNode:
		switch v := t.Value.(type) {
		case int64:
			return json.Number(strconv.FormatInt(v, 10)), nil
		case uint64:
			return json.Number(strconv.FormatUint(v, 10)), nil
		}
		return nil, fail(n, "integer out of range: %s", t.String())
	case *ast.FloatNode:
		if math.IsNaN(t.Value) || math.IsInf(t.Value, 0) {
			return nil, fail(n, "not a finite number: %s", t.String())
		}
		return json.Number(strconv.FormatFloat(t.Value, 'g', -1, 64)), nil
	case *ast.InfinityNode, *ast.NanNode:
		return nil, fail(n, "not a finite number: %s", n.String())
	case *ast.StringNode:
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
