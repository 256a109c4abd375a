package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/batch"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/kinds"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
	"github.com/tendays/tendays/play"
)

func newJourneyCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "journey",
		Short: "Check journeys and count them",
		Long: `Check a journey card by card with the reason for every step, or count every
valid journey of a pack. PACK is a pack file, an edition folder or the name of a
bundled edition.`,
		Example: `  tendays journey check usa OR car AZ plane:tan OH WV PA plane:light-blue GA FL
  tendays journey check usa --days 3 --batch journeys.txt
  tendays journey count usa`,
	}
	cmd.AddCommand(newJourneyCheckCmd(io, g), newJourneyCountCmd(io, g))
	return cmd
}

// loadPlayable builds the edition or reads the pack a command plays or
// checks, through the pipeline, and refuses it (exit 2) when lint finds
// errors that make it unfit to play (see pipeline.Result.PlayErrors). The lint
// config found beside the pack applies, as for lint.
func loadPlayable(ctx context.Context, path string, io *IOStreams, g *globalOptions) (*pipeline.Result, error) {
	res, err := g.load(ctx, path)
	if err != nil {
		return nil, err
	}
	errs := res.PlayErrors()
	if len(errs) > 0 || !res.Derived() {
		return nil, refuseUnfit(io, path, "pack", path, errs)
	}
	return res, nil
}

// refuseUnfit prints the lint errors that make what name holds (a "pack",
// an "edition") unfit for the command, and how to see them, and exits 2.
func refuseUnfit(io *IOStreams, name, noun, arg string, errs []diag.Finding) error {
	for _, f := range errs {
		fmt.Fprintln(io.ErrOut, f.String())
	}
	fmt.Fprintf(io.ErrOut, "tendays: %s: the %s has %d lint error(s); fix them first (tendays lint %s)\n", name, noun, len(errs), arg)
	return &silentError{code: exitUsage}
}

// loadBoard is loadPlayable for the commands that check journeys (journey
// check and count): the pack compiled for the engine, when its kind's
// games are journeys.
func loadBoard(ctx context.Context, path string, io *IOStreams, g *globalOptions) (*engine.Board, error) {
	res, err := loadPlayable(ctx, path, io, g)
	if err != nil {
		return nil, err
	}
	k := kinds.Of(res.Kind)
	if k.Board == nil {
		return nil, diag.Errorf(diag.Position{File: path, Pointer: "/kind"}, "%s (kind %s) has no journeys: simulate and export read it", k.Noun, k.Name)
	}
	return k.Board(res)
}

// checkFormat refuses an output format other than text or json.
func checkFormat(cmd *cobra.Command, format string) error {
	if format != "text" && format != "json" {
		return &usageError{msg: fmt.Sprintf("unknown --format %q (want text or json)", format), help: cmd.CommandPath()}
	}
	return nil
}

type journeyCheckOptions struct {
	IO     *IOStreams
	Global *globalOptions
	Pack   string
	Cards  []string
	Batch  string
	Format string
	Days   int
}

func newJourneyCheckCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &journeyCheckOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "check PACK CARD... | check PACK --batch FILE|-",
		Short: "Say whether cards make a valid journey, and why",
		Long: `Check a journey: one card token a day, in order. A region by id or name (OR,
Oregon, "New York"), plane:COLOUR, car, ship:SEA, train or train:LINE. Every
step is explained: the border (with its length), bridge or ferry; the car's
third region; the plane's colour; the ship's sea; the train's line. An invalid
journey names its first failing step and why.

The journey must have the edition's number of days (or --days N). A card used
more often than the deck holds it makes the journey invalid.

--batch FILE (or - for standard input) checks one journey a line, cards
separated by commas (or by spaces, as on the command line; "New York" in
quotes is one card), and prints one JSON object a line as it goes:
{"line": N, "valid": true|false, "reason": "..."}. Blank lines and lines
starting with # are skipped. A line that cannot be checked (an unknown card,
a wrong length) prints its object with "error": true and its message on
stderr, and the batch goes on.

Exit codes: 0 valid (with --batch: every journey valid), 1 not valid (with
--batch: some journey not valid), 2 bad usage or bad input (unknown card,
wrong length, a batch line that cannot be checked, a pack with lint errors).`,
		Example: `  tendays journey check usa.pack.json Oregon car Arizona plane:tan Ohio \
      "West Virginia" Pennsylvania plane:light-blue Georgia Florida
  tendays journey check usa.pack.json ME car NH --days 3 --format json
  tendays journey check usa.pack.json --batch journeys.txt`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pack, opts.Cards = args[0], args[1:]
			if err := checkFormat(cmd, opts.Format); err != nil {
				return err
			}
			switch {
			case opts.Batch != "" && len(opts.Cards) > 0:
				return &usageError{msg: "give cards or --batch, not both", help: cmd.CommandPath()}
			case opts.Batch == "-" && opts.Pack == "-":
				return &usageError{msg: "the pack and --batch cannot both be standard input", help: cmd.CommandPath()}
			case opts.Batch == "" && len(opts.Cards) == 0:
				return &usageError{msg: "no cards to check (give the journey's cards, or --batch FILE)", help: cmd.CommandPath()}
			case opts.Days < 0:
				return &usageError{msg: "--days must be positive", help: cmd.CommandPath()}
			}
			return runJourneyCheck(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json (--batch always prints JSON lines)")
	cmd.Flags().StringVar(&opts.Batch, "batch", "", "check one journey a line from this `file` (- for standard input)")
	cmd.Flags().IntVar(&opts.Days, "days", 0, "journey length (default: the edition's days)")
	return cmd
}

