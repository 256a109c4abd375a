package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
	"github.com/spf13/cobra"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/starter"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

type initOptions struct {
	IO          *IOStreams
	Global      *globalOptions
	Folder      string
	Borders     string
	ID          string // property of the short ids
	Name        string // property naming a region (borders.id)
	Object      string
	Only        []string
	Where       []string
	BBox        string
	Within      string
	EditionID   string
	EditionName string
	Force       bool
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
			opts.Folder = args[0]
			if opts.Borders == "" {
				return &usageError{msg: "--borders FILE is required (or --borders world, --borders admin1)", help: cmd.CommandPath()}
			}
			return runInit(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Borders, "borders", "", "the borders `file` (.geojson or .topojson), or world (the bundled countries) or admin1 (the bundled states and provinces)")
	f.StringVar(&opts.Name, "name", "", "the feature `property` naming a region (default: name, NAME, ... when every feature has it)")
	f.StringVar(&opts.ID, "id", "", "the feature `property` holding short region ids (default: a code property whose values never repeat, else from the name)")
	f.StringVar(&opts.Object, "object", "", "the TopoJSON `object` to read (default: the first)")
	f.StringSliceVar(&opts.Only, "only", nil, "keep only these features (`NAME,...`)")
	f.StringArrayVar(&opts.Where, "where", nil, "keep features whose `PROPERTY=VALUE` (repeatable)")
	f.StringVar(&opts.BBox, "bbox", "", "keep features mostly inside the box `W,S,E,N` (degrees)")
	f.StringVar(&opts.Within, "within", "", "keep features mostly inside the polygons of this GeoJSON `file`")
	f.StringVar(&opts.EditionID, "edition-id", "", "the edition's `id` (default: from the folder's name)")
	f.StringVar(&opts.EditionName, "edition-name", "", "the edition's `name` (default: 10 Days in <Folder>)")
	f.BoolVar(&opts.Force, "force", false, "overwrite an existing edition.yaml")
	return cmd
}

