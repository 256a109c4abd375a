// Package export turns a pack, and the board geometry beside it, into the
// formats other tools read: CSV tables, graphs (GraphML, DOT, node-link
// JSON), GeoJSON, TopoJSON (export/topojson), GIS-ready layers, an SVG
// picture of the board, a Frictionless data package, a Tabletop Simulator
// save, a print-and-play PDF (export/pdf), a card list for card tools, and
// for other game engines: a boardgame.io package, a conformance suite and
// the studio as a static site, each carrying the engine built for
// JavaScript (their entries are here; they are made above export, by
// jsengine/exports: Engines).
//
// A format is a value (Format) holding every fact about it: its name, its
// doc, one file or several, and for each kind of pack it serves its file
// ending, its use of the board and its render. Formats lists them, and
// `tendays export --help`, the flag's check, the studio and the docs read
// that list; a route-network pack (network.go) exports to the formats that
// list kind network.
//
// Render builds a format's files in memory; Write places them on disk so
// that a reader never sees a half-written output: every file goes through
// internal/atomicfile, and a set of files is written into a temporary folder
// first and moved into place only when all of it is done. Output places an
// export where an -o argument of `tendays export` says, refusing an output
// that is an input of the run. The pictures are
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

// The formats' names (--format NAME).
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
	BoardgameIO = "boardgameio" // an npm package: jsengine/boardgameio
	Conformance = "conformance" // JSON lines of cases: jsengine/conformance
	Site        = "site"        // the studio as static files: jsengine/site
)

// BoardUse is what an export does with the board geometry (the
// <id>.board.geojson beside a pack).
type BoardUse uint8

const (
	// NoBoard: the export never reads the board.
	NoBoard BoardUse = iota
	// UsesBoard: the export uses the board when there is one (a data
	// package carries it, a DOT graph pins its nodes where the board draws
	// the regions, a PDF tiles it).
	UsesBoard
	// NeedsBoard: the export draws or carries the board, and cannot be
	// made without it.
	NeedsBoard
)

// Format is one export format, with every fact about it: its name, what it
// writes (Doc, which `tendays export --help` and the docs show), whether it
// is one file (which may go to standard output) or several (and then what
// -o names), and, for each kind of pack it exports, how. Formats lists
// them all; a new format is one more entry there.
type Format struct {
	Name string
	// Doc says what the format writes, as the help shows it beside the
	// name (a paragraph; the help wraps it).
	Doc string
	// OneFile: the format is a single file, which may go to standard
	// output; otherwise Output says what -o it wants.
	OneFile bool
	Output  string
	// Kinds is how the format exports each kind of pack it serves, by kind
	// (mapdata.KindRegions, KindCombined, KindNetwork).
	Kinds map[string]Export
	// write places the files of a format that writes several (nil: a
	// folder of files at -o, created when missing; see Write).
	write func(in Input, f *Format, out string, isDir bool, opt Options) ([]string, error)
	// ownFolder: the format makes its output folder itself and never
	// writes over what is not its own (a data package, an npm package, a
	// site): Output neither creates a folder named with a trailing slash
	// for it nor lets that folder hold an input.
	ownFolder bool
	// refuse says why the format cannot serve a kind it does not list,
	// when there is more to say than that it does not apply (what is
	// missing for it); For wraps it.
	refuse map[string]error
}

// Export is how a format exports packs of one kind.
type Export struct {
	// Ext is the file name ending of the format's one file, after the
	// edition's id ("" for a format of several files).
	Ext string
	// Board is what the export does with the board geometry.
	Board BoardUse
	// Without says what an export that uses the board lacks when there is
	// none ("the data package has no GeoJSON"), for a note; "" when it
	// lacks nothing worth a note.
	Without string
	// Render makes the files: a single-file format gives one.
	Render func(in Input, opt Options) ([]File, error)
}

// regions and network are the kinds a format serves: a regions pack and a
// combined one (the same type, *mapdata.Pack) export alike.
func regions(e Export) map[string]Export {
	return map[string]Export{mapdata.KindRegions: e, mapdata.KindCombined: e}
}

func regionsAndNetwork(regionsExport, networkExport Export) map[string]Export {
	m := regions(regionsExport)
	m[mapdata.KindNetwork] = networkExport
	return m
}

