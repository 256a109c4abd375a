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
	// ListProperties prints the features' properties and writes nothing.
	ListProperties bool
}

func newInitCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &initOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "init FOLDER --borders FILE|FILES|DIR|ZIP|world|admin1 [FILE...]",
		Short: "Start a new edition from borders files",
		Long: `Init writes FOLDER/edition.yaml from a borders file: the features selected
become regions, the features that touch them become omitted land (so their
borders are not taken for coast), each region gets a short unique id, the
colours are left to the balancer (neighbours differ, classes even) and the
deck is sized for the regions kept. A region that borders no other one (an
island) is marked air-only, with a comment on how to reach it by ferry
instead, when most regions border another. Far regions that would leave most
of the main map empty (an island chain far out) get a box of their own
beside it (board.insets). A region name longer than 200 characters or
holding control characters is refused, as the schemas refuse it.

Borders: a file, several (--borders again, or after FOLDER: a shell's
glob), a folder, a quoted glob ('states/*.geojson') or a .zip, of GeoJSON,
TopoJSON, Shapefile (.shp with its .dbf, .prj and .cpg beside it; any code
page) or GeoPackage (--layer). Projected coordinates (UTM, Lambert, LAEA,
Albers, Mercator, with their datum) are reprojected to WGS 84 from the
.prj, the GeoPackage's system or a GeoJSON crs member; a system tendays
cannot reproject is refused with the ogr2ogr command that converts the
file. Features that share a name are pieces of one region and are joined
(--dissolve-by PROPERTY groups them by another property). Borders that
are not one GeoJSON or TopoJSON file in longitude/latitude are written
into FOLDER as one borders.geojson.

Names: --name PROPERTY, else the most name-like text property (name, NAME,
NAME_1, ST_NM, nom, NAME_LATN, shapeName, ...; the edition's comment says
which); --list-properties prints every property with examples and writes
nothing.

Bundled borders (no download):
  --borders world    Natural Earth 1:50m countries: name, iso_a2, iso_a3,
                     continent, region, subregion
  --borders admin1   Natural Earth 1:10m states and provinces of every
                     country: name, label, country (ISO 3166-1 alpha-2),
                     country_name, iso_3166_2, postal, hasc, type, type_en

Ids: --id PROPERTY, else the code property (iso_3166_2 without its country
prefix, iso_a2, postal, hasc, iso_a3, ...) whose values never repeat among
the regions kept, are at most 6 characters and are all ids the schema
takes, held by the most regions; else ids from the names. An id is never
another region's name nor a card's word (car, plane, ship, train and their
aliases): such a region gets one from its name. The edition's comment says
which was used.

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
  tendays init benelux --borders world --only Belgium,Netherlands,Luxembourg --edition-name "10 Days in Benelux"
  tendays init india --borders states/                   # a folder of one GeoJSON file a state
  tendays init austria --borders STATISTIK_AUSTRIA_BL.zip # a zipped Shapefile in a national projection
  tendays init x --borders regions.gpkg --list-properties`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Request.Folder = args[0]
			if len(args) > 1 && len(opts.Request.Borders) == 0 {
				return &usageError{msg: fmt.Sprintf("unexpected argument %q: borders files follow --borders", args[1]), help: cmd.CommandPath()}
			}
			// --borders states/*.geojson, glob expanded by the shell, gives
			// the first file to --borders and the rest after FOLDER.
			opts.Request.Borders = append(opts.Request.Borders, args[1:]...)
			if len(opts.Request.Borders) == 0 {
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
	f.StringArrayVar(&opts.Request.Borders, "borders", nil, "the borders: a `file` (.geojson, .topojson, .shp, .gpkg), a folder, a glob or a .zip (repeatable), or world (the bundled countries) or admin1 (the bundled states and provinces)")
	f.StringVar(&opts.Request.NameProperty, "name", "", "the feature `property` naming a region (default: the most name-like text property)")
	f.StringVar(&opts.Request.DissolveBy, "dissolve-by", "", "join the features sharing this `property`'s value into one region (default: those sharing a name)")
	f.StringVar(&opts.Request.Layer, "layer", "", "the GeoPackage `layer` to read (default: the first holding polygons)")
	f.BoolVar(&opts.ListProperties, "list-properties", false, "print the features' properties with examples, and write nothing")
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
	var noName *starter.NoNameError
	if errors.As(err, &noName) || (err == nil && opts.ListProperties) {
		features := 0
		if src.Layer != nil {
			features = len(src.Layer.Features)
		} else if len(src.Properties) > 0 {
			features = src.Properties[0].Total
		}
		list := starter.FormatProperties(req.Name(), features, src.Properties, src.NameProperty)
		if opts.ListProperties {
			fmt.Fprint(opts.IO.Out, list)
			return nil
		}
		fmt.Fprint(opts.IO.ErrOut, list)
	}
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
		fmt.Fprintf(opts.IO.ErrOut, "%s: errors in the borders file: no edition written\n", req.Name())
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
