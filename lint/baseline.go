package lint

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/internal/srcpos"
	"github.com/tendays/tendays/mapdata"
)

// RuleStaleBaseline warns about baseline entries that match nothing.
const RuleStaleBaseline = "baseline/stale"

var baselineRule = &Rule{RuleInfo: diag.RuleInfo{ID: RuleStaleBaseline, Severity: diag.Warning,
	Doc: "Every baseline entry still matches a finding; remove the ones that do not."}, Kind: KindBaseline}

// Baseline is a set of known findings to suppress, matched by rule, file and
// pointer (line numbers move; pointers rarely do).
type Baseline struct {
	Format        string          `json:"format"`
	FormatVersion int             `json:"formatVersion"`
	Findings      []BaselineEntry `json:"findings"`
	doc           *mapdata.Doc
}

// BaselineEntry is one suppressed finding. An empty File matches any file.
type BaselineEntry struct {
	Rule    string `json:"rule"`
	File    string `json:"file,omitempty"`
	Pointer string `json:"pointer"`
}

const baselineFormat = "tendays.lint-baseline"

// DecodeBaseline reads a baseline from text already read (the command reads
// files within its size limit); path names it in messages.
func DecodeBaseline(path string, src []byte) (*Baseline, error) {
	doc, err := mapdata.ParseJSON(path, src)
	if err != nil {
		return nil, err
	}
	if _, ok := doc.Value.(map[string]any); !ok {
		return nil, diag.Errorf(doc.Position(""), "not a lint baseline: want a JSON object with format, formatVersion and findings")
	}
	var b Baseline
	if err := doc.Decode(&b); err != nil {
		return nil, err
	}
	if b.Format != baselineFormat {
		return nil, diag.Errorf(doc.Position("/format"), "not a lint baseline: format is %q, want %q", b.Format, baselineFormat)
	}
	if b.FormatVersion != 1 {
		return nil, diag.Errorf(doc.Position("/formatVersion"), "baseline formatVersion %d is not supported (want 1)", b.FormatVersion)
	}
	for i, e := range b.Findings {
		if e.Rule == "" {
			return nil, diag.Errorf(doc.Position(srcpos.Join("/findings", i)), "baseline entry has no rule")
		}
	}
	b.doc = doc
	return &b, nil
}

// pathKeys makes file names comparable as the baseline compares them:
// cleaned, and absolute from the working folder (read once, not once a
// name), so that "a/../b.json", "./b.json" and its absolute name are one
// file.
type pathKeys struct{ wd string }

func newPathKeys() pathKeys {
	wd, _ := os.Getwd()
	return pathKeys{wd: wd}
}

func (k pathKeys) key(p string) string {
	if k.wd != "" && !filepath.IsAbs(p) {
		return filepath.Join(k.wd, p)
	}
	return filepath.Clean(p)
}

// entryGroup is the entries of one rule and pointer: by file, of any file
// (no file given), and all of them. Each list is marked used at most once.
type entryGroup struct {
	byFile  map[string][]int
	anyFile []int
	all     []int
	marked  map[string]bool // byFile lists marked; "" for anyFile, "*" for all
}

// mark marks a list of the group used, once.
func (g *entryGroup) mark(used []bool, key string, list []int) {
	if g.marked[key] {
		return
	}
	g.marked[key] = true
	for _, i := range list {
		used[i] = true
	}
}

// Filter drops the findings the baseline knows and adds a warning for every
// entry that matched nothing. An entry matches a finding of its rule and
// pointer in its file (an entry or a finding of no file matches any file).
// The entries are grouped once and each list is marked once, so the work
// is linear in the entries and the findings, however the baseline is made
// (issue 33: every finding was compared with every entry).
func (b *Baseline) Filter(fs []diag.Finding) []diag.Finding {
	if b == nil {
		return fs
	}
	type rulePointer struct{ rule, pointer string }
	keys := newPathKeys()
	groups := map[rulePointer]*entryGroup{}
	for i, e := range b.Findings {
		rp := rulePointer{e.Rule, e.Pointer}
		g := groups[rp]
		if g == nil {
			g = &entryGroup{byFile: map[string][]int{}, marked: map[string]bool{}}
			groups[rp] = g
		}
		g.all = append(g.all, i)
		if e.File == "" {
			g.anyFile = append(g.anyFile, i)
		} else {
			k := keys.key(e.File)
			g.byFile[k] = append(g.byFile[k], i)
		}
	}
	used := make([]bool, len(b.Findings))
	var out []diag.Finding
	for _, f := range fs {
		g := groups[rulePointer{f.Rule, f.Pointer}]
		matched := false
		switch {
		case g == nil:
		case f.File == "":
			matched = true // g holds at least one entry
			g.mark(used, "*", g.all)
		default:
			k := keys.key(f.File)
			if list := g.byFile[k]; len(list) > 0 {
				matched = true
				g.mark(used, "/"+k, list)
			}
			if len(g.anyFile) > 0 {
				matched = true
				g.mark(used, "", g.anyFile)
			}
		}
		if !matched {
			out = append(out, f)
		}
	}
	for i, e := range b.Findings {
		if !used[i] {
			where := e.Pointer
			if e.File != "" {
				where = e.File + " " + e.Pointer
			}
			out = append(out, diag.Finding{Rule: RuleStaleBaseline, Severity: diag.Warning,
				Message:  fmt.Sprintf("baseline entry %s at %s matches no finding", e.Rule, where),
				Hint:     "remove it from the baseline",
				Position: b.doc.Position(srcpos.Join("/findings", i))})
		}
	}
	return out
}

// WriteBaseline writes the findings as a new baseline, atomically.
func WriteBaseline(path string, fs []diag.Finding) error {
	return atomicfile.Write(path, 0o644, func(w io.Writer) error { return EncodeBaseline(w, fs) })
}

// EncodeBaseline writes the baseline of findings to w, as WriteBaseline
// writes it to a file.
func EncodeBaseline(w io.Writer, fs []diag.Finding) error {
	b := Baseline{Format: baselineFormat, FormatVersion: 1, Findings: []BaselineEntry{}}
	seen := map[BaselineEntry]bool{}
	for _, f := range fs {
		e := BaselineEntry{Rule: f.Rule, File: filepath.ToSlash(f.File), Pointer: f.Pointer}
		if !seen[e] {
			seen[e] = true
			b.Findings = append(b.Findings, e)
		}
	}
	return mapdata.EncodeJSON(w, b)
}
