package starter

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/borders/load"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/mapdata"
)

// Request is what `tendays init` is asked, in the words of its flags: the
// borders, which of their features become regions, and how to name the
// edition. Its methods go from it to the edition init writes, step by step,
// so that the command can print and refuse between the steps.
type Request struct {
	// Folder is the edition's folder (its name gives the default id).
	Folder string
	// Borders are the borders: files, folders, globs or zips (any of
	// GeoJSON, TopoJSON, Shapefile, GeoPackage), or the one name of
	// bundled borders (editions.BundledBorders: world, admin1).
	Borders []string
	// NameProperty names a region (borders.id); "" means "name" for the
	// bundled borders, else the most name-like text property (NameProperty).
	NameProperty string
	// IDProperty holds the short region ids; "" lets ChooseIDs choose.
	IDProperty string
	// DissolveBy groups the features into regions by this property's value
	// ("": by the name, the default).
	DissolveBy string
	Object     string   // the TopoJSON object ("": the first)
	Layer      string   // the GeoPackage layer ("": the first with polygons)
	Only       []string // --only: names or ids of features
	Where      []string // --where: PROPERTY=VALUE
	BBox       string   // --bbox: W,S,E,N in degrees
	Within     string   // --within: a file of polygons
	// EditionID and EditionName default to the folder's name.
	EditionID, EditionName string
	// MaxBytes refuses bigger borders files (0: mapdata.DefaultMaxInput).
	MaxBytes int64
	// Rules names a box whose rules block the edition starts with
	// (Presets: deutschland); "" for the boxes' usual rules.
	Rules string
}

// Selection reads the selection of a request: the --where conditions, the
// --bbox and the polygons of the --within file.
func (r Request) Selection() (Selection, error) {
	sel := Selection{Only: r.Only}
	for _, w := range r.Where {
		c, err := ParseCond(w)
		if err != nil {
			return sel, fmt.Errorf("--where %w", err)
		}
		sel.Where = append(sel.Where, c)
	}
	if r.BBox != "" {
		parts := strings.Split(r.BBox, ",")
		var v [4]float64
		ok := len(parts) == 4
		for i := 0; ok && i < 4; i++ {
			x, err := strconv.ParseFloat(strings.TrimSpace(parts[i]), 64)
			ok = err == nil && x >= -180 && x <= 180 && (i%2 == 0 || (x >= -90 && x <= 90))
			v[i] = x
		}
		if !ok || v[0] >= v[2] || v[1] >= v[3] {
			return sel, fmt.Errorf("--bbox %q: want W,S,E,N in degrees, west < east and south < north", r.BBox)
		}
		sel.BBox = &orb.Bound{Min: orb.Point{v[0], v[1]}, Max: orb.Point{v[2], v[3]}}
	}
	if r.Within != "" {
		layer, _, err := borders.Read(r.Within, borders.Options{MaxBytes: r.MaxBytes, IDProperty: "$id"})
		if err != nil {
			return sel, err
		}
		sel.Areas = borders.Geometries(layer.Features)
		if len(sel.Areas) == 0 {
			return sel, diag.Errorf(diag.Position{File: r.Within}, "holds no polygon")
		}
	}
	return sel, nil
}

// Describe says how the regions were selected, in the flags' words, for
// the edition's comment.
func (r Request) Describe() string {
	var parts []string
	if len(r.Only) > 0 {
		parts = append(parts, "--only "+strings.Join(r.Only, ","))
	}
	for _, w := range r.Where {
		parts = append(parts, "--where "+w)
	}
	if r.BBox != "" {
		parts = append(parts, "--bbox "+r.BBox)
	}
	if r.Within != "" {
		parts = append(parts, "--within "+filepath.Base(r.Within))
	}
	if len(parts) == 0 {
		return "every feature"
	}
	return "the features selected by " + strings.Join(parts, " ")
}

// Source is the borders of a request, read.
type Source struct {
	Layer    *borders.Layer
	Findings []diag.Finding
	// Set is every file read (nil for the bundled borders).
	Set *load.Set
	// Data is the bytes of the one file copied as it is (a single GeoJSON
	// or TopoJSON file in WGS 84), or of the bundled borders.
	Data []byte
	// Reprojected says the borders were not all in WGS 84.
	Reprojected bool
	// NameProperty is the property naming the regions: the one asked,
	// "name" for the bundled borders, or the one NameProperty found.
	NameProperty string
	// NameWhy says how the name property was chosen, for the edition's
	// comment ("" when it was asked for).
	NameWhy string
	// Properties are the properties the features have, for
	// --list-properties and for the error when no name fits.
	Properties []PropertyInfo
	Bundled    *editions.Borders // nil for files
}

