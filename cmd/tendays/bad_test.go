package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// badCase is one line of testdata/bad/cases.txt.
type badCase struct {
	line     int
	exit     int
	stream   string
	args     []string
	fragment string
}

func readBadCases(t *testing.T, path string) []badCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []badCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.SplitN(text, " | ", 4)
		require.Len(t, fields, 4, "%s:%d: want EXIT | STREAM | COMMAND | FRAGMENT", path, n)
		exit, err := strconv.Atoi(fields[0])
		require.NoError(t, err, "%s:%d: exit code", path, n)
		require.Contains(t, []string{"stdout", "stderr"}, fields[1], "%s:%d: stream", path, n)
		require.NotEmpty(t, fields[3], "%s:%d: fragment", path, n)
		out = append(out, badCase{line: n, exit: exit, stream: fields[1], args: strings.Fields(fields[2]), fragment: fields[3]})
	}
	require.NoError(t, sc.Err())
	return out
}

// nested is depth levels of open, one innermost value, and depth closes.
func nested(open, inner, close string, depth int) string {
	return strings.Repeat(open, depth) + inner + strings.Repeat(close, depth)
}

// generatedBad are the inputs of cases.txt too big to commit. 100,000
// levels of nesting is what the issue asks every reader to survive.
func generatedBad() map[string][]byte {
	const deep = 100_000
	var block, compact strings.Builder
	block.WriteString("rules:\n")
	for i := 1; i <= 300; i++ {
		block.WriteString(strings.Repeat(" ", i) + "a:\n")
	}
	compact.WriteString("rules: " + strings.Repeat("- ", deep) + "off\n")
	var arc, refs []string
	for i := range 10_000 {
		arc = append(arc, fmt.Sprintf("[%d,%d]", i%100, i/100))
	}
	for range 100_000 {
		refs = append(refs, "0")
	}
	// One 900 KB string repeated by 1,000 aliases: few nodes, 900 MB of text.
	stringBomb := []byte("a: &a \"" + strings.Repeat("x", 900_000) + "\"\nb: [" + strings.TrimSuffix(strings.Repeat("*a, ", 1000), ", ") + "]\n")
	big := []byte(`{"type": "FeatureCollection", "features": []}`)
	big = append(big, bytes.Repeat([]byte(" "), 2_000_000-len(big))...)
	return map[string][]byte{
		"gen/deep.pack.json":            []byte(`{"format": "tendays.pack", "formatVersion": 1, "kind": "regions", "regions": ` + nested("[", "", "]", deep) + "}"),
		"gen/deep.geojson":              []byte(`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A", "deep": ` + nested("[", "", "]", deep) + `}, "geometry": null}]}`),
		"gen/deep.topojson":             []byte(`{"type": "Topology", "arcs": [], "objects": {"o": {"type": "Polygon", "arcs": ` + nested("[", "0", "]", deep) + "}}}"),
		"gen/deep-edition/edition.yaml": []byte("id: " + nested("{a: ", "1", "}", deep) + "\n"),
		"gen/deep-block.yaml":           []byte(block.String()),
		"gen/deep-compact.yaml":         []byte(compact.String()),
		"gen/deep-baseline.json":        []byte(`{"format": "tendays.lint-baseline", "formatVersion": 1, "findings": ` + nested("[", "", "]", deep) + "}"),
		"gen/big.geojson":               big,
		"gen/string-bomb.yaml":          stringBomb,
		"gen/string-bomb/edition.yaml":  stringBomb,
		"gen/arc-reuse.topojson":        []byte(`{"type": "Topology", "arcs": [[` + strings.Join(arc, ",") + `]], "objects": {"o": {"type": "GeometryCollection", "geometries": [{"type": "Polygon", "id": "A", "arcs": [[` + strings.Join(refs, ",") + `]]}]}}}`),
		"gen/long-line.txt":             append([]byte("WES,MID,EAS,ship:gulf,ISL\n"), append(bytes.Repeat([]byte("MID,"), 5<<20/4), '\n')...),
	}
}

// listFiles lists every file under dir, relative to it.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		out = append(out, filepath.ToSlash(rel))
		return err
	}))
	sort.Strings(out)
	return out
}

// TestBadInputs runs every case of testdata/bad/cases.txt through Main, as a
// user would type it, and checks the exit code, the message and that no
// file was left behind.
func TestBadInputs(t *testing.T) {
	src, err := filepath.Abs("../../testdata/bad")
	require.NoError(t, err)
	mini, err := os.ReadFile("../../testdata/packs/mini.pack.json")
	require.NoError(t, err)
	cases := readBadCases(t, filepath.Join(src, "cases.txt"))
	require.GreaterOrEqual(t, len(cases), 40)

	// Every committed file is some case's input (a folder counts for the
	// files in it), so the corpus cannot rot unnoticed.
	named := func(file string) bool {
		for _, c := range cases {
			for _, a := range c.args {
				if a == file || strings.HasPrefix(file, strings.TrimSuffix(a, "/")+"/") {
					return true
				}
			}
		}
		return false
	}
	for _, file := range listFiles(t, src) {
		if file != "cases.txt" {
			assert.True(t, named(file), "testdata/bad/%s is named by no case in cases.txt", file)
		}
	}

	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(src)))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mini.pack.json"), mini, 0o644))
	for name, data := range generatedBad() {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	t.Chdir(dir)
	before := listFiles(t, ".")

	for _, c := range cases {
		name := strconv.Itoa(c.line) + "-" + strings.Join(c.args, "_")
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(c.args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
			got := errOut.String()
			if c.stream == "stdout" {
				got = out.String()
			}
			assert.Equal(t, c.exit, code, "cases.txt:%d: exit code\nstdout:\n%s\nstderr:\n%s", c.line, out.String(), errOut.String())
			assert.Contains(t, got, c.fragment, "cases.txt:%d: %s", c.line, c.stream)
			assert.NotContains(t, errOut.String(), "goroutine ", "a stack trace")
			assert.Equal(t, before, listFiles(t, "."), "cases.txt:%d: a file was left behind", c.line)
		})
	}
}
