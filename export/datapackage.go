package export

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// Data Package v2 (https://datapackage.org/standard/data-package/): the
// descriptor and the resources it lists, written side by side in a folder.

// DataPackageSchema is the profile a v2 descriptor names.
const DataPackageSchema = "https://datapackage.org/profiles/2.0/datapackage.json"

// Descriptor is datapackage.json.
type Descriptor struct {
	Schema      string     `json:"$schema"`
	Name        string     `json:"name"`
	Title       string     `json:"title,omitempty"`
	Description string     `json:"description,omitempty"`
	Version     string     `json:"version"`
	Licenses    []License  `json:"licenses"`
	Sources     []Source   `json:"sources"`
	Keywords    []string   `json:"keywords,omitempty"`
	Resources   []Resource `json:"resources"`
}

// License is a licence of the package.
type License struct {
	Name  string `json:"name"`
	Path  string `json:"path,omitempty"`
	Title string `json:"title,omitempty"`
}

// Source is where the data came from.
type Source struct {
	Title string `json:"title"`
	Path  string `json:"path,omitempty"`
}

// Resource is one file of the package.
type Resource struct {
	Name        string       `json:"name"`
	Type        string       `json:"type,omitempty"`
	Path        string       `json:"path"`
	Title       string       `json:"title,omitempty"`
	Format      string       `json:"format"`
	Mediatype   string       `json:"mediatype"`
	Encoding    string       `json:"encoding"`
	Bytes       int          `json:"bytes"`
	Hash        string       `json:"hash"` // "sha256:<hex>"
	Dialect     *Dialect     `json:"dialect,omitempty"`
	TableSchema *TableSchema `json:"schema,omitempty"`
}

// Dialect describes a CSV file's layout (Table Dialect v2).
type Dialect struct {
	Header         bool   `json:"header"`
	Delimiter      string `json:"delimiter"`
	LineTerminator string `json:"lineTerminator"`
	QuoteChar      string `json:"quoteChar"`
}

// TableSchema types a table's columns (Table Schema v2).
type TableSchema struct {
	Fields      []Field      `json:"fields"`
	PrimaryKey  []string     `json:"primaryKey,omitempty"`
	ForeignKeys []ForeignKey `json:"foreignKeys,omitempty"`
	MissingVals []string     `json:"missingValues"`
}

// Field is one column.
type Field struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description,omitempty"`
}

// ForeignKey ties columns to another resource's.
type ForeignKey struct {
	Fields    []string `json:"fields"`
	Reference FKRef    `json:"reference"`
}

// FKRef is the far end of a foreign key.
type FKRef struct {
	Resource string   `json:"resource"`
	Fields   []string `json:"fields"`
}

// Licences tendays knows the name and address of; another id is written
// with its name only.
var knownLicenses = map[string]License{
	"ODC-PDDL-1.0": {Name: "ODC-PDDL-1.0", Path: "https://opendatacommons.org/licenses/pddl/", Title: "Open Data Commons Public Domain Dedication and License v1.0"},
	"CC0-1.0":      {Name: "CC0-1.0", Path: "https://creativecommons.org/publicdomain/zero/1.0/", Title: "Creative Commons Zero v1.0 Universal"},
	"CC-BY-4.0":    {Name: "CC-BY-4.0", Path: "https://creativecommons.org/licenses/by/4.0/", Title: "Creative Commons Attribution 4.0"},
	"ODC-BY-1.0":   {Name: "ODC-BY-1.0", Path: "https://opendatacommons.org/licenses/by/", Title: "Open Data Commons Attribution License v1.0"},
	"ODbL-1.0":     {Name: "ODbL-1.0", Path: "https://opendatacommons.org/licenses/odbl/", Title: "Open Data Commons Open Database License v1.0"},
}

// DefaultLicense suits the bundled editions, whose borders are public
// domain (U.S. Census Bureau, Natural Earth). Set your own for your edition.
const DefaultLicense = "ODC-PDDL-1.0"

