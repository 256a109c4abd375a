package yamledit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tendays/tendays/internal/fuzzcheck"
	"github.com/tendays/tendays/internal/srcpos"
)

// An edit is one Set or Append, and what the document must read as after
// it: exactly the document before, with that one change.
type anEdit struct {
	appendTo bool
	path     []string
	value    any
}

func (e anEdit) String() string {
	op := "set"
	if e.appendTo {
		op = "append"
	}
	return fmt.Sprintf("%s %s %v", op, strings.Join(e.path, "."), e.value)
}

func (e anEdit) do(src []byte) ([]byte, error) {
	if e.appendTo {
		return Append(src, e.path, e.value)
	}
	return Set(src, e.path, e.value)
}

// plain is v as srcpos.YAML reads it back.
func plain(v any) any {
	switch x := v.(type) {
	case int:
		return json.Number(strconv.Itoa(x))
	case int64:
		return json.Number(strconv.FormatInt(x, 10))
	case float64:
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	case Map:
		out := map[string]any{}
		for _, kv := range x {
			out[kv.Key] = plain(kv.Value)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, v := range x {
			out[k] = plain(v)
		}
		return out
	}
	return v
}

// expect applies the edit to the document's value as Set and Append
// promise to: the missing keys created, a null filled, a scalar replaced,
// an item added at the end of a sequence. ok is false where the edit must
// be refused (a collection where a scalar goes, a scalar where a mapping
// or sequence goes).
func (e anEdit) expect(doc any) (any, bool) {
	return expectAt(doc, e.path, e)
}

func expectAt(v any, path []string, e anEdit) (any, bool) {
	if len(path) == 0 {
		if e.appendTo {
			switch x := v.(type) {
			case nil:
				return []any{plain(e.value)}, true
			case []any:
				return append(slices.Clone(x), plain(e.value)), true
			}
			return nil, false
		}
		switch v.(type) {
		case map[string]any, []any:
			return nil, false
		}
		return plain(e.value), true
	}
	var m map[string]any
	switch x := v.(type) {
	case nil:
		m = map[string]any{}
	case map[string]any:
		m = maps.Clone(x)
	default:
		return nil, false
	}
	child, ok := expectAt(m[path[0]], path[1:], e)
	if !ok {
		return nil, false
	}
	m[path[0]] = child
	return m, true
}

// check applies e to src and says what is wrong with the result, if
// anything: it must read back, and hold exactly the edit.
func check(t testing.TB, src []byte, e anEdit) (wrong string, refused error) {
	// The reader refuses a byte-order mark; the editor keeps one.
	before, _, err := srcpos.YAML(bytes.TrimPrefix(src, bom))
	if err != nil {
		return "", err
	}
	want, possible := e.expect(before)
	var out []byte
	fuzzcheck.Within(t, func() { out, err = e.do(src) })
	if err != nil {
		return "", err
	}
	if !possible {
		return fmt.Sprintf("%s: made, where it should be refused:\n%s", e, out), nil
	}
	if bytes.HasPrefix(src, bom) != bytes.HasPrefix(out, bom) {
		return fmt.Sprintf("%s: the byte-order mark was not kept:\n%q", e, out), nil
	}
	after, _, rerr := srcpos.YAML(bytes.TrimPrefix(out, bom))
	if rerr != nil {
		return fmt.Sprintf("%s: the result does not read back (%v):\n%s", e, rerr, out), nil
	}
	if !reflect.DeepEqual(after, want) {
		return fmt.Sprintf("%s: the result holds more or less than the edit:\nwant %#v\ngot  %#v\n%s", e, want, after, out), nil
	}
	return "", nil
}

// layouts are one small edition written in every way the edition schema
// accepts: block and flow, flow spread over lines, trailing commas,
// comments inside flow collections, CRLF and CR-only line endings, a
// byte-order mark, a %YAML directive, document markers, anchors (unused
// by the edit), tags, quoted keys, and an empty or null value to fill.
var layouts = map[string]string{
	"block": `id: demo
name: Demo   # the title
days: 10
regions:
  omit:
    - Gamma
links:
  add:
    - {a: Alpha, b: Beta, kind: ferry}
transports:
  automobile:
    count: 6
`,
	"flow": `{id: demo, name: Demo, days: 10, regions: {omit: [Gamma]}, links: {add: [{a: Alpha, b: Beta, kind: ferry}]}, transports: {automobile: {count: 6}}}
`,
	"flow over lines": `id: demo
name: Demo
days: 10
regions: {
  omit: [
    Gamma,
  ],
}
links: {
  add: [
    {a: Alpha, b: Beta, kind: ferry},   # a crossing
    # more to come
  ]
}
transports: {automobile: {
  count: 6
}}
`,
	"trailing commas": `id: demo
name: Demo
days: 10
regions: {omit: [Gamma,],}
links: {add: [{a: Alpha, b: Beta, kind: ferry},],}
transports: {automobile: {count: 6,},}
`,
	"indentless sequences": `id: demo
name: Demo
days: 10
regions:
  omit:
  - Gamma
links:
  add:
  - a: Alpha
    b: Beta
    kind: ferry
transports:
    automobile:
        count: 6
`,
	"directive and markers": "%YAML 1.2\n---\nid: demo\nname: Demo\ndays: 10\nregions:\n  omit: [Gamma]\nlinks:\n  add: [{a: Alpha, b: Beta, kind: ferry}]\ntransports:\n  automobile: {count: 6}\n...\n",
	"anchors and tags": `id: demo
name: &title Demo
days: !!int 10
regions:
  omit: &gone [Gamma]
links:
  add:
    - &crossing {a: Alpha, b: Beta, kind: ferry}
transports:
  automobile: {count: !!int 6}
`,
	"quoted keys": `"id": demo
'name': Demo
"days": 10
"regions":
  "omit": ["Gamma"]
'links':
  'add': [{"a": Alpha, 'b': Beta, kind: ferry}]
"transports":
  "automobile": {"count": 6}
`,
	"empty and null": `id: demo
name: Demo
days: 10
regions:
  omit:
links: {add: ~}
transports:
  automobile: {count: 6}
air_only: null   # none yet
`,
	"no final newline": "id: demo\nname: Demo\ndays: 10\nregions:\n  omit: [Gamma]\nlinks:\n  add:\n    - {a: Alpha, b: Beta, kind: ferry}\ntransports:\n  automobile:\n    count: 6",
}

// edits are the proposals doctor makes, and a few more.
var edits = []anEdit{
	{false, []string{"transports", "automobile", "count"}, 14},
	{false, []string{"transports", "train", "count"}, 4},
	{false, []string{"days"}, 5},
	{false, []string{"name"}, "Demo: the \"second\" edition"},
	{false, []string{"colors", "assign", "Alpha"}, "red"},
	{true, []string{"links", "add"}, map[string]any{"a": "Gamma", "b": "Alpha", "kind": "ferry"}},
	{true, []string{"regions", "omit"}, "Delta"},
	{true, []string{"air_only"}, "Beta"},
	{true, []string{"links", "remove"}, map[string]any{"a": "Alpha", "b": "Beta"}},
}

// variants are each layout as it may arrive: as written, with CRLF line
// endings, with CR-only line endings (old Mac), and with a byte-order mark.
func variants(src string) map[string]string {
	return map[string]string{
		"LF":   src,
		"CRLF": strings.ReplaceAll(src, "\n", "\r\n"),
		"CR":   strings.ReplaceAll(src, "\n", "\r"),
		"BOM":  "\ufeff" + src,
	}
}

// TestEveryLayoutIsEditable: issue 26 class "doctor --apply loses or
// breaks edits". Every layout of the table, in every line ending and with
// a BOM, takes every edit doctor proposes, and the result reads back as
// the document with exactly that edit, keeping the file's line endings and
// BOM.
func TestEveryLayoutIsEditable(t *testing.T) {
	for name, layout := range layouts {
		for ending, src := range variants(layout) {
			for _, e := range edits {
				wrong, refused := check(t, []byte(src), e)
				if refused != nil {
					t.Errorf("%s, %s: %s: refused: %v", name, ending, e, refused)
					continue
				}
				if wrong != "" {
					t.Errorf("%s, %s: %s", name, ending, wrong)
					continue
				}
				out, _ := e.do([]byte(src))
				if got := lineEndings(string(out)); got != lineEndings(src) {
					t.Errorf("%s, %s: %s: line endings became %s", name, ending, e, got)
				}
				if strings.HasPrefix(src, "\ufeff") != strings.HasPrefix(string(out), "\ufeff") {
					t.Errorf("%s, %s: %s: the byte-order mark was lost", name, ending, e)
				}
			}
		}
	}
}

// lineEndings says which line endings a text uses: LF, CRLF, CR, a mix, or
// none.
func lineEndings(s string) string {
	crlf := strings.Count(s, "\r\n")
	cr := strings.Count(s, "\r") - crlf
	lf := strings.Count(s, "\n") - crlf
	var kinds []string
	for _, k := range []struct {
		name string
		n    int
	}{{"LF", lf}, {"CRLF", crlf}, {"CR", cr}} {
		if k.n > 0 {
			kinds = append(kinds, k.name)
		}
	}
	if len(kinds) == 0 {
		return "none"
	}
	return strings.Join(kinds, "+")
}

// TestRefusedWithAReason: what cannot be edited exactly is refused, saying
// why, and never half-made: an edit through an alias (it would change
// every place the anchor is used), a scalar where a mapping is wanted.
func TestRefusedWithAReason(t *testing.T) {
	cases := []struct {
		src  string
		edit anEdit
		want string
	}{
		{"base: &b {count: 6}\ntransports:\n  automobile: *b\n", anEdit{false, []string{"transports", "automobile", "count"}, 14}, "alias"},
		{"transports: &t {automobile: {count: 6}}\nagain: *t\n", anEdit{false, []string{"transports", "automobile", "count"}, 14}, "anchor"},
		{"links: {add: &l []}\nmore: *l\n", anEdit{true, []string{"links", "add"}, "x"}, "anchor"},
		{"transports: 6\n", anEdit{false, []string{"transports", "automobile", "count"}, 14}, "not a mapping"},
		{"links:\n  add: {a: b}\n", anEdit{true, []string{"links", "add"}, "x"}, "not a sequence"},
		{"a: 1\n---\nb: 2\n", anEdit{false, []string{"a"}, 2}, "document"},
	}
	for _, c := range cases {
		_, err := c.edit.do([]byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q, %s: want an error saying %q, got %v", c.src, c.edit, c.want, err)
		}
	}
}

// FuzzEdit: any document srcpos.YAML accepts, any edit along its keys (or
// new ones): the edit is refused, or the result reads back and holds
// exactly that edit. Run it long with scripts/fuzz.sh 600 FuzzEdit.
func FuzzEdit(f *testing.F) {
	for _, layout := range slices.Sorted(maps.Keys(layouts)) {
		for _, src := range variants(layouts[layout]) {
			f.Add([]byte(src), byte(0), []byte{3, 0, 0}, "14")
			f.Add([]byte(src), byte(1), []byte{2, 0}, "Delta")
			f.Add([]byte(src), byte(2), []byte{9, 1}, "x")
		}
	}
	f.Add([]byte(sample), byte(3), []byte{1, 2, 3}, "a: b # c")
	f.Fuzz(func(t *testing.T, src []byte, op byte, keys []byte, text string) {
		if len(src) > 4096 || len(keys) > 6 {
			return
		}
		doc, _, err := srcpos.YAML(src)
		if err != nil {
			return
		}
		e := anEdit{appendTo: op&1 == 1}
		// The path follows the document's keys, or leaves them for a new
		// key, one byte a level.
		cur := doc
		for _, b := range keys {
			m, _ := cur.(map[string]any)
			names := slices.Sorted(maps.Keys(m))
			if int(b)%(len(names)+1) == len(names) {
				e.path = append(e.path, fmt.Sprintf("new%d", b))
				cur = nil
				continue
			}
			e.path = append(e.path, names[int(b)%(len(names)+1)])
			cur = m[e.path[len(e.path)-1]]
		}
		if len(e.path) == 0 {
			return
		}
		switch op >> 1 % 5 {
		case 0:
			e.value = text
		case 1:
			e.value = len(text)
		case 2:
			e.value = map[string]any{"a": text, "b": "x", "kind": "ferry"}
		case 3:
			e.value = []string{text, "y"}
		default:
			e.value = float64(len(text)) / 4
		}
		if wrong, _ := check(t, src, e); wrong != "" {
			t.Fatalf("%s\ninput:\n%s", wrong, src)
		}
	})
}
