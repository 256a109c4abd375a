package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/watch"
)

// watchState is what build --watch keeps between rebuilds.
type watchState struct {
	cache   *derive.BordersCache
	rc      *rebuildCache // cache, and a combined edition's bundled members
	edition string        // edition.yaml on disk
	inputs  []string      // the files the last derivation read, edition.yaml first
	builds  int
	// interval is the watcher's polling interval (0: watch.DefaultInterval).
	interval time.Duration
	// started and built, when set (tests), are called once watching and
	// after each build with its number from 1 and its error.
	started func()
	built   func(n int, err error)
}

// newBordersCacheForWatch holds the borders files of the edition (a
// combined edition's members have one each: four for around-the-world)
// and as many more, so that switching back and forth between files parses
// none of them again.
func newBordersCacheForWatch() *derive.BordersCache { return derive.NewBordersCache(8) }

// caches are what a watch keeps between rebuilds, nil outside one.
func (w *watchState) caches() *rebuildCache {
	if w == nil || w.cache == nil {
		return nil
	}
	if w.rc == nil || w.rc.borders != w.cache {
		w.rc = newRebuildCache(w.cache)
	}
	return w.rc
}

// noteInputs records the files a derivation read, to watch them. A build
// that stopped before deriving leaves the list as it was.
func (w *watchState) noteInputs(src *editionSource, res *derive.Result) {
	if w == nil || res == nil {
		return
	}
	w.inputs = editionInputs(src, res.Pack.Provenance.Inputs)
}

// paths are the files watched: edition.yaml and every file the last build
// read, asked again after each rebuild.
func (w *watchState) paths() []string {
	if len(w.inputs) == 0 {
		return []string{w.edition}
	}
	return w.inputs
}

// runBuildWatch builds, then rebuilds on every change to the edition's files
// until ctx is done or the process gets SIGINT or SIGTERM; it returns nil
// then. A rebuild that fails is reported and the watch goes on.
func runBuildWatch(ctx context.Context, opts *buildOptions) error {
	if opts.Output == "-" {
		return usageErrorf("--watch writes the pack to a file on each rebuild, not to standard output (-o FILE)")
	}
	src, err := openEdition(opts.Edition)
	if err != nil {
		return err
	}
	if src.Bundled {
		return usageErrorf("%s is a bundled edition, which never changes: --watch watches an edition folder (start one with tendays init)", opts.Edition)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	stopOnSignal.Store(&stop)
	defer stopOnSignal.Store(nil)

	w := opts.watch
	if w == nil {
		w = &watchState{}
		opts.watch = w
	}
	w.cache = newBordersCacheForWatch()
	w.edition = src.Folder.Path(editionFile)
	w.rebuild(opts)
	opts.Global.notef(opts.IO.ErrOut, "watching %d file(s) of %s; Ctrl-C to stop\n", len(w.paths()), src.Dir)
	if w.started != nil {
		w.started()
	}
	watcher := watch.Watcher{Paths: w.paths, Interval: w.interval}
	err = watcher.Run(ctx, func(changed []string) {
		if ctx.Err() != nil {
			return
		}
		names := make([]string, len(changed))
		for i, p := range changed {
			names[i] = filepath.Base(p)
		}
		opts.Global.notef(opts.IO.ErrOut, "changed: %s: rebuilding\n", strings.Join(names, ", "))
		w.rebuild(opts)
	})
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// rebuild builds once as build does, printing the findings and summary (or
// one JSON object on a line), and never stops the watch: an edition that
// cannot be read is said so, and the next save is awaited.
func (w *watchState) rebuild(opts *buildOptions) {
	w.builds++
	var err error
	if opts.Format == "json" {
		opts.report = newBuildReport()
		err = buildPack(opts)
		r := opts.report
		opts.report = nil
		r.Built = err == nil
		if err != nil && !errors.Is(err, errNo) {
			r.Error = err.Error()
		}
		if werr := writeJSONLine(opts.IO, r); werr != nil && err == nil {
			err = werr
		}
	} else {
		err = buildPack(opts)
		if err != nil && !errors.Is(err, errNo) {
			fmt.Fprintln(opts.IO.ErrOut, errorLine(err))
		}
	}
	if w.built != nil {
		w.built(w.builds, err)
	}
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
	return "tendays: " + err.Error()
}
