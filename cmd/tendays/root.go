package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/version"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// globalOptions are the flags every command shares.
type globalOptions struct {
	// MaxInput is --max-input; 0 leaves each kind of file its own default.
	MaxInput int64
	// Quiet (--quiet, -q) prints only results and errors: no summary lines,
	// no warnings on stderr. Verbose (--verbose, -v) adds info findings.
	Quiet, Verbose bool
	// In is standard input, which an input named "-" reads.
	In io.Reader
}

// buildOptions are the pipeline's options the global flags set.
func (g *globalOptions) buildOptions() pipeline.Options {
	return pipeline.Options{MaxInput: g.MaxInput}
}

// load builds the edition, or reads the pack, a command names (a pack on
// standard input for "-"), through the pipeline.
func (g *globalOptions) load(ctx context.Context, path string) (*pipeline.Result, error) {
	return pipeline.Load(ctx, pipeline.Source{Path: path, Stdin: g.In}, g.buildOptions())
}

// limit is the largest file of a kind tendays reads: --max-input when
// given, else the kind's default (mapdata.DefaultMaxInput and friends).
func (g *globalOptions) limit(kindDefault int64) int64 {
	if g.MaxInput > 0 {
		return g.MaxInput
	}
	return kindDefault
}

// shows says whether a finding of a severity is printed on stderr: errors
// always, warnings unless --quiet, info only with --verbose.
func (g *globalOptions) shows(s diag.Severity) bool {
	switch {
	case s >= diag.Error:
		return true
	case s == diag.Warning:
		return !g.Quiet
	}
	return g.Verbose
}

// notef prints a summary or progress line on w, unless --quiet.
func (g *globalOptions) notef(w io.Writer, format string, args ...any) {
	if !g.Quiet {
		// Names and paths in a note come from input (a file name with an
		// escape sequence, a pack's name): the one text policy for the
		// terminal, diag.OneLine, on every string argument.
		for i, a := range args {
			if s, ok := a.(string); ok {
				args[i] = diag.OneLine(s)
			}
		}
		fmt.Fprintf(w, format, args...)
	}
}

func newRootCmd(io *IOStreams) *cobra.Command {
	g := &globalOptions{In: io.In}
	root := &cobra.Command{
		Use:   "tendays",
		Short: "Build, check, play and export the maps of \"10 Days in ...\" travel games",
		Long: `tendays turns borders (GeoJSON or TopoJSON) and an edition file into a map pack:
regions, every link with its reason, and the card deck. It lints packs, checks
journeys, plays test games and exports packs to other formats.

Exit codes: 0 success, 1 the answer is "no" (findings, an invalid journey),
2 bad usage or bad input.`,
		Example: `  tendays build usa
  tendays lint usa.pack.json --format sarif > lint.sarif
  tendays journey check usa OR car AZ plane:tan OH WV PA plane:light-blue GA FL
  tendays export usa.pack.json --format svg -o usa.svg
  tendays completion bash > /etc/bash_completion.d/tendays`,
		Version:       version.Version,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.ErrOut)
	pf := root.PersistentFlags()
	pf.Var((*byteSize)(&g.MaxInput), "max-input", fmt.Sprintf("refuse input files larger than this `size` in bytes, or with a unit: 1KiB, 256MiB, 1GiB (default: %d MiB for borders and other geometry, %d MiB for packs, %d MiB for YAML)",
		mapdata.DefaultMaxInput>>20, mapdata.DefaultMaxDocument>>20, mapdata.DefaultMaxYAML>>20))
	pf.BoolVarP(&g.Quiet, "quiet", "q", false, "print only results and errors: no summary lines, no warnings")
	pf.BoolVarP(&g.Verbose, "verbose", "v", false, "print info findings too (antimeridian cuts, repaired rings, ...)")
	// -v is --verbose everywhere; the version is --version alone.
	root.Flags().Bool("version", false, "print the version")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if g.Quiet && g.Verbose {
			return &usageError{msg: "--quiet and --verbose cannot be given together", cmd: cmd}
		}
		return checkFlags(cmd) // NaN, infinities, an explicit 0 that would mean "default"
	}
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &usageError{msg: err.Error(), cmd: cmd}
	})

	root.AddCommand(
		newBuildCmd(io, g),
		newDeriveCmd(io, g),
		newDoctorCmd(io, g),
		newExportCmd(io, g),
		newInitCmd(io, g),
		newJourneyCmd(io, g),
		newLintCmd(io, g),
		newPlayCmd(io, g),
		newRulesCmd(io, g),
		newSchemaCmd(io, g),
		newServeCmd(io, g),
		newSimulateCmd(io, g),
	)
	// cobra adds help and completion when it runs; add them now to give
	// them examples like every other command.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			c.Example = "  tendays help journey check"
		case "completion":
			c.Example = `  tendays completion bash > /etc/bash_completion.d/tendays
  tendays completion zsh > "${fpath[1]}/_tendays"
  tendays completion fish > ~/.config/fish/completions/tendays.fish`
			for _, sh := range c.Commands() {
				sh.Example = "  tendays completion " + sh.Name() + " --help"
			}
		}
	}
	groups(root)
	humaneArgs(root)
	return root
}

