package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/studio"
)

// studioAdvise is the studio's doctor: advise.Diagnose's findings and
// measured proposals, drawn beside the studio's charts (journeys through
// each region, colour classes, how games end). Try applies proposals to
// edition.yaml in memory, rebuilds and re-measures; Apply writes them.
type studioAdvise struct {
	opts *serveOptions
	src  *editionSource // nil when serving a pack
	file string         // edition.yaml on disk; "" for a bundled edition or a pack
	adv  advise.Options

	mu   sync.Mutex
	last *advise.Report // the last diagnosis: the proposals Try and Apply name
	text []byte         // the edition.yaml it read
}

// The studio's doctor plays fewer games than `tendays doctor` (20,000 and
// 2,000): an answer in seconds on a page, with the same seeded method.
const (
	studioDoctorGames   = 2000
	studioMeasureGames  = 500
	studioDoctorTimeout = 90 * time.Second
)

func newStudioAdvise(opts *serveOptions, src *editionSource, file string) *studioAdvise {
	return &studioAdvise{opts: opts, src: src, file: file, adv: advise.Options{Games: studioDoctorGames, MeasureGames: studioMeasureGames}}
}

func (d *studioAdvise) input(b *studio.Build) (advise.Input, []byte, error) {
	if d.src != nil {
		_, text, _, err := readEdition(d.src, d.opts.Global)
		if err != nil {
			return advise.Input{}, nil, err
		}
		return advise.Input{FS: d.src.FS, Dir: d.src.Dir, EditionYAML: text, MaxBytes: d.opts.Global.limit(mapdata.DefaultMaxInput)}, text, nil
	}
	if b.Pack == nil {
		return advise.Input{}, nil, errors.New("the doctor reads the 10 Days editions and packs; this is not one")
	}
	return advise.FromPack(b.Pack), nil, nil
}

func (d *studioAdvise) Diagnose(ctx context.Context, b *studio.Build) (*studio.Report, error) {
	if b.Pack == nil {
		return nil, errors.New("the doctor reads the 10 Days editions (kind regions); fix the findings first, or this is a route-network pack")
	}
	in, text, err := d.input(b)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, studioDoctorTimeout)
	defer cancel()
	rep, err := advise.Diagnose(ctx, in, d.adv)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	d.last, d.text = rep, text
	d.mu.Unlock()

	out, err := measureBuild(ctx, b.Pack)
	if err != nil {
		return nil, err
	}
	a, f := rep.Analysis, rep.Figures
	out.Summary = fmt.Sprintf("%d findings, %d proposals. %d games of %d %s bots: %d stalled (%.1f%%), turns to win (median) %g; %d error(s), %d warning(s).",
		len(rep.Findings), len(rep.Proposals), a.Games, a.Players, a.Bots, f.Stalled, 100*f.StalledRate, f.TurnsToWin, f.Errors, f.Warnings)
	out.Charts = replaceChart(out.Charts, gamesChart(fmt.Sprintf("%d games of %d %s bots (stalled after %d turns)", a.Games, a.Players, a.Bots, a.TurnCap), f))
	out.Notes = nil
	for _, fd := range rep.Findings {
		out.Notes = append(out.Notes, fmt.Sprintf("%s %s: %s", fd.Severity, fd.Kind, fd.Message))
	}
	for _, p := range rep.Proposals {
		out.Proposals = append(out.Proposals, studio.Proposal{ID: strconv.Itoa(p.ID), Title: p.Edit,
			Effect: fmt.Sprintf("measured on %d games: %s", p.After.Games, p.Effect)})
	}
	out.Raw = rep
	return out, nil
}

