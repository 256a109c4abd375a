// Package export turns a pack, and the board geometry beside it, into the
// formats other tools read: CSV tables, graphs (GraphML, DOT, node-link
// JSON), GeoJSON, TopoJSON (export/topojson), GIS-ready layers, an SVG
// picture of the board, a Frictionless data package, a Tabletop Simulator
// save, a print-and-play PDF (export/pdf) and a card list for card tools.
//
// Render builds a format's files in memory; Write places them on disk so
// that a reader never sees a half-written output: every file goes through
// internal/atomicfile, and a set of files is written into a temporary folder
// first and moved into place only when all of it is done. Output and
// OutputNetwork place an export where an -o argument of `tendays export`
// says, refusing an output that is an input of the run. The pictures are
// drawn by export/scene and painted by export/svg and export/raster; the
// Tabletop Simulator save is made by export/tts. Nothing here prints.
package export

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/cardimg"
	"github.com/tendays/tendays/export/pdf"
	"github.com/tendays/tendays/export/text"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/mapdata"
)

// The formats.
const (
	CSV         = "csv"
	DOT         = "dot"
	GraphML     = "graphml"
	JSONGraph   = "json-graph"
	GeoJSON     = "geojson"
	SVG         = "svg"
	DataPackage = "datapackage"
	TTS         = "tts"
	TopoJSON    = "topojson"
	GIS         = "gis"
	PDF         = "pdf"         // print and play: export/pdf
	Cards       = "cards"       // one CSV row per physical card
	CardImages  = "card-images" // a folder: one PNG a card face and back at a print preset, manifest.csv
	BoardgameIO = "boardgameio" // an npm package: export/boardgameio
	Conformance = "conformance" // JSON lines of cases: export/conformance
	Site        = "site"        // the studio as static files: export/site
)

// Formats lists every format, in the order the help text gives them.
func Formats() []string {
	return []string{CSV, DOT, GraphML, JSONGraph, GeoJSON, TopoJSON, GIS, SVG, DataPackage, TTS, PDF, Cards, CardImages, BoardgameIO, Conformance, Site}
}

// NeedsBoard reports whether a format draws or carries the board geometry.
func NeedsBoard(format string) bool {
	return format == GeoJSON || format == TopoJSON || format == GIS || format == SVG || format == TTS || format == Site
}

// UsesBoard reports whether a format uses the board geometry when there is
// one, without needing it: a data package carries it, a DOT graph pins its
// nodes where the board draws the regions.
func UsesBoard(format string) bool {
	return format == DataPackage || format == DOT || format == PDF || format == CardImages
}

// OneFile reports whether a format is a single file, which may go to
// standard output.
func OneFile(format string) bool {
	return format == DOT || format == GraphML || format == JSONGraph || format == GeoJSON || format == TopoJSON || format == SVG || format == PDF || format == Cards || format == Conformance
}

// ErrUnknownFormat is returned for a format not in Formats.
var ErrUnknownFormat = errors.New("unknown format")

// CheckFormat returns an error naming the formats when f is not one.
func CheckFormat(f string) error {
	if slices.Contains(Formats(), f) {
		return nil
	}
	return fmt.Errorf("%w %q (want one of %s)", ErrUnknownFormat, f, strings.Join(Formats(), ", "))
}

// ErrNoBoard is returned when a format needs the board and there is none.
var ErrNoBoard = errors.New("no board geometry")

// Input is what an export reads.
type Input struct {
	Pack     *mapdata.Pack
	PackFile string          // the pack's path, for messages and names
	PackJSON []byte          // the pack file as read; the data package carries it unchanged
	Board    *board.Geometry // nil when there is none
}

// Options tune the formats; the zero value gives the defaults.
type Options struct {
	// Winding is how geojson winds polygons: geo.RFC7946 (the zero value)
	// or geo.D3. TopoJSON is always wound for d3.
	Winding geo.Winding
	// Quantization is topojson's grid size along each axis (0:
	// topojson.DefaultQuantization).
	Quantization int

	Graph bool    // svg: overlay the link graph
	Width float64 // svg: page width in pixels (default 1600)

	// Land is drawn under a route network's svg board (the outlines the
	// stations stand on, in longitude and latitude); nil draws none. The
	// caller reads it (the bundled usa states for Across the United
	// States): export reads no edition.
	Land []orb.MultiPolygon

	// Data package.
	PackageVersion string // default "1.0.0"
	License        string // an SPDX or Open Definition id; default ODC-PDDL-1.0

	// Tabletop Simulator.
	AssetBase  string // file name prefix of the images (default the edition id)
	AssetURL   string // prefix of the images' URLs, ending in "/" (default: none, bare names)
	CardWidth  int    // card face width in pixels (default 400; height is 1.4 times)
	BoardWidth int    // board image width in pixels (default 3200)

	// Paper is the PDF's paper: a4 (default), letter, or card (one card a
	// page, its bleed round it).
	Paper string

	// CardPreset is card-images' print size (export/cardimg.Presets:
	// poker, the default, or 63x88).
	CardPreset string

	// OutputChosen says the user named a folder, or nothing, rather than
	// the output file itself: Write then treats the file's name as chosen
	// by the toolkit (atomicfile.File.Chosen). Files written beside or
	// inside an output are chosen names always.
	OutputChosen bool
}

