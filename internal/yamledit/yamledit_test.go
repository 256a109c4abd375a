package yamledit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tendays/tendays/internal/srcpos"
)

const sample = `# A starting edition.
id: demo
name: "10 Days in Demo"   # the box's title

regions:
  omit: []
  # merge: {Kept: [Merged]}

colors:
  palette: [blue, green]
  # Chosen by tendays init.
  assign:
    Alpha: blue   # keep
    "Beta: the second": green

links:
  add: []     # - {a: Region, b: Other, kind: ferry}
  remove:
    - {a: Alpha, b: Beta}

transports:
  airplane: {per_color: 2}
  automobile: {count: 6}     # enough cars

# seas:
#   north: {}
`

func read(t *testing.T, src []byte) map[string]any {
	t.Helper()
	v, _, err := srcpos.YAML(src)
	if err != nil {
		t.Fatalf("does not read back: %v\n%s", err, src)
	}
	return v.(map[string]any)
}

func get(m map[string]any, path ...string) any {
	var v any = m
	for _, k := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

func TestEditsKeepCommentsAndLayout(t *testing.T) {
	src := []byte(sample)
	steps := []struct {
		op   func([]byte) ([]byte, error)
		path []string
		want any
	}{
		{func(s []byte) ([]byte, error) { return Set(s, []string{"transports", "automobile", "count"}, 14) }, []string{"transports", "automobile", "count"}, int64(14)},
		{func(s []byte) ([]byte, error) { return Set(s, []string{"colors", "assign", "Alpha"}, "green") }, []string{"colors", "assign", "Alpha"}, "green"},
		{func(s []byte) ([]byte, error) { return Set(s, []string{"colors", "assign", "Gamma"}, "yes") }, []string{"colors", "assign", "Gamma"}, "yes"},
		{func(s []byte) ([]byte, error) { return Set(s, []string{"transports", "train", "count"}, 2) }, []string{"transports", "train", "count"}, int64(2)},
		{func(s []byte) ([]byte, error) {
			return Append(s, []string{"links", "add"}, map[string]any{"a": "Alpha", "b": ".inf", "kind": "ferry"})
		}, []string{"links", "add"}, nil},
		{func(s []byte) ([]byte, error) {
			return Append(s, []string{"links", "remove"}, map[string]any{"a": "Gamma", "b": "Beta"})
		}, []string{"links", "remove"}, nil},
		{func(s []byte) ([]byte, error) { return Append(s, []string{"air_only"}, "Gamma") }, []string{"air_only"}, nil},
		{func(s []byte) ([]byte, error) { return Append(s, []string{"air_only"}, "Delta\nEpsilon") }, []string{"air_only"}, nil},
		{func(s []byte) ([]byte, error) { return Set(s, []string{"name"}, "10 Days: Demo") }, []string{"name"}, "10 Days: Demo"},
	}
	for i, st := range steps {
		out, err := st.op(src)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		m := read(t, out)
		if st.want != nil && fmt.Sprint(get(m, st.path...)) != fmt.Sprint(st.want) {
			t.Fatalf("step %d: %v = %#v, want %#v\n%s", i, st.path, get(m, st.path...), st.want, out)
		}
		src = out
	}
	m := read(t, src)
	add := get(m, "links", "add").([]any)
	if len(add) != 1 || get(add[0].(map[string]any), "b") != ".inf" {
		t.Errorf("links.add = %#v", add)
	}
	if rm := get(m, "links", "remove").([]any); len(rm) != 2 {
		t.Errorf("links.remove = %#v", rm)
	}
	if ao := get(m, "air_only").([]any); len(ao) != 2 || ao[1] != "Delta\nEpsilon" {
		t.Errorf("air_only = %#v", ao)
	}
	for _, keep := range []string{"# A starting edition.", "# the box's title", "# merge: {Kept: [Merged]}", "# Chosen by tendays init.",
		"Alpha: green   # keep", "automobile: {count: 14}     # enough cars", "# seas:\n#   north: {}", "add: [{a: Alpha, b: \".inf\", kind: ferry}]     # - {a"} {
		if !strings.Contains(string(src), keep) {
			t.Errorf("lost %q:\n%s", keep, src)
		}
	}
}

func TestQuoteRoundTrips(t *testing.T) {
	names := []string{".inf", "-.inf", ".NaN", "yes", "No", "on", "OFF", "y", "n", "true", "null", "~", "", " leading", "trailing ",
		"new\nline", "tab\there", `quo"te`, "it's", "a: b", "#hash", "x #y", "012", "0x1F", "1e3", "+1", "2001-12-14", "1_000", "12:30", "10 Days in X", "3 e", "-", "?", "!tag", "&anchor", "*alias",
		"[list]", "{map}", "@at", "`tick", "%pct", "|", ">", "Côte d'Ivoire", "Bosnia and Herz.", "São Tomé", "Dem. Rep. Congo", "\x1b[31mred", "nul\x00", "a,b", "line\r", "\u2028sep"}
	for _, n := range names {
		text := "k: " + Quote(n) + "\nl: [" + Quote(n) + "]\nm: {" + Quote(n) + ": 1}\n"
		m := read(t, []byte(text))
		if m["k"] != n {
			t.Errorf("Quote(%q) = %s reads back as %#v", n, Quote(n), m["k"])
		}
		if l := m["l"].([]any); len(l) != 1 || l[0] != n {
			t.Errorf("flow sequence of %q reads back as %#v", n, l)
		}
		if mm := m["m"].(map[string]any); len(mm) != 1 || mm[n] == nil {
			t.Errorf("flow key %q reads back as %#v", n, mm)
		}
	}
}
