package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

type lintOptions struct {
	IO            *IOStreams
	Global        *globalOptions
	Paths         []string
	Format        string
	FailOn        string
	Config        string
	Baseline      string
	WriteBaseline string
	Output        string
	ListRules     bool
}

func newLintCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &lintOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "lint PATH...",
		Short: "Check packs and editions against the schemas and the rules",
		Long: `Check map packs (*.pack.json) and editions (a folder with edition.yaml, or the
file itself) against their JSON Schema and the semantic rules. A folder
without edition.yaml stands for every *.pack.json and edition under it; a
glob is expanded here if the shell did not; - reads a pack from standard
input. Every path is
checked, whatever the others hold; findings are printed sorted by file and line.

A .tendays-lint.yaml found by walking up from a path changes rules' severities:

  rules:
    colors/lonely: off        # error, warning, info or off

--baseline FILE suppresses the findings it lists (by rule, file and pointer) and
warns about its entries that match nothing; --write-baseline FILE writes one.

Info findings are printed (text, github) only with --verbose; the json and
sarif reports always hold every finding, infos included. --list-rules prints every rule
(see docs/rules.md).

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it (schema
violations included: the file was read, and lint's answer is "no"), 2 a path
could not be read.`,
		Example: `  tendays lint testdata/packs/mini.pack.json
  tendays lint editions/usa --format sarif > lint.sarif
  tendays lint *.pack.json --format github --fail-on warning
  tendays lint --list-rules --format json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if opts.ListRules && len(args) > 0 {
				return &usageError{msg: "--list-rules takes no PATH", cmd: cmd}
			}
			if opts.ListRules {
				return nil
			}
			return cobra.MinimumNArgs(1)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			if opts.ListRules {
				if opts.Format != "text" && opts.Format != "json" {
					return &usageError{msg: fmt.Sprintf("--list-rules prints text or json, not %q", opts.Format), cmd: cmd}
				}
				return pipeline.LintRules().WriteRuleList(opts.IO.Out, opts.Format)
			}
			if _, ok := lint.Reporters[opts.Format]; !ok {
				return &usageError{msg: fmt.Sprintf("unknown --format %q (want %s)", opts.Format, strings.Join(lint.Formats(), ", ")), help: cmd.CommandPath()}
			}
			if opts.FailOn != "error" && opts.FailOn != "warning" {
				return &usageError{msg: fmt.Sprintf("unknown --fail-on %q (want error or warning)", opts.FailOn), help: cmd.CommandPath()}
			}
			return runLint(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: "+strings.Join(lint.Formats(), ", "))
	cmd.Flags().StringVar(&opts.FailOn, "fail-on", "error", "exit 1 on findings at or above this severity: error or warning")
	cmd.Flags().StringVar(&opts.Config, "config", "", "lint config `file` (default: "+lint.ConfigFileName+" found by walking up from each path)")
	cmd.Flags().StringVar(&opts.Baseline, "baseline", "", "suppress the findings listed in this baseline `file`")
	cmd.Flags().StringVar(&opts.WriteBaseline, "write-baseline", "", "write the findings to this baseline `file` (- for stdout, with -o for the report)")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write the report to this `file` instead of stdout (- for stdout; DIR/ for DIR/lint-report.<ext>)")
	cmd.Flags().BoolVar(&opts.ListRules, "list-rules", false, "list every rule (id, default severity, kind, doc) and exit; --format json for scripts")
	return cmd
}

func runLint(ctx context.Context, opts *lintOptions) error {
	paths, err := pipeline.ExpandPaths(opts.Paths)
	if err != nil {
		return err
	}
	out, err := lintOutputs(opts, paths)
	if err != nil {
		return err
	}
	explicit, baseline, err := readLintInputs(opts)
	if err != nil {
		return err
	}
	bo := opts.Global.buildOptions()
	bo.Config = explicit
	run, err := lint.Files{Paths: paths, Baseline: baseline, Rules: pipeline.LintRules(),
		// Verbosity governs what people read; the JSON and SARIF reports
		// are for programs, and hold every finding.
		Infos: opts.Global.Verbose || opts.Format == "json" || opts.Format == "sarif",
		Load: func(ctx context.Context, path string) ([]diag.Finding, error) {
			res, err := pipeline.Load(ctx, pipeline.Source{Path: path, Stdin: opts.Global.In}, bo)
			if err != nil {
				return nil, err
			}
			return res.Findings, nil
		}}.Run(ctx)
	if err != nil {
		return err
	}
	for _, err := range run.Unreadable {
		fmt.Fprintf(opts.IO.ErrOut, "%s\n", err)
	}
	if err := out.write(opts, run); err != nil {
		return err
	}
	if len(run.Unreadable) > 0 {
		return &silentError{code: exitUsage}
	}
	failOn, _ := diag.ParseSeverity(opts.FailOn)
	if lint.AtOrAbove(run.Report.Findings, failOn) {
		return errNo
	}
	return nil
}

// lintOutput is where lint writes its report and, when asked, a baseline.
type lintOutput struct {
	report, baseline             string
	reportStdout, baselineStdout bool
}

// lintOutputs checks lint's inputs and outputs: standard input is read
// once, the report and the baseline do not both go to standard output,
// and neither overwrites a pack, an edition file, the config or the
// baseline the run reads.
func lintOutputs(opts *lintOptions, paths []string) (*lintOutput, error) {
	stdins := 0
	for _, p := range append(slices.Clone(paths), opts.Config, opts.Baseline) {
		if p == "-" {
			stdins++
		}
	}
	if stdins > 1 {
		return nil, usageErrorf("standard input (-) can be read only once: give files for the others")
	}
	if opts.Output == "-" && opts.WriteBaseline == "-" || opts.Output == "" && opts.WriteBaseline == "-" {
		return nil, usageErrorf("--write-baseline - and the report would both go to standard output: give -o FILE for the report")
	}
	out := &lintOutput{}
	var err error
	if out.report, out.reportStdout, err = atomicfile.Dest(opts.Output, "lint-report"+reportExt(opts.Format)); err != nil {
		return nil, err
	}
	if opts.Output == "" {
		out.reportStdout = true
	}
	if out.baseline, out.baselineStdout, err = atomicfile.Dest(opts.WriteBaseline, "tendays-lint-baseline.json"); err != nil {
		return nil, err
	}
	inputs := append(slices.Clone(paths), opts.Config, opts.Baseline)
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			inputs = append(inputs, filepath.Join(p, pipeline.EditionFile))
		}
	}
	return out, checkClobber([]string{out.report, out.baseline}, inputs)
}

// readLintInputs reads --config and --baseline, when given.
func readLintInputs(opts *lintOptions) (*lint.Config, *lint.Baseline, error) {
	var cfg *lint.Config
	if opts.Config != "" {
		src, name, err := opts.Global.readInput(opts.Config, opts.Global.limit(mapdata.DefaultMaxYAML))
		if err != nil {
			return nil, nil, err
		}
		if cfg, err = pipeline.LintRules().DecodeConfig(name, src); err != nil {
			return nil, nil, err
		}
	}
	var baseline *lint.Baseline
	if opts.Baseline != "" {
		src, name, err := opts.Global.readInput(opts.Baseline, opts.Global.limit(mapdata.DefaultMaxDocument))
		if err != nil {
			return nil, nil, err
		}
		if baseline, err = lint.DecodeBaseline(name, src); err != nil {
			return nil, nil, err
		}
	}
	return cfg, baseline, nil
}

// write writes the baseline (when asked: every finding, before the
// baseline read), the report, and for people a summary line.
func (out *lintOutput) write(opts *lintOptions, run *lint.FilesResult) error {
	if opts.WriteBaseline != "" {
		if err := atomicfile.WriteDest(opts.WriteBaseline, out.baseline, out.baselineStdout, opts.IO.Out, 0o644, func(w io.Writer) error { return lint.EncodeBaseline(w, run.Found) }); err != nil {
			return err
		}
	}
	write := lint.Reporters[opts.Format]
	if err := atomicfile.WriteDest(opts.Output, out.report, out.reportStdout, opts.IO.Out, 0o644, func(w io.Writer) error { return write(w, run.Report) }); err != nil {
		return err
	}
	if opts.Format == "text" {
		s := lint.Summarize(len(run.Report.Files), run.Report.Findings)
		switch {
		case s.Errors+s.Warnings+s.Infos > 0:
			opts.Global.notef(opts.IO.ErrOut, "%d error(s), %d warning(s), %d info in %d path(s)\n", s.Errors, s.Warnings, s.Infos, s.Files)
		case len(run.Unreadable) == 0:
			// A clean run says so, in one line on stderr as other
			// linters do (stdout is the report, which scripts read).
			opts.Global.notef(opts.IO.ErrOut, "0 findings in %d path(s).\n", s.Files)
		}
	}
	return nil
}

// reportExt is the file ending of a report format, for -o DIR/.
func reportExt(format string) string {
	switch format {
	case "json":
		return ".json"
	case "sarif":
		return ".sarif"
	}
	return ".txt"
}
