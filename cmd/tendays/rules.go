package main

import (
	"github.com/spf13/cobra"

	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

type rulesOptions struct {
	IO      *IOStreams
	Global  *globalOptions
	Edition string
	Format  string
}

func newRulesCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &rulesOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "rules EDITION",
		Short: "List an edition's rules: the box's, the reviews' and the toolkit's own",
		Long: `List the rules of an edition and where each comes from, as its SOURCES.md
states them ("## Rules" section): the box's (the publisher's rulebook, or its
sheet for a combined game), from published reviews, or the toolkit's own
decision where no source settles the rule, with the reason for it. So a player
can see which rules are the box's and which are ours.

An edition without SOURCES.md (a new one, as init makes it) lists the base
game's rules (those of the transports its deck holds, with the rulebooks'
sections) and every rule its edition.yaml sets as the edition's own, each at
its line.

EDITION is a bundled edition's name or an edition folder.`,
		Example: `  tendays rules americas
  tendays rules around-the-world --format json
  tendays rules ./my-edition`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Edition = args[0]
			if err := checkFormat(cmd, opts.Format); err != nil {
				return err
			}
			return runRules(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	return cmd
}

func runRules(opts *rulesOptions) error {
	r, err := pipeline.ReadRules(opts.Edition, opts.Global.buildOptions())
	if err != nil {
		return err
	}
	if opts.Format == "json" {
		return mapdata.EncodeJSON(opts.IO.Out, r)
	}
	return r.WriteText(opts.IO.Out)
}
