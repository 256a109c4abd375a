package main

import "github.com/spf13/cobra"

func newDeriveCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "derive",
		Short: "Derive facts from geometry (adjacency, ...)",
		Long: `Derive the facts a pack is built from, one at a time, so that each can be
inspected and diffed on its own.`,
		Example: `  tendays derive adjacency countries.geojson --id iso_a3
  tendays derive adjacency states-10m.json --object states --rule queen --format json`,
	}
	cmd.AddCommand(newDeriveAdjacencyCmd(io, g))
	return cmd
}
