package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

type exportOptions struct {
	IO     *IOStreams
	Global *globalOptions
	Pack   string
	Format string
	Output string
	Board  string // default: beside the pack

	Graph          bool
	Width          float64
	License        string
	PackageVersion string
	AssetURL       string
	CardWidth      int
	BoardWidth     int
}

func init() { register(newExportCmd) }

func newExportCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &exportOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "export PACK --format FORMAT [-o OUT]",
		Short: "Export a pack as tables, graphs, GeoJSON, an SVG board, a data package or a Tabletop Simulator save",
		Long: `Export a map pack, and the board geometry build wrote beside it
(<id>.board.geojson), to another format:

  csv          regions and links tables (-o FOLDER, -o BASE for BASE.regions.csv
               and BASE.links.csv, or -o FILE.zip for one archive); a cell
               starting with = + - @ tab or CR gets a ' in front, so that a
               spreadsheet shows it as text instead of running a formula
  dot          Graphviz: regions in their colours; borders solid, bridges bold,
               ferries dashed, car links dotted
  graphml      GraphML with typed attributes (Gephi, yEd, networkx)
  json-graph   node-link JSON for networkx's node_link_graph
  geojson      the board geometry with each region's facts    (needs the board)
  svg          the board as a picture; --graph overlays the links (needs the board)
  datapackage  a Frictionless Data Package folder: the pack, the tables, the
               GeoJSON, and datapackage.json with sizes and SHA-256 hashes
  tts          a Tabletop Simulator saved object with card sheets and the board
               as PNG images beside it                         (needs the board)

dot, graphml, json-graph, geojson and svg go to standard output unless -o is
given; the others write several files and need -o. Nothing is left
half-written: files appear whole, and a set of files only once all are done.`,
		Example: `  tendays export usa.pack.json --format svg -o usa.svg
  tendays export usa.pack.json --format csv -o tables/
  tendays export europe.pack.json --format graphml > europe.graphml
  tendays export asia.pack.json --format datapackage -o asia-data
  tendays export usa.pack.json --format tts -o "Saved Objects/usa.json"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pack = args[0]
			if err := export.CheckFormat(opts.Format); err != nil {
				return &usageError{msg: "--format: " + err.Error(), help: cmd.CommandPath()}
			}
			return runExport(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Format, "format", "", "output format: "+strings.Join(export.Formats(), ", "))
	f.StringVarP(&opts.Output, "output", "o", "", "write to this `path` (see above)")
	f.StringVar(&opts.Board, "board", "", "the board geometry `file` (default: <pack>.board.geojson beside the pack)")
	f.BoolVar(&opts.Graph, "graph", false, "svg: overlay the link graph on the board")
	f.Float64Var(&opts.Width, "width", 1600, "svg: page width in `pixels`")
	f.StringVar(&opts.License, "license", export.DefaultLicense, "datapackage: the data's licence (SPDX or Open Definition `id`)")
	f.StringVar(&opts.PackageVersion, "package-version", "1.0.0", "datapackage: the package's `version`")
	f.StringVar(&opts.AssetURL, "asset-url", "", "tts: `prefix` of the image URLs, e.g. where you upload them (default: file:// URLs of the files written)")
	f.IntVar(&opts.CardWidth, "card-width", 400, "tts: card face width in `pixels`")
	f.IntVar(&opts.BoardWidth, "board-width", 3200, "tts: board image width in `pixels`")
	_ = cmd.MarkFlagRequired("format")
	return cmd
}

func runExport(opts *exportOptions) error {
	if err := export.CheckFormat(opts.Format); err != nil {
		return usageErrorf("--format: %s", err)
	}
	if opts.Output == "" && !export.OneFile(opts.Format) {
		return usageErrorf("--format %s writes several files: give -o (%s)", opts.Format, outputHint(opts.Format))
	}
	if !(opts.Width >= 200 && opts.Width <= 20000) { // NaN fails this, as it should
		return usageErrorf("--width %g is out of range (200 to 20000 pixels)", opts.Width)
	}
	if opts.CardWidth < 40 || opts.CardWidth > 1000 {
		return usageErrorf("--card-width %d is out of range (40 to 1000 pixels)", opts.CardWidth)
	}
	if opts.BoardWidth < 200 || opts.BoardWidth > 8000 {
		return usageErrorf("--board-width %d is out of range (200 to 8000 pixels)", opts.BoardWidth)
	}
	src, err := mapdata.ReadFile(opts.Pack, opts.Global.limit(mapdata.DefaultMaxDocument))
	if err != nil {
		return err
	}
	if isNetworkPackSource(opts.Pack, src) {
		return runExportNetwork(opts, src)
	}
	pd, err := mapdata.DecodePack(opts.Pack, src)
	if err != nil {
		return err
	}
	in := export.Input{Pack: pd.Pack, PackFile: opts.Pack, PackJSON: src}

	boardPath := opts.Board
	if boardPath == "" {
		boardPath = mapdata.BoardPathFor(opts.Pack)
	}
	if export.NeedsBoard(opts.Format) || opts.Format == export.DataPackage {
		b, err := readBoard(boardPath, opts.Global.limit(mapdata.DefaultMaxInput))
		switch {
		case err == nil:
			in.Board = b
		case errors.Is(err, fs.ErrNotExist) && export.NeedsBoard(opts.Format):
			return usageErrorf("--format %s needs the board geometry, and there is none at %s: `tendays build` writes it beside the pack; give another path with --board FILE", opts.Format, boardPath)
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(opts.IO.ErrOut, "tendays: no board geometry at %s: the data package has no GeoJSON (give one with --board FILE)\n", boardPath)
		default:
			return err
		}
	}

	eo := export.Options{Graph: opts.Graph, Width: opts.Width, License: opts.License, PackageVersion: opts.PackageVersion,
		AssetURL: opts.AssetURL, CardWidth: opts.CardWidth, BoardWidth: opts.BoardWidth}
	if opts.Output == "" {
		files, err := export.Render(in, opts.Format, eo)
		if err != nil {
			return err
		}
		_, err = opts.IO.Out.Write(files[0].Data)
		return err
	}
	paths, err := export.Write(in, opts.Format, opts.Output, eo)
	if errors.Is(err, export.ErrOutput) {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), export.ErrOutput.Error()+": "))
	}
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintf(opts.IO.ErrOut, "wrote %s\n", p)
	}
	return nil
}

// readBoard reads the board file; a missing file is reported as
// fs.ErrNotExist so the caller can say what to do about it.
func readBoard(path string, max int64) (*board.Board, error) {
	if _, err := os.Stat(path); err != nil && errors.Is(err, fs.ErrNotExist) {
		return nil, fs.ErrNotExist
	}
	src, err := mapdata.ReadFile(path, max)
	if err != nil {
		return nil, err
	}
	return board.Decode(path, src)
}

func outputHint(format string) string {
	switch format {
	case export.CSV:
		return "-o FOLDER, -o BASE for BASE.regions.csv and BASE.links.csv, or -o FILE.zip"
	case export.DataPackage:
		return "-o FOLDER, a new folder or a data package to replace"
	case export.TTS:
		return "-o FILE.json, with the images written beside it"
	}
	return "-o FILE"
}
