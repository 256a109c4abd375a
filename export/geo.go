package export

import (
	"bytes"
	"encoding/json"
	"maps"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/svg"
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
// through as they are. One feature a line, in the board's order.
func GeoJSONBytes(p *mapdata.Pack, b *board.Board) ([]byte, error) {
	stats := Stats(p)
	colors := map[string]mapdata.Color{}
	for _, c := range p.Colors {
		colors[c.ID] = c
	}
	region := map[int]*mapdata.Region{}
	for _, br := range b.Regions {
		region[br.Feature] = p.Region(br.ID)
	}
	var buf bytes.Buffer
	buf.WriteString("{\"type\":\"FeatureCollection\",\"features\":[\n")
	for i, f := range b.Features.Features {
		out := *f
		out.Properties = maps.Clone(f.Properties)
		if out.Properties == nil {
			out.Properties = geojson.Properties{}
		}
		out.Geometry = rfc7946(f.Geometry)
		if r := region[i]; r != nil {
			st := stats[r.ID]
			c := colors[r.Color]
			hex := c.Hex
			if _, _, _, err := scene.RGB(hex); err != nil {
				hex = ""
			}
			props := out.Properties
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
		line, err := json.Marshal(out)
		if err != nil {
			return nil, err
		}
		buf.Write(line)
		if i < len(b.Features.Features)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("]}\n")
	return buf.Bytes(), nil
}

// rfc7946 winds a polygon's rings as RFC 7946 §3.1.6 asks: outer rings
// counter-clockwise, holes clockwise. Boards that build writes are wound so
// already; one written by an older tendays is put right here. Other
// geometries pass as they are.
func rfc7946(g orb.Geometry) orb.Geometry {
	wind := func(p orb.Polygon) orb.Polygon {
		out := make(orb.Polygon, len(p))
		for k, r := range p {
			want := orb.CW
			if k == 0 {
				want = orb.CCW
			}
			if r.Orientation() == -want {
				r = r.Clone()
				r.Reverse()
			}
			out[k] = r
		}
		return out
	}
	switch t := g.(type) {
	case orb.Polygon:
		return wind(t)
	case orb.MultiPolygon:
		out := make(orb.MultiPolygon, len(t))
		for i, p := range t {
			out[i] = wind(p)
		}
		return out
	}
	return g
}

func roundKm(v float64) float64 {
	const m = 1000
	return float64(int64(v*m+0.5)) / m
}

// SVGBytes draws the board as SVG.
func SVGBytes(p *mapdata.Pack, b *board.Board, opt Options) ([]byte, error) {
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
