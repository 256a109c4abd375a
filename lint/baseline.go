package lint

import (
	"fmt"
	"io"
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

// Filter drops the findings the baseline knows and adds a warning for every
// entry that matched nothing.
func (b *Baseline) Filter(fs []diag.Finding) []diag.Finding {
	if b == nil {
		return fs
	}
	used := make([]bool, len(b.Findings))
	var out []diag.Finding
	for _, f := range fs {
		matched := false
		for i, e := range b.Findings {
			if e.Rule == f.Rule && e.Pointer == f.Pointer && samePath(e.File, f.File) {
				used[i], matched = true, true
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
