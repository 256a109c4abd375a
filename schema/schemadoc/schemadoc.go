// Package schemadoc writes docs/edition.md, the reference of edition.yaml:
// every key the edition schema allows, for each kind of edition, with its
// type and bounds, its description and an example. An example is the key's
// value in a bundled edition that uses it (named beside it), else one made
// from the schema (its enum, bounds or pattern).
//
// It reads the schema and the bundled editions and writes Markdown; it does
// not validate anything (see schema) or load editions (see mapdata).
package schemadoc

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/schema"
)

// node is the part of a JSON Schema the page reads.
type node struct {
	Ref                  string           `json:"$ref"`
	Type                 any              `json:"type"`
	Description          string           `json:"description"`
	Enum                 []any            `json:"enum"`
	Const                any              `json:"const"`
	Minimum              *float64         `json:"minimum"`
	Maximum              *float64         `json:"maximum"`
	ExclusiveMinimum     *float64         `json:"exclusiveMinimum"`
	MinLength            *int             `json:"minLength"`
	MaxLength            *int             `json:"maxLength"`
	MinItems             *int             `json:"minItems"`
	MaxItems             *int             `json:"maxItems"`
	Pattern              string           `json:"pattern"`
	Required             []string         `json:"required"`
	Properties           map[string]*node `json:"properties"`
	AdditionalProperties json.RawMessage  `json:"additionalProperties"`
	Items                *node            `json:"items"`
	PrefixItems          []*node          `json:"prefixItems"`
	Defs                 map[string]*node `json:"$defs"`
	Examples             []any            `json:"examples"`
}

// kinds are the three kinds of edition, each a $defs entry of the schema.
var kinds = []struct{ kind, def, title, about string }{
	{"regions", "regionsEdition", "Regions editions (the 10 Days games)",
		"The default kind: `kind` may be left out. The bundled `usa`, `europe`, `europa-tour`, `africa`, `asia` and `americas` are of this kind, as is every edition `tendays init` starts. The `rules` block and the ship routes are explained, with examples, in [play-rules.md](play-rules.md)."},
	{"network", "networkEdition", "Network editions (route-network games)",
		"`kind: network`: a route-network game such as Across the United States (the bundled `across-the-us`)."},
	{"combined", "combinedEdition", "Combined editions (several maps played as one)",
		"`kind: combined`: several 10 Days maps played as one game (the bundled `around-the-world`)."},
}

// placeholders name the free keys of a map by what they are.
var placeholders = map[string]string{
	"ids": "REGION", "names": "REGION", "merge": "REGION", "split": "REGION", "parts": "PART",
	"assign": "REGION", "copies": "REGION", "hex": "COLOUR", "ship": "SEA", "per_line": "LINE",
	"seas": "SEA", "rails": "LINE", "players": "PLAYERS", "commodity": "COMMODITY", "remove": "KEY",
}

// entry is one key of the page.
type entry struct {
	path     []string // keys from the top; a free key is its placeholder in capitals
	n        *node
	required bool   // the parent requires it
	example  string // YAML
	from     string // the edition the example comes from, "" when made up
}