func runJourneyCheck(ctx context.Context, opts *journeyCheckOptions) error {
	b, err := loadBoard(ctx, opts.Pack, opts.IO, opts.Global)
	if err != nil {
		return err
	}
	days := opts.Days
	if days == 0 {
		days = b.Days()
	}
	if opts.Batch != "" {
		return runBatch(ctx, opts, b, days)
	}
	cards, err := parseJourney(b, opts.Cards, days)
	if err != nil {
		return err
	}
	v := b.Check(cards)
	if opts.Format == "json" {
		out := b.Report(cards, v)
		if err := mapdata.EncodeJSON(opts.IO.Out, out); err != nil {
			return err
		}
	} else {
		play.WriteVerdict(opts.IO.Out, b, cards, v)
	}
	if !v.Valid {
		return errNo
	}
	return nil
}

// lengthHint ends the message for a journey of the wrong length.
const lengthHint = "set another length with --days"

// parseJourney resolves tokens and checks the journey's length; both
// faults are bad input.
func parseJourney(b *engine.Board, tokens []string, days int) ([]engine.CardID, error) {
	cards, err := b.ParseJourneyDays(tokens, days)
	var le *engine.LengthError
	switch {
	case errors.As(err, &le):
		return nil, usageErrorf("%v (%s)", err, lengthHint)
	case err != nil:
		return nil, usageErrorf("%v", err)
	}
	return cards, nil
}

// runBatch checks one journey a line and streams one JSON object a line;
// a line that cannot be checked is named on stderr, and the batch goes on.
func runBatch(ctx context.Context, opts *journeyCheckOptions, b *engine.Board, days int) error {
	in := opts.IO.In
	name := "standard input"
	if opts.Batch != "-" {
		f, err := safeio.Open(opts.Batch)
		if err != nil {
			return &diag.InputError{Position: diag.Position{File: opts.Batch}, Err: err}
		}
		defer f.Close()
		in, name = f, opts.Batch
	}
	counts, err := batch.Check(ctx, b, in, opts.IO.Out, batch.Options{Days: days, Name: name, LengthHint: lengthHint,
		BadLine: func(e *batch.LineError) { fmt.Fprintf(opts.IO.ErrOut, "%s:%d: %v\n", name, e.Line, e.Err) }})
	switch {
	case err != nil:
		return err
	case counts.Bad > 0:
		return &silentError{code: exitUsage}
	case counts.Invalid > 0:
		return errNo
	}
	return nil
}

type journeyCountOptions struct {
	IO     *IOStreams
	Global *globalOptions
	Pack   string
	Days   int
	Format string
}

func newJourneyCountCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &journeyCountOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "count PACK",
		Short: "Count the valid journeys, overall and through each region",
		Long: `Count the journeys of the edition's length (or --days N) exactly, and for each
region the journeys that pass through it (hold at least one of its cards).
Regions few journeys pass through (under a quarter of the median region's
count) are flagged: they are the ones designers should look at.

What is counted: ` + engine.CountDefinition + `.`,
		Example: `  tendays journey count usa.pack.json
  tendays journey count europe.pack.json --days 5 --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pack = args[0]
			if err := checkFormat(cmd, opts.Format); err != nil {
				return err
			}
			if opts.Days < 0 {
				return &usageError{msg: "--days must be positive", help: cmd.CommandPath()}
			}
			if opts.Days > maxCountDays {
				// The count's numbers grow with the days, and its work with
				// their square: 20,000 days took 850 MB and 8 s.
				return &usageError{msg: fmt.Sprintf("--days %d: counting goes up to %d days", opts.Days, maxCountDays), help: cmd.CommandPath()}
			}
			return runJourneyCount(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.Days, "days", 0, "journey length (default: the edition's days)")
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	return cmd
}

// maxCountDays bounds journey count's --days: fifty times the longest game
// (20 days, combined editions), and a second of work.
const maxCountDays = 1000

func runJourneyCount(ctx context.Context, opts *journeyCountOptions) error {
	b, err := loadBoard(ctx, opts.Pack, opts.IO, opts.Global)
	if err != nil {
		return err
	}
	days := opts.Days
	if days == 0 {
		days = b.Days()
	}
	c, err := b.Count(days)
	if err != nil {
		return usageErrorf("%v", err)
	}
	report := b.CountReport(c)
	if opts.Format == "json" {
		return mapdata.EncodeJSON(opts.IO.Out, report)
	}
	return report.WriteText(opts.IO.Out)
}
