package schema

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tendays/tendays/internal/srcpos"
)

// corpus is every pack and edition file of the repository's test data and
// bundled editions that parses: the bad-input corpus (testdata/bad), the
// test packs and editions, lint's, the engine's and the exports' packs.
func corpus(t testing.TB) map[string][]string {
	t.Helper()
	globs := map[string][]string{
		Pack: {"../testdata/bad/pack/*.json", "../testdata/packs/*.json", "../engine/testdata/*.pack.json",
			"../export/testdata/*.pack.json", "../lint/testdata/*.json"},
		Edition: {"../testdata/bad/edition/*/edition.yaml", "../testdata/editions/*/edition.yaml",
			"../editions/*/edition.yaml", "../lint/testdata/*/edition.yaml"},
	}
	out := map[string][]string{}
	for name, gs := range globs {
		for _, g := range gs {
			files, err := filepath.Glob(g)
			if err != nil {
				t.Fatal(err)
			}
			out[name] = append(out[name], files...)
		}
	}
	return out
}

func valueOf(name string, src []byte) (any, bool) {
	if name == Pack {
		v, err := srcpos.Value(src)
		return v, err == nil
	}
	v, _, err := srcpos.YAML(src)
	return v, err == nil
}

// TestCheckerAgrees: the checker compiled from each schema finds a
// document valid exactly when the validator reports no violation, on
// every file of the bad-input corpus and every pack and edition the
// repository holds; the corpus holds both kinds.
func TestCheckerAgrees(t *testing.T) {
	for name, files := range corpus(t) {
		c := checkerFor(name)
		if c == nil {
			t.Fatalf("the %s schema compiles to no checker", name)
		}
		valid, invalid := 0, 0
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			v, ok := valueOf(name, src)
			if !ok {
				continue
			}
			vs, err := validateFully(name, v)
			if err != nil {
				t.Fatal(err)
			}
			if got := c(v); got != (len(vs) == 0) {
				t.Errorf("%s: the checker says valid=%v, the validator %d violations (%v)", f, got, len(vs), vs)
			}
			if len(vs) == 0 {
				valid++
			} else {
				invalid++
			}
		}
		t.Logf("%s: %d valid, %d invalid documents", name, valid, invalid)
		if valid < 3 || invalid < 3 {
			t.Errorf("%s: the corpus has %d valid and %d invalid documents: too few to compare", name, valid, invalid)
		}
	}
}

// FuzzCheckerAgrees: mutate a valid pack or edition (a value replaced by
// one of another kind or of an edge value, a member added or dropped) and
// the checker and the validator still give one verdict.
func FuzzCheckerAgrees(f *testing.F) {
	seeds := map[string][]byte{}
	for name, file := range map[string]string{Pack: "../testdata/packs/mini.pack.json", Edition: "../editions/usa/edition.yaml"} {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		seeds[name] = src
	}
	f.Add(uint64(1), uint8(3), false)
	f.Add(uint64(7), uint8(12), true)
	f.Fuzz(func(t *testing.T, seed uint64, mutations uint8, edition bool) {
		name := Pack
		if edition {
			name = Edition
		}
		v, ok := valueOf(name, seeds[name])
		if !ok {
			t.Fatal("seed does not parse")
		}
		rng := rand.New(rand.NewPCG(seed, 0))
		for range mutations % 8 {
			v = mutate(rng, v)
		}
		vs, err := validateFully(name, v)
		if err != nil {
			t.Fatal(err)
		}
		if got := checkerFor(name)(v); got != (len(vs) == 0) {
			out, _ := json.Marshal(v)
			t.Fatalf("the checker says valid=%v, the validator %v, for %.2000s", got, vs, out)
		}
	})
}

// edgeValues are values that sit at the edges of what the schemas allow.
var edgeValues = []any{nil, true, false, "", "x", "a:b", "a,b", "\u202e", strings.Repeat("é", 65), "UPPER", "dark-blue",
	json.Number("0"), json.Number("-0"), json.Number("1"), json.Number("1.0"), json.Number("1e2"), json.Number("-1"),
	json.Number("0.5"), json.Number("100000"), json.Number("100001"), json.Number("1e400"), json.Number("99999.999999999999999"),
	[]any{}, []any{"a", "a"}, []any{json.Number("1"), json.Number("1.0")}, map[string]any{}, map[string]any{"unknown": true}}