// groups makes every command that holds subcommands a group.
func groups(cmd *cobra.Command) {
	if !cmd.HasSubCommands() {
		return
	}
	makeGroup(cmd)
	for _, c := range cmd.Commands() {
		groups(c)
	}
}

// makeGroup makes a command that holds subcommands (the root, journey,
// derive) print its help when run alone, and refuse an unknown subcommand
// with the nearest names: "unknown command "chek" for "tendays journey"; did
// you mean check?".
func makeGroup(cmd *cobra.Command) {
	cmd.SuggestionsMinimumDistance = 2
	cmd.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "; did you mean " + strings.Join(s, " or ") + "?"
		} else {
			var names []string
			for _, c := range cmd.Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name())
				}
			}
			msg += " (commands: " + strings.Join(names, ", ") + ")"
		}
		return &usageError{msg: msg, cmd: cmd}
	}
	cmd.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
}

// humaneArgs wraps every command's argument check so that a wrong count
// reads as the command's own words, "missing PACK", with its usage line,
// instead of cobra's "accepts 1 arg(s), received 0".
func humaneArgs(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		humaneArgs(c)
	}
	check := cmd.Args
	if check == nil {
		return
	}
	cmd.Args = func(cmd *cobra.Command, args []string) error {
		err := check(cmd, args)
		if err == nil {
			return nil
		}
		if _, ok := err.(*usageError); ok {
			return err
		}
		return &usageError{msg: argsMessage(cmd.Use, args), cmd: cmd, usage: true}
	}
}

// argsMessage names what is missing or too much from the placeholders of a
// command's Use line: "build EDITION" with no argument is "missing
// EDITION"; with two, "unexpected argument "x"".
func argsMessage(use string, args []string) string {
	want, optional, variadic := placeholders(use)
	switch {
	case len(args) < len(want):
		return "missing " + strings.Join(want[len(args):], " ")
	case !variadic && len(args) > len(want)+optional:
		extra := args[len(want)+optional:]
		if len(extra) == 1 {
			return fmt.Sprintf("unexpected argument %q", extra[0])
		}
		return fmt.Sprintf("%d unexpected arguments, from %q", len(extra), extra[0])
	}
	return fmt.Sprintf("wrong number of arguments (%d)", len(args))
}

// placeholders reads the required positional arguments of a Use line (the
// first of its forms): upper-case words that are neither optional ([...])
// nor a flag's value. CARD... is variadic and needs at least one; optional
// counts the bracketed ones that are no flag ("[pack|edition]").
func placeholders(use string) (want []string, optional int, variadic bool) {
	form, _, _ := strings.Cut(use, " | ")
	words := strings.Fields(form)
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "["):
			if !strings.HasPrefix(w, "[-") {
				optional++
			}
			for !strings.HasSuffix(words[i], "]") && i+1 < len(words) {
				i++
			}
		case strings.HasPrefix(w, "-"):
			i++ // the flag's value
		case strings.ToUpper(w) == w:
			if strings.HasSuffix(w, "...") {
				variadic = true
			}
			want = append(want, w)
		}
	}
	return want, optional, variadic
}

// byteSize is --max-input: bytes, or a number with a unit (KiB, MiB, GiB,
// KB, MB, GB; B; case ignored).
type byteSize int64

var byteUnits = []struct {
	suffix string
	mult   float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30},
	{"b", 1},
}

func (b *byteSize) String() string {
	if *b == 0 {
		return "0"
	}
	return strconv.FormatInt(int64(*b), 10)
}

func (b *byteSize) Type() string { return "size" }

func (b *byteSize) Set(s string) error {
	text := strings.ToLower(strings.TrimSpace(s))
	mult := 1.0
	for _, u := range byteUnits {
		if strings.HasSuffix(text, u.suffix) {
			text, mult = strings.TrimSpace(strings.TrimSuffix(text, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(text, 64)
	if err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n) || n*mult > math.MaxInt64/2 {
		return fmt.Errorf("want a size such as 1048576, 1KiB or 256MiB, not %q", s)
	}
	*b = byteSize(math.Round(n * mult))
	return nil
}
