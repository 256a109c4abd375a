package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
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
	// Force (--force) replaces a pack built from another edition folder
	// without a word.
	Force bool
	// Lang (--lang) checks that every region has a name in that language.
	Lang string
}

func newBuildCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &buildOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "build EDITION",
		Short: "Derive a map pack from an edition",
		Long: `Build reads an edition (a folder holding edition.yaml, or the name of a bundled
edition: ` + strings.Join(editions.Names(), ", ") + `),
derives its regions, links, seas, rail lines, colours and deck, lints the
result, and writes the pack only when no error is found. The board geometry is
written beside it (<id>.board.geojson) for export and pictures. The pack
records the edition folder it was built from (provenance.parameters
["edition.folder"], relative to the pack's folder); replacing a pack built
from another folder (a copy of an edition that kept its id) is said in a
warning, which --force silences. A route-network edition (kind: network) gets its
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
			return runBuild(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "text, or json: the summary (counts, findings, files written) on stdout for scripts")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write the pack to this `file` (default <id>.pack.json; DIR/ for DIR/<id>.pack.json; - for standard output, without the board)")
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "rebuild on every save of edition.yaml or a file it names, until Ctrl-C (one JSON object a line with --format json)")
	cmd.Flags().BoolVar(&opts.NoBoard, "no-board", false, "do not write the board geometry beside the pack")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace a pack built from another edition folder without a warning")
	cmd.Flags().StringVar(&opts.Lang, "lang", "", "check that every region has a name in this `language` (regions.translations): a warning for each that keeps its default; the pack carries every language, export --lang picks one")
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

func runBuild(ctx context.Context, opts *buildOptions) error {
	res, err := pipeline.Edition(ctx, pipeline.Source{Path: opts.Edition}, opts.Global.buildOptions())
	if err != nil {
		return err
	}
	var report *buildReport
	if opts.Format == "json" {
		report = newBuildReport()
	}
	err = writeBuild(opts, res, report)
	if report == nil || err != nil && !errors.Is(err, errNo) {
		return err
	}
	report.Built = err == nil
	if werr := mapdata.EncodeJSON(opts.IO.Out, report); werr != nil {
		return werr
	}
	return err
}

// writeBuild prints a build's findings (or puts them in report, for
// --format json) and writes its pack and board when lint found no error:
// errNo when it did (or the edition broke its schema, so nothing was
// derived).
func writeBuild(opts *buildOptions, res *pipeline.Result, report *buildReport) error {
	findings := res.Findings
	if p, ok := res.Pack.(*mapdata.Pack); ok && opts.Lang != "" { // names in languages are a regions pack's
		_, fallbacks := p.InLanguage(opts.Lang)
		for _, f := range fallbacks {
			f.Position.File = res.File
			findings = append(findings, f)
		}
		res.Summary.Warnings += len(fallbacks) // the summary line counts them
	}
	if report != nil {
		report.Summary = res.Summary
		// JSON is for scripts: every finding, infos too (verbosity
		// governs the text for people only).
		report.Findings = append(report.Findings, findings...)
	} else {
		for _, f := range findings {
			if opts.Global.shows(f.Severity) {
				fmt.Fprintln(opts.IO.ErrOut, f.String())
			}
		}
	}
	if !res.OK() {
		if report == nil {
			fmt.Fprintf(opts.IO.ErrOut, "%s: %d error(s), %d warning(s): no pack written\n", res.Name, res.Summary.Errors, res.Summary.Warnings)
		}
		return errNo
	}
	id := res.ID()
	out, stdout, err := atomicfile.Dest(opts.Output, mapdata.PackFileName(id))
	if err != nil {
		return err
	}
	if out == "" && !stdout {
		out = mapdata.PackFileName(id)
	}
	// -o - (or a device, a pipe) writes the pack alone: a board has
	// nowhere to go beside it. A network pack has none: its stations'
	// points are in it.
	withBoard := res.HasBoard() && !opts.NoBoard && !stdout && !atomicfile.WritesThrough(out)
	toFile := !stdout && !atomicfile.WritesThrough(out)
	if toFile {
		recordFolder(res, out)
		if !opts.Force {
			if other := builtElsewhere(opts, res, out); other != "" {
				opts.Global.notef(opts.IO.ErrOut, "tendays: warning: %s was built from %s, not from %s; it is replaced (--force says nothing)\n",
					filepath.ToSlash(out), other, res.Name)
			}
		}
	}
	files, err := res.Encode(withBoard)
	if err != nil {
		return err
	}
	if err := pipeline.ReadBack(outputName(out, stdout), files.Pack, opts.Global.limit(mapdata.DefaultMaxDocument)); err != nil {
		var rb *pipeline.ReadBackError
		if errors.As(err, &rb) {
			for _, f := range rb.Findings {
				fmt.Fprintln(opts.IO.ErrOut, f.String())
			}
			return diag.Errorf(diag.Position{File: rb.Name}, "the pack would break the pack schema (%d finding(s) above): no pack written", len(rb.Findings))
		}
		return err
	}
	outputs := []string{out}
	if withBoard {
		outputs = append(outputs, mapdata.BoardPathFor(out))
	}
	if err := checkClobber(outputs, res.Inputs); err != nil {
		return err
	}
	if stdout {
		if _, err := opts.IO.Out.Write(files.Pack); err != nil {
			return err
		}
	} else {
		// The pack and its board are written as a pair: both or neither.
		// A default name, and the board's always, is the toolkit's choice:
		// a link there leading out of the working folder is refused.
		pair := []atomicfile.File{{Path: out, Perm: 0o644, Fill: atomicfile.Bytes(files.Pack), Chosen: atomicfile.Chosen(opts.Output)}}
		if withBoard {
			pair = append(pair, atomicfile.File{Path: mapdata.BoardPathFor(out), Perm: 0o644, Fill: atomicfile.Bytes(files.Board), Chosen: true})
		}
		if err := atomicfile.WriteAll(pair...); err != nil {
			return err
		}
	}
	if report != nil {
		report.Edition, report.Counts = id, res.Counts()
		for _, o := range outputs {
			report.Written = append(report.Written, outputName(o, stdout))
		}
		return nil
	}
	opts.Global.notef(opts.IO.ErrOut, "%s\n", res.Headline(outputName(out, stdout)))
	return nil
}

// editionFolderParameter is the pack's record of the edition folder it was
// built from, relative to the pack's own folder (slash-separated): set for
// an edition on disk written to a file, so that a bundled edition's pack
// keeps its bytes and a pack's bytes do not hold the user's paths.
const editionFolderParameter = "edition.folder"

// editionDir is the folder on disk of the edition a build read, or "" for
// a bundled edition (or a pack).
func editionDir(res *pipeline.Result) string {
	if res.Bundled || res.FromPack || res.File == "" {
		return ""
	}
	dir, err := filepath.Abs(filepath.Dir(filepath.FromSlash(res.File)))
	if err != nil {
		return ""
	}
	return dir
}

// provenanceOf is the provenance of the pack a build made.
func provenanceOf(res *pipeline.Result) *mapdata.Provenance {
	if res.Pack == nil {
		return nil
	}
	return res.Pack.PackProvenance()
}

// recordFolder records in the pack the edition folder it is built from,
// relative to out's folder.
func recordFolder(res *pipeline.Result, out string) {
	prov, dir := provenanceOf(res), editionDir(res)
	packDir, err := filepath.Abs(filepath.Dir(out))
	if prov == nil || dir == "" || err != nil {
		return
	}
	rel, err := filepath.Rel(packDir, dir)
	if err != nil {
		return
	}
	if prov.Parameters == nil {
		prov.Parameters = map[string]string{}
	}
	prov.Parameters[editionFolderParameter] = filepath.ToSlash(rel)
}

// builtElsewhere reads the pack at out, if there is one, and names the
// edition folder its provenance records when that is not the folder of
// this build ("" when it is, when it records none, or when out holds no
// pack tendays can read: nothing to tell then).
func builtElsewhere(opts *buildOptions, res *pipeline.Result, out string) string {
	fi, err := os.Stat(out)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	data, err := safeio.ReadFile(out, opts.Global.limit(mapdata.DefaultMaxDocument))
	if err != nil {
		return ""
	}
	var old struct {
		Provenance struct {
			Parameters map[string]string `json:"parameters"`
		} `json:"provenance"`
	}
	if json.Unmarshal(data, &old) != nil {
		return ""
	}
	rel, ok := old.Provenance.Parameters[editionFolderParameter]
	packDir, err := filepath.Abs(filepath.Dir(out))
	if !ok || err != nil {
		return ""
	}
	was := filepath.Join(packDir, filepath.FromSlash(rel))
	now := editionDir(res)
	if now != "" && sameFolder(was, now) {
		return ""
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, was); err == nil {
			was = rel // from here, as the user would type it
		}
	}
	return diag.OneLine(filepath.ToSlash(was))
}

// sameFolder says whether two folder names are one folder (links followed
// where they exist).
func sameFolder(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}
