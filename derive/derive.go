// Package derive turns an edition (edition.yaml and its geometry) into a map
// pack: it selects, merges and splits the regions of a borders file, finds
// the borders between them, adds the edition's bridges and ferries and
// removes what it removes, derives the car links, the seas and rail lines
// each region is on, chooses colours, and deals the deck. It also returns the
// board geometry that travels beside the pack.
//
// Reading and checking the edition file itself (YAML, schema) is done before:
// Build takes the decoded edition. Judging the result is lint's job; derive
// reports only what it meets on the way (a name that matches no region, a cut
// that misses its region), each at its place in the edition file.
//
// The geometry work lives in sub-packages: borders (reading GeoJSON and
// TopoJSON; borders/load for any borders input: Shapefile, GeoPackage,
// folders, zips), adjacency (contiguity), split (cutting polygons) and colors
// (choosing colours).
package derive

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/derive/adjacency"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/borders/load"
	"github.com/tendays/tendays/derive/folder"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/srcpos"
	"github.com/tendays/tendays/internal/version"
	"github.com/tendays/tendays/mapdata"
)

// Input is an edition to build.
type Input struct {
	Doc *mapdata.EditionDoc
	// FS is the edition's folder; files the edition names are read from it.
	FS fs.FS
	// Dir names the folder in messages ("editions/usa", "./my-edition").
	Dir string
	// MaxBytes limits each file read (0: mapdata.DefaultMaxInput).
	MaxBytes int64
	// Borders, when set, keeps the parsed borders file between builds.
	Borders *BordersCache
}

// Result is a built edition.
type Result struct {
	Pack     *mapdata.Pack
	Board    *geojson.FeatureCollection
	Findings []diag.Finding
	// Locate maps a pointer into the pack to the place in the edition that
	// made it, for lint findings on a derived pack.
	Locate func(pointer string) diag.Position
}

// builder carries one build.
type builder struct {
	in       Input
	ed       *mapdata.Edition
	doc      *mapdata.Doc
	findings []diag.Finding
	files    *folder.Reader

	features     []borders.Feature
	regions      []*region
	resolve      *resolver
	byID         map[string]int
	units        []unit // the polygons adjacency sees: pieces of regions, and land
	airOnly      map[int]bool
	insets       map[int]int               // region -> its board inset (1-based), from board.insets
	translations map[int]map[string]string // region -> language -> name, from regions.translations
	insetTitle   map[int]string            // an inset's caption, by inset

	walk  map[[2]int]*mapdata.Link // walking links by region pair (i < j)
	links []mapdata.Link
	// Where each region and link came from in the edition, by id.
	regionSrc map[string]string
	linkSrc   map[linkKey]string
	coast     []orb.MultiLineString // per unit, when seas need it
	boardSeas []*geojson.Feature
	boardRail []*geojson.Feature
	railStops map[string][]string
	removed   []mapdata.Link
	// shipRoutes are the ship routes with their stops resolved.
	shipRoutes []mapdata.ShipRoute
}

// region is a region being built.
type region struct {
	dataName string
	id, name string
	aliases  []string
	geometry orb.MultiPolygon
	color    string
	copies   int
	seas     []string
	rails    []string
}

// unit is one polygon set adjacency sees; region -1 is land that is no
// region (omitted), which still hides coast.
type unit struct {
	geometry orb.MultiPolygon
	region   int
	name     string
}

type linkKey struct {
	a, b string
	kind mapdata.LinkKind
}

// Build derives the pack of an edition. An error means a file could not be
// read at all; everything else is a finding, and a finding of severity error
// means the pack must not be written.
func Build(in Input) (*Result, error) {
	b := &builder{in: in, ed: in.Doc.Edition, doc: in.Doc.Doc,
		airOnly: map[int]bool{}, walk: map[[2]int]*mapdata.Link{}, regionSrc: map[string]string{}, linkSrc: map[linkKey]string{}}
	b.files = &folder.Reader{FS: in.FS, Dir: in.Dir, MaxBytes: in.MaxBytes, At: b.at}
	b.files.Record(path.Base(in.Doc.File), in.Doc.Src)
	if err := b.readBorders(); err != nil {
		return nil, err
	}
	steps := []func() error{
		b.selectRegions,
		b.findBorders,
		b.markAirOnly,
		b.markInsets,
		b.readTranslations,
		b.editLinks,
		b.carLinks,
		b.findSeas,
		b.findRails,
		b.findShipRoutes,
		b.chooseColors,
		b.setCopies,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
		if len(b.regions) < 2 {
			break
		}
	}
	pack := b.pack()
	mapdata.Canonicalize(pack)
	locate := b.locator(pack)
	b.checkText(pack, locate)
	res := &Result{Pack: pack, Board: b.board(pack), Findings: b.findings}
	res.Locate = locate
	return res, nil
}

