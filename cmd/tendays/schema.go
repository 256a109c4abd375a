package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/schema"
)

type schemaOptions struct {
	IO   *IOStreams
	Name string
}

func newSchemaCmd(io *IOStreams, _ *globalOptions) *cobra.Command {
	opts := &schemaOptions{IO: io}
	return &cobra.Command{
		Use:   "schema [pack|edition]",
		Short: "Print the JSON Schema of a pack or an edition",
		Long: `Print the JSON Schema (draft 2020-12) that tendays validates packs or edition
files against. Editors that understand JSON Schema can use it for completion.`,
		Example: `  tendays schema pack > pack.schema.json
  tendays schema edition`,
		Args:      cobra.MaximumNArgs(1),
		ValidArgs: schema.Names(),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Name = schema.Pack
			if len(args) == 1 {
				opts.Name = args[0]
			}
			return runSchema(opts)
		},
	}
}

func runSchema(opts *schemaOptions) error {
	src, err := schema.Source(opts.Name)
	if err != nil {
		return usageErrorf("unknown schema %q (want %s)", opts.Name, strings.Join(schema.Names(), " or "))
	}
	_, err = fmt.Fprint(opts.IO.Out, string(src))
	return err
}
