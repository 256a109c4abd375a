package plain

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/internal/srcpos"
)

// The shapes a document's types take: every kind Decode decodes, and the
// ones it leaves to encoding/json.
type (
	node struct {
		Name     string            `json:"name"`
		Count    int               `json:"count,omitempty"`
		Small    int8              `json:"small"`
		Unsigned uint16            `json:"unsigned"`
		Ratio    float64           `json:"ratio"`
		Narrow   float32           `json:"narrow"`
		On       bool              `json:"on"`
		Tags     []string          `json:"tags"`
		Names    map[string]string `json:"names"`
		Child    *node             `json:"child"`
		Children []node            `json:"children"`
		Untagged string
		Skipped  string `json:"-"`
		hidden   string
	}
	withAny struct {
		X any `json:"x"`
	}
	withArray struct {
		X [2]int    `json:"x"`
		Y [][1]bool `json:"y"`
	}
	withString struct {
		X int `json:"x,string"`
	}
	inner    struct{ A int }
	embedded struct {
		inner
		B int `json:"b"`
	}
	withNumber struct {
		X json.Number `json:"x"`
	}
	withCustom struct {
		X upper `json:"x"`
	}
	upper  string
	oddTag struct {
		X int `json:"x.y"`
	}
	intKeys struct {
		X map[int]string `json:"x"`
	}
)

func (c *upper) UnmarshalText(b []byte) error { *c = upper(strings.ToUpper(string(b))); return nil }

var _ = node{}.hidden // read by nobody: a field encoding/json ignores

// viaEncodingJSON decodes src as the readers do when Decode declines.
func viaEncodingJSON(src []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	return dec.Decode(dst)
}

// agree decodes src both ways into fresh values of dst's type and checks
// that where Decode answers, encoding/json answers the same value without
// error. It reports whether Decode answered.
func agree(t *testing.T, src []byte, dst any) bool {
	t.Helper()
	tree, err := srcpos.Value(src)
	if err != nil {
		return false
	}
	typ := reflect.TypeOf(dst).Elem()
	fast, slow := reflect.New(typ), reflect.New(typ)
	ok := Decode(tree, fast.Interface())
	err = viaEncodingJSON(src, slow.Interface())
	if ok {
		require.NoError(t, err, "Decode took %s, encoding/json refuses it", src)
		require.Equal(t, slow.Elem().Interface(), fast.Elem().Interface(), "%s", src)
	}
	return ok
}

func TestDecodeAgreesWithEncodingJSON(t *testing.T) {
	taken := []string{
		`{}`,
		`null`,
		`{"name": "a", "count": 3, "small": -128, "unsigned": 65535, "ratio": 1.5e3, "narrow": 0.1, "on": true}`,
		`{"tags": [], "names": {}, "children": []}`,
		`{"tags": null, "names": null, "child": null, "children": null, "name": null, "count": null, "on": null}`,
		`{"tags": ["x", "", "é\u00e9"], "names": {"a": "b", "": "c"}}`,
		`{"child": {"child": {"name": "deep"}}, "children": [{"name": "x"}, {}, {"children": [{"on": false}]}]}`,
		`{"Untagged": "u", "count": -0, "ratio": -0.0}`,
		`{"names": {"k": null}}`,
		`{"ratio": 12345678901234567890}`,
	}
	for _, src := range taken {
		assert.True(t, agree(t, []byte(src), &node{}), "declined %s", src)
	}
	for _, src := range []string{`{"x": [1, 2]}`, `{"x": [1]}`, `{"x": [1, 2, 3, "more", {}]}`, `{"x": [], "y": [[true], [], null, [false, 7]]}`} {
		assert.True(t, agree(t, []byte(src), &withArray{}), "declined %s", src)
	}
	declined := []struct {
		src string
		dst any
	}{
		{`{"Name": "a"}`, &node{}},        // encoding/json takes it without regard to case
		{`{"untagged": "a"}`, &node{}},    // the same
		{`{"unknown": 1}`, &node{}},       // refused
		{`{"Skipped": "a"}`, &node{}},     // refused: the field is not JSON's
		{`{"hidden": "a"}`, &node{}},      // refused
		{`{"name": 1}`, &node{}},          // a number for a string
		{`{"count": "1"}`, &node{}},       // a string for a number
		{`{"count": 1.5}`, &node{}},       // not an integer
		{`{"count": 1e2}`, &node{}},       // encoding/json reads integers as written
		{`{"small": 128}`, &node{}},       // out of range
		{`{"unsigned": -1}`, &node{}},     // out of range
		{`{"narrow": 1e39}`, &node{}},     // out of float32's range
		{`{"tags": "a"}`, &node{}},        // not an array
		{`{"names": []}`, &node{}},        // not an object
		{`{"child": 1}`, &node{}},         // not an object
		{`[]`, &node{}},                   // not an object
		{`{"x": 1}`, &withAny{}},          // an interface: float64 to encoding/json
		{`{"x": "1"}`, &withString{}},     // the ,string option
		{`{"b": 1}`, &embedded{}},         // an embedded struct
		{`{"x": 1}`, &withNumber{}},       // json.Number
		{`{"x": "a"}`, &withCustom{}},     // its own UnmarshalText
		{`{"x": 1}`, &oddTag{}},           // a tag name of other characters
		{`{"x": {"1": "a"}}`, &intKeys{}}, // keys that are numbers
	}
	for _, c := range declined {
		assert.False(t, agree(t, []byte(c.src), c.dst), "took %s into %T", c.src, c.dst)
	}
}

