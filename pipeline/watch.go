package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/tendays/tendays/internal/watch"
)

// WatchOptions tune Watch.
type WatchOptions struct {
	// Poll stats the files every Interval instead of asking the system
	// for events (network mounts, containers where events do not arrive).
	// Without it, events are asked for, and the files are stat'ed every
	// second as well in case they do not come.
	Poll     bool
	Interval time.Duration
	// OnChange, when set, hears of the files that changed before each
	// rebuild.
	OnChange func(changed []string)
}

// ErrBundled is Watch refusing a bundled edition, which never changes.
var ErrBundled = errors.New("a bundled edition never changes: watch an edition folder (start one with tendays init)")

// Watch builds src, then again each time one of the files the last build
// read (its Inputs: edition.yaml, every file it names, a combined edition's
// members and theirs, the lint config) changes, until ctx is done; it then
// returns nil. A build that could not read the edition is reported to
// onBuild like any other, and the files watched before it stay watched, so
// that the save that mends it is seen. opts.Cache (made when nil) is kept
// across the rebuilds. onBuild is called for every build, in order, on one
// goroutine; the first time once the files have been looked at, so that a
// save made from then on is a rebuild.
func Watch(ctx context.Context, src Source, opts Options, wo WatchOptions, onBuild func(*Result, error)) error {
	if src.Path == "" || !IsEdition(src.Path) {
		return errors.New("build: Watch watches an edition folder")
	}
	if _, err := os.Stat(src.Path); err != nil && bundledName(src.Path) != "" {
		return ErrBundled
	}
	if opts.Cache == nil {
		opts.Cache = NewCache()
	}
	inputs := []string{editionPathOf(src.Path)}
	load := func() (*Result, error) {
		res, err := Load(ctx, src, opts)
		inputs = WatchAfter(inputs, res, err)
		return res, err
	}
	res, err := load()
	w := watch.Watcher{Paths: func() []string { return inputs }, Interval: wo.Interval, Poll: wo.Poll,
		Ready: func() { onBuild(res, err) }}
	err = w.Run(ctx, func(changed []string) {
		if ctx.Err() != nil {
			return
		}
		if wo.OnChange != nil {
			wo.OnChange(changed)
		}
		res, err := load()
		if ctx.Err() != nil {
			return
		}
		onBuild(res, err)
	})
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// WatchAfter is what to watch after a load that gave res and err, when
// watched was watched before it: the files the load read when it built;
// after a failure, those watched before and any the failed load read too,
// so that the save that mends it is seen.
func WatchAfter(watched []string, res *Result, err error) []string {
	if res == nil {
		return watched
	}
	if err == nil {
		return res.Inputs
	}
	for _, in := range res.Inputs {
		if !slices.Contains(watched, in) {
			watched = append(watched, in)
		}
	}
	return watched
}

// editionPathOf is edition.yaml of an edition argument on disk, absolute.
func editionPathOf(arg string) string {
	p := arg
	if filepath.Base(arg) != EditionFile {
		p = filepath.Join(arg, EditionFile)
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}