// formats is every format, in the order the help gives them. It is filled
// by init, as the formats' writers render through it.
var formats []*Format

func init() {
	formats = []*Format{
		{Name: CSV, Output: "-o FOLDER, -o BASE for BASE.regions.csv and BASE.links.csv, or -o FILE.zip", write: writeCSVTables,
			Doc: "regions and links tables (-o FOLDER, -o BASE for BASE.regions.csv and BASE.links.csv, or -o FILE.zip for one archive); " +
				"a cell starting with = + - @ tab or CR gets a ' in front, so that a spreadsheet shows it as text instead of running a formula",
			Kinds: regions(Export{Render: onRegions(func(p *mapdata.Pack, _ Input, _ Options) ([]File, error) { return CSVFiles(p) })})},
		{Name: DOT, OneFile: true,
			Doc: "Graphviz (layout=neato: plain \"dot -Tsvg\" draws it): regions in their colours, pinned where the board has them when it is there; " +
				"borders solid, bridges bold, ferries dashed, car links dotted; a network's stations pinned where its board draws them",
			Kinds: regionsAndNetwork(
				Export{Ext: ".dot", Board: UsesBoard, Render: oneFile(".dot", func(p *mapdata.Pack, in Input, _ Options) ([]byte, error) { return DOTBytes(p, in.Board) })},
				Export{Ext: ".dot", Render: oneNetworkFile(".dot", func(p *mapdata.NetworkPack, _ Input, _ Options) ([]byte, error) { return NetworkDOT(p), nil })})},
		{Name: GraphML, OneFile: true,
			Doc: "GraphML with typed attributes (Gephi, yEd, networkx)",
			Kinds: regionsAndNetwork(
				Export{Ext: ".graphml", Render: oneFile(".graphml", func(p *mapdata.Pack, _ Input, _ Options) ([]byte, error) { return GraphMLBytes(p) })},
				Export{Ext: ".graphml", Render: oneNetworkFile(".graphml", func(p *mapdata.NetworkPack, _ Input, _ Options) ([]byte, error) { return NetworkGraphML(p), nil })})},
		{Name: JSONGraph, OneFile: true,
			Doc: "node-link JSON for networkx's node_link_graph; the links are in both \"links\" (what networkx 2.x to 3.5 read by default) " +
				"and \"edges\" (3.6 and later), so every version reads it with its defaults",
			Kinds: regionsAndNetwork(
				Export{Ext: ".graph.json", Render: oneFile(".graph.json", func(p *mapdata.Pack, _ Input, _ Options) ([]byte, error) { return JSONGraphBytes(p) })},
				Export{Ext: ".graph.json", Render: oneNetworkFile(".graph.json", func(p *mapdata.NetworkPack, _ Input, _ Options) ([]byte, error) { return NetworkJSONGraph(p) })})},
		{Name: GeoJSON, OneFile: true,
			Doc: "the board geometry with each region's facts; --winding d3 winds polygons as d3-geo expects (outer rings clockwise) " +
				"instead of as RFC 7946 asks (counter-clockwise); a network: its stations as Points and its routes as LineStrings",
			Kinds: regionsAndNetwork(
				Export{Ext: ".board.geojson", Board: NeedsBoard, Render: oneFile(".board.geojson", func(p *mapdata.Pack, in Input, opt Options) ([]byte, error) {
					return GeoJSONWound(p, in.Board, opt.Winding)
				})},
				Export{Ext: ".network.geojson", Render: oneNetworkFile(".network.geojson", func(p *mapdata.NetworkPack, _ Input, _ Options) ([]byte, error) { return NetworkGeoJSON(p) })})},
		{Name: TopoJSON, OneFile: true,
			Doc: "the same as one TopoJSON topology: objects regions, land, seas and rails (a network: stations and routes), " +
				"borders shared as arcs, positions quantized (--quantization), polygons wound as d3 expects",
			Kinds: regionsAndNetwork(
				Export{Ext: ".topojson", Board: NeedsBoard, Render: oneFile(".topojson", func(p *mapdata.Pack, in Input, opt Options) ([]byte, error) {
					return TopoJSONBytes(p, in.Board, opt.Quantization)
				})},
				Export{Ext: ".topojson", Render: oneNetworkFile(".topojson", func(p *mapdata.NetworkPack, _ Input, opt Options) ([]byte, error) {
					return NetworkTopoJSON(p, opt.Quantization)
				})})},
		{Name: GIS, Output: "-o FOLDER, a folder for the layers' files",
			Doc: "GIS-ready layers: a folder of GeoJSON files, one a layer and one geometry type each (<id>.regions.geojson, .land, .seas, .rails; " +
				"a network: .stations, .routes), lists joined with \";\", which ogr2ogr turns into Shapefiles or GeoPackage layers as they are",
			Kinds: regionsAndNetwork(
				Export{Board: NeedsBoard, Render: onRegions(func(p *mapdata.Pack, in Input, _ Options) ([]File, error) { return GISFiles(p, in.Board) })},
				Export{Render: onNetwork(func(p *mapdata.NetworkPack, _ Input, _ Options) ([]File, error) { return NetworkGISFiles(p) })})},
		{Name: SVG, OneFile: true,
			Doc: "the board as a picture; --graph overlays the links, or a network's route lengths; names in scripts the Go fonts lack (Arabic, Hebrew, Indic, CJK ...) drawn as the shaped glyphs' outlines, so every viewer and print shop draws them alike",
			Kinds: regionsAndNetwork(
				Export{Ext: ".svg", Board: NeedsBoard, Render: oneFile(".svg", func(p *mapdata.Pack, in Input, opt Options) ([]byte, error) { return SVGBytes(p, in.Board, opt) })},
				Export{Ext: ".svg", Render: oneNetworkFile(".svg", func(p *mapdata.NetworkPack, in Input, opt Options) ([]byte, error) {
					land, err := in.land()
					if err != nil {
						return nil, err
					}
					return NetworkSVG(p, land, opt)
				})})},
		{Name: DataPackage, Output: "-o FOLDER: a new or empty folder, or a data package tendays wrote", write: writeDataPackage, ownFolder: true,
			Doc:   "a Frictionless Data Package folder: the pack, the tables, the GeoJSON, and datapackage.json with sizes and SHA-256 hashes",
			Kinds: regions(Export{Board: UsesBoard, Without: "the data package has no GeoJSON", Render: onRegions(DataPackageFiles)})},
		{Name: TTS, Output: "-o FILE.json, with the images written beside it", write: writeTTS,
			Doc: "a Tabletop Simulator saved object with card sheets and the board as PNG images beside it, named by their bare names " +
				"(copy them into Tabletop Simulator's Mods/Images folder), or under --image-url BASE where you host them: never a path of this machine",
			Kinds: regions(Export{Board: NeedsBoard, Render: onRegions(TTSFiles)})},
		{Name: PDF, OneFile: true,
			Doc: "print and play (--paper a4|letter): a summary page, the cards at 63 x 88 mm with a 3 mm bleed and crop marks, " +
				"a backs page after each fronts page for long-edge duplex, and the board tiled over pages at a stated scale with overlap and marks; " +
				"--paper card: one card a page with its bleed, each back before its face (a print service's order); TrimBox and BleedBox set",
			Kinds: regions(Export{Ext: ".pdf", Board: UsesBoard, Without: "the PDF has no board pages", Render: oneFile(".pdf", func(p *mapdata.Pack, in Input, opt Options) ([]byte, error) {
				data, err := PDFBytes(p, in.Board, opt)
				var miss *text.MissingError
				if errors.As(err, &miss) && in.PackFile != "" {
					// A name no font draws: the file it is in, then the region.
					err = fmt.Errorf("%s: %w", in.PackFile, err)
				}
				return data, err
			})})},
		{Name: Cards, OneFile: true,
			Doc:   "CSV, one row per physical card in deck order (id, name, kind, colour and its hex and symbol, copy), for nanDECK, Squib or Component.Studio",
			Kinds: regions(Export{Ext: ".cards.csv", Render: oneFile(".cards.csv", func(p *mapdata.Pack, _ Input, _ Options) ([]byte, error) { return CardsCSV(p) })})},
		{Name: CardImages, Output: "-o FOLDER, a folder for the images and manifest.csv",
			Doc: "for print services (-o FOLDER): one PNG a card face and one for the back, with bleed, at --preset poker " +
				"(2.5 x 3.5 in + 1/8 in, 300 dpi: 825 x 1125 px) or 63x88 (63 x 88 mm + 3 mm: 815 x 1110), and manifest.csv: each image's copies to print",
			Kinds: regions(Export{Board: UsesBoard, Render: onRegions(CardImageFiles)})},
		{Name: BoardgameIO, Output: "-o FOLDER: a new or empty folder, or a package tendays wrote", write: writeOwn, ownFolder: true,
			Doc: "an npm package folder (-o DIR): require(DIR) or import gives { game, engine, bots }, a boardgame.io Game for the pack, " +
				"the engine (journeys, the deal, legal moves, the win) compiled to WebAssembly, and its bots; " +
				"the engine is built with the Go toolchain (go on PATH) from this tendays's own source",
			Kinds: regions(Export{Render: engineRender(BoardgameIO, func(w EngineWriters) func(*mapdata.Pack, Input) ([]File, error) {
				if w.BoardgameIO == nil {
					return nil
				}
				return func(p *mapdata.Pack, in Input) ([]File, error) { return w.BoardgameIO(p, in.PackJSON) }
			})}),
			refuse: jsRefusal},
		{Name: Conformance, OneFile: true,
			Doc: "JSON lines, one case a line: journeys (\"cards\", \"days\", \"valid\", \"reason\") and positions (\"kind\": \"legal-moves\") " +
				"with the engine's answers, for another implementation to test itself",
			Kinds: regions(Export{Ext: ".conformance.jsonl", Render: engineRender(Conformance, func(w EngineWriters) func(*mapdata.Pack, Input) ([]File, error) {
				if w.Conformance == nil {
					return nil
				}
				return func(p *mapdata.Pack, _ Input) ([]File, error) {
					data, err := w.Conformance(p)
					if err != nil {
						return nil, err
					}
					return []File{{Name: baseName(p) + ".conformance.jsonl", Data: data}}, nil
				}
			})}),
			refuse: jsRefusal},
		{Name: Site, Output: "-o FOLDER: a new or empty folder, or a site tendays wrote", write: writeOwn, ownFolder: true,
			Doc: "the studio as static files (-o DIR): DIR/index.html shows the board, checks journeys and plays against bots with no server, " +
				"from any web host or opened from disk",
			Kinds:  regions(Export{Board: NeedsBoard, Render: engineRender(Site, func(w EngineWriters) func(*mapdata.Pack, Input) ([]File, error) { return w.Site })}),
			refuse: jsRefusal},
	}
}

