package studio

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sync"

	"github.com/tendays/tendays/pipeline"
)

// Pipeline wires a server to an edition or a pack through the pipeline
// (package pipeline): Load builds it as build does, without writing, keeping
// a cache across rebuilds; Watch lists exactly the files the last build
// read (edition.yaml, the files it names, a combined edition's members and
// theirs, the lint config; for a pack, the pack and its board). A bundled
// edition is not watched: it never changes.
func Pipeline(src pipeline.Source, opts pipeline.Options) Options {
	if opts.Cache == nil {
		opts.Cache = pipeline.NewCache()
	}
	var mu sync.Mutex
	var inputs []string
	o := Options{Load: func(ctx context.Context) (*Build, error) {
		res, err := pipeline.Load(ctx, src, opts)
		mu.Lock()
		inputs = pipeline.WatchAfter(inputs, res, err)
		mu.Unlock()
		if err != nil {
			return nil, err
		}
		return fromResult(res)
	}}
	if watchable(src) {
		o.Watch = func() []string {
			mu.Lock()
			defer mu.Unlock()
			return slices.Clone(inputs)
		}
	}
	return o
}

// watchable says whether a source can change: not a bundled edition, not
// a pack on standard input.
func watchable(src pipeline.Source) bool {
	switch {
	case src.Text != nil:
		return true
	case src.Path == "-":
		return false
	case !pipeline.IsEdition(src.Path):
		return true // a pack file
	}
	f, err := pipeline.OpenEdition(src.Path, pipeline.Options{})
	if err != nil {
		return true
	}
	defer f.Close()
	return !f.Bundled
}

// fromResult is what the page shows of a build.
func fromResult(res *pipeline.Result) (*Build, error) {
	b := &Build{Source: res.Name, Pack: res.Pack, Findings: res.Findings}
	if errs := res.PlayErrors(); len(errs) > 0 && res.Pack != nil {
		// As journey check and play refuse a pack with lint errors.
		b.Unplayable = fmt.Sprintf("the pack has %s (see the findings): journey check and play refuse it until they are fixed", plural(len(errs), "lint error", "lint errors"))
	}
	land, err := res.Land()
	if err != nil {
		return nil, err
	}
	b.Land = land
	if res.HasBoard() && res.Pack != nil {
		bd, err := res.BoardLayers()
		switch {
		case err == nil:
			b.Board = bd
		case !errors.Is(err, fs.ErrNotExist):
			return nil, err
		}
	}
	return b, nil
}
