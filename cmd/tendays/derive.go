package main

import "github.com/spf13/cobra"

func init() { register(newDeriveCmd) }

// deriveCommands holds the constructors of derive's subcommands; each
// subcommand's file adds its own in an init function.
var deriveCommands []func(*IOStreams, *globalOptions) *cobra.Command

func newDeriveCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "derive",
		Short: "Derive facts from geometry (adjacency, ...)",
		Long: `Derive the facts a pack is built from, one at a time, so that each can be
inspected and diffed on its own.`,
		Example: `  tendays derive adjacency countries.geojson --id iso_a3
  tendays derive adjacency states-10m.json --object states --rule queen --format json`,
	}
	for _, add := range deriveCommands {
		cmd.AddCommand(add(io, g))
	}
	return cmd
}