// A type that holds itself, met again while its decoder is being made,
// decodes as any other.
func TestDecodeSelfReferringTypes(t *testing.T) {
	type tree struct {
		Kids []*tree         `json:"kids"`
		ByID map[string]tree `json:"byId"`
		Up   **tree          `json:"up"`
	}
	src := []byte(`{"kids": [{"kids": [null, {}]}], "byId": {"a": {"byId": {"b": {}}}}, "up": {"kids": []}}`)
	assert.True(t, agree(t, src, &tree{}))
}

func TestDecodeRefusesWhatIsNotAPointer(t *testing.T) {
	var n node
	assert.False(t, Decode(map[string]any{}, n))
	assert.False(t, Decode(map[string]any{}, (*node)(nil)))
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"name": "a", "count": 3, "tags": ["x"], "names": {"a": "b"}, "child": {"on": true}}`,
		`{"children": [{"ratio": 1e-3}, {"small": -5, "unsigned": 7}]}`,
		`{"Name": 1}`, `null`, `{"narrow": 3.4e38}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		agree(t, src, &node{})
		agree(t, src, &[]map[string]*node{})
		agree(t, src, &withArray{})
	})
}

// BenchmarkDecode: a document of 10,000 small objects, from its tree by
// Decode, and from its text by encoding/json as the readers did before.
func BenchmarkDecode(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString(`{"children": [`)
	for i := range 10000 {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString(`{"name": "Region", "count": 2, "ratio": 12.5, "on": true, "tags": ["a", "b"], "names": {"de": "Gebiet"}}`)
	}
	buf.WriteString(`]}`)
	src := buf.Bytes()
	tree, err := srcpos.Value(src)
	require.NoError(b, err)
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			var n node
			if !Decode(tree, &n) {
				b.Fatal("declined")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			var n node
			if err := viaEncodingJSON(src, &n); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Decoders are made once a type, whichever goroutine asks first; the
// others use it (or wait for it) rather than racing to make their own.
// Run with -race.
func TestDecodeConcurrently(t *testing.T) {
	type leaf struct {
		V []float64 `json:"v"`
	}
	type branch struct {
		Leaves map[string]*leaf `json:"leaves"`
		Next   *branch          `json:"next"`
	}
	src := []byte(`{"leaves": {"a": {"v": [1, 2.5]}}, "next": {"next": {"leaves": {}}}}`)
	tree, err := srcpos.Value(src)
	require.NoError(t, err)
	var want branch
	require.NoError(t, viaEncodingJSON(src, &want))
	got := make([]branch, 8)
	took := make([]bool, len(got))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { took[i] = Decode(tree, &got[i]) })
	}
	wg.Wait()
	for i := range got {
		assert.True(t, took[i])
		assert.Equal(t, want, got[i])
	}
}