// WriteEditionMarkdown writes docs/edition.md.
func WriteEditionMarkdown(w io.Writer) error {
	src, err := schema.Source(schema.Edition)
	if err != nil {
		return err
	}
	var root node
	if err := json.Unmarshal(src, &root); err != nil {
		return fmt.Errorf("read the edition schema: %w", err)
	}
	docs, err := bundledDocs()
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("# edition.yaml\n\n")
	b.WriteString("<!-- Generated from schema/edition.schema.json and the bundled editions by `go test ./schema/schemadoc -update`; do not edit. -->\n\n")
	b.WriteString("An edition is a folder with `edition.yaml` and the geometry files it names. This page lists\n")
	b.WriteString("every key the schema allows (`tendays schema edition` prints the schema itself), with its\n")
	b.WriteString("type, its bounds and an example: the key's value in a bundled edition where one uses it\n")
	b.WriteString("(`tendays init` writes a commented starting file), else one made from the schema. An unknown\n")
	b.WriteString("key is an error, so a typo shows. A key in **bold** is required. `REGION`, `SEA` and the like\n")
	b.WriteString("stand for keys you choose (a region's name, a sea's id).\n\n")
	for _, k := range kinds {
		fmt.Fprintf(&b, "- [%s](#%s)\n", k.title, anchor(k.title))
	}
	for _, k := range kinds {
		def := root.Defs[k.def]
		if def == nil {
			return fmt.Errorf("the edition schema has no $defs/%s", k.def)
		}
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", k.title, k.about)
		var entries []entry
		walk(&root, def, nil, &entries)
		for i := range entries {
			e := &entries[i]
			e.example, e.from = example(&root, e, docs[k.kind])
		}
		for _, e := range entries {
			writeEntry(&b, &root, e)
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// bundledDocs are the bundled editions' edition.yaml, parsed, by kind, in
// name order.
func bundledDocs() (map[string][]namedDoc, error) {
	out := map[string][]namedDoc{}
	for _, name := range editions.Names() {
		data, err := fs.ReadFile(editions.FS(), name+"/"+editions.EditionFile)
		if err != nil {
			return nil, err
		}
		var doc map[string]any
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("editions/%s/%s: %w", name, editions.EditionFile, err)
		}
		kind, _ := doc["kind"].(string)
		if kind == "" {
			kind = "regions"
		}
		out[kind] = append(out[kind], namedDoc{name, doc})
	}
	return out, nil
}

type namedDoc struct {
	name string
	doc  map[string]any
}

// resolve follows $ref within the schema.
func resolve(root, n *node) *node {
	for n != nil && n.Ref != "" {
		name, ok := strings.CutPrefix(n.Ref, "#/$defs/")
		if !ok {
			return n
		}
		d := root.Defs[name]
		if d == nil {
			return n
		}
		merged := *d
		if n.Description != "" {
			merged.Description = n.Description
		}
		n = &merged
	}
	return n
}

// walk lists n's keys, sorted (JSON objects carry no order), each
// followed by its own, depth first.
func walk(root, n *node, path []string, out *[]entry) {
	n = resolve(root, n)
	for _, k := range slices.Sorted(maps.Keys(n.Properties)) {
		c := resolve(root, n.Properties[k])
		p := append(slices.Clone(path), k)
		*out = append(*out, entry{path: p, n: c, required: slices.Contains(n.Required, k)})
		walkChildren(root, c, p, out)
	}
}

// walkChildren lists the keys under c: its properties, its free keys (a
// placeholder), the keys of its list's items ([]).
func walkChildren(root, c *node, p []string, out *[]entry) {
	if len(c.Properties) > 0 {
		walk(root, c, p, out)
	}
	if extra := additional(root, c); extra != nil {
		ph := placeholders[p[len(p)-1]]
		if ph == "" {
			ph = "KEY"
		}
		q := append(slices.Clone(p), ph)
		*out = append(*out, entry{path: q, n: extra})
		walkChildren(root, extra, q, out)
	}
	if it := resolve(root, c.Items); it != nil && len(it.Properties) > 0 {
		walk(root, it, append(slices.Clone(p), "[]"), out)
	}
}

// additional is the schema of a map's free keys, or nil.
func additional(root, n *node) *node {
	if len(n.AdditionalProperties) == 0 || n.AdditionalProperties[0] != '{' {
		return nil
	}
	var a node
	if json.Unmarshal(n.AdditionalProperties, &a) != nil {
		return nil
	}
	return resolve(root, &a)
}

func writeEntry(b *strings.Builder, root *node, e entry) {
	name := strings.Join(e.path, ".")
	name = strings.ReplaceAll(name, ".[]", "[]")
	if e.required {
		fmt.Fprintf(b, "\n### **`%s`**\n\n", name)
	} else {
		fmt.Fprintf(b, "\n### `%s`\n\n", name)
	}
	fmt.Fprintf(b, "%s.", typeOf(root, e.n))
	if d := strings.TrimSpace(e.n.Description); d != "" {
		fmt.Fprintf(b, " %s%s.", strings.ToUpper(d[:1]), strings.TrimSuffix(d[1:], "."))
	}
	b.WriteString("\n\n```yaml\n")
	b.WriteString(e.example)
	b.WriteString("```\n")
	if e.from != "" {
		fmt.Fprintf(b, "\n(from `editions/%s/edition.yaml`)\n", e.from)
	}
}

// typeOf says in words what a value must be.
func typeOf(root *node, n *node) string {
	n = resolve(root, n)
	var parts []string
	switch {
	case n.Const != nil:
		return fmt.Sprintf("Exactly `%v`", n.Const)
	case len(n.Enum) > 0:
		var vs []string
		for _, v := range n.Enum {
			vs = append(vs, fmt.Sprintf("`%v`", v))
		}
		return "One of " + strings.Join(vs, ", ")
	}
	t := fmt.Sprint(n.Type)
	switch t {
	case "object":
		if a := additional(root, n); a != nil && len(n.Properties) == 0 {
			parts = append(parts, "A map of keys to values: "+strings.ToLower(typeOf(root, a)[:1])+typeOf(root, a)[1:])
		} else {
			parts = append(parts, "A map of the keys below")
		}
	case "array":
		it := resolve(root, n.Items)
		switch {
		case len(n.PrefixItems) == 2:
			parts = append(parts, "A pair [longitude, latitude] in degrees")
		case it != nil && len(it.Properties) > 0:
			parts = append(parts, "A list of maps with the keys below")
		case it != nil:
			inner := typeOf(root, it)
			parts = append(parts, "A list; each item: "+strings.ToLower(inner[:1])+inner[1:])
		default:
			parts = append(parts, "A list")
		}
		if n.MinItems != nil && *n.MinItems > 0 && len(n.PrefixItems) == 0 {
			parts = append(parts, fmt.Sprintf("at least %d item(s)", *n.MinItems))
		}
	case "integer", "number":
		word := map[string]string{"integer": "An integer", "number": "A number"}[t]
		switch {
		case n.Minimum != nil && n.Maximum != nil:
			parts = append(parts, fmt.Sprintf("%s from %s to %s", word, num(*n.Minimum), num(*n.Maximum)))
		case n.Minimum != nil:
			parts = append(parts, fmt.Sprintf("%s, at least %s", word, num(*n.Minimum)))
		case n.ExclusiveMinimum != nil:
			parts = append(parts, fmt.Sprintf("%s above %s", word, num(*n.ExclusiveMinimum)))
		case n.Maximum != nil:
			parts = append(parts, fmt.Sprintf("%s, at most %s", word, num(*n.Maximum)))
		default:
			parts = append(parts, word)
		}
	case "string":
		s := "Text"
		if n.MinLength != nil && *n.MinLength > 0 {
			s = "Text, not empty"
		}
		parts = append(parts, s)
	case "boolean":
		parts = append(parts, "`true` or `false`")
	default:
		parts = append(parts, "A value")
	}
	return strings.Join(parts, ", ")
}

// num writes a bound as a person would: 1000000, not 1e+06.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// anchor is GitHub's anchor of a heading.
func anchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// example is the YAML of the key's value in the first bundled edition that
// has it, with the keys above it, and that edition's name; else a value
// made from the schema, and "".
func example(root *node, e *entry, docs []namedDoc) (string, string) {
	for _, d := range docs {
		if keys, v, ok := lookup(d.doc, e.path); ok {
			return render(keys, trim(v)), d.name
		}
	}
	keys := slices.Clone(e.path)
	return render(keys, synth(root, e.n, 0)), ""
}

// lookup finds path in doc: a placeholder takes the first key (sorted), []
// the first item. keys is the path with the keys found.
func lookup(doc any, path []string) (keys []string, v any, ok bool) {
	v = doc
	for _, p := range path {
		switch {
		case p == "[]":
			l, isList := v.([]any)
			if !isList || len(l) == 0 {
				return nil, nil, false
			}
			v = l[0]
			keys = append(keys, p)
		case strings.ToUpper(p) == p && strings.ToLower(p) != p:
			m, isMap := v.(map[string]any)
			if !isMap || len(m) == 0 {
				return nil, nil, false
			}
			first := slices.Sorted(maps.Keys(m))[0]
			v = m[first]
			keys = append(keys, first)
		default:
			m, isMap := v.(map[string]any)
			if !isMap {
				return nil, nil, false
			}
			if v, ok = m[p]; !ok {
				return nil, nil, false
			}
			keys = append(keys, p)
		}
	}
	return keys, v, true
}

// trim keeps an example short: three entries of a map, four items of a
// list, at every depth.
func trim(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := yaml.MapSlice{}
		for _, k := range slices.Sorted(maps.Keys(x))[:min(3, len(x))] {
			out = append(out, yaml.MapItem{Key: k, Value: trim(x[k])})
		}
		return out
	case []any:
		out := make([]any, 0, min(4, len(x)))
		for _, it := range x[:min(4, len(x))] {
			out = append(out, trim(it))
		}
		return out
	}
	return v
}

// synth makes a value the schema accepts.
func synth(root, n *node, depth int) any {
	n = resolve(root, n)
	switch {
	case n == nil:
		return "..."
	case n.Const != nil:
		return n.Const
	case len(n.Enum) > 0:
		return n.Enum[0]
	case len(n.Examples) > 0:
		return n.Examples[0]
	}
	switch fmt.Sprint(n.Type) {
	case "object":
		out := yaml.MapSlice{}
		if depth > 3 {
			return out
		}
		for _, k := range slices.Sorted(maps.Keys(n.Properties)) {
			if len(n.Required) == 0 || slices.Contains(n.Required, k) {
				out = append(out, yaml.MapItem{Key: k, Value: synth(root, n.Properties[k], depth+1)})
			}
			if len(n.Required) == 0 {
				break
			}
		}
		if a := additional(root, n); a != nil && len(out) == 0 {
			out = append(out, yaml.MapItem{Key: "Name", Value: synth(root, a, depth+1)})
		}
		return out
	case "array":
		if len(n.PrefixItems) == 2 {
			return []any{2.35, 48.86}
		}
		return []any{synth(root, n.Items, depth+1)}
	case "integer", "number":
		switch {
		case n.Minimum != nil && *n.Minimum > 0:
			return *n.Minimum
		case n.Maximum != nil && *n.Maximum < 1:
			return *n.Maximum
		}
		return 1
	case "boolean":
		return true
	case "string":
		return "Name"
	}
	return "..."
}

// render writes the value under its keys as YAML, a list item for [].
func render(keys []string, v any) string {
	for i := len(keys) - 1; i >= 0; i-- {
		if keys[i] == "[]" {
			v = []any{v}
		} else {
			v = yaml.MapSlice{{Key: keys[i], Value: v}}
		}
	}
	out, err := yaml.MarshalWithOptions(v, yaml.IndentSequence(true))
	if err != nil {
		return fmt.Sprintf("# %v\n", err)
	}
	return string(out)
}