// jsRefusal is why the formats of the engine in JavaScript refuse a route
// network: the JavaScript engine plays the 10 Days games only.
var jsRefusal = map[string]error{mapdata.KindNetwork: errRouteNetworkEngine}

// Formats lists every format, in the order the help gives them. The
// formats are shared and must not be changed.
func Formats() []*Format { return slices.Clone(formats) }

// Names lists the formats' names, in the order of Formats.
func Names() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.Name
	}
	return names
}

// ErrUnknownFormat is returned for a format not in Formats.
var ErrUnknownFormat = errors.New("unknown format")

// Lookup finds a format by name, or returns an error naming the formats.
func Lookup(name string) (*Format, error) {
	for _, f := range formats {
		if f.Name == name {
			return f, nil
		}
	}
	return nil, fmt.Errorf("%w %q (want one of %s)", ErrUnknownFormat, name, strings.Join(Names(), ", "))
}

// For is how the format exports packs of a kind, or an error naming the
// formats that kind exports to.
func (f *Format) For(kind string) (Export, error) {
	if e, ok := f.Kinds[kind]; ok {
		return e, nil
	}
	if err := f.refuse[kind]; err != nil {
		return Export{}, fmt.Errorf("--format %s: %w", f.Name, err)
	}
	var want []string
	for _, g := range formats {
		if _, ok := g.Kinds[kind]; ok {
			want = append(want, g.Name)
		}
	}
	return Export{}, fmt.Errorf("--format %s does not apply to %s (want %s)", f.Name, mapdata.KindNoun(kind), strings.Join(want, ", "))
}

