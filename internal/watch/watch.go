// Package watch tells when files change, by polling: it works the same on
// every system and in containers where inotify is missing or exhausted, and
// an edition folder holds a handful of files, so a stat of each every tenth of
// a second costs nothing.
//
// It reports changes; it does not say what to do about them (build --watch
// rebuilds, serve rebuilds and pushes to the page).
package watch

import (
	"context"
	"os"
	"slices"
	"time"
)

// DefaultInterval is how often files are looked at when Watcher.Interval is
// zero.
const DefaultInterval = 100 * time.Millisecond

// Watcher polls the files Paths names. Paths is asked again after every
// change, so a watcher follows an edition whose edition.yaml names new files.
type Watcher struct {
	Paths    func() []string
	Interval time.Duration
}

// stamp is what tells two versions of a file apart without reading it. A
// missing file has a zero stamp with missing set, so deleting and recreating
// a file are changes too.
type stamp struct {
	missing bool
	size    int64
	modTime time.Time
	inode   uint64
}

func stampOf(path string) stamp {
	info, err := os.Stat(path)
	if err != nil {
		return stamp{missing: true}
	}
	return stamp{size: info.Size(), modTime: info.ModTime(), inode: inodeOf(info)}
}

// Run calls onChange with the paths that changed (sorted) each time one or
// more files change, once the files have been still for one interval (so an
// editor's save in several writes gives one call). It returns when ctx is
// done.
func (w Watcher) Run(ctx context.Context, onChange func(changed []string)) error {
	return w.run(ctx, w.snapshot(), onChange)
}

// run is Run from a first snapshot taken by the caller (tests take it before
// they start changing files).
func (w Watcher) run(ctx context.Context, seen map[string]stamp, onChange func(changed []string)) error {
	interval := w.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	var pending []string // changed paths not yet reported, waiting for the files to settle
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
		now := w.snapshot()
		changed := diff(seen, now)
		seen = now
		if len(changed) > 0 {
			pending = merge(pending, changed)
			continue
		}
		if len(pending) > 0 {
			onChange(pending)
			pending = nil
			// onChange may have named new files: start watching them as
			// they are now. Files already watched keep the stamps seen
			// before onChange, so a save made while it ran is still a
			// change at the next look.
			for _, p := range w.Paths() {
				if _, ok := seen[p]; !ok {
					seen[p] = stampOf(p)
				}
			}
		}
	}
}

func (w Watcher) snapshot() map[string]stamp {
	out := map[string]stamp{}
	for _, p := range w.Paths() {
		out[p] = stampOf(p)
	}
	return out
}

// diff lists the paths whose stamps differ, or that are in only one of the
// two snapshots, sorted.
func diff(before, after map[string]stamp) []string {
	var changed []string
	for p, s := range after {
		if old, ok := before[p]; !ok || old != s {
			changed = append(changed, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	return changed
}

func merge(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}
