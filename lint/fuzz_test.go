package lint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

func checkInputError(t *testing.T, file string, err error) {
	t.Helper()
	var ie *diag.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("error %T is not a *diag.InputError: %v", err, err)
	}
	if !strings.HasPrefix(err.Error(), file+":") {
		t.Fatalf("error does not name %s and a place first: %v", file, err)
	}
}

func addFile(f *testing.F, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(src)
}

// FuzzConfig: a lint config never panics the reader; it is read, or refused
// with the file and a line.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{
		"rules:\n  colors/lonely: off\n  deck/too-small: warning\n",
		"rules:\n  colors/lonley: off\n",
		"rules: [a, b]\n",
		"rulez: {}\n",
		"rules:\n  colors/lonely: [off]\n",
		"rules:\n  <<: {colors/lonely: off}\n",
		"rules: {colors/lonely: off\n",
		"",
		"~\n",
		"a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nrules: *b\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var c *Config
		var err error
		fuzzcheck.Within(t, func() { c, err = own.DecodeConfig(ConfigFileName, src) })
		if err != nil {
			checkInputError(t, ConfigFileName, err)
			return
		}
		for id := range c.Severity {
			if _, ok := own.Lookup(id); !ok || c.Off[id] {
				t.Fatalf("config keeps rule %q, unknown or both off and on", id)
			}
		}
	})
}

// FuzzBaseline: a baseline is read or refused with its place; one that is
// read filters findings without losing any it does not list.
func FuzzBaseline(f *testing.F) {
	for _, s := range []string{
		`{"format":"tendays.lint-baseline","formatVersion":1,"findings":[{"rule":"colors/lonely","file":"a.pack.json","pointer":"/regions/0"}]}`,
		`{"format":"tendays.lint-baseline","formatVersion":1,"findings":[{"rule":""}]}`,
		`{"format":"tendays.lint-baseline","formatVersion":2,"findings":[]}`,
		`{"format":"tendays.lint-baseline","formatVersion":1,"findings":[{"rule":"a","pointer":5}]}`,
		`{"format":"tendays.lint-baseline","formatVersion":1,"findings":[{"rule":"a","pointr":"/x"}]}`,
		`[1,2]`,
		`{"format":"tendays.lint-baseline","formatVersion":1,"findings":[{"rule":"a",`,
	} {
		f.Add([]byte(s))
	}
	findings := []diag.Finding{
		{Rule: "colors/lonely", Severity: diag.Warning, Position: diag.Position{File: "a.pack.json", Pointer: "/regions/0"}},
		{Rule: "ids/unknown", Severity: diag.Error, Position: diag.Position{File: "b.pack.json", Pointer: "/links/3/a"}},
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var b *Baseline
		var err error
		fuzzcheck.Within(t, func() { b, err = DecodeBaseline("baseline.json", src) })
		if err != nil {
			checkInputError(t, "baseline.json", err)
			return
		}
		out := b.Filter(findings)
		kept := 0
		for _, fd := range out {
			if fd.Rule != RuleStaleBaseline {
				kept++
			}
		}
		suppressed := 0
		for _, fd := range findings {
			for _, e := range b.Findings {
				if e.Rule == fd.Rule && e.Pointer == fd.Pointer && samePath(e.File, fd.File) {
					suppressed++
					break
				}
			}
		}
		if kept != len(findings)-suppressed {
			t.Fatalf("kept %d findings of %d, %d suppressed", kept, len(findings), suppressed)
		}
		stale := 0
		for _, e := range b.Findings {
			matches := false
			for _, fd := range findings {
				matches = matches || e.Rule == fd.Rule && e.Pointer == fd.Pointer && samePath(e.File, fd.File)
			}
			if !matches {
				stale++
			}
		}
		if got := len(out) - kept; got != stale {
			t.Fatalf("%d stale entries told, want %d", got, stale)
		}
	})
}

// samePath is the baseline's file rule written plainly, for checking
// Filter's index against: no file matches any; else the same file, cleaned
// or absolute.
func samePath(a, b string) bool {
	if a == "" || b == "" {
		return true
	}
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// FuzzCheckPack: any pack text is refused with its place, or read and
// linted; no rule panics on a strange pack, and every finding names the
// file and a registered rule.
func FuzzCheckPack(f *testing.F) {
	addFile(f, "../testdata/packs/mini.pack.json")
	addFile(f, "../testdata/packs/faulty.pack.json")
	for _, s := range []string{
		`{"format":"tendays.pack","formatVersion":1,"kind":"regions","regions":[{"id":"A"},{"id":"A"}],"links":[{"a":"A","b":"Z","kind":"car","via":["Q"]}]}`,
		`{"format":"tendays.pack","formatVersion":1,"deck":{"cards":[{"token":"x","kind":"plane","color":"nope","count":-1}]}}`,
		`{"format":"tendays.pack","formatVersion":3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var target *Target
		var fs []diag.Finding
		var err error
		fuzzcheck.Within(t, func() {
			target, err = DecodePack("fuzz.pack.json", src)
			if err == nil {
				fs = check(target)
			}
		})
		if err != nil {
			checkInputError(t, "fuzz.pack.json", err)
			return
		}
		for _, fd := range fs {
			if _, ok := own.Lookup(fd.Rule); !ok || fd.File != "fuzz.pack.json" || fd.Message == "" {
				t.Fatalf("bad finding %+v", fd)
			}
		}
	})
}
