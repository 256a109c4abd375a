package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/pipeline"
)

// runBuildWatch builds, then rebuilds on every change to the files the
// edition reads (the pipeline's inputs), until ctx is done (Ctrl-C, SIGTERM);
// it returns nil then. A rebuild that fails is reported and the watch goes
// on.
func runBuildWatch(ctx context.Context, opts *buildOptions) error {
	if opts.Output == "-" {
		return usageErrorf("--watch writes the pack to a file on each rebuild, not to standard output (-o FILE)")
	}
	untilStopped.Store(true)
	defer untilStopped.Store(false)
	first := true
	wo := pipeline.WatchOptions{OnChange: func(changed []string) {
		names := make([]string, len(changed))
		for i, p := range changed {
			names[i] = filepath.Base(p)
		}
		opts.Global.notef(opts.IO.ErrOut, "changed: %s: rebuilding\n", diag.OneLine(strings.Join(names, ", ")))
	}}
	err := pipeline.Watch(ctx, pipeline.Source{Path: opts.Edition}, opts.Global.buildOptions(), wo, func(res *pipeline.Result, err error) {
		rebuild(opts, res, err)
		if first && res != nil {
			first = false
			opts.Global.notef(opts.IO.ErrOut, "watching %d file(s) of %s; Ctrl-C to stop\n", len(res.Inputs), res.Name)
		}
	})
	if errors.Is(err, pipeline.ErrBundled) {
		return usageErrorf("%s is a bundled edition, which never changes: --watch watches an edition folder (start one with tendays init)", opts.Edition)
	}
	return err
}

// rebuild writes one build as build does, printing the findings and summary
// (or one JSON object on a line), and never stops the watch: an edition
// that cannot be read is said so, and the next save is awaited.
func rebuild(opts *buildOptions, res *pipeline.Result, err error) {
	var report *buildReport
	if opts.Format == "json" {
		report = newBuildReport()
	}
	if err == nil {
		err = writeBuild(opts, res, report)
	}
	if report == nil {
		if err != nil && !errors.Is(err, errNo) {
			fmt.Fprintln(opts.IO.ErrOut, errorLine(err))
		}
		return
	}
	report.Built = err == nil
	if err != nil && !errors.Is(err, errNo) {
		report.Error = err.Error()
	}
	_ = writeJSONLine(opts.IO, report)
}

// newBuildReport is an empty --format json summary.
func newBuildReport() *buildReport {
	return &buildReport{Format: "tendays.build", FormatVersion: 1, Written: []string{},
		Counts: map[string]int{}, Findings: []diag.Finding{}}
}

// writeJSONLine prints v as one line of JSON.
func writeJSONLine(io *IOStreams, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.Out.Write(buf.Bytes())
	return err
}

// errorLine is an error as exitCode prints it: a place first when the error
// has one, else prefixed with the tool's name.
func errorLine(err error) string {
	var input *diag.InputError
	if errors.As(err, &input) {
		return err.Error()
	}
	return "tendays: " + diag.OneLine(err.Error())
}