// mutate changes one value somewhere in v, walking down at random.
func mutate(rng *rand.Rand, v any) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 || rng.IntN(6) == 0 {
			break
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys) // map order is random: sorted, the walk repeats
		k := keys[rng.IntN(len(keys))]
		m := make(map[string]any, len(x))
		for kk, vv := range x {
			m[kk] = vv
		}
		switch rng.IntN(8) {
		case 0:
			delete(m, k)
		case 1:
			m["extra"] = edgeValues[rng.IntN(len(edgeValues))]
		default:
			m[k] = mutate(rng, x[k])
		}
		return m
	case []any:
		if len(x) == 0 || rng.IntN(6) == 0 {
			break
		}
		a := append([]any(nil), x...)
		i := rng.IntN(len(a))
		switch rng.IntN(8) {
		case 0:
			a = append(a[:i], a[i+1:]...)
		case 1:
			a = append(a, a[i])
		default:
			a[i] = mutate(rng, a[i])
		}
		return a
	}
	return edgeValues[rng.IntN(len(edgeValues))]
}

// BenchmarkChecker checks a 2 MB valid pack (TENDAYS_BIGPACK, as
// scripts/bench/lint_ajv.sh writes it) or the mini pack.
func BenchmarkChecker(b *testing.B) {
	file := os.Getenv("TENDAYS_BIGPACK")
	if file == "" {
		file = "../testdata/packs/mini.pack.json"
	}
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	v, ok := valueOf(Pack, src)
	if !ok {
		b.Fatal("does not parse")
	}
	c := checkerFor(Pack)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if !c(v) {
			b.Fatal("invalid")
		}
	}
}

// schemaPatterns are the patterns of both schemas.
func schemaPatterns(t testing.TB) []string {
	var out []string
	var walk func(any)
	walk = func(n any) {
		switch x := n.(type) {
		case map[string]any:
			if p, ok := x["pattern"].(string); ok {
				out = append(out, p)
			}
			for _, v := range x {
				walk(v)
			}
		case []any:
			for _, v := range x {
				walk(v)
			}
		}
	}
	for _, name := range Names() {
		src, err := Source(name)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(src, &doc); err != nil {
			t.Fatal(err)
		}
		walk(doc)
	}
	return out
}

// TestPatternsTakeTheTable: the patterns every id and name of a document
// is tested on (the schemas' $defs) are matched by a table, not by regexp;
// the others (language codes, a few a document) may go either way.
func TestPatternsTakeTheTable(t *testing.T) {
	for _, name := range Names() {
		src, err := Source(name)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Defs map[string]struct {
				Pattern string `json:"pattern"`
			} `json:"$defs"`
		}
		if err := json.Unmarshal(src, &doc); err != nil {
			t.Fatal(err)
		}
		tabled := 0
		for def, d := range doc.Defs {
			if d.Pattern == "" {
				continue
			}
			if runMatcher(d.Pattern) == nil {
				t.Errorf("%s schema, $defs/%s: pattern %q goes to regexp", name, def, d.Pattern)
			}
			tabled++
		}
		if tabled < 2 {
			t.Errorf("%s schema: %d patterns in $defs", name, tabled)
		}
	}
	for _, p := range schemaPatterns(t) {
		if runMatcher(p) == nil {
			t.Logf("pattern %q goes to regexp", p)
		}
	}
}

// FuzzPatterns: for every pattern of the schemas, the table matcher and
// regexp agree on any string.
func FuzzPatterns(f *testing.F) {
	for _, s := range []string{"", "a", "R00001", "Région", "a:b", "europe:Russia", "#a0B1c2", "#a0B1c", "\u202e", "x\x00", "\xff",
		" lead", "a b", "12", "09", "dark-blue", "-x", strings.Repeat("f", 64), "./x", "a\\b"} {
		f.Add(s)
	}
	patterns := schemaPatterns(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range patterns {
			m := runMatcher(p)
			if m == nil {
				continue
			}
			if got, want := m(s), regexp.MustCompile(p).MatchString(s); got != want {
				t.Fatalf("pattern %q on %q: table %v, regexp %v", p, s, got, want)
			}
		}
	})
}
