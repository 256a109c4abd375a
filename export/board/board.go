// Package board reads the board geometry that build writes beside a pack
// (<id>.board.geojson; the contract is in mapdata/board.go) into typed
// layers: regions, other land, seas and rail lines, in longitude/latitude,
// and writes it (EncodeGeoJSON), its features as json.Marshal writes them
// but without reflection (AppendFeature, which every GeoJSON export uses).
//
// It checks the file's shape (layers, ids, geometry types) and that the
// board fits a pack, but it draws nothing and projects nothing: see
// export/project and export/scene for that.
package board

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// Geometry is an edition's geometry, layer by layer, in the order of the file.
type Geometry struct {
	File    string // where it was read from, for messages
	Regions []Region
	Land    []Land
	Seas    []Sea
	Rails   []Rail
	// Features is the file as read (every layer, unknown ones included), so
	// that the GeoJSON export can pass through what it does not interpret.
	Features *geojson.FeatureCollection
}

// Region is one region's outline.
type Region struct {
	ID       string
	Name     string
	Geometry orb.MultiPolygon
	Feature  int    // index in Features
	Map      string // the member map of a combined pack's board ("" for one map)
	// Inset is the box beside the main map the region is drawn in (1-based,
	// from the edition's board.insets), 0 for the main map; InsetTitle is
	// that box's caption when the edition gives one.
	Inset      int
	InsetTitle string
}

// Land is a feature of the borders file that is no region.
type Land struct {
	Name     string
	Geometry orb.MultiPolygon
	Map      string
}

// Sea is one sea's polygons as the edition drew them.
type Sea struct {
	ID, Name string
	Geometry orb.MultiPolygon
	Map      string
}

// Rail is a rail line's track.
type Rail struct {
	ID, Name string
	Geometry orb.MultiLineString
	Map      string
}

// ByID indexes the regions by id, for code that looks up every region of
// a pack: Region searches the list, so a loop over the pack with it is
// quadratic (2,000 regions and more, issue 33).
func (b *Geometry) ByID() map[string]*Region {
	m := make(map[string]*Region, len(b.Regions))
	for i := range b.Regions {
		if _, dup := m[b.Regions[i].ID]; !dup { // the first, as Region finds
			m[b.Regions[i].ID] = &b.Regions[i]
		}
	}
	return m
}

// Region returns the region with the given id, or nil.
func (b *Geometry) Region(id string) *Region {
	for i := range b.Regions {
		if b.Regions[i].ID == id {
			return &b.Regions[i]
		}
	}
	return nil
}

// Read reads a board file.
func Read(path string) (*Geometry, error) {
	src, err := mapdata.ReadFile(path, 0)
	if err != nil {
		return nil, err
	}
	return Decode(path, src)
}

// Decode reads a board from GeoJSON text; file names it in errors.
//
// A board of the shape build writes is read by the borders scanner
// (scanCollection); any other goes through orb's decoder, which reads
// the same FeatureCollection from a board of that shape (FuzzBoardReaders)
// and gives its verdict on the rest.
func Decode(file string, src []byte) (*Geometry, error) {
	// pos finds line:column only when there is an error to report: indexing
	// a large board up front would cost more than reading it.
	pos := func(ptr string) diag.Position {
		if doc, err := mapdata.ParseJSON(file, src); err == nil {
			return doc.Position(ptr)
		}
		return diag.Position{File: file, Pointer: ptr}
	}
	fc, ok := scanCollection(src)
	if !ok {
		var err error
		if fc, err = decodeWithOrb(file, src, pos); err != nil {
			return nil, err
		}
	}
	b := &Geometry{File: file, Features: fc}
	seen := map[string]bool{}
	for i, f := range fc.Features {
		at := fmt.Sprintf("/features/%d", i)
		layer, _ := f.Properties["layer"].(string)
		member, _ := f.Properties["map"].(string) // a combined board's member map
		switch layer {
		case mapdata.LayerRegion:
			id := featureID(f)
			if id == "" {
				return nil, diag.Errorf(pos(at+"/id"), "a region feature needs an id (the region id)")
			}
			if seen[id] {
				return nil, diag.Errorf(pos(at+"/id"), "region %q has a second feature", id)
			}
			seen[id] = true
			g, err := areal(f.Geometry)
			if err != nil {
				return nil, diag.Errorf(pos(at+"/geometry"), "region %q: %w", id, err)
			}
			name, _ := f.Properties["name"].(string)
			reg := Region{ID: id, Name: name, Geometry: g, Feature: i, Map: member}
			if v, ok := f.Properties["inset"]; ok {
				n, isNum := v.(float64)
				if !isNum || n < 1 || n > 64 || n != float64(int(n)) {
					return nil, diag.Errorf(pos(at+"/properties/inset"), "region %q: inset must be a whole number from 1 to 64", id)
				}
				reg.Inset = int(n)
				reg.InsetTitle, _ = f.Properties["insetTitle"].(string)
			}
			b.Regions = append(b.Regions, reg)
		case mapdata.LayerLand:
			g, err := areal(f.Geometry)
			if err != nil {
				return nil, diag.Errorf(pos(at+"/geometry"), "land: %w", err)
			}
			name, _ := f.Properties["name"].(string)
			b.Land = append(b.Land, Land{Name: name, Geometry: g, Map: member})
		case mapdata.LayerSea:
			g, err := areal(f.Geometry)
			if err != nil {
				return nil, diag.Errorf(pos(at+"/geometry"), "sea: %w", err)
			}
			id, _ := f.Properties["sea"].(string)
			if id == "" {
				return nil, diag.Errorf(pos(at+"/properties"), "a sea feature needs a \"sea\" property (the sea id)")
			}
			name, _ := f.Properties["name"].(string)
			b.Seas = append(b.Seas, Sea{ID: id, Name: name, Geometry: g, Map: member})
		case mapdata.LayerRail:
			g, err := linear(f.Geometry)
			if err != nil {
				return nil, diag.Errorf(pos(at+"/geometry"), "rail: %w", err)
			}
			id, _ := f.Properties["rail"].(string)
			if id == "" {
				return nil, diag.Errorf(pos(at+"/properties"), "a rail feature needs a \"rail\" property (the rail id)")
			}
			name, _ := f.Properties["name"].(string)
			b.Rails = append(b.Rails, Rail{ID: id, Name: name, Geometry: g, Map: member})
		default:
			// Layers this reader does not know are passed through untouched.
		}
	}
	return b, nil
}