// Check refuses options out of the ranges the formats draw in, naming the
// flag of `tendays export` that sets each: a quantization (0 is the
// default) from 2 to 2^30, an svg width from 200 to 20,000 pixels, tts
// cards from 40 to 1,000 and a board from 200 to 8,000 pixels, a paper
// pdf.PaperNamed knows.
func (o Options) Check() error {
	if o.Quantization != 0 && (o.Quantization < 2 || o.Quantization > 1<<30) {
		return fmt.Errorf("--quantization %d is out of range (2 to %d)", o.Quantization, 1<<30)
	}
	if !(o.Width >= 200 && o.Width <= 20000) { // NaN fails this, as it should
		return fmt.Errorf("--width %g is out of range (200 to 20000 pixels)", o.Width)
	}
	if o.CardWidth < 40 || o.CardWidth > 1000 {
		return fmt.Errorf("--card-width %d is out of range (40 to 1000 pixels)", o.CardWidth)
	}
	if o.BoardWidth < 200 || o.BoardWidth > 8000 {
		return fmt.Errorf("--board-width %d is out of range (200 to 8000 pixels)", o.BoardWidth)
	}
	if _, err := pdf.PaperNamed(o.Paper); err != nil {
		return fmt.Errorf("--paper: %w", err)
	}
	if _, err := cardimg.PresetNamed(o.CardPreset); err != nil {
		return fmt.Errorf("--preset: %w", err)
	}
	return nil
}

// File is one output file.
type File struct {
	Name string // a base name, no folders
	Data []byte
}

// Render builds the files of a format. Single-file formats give one file;
// csv gives the regions and links tables; datapackage gives datapackage.json
// and its resources; tts gives the save and its images.
func Render(in Input, format string, opt Options) ([]File, error) {
	if err := CheckFormat(format); err != nil {
		return nil, err
	}
	if in.Pack == nil {
		return nil, errors.New("export: no pack")
	}
	if NeedsBoard(format) && in.Board == nil {
		return nil, fmt.Errorf("--format %s: %w", format, ErrNoBoard)
	}
	if in.Board != nil && (NeedsBoard(format) || UsesBoard(format)) {
		if err := in.Board.Check(in.Pack, in.PackFile); err != nil {
			return nil, err
		}
	}
	var data []byte
	var err error
	switch format {
	case CSV:
		return CSVFiles(in.Pack)
	case DataPackage:
		return DataPackageFiles(in, opt)
	case TTS:
		return TTSFiles(in, opt)
	case GIS:
		return GISFiles(in.Pack, in.Board)
	case CardImages:
		return CardImageFiles(in, opt)
	case BoardgameIO:
		return BoardgameIOFiles(in)
	case Site:
		return SiteFiles(in)
	case Conformance:
		data, err = ConformanceBytes(in.Pack)
	case DOT:
		data, err = DOTBytes(in.Pack, in.Board)
	case GraphML:
		data, err = GraphMLBytes(in.Pack)
	case JSONGraph:
		data, err = JSONGraphBytes(in.Pack)
	case GeoJSON:
		data, err = GeoJSONWound(in.Pack, in.Board, opt.Winding)
	case TopoJSON:
		data, err = TopoJSONBytes(in.Pack, in.Board, opt.Quantization)
	case SVG:
		data, err = SVGBytes(in.Pack, in.Board, opt)
	case PDF:
		data, err = PDFBytes(in.Pack, in.Board, opt)
		var miss *text.MissingError
		if errors.As(err, &miss) && in.PackFile != "" {
			// A name no font draws: the file it is in, then the region.
			err = fmt.Errorf("%s: %w", in.PackFile, err)
		}
	case Cards:
		data, err = CardsCSV(in.Pack)
	}
	if err != nil {
		return nil, err
	}
	return []File{{Name: baseName(in.Pack) + Ext(format), Data: data}}, nil
}

// baseName is the edition id as a file name.
func baseName(p *mapdata.Pack) string {
	id := strings.ToLower(strings.TrimSpace(p.Edition.ID))
	var b strings.Builder
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	if s := strings.Trim(b.String(), "-."); s != "" {
		return s
	}
	return "pack"
}

// Ext is the file name ending Write gives a single-file format.
func Ext(format string) string {
	switch format {
	case DOT:
		return ".dot"
	case GraphML:
		return ".graphml"
	case JSONGraph:
		return ".graph.json"
	case GeoJSON:
		return ".board.geojson"
	case TopoJSON:
		return ".topojson"
	case SVG:
		return ".svg"
	case PDF:
		return ".pdf"
	case Cards:
		return ".cards.csv"
	case Conformance:
		return ".conformance.jsonl"
	}
	return ""
}
