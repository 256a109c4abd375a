package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/paulmach/orb/geojson"
	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

type buildOptions struct {
	IO      *IOStreams
	Global  *globalOptions
	Edition string
	Output  string
	NoBoard bool
	Format  string
	// report collects the summary for --format json.
	report *buildReport
}

func init() { register(newBuildCmd) }

func newBuildCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &buildOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "build EDITION",
		Short: "Derive a map pack from an edition",
		Long: `Build reads an edition (a folder holding edition.yaml, or the name of a bundled
edition: usa, europe, africa, asia, across-the-us), derives its regions, links, seas, rail
lines, colours and deck, lints the result, and writes the pack only when no
error is found. The board geometry is written beside it (<id>.board.geojson)
for export and pictures. A route-network edition (kind: network) gets its
stations, routes, token mix, setups and ticket decks instead, and no board
file: the stations' points are in the pack.

Findings are printed on stderr as file:line:col: severity rule: message, with a
summary line. Exit codes: 0 built, 1 errors found (nothing written), 2 a file
could not be read.`,
		Example: `  tendays build usa
  tendays build editions/europe -o europe.pack.json
  tendays build ./my-edition
  tendays build usa --format json | jq .counts`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Edition = args[0]
			if opts.Format != "text" && opts.Format != "json" {
				return &usageError{msg: fmt.Sprintf("unknown --format %q (want text or json)", opts.Format), cmd: cmd}
			}
			return runBuild(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "text, or json: the summary (counts, findings, files written) on stdout for scripts")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write the pack to this `file` (default <id>.pack.json)")
	cmd.Flags().BoolVar(&opts.NoBoard, "no-board", false, "do not write the board geometry beside the pack")
	return cmd
}

// buildReport is what --format json prints: the build's summary, also when
// errors stopped it (then nothing is written).
type buildReport struct {
	Format        string         `json:"format"`
	FormatVersion int            `json:"formatVersion"`
	Edition       string         `json:"edition"`
	Built         bool           `json:"built"`
	Written       []string       `json:"written"`
	Counts        map[string]int `json:"counts"`
	Summary       lint.Summary   `json:"summary"`
	Findings      []diag.Finding `json:"findings"`
}

func runBuild(opts *buildOptions) error {
	if opts.Format != "json" {
		return buildPack(opts)
	}
	opts.report = &buildReport{Format: "tendays.build", FormatVersion: 1, Written: []string{},
		Counts: map[string]int{}, Findings: []diag.Finding{}}
	err := buildPack(opts)
	if err != nil && !errors.Is(err, errNo) {
		return err
	}
	opts.report.Built = err == nil
	if werr := mapdata.EncodeJSON(opts.IO.Out, opts.report); werr != nil {
		return werr
	}
	return err
}

func buildPack(opts *buildOptions) error {
	src, err := openEdition(opts.Edition)
	if err != nil {
		return err
	}
	if isNetworkEdition(src, opts.Global) {
		return runBuildNetwork(opts, src)
	}
	target, res, err := buildEdition(src, opts.Global)
	if err != nil {
		return err
	}
	s, err := reportBuild(opts, src, target, res != nil)
	if err != nil {
		return err
	}
	pack := res.Pack
	out := opts.Output
	if out == "" {
		out = mapdata.PackFileName(pack.Edition.ID)
	}
	// The pack and its board are written as a pair: both or neither.
	files := []atomicfile.File{{Path: out, Perm: 0o644, Fill: func(w io.Writer) error { return mapdata.EncodePack(w, pack) }}}
	if !opts.NoBoard {
		files = append(files, atomicfile.File{Path: mapdata.BoardPathFor(out), Perm: 0o644, Fill: boardWriter(res.Board)})
	}
	if err := atomicfile.WriteAll(files...); err != nil {
		return err
	}
	if r := opts.report; r != nil {
		r.Edition = pack.Edition.ID
		for _, f := range files {
			r.Written = append(r.Written, filepath.ToSlash(f.Path))
		}
		r.Counts = packCounts(pack)
		return nil
	}
	opts.Global.notef(opts.IO.ErrOut, "%s\n", summary(pack, s, out))
	return nil
}

// reportBuild lints what a build derived, prints the findings, and says
// whether the pack may be written: errNo when an error was found (or the
// edition broke its schema, so nothing was derived).
func reportBuild(opts *buildOptions, src *editionSource, target *lint.Target, derived bool) (lint.Summary, error) {
	var cfg *lint.Config
	if !src.Bundled {
		// A broken config is an error, not a config to ignore: it may turn
		// an error off, and the build would then pass or fail by accident.
		var err error
		if cfg, err = lint.FindConfig(opts.Edition); err != nil {
			return lint.Summary{}, err
		}
	}
	findings := cfg.Apply(lint.Check(target))
	s := lint.Summarize(1, findings)
	if r := opts.report; r != nil {
		r.Summary = s
		for _, f := range findings {
			if f.Severity > diag.Info || opts.Global.Verbose {
				r.Findings = append(r.Findings, f)
			}
		}
		if !derived || s.Errors > 0 {
			return s, errNo
		}
		return s, nil
	}
	for _, f := range findings {
		if opts.Global.shows(f.Severity) {
			fmt.Fprintln(opts.IO.ErrOut, f.String())
		}
	}
	if !derived || s.Errors > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "%s: %d error(s), %d warning(s): no pack written\n", src.Dir, s.Errors, s.Warnings)
		return s, errNo
	}
	return s, nil
}

// boardWriter writes the board geometry as GeoJSON, with a final newline.
func boardWriter(fc *geojson.FeatureCollection) func(io.Writer) error {
	return func(w io.Writer) error {
		data, err := fc.MarshalJSON()
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
		_, err = w.Write([]byte("\n"))
		return err
	}
}

// packCounts is what a pack holds, for build --format json.
func packCounts(p *mapdata.Pack) map[string]int {
	c := map[string]int{"regions": len(p.Regions), "links": len(p.Links), "seas": len(p.Seas), "rails": len(p.Rails),
		"cards": p.Deck.Totals.Cards, "regionCards": p.Deck.Totals.RegionCards, "transportCards": p.Deck.Totals.TransportCards}
	for _, l := range p.Links {
		c["links/"+string(l.Kind)]++
	}
	return c
}

// summary is one line on what was built.
func summary(p *mapdata.Pack, s lint.Summary, out string) string {
	kinds := map[mapdata.LinkKind]int{}
	for _, l := range p.Links {
		kinds[l.Kind]++
	}
	var links []string
	for _, k := range []mapdata.LinkKind{mapdata.Border, mapdata.Bridge, mapdata.Ferry, mapdata.Car} {
		if kinds[k] > 0 {
			links = append(links, fmt.Sprintf("%d %s", kinds[k], k))
		}
	}
	t := p.Deck.Totals
	return fmt.Sprintf("%s: %d regions; links: %s; %d seas, %d rail lines; deck %d cards (%d region, %d transport); %d warning(s) -> %s",
		p.Edition.ID, len(p.Regions), strings.Join(links, ", "), len(p.Seas), len(p.Rails), t.Cards, t.RegionCards, t.TransportCards,
		s.Warnings, filepath.ToSlash(out))
}
