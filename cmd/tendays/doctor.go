package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

type doctorOptions struct {
	IO       *IOStreams
	Global   *globalOptions
	Target   string
	Format   string
	Apply    []string
	Fix      bool
	Progress bool
	Advise   advise.Options
	// LockTimeout bounds the wait for edition.yaml's lock (--apply, --fix).
	LockTimeout time.Duration
}

func newDoctorCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &doctorOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "doctor EDITION|PACK",
		Short: "Find what will make the game bad, and propose measured edits",
		Long: `Doctor builds the edition (or reads the pack), counts its journeys exactly,
lints it and plays a seeded simulation, and reports what will make the game
bad: stalled games, lonely or uneven colours, regions only a plane reaches,
regions few journeys pass through, dead cards. Each finding comes with its
evidence and with edits; every edit is measured by rebuilding the edition in
memory and re-running the same seeded analysis, before → after.

Every before → after is paired: the edited edition plays the same seeded
games as the edition as it is, game i beside game i, and the change in
stalled games comes with its interval (Newcombe's for a paired difference of
rates), the change in a game's turns with the sign test's. A measure looks at
its games after an eighth, a quarter, a half and all of --measure-games, and
stops at the first look where the verdict is clear; each look's interval is
at 98.75%, so that the four together are wrong at most 5% of the time
(Bonferroni). A change inside the noise reads "no measurable change (N paired
games)".

An edit that makes a headline measure worse (stalled games significantly
more; more lint errors or warnings, lonely colours, or groups cut off) is
kept only as a trade-off: marked "trade-off", it is numbered after every
clean fix, so it is never the first choice. Because this is decided by
significance, the same edition and seed always give the same order, and a
proposal whose effect is significant keeps its rank under another seed.

A group of regions only a plane reaches from the largest group (lint's
regions/cut-off) is one finding, with the nearest crossings: a ferry between
the nearest coasts, shortest first and no longer than the edition's own
links make normal, or a sea with ship cards when none is that short; where
no sea reaches the group's coast, a ferry across the nearest crossing when
it is shorter than the group's own span (the toolkit's rule: Gozo, 6 km off
Malta, whose councils are 2 km apart).
Marking a region air-only is proposed only for a region alone that has no
land border to drop, and never counts as joining a group.

Beside the deck and the colours, the report says what the games show of
balance: a seat that wins significantly more or less than its share (by 1.5
points or more), a transport card in most winning journeys, a region whose
bordering pieces lie farther apart than a normal crossing (an exclave that
acts as a shortcut). Far regions that leave most of the board's main map
empty get a box of their own proposed (board.insets): an edit of the board
alone, built, not played ("built, no game to play"), since it moves no game;
--fix makes it after the play's steps. The header counts the report's
findings and proposals, then lint's errors and warnings.

Without --games and --measure-games, the doctor sizes its games by a work
budget: it plays 40 games first and counts the work they took (the bots'
steps, never the time, so the same seed gives the same report anywhere). A
single-map edition plays up to 20,000 games of evidence and 2,000 a measure;
an edition whose games cost far more (20 Days Around the World: four maps,
the bots planning every one) plays what the budget buys, a few hundred, and
the report says so and how to ask for more. --games and --measure-games
always win. The evidence, too, grows by looks (an eighth of --games, a
quarter, a half, all) and stops when the share of stalled games is clearly
under or over 1% and the card in most winning journeys clearly is or is not
in most of them. Progress goes to stderr, never stdout: on a terminal, or
with --progress (not with --quiet).

A game no one has won in 1000 turns (every player's) is stalled, the one stall
rule of simulate, the doctor, --fix and the studio. When the first
--measure-games games stall so often that all --games would show stalls
whatever the rest did, and their stalled games are most of the turns they
played, the evidence stops there (the report says so), and the edits for the
other findings are measured on a quarter of the games. When 1% or more of
the greedy bots' games stall, strong bots play the first 1,000 deals again,
paired with the greedy games on them: where they stall in under 1% (the 95%
interval's top) and significantly less (the paired interval, at 95%), the
finding is an info that says the stalls are the bots' more than the deck's
(Europa Tour's greedy bots stall in 3% of four-player games, its strong
bots in none).
--fix keeps its goal as the greedy bots play, and says the same beside it.

A combined edition (kind combined) is diagnosed as its pack plays: its
proposals are measured on the pack and edit no file. A route-network
edition or pack is refused in one line (exit 2): the doctor's measures are
of 10 Days journeys.

--apply N,... writes the chosen proposals into edition.yaml, keeping its
comments and layout. --apply and --fix write under a lock on edition.yaml:
a lock another process holds is told at once (who holds it, since when) and
waited for up to --lock-timeout (10s by default; 0 does not wait), then the
doctor ends with exit 2 and the file as it was. Exit codes: 0 nothing to fix (or the edits applied),
1 findings with proposals, 2 bad input.

--fix applies proposals one at a time until the edition meets its goals:
no lint error, no group of regions cut off, no warning left that a measured
proposal fixes cleanly, under 1% of games stalled and a median game of 1.5 to
25 turns a player. Each round measures every proposal, paired on the same
seeded games as the edition as the last step left it (region cards up or
down, cars and planes, a colour fewer when classes are thin, recolours,
ferries, seas, air-only for a lone island), and applies the one that moves it
furthest: fewer lint errors, groups cut off and warnings first, with stalls
not significantly more; else significantly fewer stalls, or a median game
nearer the band. It stops when the goals are met, when no proposal improves
the edition, or after 12 steps, prints each step with its before → after,
and writes edition.yaml in place keeping its comments. Exit codes: 0 the
goals are met, 1 not (the line "goals not met: ..." names each one missed),
2 bad input.

Doctor reads .tendays-lint.yaml as lint does (the first found walking up
from the edition): a rule turned off is no finding and no goal.`,
		Example: `  tendays doctor ./south-america
  tendays doctor ./south-america --apply 1,3
  tendays doctor ./canada --fix
  tendays doctor usa --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Target = args[0]
			if err := checkFormat(cmd, opts.Format); err != nil {
				return err
			}
			return runDoctor(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Format, "format", "text", "output format: text or json")
	f.StringSliceVar(&opts.Apply, "apply", nil, "write these proposals (`N,...`) into edition.yaml")
	f.BoolVar(&opts.Fix, "fix", false, "apply measured proposals one at a time until the goals are met, writing edition.yaml")
	f.IntVar(&opts.Advise.Games, "games", 0, fmt.Sprintf("simulated games behind the evidence (default: sized by the work budget, %d at most)", advise.DefaultGames))
	f.IntVar(&opts.Advise.MeasureGames, "measure-games", 0, fmt.Sprintf("simulated games behind each proposal's before and after (default: sized by the work budget, %d at most)", advise.DefaultMeasureGames))
	f.Uint64Var(&opts.Advise.Seed, "seed", 1, "random seed: the same seed gives the same report")
	f.IntVar(&opts.Advise.Players, "players", advise.DefaultPlayers, "players in each simulated game")
	f.IntVar(&opts.Advise.Workers, "workers", 0, "games played at once (default: every core)")
	f.DurationVar(&opts.LockTimeout, "lock-timeout", atomicfile.DefaultLockTimeout, "how long --apply and --fix wait for another process's lock on edition.yaml (0: not at all)")
	f.BoolVar(&opts.Progress, "progress", false, "show progress on stderr even when it is not a terminal")
	return cmd
}

func runDoctor(ctx context.Context, opts *doctorOptions) error {
	if opts.Advise.Games < 0 || opts.Advise.MeasureGames < 0 {
		return &usageError{msg: "--games and --measure-games: want a number of games (leave them out for the work budget)"}
	}
	if opts.LockTimeout < 0 {
		return &usageError{msg: fmt.Sprintf("--lock-timeout %s: want a duration (10s, 1m), or 0 not to wait", opts.LockTimeout)}
	}
	if line := newProgressLine(opts); line != nil {
		opts.Advise.Progress = line.update
		defer line.finish()
	}
	var apply []int
	for _, s := range opts.Apply {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return &usageError{msg: fmt.Sprintf("--apply %q: want proposal numbers, e.g. --apply 1,3", s)}
		}
		if slices.Contains(apply, n) {
			return &usageError{msg: fmt.Sprintf("--apply: proposal %d is named twice (each is applied once)", n)}
		}
		apply = append(apply, n)
	}
	if !pipeline.IsEdition(opts.Target) {
		res, err := opts.Global.load(ctx, opts.Target)
		if err != nil {
			return err
		}
		pack, ok := res.Pack.(*mapdata.Pack)
		if !ok {
			return &usageError{msg: fmt.Sprintf("%s: not a 10 Days pack (doctor reads packs of kind regions or combined; a route-network pack: try tendays simulate)", opts.Target)}
		}
		if len(apply) > 0 || opts.Fix {
			return &usageError{msg: fmt.Sprintf("%s: --apply and --fix edit an edition folder's edition.yaml, not a pack", opts.Target)}
		}
		return diagnose(ctx, opts, advise.FromPack(pack), nil)
	}
	f, err := pipeline.OpenEdition(opts.Target, opts.Global.buildOptions())
	if err != nil {
		return err
	}
	defer f.Close()
	switch {
	case len(apply) > 0 && opts.Fix:
		return &usageError{msg: "--apply and --fix: choose one"}
	case f.Kind == mapdata.KindNetwork:
		return &usageError{msg: fmt.Sprintf("%s: a route-network edition (kind: network); doctor examines region editions (try tendays simulate on its pack)", opts.Target)}
	case len(apply) > 0 && (f.Bundled || f.Path == ""):
		return &usageError{msg: fmt.Sprintf("%s: --apply edits an edition folder's edition.yaml (not a pack, nor a bundled edition)", opts.Target)}
	case opts.Fix && (f.Bundled || f.Path == ""):
		return &usageError{msg: fmt.Sprintf("%s: --fix edits an edition folder's edition.yaml (not a pack, nor a bundled edition)", opts.Target)}
	case opts.Fix && f.Kind == mapdata.KindCombined:
		return &usageError{msg: fmt.Sprintf("%s: a combined edition is diagnosed as its pack plays: --fix edits no file (fix its members)", opts.Target)}
	case len(apply) > 0 && f.Kind == mapdata.KindCombined:
		return &usageError{msg: fmt.Sprintf("%s: a combined edition is diagnosed as its pack plays: its proposals edit no file (apply them to its members)", opts.Target)}
	}
	in := advise.Input{FS: f.FS, Dir: f.Dir, EditionYAML: f.Text, MaxBytes: opts.Global.limit(mapdata.DefaultMaxInput)}
	if !f.Bundled {
		// .tendays-lint.yaml, found as lint finds it: a rule turned off
		// is no finding and no goal.
		if in.Lint, err = pipeline.LintRules().FindConfig(f.Dir); err != nil {
			return err
		}
	}
	if opts.Fix {
		return fixEdition(ctx, opts, in, filepath.Join(filepath.FromSlash(f.Dir), pipeline.EditionFile))
	}
	if len(apply) > 0 {
		return diagnose(ctx, opts, in, &applying{ids: apply, file: filepath.Join(filepath.FromSlash(f.Dir), pipeline.EditionFile)})
	}
	return diagnose(ctx, opts, in, nil)
}

// applying is doctor --apply: the proposals chosen and edition.yaml.
type applying struct {
	ids  []int
	file string
}

// diagnose runs the doctor on in and prints its report, or applies the
// chosen proposals.
func diagnose(ctx context.Context, opts *doctorOptions, in advise.Input, apply *applying) error {
	rep, err := advise.Diagnose(ctx, in, opts.Advise)
	if err != nil {
		return err
	}
	if apply != nil {
		return applyProposals(opts, rep, in.EditionYAML, apply.file, apply.ids)
	}
	if err := writeReport(opts, rep, rep.WriteText); err != nil {
		return err
	}
	if len(rep.Proposals) > 0 {
		return errNo
	}
	return nil
}

// writeReport prints a report as indented JSON (--format json) or as text.
func writeReport(opts *doctorOptions, rep any, text func(io.Writer) error) error {
	if opts.Format != "json" {
		return text(opts.IO.Out)
	}
	enc := json.NewEncoder(opts.IO.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// fixEdition runs --fix and writes edition.yaml when a step was applied.
func fixEdition(ctx context.Context, opts *doctorOptions, in advise.Input, file string) error {
	// As --apply: under a lock, edition.yaml must still be the text the
	// fix started from, and keeps its mode.
	rep, err := advise.FixFile(ctx, filepath.Dir(file), in, opts.Advise, advise.Goals{}, lockOptions(opts, file))
	if errors.Is(err, advise.ErrChanged) {
		fmt.Fprintf(opts.IO.ErrOut, "tendays: %s\n", diag.OneLine(err.Error()))
		return errNo
	} else if err != nil {
		return err
	}
	if err := writeReport(opts, rep, rep.WriteText); err != nil {
		return err
	}
	if len(rep.Steps) > 0 {
		opts.Global.notef(opts.IO.ErrOut, "wrote %s; next: tendays build %s\n", filepath.ToSlash(file), filepath.ToSlash(filepath.Dir(file)))
	}
	if !rep.Met {
		return errNo
	}
	return nil
}

func applyProposals(opts *doctorOptions, rep *advise.Report, text []byte, file string, ids []int) error {
	chosen, err := rep.Chosen(ids)
	if err != nil {
		return err
	}
	// Under a lock, edition.yaml is read again and must still be the text
	// diagnosed: an edit saved meanwhile is never overwritten.
	if _, err := advise.ApplyFile(filepath.Dir(file), text, chosen, lockOptions(opts, file)); err != nil {
		if errors.Is(err, advise.ErrChanged) {
			fmt.Fprintf(opts.IO.ErrOut, "tendays: %s\n", diag.OneLine(err.Error()))
			return errNo
		}
		return err
	}
	for _, p := range chosen {
		fmt.Fprintf(opts.IO.Out, "applied %d: %s (%s)\n", p.ID, diag.OneLine(p.Edit), diag.OneLine(p.Effect))
	}
	fmt.Fprintf(opts.IO.ErrOut, "wrote %s; next: tendays build %s\n", filepath.ToSlash(file), filepath.ToSlash(filepath.Dir(file)))
	return nil
}

// progressLine is the doctor's progress on a terminal's stderr: one line,
// redrawn in place ("doctor: evidence 120/530 games").
type progressLine struct {
	w     io.Writer
	tty   bool
	shown string
	at    advise.Progress // the stage and percent shown
}

// newProgressLine is the progress line when stderr is a terminal or
// --progress asks for it, --quiet not given; nil otherwise. It is never
// written to stdout, so --format json stays clean.
func newProgressLine(opts *doctorOptions) *progressLine {
	if opts.Global.Quiet || (!opts.IO.ErrTTY && !opts.Progress) {
		return nil
	}
	return &progressLine{w: opts.IO.ErrOut, tty: opts.IO.ErrTTY}
}

func (l *progressLine) update(p advise.Progress) {
	// On a terminal the line is redrawn at each percent of a stage; in a
	// log, a line at each tenth.
	at := p
	at.Done = p.Percent()
	if !l.tty {
		at.Done = at.Done / 10 * 10
	}
	if l.shown != "" && at == l.at {
		return
	}
	l.at = at
	l.shown = p.String()
	if l.tty {
		fmt.Fprintf(l.w, "\r\033[K%s", l.shown)
		return
	}
	fmt.Fprintln(l.w, l.shown)
}

// finish clears the line.
func (l *progressLine) finish() {
	if l.shown != "" && l.tty {
		fmt.Fprint(l.w, "\r\033[K")
	}
}

// lockOptions bound the wait for edition.yaml's lock by --lock-timeout, and
// say at once, on stderr, who holds it and how long the wait may be.
func lockOptions(opts *doctorOptions, file string) atomicfile.LockOptions {
	timeout := opts.LockTimeout
	if timeout == 0 {
		timeout = -1 // --lock-timeout 0: do not wait
	}
	return atomicfile.LockOptions{Timeout: timeout, Held: func(h atomicfile.Holder, wait time.Duration) {
		opts.Global.notef(opts.IO.ErrOut, "tendays: %s is locked by %s; waiting up to %s\n", filepath.ToSlash(file), h.String(), atomicfile.Seconds(wait))
	}}
}