// Name names the borders in messages: the file, the files, the bundled name.
func (r Request) Name() string { return strings.Join(r.Borders, ", ") }

// bundled is the bundled borders a request names, if it names them.
func (r Request) bundled() (editions.Borders, bool) {
	if len(r.Borders) != 1 {
		return editions.Borders{}, false
	}
	return editions.BundledBorders(r.Borders[0])
}

// Read reads the borders of a request: the bundled ones, or the files
// (each within MaxBytes), naming the regions by NameProperty, pieces that
// share a name (or a value of DissolveBy) joined into one region. Files
// read without a name property are decoded twice: once to find the most
// name-like property, then naming the regions by it.
func (r Request) Read() (*Source, error) {
	src := &Source{NameProperty: r.NameProperty}
	opts := load.Options{Layer: r.Layer, Options: borders.Options{IDProperty: r.NameProperty, Object: r.Object,
		Dissolve: true, DissolveBy: r.DissolveBy}}
	var err error
	if bundled, ok := r.bundled(); ok {
		src.Bundled, src.Data = &bundled, bundled.Data
		if src.NameProperty == "" {
			src.NameProperty, opts.IDProperty = "name", "name"
		}
		src.Layer, src.Findings, err = borders.Decode(bundled.Name, src.Data, opts.Options)
		if err == nil {
			src.Properties = Properties(src.Layer.Features)
		}
		return src, err
	}
	if len(r.Borders) == 0 {
		return nil, fmt.Errorf("no borders given")
	}
	if src.Set, err = load.Gather(load.OS{}, r.Borders, r.MaxBytes); err != nil {
		return nil, err
	}
	if r.DissolveBy != "" {
		// A mistyped --dissolve-by would join nothing, silently.
		res, err := load.Parse(src.Set, load.Options{Layer: r.Layer, Options: borders.Options{IDProperty: "$id", Object: r.Object}})
		if err != nil {
			return nil, err
		}
		if props := borders.PropertyNames(res.Layer.Features); !slices.Contains(props, r.DissolveBy) {
			return nil, fmt.Errorf("--dissolve-by %s: no feature has the property %q%s", r.DissolveBy, r.DissolveBy, suggest(r.DissolveBy, props))
		}
	}
	if src.NameProperty == "" {
		// A first reading, pieces apart, finds the names.
		first := opts
		first.IDProperty, first.Dissolve, first.DissolveBy = "$id", false, ""
		res, err := load.Parse(src.Set, first)
		if err != nil {
			return nil, err
		}
		src.Properties = Properties(res.Layer.Features)
		choice, ok := ChooseNameProperty(src.Properties)
		if !ok {
			return src, &NoNameError{Borders: r.Name(), Properties: src.Properties}
		}
		src.NameProperty, src.NameWhy = choice.Property, choice.Why
		opts.IDProperty = src.NameProperty
	}
	res, err := load.Parse(src.Set, opts)
	if err != nil {
		return nil, err
	}
	src.Layer, src.Findings, src.Reprojected = res.Layer, res.Findings, res.Reprojected
	if src.Properties == nil {
		src.Properties = Properties(src.Layer.Features)
	}
	if src.Set.Single() && !src.Reprojected {
		src.Data = src.Set.Files[0].Data
	}
	return src, nil
}

// NoNameError is borders with no property name-like enough to name the
// regions: it lists the properties, with examples, and how to choose.
type NoNameError struct {
	Borders    string
	Properties []PropertyInfo
}

func (e *NoNameError) Error() string {
	return fmt.Sprintf("%s: no property of the features looks like their names; choose one with --name PROPERTY (tendays init --list-properties shows each with examples). The properties: %s",
		e.Borders, strings.Join(propertyNames(e.Properties), ", "))
}

