package export

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/mapdata"
)

// colorHex maps colour ids to their #rrggbb (valid ones only).
func colorHex(p *mapdata.Pack) map[string]string {
	m := map[string]string{}
	for _, c := range p.Colors {
		if _, _, _, err := scene.RGB(c.Hex); err == nil {
			m[c.ID] = strings.ToLower(c.Hex)
		}
	}
	return m
}

// GraphML keys: id, what it belongs to, the attribute name and its type.
var graphMLKeys = []graphMLKey{
	{"g_name", "graph", "name", "string"},
	{"g_days", "graph", "days", "int"},
	{"n_name", "node", "name", "string"},
	{"n_color", "node", "color", "string"},
	{"n_color_hex", "node", "color_hex", "string"},
	{"n_copies", "node", "copies", "int"},
	{"n_air_only", "node", "air_only", "boolean"},
	{"n_seas", "node", "seas", "string"},
	{"n_rails", "node", "rails", "string"},
	{"e_kind", "edge", "kind", "string"},
	{"e_length_km", "edge", "length_km", "double"},
	{"e_via", "edge", "via", "string"},
	{"e_why", "edge", "why", "string"},
}

// combinedGraphMLKeys are the keys a combined pack adds: its member maps,
// its piles and win condition on the graph, each region's map on its node.
var combinedGraphMLKeys = []graphMLKey{
	{"g_members", "graph", "members", "string"},
	{"g_draw_piles", "graph", "draw_piles", "int"},
	{"g_face_up", "graph", "face_up", "int"},
	{"g_win", "graph", "win", "string"},
	{"g_planes", "graph", "planes", "string"},
	{"n_map", "node", "map", "string"},
}

// memberIDs and memberNames list a combined pack's maps, in its order.
func memberIDs(p *mapdata.Pack) []string {
	var out []string
	for _, m := range p.Combined.Members {
		out = append(out, m.ID)
	}
	return out
}

func memberNames(p *mapdata.Pack) []string {
	var out []string
	for _, m := range p.Combined.Members {
		out = append(out, m.Name)
	}
	return out
}

// GraphMLBytes writes the pack as an undirected GraphML multigraph: a node
// per region, an edge per link, with typed attributes (lists joined by ";").
// A combined pack adds its members, piles and win condition to the graph
// and each region's map to its node.
func GraphMLBytes(p *mapdata.Pack) ([]byte, error) {
	keys, graph := graphMLKeys, []kv{{"g_name", p.Edition.Name}, {"g_days", strconv.Itoa(p.Edition.Days)}}
	if c := p.Combined; c != nil {
		keys = append(slices.Clone(keys), combinedGraphMLKeys...)
		graph = append(graph, kv{"g_members", strings.Join(memberIDs(p), ListSep)}, kv{"g_draw_piles", strconv.Itoa(c.DrawPiles)},
			kv{"g_face_up", strconv.Itoa(c.FaceUp)}, kv{"g_win", c.Win}, kv{"g_planes", c.Planes})
	}
	g := newGraphML(keys, p.Edition.ID, graph...)
	hex := colorHex(p)
	for _, r := range sortedRegions(p) {
		data := []kv{{"n_name", r.Name}, {"n_color", r.Color}}
		if h, ok := hex[r.Color]; ok {
			data = append(data, kv{"n_color_hex", h})
		}
		data = append(data, kv{"n_copies", strconv.Itoa(r.Copies)}, kv{"n_air_only", strconv.FormatBool(r.AirOnly)},
			kv{"n_seas", strings.Join(r.Seas, ListSep)}, kv{"n_rails", strings.Join(r.Rails, ListSep)})
		if p.Combined != nil {
			data = append(data, kv{"n_map", r.Map})
		}
		g.node(r.ID, data...)
	}
	for i, l := range p.Links {
		data := []kv{{"e_kind", string(l.Kind)}}
		if l.LengthKm != 0 {
			data = append(data, kv{"e_length_km", km(l.LengthKm)})
		}
		if len(l.Via) > 0 {
			data = append(data, kv{"e_via", strings.Join(l.Via, ListSep)})
		}
		if l.Why != "" {
			data = append(data, kv{"e_why", l.Why})
		}
		g.edge(i, l.A, l.B, data...)
	}
	return g.bytes(), nil
}

