package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/derive/starter"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

type initOptions struct {
	IO      *IOStreams
	Global  *globalOptions
	Request starter.Request // the folder, the borders and the selection
	Force   bool
}

func newInitCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &initOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "init FOLDER --borders FILE|world|admin1",
		Short: "Start a new edition from a borders file",
		Long: `Init writes FOLDER/edition.yaml from a borders file: the features selected
become regions, the features that touch them become omitted land (so their
borders are not taken for coast), each region gets a short unique id, the
colours are left to the balancer (neighbours differ, classes even) and the
deck is sized for the regions kept. A region that borders no other one (an
island) is marked air-only, with a comment on how to reach it by ferry
instead, when most regions border another. A region name longer than 200
characters or holding control characters is refused, as the schemas refuse
it.

Bundled borders (no download):
  --borders world    Natural Earth 1:50m countries: name, iso_a2, iso_a3,
                     continent, region, subregion
  --borders admin1   Natural Earth 1:10m states and provinces of every
                     country: name, label, country (ISO 3166-1 alpha-2),
                     country_name, iso_3166_2, postal, hasc, type, type_en

Ids: --id PROPERTY, else the code property (iso_3166_2 without its country
prefix, iso_a2, postal, hasc, iso_a3, ...) whose values never repeat among
the regions kept and are at most 6 characters, held by the most regions;
else ids from the names. The edition's comment says which was used.

The deck: about 44 region cards for four journeys (one card each from 44
regions up; below, each region's cards in proportion to its neighbours plus
one, air-only regions one), as few colours as keep neighbours apart with
about six regions each and none alone, two planes a colour, and cars to
fill a deck for four players.

Selection (every test given must hold; several --where on one property are
alternatives):
  --only NAME,...          these features
  --where PROPERTY=VALUE   the property has the value (case aside)
  --bbox W,S,E,N           most of the feature's area lies in the box
  --within FILE            most of the feature's area lies in the file's polygons

The borders are written into FOLDER (the selected and touching features, or
the whole file when nothing is selected), so the folder is self-contained.
Then: tendays build FOLDER, and tendays doctor FOLDER. Every key of
edition.yaml: docs/edition.md.`,
		Example: `  tendays init canada --borders admin1 --where country=CA
  tendays init south-america --borders world --where continent="South America"
  tendays init my-edition --borders countries.geojson --name name --id iso_a2
  tendays init benelux --borders world --only Belgium,Netherlands,Luxembourg --edition-name "10 Days in Benelux"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Request.Folder = args[0]
			if opts.Request.Borders == "" {
				return &usageError{msg: "--borders FILE is required (or --borders world, --borders admin1)", help: cmd.CommandPath()}
			}
			if opts.Request.Rules != "" {
				if _, err := starter.LookupPreset(opts.Request.Rules); err != nil {
					return &usageError{msg: err.Error(), help: cmd.CommandPath()}
				}
			}
			return runInit(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Request.Borders, "borders", "", "the borders `file` (.geojson or .topojson), or world (the bundled countries) or admin1 (the bundled states and provinces)")
	f.StringVar(&opts.Request.NameProperty, "name", "", "the feature `property` naming a region (default: name, NAME, ... when every feature has it)")
	f.StringVar(&opts.Request.IDProperty, "id", "", "the feature `property` holding short region ids (default: a code property whose values never repeat, else from the name)")
	f.StringVar(&opts.Request.Object, "object", "", "the TopoJSON `object` to read (default: the first)")
	f.StringSliceVar(&opts.Request.Only, "only", nil, "keep only these features (`NAME,...`)")
	f.StringArrayVar(&opts.Request.Where, "where", nil, "keep features whose `PROPERTY=VALUE` (repeatable)")
	f.StringVar(&opts.Request.BBox, "bbox", "", "keep features mostly inside the box `W,S,E,N` (degrees)")
	f.StringVar(&opts.Request.Within, "within", "", "keep features mostly inside the polygons of this GeoJSON `file`")
	f.StringVar(&opts.Request.EditionID, "edition-id", "", "the edition's `id` (default: from the folder's name)")
	f.StringVar(&opts.Request.EditionName, "edition-name", "", "the edition's `name` (default: 10 Days in <Folder>)")
	f.StringVar(&opts.Request.Rules, "rules", "", "start with a box's rules block: `deutschland` (10 Tage durch Deutschland's trains and buses, Berlin in no colour; its districts are not bundled)")
	f.BoolVar(&opts.Force, "force", false, "overwrite an existing edition.yaml")
	return cmd
}

func runInit(opts *initOptions) error {
	req := opts.Request
	req.MaxBytes = opts.Global.limit(mapdata.DefaultMaxInput)
	sel, err := req.Selection()
	if err != nil {
		return err
	}
	src, err := req.Read()
	if err != nil {
		return err
	}
	for _, f := range src.Findings {
		if opts.Global.shows(f.Severity) {
			fmt.Fprintln(opts.IO.ErrOut, f.String())
		}
	}
	if errorsFound(src.Findings) != nil {
		// A duplicate id would become a duplicate key of the edition's maps,
		// an edition that does not even read back.
		fmt.Fprintf(opts.IO.ErrOut, "%s: errors in the borders file: no edition written\n", req.Borders)
		return errNo
	}
	res, err := req.Choose(src, sel)
	if err != nil {
		return err
	}
	target := filepath.Join(req.Folder, pipeline.EditionFile)
	if _, err := os.Stat(target); err == nil && !opts.Force {
		return &usageError{msg: fmt.Sprintf("%s exists already (use --force to overwrite it)", target)}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	plan, err := req.Plan(src, sel, res)
	if err != nil {
		return err
	}
	if limit := opts.Global.limit(mapdata.DefaultMaxYAML); int64(len(plan.Edition)) > limit {
		return diag.Errorf(diag.Position{File: target}, "the edition would be %d bytes, more than the %d that build reads (--max-input): select fewer features", len(plan.Edition), limit)
	}
	if err := os.MkdirAll(req.Folder, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", req.Folder, err)
	}
	if err := atomicfile.WriteAll(
		atomicfile.File{Path: filepath.Join(req.Folder, plan.BordersFile), Perm: 0o644, Fill: atomicfile.Bytes(plan.Borders), Chosen: true},
		atomicfile.File{Path: target, Perm: 0o644, Fill: atomicfile.Bytes(plan.Edition), Chosen: true},
	); err != nil {
		return err
	}
	omitted := ""
	if len(plan.Spec.Omit) > 0 {
		omitted = fmt.Sprintf(", %d touching feature(s) kept as land", len(plan.Spec.Omit))
	}
	opts.Global.notef(opts.IO.ErrOut, "wrote %s (%d regions%s) and %s beside it; next: tendays build %s\n",
		filepath.ToSlash(target), len(plan.Spec.Regions), omitted, plan.BordersFile, filepath.ToSlash(req.Folder))
	return nil
}
