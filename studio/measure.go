package studio

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/mapdata"
)

// Report is the doctor's report as the page draws it: bar charts, the
// proposed edits (each with a button to try it and, with --allow-edit, to
// apply it), and notes. Raw carries the doctor's own report for scripts.
type Report struct {
	Summary   string     `json:"summary"`
	Charts    []Chart    `json:"charts"`
	Proposals []Proposal `json:"proposals"`
	Notes     []string   `json:"notes,omitempty"`
	Raw       any        `json:"raw,omitempty"`
}

// Chart is a bar chart: one bar a region, colour or outcome.
type Chart struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Unit  string `json:"unit,omitempty"`
	Bars  []Bar  `json:"bars"`
}

// Bar is one bar; Region pins it on the board, Flag marks one to look at.
type Bar struct {
	Label  string  `json:"label"`
	Region string  `json:"region,omitempty"`
	Hex    string  `json:"hex,omitempty"`
	Value  float64 `json:"value"`
	Flag   bool    `json:"flag,omitempty"`
}

// Proposal is an edit the doctor proposes. Links and Regions say what the
// page draws on the board while the proposal is hovered: a link it adds
// (a ferry, a bridge), regions it puts on a sea or marks.
type Proposal struct {
	ID      string         `json:"id"`
	Title   string         `json:"title"`
	Detail  string         `json:"detail,omitempty"`
	Effect  string         `json:"effect,omitempty"` // what it changes, measured
	Links   []ProposalLink `json:"links,omitempty"`
	Regions []string       `json:"regions,omitempty"`
}

// ProposalLink is a link a proposal adds, between two region ids.
type ProposalLink struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Kind string `json:"kind"`
}

// Preview fills what the page draws for an edit of edition.yaml at path
// with value (an advise change): links.add adds a link, seas.SEA.add (a
// region put on a sea), seas.SEA.regions (a new sea's regions) and
// air_only name regions. Names are read as the edition writes them (a
// region's name or id).
func (pr *Proposal) Preview(p *mapdata.Pack, op string, path []string, value any) {
	if p == nil || op != "append" {
		return
	}
	id := func(name any) string {
		s, _ := name.(string)
		for _, r := range p.Regions {
			if r.ID == s || r.Name == s {
				return r.ID
			}
		}
		for _, r := range p.Regions {
			if strings.EqualFold(r.Name, s) {
				return r.ID
			}
		}
		return ""
	}
	switch {
	case len(path) == 2 && path[0] == "links" && path[1] == "add":
		v, _ := value.(map[string]any)
		a, b := id(v["a"]), id(v["b"])
		kind, _ := v["kind"].(string)
		if a != "" && b != "" {
			pr.Links = append(pr.Links, ProposalLink{A: a, B: b, Kind: kind})
		}
	case len(path) == 3 && path[0] == "seas" && (path[2] == "add" || path[2] == "regions"), len(path) == 1 && path[0] == "air_only":
		if r := id(value); r != "" {
			pr.Regions = append(pr.Regions, r)
		}
	}
}

// MeasureOptions size the measures.
type MeasureOptions struct {
	Games   int    // bot games to play; 0: 200
	Players int    // 0: 4, fewer when the deck is too small
	Seed    uint64 // 0: 1
	// NoGames leaves the games out (a doctor that plays its own).
	NoGames bool
}

