package export

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/mapdata"
)

// NetworkFormats are the formats a route-network pack (kind network)
// exports to: the graph formats, GeoJSON with the stations as Points and the
// routes as LineStrings (no board file is needed: the points are in the
// pack), and an SVG of the board.
func NetworkFormats() []string { return []string{DOT, GraphML, JSONGraph, GeoJSON, SVG} }

// RenderNetwork builds one of NetworkFormats for a network pack.
func RenderNetwork(p *mapdata.NetworkPack, format string, opt Options) ([]byte, error) {
	switch format {
	case DOT:
		return NetworkDOT(p), nil
	case GraphML:
		return NetworkGraphML(p), nil
	case JSONGraph:
		return NetworkJSONGraph(p)
	case GeoJSON:
		return NetworkGeoJSON(p)
	case SVG:
		return NetworkSVG(p, opt), nil
	}
	return nil, fmt.Errorf("--format %s does not apply to a route-network pack (want %s)", format, strings.Join(NetworkFormats(), ", "))
}

// NetworkFileName is the file name Write would give a network export.
func NetworkFileName(p *mapdata.NetworkPack, format string) string {
	id := strings.ToLower(strings.TrimSpace(p.Edition.ID))
	if id == "" {
		id = "pack"
	}
	if format == GeoJSON {
		return id + ".network.geojson"
	}
	return id + Ext(format)
}

// stationLabel is "7 Charlotte".
func stationLabel(s mapdata.Station) string { return fmt.Sprintf("%d %s", s.Number, s.Name) }