// DataPackageFiles gives datapackage.json and its resources: the pack as
// read, the two CSV tables and, when there is a board, the GeoJSON.
func DataPackageFiles(p *mapdata.Pack, in Input, opt Options) ([]File, error) {
	id := baseName(p)
	packJSON := in.PackJSON
	if packJSON == nil {
		var b bytes.Buffer
		if err := mapdata.EncodeJSON(&b, p); err != nil {
			return nil, err
		}
		packJSON = b.Bytes()
	}
	tables, err := CSVFiles(p)
	if err != nil {
		return nil, err
	}
	files := []File{{Name: mapdata.PackFileName(id), Data: packJSON}}
	files = append(files, tables...)
	if in.Board != nil {
		gj, err := GeoJSONBytes(p, in.Board)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: id + ".board.geojson", Data: gj})
	}

	d := Descriptor{
		Schema:      DataPackageSchema,
		Name:        "tendays-" + id,
		Title:       p.Edition.Name,
		Description: "The map pack of " + p.Edition.Name + " (regions, links, deck) with its tables and board geometry, exported by tendays.",
		Version:     opt.PackageVersion,
		Keywords:    []string{"tendays", "board game", "map"},
	}
	if p.Combined != nil {
		d.Description = "The map pack of " + p.Edition.Name + ", a combined edition of " + strings.Join(memberNames(p), ", ") +
			" (regions, links, deck), with its tables and board geometry, exported by tendays."
	}
	if d.Version == "" {
		d.Version = "1.0.0"
	}
	lic := opt.License
	if lic == "" {
		lic = DefaultLicense
	}
	if l, ok := knownLicenses[lic]; ok {
		d.Licenses = []License{l}
	} else {
		d.Licenses = []License{{Name: lic}}
	}
	d.Sources = []Source{}
	for _, src := range p.Provenance.Inputs {
		d.Sources = append(d.Sources, Source{Title: src.Path + " (sha256:" + src.SHA256 + ")"})
	}
	csvDialect := &Dialect{Header: true, Delimiter: ",", LineTerminator: "\r\n", QuoteChar: "\""}
	for _, f := range files {
		r := Resource{Path: f.Name, Encoding: "utf-8", Bytes: len(f.Data), Hash: "sha256:" + sha256Hex(f.Data)}
		switch {
		case strings.HasSuffix(f.Name, ".pack.json"):
			r.Name, r.Title, r.Format, r.Mediatype = "pack", "The map pack", "json", "application/json"
		case strings.HasSuffix(f.Name, ".regions.csv"):
			r.Name, r.Type, r.Title, r.Format, r.Mediatype = "regions", "table", "Regions", "csv", "text/csv"
			r.Dialect = csvDialect
			r.TableSchema = &TableSchema{Fields: []Field{
				{Name: "id", Type: "string", Description: "the region id; a card names a region by id or name"},
				{Name: "name", Type: "string"},
				{Name: "color", Type: "string", Description: "the card colour's id"},
				{Name: "copies", Type: "integer", Description: "cards of this region in the box"},
				{Name: "air_only", Type: "boolean", Description: "reached only by airplane"},
				{Name: "seas", Type: "string", Description: "sea ids, separated by ;"},
				{Name: "rails", Type: "string", Description: "rail line ids, separated by ;"},
			}, PrimaryKey: []string{"id"}, MissingVals: []string{""}}
			if p.Combined != nil {
				r.TableSchema.Fields = append(r.TableSchema.Fields, Field{Name: MapColumn, Type: "string",
					Description: "the member map the region is on (" + strings.Join(memberIDs(p), ", ") + ")"})
			}
		case strings.HasSuffix(f.Name, ".links.csv"):
			r.Name, r.Type, r.Title, r.Format, r.Mediatype = "links", "table", "Links", "csv", "text/csv"
			r.Dialect = csvDialect
			r.TableSchema = &TableSchema{Fields: []Field{
				{Name: "a", Type: "string"},
				{Name: "b", Type: "string"},
				{Name: "kind", Type: "string", Description: "border, bridge, ferry or car"},
				{Name: "length_km", Type: "number", Description: "a border's shared length"},
				{Name: "via", Type: "string", Description: "a car link's middle regions, separated by ;"},
				{Name: "why", Type: "string", Description: "the edition's reason for a link it added"},
			}, MissingVals: []string{""}, ForeignKeys: []ForeignKey{
				{Fields: []string{"a"}, Reference: FKRef{Resource: "regions", Fields: []string{"id"}}},
				{Fields: []string{"b"}, Reference: FKRef{Resource: "regions", Fields: []string{"id"}}},
			}}
		case strings.HasSuffix(f.Name, ".geojson"):
			r.Name, r.Title, r.Format, r.Mediatype = "board", "Board geometry with each region's facts", "geojson", "application/geo+json"
		}
		d.Resources = append(d.Resources, r)
	}
	var b bytes.Buffer
	if err := mapdata.EncodeJSON(&b, d); err != nil {
		return nil, err
	}
	return append([]File{{Name: "datapackage.json", Data: b.Bytes()}}, files...), nil
}

func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
