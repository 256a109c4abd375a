package mapdata

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/plain"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/internal/srcpos"
)

// The largest input files tendays reads unless told otherwise (--max-input),
// by kind. Borders files run to tens of megabytes and are read by a scanner
// that holds little beyond the coordinates. Packs and other JSON documents
// are parsed into a tree with the place of every value, some forty bytes of
// memory for each byte of text, and the bundled packs are well under a
// megabyte. The YAML parser takes some four hundred bytes for each byte, and
// an edition.yaml is a few kilobytes: its data is in the geometry files.
const (
	DefaultMaxInput    = 256 << 20 // geometry: borders, seas, rails, cut lines
	DefaultMaxDocument = 16 << 20  // packs, lint baselines
	DefaultMaxYAML     = 1 << 20   // edition.yaml, lint configs
)

// ReadFile reads a file of at most max bytes (0: DefaultMaxInput): a
// regular file only (a folder, FIFO or device is refused before a byte is
// read), bounded while reading (see internal/safeio). Errors name the file.
func ReadFile(path string, max int64) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxInput
	}
	data, err := safeio.ReadFile(path, max)
	if err != nil {
		return nil, &diag.InputError{Position: diag.Position{File: path}, Err: err}
	}
	return data, nil
}

// Doc is a JSON or YAML document as read: its text, its plain value (for
// schema validation) and the index from JSON pointers to lines and columns.
type Doc struct {
	File  string
	Src   []byte
	Value any

	// The index of a JSON document is built the first time a place is
	// asked for: a document with no fault to report, the usual case, never
	// needs it, and on a large pack it costs more than reading the pack.
	indexOnce sync.Once
	index     *srcpos.Index
	json      bool // Src is JSON (the value's own text)
}

// indexed is the document's index, built when first needed.
func (d *Doc) indexed() *srcpos.Index {
	d.indexOnce.Do(func() {
		if d.index == nil && d.json {
			d.index, _ = srcpos.Places(d.Src) // the text was read as JSON already
		}
	})
	return d.index
}

// Position is where pointer sits in the document.
func (d *Doc) Position(pointer string) diag.Position {
	p := diag.Position{File: d.File, Pointer: pointer}
	if ix := d.indexed(); ix != nil {
		p.Line, p.Col = ix.Lookup(pointer)
	}
	return p
}

// Has reports whether the document holds pointer itself.
func (d *Doc) Has(pointer string) bool { return d.indexed().Has(pointer) }

// ParseJSON reads a JSON document, reporting syntax errors at line:column.
func ParseJSON(file string, src []byte) (*Doc, error) {
	v, err := srcpos.Value(src)
	if err != nil {
		// Refused: the indexing reader finds the place of the fault.
		if _, err := srcpos.JSON(src); err != nil {
			return nil, syntaxError(file, err)
		}
		return nil, diag.Errorf(diag.Position{File: file, Line: 1, Col: 1}, "%w", err)
	}
	return &Doc{File: file, Src: src, Value: v, json: true}, nil
}

// ParseYAML reads a YAML document, reporting syntax errors at line:column.
func ParseYAML(file string, src []byte) (*Doc, error) {
	v, ix, err := srcpos.YAML(src)
	if err != nil {
		return nil, syntaxError(file, err)
	}
	return &Doc{File: file, Src: src, Value: v, index: ix}, nil
}

func syntaxError(file string, err error) error {
	var se *srcpos.SyntaxError
	if errors.As(err, &se) {
		return &diag.InputError{Position: diag.Position{File: file, Line: se.Line, Col: se.Col}, Msg: se.Msg}
	}
	return &diag.InputError{Position: diag.Position{File: file}, Err: err}
}

// Decode decodes the document's plain value into v, refusing unknown
// fields, and reports a mismatch (a *diag.InputError) at the place it
// happened. Readers of small formats (a lint baseline) use it.
func (d *Doc) Decode(v any) error { return d.decodeInto(v) }

// decodeInto decodes the document's plain value into v, refusing unknown
// fields, and reports a mismatch at the place it happened.
func (d *Doc) decodeInto(v any) error {
	if d.json {
		// The tree was read from the text as encoding/json reads it: most
		// documents decode from it without scanning the text again. Where
		// plain declines, the text is read straight into v, one pass
		// instead of writing the value out and reading that back. A fault
		// is found again below, where it is placed.
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().IsZero() {
			if plain.Decode(d.Value, v) {
				return nil
			}
			rv.Elem().SetZero()
		}
		dec := json.NewDecoder(bytes.NewReader(d.Src))
		dec.DisallowUnknownFields()
		if dec.Decode(v) == nil {
			return nil
		}
	}
	raw, err := json.Marshal(d.Value)
	if err != nil {
		return diag.Errorf(d.Position(""), "%w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			ptr := fieldPointer(te.Field)
			if exact, ok := typeErrorPointer(d.Value, splitField(te.Field), "", te.Type); ok {
				ptr = exact
			}
			return diag.Errorf(d.Position(ptr), "%s: want %s, found %s", displayPointer(ptr), te.Type, te.Value)
		}
		msg := err.Error()
		if strings.HasPrefix(msg, "json: unknown field ") {
			field := strings.Trim(strings.TrimPrefix(msg, "json: unknown field "), `"`)
			return diag.Errorf(d.Position(findKey(d.Value, field, "")), "unknown key %q", field)
		}
		return diag.Errorf(d.Position(""), "%s", strings.TrimPrefix(msg, "json: "))
	}
	return nil
}

func displayPointer(p string) string {
	if p == "" {
		return "the document"
	}
	return p
}

