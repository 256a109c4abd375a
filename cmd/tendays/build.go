package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/paulmach/orb/geojson"
	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
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
	// Watch (--watch) rebuilds on every save until interrupted.
	Watch bool
	// report collects the summary for --format json.
	report *buildReport
	// watch is the state of build --watch between rebuilds.
	watch *watchState
}

func init() { register(newBuildCmd) }

func newBuildCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &buildOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "build EDITION",
		Short: "Derive a map pack from an edition",
		Long: `Build reads an edition (a folder holding edition.yaml, or the name of a bundled
edition: ` + strings.Join(editions.Names(), ", ") + `),
derives its regions, links, seas, rail lines, colours and deck, lints the
result, and writes the pack only when no error is found. The board geometry is
written beside it (<id>.board.geojson) for export and pictures. A route-network edition (kind: network) gets its
stations, routes, token mix, setups and ticket decks instead, and no board
file: the stations' points are in the pack.

Findings are printed on stderr as file:line:col: severity rule: message, with a
summary line (info findings only with --verbose). --format json holds every
finding, infos included. Exit codes: 0 built, 1 errors found (nothing written), 2 a file
could not be read.

With --watch, build builds once and then again on every save of edition.yaml
or a file it names (the borders, seas, cut and rail lines), printing the
findings and summary each time (--format json: one JSON object a line), until
Ctrl-C or SIGTERM, which end it with exit 0. A rebuild after an edit to
edition.yaml alone reuses the parsed borders. Each pack is written whole, as
build always writes, or not at all.`,
		Example: `  tendays build usa
  tendays build editions/europe -o europe.pack.json
  tendays build ./my-edition
  tendays build ./my-edition --watch
  tendays build usa --format json | jq .counts`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Edition = args[0]
			if opts.Format != "text" && opts.Format != "json" {
				return &usageError{msg: fmt.Sprintf("unknown --format %q (want text or json)", opts.Format), cmd: cmd}
			}
			if opts.Format == "json" && opts.Output == "-" {
				return &usageError{msg: "--format json prints the summary on standard output, so the pack cannot go there too (-o FILE)", cmd: cmd}
			}
			if opts.Watch {
				return runBuildWatch(cmd.Context(), opts)
			}
			return runBuild(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "text, or json: the summary (counts, findings, files written) on stdout for scripts")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write the pack to this `file` (default <id>.pack.json; DIR/ for DIR/<id>.pack.json; - for standard output, without the board)")
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "rebuild on every save of edition.yaml or a file it names, until Ctrl-C (one JSON object a line with --format json)")
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
	// Error is why a rebuild of build --watch could not read the edition
	// (what ends a single build with exit 2).
	Error string `json:"error,omitempty"`
}

func runBuild(opts *buildOptions) error {
	if opts.Format != "json" {
		return buildPack(opts)
	}
	opts.report = newBuildReport()
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
	target, res, err := buildEditionWith(src, opts.Global, opts.watch.caches())
	if err != nil {
		return err
	}
	opts.watch.noteInputs(src, res)
	s, err := reportBuild(opts, src, target, res != nil)
	if err != nil {
		return err
	}
	pack := res.Pack
	out, stdout, err := atomicfile.Dest(opts.Output, mapdata.PackFileName(pack.Edition.ID))
	if err != nil {
		return err
	}
	if out == "" && !stdout {
		out = mapdata.PackFileName(pack.Edition.ID)
	}
	// -o - (or a device, a pipe) writes the pack alone: a board has
	// nowhere to go beside it.
	withBoard := !opts.NoBoard && !stdout && !atomicfile.WritesThrough(out)
	var boardJSON []byte
	if withBoard {
		if boardJSON, err = boardBytes(res.Board); err != nil {
			return err
		}
		// The pair's id: the pack records the hash of its board, and
		// export checks it, so a pack and a board of different builds
		// are never read as a pair.
		mapdata.SetBoardHash(pack, boardJSON)
	}
	var packJSON bytes.Buffer
	if err := mapdata.EncodePack(&packJSON, pack); err != nil {
		return err
	}
	if err := checkWritten(opts.Global, out, stdout, packJSON.Bytes(), opts.IO); err != nil {
		return err
	}
	outputs := []string{out}
	if withBoard {
		outputs = append(outputs, mapdata.BoardPathFor(out))
	}
	if err := checkClobber(outputs, editionInputs(src, pack.Provenance.Inputs)); err != nil {
		return err
	}
	if stdout {
		if _, err := opts.IO.Out.Write(packJSON.Bytes()); err != nil {
			return err
		}
	} else {
		// The pack and its board are written as a pair: both or neither.
		// A default name, and the board's always, is the toolkit's choice:
		// a link there leading out of the working folder is refused.
		files := []atomicfile.File{{Path: out, Perm: 0o644, Fill: writeBytes(packJSON.Bytes()), Chosen: atomicfile.Chosen(opts.Output)}}
		if withBoard {
			files = append(files, atomicfile.File{Path: mapdata.BoardPathFor(out), Perm: 0o644, Fill: writeBytes(boardJSON), Chosen: true})
		}
		if err := atomicfile.WriteAll(files...); err != nil {
			return err
		}
	}
	if r := opts.report; r != nil {
		r.Edition, r.Counts = pack.Edition.ID, packCounts(pack)
		for _, o := range outputs {
			r.Written = append(r.Written, outputName(o, stdout))
		}
		return nil
	}
	opts.Global.notef(opts.IO.ErrOut, "%s\n", summary(pack, s, outputName(out, stdout)))
	return nil
}

// checkWritten reads back what build is about to write as lint and every
// other command will read it: within the size limit of packs, and valid
// against the pack schema. A pack nobody could read back is not written
// (exit 2), whatever the edition held.
func checkWritten(g *globalOptions, out string, stdout bool, data []byte, io *IOStreams) error {
	name := outputName(out, stdout)
	if max := g.limit(mapdata.DefaultMaxDocument); int64(len(data)) > max {
		return diag.Errorf(diag.Position{File: name}, "the pack would be %d bytes, over the limit of %d that lint and every command reading packs apply: no pack written (shorten the edition's names and notes, or raise --max-input)", len(data), max)
	}
	t, err := lint.DecodePack(name, data)
	if err != nil {
		return diag.Errorf(diag.Position{File: name}, "the pack would not read back (%w): no pack written", err)
	}
	if len(t.Findings) > 0 {
		for _, f := range t.Findings {
			fmt.Fprintln(io.ErrOut, f.String())
		}
		return diag.Errorf(diag.Position{File: name}, "the pack would break the pack schema (%d finding(s) above): no pack written", len(t.Findings))
	}
	return nil
}

// writeBytes is a Fill that writes data.
func writeBytes(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
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
		// JSON is for scripts: every finding, infos too (verbosity
		// governs the text for people only).
		r.Findings = append(r.Findings, findings...)
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

// boardBytes is the board geometry as GeoJSON, with a final newline.
func boardBytes(fc *geojson.FeatureCollection) ([]byte, error) {
	return mapdata.EncodeBoard(fc)
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
		s.Warnings, out)
}