// chosen finds the proposals of the last diagnosis by id.
func (d *studioAdvise) chosen(ids []string) ([]advise.Proposal, []byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.last == nil {
		return nil, nil, errors.New("run the doctor first")
	}
	var out []advise.Proposal
	for _, id := range ids {
		n, err := strconv.Atoi(id)
		if err != nil || n < 1 || n > len(d.last.Proposals) {
			return nil, nil, fmt.Errorf("no proposal %q (the report has %d)", id, len(d.last.Proposals))
		}
		out = append(out, d.last.Proposals[n-1])
	}
	if len(out) == 0 {
		return nil, nil, errors.New("no proposal chosen")
	}
	return out, d.text, nil
}

// Try rebuilds the edition with the proposals applied to edition.yaml in
// memory, and measures it; for a pack, it shows the measured before and
// after of the proposals.
func (d *studioAdvise) Try(ctx context.Context, b *studio.Build, ids []string) (*studio.Report, error) {
	props, text, err := d.chosen(ids)
	if err != nil {
		return nil, err
	}
	last := props[len(props)-1]
	if d.src == nil || text == nil {
		out := &studio.Report{Charts: []studio.Chart{gamesChart("before: stalled games", last.Before), gamesChart("after: stalled games", last.After)}, Proposals: []studio.Proposal{}}
		out.Summary = last.Effect
		return out, nil
	}
	edited, err := advise.Apply(text, props)
	if err != nil {
		return nil, err
	}
	src := &editionSource{FS: overlayFS{FS: d.src.FS, name: editionFile, data: edited}, Dir: d.src.Dir, Bundled: d.src.Bundled}
	_, res, err := buildEdition(src, d.opts.Global)
	if err != nil {
		return nil, err
	}
	if res == nil {
		return nil, errors.New("the edited edition breaks its schema")
	}
	out, err := measureBuild(ctx, res.Pack)
	if err != nil {
		return nil, err
	}
	out.Charts = replaceChart(out.Charts, gamesChart(fmt.Sprintf("measured by the doctor: %d games after the edit", last.After.Games), last.After))
	out.Summary = fmt.Sprintf("Rebuilt in memory with %d edit(s): %s", len(props), last.Effect)
	return out, nil
}

// Apply writes the proposals into edition.yaml, if it is still the text
// the doctor read.
func (d *studioAdvise) Apply(ctx context.Context, b *studio.Build, ids []string) error {
	if d.file == "" {
		return errors.New("only an edition folder on disk can be edited")
	}
	props, text, err := d.chosen(ids)
	if err != nil {
		return err
	}
	// advise.ApplyFile locks edition.yaml, reads it again and compares: two
	// Applies (or an Apply and doctor --apply) never both write.
	_, err = advise.ApplyFile(filepath.Dir(d.file), text, props)
	if errors.Is(err, advise.ErrChanged) {
		return fmt.Errorf("%w: %w", studio.ErrConflict, err)
	}
	return err
}

func measureBuild(ctx context.Context, p *mapdata.Pack) (*studio.Report, error) {
	eb, err := engine.Compile(p)
	if err != nil {
		return nil, err
	}
	return studio.Measure(ctx, eb, studio.MeasureOptions{NoGames: true})
}

func gamesChart(title string, f advise.Figures) studio.Chart {
	return studio.Chart{ID: "games", Title: title, Unit: "games", Bars: []studio.Bar{
		{Label: "won", Value: float64(f.Games - f.Stalled)},
		{Label: "stalled", Value: float64(f.Stalled), Flag: f.Stalled > 0},
	}}
}

func replaceChart(charts []studio.Chart, c studio.Chart) []studio.Chart {
	for i := range charts {
		if charts[i].ID == c.ID {
			charts[i] = c
			return charts
		}
	}
	return append(charts, c)
}

// overlayFS is an edition folder with one file replaced in memory.
type overlayFS struct {
	fs.FS
	name string
	data []byte
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if name == o.name {
		return memFile{name: name, Reader: bytes.NewReader(o.data), size: int64(len(o.data))}, nil
	}
	return o.FS.Open(name)
}

type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f memFile) Stat() (fs.FileInfo, error) { return memInfo{name: f.name, size: f.size}, nil }
func (f memFile) Close() error               { return nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