// Measure charts a board with the library's own measures: the journeys
// through each region (engine.Count), the regions of each colour, and how
// bot games end (engine/sim): won, or stalled at the turn cap.
func Measure(ctx context.Context, b *engine.Board, opt MeasureOptions) (*Report, error) {
	if b == nil {
		return nil, errors.New("nothing to measure: the pack does not play")
	}
	if opt.Games <= 0 {
		opt.Games = 200
	}
	if opt.Players <= 0 {
		opt.Players = 4
	}
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	rep := &Report{Charts: []Chart{}, Proposals: []Proposal{}}
	p := b.Pack()
	hex := map[string]string{}
	for _, c := range p.Colors {
		hex[c.ID] = c.Hex
	}

	c, err := b.Count(b.Days())
	if err != nil {
		rep.Notes = append(rep.Notes, "journeys not counted: "+err.Error())
	} else {
		ch := Chart{ID: "journeys", Title: fmt.Sprintf("Share of the %s journeys of %d days through each %s", numfmt.GroupDigits(c.Total.String()), c.Days, b.Word()), Unit: "%"}
		for _, r := range c.Regions {
			ch.Bars = append(ch.Bars, Bar{Label: r.Name, Region: r.ID, Hex: hex[p.Regions[r.Region].Color], Value: round(100*r.Share, 2), Flag: r.Few})
		}
		sort.SliceStable(ch.Bars, func(i, j int) bool { return ch.Bars[i].Value < ch.Bars[j].Value })
		rep.Charts = append(rep.Charts, ch)
		few := 0
		for _, r := range c.Regions {
			if r.Few {
				few++
			}
		}
		rep.Summary = fmt.Sprintf("%s journeys of %d days; %d %s(s) few journeys pass through.", numfmt.GroupDigits(c.Total.String()), c.Days, few, b.Word())
	}

	classes := Chart{ID: "colors", Title: "Regions of each colour (a plane links two of them)", Unit: "regions"}
	n := map[string]int{}
	for _, r := range p.Regions {
		n[r.Color]++
	}
	for _, col := range p.Colors {
		classes.Bars = append(classes.Bars, Bar{Label: nameOr(col.Name, col.ID), Hex: col.Hex, Value: float64(n[col.ID]), Flag: n[col.ID] < 2})
	}
	rep.Charts = append(rep.Charts, classes)

	if opt.NoGames {
		return rep, nil
	}
	var sr *sim.Report
	for players := opt.Players; players >= 2; players-- {
		sr, err = sim.Run(ctx, b, sim.Config{Games: opt.Games, Seed: opt.Seed, Game: game.Config{Players: players}, Bots: []string{"greedy"}, Workers: 1})
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	if err != nil {
		rep.Notes = append(rep.Notes, "no bot games: "+err.Error())
	} else {
		rep.Charts = append(rep.Charts, Chart{ID: "games", Title: fmt.Sprintf("%d games of %d greedy bots (turn cap %d)", sr.Games, sr.Players, sr.TurnCap), Unit: "games",
			Bars: []Bar{{Label: "won", Value: float64(sr.Finished)}, {Label: "stalled", Value: float64(sr.Stalled), Flag: sr.Stalled > 0}}})
		rep.Summary += fmt.Sprintf(" Bots: %d of %d games won, %d stalled.", sr.Finished, sr.Games, sr.Stalled)
	}
	return rep, nil
}

// Measures is a Doctor that only measures: it proposes no edits.
type Measures struct{ Options MeasureOptions }

// Diagnose measures the build's board.
func (m Measures) Diagnose(ctx context.Context, b *Build) (*Report, error) {
	pack, ok := b.Pack.(*mapdata.Pack)
	if !ok {
		return nil, errors.New("the doctor reads the 10 Days editions; this build has no regions pack")
	}
	eb, err := engine.Compile(pack)
	if err != nil {
		return nil, err
	}
	return Measure(ctx, eb, m.Options)
}

// Try has nothing to try.
func (Measures) Try(context.Context, *Build, []string) (*Report, error) {
	return nil, errors.New("this doctor proposes no edits")
}

// Apply has nothing to apply.
func (Measures) Apply(context.Context, *Build, []string) error {
	return errors.New("this doctor proposes no edits")
}

func round(v float64, digits int) float64 {
	f := 1.0
	for range digits {
		f *= 10
	}
	if v < 0 {
		return -float64(int64(-v*f+0.5)) / f
	}
	return float64(int64(v*f+0.5)) / f
}
