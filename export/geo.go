package export

import (
	"bytes"
	"encoding/json"
	"maps"

	"github.com/paulmach/orb/geojson"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/svg"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/mapdata"
)

// RegionStats are the facts the GeoJSON export adds to each region feature.
type RegionStats struct {
	Neighbours int     // regions reached on foot (border, bridge, ferry)
	BorderKm   float64 // total shared border
	CarLinks   int
	Bridges    int
	Ferries    int
}

// Stats counts each region's links.
func Stats(p *mapdata.Pack) map[string]*RegionStats {
	m := map[string]*RegionStats{}
	for _, r := range p.Regions {
		m[r.ID] = &RegionStats{}
	}
	walk := map[[2]string]bool{}
	for _, l := range p.Links {
		a, b := m[l.A], m[l.B]
		if a == nil || b == nil {
			continue
		}
		switch l.Kind {
		case mapdata.Car:
			a.CarLinks++
			b.CarLinks++
		case mapdata.Bridge:
			a.Bridges++
			b.Bridges++
		case mapdata.Ferry:
			a.Ferries++
			b.Ferries++
		}
		if l.Kind.Walks() && !walk[[2]string{l.A, l.B}] {
			walk[[2]string{l.A, l.B}] = true
			a.Neighbours++
			b.Neighbours++
		}
		if l.Kind == mapdata.Border {
			a.BorderKm += l.LengthKm
			b.BorderKm += l.LengthKm
		}
	}
	return m
}

// GeoJSONBytes writes the board with each region feature's properties set
// from the pack: name, color, colorName, colorHex, copies, airOnly, seas,
// rails, neighbours, borderKm, carLinks, bridges, ferries, and map in a
// combined pack (the member map the region is on). Other layers pass
// through as they are. One feature a line, in the board's order, polygons
// wound as RFC 7946 asks.
func GeoJSONBytes(p *mapdata.Pack, b *board.Geometry) ([]byte, error) {
	return GeoJSONWound(p, b, geo.RFC7946)
}

// GeoJSONWound is GeoJSONBytes with the polygons wound by w: geo.D3 for
// d3-geo, which reads an RFC 7946 ring as the whole globe outside it.
func GeoJSONWound(p *mapdata.Pack, b *board.Geometry, w geo.Winding) ([]byte, error) {
	return featureLines(boardFeatures(p, b, w))
}

// featureLines writes a FeatureCollection one feature a line.
// A feature is written by board.AppendFeature when it can, else by
// encoding/json: the same bytes either way.
func featureLines(features []*geojson.Feature) ([]byte, error) {
	buf := []byte("{\"type\":\"FeatureCollection\",\"features\":[\n")
	for i, f := range features {
		var ok bool
		if buf, ok = board.AppendFeature(buf, f); !ok {
			line, err := json.Marshal(f)
			if err != nil {
				return nil, err
			}
			buf = append(buf, line...)
		}
		if i < len(features)-1 {
			buf = append(buf, ',')
		}
		buf = append(buf, '\n')
	}
	return append(buf, "]}\n"...), nil
}

// boardFeatures is the board's features as every geographic export gives
// them (GeoJSON, TopoJSON, the GIS layers): copies with each region's
// properties set from the pack (see GeoJSONBytes) and polygons wound by w.
// The board itself is not changed.
func boardFeatures(p *mapdata.Pack, b *board.Geometry, w geo.Winding) []*geojson.Feature {
	stats := Stats(p)
	colors := map[string]mapdata.Color{}
	for _, c := range p.Colors {
		colors[c.ID] = c
	}
	region := map[int]*mapdata.Region{}
	for _, br := range b.Regions {
		region[br.Feature] = p.Region(br.ID)
	}
	out := make([]*geojson.Feature, len(b.Features.Features))
	for i, f := range b.Features.Features {
		g := *f
		g.Properties = maps.Clone(f.Properties)
		if g.Properties == nil {
			g.Properties = geojson.Properties{}
		}
		g.Geometry = geo.Wind(f.Geometry, w)
		if r := region[i]; r != nil {
			st := stats[r.ID]
			c := colors[r.Color]
			hex := c.Hex
			if _, _, _, err := scene.RGB(hex); err != nil {
				hex = ""
			}
			props := g.Properties
			props["id"] = r.ID
			props["name"] = r.Name
			props["color"] = r.Color
			props["colorName"] = c.Name
			props["colorHex"] = hex
			props["copies"] = r.Copies
			props["airOnly"] = r.AirOnly
			props["seas"] = nonNil(r.Seas)
			props["rails"] = nonNil(r.Rails)
			props["neighbours"] = st.Neighbours
			props["borderKm"] = roundKm(st.BorderKm)
			props["carLinks"] = st.CarLinks
			props["bridges"] = st.Bridges
			props["ferries"] = st.Ferries
			if r.Map != "" {
				props["map"] = r.Map // a combined pack's member map
			}
		}
		out[i] = &g
	}
	return out
}

func roundKm(v float64) float64 {
	const m = 1000
	return float64(int64(v*m+0.5)) / m
}

// SVGBytes draws the board as SVG.
func SVGBytes(p *mapdata.Pack, b *board.Geometry, opt Options) ([]byte, error) {
	sc, err := scene.Board(p, b, scene.Options{Width: opt.Width, Graph: opt.Graph})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := svg.Write(&buf, sc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
