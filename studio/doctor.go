package studio

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// Advise is the studio's Doctor: advise.Diagnose's findings and measured
// proposals, drawn beside the studio's charts (journeys through each
// region, colour classes, how games end). Try applies proposals to
// edition.yaml in memory, rebuilds through the pipeline and re-measures;
// Apply writes them.
type Advise struct {
	edition string // the edition served ("" when serving a pack)
	opts    pipeline.Options
	adv     advise.Options

	mu   sync.Mutex
	last *advise.Report // the last diagnosis: the proposals Try and Apply name
	text []byte         // the edition.yaml it read
}

// The studio's doctor is `tendays doctor`'s, with its defaults: the same
// work budget, seed, turn cap and sequential looks, so the Doctor tab shows
// the proposals the command line prints, in the same order, for the same
// edition and seed.
const studioDoctorTimeout = 90 * time.Second

// NewAdvise is the doctor of an edition (a folder or a bundled name), or of
// a pack when edition is "", with the command line's options (adv: the
// zero value for its defaults).
func NewAdvise(edition string, opts pipeline.Options, adv advise.Options) *Advise {
	return &Advise{edition: edition, opts: opts, adv: adv}
}

// open opens the edition served, with edition.yaml as it is now.
func (d *Advise) open() (*pipeline.Folder, error) {
	return pipeline.OpenEdition(d.edition, d.opts)
}

func (d *Advise) Diagnose(ctx context.Context, b *Build) (*Report, error) {
	pack, ok := b.Pack.(*mapdata.Pack)
	if !ok {
		return nil, errors.New("the doctor reads the 10 Days editions (kind regions or combined); fix the findings first, or this is a route-network pack")
	}
	in, text := advise.FromPack(pack), []byte(nil)
	if d.edition != "" {
		f, err := d.open()
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in = advise.Input{FS: f.FS, Dir: f.Dir, EditionYAML: f.Text, MaxBytes: d.opts.MaxInput, Cache: d.opts.Cache}
		text = f.Text
	}
	ctx, cancel := context.WithTimeout(ctx, studioDoctorTimeout)
	defer cancel()
	rep, err := advise.Diagnose(ctx, in, d.adv)
	if err != nil {
		return nil, err
	}
	if rep.Source != "edition" {
		text = nil // a combined edition's proposals edit its pack, no file
	}
	d.mu.Lock()
	d.last, d.text = rep, text
	d.mu.Unlock()

	out, err := measureBuild(ctx, pack)
	if err != nil {
		return nil, err
	}
	a, f := rep.Analysis, rep.Figures
	out.Summary = fmt.Sprintf("%s. %d games of %d %s bots (seed %d, stalled after %d turns): %d stalled (%.1f%%), turns to win (median) %g; lint: %d error(s), %d warning(s).",
		rep.Counts(), a.Games, a.Players, a.Bots, a.Seed, a.TurnCap, f.Stalled, 100*f.StalledRate, f.TurnsToWin, f.Errors, f.Warnings)
	out.Charts = replaceChart(out.Charts, gamesChart(fmt.Sprintf("%d games of %d %s bots (stalled after %d turns)", a.Games, a.Players, a.Bots, a.TurnCap), f))
	out.Notes = nil
	for _, fd := range rep.Findings {
		out.Notes = append(out.Notes, fmt.Sprintf("%s %s: %s", fd.Severity, fd.Kind, fd.Message))
	}
	for _, p := range rep.Proposals {
		sp := Proposal{ID: strconv.Itoa(p.ID), Title: p.Edit, Effect: fmt.Sprintf("measured on %d paired games: %s", p.After.Games, p.Effect)}
		for _, c := range p.Changes {
			sp.Preview(pack, c.Op, c.Path, c.Value)
		}
		out.Proposals = append(out.Proposals, sp)
	}
	out.Raw = rep
	return out, nil
}

// chosen finds the proposals of the last diagnosis by id.
func (d *Advise) chosen(ids []string) ([]advise.Proposal, []byte, error) {
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
func (d *Advise) Try(ctx context.Context, b *Build, ids []string) (*Report, error) {
	props, text, err := d.chosen(ids)
	if err != nil {
		return nil, err
	}
	last := props[len(props)-1]
	if d.edition == "" || text == nil {
		out := &Report{Charts: []Chart{gamesChart("before: stalled games", last.Before), gamesChart("after: stalled games", last.After)}, Proposals: []Proposal{}}
		out.Summary = last.Effect
		return out, nil
	}
	edited, err := advise.Apply(text, props)
	if err != nil {
		return nil, err
	}
	f, err := d.open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	res, err := pipeline.Edition(ctx, pipeline.Source{Text: edited, FS: f.FS, Dir: f.Dir}, d.opts)
	if err != nil {
		return nil, err
	}
	pack, ok := res.Pack.(*mapdata.Pack)
	if !ok {
		return nil, errors.New("the edited edition breaks its schema")
	}
	out, err := measureBuild(ctx, pack)
	if err != nil {
		return nil, err
	}
	out.Charts = replaceChart(out.Charts, gamesChart(fmt.Sprintf("measured by the doctor: %d games after the edit", last.After.Games), last.After))
	out.Summary = fmt.Sprintf("Rebuilt in memory with %d edit(s): %s", len(props), last.Effect)
	return out, nil
}

// Apply writes the proposals into edition.yaml, if it is still the text
// the doctor read.
func (d *Advise) Apply(ctx context.Context, b *Build, ids []string) error {
	if d.edition == "" {
		return errors.New("only an edition folder on disk can be edited")
	}
	props, text, err := d.chosen(ids)
	if err != nil {
		return err
	}
	f, err := d.open()
	if err != nil {
		return err
	}
	path := f.Path
	f.Close()
	if path == "" {
		return errors.New("only an edition folder on disk can be edited")
	}
	// advise.ApplyFile locks edition.yaml, reads it again and compares: two
	// Applies (or an Apply and doctor --apply) never both write.
	_, err = advise.ApplyFile(filepath.Dir(path), text, props, atomicfile.LockOptions{})
	if errors.Is(err, advise.ErrChanged) {
		return fmt.Errorf("%w: %w", ErrConflict, err)
	}
	return err
}

// measureBuild is the studio's charts of a pack.
func measureBuild(ctx context.Context, p *mapdata.Pack) (*Report, error) {
	eb, err := engine.Compile(p)
	if err != nil {
		return nil, err
	}
	return Measure(ctx, eb, MeasureOptions{NoGames: true})
}

func gamesChart(title string, f advise.Figures) Chart {
	return Chart{ID: "games", Title: title, Unit: "games", Bars: []Bar{
		{Label: "won", Value: float64(f.Games - f.Stalled)},
		{Label: "stalled", Value: float64(f.Stalled), Flag: f.Stalled > 0},
	}}
}

func replaceChart(charts []Chart, c Chart) []Chart {
	for i := range charts {
		if charts[i].ID == c.ID {
			charts[i] = c
			return charts
		}
	}
	return append(charts, c)
}