// Choose selects the regions of a request among the features read: at
// least two, each with a name the schemas take (a region name that would
// make an edition that does not build is refused here, naming the
// feature).
func (r Request) Choose(src *Source, sel Selection) (*Result, error) {
	features := src.Layer.Features
	res, err := Select(features, sel)
	if err != nil {
		return nil, err
	}
	if len(res.Kept) < 2 {
		return nil, diag.Errorf(diag.Position{File: r.Name()}, "the selection keeps %d feature(s); an edition needs at least two", len(res.Kept))
	}
	for _, i := range res.Kept {
		f := features[i]
		if err := mapdata.CheckName(f.ID); err != nil {
			file := f.File
			if file == "" {
				file = r.Name()
			}
			return nil, diag.Errorf(diag.Position{File: file, Pointer: f.Pointer},
				"the region name \"%s\" cannot name a region: %v (schema/pack.schema.json $defs/name); name the regions by another property (--name PROPERTY) or leave this feature out (--only, --where, --bbox)",
				shortName(f.ID), err)
		}
	}
	return res, nil
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

// Plan is what init writes into the edition's folder.
type Plan struct {
	Spec        Spec
	BordersFile string // the borders' file name in the folder
	Borders     []byte // its bytes
	Edition     []byte // edition.yaml
}

// Plan is the edition of the regions chosen: the borders to copy (the
// chosen and touching features alone, as GeoJSON, when a selection was
// made or the borders are bundled; else the file as it is), and
// edition.yaml with its ids, names, air-only regions, sea and ferries.
func (r Request) Plan(src *Source, sel Selection, res *Result) (*Plan, error) {
	// Names that differ only in case, spacing or punctuation (Senegal's
	// Saint-Louis, Mauritius's Saint Louis) would name two regions with one
	// card: such names get their country, and the borders are written.
	features, renamed := DistinctNames(src.Layer.Features, append(slices.Clone(res.Kept), res.Touching...), src.NameProperty)
	spec := Spec{Folder: r.Folder, Source: r.Name(), NameProperty: src.NameProperty, NameWhy: src.NameWhy, Object: r.Object,
		Selection: r.Describe(), DissolveBy: r.DissolveBy}
	if src.Bundled != nil {
		spec.Source = src.Bundled.Source
	}
	plan := &Plan{Borders: src.Data}
	if src.Set != nil {
		if n := len(src.Set.Files); n > 1 {
			spec.Source = fmt.Sprintf("%s (%d files)", r.Name(), n)
		}
		if src.Reprojected {
			spec.Source += ", reprojected to WGS 84"
		}
		if src.Data != nil {
			plan.BordersFile = path.Base(filepath.ToSlash(src.Set.Files[0].Name))
		}
	}
	if src.Bundled != nil || src.Data == nil || !sel.Empty() || renamed > 0 {
		// The selected and touching features alone (or every feature of
		// borders init does not copy as they are: several files, a zip, a
		// Shapefile, a GeoPackage, a projection), as GeoJSON in WGS 84.
		plan.BordersFile, spec.Object = "borders.geojson", ""
		var err error
		if plan.Borders, err = Subset(features, res); err != nil {
			return nil, err
		}
	}
	spec.BordersFile = plan.BordersFile
	for _, i := range res.Kept {
		spec.Regions = append(spec.Regions, features[i].ID)
	}
	// Regions that border no other one are marked air-only, when most
	// regions border another (islands of a mainland); a selection of
	// islands alone is left for the designer to join.
	if !res.Islands() {
		for _, i := range res.Isolated {
			spec.AirOnly = append(spec.AirOnly, features[i].ID)
		}
	}
	// A selection of islands is joined by a sea instead (named below,
	// once the edition has its name).
	for _, i := range res.Touching {
		spec.Omit = append(spec.Omit, features[i].ID)
	}
	spec.Borders = BorderNames(features, res)
	ids := ChooseIDs(features, res.Kept, r.IDProperty)
	spec.IDs, spec.IDSource, spec.IDProperty = ids.IDs, ids.Describe(), ids.Property
	// The bundled states and provinces carry the name as Natural Earth
	// gives it (label) beside the unique one: the board shows the label
	// where no other kept region has it.
	spec.Names = Labels(features, res.Kept, "label")
	spec.Translations = Translations(features, res.Kept, src.Bundled != nil && src.Bundled.Name == editions.WorldName)
	spec.ID = r.EditionID
	if spec.ID == "" {
		spec.ID = EditionID(filepath.Base(filepath.Clean(r.Folder)))
	} else if EditionID(spec.ID) != spec.ID {
		return nil, fmt.Errorf("--edition-id %q: an id is lower-case letters, digits and dashes (e.g. %s)", spec.ID, EditionID(spec.ID))
	}
	spec.Name = r.EditionName
	if spec.Name == "" {
		// One country's states and provinces: "10 Days in Canada".
		if country := Common(features, res.Kept, "country_name"); country != "" && src.Bundled != nil {
			spec.Name = "10 Days in " + country
		} else {
			spec.Name = Title(spec.ID)
		}
	} else if err := mapdata.CheckName(spec.Name); err != nil {
		// The name is shown to players and printed by every command: the
		// edition schema refuses what the pack schema refuses.
		return nil, fmt.Errorf("--edition-name \"%s\": %v", diag.OneLine(spec.Name), err)
	}
	spec.Sea = SeaFor(features, res, spec.Name)
	if r.Rules != "" {
		preset, err := LookupPreset(r.Rules)
		if err != nil {
			return nil, err
		}
		spec.Rules = preset
	}
	spec.Ferries = IslandFerries(features, res)
	spec.Insets = Insets(features, res.Kept, spec.AirOnly)
	plan.Spec, plan.Edition = spec, Write(spec)
	return plan, nil
}
