package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/export/topojson"
	"github.com/tendays/tendays/geo"
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
		Short: "Export a pack as tables, graphs, GeoJSON, an SVG board, a data package or a Tabletop Simulator save",
		Long: `Export a map pack, and the board geometry build wrote beside it
(<id>.board.geojson), to another format. PACK is a pack file, - for a pack
on standard input (give --board for the formats that need one), an edition
folder or a bundled edition name (built in memory first). The pack records
the hash of its board, and a board beside it that is not its pair is refused.

  csv          regions and links tables (-o FOLDER, -o BASE for BASE.regions.csv
               and BASE.links.csv, or -o FILE.zip for one archive); a cell
               starting with = + - @ tab or CR gets a ' in front, so that a
               spreadsheet shows it as text instead of running a formula
  dot          Graphviz (layout=neato: plain "dot -Tsvg" draws it): regions in
               their colours, pinned where the board has them when it is there;
               borders solid, bridges bold, ferries dashed, car links dotted
  graphml      GraphML with typed attributes (Gephi, yEd, networkx)
  json-graph   node-link JSON for networkx's node_link_graph; the links are in
               both "links" (what networkx 2.x to 3.5 read by default) and
               "edges" (3.6 and later), so every version reads it with its
               defaults
  geojson      the board geometry with each region's facts    (needs the board);
               --winding d3 winds polygons as d3-geo expects (outer rings
               clockwise) instead of as RFC 7946 asks (counter-clockwise)
  topojson     the same as one TopoJSON topology: objects regions, land, seas
               and rails, borders shared as arcs, positions quantized
               (--quantization), polygons wound as d3 expects  (needs the board)
  gis          GIS-ready layers: a folder of GeoJSON files, one a layer and one
               geometry type each (<id>.regions.geojson, .land, .seas, .rails;
               a network: .stations, .routes), lists joined with ";", which
               ogr2ogr turns into Shapefiles or GeoPackage layers as they are
  svg          the board as a picture; --graph overlays the links (needs the board)
  datapackage  a Frictionless Data Package folder: the pack, the tables, the
               GeoJSON, and datapackage.json with sizes and SHA-256 hashes
  tts          a Tabletop Simulator saved object with card sheets and the board
               as PNG images beside it, named by their bare names (copy them
               into Tabletop Simulator's Mods/Images folder), or under
               --image-url BASE where you host them            (needs the board)
  pdf          print and play (--paper a4|letter): a summary page, the cards
               at 63 x 88 mm with a 3 mm bleed and crop marks, a backs page
               after each fronts page for long-edge duplex, and the board
               tiled over pages at a stated scale with overlap and marks;
               --paper card: one card a page with its bleed, each back before
               its face (a print service's order); TrimBox and BleedBox set
  card-images  for print services (-o FOLDER): one PNG a card face and one for
               the back, with bleed, at --preset poker (2.5 x 3.5 in + 1/8 in,
               300 dpi: 825 x 1125 px) or 63x88 (63 x 88 mm + 3 mm: 815 x 1110),
               and manifest.csv: each image's copies to print
  cards        CSV, one row per physical card in deck order (id, name, kind,
               colour and its hex and symbol, copy), for nanDECK, Squib or
               Component.Studio
  boardgameio  an npm package folder (-o DIR): require(DIR) or import gives
               { game, engine, bots }, a boardgame.io Game for the pack, the
               engine (journeys, the deal, legal moves, the win) compiled to
               WebAssembly, and its bots; the engine is built with the Go
               toolchain (go on PATH) from this tendays's own source
  conformance  JSON lines, one case a line: journeys ("cards", "days",
               "valid", "reason") and positions ("kind": "legal-moves") with
               the engine's answers, for another implementation to test itself
  site         the studio as static files (-o DIR): DIR/index.html shows the
               board, checks journeys and plays against bots with no server,
               from any web host or opened from disk      (needs the board)

dot, graphml, json-graph, geojson, topojson, svg, pdf, cards and conformance go to standard output unless -o is
given (-o - is standard output too; -o DIR/ creates DIR and writes <id><ext>
in it); the others write several files and need -o. An output that is an
input of the run is refused; a device or FIFO (-o /dev/null) is written
through; a symbolic link is followed and its target replaced. Nothing is left
half-written: files appear whole, and a set of files only once all are done.`,
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
			if err := export.CheckFormat(opts.Format); err != nil {
				return &usageError{msg: "--format: " + err.Error(), help: cmd.CommandPath()}
			}
			if cmd.Flags().Changed("winding") && opts.Format != export.GeoJSON {
				return &usageError{msg: "--winding applies to --format geojson (topojson is always wound for d3)", help: cmd.CommandPath()}
			}
			if cmd.Flags().Changed("quantization") && opts.Format != export.TopoJSON {
				return &usageError{msg: "--quantization applies to --format topojson", help: cmd.CommandPath()}
			}
			return runExport(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Format, "format", "", "output format: "+strings.Join(export.Formats(), ", "))
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
	if err := export.CheckFormat(opts.Format); err != nil {
		return usageErrorf("--format: %s", err)
	}
	if opts.Output == "" && !export.OneFile(opts.Format) {
		return usageErrorf("--format %s writes several files: give -o (%s)", opts.Format, export.OutputHint(opts.Format))
	}
	eo, err := opts.exportOptions()
	if err != nil {
		return err
	}
	if opts.Output == "-" && !export.OneFile(opts.Format) {
		return usageErrorf("--format %s writes several files, so not to standard output: give -o (%s)", opts.Format, export.OutputHint(opts.Format))
	}
	bo := opts.Global.buildOptions()
	bo.Board = opts.Board
	res, err := pipeline.Load(ctx, pipeline.Source{Path: opts.Pack, Stdin: opts.Global.In}, bo)
	if err != nil {
		return err
	}
	inputs := res.Inputs
	if !res.FromPack {
		// An edition is built in memory, as build would, and refused when
		// lint finds errors in it.
		if errs := res.Errors(); len(errs) > 0 || !res.Derived() {
			return refuseUnfit(opts.IO, res.Name, "edition", opts.Pack, errs)
		}
	}
	if res.Network != nil {
		return runExportNetwork(opts, eo, res.Network, inputs)
	}
	if res.Pack == nil { // a pack file that does not decode: say why
		_, err := mapdata.DecodePack(res.Name, res.PackJSON)
		if err == nil {
			err = diag.Errorf(diag.Position{File: res.Name}, "not a pack export can read (tendays lint %s)", opts.Pack)
		}
		return err
	}
	in := export.Input{Pack: res.Pack, PackFile: res.Name, PackJSON: res.PackJSON}
	if !res.FromPack {
		files, err := res.Encode(true)
		if err != nil {
			return err
		}
		in.PackFile, in.PackJSON = mapdata.PackFileName(res.Pack.Edition.ID), files.Pack
	}
	if export.NeedsBoard(opts.Format) || export.UsesBoard(opts.Format) || !res.FromPack {
		b, err := res.BoardLayers()
		switch {
		case err == nil:
			in.Board = b
			if res.FromPack {
				// Read again with its board when a build was replacing
				// the pair.
				in.Pack, in.PackJSON = res.Pack, res.PackJSON
			}
			if res.BoardMismatch() {
				fmt.Fprintf(opts.IO.ErrOut, "tendays: warning: %s is not the board %s was built with (its hash differs)\n", opts.Board, in.PackFile)
			}
		case errors.Is(err, fs.ErrNotExist) && export.NeedsBoard(opts.Format):
			if opts.Pack == "-" && opts.Board == "" {
				return usageErrorf("--format %s needs the board geometry: a pack on standard input has none beside it; give one with --board FILE", opts.Format)
			}
			return usageErrorf("--format %s needs the board geometry, and there is none at %s: `tendays build` writes it beside the pack; give another path with --board FILE", opts.Format, boardPathOf(opts))
		case errors.Is(err, fs.ErrNotExist) && (opts.Format == export.DOT || !export.UsesBoard(opts.Format)):
			// no board: neato lays the graph out by its links
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(opts.IO.ErrOut, "tendays: no board geometry at %s: the data package has no GeoJSON (give one with --board FILE)\n", cmp.Or(boardPathOf(opts), "(standard input)"))
		default:
			return err
		}
	}
	if opts.Lang != "" {
		var fallbacks []diag.Finding
		in.Pack, fallbacks = in.Pack.InLanguage(opts.Lang)
		printLangFallbacks(opts.IO, opts.Global, in.PackFile, fallbacks)
	}
	paths, err := export.Output(opts.IO.Out, in, opts.Format, opts.Output, inputs, eo)
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