// at is the place in the edition file of a pointer.
func (b *builder) at(pointer string) diag.Position { return b.doc.Position(pointer) }

func (b *builder) report(rule string, sev diag.Severity, pointer, hint, format string, args ...any) {
	b.findings = append(b.findings, diag.Finding{Rule: rule, Severity: sev,
		Message: fmt.Sprintf(format, args...), Hint: hint, Position: b.at(pointer)})
}

func (b *builder) readBorders() error {
	spec := b.ed.Borders
	pointer := "/borders/file"
	if spec.File == "" {
		pointer = "/borders/files"
	}
	files := load.Edition{Files: b.files, Pointer: pointer}
	set, err := load.Gather(files, spec.Names(), b.in.MaxBytes)
	if err != nil {
		return err
	}
	opts := load.Options{Layer: spec.Layer, Options: borders.Options{IDProperty: spec.ID, Object: spec.Object,
		Dissolve: spec.Dissolves(), DissolveBy: spec.DissolveBy}}
	c := b.in.Borders
	var key cacheKey
	if c != nil {
		key = cacheKey{sha256: set.Key(), display: set.Name, idProperty: opts.IDProperty, obj: opts.Object,
			layer: opts.Layer, dissolve: opts.Dissolve, dissolveBy: opts.DissolveBy}
		if layer, fs, ok := c.get(key); ok {
			b.findings = append(b.findings, fs...)
			b.features = layer.Features
			return nil
		}
	}
	res, err := load.Parse(set, opts)
	if err != nil {
		return err
	}
	if c != nil {
		c.put(key, res.Layer, res.Findings)
	}
	b.findings = append(b.findings, res.Findings...)
	b.features = res.Layer.Features
	return nil
}

func (b *builder) findBorders() error {
	geoms := make([]orb.MultiPolygon, len(b.units))
	for i, u := range b.units {
		geoms[i] = u.geometry
	}
	rule := adjacency.Rook
	if b.ed.Adjacency.Rule == string(adjacency.Queen) {
		rule = adjacency.Queen
	}
	res := adjacency.Compute(geoms, adjacency.Options{Rule: rule, ToleranceM: b.ed.Adjacency.ToleranceM,
		MinBorderM: b.ed.Adjacency.MinBorderM, Coast: b.needsCoast()})
	b.coast = res.Coast
	b.findings = append(b.findings, res.Problems(
		func(i int) string { return b.units[i].name },
		func(int) diag.Position { return b.at("/borders/file") },
		b.at("/adjacency/tolerance_m"))...)
	lengths := map[[2]int]float64{}
	for _, p := range res.Pairs {
		ra, rb := b.units[p.A].region, b.units[p.B].region
		if ra < 0 || rb < 0 || ra == rb {
			continue
		}
		lengths[pairOf(ra, rb)] += p.LengthKm
	}
	for _, k := range sortedPairs(lengths) {
		km := lengths[k]
		if rule == adjacency.Rook && b.ed.Adjacency.MinBorderM > 0 && km*1000 <= b.ed.Adjacency.MinBorderM {
			continue
		}
		b.walk[k] = &mapdata.Link{A: b.regions[k[0]].id, B: b.regions[k[1]].id, Kind: mapdata.Border, LengthKm: km}
	}
	return nil
}

func (b *builder) needsCoast() bool {
	for _, s := range b.ed.Seas {
		if s.Geometry != nil {
			return true
		}
	}
	return false
}

func pairOf(a, c int) [2]int {
	if c < a {
		a, c = c, a
	}
	return [2]int{a, c}
}

