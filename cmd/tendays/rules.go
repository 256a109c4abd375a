package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/safeio"
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

EDITION is a bundled edition's name or an edition folder holding SOURCES.md.`,
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

// rulesReport is what rules prints with --format json.
type rulesReport struct {
	Edition string              `json:"edition"`
	Name    string              `json:"name"`
	File    string              `json:"file"`
	Counts  map[string]int      `json:"counts"`
	Rules   []mapdata.RuleEntry `json:"rules"`
}

func runRules(opts *rulesOptions) error {
	src, err := pipeline.OpenEdition(opts.Edition, opts.Global.buildOptions())
	if err != nil {
		return err
	}
	defer src.Close()
	doc, err := mapdata.ParseYAML(path.Join(src.Dir, pipeline.EditionFile), src.Text)
	if err != nil {
		return err
	}
	r := rulesReport{Edition: path.Base(src.Dir), Name: path.Base(src.Dir)}
	if m, ok := doc.Value.(map[string]any); ok {
		if id, ok := m["id"].(string); ok && id != "" {
			r.Edition = id
		}
		if name, ok := m["name"].(string); ok && name != "" {
			r.Name = name
		}
	}
	r.File = path.Join(src.Dir, mapdata.SourcesFile)
	text, err := safeio.FolderFS(src.FS).ReadFile(mapdata.SourcesFile, opts.Global.limit(mapdata.DefaultMaxYAML))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return diag.Errorf(diag.Position{File: r.File}, "no %s in %s: the rules and their sources are listed there", mapdata.SourcesFile, src.Dir)
		}
		return diag.Errorf(diag.Position{File: r.File}, "%w", err)
	}
	if r.Rules, err = mapdata.ParseRuleSheet(r.File, text); err != nil {
		return err
	}
	r.Counts = mapdata.OriginCounts(r.Rules)
	if opts.Format == "json" {
		return mapdata.EncodeJSON(opts.IO.Out, r)
	}
	writeRules(opts.IO.Out, r)
	return nil
}

var ruleHeadings = map[string]string{
	mapdata.FromBox:     "The box's rules (the publisher's rulebook or sheet):",
	mapdata.FromReview:  "From reviews of the box:",
	mapdata.FromToolkit: "The toolkit's own (no source settles them; each with its reason):",
}

func writeRules(w io.Writer, r rulesReport) {
	c := r.Counts
	fmt.Fprintf(w, "%s: %d rules: %d the box's, %d from reviews, %d the toolkit's (%s)\n", r.Name,
		len(r.Rules), c[mapdata.FromBox], c[mapdata.FromReview], c[mapdata.FromToolkit], r.File)
	for _, status := range mapdata.Origins {
		if c[status] == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s\n", ruleHeadings[status])
		label := "source"
		if status == mapdata.FromToolkit {
			label = "why"
		}
		for _, e := range r.Rules {
			if e.Status == status {
				fmt.Fprintf(w, "  - %s\n      %s: %s\n", plain(e.Rule), label, plain(e.Source))
			}
		}
	}
}

// plain is a table cell as text: Markdown code marks dropped.
func plain(s string) string { return strings.ReplaceAll(s, "`", "") }
