package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/internal/version"
	"github.com/tendays/tendays/mapdata"
)

// globalOptions are the flags every command shares.
type globalOptions struct {
	// MaxInput is --max-input; 0 leaves each kind of file its own default.
	MaxInput int64
	// In is standard input, which an input named "-" reads (see inputs.go).
	In    io.Reader
	stdin *stdinCache
}

// limit is the largest file of a kind tendays reads: --max-input when
// given, else the kind's default (mapdata.DefaultMaxInput and friends).
func (g *globalOptions) limit(kindDefault int64) int64 {
	if g.MaxInput > 0 {
		return g.MaxInput
	}
	return kindDefault
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
		Version:       version.Version,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.ErrOut)
	root.PersistentFlags().Int64Var(&g.MaxInput, "max-input", 0, fmt.Sprintf("refuse input files larger than this many `bytes` (default: %d MiB for borders and other geometry, %d MiB for packs, %d MiB for YAML)",
		mapdata.DefaultMaxInput>>20, mapdata.DefaultMaxDocument>>20, mapdata.DefaultMaxYAML>>20))
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if g.MaxInput < 0 {
			return &usageError{msg: fmt.Sprintf("--max-input must be a number of bytes, not %d", g.MaxInput), help: cmd.CommandPath()}
		}
		return checkFlags(cmd) // NaN, infinities, an explicit 0 that would mean "default"
	}
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &usageError{msg: err.Error(), help: cmd.CommandPath()}
	})
	root.CompletionOptions.HiddenDefaultCmd = true

	for _, add := range commands {
		root.AddCommand(add(io, g))
	}
	return root
}

// commands holds each command's constructor; every command file adds its
// own in an init function, so that adding a command touches one file.
var commands []func(*IOStreams, *globalOptions) *cobra.Command

func register(newCmd func(*IOStreams, *globalOptions) *cobra.Command) {
	commands = append(commands, newCmd)
}