func sortedPairs[V any](m map[[2]int]V) [][2]int {
	out := make([][2]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}

// ptr builds a pointer into the edition.
func ptr(tokens ...any) string { return srcpos.Join("", tokens...) }

func (b *builder) pack() *mapdata.Pack {
	e := b.ed
	p := &mapdata.Pack{
		Kind:    mapdata.KindRegions,
		Edition: mapdata.EditionInfo{ID: e.ID, Name: e.Name, Days: e.Days},
		Rules:   b.playRules(),
		Colors:  b.colorList(),
		Links:   b.links,
		Seas:    []mapdata.Sea{},
		Rails:   []mapdata.Rail{},
	}
	for i, r := range b.regions {
		p.Regions = append(p.Regions, mapdata.Region{ID: r.id, Name: r.name, Aliases: r.aliases, Names: b.translations[i], Color: r.color,
			Copies: r.copies, AirOnly: b.airOnly[i], Seas: r.seas, Rails: r.rails})
	}
	for _, id := range slices.Sorted(maps.Keys(e.Seas)) {
		p.Seas = append(p.Seas, mapdata.Sea{ID: id, Name: e.Seas[id].Name, Connects: seaConnects(e.Seas, id)})
	}
	for _, id := range slices.Sorted(maps.Keys(e.Rails)) {
		p.Rails = append(p.Rails, mapdata.Rail{ID: id, Name: e.Rails[id].Name, Stops: b.railStops[id]})
	}
	p.Removed = b.removed
	p.ShipRoutes = b.shipRoutes
	p.Deck = mapdata.Deck{Cards: b.deck(p)}
	if e.Expect.RegionCards != nil || e.Expect.TransportCards != nil || e.Expect.Regions != nil {
		p.Expect = &mapdata.Expect{RegionCards: e.Expect.RegionCards, TransportCards: e.Expect.TransportCards, Regions: e.Expect.Regions}
	}
	p.Provenance = mapdata.Provenance{Tool: version.Tool, Version: version.Version, Parameters: b.parameters(), Notes: e.Provenance}
	p.Provenance.Inputs = b.files.Inputs()
	return p
}

func (b *builder) parameters() map[string]string {
	e := b.ed
	rule := e.Adjacency.Rule
	if rule == "" {
		rule = string(adjacency.Rook)
	}
	params := map[string]string{
		"adjacency.rule":         rule,
		"adjacency.tolerance_m":  strconv.FormatFloat(e.Adjacency.ToleranceM, 'g', -1, 64),
		"adjacency.min_border_m": strconv.FormatFloat(e.Adjacency.MinBorderM, 'g', -1, 64),
		"automobile.through":     fmt.Sprint(b.throughKinds()),
		"borders.file":           e.Borders.File,
	}
	if e.Borders.Object != "" {
		params["borders.object"] = e.Borders.Object
	}
	if e.Colors.Published {
		params[mapdata.ParamColorsPublished] = "true"
	}
	if e.Borders.ID != "" {
		params["borders.id"] = e.Borders.ID
	}
	if len(e.Borders.Files) > 0 {
		params["borders.files"] = strings.Join(e.Borders.Files, ",")
	}
	if e.Borders.Layer != "" {
		params["borders.layer"] = e.Borders.Layer
	}
	if !e.Borders.Dissolves() {
		params["borders.dissolve"] = "false"
	}
	if e.Borders.DissolveBy != "" {
		params["borders.dissolve_by"] = e.Borders.DissolveBy
	}
	for _, id := range slices.Sorted(maps.Keys(e.Seas)) {
		if g := e.Seas[id].Geometry; g != nil {
			params["seas."+id+".tolerance_m"] = strconv.FormatFloat(g.ToleranceM, 'g', -1, 64)
		}
	}
	return params
}

// seaConnects is the seas that sea id joins, either side naming the other,
// sorted; a name that is no sea stays, for lint to report (seas/connects).
func seaConnects(seas map[string]mapdata.SeaSpec, id string) []string {
	set := map[string]bool{}
	for _, other := range seas[id].Connects {
		set[other] = true
	}
	for other, spec := range seas {
		if slices.Contains(spec.Connects, id) {
			set[other] = true
		}
	}
	if len(set) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(set))
}
