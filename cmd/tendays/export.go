package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/lint"
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
  geojson      the board geometry with each region's facts    (needs the board)
  svg          the board as a picture; --graph overlays the links (needs the board)
  datapackage  a Frictionless Data Package folder: the pack, the tables, the
               GeoJSON, and datapackage.json with sizes and SHA-256 hashes
  tts          a Tabletop Simulator saved object with card sheets and the board
               as PNG images beside it                         (needs the board)

dot, graphml, json-graph, geojson and svg go to standard output unless -o is
given (-o - is standard output too; -o DIR/ creates DIR and writes <id><ext>
in it); the others write several files and need -o. An output that is an
input of the run is refused; a device or FIFO (-o /dev/null) is written
through; a symbolic link is followed and its target replaced. Nothing is left
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
	f.BoolVar(&opts.Graph, "graph", false, "svg: overlay the link graph on the board (a route-network board: each route's length)")
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
	if opts.Output == "-" && !export.OneFile(opts.Format) {
		return usageErrorf("--format %s writes several files, so not to standard output: give -o (%s)", opts.Format, outputHint(opts.Format))
	}
	if isEditionArg(opts.Pack) {
		return runExportEdition(opts)
	}
	src, packName, err := opts.Global.readInput(opts.Pack, opts.Global.limit(mapdata.DefaultMaxDocument))
	if err != nil {
		return err
	}
	if isNetworkPackSource(packName, src) {
		return runExportNetwork(opts, packName, src, opts.Pack)
	}
	pd, err := mapdata.DecodePack(packName, src)
	if err != nil {
		return err
	}
	in := export.Input{Pack: pd.Pack, PackFile: packName, PackJSON: src}

	boardPath := opts.Board
	if boardPath == "" && opts.Pack != "-" {
		boardPath = mapdata.BoardPathFor(opts.Pack)
	}
	if export.NeedsBoard(opts.Format) || export.UsesBoard(opts.Format) {
		b, err := readPairedBoard(opts, &in, boardPath)
		switch {
		case err == nil:
			in.Board = b
		case errors.Is(err, fs.ErrNotExist) && export.NeedsBoard(opts.Format):
			if boardPath == "" {
				return usageErrorf("--format %s needs the board geometry: a pack on standard input has none beside it; give one with --board FILE", opts.Format)
			}
			return usageErrorf("--format %s needs the board geometry, and there is none at %s: `tendays build` writes it beside the pack; give another path with --board FILE", opts.Format, boardPath)
		case errors.Is(err, fs.ErrNotExist) && opts.Format == export.DOT:
			// no board: neato lays the graph out by its links
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(opts.IO.ErrOut, "tendays: no board geometry at %s: the data package has no GeoJSON (give one with --board FILE)\n", cmp.Or(boardPath, "(standard input)"))
		default:
			return err
		}
	}
	return writeExport(opts, in, []string{opts.Pack, boardPath})
}

// writeExport writes an export to -o (standard output without it, or with
// "-"), refusing an output that is one of inputs.
func writeExport(opts *exportOptions, in export.Input, inputs []string) error {
	eo := export.Options{Graph: opts.Graph, Width: opts.Width, License: opts.License, PackageVersion: opts.PackageVersion,
		AssetURL: opts.AssetURL, CardWidth: opts.CardWidth, BoardWidth: opts.BoardWidth,
		OutputChosen: atomicfile.Chosen(opts.Output)}
	out := opts.Output
	if out != "" && out != "-" && export.OneFile(opts.Format) {
		path, _, err := atomicfile.Dest(out, mapdata.PackFileName(in.Pack.Edition.ID))
		if err != nil {
			return err
		}
		if atomicfile.IsDirArg(out) {
			path = filepath.Join(out, strings.TrimSuffix(filepath.Base(path), ".pack.json")+export.Ext(opts.Format))
		}
		out = path
	} else if strings.HasSuffix(out, "/") && opts.Format != export.DataPackage {
		if _, _, err := atomicfile.Dest(out, ""); err != nil { // creates the folder
			return err
		}
	}
	if err := checkClobber([]string{strings.TrimSuffix(out, "/")}, inputs); err != nil {
		return err
	}
	if !export.OneFile(opts.Format) && atomicfile.WritesThrough(out) {
		// Files "beside" a device or a pipe would be new files in /dev or
		// next to the FIFO, never what the reader of the stream sees.
		return usageErrorf("-o %s is a device or a pipe, and --format %s writes several files: give %s", out, opts.Format, outputHint(opts.Format))
	}
	if opts.Format == export.DataPackage {
		if err := checkInside(out, inputs); err != nil {
			return err
		}
	}
	if out == "" || out == "-" {
		files, err := export.Render(in, opts.Format, eo)
		if err != nil {
			return err
		}
		_, err = opts.IO.Out.Write(files[0].Data)
		return err
	}
	paths, err := export.Write(in, opts.Format, strings.TrimSuffix(out, "/"), eo)
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

// readBoard reads the board file; a missing file is reported as
// fs.ErrNotExist so the caller can say what to do about it.
func readBoard(path string, max int64) (*board.Board, []byte, error) {
	if path == "" {
		return nil, nil, fs.ErrNotExist
	}
	if _, err := os.Stat(path); err != nil && errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fs.ErrNotExist
	}
	src, err := mapdata.ReadFile(path, max)
	if err != nil {
		return nil, nil, err
	}
	b, err := board.Decode(path, src)
	return b, src, err
}