// NetworkDOT writes the network as a Graphviz graph with the stations pinned
// at their board positions (neato -n), labelled by number and name.
func NetworkDOT(p *mapdata.NetworkPack) []byte {
	var b bytes.Buffer
	q := dotQuote
	fmt.Fprintf(&b, "graph %s {\n", q(p.Edition.ID))
	fmt.Fprintf(&b, "  graph [label=%s, labelloc=t, fontname=\"Helvetica\", overlap=true, splines=false];\n", q(p.Edition.Name))
	b.WriteString("  node [shape=circle, style=filled, fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=10];\n")
	b.WriteString("  edge [color=\"#555555\"];\n")
	plane := planeOf(p)
	for i, s := range p.Stations {
		// Positions in points (1/72 in), about 10 km a point.
		x, y := plane[i][0]/10, plane[i][1]/10
		fmt.Fprintf(&b, "  %s [label=%s, tooltip=%s, pos=\"%.1f,%.1f!\", region=%s];\n", q(s.ID), q(strconv.Itoa(s.Number)), q(stationLabel(s)), x, y, q(s.Region))
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
		ID         string         `json:"id"`
		Properties map[string]any `json:"properties"`
		Geometry   map[string]any `json:"geometry"`
	}
	fc := struct {
		Type     string    `json:"type"`
		Features []feature `json:"features"`
	}{Type: "FeatureCollection", Features: []feature{}}
	at := map[string][2]float64{}
	for _, s := range p.Stations {
		at[s.ID] = s.Point
		fc.Features = append(fc.Features, feature{Type: "Feature", ID: s.ID,
			Properties: map[string]any{"layer": "station", "id": s.ID, "number": s.Number, "name": s.Name, "region": s.Region, "space": s.Space},
			Geometry:   map[string]any{"type": "Point", "coordinates": s.Point}})
	}
	for _, r := range p.Routes {
		a, okA := at[r.A]
		c, okC := at[r.B]
		if !okA || !okC {
			return nil, fmt.Errorf("route %s–%s names a station the pack does not have", r.A, r.B)
		}
		props := map[string]any{"layer": "route", "a": r.A, "b": r.B, "lengthKm": json.Number(km(r.LengthKm))}
		if r.Why != "" {
			props["why"] = r.Why
		}
		fc.Features = append(fc.Features, feature{Type: "Feature", ID: r.A + "--" + r.B, Properties: props,
			Geometry: map[string]any{"type": "LineString", "coordinates": [][2]float64{a, c}}})
	}
	var b bytes.Buffer
	if err := mapdata.EncodeJSON(&b, fc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func planeOf(p *mapdata.NetworkPack) [][2]float64 {
	pts := make([][2]float64, len(p.Stations))
	for i, s := range p.Stations {
		pts[i] = s.Point
	}
	return mapdata.Plane(pts)
}

// NetworkSVG draws the board: routes as lines, each with a row of small
// squares in the company colours (the spaces for cubes), stations as
// numbered circles with their names, and a legend of the companies with
// their colours, cards and home tokens.
func NetworkSVG(p *mapdata.NetworkPack, opt Options) []byte {
	width := opt.Width
	if width <= 0 {
		width = 1600
	}
	plane := planeOf(p)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range plane {
		minX, maxX = math.Min(minX, q[0]), math.Max(maxX, q[0])
		minY, maxY = math.Min(minY, q[1]), math.Max(maxY, q[1])
	}
	if len(plane) == 0 {
		minX, minY, maxX, maxY = 0, 0, 1, 1
	}
	margin, legendH := 60.0, 40.0+22*float64(len(p.Companies))
	spanX, spanY := math.Max(maxX-minX, 1), math.Max(maxY-minY, 1)
	scale := (width - 2*margin) / spanX
	height := spanY*scale + 2*margin + legendH
	pos := func(i int) (float64, float64) {
		return margin + (plane[i][0]-minX)*scale, margin + (maxY-plane[i][1])*scale
	}
	index := map[string]int{}
	for i, s := range p.Stations {
		index[s.ID] = i
	}
	x := func(s string) string {
		var e bytes.Buffer
		_ = xml.EscapeText(&e, []byte(s))
		return e.String()
	}
	f := func(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }
	var b bytes.Buffer
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"Helvetica, Arial, sans-serif\">\n", f(width), f(height), f(width), f(height))
	fmt.Fprintf(&b, "  <title>%s</title>\n", x(p.Edition.Name))
	b.WriteString("  <rect width=\"100%\" height=\"100%\" fill=\"#f7f3e8\"/>\n")
	b.WriteString("  <g id=\"routes\" stroke=\"#6b6b6b\" stroke-width=\"3\" stroke-linecap=\"round\">\n")
	for _, r := range p.Routes {
		a, okA := index[r.A]
		c, okC := index[r.B]
		if !okA || !okC {
			continue
		}
		x1, y1 := pos(a)
		x2, y2 := pos(c)
		fmt.Fprintf(&b, "    <line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"><title>%s – %s, %s km</title></line>\n",
			f(x1), f(y1), f(x2), f(y2), x(p.Stations[a].Name), x(p.Stations[c].Name), km(r.LengthKm))
	}
	b.WriteString("  </g>\n")
	// Cube spaces: one small square per company at the middle of each
	// route, in the companies' colours.
	b.WriteString("  <g id=\"cube-spaces\" stroke=\"#333333\" stroke-width=\"0.5\">\n")
	const cell = 6.0
	for _, r := range p.Routes {
		a, okA := index[r.A]
		c, okC := index[r.B]
		if !okA || !okC {
			continue
		}
		x1, y1 := pos(a)
		x2, y2 := pos(c)
		mx, my := (x1+x2)/2, (y1+y2)/2
		n := float64(len(p.Companies))
		for k, co := range p.Companies {
			fmt.Fprintf(&b, "    <rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" fill-opacity=\"0.55\"/>\n",
				f(mx-n*cell/2+float64(k)*cell), f(my-cell/2), f(cell), f(cell), x(svgHex(co.Hex)))
		}
	}
	b.WriteString("  </g>\n")
	b.WriteString("  <g id=\"stations\">\n")
	order := make([]int, len(p.Stations))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return p.Stations[i].Number - p.Stations[j].Number })
	for _, i := range order {
		s := p.Stations[i]
		cx, cy := pos(i)
		fill := "#ffffff"
		if !s.Space {
			fill = "#d9d9d9"
		}
		fmt.Fprintf(&b, "    <g id=\"station-%s\"><title>%s</title>\n", x(s.ID), x(stationLabel(s)))
		fmt.Fprintf(&b, "      <circle cx=\"%s\" cy=\"%s\" r=\"11\" fill=\"%s\" stroke=\"#1b1b1b\" stroke-width=\"2\"/>\n", f(cx), f(cy), fill)
		fmt.Fprintf(&b, "      <text x=\"%s\" y=\"%s\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\">%d</text>\n", f(cx), f(cy+4), s.Number)
		fmt.Fprintf(&b, "      <text x=\"%s\" y=\"%s\" font-size=\"12\" fill=\"#1b1b1b\">%s</text>\n    </g>\n", f(cx+14), f(cy-8), x(s.Name))
	}
	b.WriteString("  </g>\n")
	homes := map[string]int{}
	for _, t := range p.Tokens {
		if t.Kind == mapdata.TokenHome {
			homes[t.Company] += t.Count
		}
	}
	ly := height - legendH + 10
	fmt.Fprintf(&b, "  <g id=\"legend\" font-size=\"14\">\n    <text x=\"%s\" y=\"%s\" font-weight=\"bold\">Railway companies</text>\n", f(margin), f(ly))
	for k, co := range p.Companies {
		y := ly + 22*float64(k+1)
		fmt.Fprintf(&b, "    <rect x=\"%s\" y=\"%s\" width=\"14\" height=\"14\" fill=\"%s\" stroke=\"#333333\"/>\n", f(margin), f(y-12), x(svgHex(co.Hex)))
		name := co.Name
		if co.Short != "" {
			name = co.Short + " — " + co.Name
		}
		fmt.Fprintf(&b, "    <text x=\"%s\" y=\"%s\">%s (%s): %d cards, %d home station(s)</text>\n", f(margin+22), f(y), x(name), x(co.Color), co.Cards, homes[co.ID])
	}
	b.WriteString("  </g>\n</svg>\n")
	return b.Bytes()
}

// svgHex is a company's colour when it is a valid #rrggbb, else grey.
func svgHex(h string) string {
	if _, _, _, err := scene.RGB(h); err == nil {
		return strings.ToLower(h)
	}
	return "#808080"
}
