// Package schema holds the JSON Schemas (draft 2020-12) of the tendays pack
// and edition files, embedded in the binary, and validates documents against
// them. Schemas are compiled once, from the embedded files only: nothing is
// ever fetched from the network.
//
// It reports each violation as a JSON pointer and a message; turning a
// pointer into a line and column is the caller's job (see mapdata.Doc).
package schema

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed pack.schema.json edition.schema.json
var files embed.FS

// Names of the schemas, as `tendays schema NAME` takes them.
const (
	Pack    = "pack"
	Edition = "edition"
)

var ids = map[string]string{
	Pack:    "https://tendays.dev/schema/pack/v1.json",
	Edition: "https://tendays.dev/schema/edition/v1.json",
}

// Names lists the schemas.
func Names() []string { return []string{Edition, Pack} }

// Source returns the text of a schema.
func Source(name string) ([]byte, error) {
	if _, ok := ids[name]; !ok {
		return nil, fmt.Errorf("unknown schema %q (want %s)", name, strings.Join(Names(), " or "))
	}
	return files.ReadFile(name + ".schema.json")
}

// ID returns a schema's versioned $id.
func ID(name string) string { return ids[name] }

var (
	compileOnce sync.Once
	compiled    map[string]*jsonschema.Schema
	compileErr  error
	// patternHelp is the description beside each pattern in the schemas, so
	// that a value that fails a pattern is told what is wanted in words, not
	// with a regular expression.
	patternHelp map[string]string
)

// describePatterns fills patternHelp from a schema's JSON: every object that
// has both a "pattern" and a "description".
func describePatterns(node any) {
	switch n := node.(type) {
	case map[string]any:
		p, okP := n["pattern"].(string)
		d, okD := n["description"].(string)
		if okP && okD {
			patternHelp[p] = d
		}
		for _, v := range n {
			describePatterns(v)
		}
	case []any:
		for _, v := range n {
			describePatterns(v)
		}
	}
}

// quotePattern quotes a pattern the way the validator's messages do.
func quotePattern(p string) string {
	q := fmt.Sprintf("%q", p)
	q = strings.ReplaceAll(q, `\"`, `"`)
	q = strings.ReplaceAll(q, `'`, `\'`)
	return "'" + q[1:len(q)-1] + "'"
}

// plainMessage replaces a pattern failure's regular expression with the
// pattern's description, where the schema gives one.
func plainMessage(keyword, msg string) string {
	if keyword != "pattern" {
		return msg
	}
	for p, d := range patternHelp {
		if msg == "does not match pattern "+quotePattern(p) {
			return "does not match the pattern: " + d
		}
	}
	return msg
}

func compileAll() {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("schema %s: not embedded, and tendays never fetches schemas", url)
	}
	compiled = map[string]*jsonschema.Schema{}
	patternHelp = map[string]string{}
	for _, name := range Names() {
		src, err := Source(name)
		if err != nil {
			compileErr = err
			return
		}
		var doc any
		if err := json.Unmarshal(src, &doc); err != nil {
			compileErr = fmt.Errorf("schema %s: %w", name, err)
			return
		}
		describePatterns(doc)
		if err := c.AddResource(ids[name], bytes.NewReader(src)); err != nil {
			compileErr = fmt.Errorf("schema %s: %w", name, err)
			return
		}
	}
	for _, name := range Names() {
		s, err := c.Compile(ids[name])
		if err != nil {
			compileErr = fmt.Errorf("schema %s: %w", name, err)
			return
		}
		compiled[name] = s
	}
}

// Violation is one place where a document breaks its schema.
type Violation struct {
	Pointer string // where in the document
	Keyword string // the schema keyword that failed, e.g. "required"
	Message string
}

// Validate checks a document's plain value (maps, slices, strings,
// json.Number, bools, nil) against the named schema. It returns the
// violations, most specific first and in a stable order; an error means the
// schema itself could not be used.
//
// A document the schema's checker (checker) finds valid is valid without
// running the validator; only a document that is not is validated in full,
// so that every violation and message is the validator's.
func Validate(name string, value any) ([]Violation, error) {
	if c := checkerFor(name); c != nil && c(value) {
		return nil, nil
	}
	return validateFully(name, value)
}

// validateFully is Validate by the validator alone.
func validateFully(name string, value any) ([]Violation, error) {
	compileOnce.Do(compileAll)
	if compileErr != nil {
		return nil, compileErr
	}
	s, ok := compiled[name]
	if !ok {
		return nil, fmt.Errorf("unknown schema %q", name)
	}
	err := s.Validate(value)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, fmt.Errorf("validate against %s schema: %w", name, err)
	}
	var out []Violation
	seen := map[string]bool{}
	collect(ve, &out, seen)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	return out, nil
}

// collect keeps the leaves of the error tree: the specific failures, not the
// "doesn't validate with ..." wrappers above them.
func collect(ve *jsonschema.ValidationError, out *[]Violation, seen map[string]bool) {
	if len(ve.Causes) == 0 {
		keyword := lastKeyword(ve.KeywordLocation)
		v := Violation{Pointer: ve.InstanceLocation, Keyword: keyword, Message: plainMessage(keyword, ve.Message)}
		key := v.Pointer + "\x00" + v.Message
		if !seen[key] {
			seen[key] = true
			*out = append(*out, v)
		}
		return
	}
	for _, c := range ve.Causes {
		collect(c, out, seen)
	}
}

func lastKeyword(loc string) string {
	if i := strings.LastIndexByte(loc, '/'); i >= 0 {
		return loc[i+1:]
	}
	return loc
}
