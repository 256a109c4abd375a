package lint

import (
	"context"
	"slices"

	"github.com/tendays/tendays/diag"
)

// Files is a lint run over many paths, as `tendays lint` makes one: every
// path linted, whatever the others hold, then the baseline applied, the
// info findings kept or dropped, and the findings sorted. Loading a path
// (reading a pack, building an edition, finding its config) is Load's:
// lint reads no edition.
type Files struct {
	Paths []string
	// Load lints one path with its config applied, or says why it could
	// not be read (an error naming the path).
	Load func(ctx context.Context, path string) ([]diag.Finding, error)
	// Baseline, when set, suppresses the findings it lists.
	Baseline *Baseline
	// Infos keeps the info findings (reports for programs, --verbose);
	// otherwise only warnings and errors are reported.
	Infos bool
	// Rules are the rules the report describes (a Registry's).
	Rules *Registry
}

// FilesResult is what a run over many paths found.
type FilesResult struct {
	// Report holds the findings to report: the baseline applied, sorted.
	Report *Report
	// Found are every path's findings before the baseline: what a new
	// baseline lists.
	Found []diag.Finding
	// Unreadable are the errors of the paths that could not be read, in
	// the order of the paths.
	Unreadable []error
}

// Run lints every path. It stops early only when ctx is done.
func (f Files) Run(ctx context.Context) (*FilesResult, error) {
	out := &FilesResult{}
	for _, path := range f.Paths {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		fs, err := f.Load(ctx, path)
		if err != nil {
			out.Unreadable = append(out.Unreadable, err)
			continue
		}
		out.Found = append(out.Found, fs...)
	}
	all := f.Baseline.Filter(out.Found)
	if !f.Infos {
		all = slices.DeleteFunc(slices.Clone(all), func(d diag.Finding) bool { return d.Severity < diag.Warning })
	}
	Sort(all)
	out.Report = &Report{Files: f.Paths, Findings: all}
	if f.Rules != nil {
		out.Report.Rules = f.Rules.Rules()
	}
	return out, nil
}
