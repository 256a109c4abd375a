package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/cliargs"
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
		Long: `tendays turns borders (GeoJSON, TopoJSON, Shapefile or GeoPackage) and an
edition file into a map pack: regions, every link with its reason, and the card
deck. It lints packs, checks journeys, plays test games, advises on balance,
serves a studio in the browser and exports packs to other formats.

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
	pf.Var((*cliargs.ByteSize)(&g.MaxInput), "max-input", fmt.Sprintf("refuse input files larger than this `size` in bytes, or with a unit: 1KiB, 256MiB, 1GiB (default: %d MiB for borders and other geometry, %d MiB for packs, %d MiB for YAML)",
		mapdata.DefaultMaxInput>>20, mapdata.DefaultMaxDocument>>20, mapdata.DefaultMaxYAML>>20))
	pf.BoolVarP(&g.Quiet, "quiet", "q", false, "print only results and errors: no summary lines, no warnings")
	pf.BoolVarP(&g.Verbose, "verbose", "v", false, "print info findings too (antimeridian cuts, repaired rings, ...)")
	// -v is --verbose everywhere; the version is --version alone.
	root.Flags().Bool("version", false, "print the version")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if g.Quiet && g.Verbose {
			return &usageError{msg: "--quiet and --verbose cannot be given together", cmd: cmd}
		}
		// NaN, infinities, an explicit 0 that would mean "default"
		if err := cliargs.CheckFlags(cmd.Flags()); err != nil {
			return &usageError{msg: err.Error(), help: cmd.CommandPath()}
		}
		return nil
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
		return &usageError{msg: cliargs.UnknownCommand(cmd, args[0]), cmd: cmd}
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
		return &usageError{msg: cliargs.WrongCount(cmd.Use, args), cmd: cmd, usage: true}
	}
}