// dotStyle is how each link kind is drawn by Graphviz.
var dotStyle = map[mapdata.LinkKind]string{
	mapdata.Border: `style=solid, color="#333333"`,
	mapdata.Bridge: `style=bold, penwidth=2.5, color="#1f1f1f"`,
	mapdata.Ferry:  `style=dashed, color="#1d4f8c"`,
	mapdata.Car:    `style=dotted, color="#9a9a9a"`,
}

// dotWidth is the width, in points, of the map a DOT graph is pinned to:
// Graphviz draws it 1,000 to 1,900 px wide, names and all.
const dotWidth = 1400

// DOTBytes writes the pack as a Graphviz graph: regions filled in their
// colours (text white on dark fills), air-only regions dashed, borders
// solid, bridges bold, ferries dashed, car links dotted and grey. The graph
// asks for neato, so that plain `dot -Tsvg` gives a map-like picture; with
// the board, each region is pinned at its label point on the board (pos in
// points, inputscale=72), so the graph is the map; without it, neato lays
// the graph out by its links. A combined pack's regions carry their map
// (map="europe").
func DOTBytes(p *mapdata.Pack, b *board.Geometry) ([]byte, error) {
	var pos map[string]orb.Point
	if b != nil {
		l, err := scene.Layout(p, b, scene.Options{Width: dotWidth})
		if err != nil {
			return nil, err
		}
		pos = map[string]orb.Point{}
		for _, r := range p.Regions {
			if a, ok := l.Anchor(r.ID); ok {
				pos[r.ID] = orb.Point{a[0], l.H - a[1]} // DOT's y points up
			}
		}
	}
	var buf bytes.Buffer
	q := dotQuote
	fmt.Fprintf(&buf, "graph %s {\n", q(p.Edition.ID))
	if pos != nil {
		fmt.Fprintf(&buf, "  graph [label=%s, labelloc=t, fontname=\"Helvetica\", layout=neato, inputscale=72, overlap=true, splines=false, outputorder=edgesfirst];\n", q(p.Edition.Name))
	} else {
		fmt.Fprintf(&buf, "  graph [label=%s, labelloc=t, fontname=\"Helvetica\", layout=neato, overlap=false, splines=true, outputorder=edgesfirst];\n", q(p.Edition.Name))
	}
	buf.WriteString("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=9, margin=\"0.04,0.02\", width=0, height=0, fillcolor=\"#dddddd\"];\n")
	buf.WriteString("  edge [fontname=\"Helvetica\"];\n")
	hex := colorHex(p)
	for _, r := range sortedRegions(p) {
		attrs := []string{"label=" + q(r.Name), "tooltip=" + q(r.ID)}
		if h, ok := hex[r.Color]; ok {
			attrs = append(attrs, "fillcolor="+q(h))
			if scene.Luminance(h) < 0.3 {
				attrs = append(attrs, "fontcolor=\"white\"")
			}
		}
		if r.AirOnly {
			attrs = append(attrs, "style=\"rounded,filled,dashed\"")
		}
		if r.Map != "" {
			attrs = append(attrs, "map="+q(r.Map))
		}
		if at, ok := pos[r.ID]; ok {
			attrs = append(attrs, fmt.Sprintf("pos=\"%s,%s!\"", scene.Num(at[0]), scene.Num(at[1])))
		}
		fmt.Fprintf(&buf, "  %s [%s];\n", q(r.ID), strings.Join(attrs, ", "))
	}
	for _, l := range p.Links {
		attrs := []string{"kind=" + q(string(l.Kind))}
		if s, ok := dotStyle[l.Kind]; ok {
			attrs = append(attrs, s)
		}
		if l.LengthKm != 0 {
			attrs = append(attrs, "length_km="+q(km(l.LengthKm)))
		}
		tip := fmt.Sprintf("%s–%s %s", l.A, l.B, l.Kind)
		if len(l.Via) > 0 {
			tip += " via " + strings.Join(l.Via, ", ")
		}
		if l.Why != "" {
			tip += ": " + l.Why
		}
		attrs = append(attrs, "tooltip="+q(tip))
		fmt.Fprintf(&buf, "  %s -- %s [%s];\n", q(l.A), q(l.B), strings.Join(attrs, ", "))
	}
	buf.WriteString("}\n")
	return buf.Bytes(), nil
}