// Serves lists the kinds of pack the format exports, in mapdata.Kinds's
// order.
func (f *Format) Serves() []string {
	var kinds []string
	for _, k := range mapdata.Kinds {
		if _, ok := f.Kinds[k]; ok {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// ErrNoBoard is returned when a format needs the board and there is none.
var ErrNoBoard = errors.New("no board geometry")

// onRegions adapts a render of a regions pack (kinds regions and combined)
// to Export.Render: the board, when the export reads it, must be the
// pack's.
func onRegions(render func(p *mapdata.Pack, in Input, opt Options) ([]File, error)) func(Input, Options) ([]File, error) {
	return func(in Input, opt Options) ([]File, error) {
		p := in.Pack.(*mapdata.Pack)
		if in.Board != nil {
			if err := in.Board.Check(p, in.PackFile); err != nil {
				return nil, err
			}
		}
		return render(p, in, opt)
	}
}

// oneFile is onRegions for a format of one file, <id><ext>.
func oneFile(ext string, render func(p *mapdata.Pack, in Input, opt Options) ([]byte, error)) func(Input, Options) ([]File, error) {
	return onRegions(func(p *mapdata.Pack, in Input, opt Options) ([]File, error) {
		data, err := render(p, in, opt)
		if err != nil {
			return nil, err
		}
		return []File{{Name: fileBase(p.EditionID()) + ext, Data: data}}, nil
	})
}

// onNetwork adapts a render of a route-network pack to Export.Render.
func onNetwork(render func(p *mapdata.NetworkPack, in Input, opt Options) ([]File, error)) func(Input, Options) ([]File, error) {
	return func(in Input, opt Options) ([]File, error) { return render(in.Pack.(*mapdata.NetworkPack), in, opt) }
}

// oneNetworkFile is onNetwork for a format of one file, <id><ext>.
func oneNetworkFile(ext string, render func(p *mapdata.NetworkPack, in Input, opt Options) ([]byte, error)) func(Input, Options) ([]File, error) {
	return onNetwork(func(p *mapdata.NetworkPack, in Input, opt Options) ([]File, error) {
		data, err := render(p, in, opt)
		if err != nil {
			return nil, err
		}
		return []File{{Name: fileBase(p.EditionID()) + ext, Data: data}}, nil
	})
}

// Input is what an export reads.
type Input struct {
	// Pack is the pack, of any kind (a format exports the kinds it lists).
	Pack     mapdata.AnyPack
	PackFile string          // the pack's path, for messages and names
	PackJSON []byte          // the pack file as read; the data package carries it unchanged
	Board    *board.Geometry // nil when there is none
	// Land is the land drawn under a route network's picture (the
	// outlines the stations stand on, in longitude and latitude), read
	// when a format draws it; nil draws none. The caller reads it (the
	// pipeline: Result.Land): export reads no edition.
	Land func() ([]orb.MultiPolygon, error)
}

func (in Input) land() ([]orb.MultiPolygon, error) {
	if in.Land == nil {
		return nil, nil
	}
	return in.Land()
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

	// inputs are the files of the run, which no file written into a
	// folder may be (Output sets them).
	inputs []string
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

// Render builds the files of a format by name (see Format.Render).
func Render(in Input, format string, opt Options) ([]File, error) {
	f, err := Lookup(format)
	if err != nil {
		return nil, err
	}
	return f.Render(in, opt)
}

// Render builds the files of the format for the pack's kind. Single-file
// formats give one file; csv gives the regions and links tables;
// datapackage gives datapackage.json and its resources; tts gives the save
// and its images; gis a file a layer. A board the export reads must be the
// pack's (board.Geometry.Check).
func (f *Format) Render(in Input, opt Options) ([]File, error) {
	if in.Pack == nil {
		return nil, errors.New("export: no pack")
	}
	e, err := f.For(in.Pack.PackKind())
	if err != nil {
		return nil, err
	}
	if e.Board == NeedsBoard && in.Board == nil {
		return nil, fmt.Errorf("--format %s: %w", f.Name, ErrNoBoard)
	}
	if e.Board == NoBoard {
		in.Board = nil
	}
	return e.Render(in, opt)
}

// fileBase is an edition id as a file name: lower case, and every
// character but letters, digits, - _ and . made a -; "pack" when nothing is
// left.
func fileBase(id string) string {
	id = strings.ToLower(strings.TrimSpace(id))
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

// baseName is a regions pack's edition id as a file name.
func baseName(p *mapdata.Pack) string { return fileBase(p.Edition.ID) }