// decodeWithOrb reads a board of any shape with orb's decoder, or says
// what is wrong with it.
func decodeWithOrb(file string, src []byte, pos func(string) diag.Position) (*geojson.FeatureCollection, error) {
	if !json.Valid(src) {
		if _, err := mapdata.ParseJSON(file, src); err != nil {
			return nil, err // names the line:column of the fault
		}
		return nil, diag.Errorf(diag.Position{File: file}, "not valid JSON")
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(src, &head); err != nil || head.Type != "FeatureCollection" {
		return nil, diag.Errorf(pos("/type"), "a board must be a GeoJSON FeatureCollection (type is %q)", head.Type)
	}
	fc, err := geojson.UnmarshalFeatureCollection(src)
	if err != nil {
		return nil, diag.Errorf(pos(""), "reading GeoJSON: %w", err)
	}
	return fc, nil
}

// featureID is the region id: the feature id, or properties.id.
func featureID(f *geojson.Feature) string {
	switch v := f.ID.(type) {
	case string:
		return v
	case float64:
		return fmt.Sprint(v)
	}
	id, _ := f.Properties["id"].(string)
	return id
}

func areal(g orb.Geometry) (orb.MultiPolygon, error) {
	var mp orb.MultiPolygon
	switch t := g.(type) {
	case orb.Polygon:
		mp = orb.MultiPolygon{t}
	case orb.MultiPolygon:
		mp = t
	case nil:
		return nil, fmt.Errorf("no geometry")
	default:
		return nil, fmt.Errorf("want a Polygon or MultiPolygon, found %s", g.GeoJSONType())
	}
	for _, poly := range mp {
		for _, ring := range poly {
			if len(ring) < 3 {
				return nil, fmt.Errorf("a ring has %d points (want at least 3)", len(ring))
			}
			if err := finite(ring); err != nil {
				return nil, err
			}
		}
	}
	return mp, nil
}

func linear(g orb.Geometry) (orb.MultiLineString, error) {
	var ml orb.MultiLineString
	switch t := g.(type) {
	case orb.LineString:
		ml = orb.MultiLineString{t}
	case orb.MultiLineString:
		ml = t
	case nil:
		return nil, fmt.Errorf("no geometry")
	default:
		return nil, fmt.Errorf("want a LineString or MultiLineString, found %s", g.GeoJSONType())
	}
	for _, ls := range ml {
		if err := finite(ls); err != nil {
			return nil, err
		}
	}
	return ml, nil
}

// finite refuses coordinates no projection can place.
func finite(pts []orb.Point) error {
	for _, p := range pts {
		if !(p[0] >= -540 && p[0] <= 540) || !(p[1] >= -90 && p[1] <= 90) {
			return fmt.Errorf("point [%v, %v] is not a longitude, latitude", p[0], p[1])
		}
	}
	return nil
}

// Check reports whether the board fits the pack: every region of the pack
// has an outline and every outline is a region of the pack. The message
// names both files, since the usual cause is a board of another edition.
func (b *Geometry) Check(p *mapdata.Pack, packFile string) error {
	var missing, extra []string
	outlines := b.ByID()
	regions := make(map[string]bool, len(p.Regions))
	for _, r := range p.Regions {
		regions[r.ID] = true
		if outlines[r.ID] == nil {
			missing = append(missing, r.ID)
		}
	}
	for _, r := range b.Regions {
		if !regions[r.ID] {
			extra = append(extra, r.ID)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "no outline for "+list(missing))
	}
	if len(extra) > 0 {
		parts = append(parts, "outlines of regions the pack does not have: "+list(extra))
	}
	if len(parts) == 0 {
		return nil
	}
	return diag.Errorf(diag.Position{File: b.File}, "does not fit %s: %s (is it the board of another edition? rebuild the pack)", packFile, strings.Join(parts, "; "))
}

func list(ids []string) string {
	const max = 8
	if len(ids) > max {
		return strings.Join(slices.Clip(ids[:max]), ", ") + fmt.Sprintf(" and %d more", len(ids)-max)
	}
	return strings.Join(ids, ", ")
}
