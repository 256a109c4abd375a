// Package watch tells when files change: the few files an edition reads
// (the pipeline's input list), never a tree. Changes come from the file
// system's events (inotify, kqueue, ReadDirectoryChangesW, through
// fsnotify), on the folders holding the files, so that a file replaced by
// rename, as editors and atomic writers save, is still seen. Where events
// do not arrive (network mounts, some containers, an exhausted inotify
// limit) a poll that stats only those files finds the change: every
// Interval when events cannot be had, and every second as a backstop when
// they can.
//
// It reports changes; it does not say what to do about them (build --watch
// rebuilds, serve rebuilds and pushes to the page).
package watch

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultInterval is how often files are stat'ed when events cannot be had
// (Watcher.Interval zero).
const DefaultInterval = 100 * time.Millisecond

// DefaultSettle is how long the files must be quiet after an event before
// the change is reported: a save is a burst of events (a write, a rename),
// and one report is wanted for it.
const DefaultSettle = 15 * time.Millisecond

// backstop is how often files are stat'ed as well when events arrive, for
// the file systems that give no events.
const backstop = time.Second

// Watcher watches the files Paths names. Paths is asked again after every
// change, so a watcher follows an edition whose edition.yaml names new files.
type Watcher struct {
	Paths func() []string
	// Interval is how often files are stat'ed when events cannot be had
	// (0: DefaultInterval).
	Interval time.Duration
	// Settle is the quiet time that ends a burst of changes (0:
	// DefaultSettle).
	Settle time.Duration
	// Poll stats the files every Interval instead of asking for events.
	Poll bool
	// Ready, when set, is called once the files have been looked at a
	// first time: a change made from then on is reported.
	Ready func()
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
// more files change, once they have been quiet for Settle (so an editor's
// save in several writes gives one call). It returns when ctx is done.
func (w Watcher) Run(ctx context.Context, onChange func(changed []string)) error {
	return w.run(ctx, w.snapshot(), onChange)
}

// run is Run from a first snapshot taken by the caller (tests take it before
// they start changing files).
func (w Watcher) run(ctx context.Context, seen map[string]stamp, onChange func(changed []string)) error {
	interval, settle := w.Interval, w.Settle
	if interval <= 0 {
		interval = DefaultInterval
	}
	if settle <= 0 {
		settle = DefaultSettle
	}
	var events chan fsnotify.Event
	var errs chan error
	dirs := map[string]bool{}
	var fw *fsnotify.Watcher
	if !w.Poll {
		var err error
		if fw, err = fsnotify.NewWatcher(); err == nil {
			defer fw.Close()
			events, errs = fw.Events, fw.Errors
		}
	}
	// watchDirs asks for the events of the folders holding the files; a
	// folder that cannot be watched (missing, no events there) leaves its
	// files to the poll, made as often as without events.
	poll := interval
	watchDirs := func() {
		if fw == nil {
			return
		}
		for p := range seen {
			d := filepath.Dir(p)
			if dirs[d] {
				continue
			}
			if err := fw.Add(d); err != nil {
				poll = interval
				continue
			}
			dirs[d] = true
		}
	}
	if fw != nil {
		poll = backstop
		watchDirs()
	}
	if w.Ready != nil {
		w.Ready()
	}
	ticker := time.NewTicker(poll)
	defer ticker.Stop()
	quiet := time.NewTimer(time.Hour)
	quiet.Stop()
	defer quiet.Stop()
	var pending []string // changed paths not yet reported, waiting for quiet
	var last map[string]stamp
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-events:
			if !ok {
				events = nil
				continue
			}
			name := filepath.Clean(ev.Name)
			if _, watched := seen[name]; !watched || ev.Op == fsnotify.Chmod {
				continue
			}
			pending = merge(pending, []string{name})
			last = nil
			quiet.Reset(settle)
			continue
		case <-errs:
			// Events were lost (an overflow): look at every file now.
		case <-ticker.C:
		case <-quiet.C:
			now := w.stamps(seen)
			if last != nil && !maps.Equal(last, now) {
				// Still being written: wait for quiet again.
				last = now
				quiet.Reset(settle)
				continue
			}
			last = nil
			changed := merge(pending, diff(seen, now))
			pending = nil
			if len(changed) == 0 {
				continue
			}
			// The stamps are those seen before onChange runs: a save made
			// while it runs is a change at the next look.
			seen = now
			onChange(changed)
			// onChange may have named other files: watch the new ones as
			// they are now, and no longer the ones it dropped.
			next := map[string]stamp{}
			for _, p := range w.Paths() {
				p = filepath.Clean(p)
				if s, ok := seen[p]; ok {
					next[p] = s
				} else {
					next[p] = stampOf(p)
				}
			}
			seen = next
			watchDirs()
			ticker.Reset(poll)
			continue
		}
		// A look at every file (the poll, or lost events). A change
		// already waiting for quiet is not waited for again.
		now := w.stamps(seen)
		if changed := diff(seen, now); len(changed) > 0 && (last == nil || !maps.Equal(last, now)) {
			pending = merge(pending, changed)
			last = now
			quiet.Reset(settle)
		}
	}
}

func (w Watcher) snapshot() map[string]stamp {
	out := map[string]stamp{}
	for _, p := range w.Paths() {
		out[filepath.Clean(p)] = stampOf(filepath.Clean(p))
	}
	return out
}

// stamps stats the files of seen.
func (w Watcher) stamps(seen map[string]stamp) map[string]stamp {
	out := make(map[string]stamp, len(seen))
	for p := range seen {
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