func runInit(opts *initOptions) error {
	sel, err := initSelection(opts)
	if err != nil {
		return err
	}
	bundled, isBundled := editions.BundledBorders(opts.Borders)
	nameProp := opts.Name
	if nameProp == "" && isBundled {
		nameProp = "name"
	}
	var (
		layer    *borders.Layer
		findings []diag.Finding
		src      []byte
	)
	bopts := borders.Options{IDProperty: nameProp, Object: opts.Object, MaxBytes: opts.Global.limit(mapdata.DefaultMaxInput)}
	if isBundled {
		src = bundled.Data
		layer, findings, err = borders.Decode(bundled.Name, src, bopts)
	} else {
		if src, err = mapdata.ReadFile(opts.Borders, opts.Global.limit(mapdata.DefaultMaxInput)); err != nil {
			return err
		}
		if nameProp == "" {
			// Sniff a name-like property, then read again naming regions by it.
			if layer, _, err = borders.Decode(opts.Borders, src, bopts); err == nil {
				nameProp = starter.NameProperty(layer.Features)
				bopts.IDProperty = nameProp
			}
		}
		layer, findings, err = borders.Decode(opts.Borders, src, bopts)
	}
	if err != nil {
		return err
	}
	for _, f := range findings {
		if opts.Global.shows(f.Severity) {
			fmt.Fprintln(opts.IO.ErrOut, f.String())
		}
	}
	if errorsFound(findings) != nil {
		// A duplicate id would become a duplicate key of the edition's maps,
		// an edition that does not even read back.
		fmt.Fprintf(opts.IO.ErrOut, "%s: errors in the borders file: no edition written\n", opts.Borders)
		return errNo
	}
	res, err := starter.Select(layer.Features, sel)
	if err != nil {
		return &usageError{msg: err.Error()}
	}
	if len(res.Kept) < 2 {
		return diag.Errorf(diag.Position{File: opts.Borders}, "the selection keeps %d feature(s); an edition needs at least two", len(res.Kept))
	}
	// A region name the schemas refuse would make an edition that does not
	// build (or, 17 MB long, one that build refuses to read): refuse it
	// here, naming the feature.
	for _, i := range res.Kept {
		f := layer.Features[i]
		if err := starter.CheckName(f.ID); err != nil {
			return diag.Errorf(diag.Position{File: opts.Borders, Pointer: f.Pointer},
				"the region name \"%s\" cannot name a region: %v (schema/pack.schema.json $defs/name); name the regions by another property (--name PROPERTY) or leave this feature out (--only, --where, --bbox)",
				shortName(f.ID), err)
		}
	}
	target := filepath.Join(opts.Folder, pipeline.EditionFile)
	if _, err := os.Stat(target); err == nil && !opts.Force {
		return &usageError{msg: fmt.Sprintf("%s exists already (use --force to overwrite it)", target)}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	spec := starter.Spec{Folder: opts.Folder, Source: opts.Borders, NameProperty: nameProp, Object: opts.Object,
		Selection: describeSelection(opts)}
	if isBundled {
		spec.Source = bundled.Source
	}
	bordersName := filepath.Base(opts.Borders)
	if isBundled || !sel.Empty() {
		// The selected and touching features alone, as GeoJSON.
		bordersName, spec.Object = "borders.geojson", ""
		if src, err = starter.Subset(layer.Features, res); err != nil {
			return err
		}
	}
	spec.BordersFile = bordersName
	for _, i := range res.Kept {
		spec.Regions = append(spec.Regions, layer.Features[i].ID)
	}
	// Regions that border no other one are marked air-only, when most
	// regions border another (islands of a mainland); a selection of
	// islands alone is left for the designer to join.
	if 2*len(res.Isolated) <= len(res.Kept) {
		for _, i := range res.Isolated {
			spec.AirOnly = append(spec.AirOnly, layer.Features[i].ID)
		}
	}
	// A selection of islands is joined by a sea instead (named below,
	// once the edition has its name).
	for _, i := range res.Touching {
		spec.Omit = append(spec.Omit, layer.Features[i].ID)
	}
	spec.Borders = starter.BorderNames(layer.Features, res)
	ids := starter.ChooseIDs(layer.Features, res.Kept, opts.ID)
	spec.IDs, spec.IDSource, spec.IDProperty = ids.IDs, ids.Describe(), ids.Property
	// The bundled states and provinces carry the name as Natural Earth
	// gives it (label) beside the unique one: the board shows the label
	// where no other kept region has it.
	spec.Names = starter.Labels(layer.Features, res.Kept, "label")
	spec.ID = opts.EditionID
	if spec.ID == "" {
		spec.ID = starter.EditionID(filepath.Base(filepath.Clean(opts.Folder)))
	} else if starter.EditionID(spec.ID) != spec.ID {
		return &usageError{msg: fmt.Sprintf("--edition-id %q: an id is lower-case letters, digits and dashes (e.g. %s)", spec.ID, starter.EditionID(spec.ID))}
	}
	spec.Name = opts.EditionName
	if spec.Name == "" {
		// One country's states and provinces: "10 Days in Canada".
		if country := starter.Common(layer.Features, res.Kept, "country_name"); country != "" && isBundled {
			spec.Name = "10 Days in " + country
		} else {
			spec.Name = starter.Title(spec.ID)
		}
	} else if err := starter.CheckName(spec.Name); err != nil {
		// The name is shown to players and printed by every command: the
		// edition schema refuses what the pack schema refuses.
		return &usageError{msg: fmt.Sprintf("--edition-name \"%s\": %v", diag.OneLine(spec.Name), err)}
	}
	spec.Sea = starter.SeaFor(layer.Features, res, spec.Name)
	spec.Ferries = starter.IslandFerries(layer.Features, res)
	text := starter.Write(spec)
	if limit := opts.Global.limit(mapdata.DefaultMaxYAML); int64(len(text)) > limit {
		return diag.Errorf(diag.Position{File: target}, "the edition would be %d bytes, more than the %d that build reads (--max-input): select fewer features", len(text), limit)
	}
	if err := os.MkdirAll(opts.Folder, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", opts.Folder, err)
	}
	if err := atomicfile.WriteAll(
		atomicfile.File{Path: filepath.Join(opts.Folder, bordersName), Perm: 0o644, Fill: writeBytes(src), Chosen: true},
		atomicfile.File{Path: target, Perm: 0o644, Fill: writeBytes(text), Chosen: true},
	); err != nil {
		return err
	}
	omitted := ""
	if len(spec.Omit) > 0 {
		omitted = fmt.Sprintf(", %d touching feature(s) kept as land", len(spec.Omit))
	}
	opts.Global.notef(opts.IO.ErrOut, "wrote %s (%d regions%s) and %s beside it; next: tendays build %s\n",
		filepath.ToSlash(target), len(spec.Regions), omitted, bordersName, filepath.ToSlash(opts.Folder))
	return nil
}

// shortName is a name cut for a message: its first 40 characters, then how
// many more.
func shortName(s string) string {
	r := []rune(diag.OneLine(s))
	if len(r) <= 40 {
		return string(r)
	}
	return fmt.Sprintf("%s… (%d more characters)", string(r[:40]), len(r)-40)
}

// initSelection reads the selection flags.
func initSelection(opts *initOptions) (starter.Selection, error) {
	sel := starter.Selection{Only: opts.Only}
	for _, w := range opts.Where {
		c, err := starter.ParseCond(w)
		if err != nil {
			return sel, &usageError{msg: "--where " + err.Error()}
		}
		sel.Where = append(sel.Where, c)
	}
	if opts.BBox != "" {
		parts := strings.Split(opts.BBox, ",")
		var v [4]float64
		ok := len(parts) == 4
		for i := 0; ok && i < 4; i++ {
			x, err := strconv.ParseFloat(strings.TrimSpace(parts[i]), 64)
			ok = err == nil && x >= -180 && x <= 180 && (i%2 == 0 || (x >= -90 && x <= 90))
			v[i] = x
		}
		if !ok || v[0] >= v[2] || v[1] >= v[3] {
			return sel, &usageError{msg: fmt.Sprintf("--bbox %q: want W,S,E,N in degrees, west < east and south < north", opts.BBox)}
		}
		sel.BBox = &orb.Bound{Min: orb.Point{v[0], v[1]}, Max: orb.Point{v[2], v[3]}}
	}
	if opts.Within != "" {
		layer, _, err := borders.Read(opts.Within, borders.Options{MaxBytes: opts.Global.limit(mapdata.DefaultMaxInput), IDProperty: "$id"})
		if err != nil {
			return sel, err
		}
		for _, f := range layer.Features {
			sel.Areas = append(sel.Areas, f.Geometry)
		}
		if len(sel.Areas) == 0 {
			return sel, diag.Errorf(diag.Position{File: opts.Within}, "holds no polygon")
		}
	}
	return sel, nil
}

func describeSelection(opts *initOptions) string {
	var parts []string
	if len(opts.Only) > 0 {
		parts = append(parts, "--only "+strings.Join(opts.Only, ","))
	}
	for _, w := range opts.Where {
		parts = append(parts, "--where "+w)
	}
	if opts.BBox != "" {
		parts = append(parts, "--bbox "+opts.BBox)
	}
	if opts.Within != "" {
		parts = append(parts, "--within "+filepath.Base(opts.Within))
	}
	if len(parts) == 0 {
		return "every feature"
	}
	return "the features selected by " + strings.Join(parts, " ")
}