// readPairedBoard reads the board of in's pack and checks that they are a
// pair: the pack records the hash of the board built with it. The board
// beside a pack that does not match may be mid-replacement by a build
// running now, so pack and board are read again (a few times) before the
// mismatch is an error; a board given with --board that does not match
// is only warned about.
func readPairedBoard(opts *exportOptions, in *export.Input, boardPath string) (*board.Board, error) {
	max := opts.Global.limit(mapdata.DefaultMaxInput)
	for try := 0; ; try++ {
		b, data, err := readBoard(boardPath, max)
		if err != nil {
			return nil, err
		}
		if mapdata.BoardMatches(in.Pack, data) {
			return b, nil
		}
		if opts.Board != "" {
			fmt.Fprintf(opts.IO.ErrOut, "tendays: warning: %s is not the board %s was built with (its hash differs)\n", boardPath, in.PackFile)
			return b, nil
		}
		if try == 4 || opts.Pack == "-" {
			return nil, diag.Errorf(diag.Position{File: boardPath}, "not the board %s was built with (the pack records another hash): build the edition again, or give the board with --board FILE", in.PackFile)
		}
		time.Sleep(time.Duration(10<<try) * time.Millisecond)
		src, err := mapdata.ReadFile(opts.Pack, opts.Global.limit(mapdata.DefaultMaxDocument))
		if err != nil {
			return nil, err
		}
		pd, err := mapdata.DecodePack(opts.Pack, src)
		if err != nil {
			return nil, err
		}
		in.Pack, in.PackJSON = pd.Pack, src
	}
}

// checkInside refuses a data package folder that holds an input: the
// export would write over it.
func checkInside(out string, inputs []string) error {
	dir, err := filepath.Abs(filepath.Clean(out))
	if err != nil || out == "" || out == "-" {
		return nil
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	for _, in := range inputs {
		if in == "" || in == "-" {
			continue
		}
		abs, err := filepath.Abs(in)
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		if strings.HasPrefix(abs, dir+string(filepath.Separator)) {
			return usageErrorf("-o %s: the data package folder holds %s, an input of this run: write it elsewhere", out, in)
		}
	}
	return nil
}

func outputHint(format string) string {
	switch format {
	case export.CSV:
		return "-o FOLDER, -o BASE for BASE.regions.csv and BASE.links.csv, or -o FILE.zip"
	case export.DataPackage:
		return "-o FOLDER: a new or empty folder, or a data package tendays wrote"
	case export.TTS:
		return "-o FILE.json, with the images written beside it"
	}
	return "-o FILE"
}

// isEditionArg reports whether export's PACK names an edition (a folder, an
// edition.yaml, a bundled name) rather than a pack file or "-".
func isEditionArg(arg string) bool { return arg != "-" && isEditionPath(arg) }

// runExportEdition exports an edition: it is built in memory, as build
// would, and refused when lint finds errors in it.
func runExportEdition(opts *exportOptions) error {
	src, err := openEdition(opts.Pack)
	if err != nil {
		return err
	}
	if isNetworkEdition(src, opts.Global) {
		target, res, err := buildNetworkEdition(src, opts.Global)
		if err != nil {
			return err
		}
		if err := refuseLintErrors(opts.IO, src, opts.Pack, target); err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := mapdata.EncodeNetworkPack(&buf, res.Pack); err != nil {
			return err
		}
		return runExportNetwork(opts, mapdata.PackFileName(res.Pack.Edition.ID), buf.Bytes(), editionInputs(src, res.Pack.Provenance.Inputs)...)
	}
	target, res, err := buildEdition(src, opts.Global)
	if err != nil {
		return err
	}
	if err := refuseLintErrors(opts.IO, src, opts.Pack, target); err != nil {
		return err
	}
	name := mapdata.PackFileName(res.Pack.Edition.ID)
	boardJSON, err := boardBytes(res.Board)
	if err != nil {
		return err
	}
	mapdata.SetBoardHash(res.Pack, boardJSON)
	var packJSON bytes.Buffer
	if err := mapdata.EncodePack(&packJSON, res.Pack); err != nil {
		return err
	}
	in := export.Input{Pack: res.Pack, PackFile: name, PackJSON: packJSON.Bytes()}
	inputs := editionInputs(src, res.Pack.Provenance.Inputs)
	if opts.Board != "" {
		if in.Board, _, err = readBoard(opts.Board, opts.Global.limit(mapdata.DefaultMaxInput)); err != nil {
			return err
		}
		inputs = append(inputs, opts.Board)
	} else if in.Board, err = board.Decode(strings.TrimSuffix(name, ".pack.json")+".board.geojson", boardJSON); err != nil {
		return err
	}
	return writeExport(opts, in, inputs)
}

// refuseLintErrors prints the errors lint finds in an edition built in
// memory and refuses it (exit 2), as the commands reading a pack refuse a
// pack with errors.
func refuseLintErrors(io *IOStreams, src *editionSource, arg string, target *lint.Target) error {
	var cfg *lint.Config
	if !src.Bundled {
		var err error
		if cfg, err = lint.FindConfig(arg); err != nil {
			return err
		}
	}
	var errs []diag.Finding
	for _, f := range cfg.Apply(lint.Check(target)) {
		if f.Severity >= diag.Error {
			errs = append(errs, f)
		}
	}
	if len(errs) == 0 && (target.Pack != nil || target.Network != nil) {
		return nil
	}
	for _, f := range errs {
		fmt.Fprintln(io.ErrOut, f.String())
	}
	fmt.Fprintf(io.ErrOut, "tendays: %s: the edition has %d lint error(s); fix them first (tendays lint %s)\n", src.Dir, len(errs), arg)
	return &silentError{code: exitUsage}
}
