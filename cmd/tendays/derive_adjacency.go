package main

import (
	"fmt"
	"math"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/derive/adjacency"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/borders/load"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/mapdata"
)

type deriveAdjacencyOptions struct {
	IO         *IOStreams
	Global     *globalOptions
	Borders    []string // a file, several, a folder, a glob or a zip (derive/borders/load)
	Layer      string   // the GeoPackage layer
	Rule       string
	ToleranceM float64
	MinBorderM float64
	ID         string
	Object     string
	Format     string
}

func newDeriveAdjacencyCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &deriveAdjacencyOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "adjacency BORDERS [BORDERS...]",
		Short: "List the regions of a borders file that touch",
		Long: `List which features of borders are neighbours, with the length of the border
they share. The borders are read as init --borders and an edition's borders:
read them: a file, several (a shell's glob), a folder, a quoted glob
('states/*.geojson') or a .zip, of GeoJSON, TopoJSON, Shapefile (.shp with
its .dbf, .prj and .cpg beside it) or GeoPackage (--layer), in
longitude/latitude or a projection tendays reprojects to WGS 84. Features are
taken as they are: pieces that share a name stay apart (their ids made
distinct), as init would join them.

rook: a shared border of positive length (a single shared point, as at the Four
Corners, is not enough); queen: any shared point. --tolerance counts boundaries
digitized separately that run within that many metres of each other as shared,
and --min-border drops rook pairs that share that many metres or less.

Output: CSV (a,b,length_km, one pair a line, a < b, sorted) or a JSON array.
Problems in the file (unclosed rings, duplicate ids, ...) are printed on stderr
as file:line:col: severity rule: message. Exit codes: 0 done, 1 the pairs were
written but the file has errors (a duplicate id, a position that is not a
number), so they are not to be trusted, 2 a file that cannot be read at all.`,
		Example: `  tendays derive adjacency states-10m.json --object states
  tendays derive adjacency countries.geojson --id name --rule queen --format json
  tendays derive adjacency digitized.geojson --tolerance 50 --min-border 1000
  tendays derive adjacency states/                  # a folder of one GeoJSON file a state
  tendays derive adjacency STATISTIK_AUSTRIA_BL.zip # a zipped Shapefile in a national projection`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Borders = args
			bad := func(format string, a ...any) error {
				return &usageError{msg: fmt.Sprintf(format, a...), help: cmd.CommandPath()}
			}
			switch {
			case opts.Rule != string(adjacency.Rook) && opts.Rule != string(adjacency.Queen):
				return bad("unknown --rule %q (want rook or queen)", opts.Rule)
			case opts.Format != "csv" && opts.Format != "json":
				return bad("unknown --format %q (want csv or json)", opts.Format)
			case !(opts.ToleranceM >= 0) || math.IsInf(opts.ToleranceM, 0):
				return bad("--tolerance must be a number of metres, 0 or more")
			case !(opts.MinBorderM >= 0) || math.IsInf(opts.MinBorderM, 0):
				return bad("--min-border must be a number of metres, 0 or more")
			}
			return runDeriveAdjacency(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Rule, "rule", "rook", "rook (a shared border) or queen (any shared point)")
	f.Float64Var(&opts.ToleranceM, "tolerance", 0, "boundaries within this many `metres` of each other count as shared")
	f.Float64Var(&opts.MinBorderM, "min-border", 0, "under rook, ignore borders of this many `metres` or less")
	f.StringVar(&opts.ID, "id", "", "the feature `property` naming a region (default: the feature id, else \"name\")")
	f.StringVar(&opts.Object, "object", "", "the TopoJSON `object` to read (default: the first)")
	f.StringVar(&opts.Layer, "layer", "", "the GeoPackage `layer` to read (default: the first holding polygons)")
	f.StringVar(&opts.Format, "format", "csv", "csv or json")
	return cmd
}

func runDeriveAdjacency(opts *deriveAdjacencyOptions) error {
	// The one borders reader of init and build (derive/borders/load).
	_, read, err := load.Load(load.OS{}, opts.Borders, opts.Global.limit(mapdata.DefaultMaxInput),
		load.Options{Layer: opts.Layer, Options: borders.Options{IDProperty: opts.ID, Object: opts.Object}})
	if err != nil {
		var findings []diag.Finding
		if read != nil {
			findings = read.Findings
		}
		for _, f := range findings {
			if opts.Global.shows(f.Severity) {
				fmt.Fprintln(opts.IO.ErrOut, f.String())
			}
		}
		return err
	}
	layer := read.Layer
	if err := layer.CheckIDProperty(opts.ID); err != nil {
		return err
	}
	findings := layer.Disambiguate(read.Findings)
	last := ""
	for _, f := range findings {
		// Parts of one geometry report at one place: say it once.
		if line := f.String(); line != last && opts.Global.shows(f.Severity) {
			fmt.Fprintln(opts.IO.ErrOut, line)
			last = line
		}
	}
	if borders.Projected(findings) {
		// Lengths and contacts computed from metres read as degrees mean
		// nothing: print none rather than pairs a script might trust.
		return errNo
	}
	res := adjacency.Compute(borders.Geometries(layer.Features), adjacency.Options{
		Rule: adjacency.Rule(opts.Rule), ToleranceM: opts.ToleranceM, MinBorderM: opts.MinBorderM,
	})
	problems := res.Problems(func(i int) string { return layer.Features[i].ID },
		func(i int) diag.Position { return diag.Position{File: layer.File, Pointer: layer.Features[i].Pointer} },
		diag.Position{File: layer.File})
	for _, f := range problems {
		fmt.Fprintln(opts.IO.ErrOut, f.String())
	}
	if err := export.WriteAdjacency(opts.IO.Out, opts.Format, res.Rows(layer.IDs())); err != nil {
		return err
	}
	return errorsFound(append(findings, problems...))
}

// errorsFound is errNo when a finding is an error: the output was written,
// but a script must not take it for a clean result.
func errorsFound(findings []diag.Finding) error {
	for _, f := range findings {
		if f.Severity >= diag.Error {
			return errNo
		}
	}
	return nil
}
