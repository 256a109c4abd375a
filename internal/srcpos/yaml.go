package srcpos

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// MaxYAMLNodes caps how many nodes a YAML document may expand to once its
// aliases are followed, so that a "billion laughs" document is refused
// instead of filling memory. An edition has a few thousand nodes.
const MaxYAMLNodes = 200_000

// YAML parses a YAML document into plain values (map[string]any, []any,
// string, json.Number, bool, nil) and indexes every value by JSON pointer.
// Mapping keys must be strings; anchors and aliases are followed, up to
// MaxYAMLNodes nodes in all.
func YAML(src []byte) (any, *Index, error) {
	ix := newIndex(src)
	if err := checkText(ix, src); err != nil {
		return nil, nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, nil, yamlError(err)
	}
	ix.at[""] = pos{1, 1}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, ix, nil
	}
	w := &yamlWalker{ix: ix}
	v, err := w.value(doc.Content[0], "", 0)
	if err != nil {
		return nil, nil, err
	}
	return v, ix, nil
}

type yamlWalker struct {
	ix    *Index
	nodes int
}

func (w *yamlWalker) value(n *yaml.Node, pointer string, depth int) (any, error) {
	w.nodes++
	if w.nodes > MaxYAMLNodes {
		return nil, &SyntaxError{n.Line, n.Column, fmt.Sprintf("document expands to more than %d nodes (aliases nested too deeply?)", MaxYAMLNodes)}
	}
	if depth > MaxDepth {
		return nil, &SyntaxError{n.Line, n.Column, fmt.Sprintf("document nested deeper than %d levels", MaxDepth)}
	}
	if _, seen := w.ix.at[pointer]; !seen {
		w.ix.at[pointer] = pos{n.Line, n.Column}
	}
	switch n.Kind {
	case yaml.AliasNode:
		return w.value(n.Alias, pointer, depth+1)
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return w.value(n.Content[0], pointer, depth+1)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.AliasNode {
				k = k.Alias
			}
			if k.Tag == "!!merge" || k.Value == "<<" && k.Tag != "!!str" {
				return nil, &SyntaxError{k.Line, k.Column, "merge keys (<<) are not supported; write the keys out"}
			}
			if k.Kind != yaml.ScalarNode || (k.ShortTag() != "!!str" && k.ShortTag() != "!!int" && k.ShortTag() != "!!float" && k.ShortTag() != "!!bool") {
				return nil, &SyntaxError{k.Line, k.Column, "a mapping key must be a plain string"}
			}
			if _, dup := m[k.Value]; dup {
				return nil, &SyntaxError{k.Line, k.Column, fmt.Sprintf("duplicate key %q", k.Value)}
			}
			child := Join(pointer, k.Value)
			w.ix.at[child] = pos{k.Line, k.Column}
			cv, err := w.value(v, child, depth+1)
			if err != nil {
				return nil, err
			}
			m[k.Value] = cv
		}
		return m, nil
	case yaml.SequenceNode:
		s := make([]any, 0, len(n.Content))
		for i, c := range n.Content {
			cv, err := w.value(c, Join(pointer, i), depth+1)
			if err != nil {
				return nil, err
			}
			s = append(s, cv)
		}
		return s, nil
	case yaml.ScalarNode:
		return scalar(n)
	}
	return nil, &SyntaxError{n.Line, n.Column, "unsupported YAML node"}
}

func scalar(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, &SyntaxError{n.Line, n.Column, err.Error()}
		}
		return b, nil
	case "!!int":
		var i int64
		if err := n.Decode(&i); err != nil {
			return nil, &SyntaxError{n.Line, n.Column, "integer out of range: " + n.Value}
		}
		return json.Number(strconv.FormatInt(i, 10)), nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, &SyntaxError{n.Line, n.Column, "not a finite number: " + n.Value}
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
	case "!!str":
		return n.Value, nil
	}
	return nil, &SyntaxError{n.Line, n.Column, fmt.Sprintf("unsupported YAML type %s", n.ShortTag())}
}

// yamlError turns the YAML library's "yaml: line N: msg" into a SyntaxError.
func yamlError(err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	line := 0
	if strings.HasPrefix(msg, "line ") {
		rest := msg[len("line "):]
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if l, e := strconv.Atoi(rest[:i]); e == nil {
				line = l
				msg = strings.TrimSpace(rest[i+1:])
			}
		}
	}
	if line == 0 {
		line = 1
	}
	return &SyntaxError{line, 1, msg}
}