// dotQuote makes a DOT double-quoted string. Inside one only \" is an
// escape, so a backslash is doubled (Graphviz would read \n, \l as label
// escapes) and line breaks become spaces.
func dotQuote(s string) string {
	// Line breaks become spaces; what a terminal would act on (ESC, BEL,
	// bidi overrides) is escaped as diag.OneLine escapes it, the one
	// policy for text from input, before DOT's own escaping.
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(diag.OneLine(s)) + `"`
}

// jsonGraph is networkx's node-link format.
type jsonGraph struct {
	Directed   bool           `json:"directed"`
	Multigraph bool           `json:"multigraph"`
	Graph      map[string]any `json:"graph"`
	Nodes      []jsonNode     `json:"nodes"`
	// The same list twice: networkx before 3.6 reads "links" by default, and
	// 3.6 and later read "edges".
	Links []jsonLink `json:"links"`
	Edges []jsonLink `json:"edges"`
}

type jsonNode struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Color    string   `json:"color"`
	ColorHex string   `json:"color_hex,omitempty"`
	Copies   int      `json:"copies"`
	AirOnly  bool     `json:"air_only"`
	Seas     []string `json:"seas"`
	Rails    []string `json:"rails"`
	Map      string   `json:"map,omitempty"` // a combined pack's member map
}

type jsonLink struct {
	Source   string   `json:"source"`
	Target   string   `json:"target"`
	Key      int      `json:"key"`
	Kind     string   `json:"kind"`
	LengthKm *float64 `json:"length_km,omitempty"`
	Via      []string `json:"via,omitempty"`
	Why      string   `json:"why,omitempty"`
}

// JSONGraphBytes writes the pack as node-link JSON for networkx's
// node_link_graph: undirected, a multigraph (two regions may have a border
// and a car link), each link keyed 0, 1, ... within its pair of regions.
// A combined pack adds members, draw_piles, face_up, win and planes to the
// graph's attributes and each region's map to its node.
func JSONGraphBytes(p *mapdata.Pack) ([]byte, error) {
	g := jsonGraph{Multigraph: true, Graph: map[string]any{"id": p.Edition.ID, "name": p.Edition.Name, "days": p.Edition.Days}}
	if c := p.Combined; c != nil {
		g.Graph["members"] = memberIDs(p)
		g.Graph["draw_piles"], g.Graph["face_up"] = c.DrawPiles, c.FaceUp
		g.Graph["win"], g.Graph["planes"] = c.Win, c.Planes
	}
	hex := colorHex(p)
	for _, r := range sortedRegions(p) {
		g.Nodes = append(g.Nodes, jsonNode{ID: r.ID, Name: r.Name, Color: r.Color, ColorHex: hex[r.Color], Copies: r.Copies, AirOnly: r.AirOnly,
			Seas: nonNil(r.Seas), Rails: nonNil(r.Rails), Map: r.Map})
	}
	keys := map[[2]string]int{}
	g.Links = []jsonLink{}
	for _, l := range p.Links {
		pair := [2]string{l.A, l.B}
		jl := jsonLink{Source: l.A, Target: l.B, Key: keys[pair], Kind: string(l.Kind), Via: l.Via, Why: l.Why}
		keys[pair]++
		if l.LengthKm != 0 {
			v, _ := strconv.ParseFloat(km(l.LengthKm), 64)
			jl.LengthKm = &v
		}
		g.Links = append(g.Links, jl)
	}
	if g.Nodes == nil {
		g.Nodes = []jsonNode{}
	}
	g.Edges = g.Links
	var b bytes.Buffer
	if err := mapdata.EncodeJSON(&b, g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
