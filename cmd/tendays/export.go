package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/topojson"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/internal/textwidth"
	_ "github.com/tendays/tendays/jsengine/exports" // the formats that carry the engine: boardgameio, conformance, site
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

type exportOptions struct {
	IO     *IOStreams
	Global *globalOptions
	Pack   string
	Format string
	Output string
	Board  string // default: beside the pack
	// format is --format, looked up once.
	format *export.Format

	Winding      string // geojson: rfc7946 or d3
	Quantization int    // topojson

	Graph          bool
	Width          float64
	License        string
	PackageVersion string
	AssetURL       string
	CardWidth      int
	BoardWidth     int
	Paper          string
	Preset         string
	Lang           string
}

func newExportCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &exportOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "export PACK --format FORMAT [-o OUT]",
		Short: "Export a pack: tables, graphs, GIS layers, boards, print-and-play PDF, games for other engines",
		Long: `Export a map pack, and the board geometry build wrote beside it
(<id>.board.geojson), to another format. PACK is a pack file, - for a pack
on standard input (give --board for the formats that need one), an edition
folder or a bundled edition name (built in memory first). The pack records
the hash of its board, and a board beside it that is not its pair is refused.

` + formatsHelp() + `
` + formatsOutputHelp(),
		Example: `  tendays export usa.pack.json --format svg -o usa.svg
  tendays export usa.pack.json --format csv -o tables/
  tendays export usa --format topojson -o usa.topojson
  tendays export europe --format geojson --winding d3 -o europe.geojson
  tendays export asia --format gis -o asia-layers/
  tendays export europe.pack.json --format graphml > europe.graphml
  tendays export asia.pack.json --format datapackage -o asia-data
  tendays export usa --format boardgameio -o tendays-usa
  tendays export europe --format site -o europe-site
  tendays export usa.pack.json --format tts -o "Saved Objects/usa.json"
  tendays export usa --format pdf --paper letter -o usa.pdf
  tendays export europe --format cards -o europe.cards.csv
  tendays export usa --format card-images --preset 63x88 -o usa-cards/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pack = args[0]
			f, err := export.Lookup(opts.Format)
			if err != nil {
				return &usageError{msg: "--format: " + err.Error(), help: cmd.CommandPath()}
			}
			opts.format = f
			if cmd.Flags().Changed("winding") && f.Name != export.GeoJSON {
				return &usageError{msg: "--winding applies to --format geojson (topojson is always wound for d3)", help: cmd.CommandPath()}
			}
			if cmd.Flags().Changed("quantization") && f.Name != export.TopoJSON {
				return &usageError{msg: "--quantization applies to --format topojson", help: cmd.CommandPath()}
			}
			return runExport(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Format, "format", "", "output format: "+strings.Join(export.Names(), ", "))
	f.StringVarP(&opts.Output, "output", "o", "", "write to this `path` (see above)")
	f.StringVar(&opts.Board, "board", "", "the board geometry `file` (default: <pack>.board.geojson beside the pack)")
	f.StringVar(&opts.Winding, "winding", "rfc7946", "geojson: polygon winding, `rfc7946` (outer rings counter-clockwise) or d3 (clockwise, for d3-geo)")
	f.IntVar(&opts.Quantization, "quantization", topojson.DefaultQuantization, "topojson: grid `steps` along each axis (2 to 2^30)")
	f.BoolVar(&opts.Graph, "graph", false, "svg: overlay the link graph on the board (a route-network board: each route's length)")
	f.Float64Var(&opts.Width, "width", 1600, "svg: page width in `pixels`")
	f.StringVar(&opts.License, "license", export.DefaultLicense, "datapackage: the data's licence (SPDX or Open Definition `id`)")
	f.StringVar(&opts.PackageVersion, "package-version", "1.0.0", "datapackage: the package's `version`")
	f.StringVar(&opts.AssetURL, "image-url", "", "tts: the `BASE` URL the images are hosted under (default: their bare names, which Tabletop Simulator finds in its Mods/Images folder)")
	f.StringVar(&opts.AssetURL, "asset-url", "", "tts: the same as --image-url")
	f.IntVar(&opts.CardWidth, "card-width", 400, "tts: card face width in `pixels`")
	f.IntVar(&opts.BoardWidth, "board-width", 3200, "tts: board image width in `pixels`")
	f.StringVar(&opts.Paper, "paper", "a4", "pdf: the `paper`, a4, letter or card (one card a page)")
	f.StringVar(&opts.Preset, "preset", "poker", "card-images: the print `size`, poker or 63x88")
	f.StringVar(&opts.Lang, "lang", "", "region names in this `language` (de, ja, pt-BR...) where the edition has them (regions.translations); a warning for each region without")
	_ = cmd.MarkFlagRequired("format")
	return cmd
}

func runExport(ctx context.Context, opts *exportOptions) error {
	f := opts.format
	if f == nil {
		var err error
		if f, err = export.Lookup(opts.Format); err != nil {
			return usageErrorf("--format: %s", err)
		}
	}
	if opts.Output == "" && !f.OneFile {
		return usageErrorf("--format %s writes several files: give -o (%s)", f.Name, f.Output)
	}
	eo, err := opts.exportOptions()
	if err != nil {
		return err
	}
	if opts.Output == "-" && !f.OneFile {
		return usageErrorf("--format %s writes several files, so not to standard output: give -o (%s)", f.Name, f.Output)
	}
	bo := opts.Global.buildOptions()
	bo.Board = opts.Board
	res, err := pipeline.Load(ctx, pipeline.Source{Path: opts.Pack, Stdin: opts.Global.In}, bo)
	if err != nil {
		return err
	}
	in, err := exportInput(opts, f, res)
	if err != nil {
		return err
	}
	if p, ok := in.Pack.(*mapdata.Pack); ok && opts.Lang != "" {
		// Names in a language are a regions pack's (regions.translations).
		var fallbacks []diag.Finding
		in.Pack, fallbacks = p.InLanguage(opts.Lang)
		printLangFallbacks(opts.IO, opts.Global, in.PackFile, fallbacks)
	}
	paths, err := export.Output(opts.IO.Out, in, f, opts.Output, res.Inputs, eo)
	return wroteExport(opts, paths, err)
}

// printLangFallbacks prints the regions --lang found no name for, each a
// warning at the file they came from.
func printLangFallbacks(io *IOStreams, g *globalOptions, file string, fallbacks []diag.Finding) {
	for _, f := range fallbacks {
		f.Position.File = file
		if g.shows(f.Severity) {
			fmt.Fprintln(io.ErrOut, f.String())
		}
	}
}

// exportInput is what the export of res reads: the pack as written (an
// edition built in memory is refused when lint finds errors in it, as
// build would refuse it), and the board when the format reads it.
func exportInput(opts *exportOptions, f *export.Format, res *pipeline.Result) (export.Input, error) {
	if !res.FromPack {
		if errs := res.Errors(); len(errs) > 0 || !res.Derived() {
			return export.Input{}, refuseUnfit(opts.IO, res.Name, "edition", opts.Pack, errs)
		}
	}
	if res.Pack == nil { // a pack file that does not decode: say why
		_, err := mapdata.DecodePack(res.Name, res.PackJSON)
		if err == nil {
			err = diag.Errorf(diag.Position{File: res.Name}, "not a pack export can read (tendays lint %s)", opts.Pack)
		}
		return export.Input{}, err
	}
	e, err := f.For(res.Kind)
	if err != nil {
		return export.Input{}, err
	}
	in := export.Input{Pack: res.Pack, PackFile: res.Name, PackJSON: res.PackJSON, Land: res.Land}
	if !res.FromPack {
		files, err := res.Encode(true)
		if err != nil {
			return in, err
		}
		in.PackFile, in.PackJSON = mapdata.PackFileName(res.ID()), files.Pack
	}
	if res.HasBoard() && (e.Board != export.NoBoard || !res.FromPack) {
		if err := readExportBoard(opts, f, e, res, &in); err != nil {
			return in, err
		}
	}
	return in, nil
}

// readExportBoard reads the board of res into in: a format that needs it
// and finds none is bad usage; one that only uses it goes on without.
func readExportBoard(opts *exportOptions, f *export.Format, e export.Export, res *pipeline.Result, in *export.Input) error {
	b, err := res.BoardLayers()
	switch {
	case err == nil:
		in.Board = b
		if res.FromPack {
			// Read again with its board when a build was replacing the
			// pair.
			in.Pack, in.PackJSON = res.Pack, res.PackJSON
		}
		if res.BoardMismatch() {
			fmt.Fprintf(opts.IO.ErrOut, "tendays: warning: %s is not the board %s was built with (its hash differs)\n", opts.Board, in.PackFile)
		}
	case errors.Is(err, fs.ErrNotExist) && e.Board == export.NeedsBoard:
		if opts.Pack == "-" && opts.Board == "" {
			return usageErrorf("--format %s needs the board geometry: a pack on standard input has none beside it; give one with --board FILE", f.Name)
		}
		return usageErrorf("--format %s needs the board geometry, and there is none at %s: `tendays build` writes it beside the pack; give another path with --board FILE", f.Name, boardPathOf(opts))
	case errors.Is(err, fs.ErrNotExist) && e.Without != "":
		fmt.Fprintf(opts.IO.ErrOut, "tendays: no board geometry at %s: %s (give one with --board FILE)\n", cmp.Or(boardPathOf(opts), "(standard input)"), e.Without)
	case errors.Is(err, fs.ErrNotExist):
		// nothing lost: a DOT graph is laid out by its links
	default:
		return err
	}
	return nil
}

// formatsHelp is the help's list of the formats: each one's name and doc,
// wrapped, with whether it needs the board and whether a route network
// exports to it.
func formatsHelp() string {
	var b strings.Builder
	width := func(s string) float64 { return float64(textwidth.Width(s)) }
	for _, f := range export.Formats() {
		var notes []string
		network := slices.Contains(f.Serves(), mapdata.KindNetwork)
		if e, ok := f.Kinds[mapdata.KindRegions]; ok && e.Board == export.NeedsBoard {
			if network {
				notes = append(notes, "a 10 Days pack: needs the board")
			} else {
				notes = append(notes, "needs the board")
			}
		}
		if !network {
			notes = append(notes, "not for a route network")
		}
		doc := f.Doc
		if len(notes) > 0 {
			doc += " (" + strings.Join(notes, "; ") + ")"
		}
		for i, line := range scene.Wrap(doc, 80-15, width) {
			name := ""
			if i == 0 {
				name = f.Name
			}
			fmt.Fprintf(&b, "  %s%s\n", textwidth.PadRight(name, 13), line)
		}
	}
	return b.String()
}

// formatsOutputHelp says where exports go: the single-file formats to
// standard output unless -o is given, the others where -o says.
func formatsOutputHelp() string {
	var one []string
	for _, f := range export.Formats() {
		if f.OneFile {
			one = append(one, f.Name)
		}
	}
	text := strings.Join(one[:len(one)-1], ", ") + " and " + one[len(one)-1] +
		" go to standard output unless -o is given (-o - is standard output too; -o DIR/ creates DIR and writes <id><ext> in it);" +
		" the others write several files and need -o. An output that is an input of the run is refused;" +
		" a device or FIFO (-o /dev/null) is written through; a symbolic link is followed and its target replaced." +
		" Nothing is left half-written: files appear whole, and a set of files only once all are done."
	return strings.Join(scene.Wrap(text, 78, func(s string) float64 { return float64(textwidth.Width(s)) }), "\n")
}

// boardPathOf is where export looks for the board of a pack.
func boardPathOf(opts *exportOptions) string {
	if opts.Board != "" || opts.Pack == "-" {
		return opts.Board
	}
	return mapdata.BoardPathFor(opts.Pack)
}

// wroteExport says which files an export wrote, or why it wrote none: a
// problem with -o is a usage error.
func wroteExport(opts *exportOptions, paths []string, err error) error {
	if errors.Is(err, export.ErrOutput) {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), export.ErrOutput.Error()+": "))
	}
	if err != nil {
		return err
	}
	for _, p := range paths {
		opts.Global.notef(opts.IO.ErrOut, "wrote %s\n", p)
	}
	return nil
}

// exportOptions are the flags as export.Options, checked.
func (opts *exportOptions) exportOptions() (export.Options, error) {
	winding, err := geo.WindingNamed(opts.Winding)
	if err != nil {
		return export.Options{}, usageErrorf("--winding %q: want rfc7946 or d3", opts.Winding)
	}
	base := opts.AssetURL
	if base != "" && !strings.HasSuffix(base, "/") {
		base += "/" // a folder of images: each image's URL is BASE/name
	}
	eo := export.Options{Graph: opts.Graph, Width: opts.Width, License: opts.License, PackageVersion: opts.PackageVersion,
		AssetURL: base, CardWidth: opts.CardWidth, BoardWidth: opts.BoardWidth, Paper: opts.Paper, CardPreset: opts.Preset, Winding: winding, Quantization: opts.Quantization}
	if err := eo.Check(); err != nil {
		return eo, usageErrorf("%s", err)
	}
	return eo, nil
}
