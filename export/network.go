package export

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/svg"
	"github.com/tendays/tendays/mapdata"
)

// stationLabel is "7 Charlotte".
func stationLabel(s mapdata.Station) string { return fmt.Sprintf("%d %s", s.Number, s.Name) }

// NetworkDOT writes the network as a Graphviz graph for neato (so plain
// `dot -Tsvg` draws it as the map): the stations pinned where the SVG board
// has them (pos in points, inputscale=72), labelled by number, with their
// names as tooltips.
func NetworkDOT(p *mapdata.NetworkPack) []byte {
	var b bytes.Buffer
	q := dotQuote
	fmt.Fprintf(&b, "graph %s {\n", q(p.Edition.ID))
	fmt.Fprintf(&b, "  graph [label=%s, labelloc=t, fontname=\"Helvetica\", layout=neato, inputscale=72, overlap=true, splines=false];\n", q(p.Edition.Name))
	b.WriteString("  node [shape=circle, style=filled, fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=10, width=0.3, fixedsize=true];\n")
	b.WriteString("  edge [color=\"#555555\"];\n")
	var at []orb.Point
	if l, err := scene.LayoutNetwork(p, nil, scene.Options{Width: dotWidth}); err == nil {
		at = l.Stations
	}
	for i, s := range p.Stations {
		pos := ""
		if i < len(at) {
			pos = fmt.Sprintf(", pos=\"%s,%s!\"", scene.Num(at[i][0]), scene.Num(-at[i][1])) // DOT's y points up
		}
		fmt.Fprintf(&b, "  %s [label=%s, tooltip=%s%s, region=%s];\n", q(s.ID), q(strconv.Itoa(s.Number)), q(stationLabel(s)), pos, q(s.Region))
	}
	for _, r := range p.Routes {
		fmt.Fprintf(&b, "  %s -- %s [length_km=%s, tooltip=%s];\n", q(r.A), q(r.B), q(km(r.LengthKm)), q(fmt.Sprintf("%s–%s %s km", r.A, r.B, km(r.LengthKm))))
	}
	b.WriteString("}\n")
	return b.Bytes()
}

var networkGraphMLKeys = []graphMLKey{
	{"g_name", "graph", "name", "string"},
	{"n_number", "node", "number", "int"},
	{"n_name", "node", "name", "string"},
	{"n_region", "node", "region", "string"},
	{"n_lon", "node", "lon", "double"},
	{"n_lat", "node", "lat", "double"},
	{"n_space", "node", "space", "boolean"},
	{"e_length_km", "edge", "length_km", "double"},
	{"e_why", "edge", "why", "string"},
}

// NetworkGraphML writes the network as undirected GraphML: a node per
// station (number, name, region, lon, lat), an edge per route (length).
func NetworkGraphML(p *mapdata.NetworkPack) []byte {
	g := newGraphML(networkGraphMLKeys, p.Edition.ID, kv{"g_name", p.Edition.Name})
	for _, s := range p.Stations {
		g.node(s.ID, kv{"n_number", strconv.Itoa(s.Number)}, kv{"n_name", s.Name}, kv{"n_region", s.Region},
			kv{"n_lon", strconv.FormatFloat(s.Point[0], 'f', -1, 64)}, kv{"n_lat", strconv.FormatFloat(s.Point[1], 'f', -1, 64)},
			kv{"n_space", strconv.FormatBool(s.Space)})
	}
	for i, r := range p.Routes {
		data := []kv{{"e_length_km", km(r.LengthKm)}}
		if r.Why != "" {
			data = append(data, kv{"e_why", r.Why})
		}
		g.edge(i, r.A, r.B, data...)
	}
	return g.bytes()
}

type netNode struct {
	ID     string     `json:"id"`
	Number int        `json:"number"`
	Name   string     `json:"name"`
	Region string     `json:"region"`
	Point  [2]float64 `json:"point"`
	Space  bool       `json:"space"`
}

type netLink struct {
	Source   string  `json:"source"`
	Target   string  `json:"target"`
	LengthKm float64 `json:"length_km"`
	Why      string  `json:"why,omitempty"`
}

// NetworkJSONGraph writes node-link JSON for networkx's node_link_graph
// (an undirected simple graph; "links" and "edges" hold the same list).
func NetworkJSONGraph(p *mapdata.NetworkPack) ([]byte, error) {
	g := struct {
		Directed   bool           `json:"directed"`
		Multigraph bool           `json:"multigraph"`
		Graph      map[string]any `json:"graph"`
		Nodes      []netNode      `json:"nodes"`
		Links      []netLink      `json:"links"`
		Edges      []netLink      `json:"edges"`
	}{Graph: map[string]any{"id": p.Edition.ID, "name": p.Edition.Name, "kind": mapdata.KindNetwork}, Nodes: []netNode{}, Links: []netLink{}}
	for _, s := range p.Stations {
		g.Nodes = append(g.Nodes, netNode{ID: s.ID, Number: s.Number, Name: s.Name, Region: s.Region, Point: s.Point, Space: s.Space})
	}
	for _, r := range p.Routes {
		v, _ := strconv.ParseFloat(km(r.LengthKm), 64)
		g.Links = append(g.Links, netLink{Source: r.A, Target: r.B, LengthKm: v, Why: r.Why})
	}
	g.Edges = g.Links
	var b bytes.Buffer
	if err := mapdata.EncodeJSON(&b, g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// NetworkGeoJSON writes the stations as Points (layer "station") and the
// routes as LineStrings (layer "route"), with their facts as properties.
func NetworkGeoJSON(p *mapdata.NetworkPack) ([]byte, error) {
	type feature struct {
		Type       string         `json:"type"`
		ID         any            `json:"id"`
		Properties map[string]any `json:"properties"`
		Geometry   map[string]any `json:"geometry"`
	}
	fc := struct {
		Type     string    `json:"type"`
		Features []feature `json:"features"`
	}{Type: "FeatureCollection", Features: []feature{}}
	features, err := networkFeatures(p)
	if err != nil {
		return nil, err
	}
	for _, f := range features {
		geom := map[string]any{"type": f.Geometry.GeoJSONType()}
		switch g := f.Geometry.(type) {
		case orb.Point:
			geom["coordinates"] = [2]float64(g)
		case orb.LineString:
			coords := make([][2]float64, len(g))
			for i, q := range g {
				coords[i] = q
			}
			geom["coordinates"] = coords
		}
		fc.Features = append(fc.Features, feature{Type: "Feature", ID: f.ID, Properties: f.Properties, Geometry: geom})
	}
	var b bytes.Buffer
	if err := mapdata.EncodeJSON(&b, fc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// NetworkSVG draws the board through the same scene pipeline as a
// regions board (export/scene): the land under the network (nil: none),
// the routes with their cube spaces, the numbered stations with their
// names placed clear of each other, a title and a legend of the companies.
// --graph adds each route's length. The land is the caller's (Input.Land):
// export reads no edition.
func NetworkSVG(p *mapdata.NetworkPack, land []orb.MultiPolygon, opt Options) ([]byte, error) {
	sc, err := scene.Network(p, land, scene.Options{Width: opt.Width, Graph: opt.Graph})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := svg.Write(&buf, sc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