// fieldPointer turns encoding/json's "a.b.c" field path into a pointer.
// Array indexes are not in that path; the nearest known ancestor is used.
func fieldPointer(field string) string {
	if field == "" {
		return ""
	}
	return "/" + strings.ReplaceAll(field, ".", "/")
}

func splitField(field string) []string {
	if field == "" {
		return nil
	}
	return strings.Split(field, ".")
}

// typeErrorPointer finds the value encoding/json could not decode. Its
// error names the path by field names only ("links.lengthKm", no array
// index), so every element of an array on the way is tried in turn, and the
// first value that does not decode into typ is the one.
func typeErrorPointer(v any, fields []string, at string, typ reflect.Type) (string, bool) {
	if len(fields) == 0 && !decodesAs(v, typ) {
		return at, true
	}
	switch t := v.(type) {
	case map[string]any:
		if len(fields) > 0 {
			if c, ok := t[fields[0]]; ok {
				return typeErrorPointer(c, fields[1:], srcpos.Join(at, fields[0]), typ)
			}
		}
		// A map with keys of the data's own (copies: {France: x}).
		for _, k := range slices.Sorted(maps.Keys(t)) {
			if p, ok := typeErrorPointer(t[k], fields, srcpos.Join(at, k), typ); ok {
				return p, true
			}
		}
	case []any:
		for i, c := range t {
			if p, ok := typeErrorPointer(c, fields, srcpos.Join(at, i), typ); ok {
				return p, true
			}
		}
	}
	return "", false
}

func decodesAs(v any, typ reflect.Type) bool {
	if typ == nil {
		return true
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return false
	}
	return json.Unmarshal(raw, reflect.New(typ).Interface()) == nil
}

// findKey finds the first pointer (depth first, keys in sorted order) to a
// member named key, so an unknown key can be reported where it is.
func findKey(v any, key, at string) string {
	switch t := v.(type) {
	case map[string]any:
		if _, ok := t[key]; ok {
			return srcpos.Join(at, key)
		}
		for _, k := range slices.Sorted(maps.Keys(t)) {
			if p := findKey(t[k], key, srcpos.Join(at, k)); p != "" {
				return p
			}
		}
	case []any:
		for i, e := range t {
			if p := findKey(e, key, srcpos.Join(at, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

// PackDoc is a pack file read and decoded.
type PackDoc struct {
	*Doc
	Pack *Pack
}

// DecodePack reads a pack from JSON text. A pack of another format or of a
// newer formatVersion is refused with a message that says so.
func DecodePack(file string, src []byte) (*PackDoc, error) {
	doc, err := ParseJSON(file, src)
	if err != nil {
		return nil, err
	}
	return DecodePackDoc(doc)
}

// DecodePackDoc is DecodePack on a document already parsed (lint reads it
// once for the schema and the pack both).
func DecodePackDoc(doc *Doc) (*PackDoc, error) {
	if err := CheckPackHeader(doc); err != nil {
		return nil, err
	}
	if PackKind(doc) == KindNetwork {
		return nil, diag.Errorf(doc.Position("/kind"), "a route-network pack (kind %q), not a regions pack: this command does not read it", KindNetwork)
	}
	var p Pack
	if err := doc.decodeInto(&p); err != nil {
		return nil, err
	}
	return &PackDoc{Doc: doc, Pack: &p}, nil
}

// CheckPackHeader checks format and formatVersion before anything else, so
// that a newer pack gets "upgrade tendays" rather than a list of odd errors.
func CheckPackHeader(doc *Doc) error {
	obj, ok := doc.Value.(map[string]any)
	if !ok {
		return diag.Errorf(doc.Position(""), "a pack must be a JSON object")
	}
	if f, _ := obj["format"].(string); f != Format {
		return diag.Errorf(doc.Position("/format"), "not a tendays pack: format is %q, want %q", f, Format)
	}
	n, ok := obj["formatVersion"].(json.Number)
	v, err := n.Int64()
	if !ok || err != nil {
		return diag.Errorf(doc.Position("/formatVersion"), "formatVersion must be an integer")
	}
	if v > FormatVersion {
		return diag.Errorf(doc.Position("/formatVersion"), "pack has formatVersion %d, newer than this tendays reads (%d): upgrade tendays", v, FormatVersion)
	}
	if v < 1 {
		return diag.Errorf(doc.Position("/formatVersion"), "formatVersion %d is not valid (want 1 to %d)", v, FormatVersion)
	}
	return nil
}

// ReadPack reads and decodes a pack file.
func ReadPack(path string, max int64) (*PackDoc, error) {
	src, err := ReadFile(path, max)
	if err != nil {
		return nil, err
	}
	return DecodePack(path, src)
}

// EditionDoc is an edition.yaml read and decoded, with the folder it is in.
type EditionDoc struct {
	*Doc
	Dir     string
	Edition *Edition
}

// DecodeEdition reads an edition from YAML text.
func DecodeEdition(file string, src []byte) (*EditionDoc, error) {
	doc, err := ParseYAML(file, src)
	if err != nil {
		return nil, err
	}
	if doc.Value == nil {
		return nil, diag.Errorf(doc.Position(""), "the edition file is empty")
	}
	if _, ok := doc.Value.(map[string]any); !ok {
		return nil, diag.Errorf(doc.Position(""), "an edition must be a YAML mapping (id:, name:, borders: ...)")
	}
	var e Edition
	if err := doc.decodeInto(&e); err != nil {
		return nil, err
	}
	return &EditionDoc{Doc: doc, Edition: &e}, nil
}
