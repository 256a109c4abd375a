package export

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/topojson"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/mapdata"
)

// The layers of the geographic exports, by the board's layer property
// (mapdata.LayerRegion ...) or, for a route network, by kind: the TopoJSON
// objects and the GIS files are named after them, in this order.
var (
	boardLayers   = []layerName{{mapdata.LayerRegion, "regions"}, {mapdata.LayerLand, "land"}, {mapdata.LayerSea, "seas"}, {mapdata.LayerRail, "rails"}}
	networkLayers = []layerName{{"station", "stations"}, {"route", "routes"}}
)

type layerName struct{ layer, name string }

// layerOf is a feature's layer property.
func layerOf(f *geojson.Feature) string {
	l, _ := f.Properties["layer"].(string)
	return l
}

// group sorts features into the named layers, in their order; features of
// another layer (a board from a newer tendays) follow in layers of their own,
// named after their layer property ("other" when they have none). Every
// named layer is there, empty or not, so a script can count on
// objects.seas.
func group(features []*geojson.Feature, names []layerName) []topojson.Layer {
	var out []topojson.Layer
	at := map[string]int{}
	for _, n := range names {
		at[n.layer] = len(out)
		out = append(out, topojson.Layer{Name: n.name})
	}
	for _, f := range features {
		l := layerOf(f)
		i, ok := at[l]
		if !ok {
			name := l
			if name == "" {
				name = "other"
			}
			i = len(out)
			at[l] = i
			out = append(out, topojson.Layer{Name: name})
		}
		out[i].Features = append(out[i].Features, topojson.Feature{ID: f.ID, Properties: f.Properties, Geometry: f.Geometry})
	}
	return out
}

// TopoJSONBytes writes the board as one TopoJSON topology: the objects
// regions, land, seas and rails (GeometryCollections, empty when the
// edition has none), with the properties the GeoJSON export gives each
// feature, the borders shared as arcs, the positions quantized
// (quantization 0: topojson.DefaultQuantization) and the polygons wound as
// d3 expects.
func TopoJSONBytes(p *mapdata.Pack, b *board.Geometry, quantization int) ([]byte, error) {
	data, _, err := topojson.Encode(group(boardFeatures(p, b, geo.RFC7946), boardLayers), topojson.Options{Quantization: quantization})
	return data, err
}

// networkFeatures are a route network's stations (Points) and routes
// (LineStrings) with their facts, as its GeoJSON export gives them.
func networkFeatures(p *mapdata.NetworkPack) ([]*geojson.Feature, error) {
	var out []*geojson.Feature
	at := map[string][2]float64{}
	for _, s := range p.Stations {
		at[s.ID] = s.Point
		out = append(out, &geojson.Feature{Type: "Feature", ID: s.ID, Geometry: orb.Point(s.Point),
			Properties: geojson.Properties{"layer": "station", "id": s.ID, "number": s.Number, "name": s.Name, "region": s.Region, "space": s.Space}})
	}
	for _, r := range p.Routes {
		a, okA := at[r.A]
		c, okC := at[r.B]
		if !okA || !okC {
			return nil, fmt.Errorf("route %s–%s names a station the pack does not have", r.A, r.B)
		}
		props := geojson.Properties{"layer": "route", "a": r.A, "b": r.B, "lengthKm": json.Number(cmp.Or(km(r.LengthKm), "0"))}
		if r.Why != "" {
			props["why"] = r.Why
		}
		out = append(out, &geojson.Feature{Type: "Feature", ID: r.A + "--" + r.B, Properties: props,
			Geometry: orb.LineString{orb.Point(a), orb.Point(c)}})
	}
	return out, nil
}

// NetworkTopoJSON writes a route network as one TopoJSON topology: the
// objects stations (Points) and routes (LineStrings), with the properties of
// its GeoJSON export.
func NetworkTopoJSON(p *mapdata.NetworkPack, quantization int) ([]byte, error) {
	features, err := networkFeatures(p)
	if err != nil {
		return nil, err
	}
	data, _, err := topojson.Encode(group(features, networkLayers), topojson.Options{Quantization: quantization})
	return data, err
}

// GISFiles gives the board as GIS-ready layers, one GeoJSON file a layer,
// named <id>.<layer>.geojson (regions, land, seas, rails; a layer the edition
// does not have is not written): each holds one geometry type (the regions,
// land and seas as MultiPolygons, the rails as MultiLineStrings), so that
// every file converts to an ESRI Shapefile or a GeoPackage layer as it is,
// and the list properties (seas, rails) are strings joined with ListSep, as
// in the CSV tables, since neither format has lists.
func GISFiles(p *mapdata.Pack, b *board.Geometry) ([]File, error) {
	return gisFiles(baseName(p), group(boardFeatures(p, b, geo.RFC7946), boardLayers))
}

// NetworkGISFiles gives a route network as <id>.stations.geojson (Points)
// and <id>.routes.geojson (LineStrings).
func NetworkGISFiles(p *mapdata.NetworkPack) ([]File, error) {
	features, err := networkFeatures(p)
	if err != nil {
		return nil, err
	}
	return gisFiles(fileBase(p.Edition.ID), group(features, networkLayers))
}

func gisFiles(base string, layers []topojson.Layer) ([]File, error) {
	var files []File
	for _, l := range layers {
		if len(l.Features) == 0 {
			continue // a layer of no type: a Shapefile cannot hold it
		}
		features := make([]*geojson.Feature, len(l.Features))
		for i, f := range l.Features {
			props := geojson.Properties{}
			for k, v := range f.Properties {
				if list, ok := v.([]string); ok {
					v = strings.Join(list, ListSep)
				}
				props[k] = v
			}
			features[i] = &geojson.Feature{Type: "Feature", ID: f.ID, Properties: props, Geometry: promote(f.Geometry)}
		}
		data, err := featureLines(features)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: base + "." + fileSafe(l.Name) + ".geojson", Data: data})
	}
	return files, nil
}

// promote makes polygons MultiPolygons and lines MultiLineStrings, so that
// a layer has one geometry type: a GeoPackage layer is typed, and GDAL warns
// about a Polygon in a MultiPolygon layer.
func promote(g orb.Geometry) orb.Geometry {
	switch t := g.(type) {
	case orb.Polygon:
		return orb.MultiPolygon{t}
	case orb.LineString:
		return orb.MultiLineString{t}
	}
	return g
}

// fileSafe keeps a layer name fit for a file name.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '-'
	}, s)
}
