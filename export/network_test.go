package export

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/mapdata"
)

func netPack() *mapdata.NetworkPack {
	return &mapdata.NetworkPack{
		Edition: mapdata.NetworkInfo{ID: "tri", Name: "Three & Co"},
		Stations: []mapdata.Station{
			{ID: "a", Number: 1, Name: "Alpha", Point: [2]float64{-100, 40}, Region: "w", Space: true},
			{ID: "b", Number: 2, Name: "Beta", Point: [2]float64{-95, 41}, Region: "e", Space: true},
			{ID: "c", Number: 3, Name: "Gamma <3>", Point: [2]float64{-97, 37}, Region: "e", Space: false},
		},
		Routes:    []mapdata.Route{{A: "a", B: "b", LengthKm: 437.25}, {A: "b", B: "c", LengthKm: 480, Why: "listed"}},
		Companies: []mapdata.Company{{ID: "UP", Name: "Union Pacific", Color: "red", Hex: "#C62828", Cards: 15}, {ID: "BO", Name: "Baltimore and Ohio", Short: "B&O", Color: "blue", Hex: "bad", Cards: 15}},
		Tokens:    []mapdata.TokenCount{{Kind: mapdata.TokenHome, Company: "UP", Count: 1}},
	}
}

func TestNetworkGeoJSON(t *testing.T) {
	data, err := renderNetwork(netPack(), GeoJSON, Options{}, nil)
	require.NoError(t, err)
	var fc struct {
		Features []struct {
			ID         string         `json:"id"`
			Properties map[string]any `json:"properties"`
			Geometry   struct {
				Type        string          `json:"type"`
				Coordinates json.RawMessage `json:"coordinates"`
			} `json:"geometry"`
		} `json:"features"`
	}
	require.NoError(t, json.Unmarshal(data, &fc))
	kinds := map[string]int{}
	for _, f := range fc.Features {
		kinds[f.Geometry.Type+"/"+f.Properties["layer"].(string)]++
	}
	assert.Equal(t, map[string]int{"Point/station": 3, "LineString/route": 2}, kinds)
	assert.Equal(t, "b--c", fc.Features[4].ID)
	assert.JSONEq(t, `[[-95,41],[-97,37]]`, string(fc.Features[4].Geometry.Coordinates))
	assert.Equal(t, 480.0, fc.Features[4].Properties["lengthKm"])

	bad := netPack()
	bad.Routes = append(bad.Routes, mapdata.Route{A: "a", B: "zz"})
	_, err = renderNetwork(bad, GeoJSON, Options{}, nil)
	assert.ErrorContains(t, err, "a–zz")
}

func TestNetworkGraphs(t *testing.T) {
	p := netPack()
	ml, err := renderNetwork(p, GraphML, Options{}, nil)
	require.NoError(t, err)
	var doc struct {
		Graph struct {
			Nodes []struct {
				ID string `xml:"id,attr"`
			} `xml:"node"`
			Edges []struct {
				Source string `xml:"source,attr"`
			} `xml:"edge"`
		} `xml:"graph"`
	}
	require.NoError(t, xml.Unmarshal(ml, &doc), "well-formed XML, even with < and & in names")
	assert.Len(t, doc.Graph.Nodes, 3)
	assert.Len(t, doc.Graph.Edges, 2)

	jg, err := renderNetwork(p, JSONGraph, Options{}, nil)
	require.NoError(t, err)
	var g struct {
		Nodes []map[string]any `json:"nodes"`
		Links []map[string]any `json:"links"`
		Edges []map[string]any `json:"edges"`
	}
	require.NoError(t, json.Unmarshal(jg, &g))
	assert.Len(t, g.Nodes, 3)
	assert.Equal(t, g.Links, g.Edges)
	assert.Equal(t, 437.25, g.Links[0]["length_km"])

	dot, err := renderNetwork(p, DOT, Options{}, nil)
	require.NoError(t, err)
	assert.Contains(t, string(dot), `"b" -- "c" [length_km="480.000"`)
	assert.Contains(t, string(dot), `tooltip="3 Gamma <3>"`)
}

func TestNetworkSVG(t *testing.T) {
	svg, err := renderNetwork(netPack(), SVG, Options{Width: 800}, usLand(t))
	require.NoError(t, err)
	s := string(svg)
	require.NoError(t, xml.Unmarshal(svg, new(struct{})), "well-formed SVG")
	assert.Equal(t, 3+1, strings.Count(s, "<circle "), "a circle per station, and one in the legend")
	assert.Equal(t, 2, strings.Count(s, `class="route"`), "a line per route")
	assert.Equal(t, 2*2, strings.Count(s, `class="cube-space"`), "two cube spaces a route")
	assert.Contains(t, s, `fill="#c62828"`, "company colours")
	assert.Contains(t, s, `fill="#808080"`, "a bad colour is grey")
	assert.Contains(t, s, "B&amp;O — Baltimore and Ohio (blue): 15 cards, 0 home station(s)")
	assert.Contains(t, s, `fill="#d9d9d9"`, "a station without a space is grey")
	assert.Contains(t, s, `<g id="title">`, "a title, as the regions board has")
	assert.Contains(t, s, "Three &amp; Co")
	assert.Contains(t, s, `<g id="land">`, "the land the caller gives is drawn under the network")
	assert.NotContains(t, s, "paint-order")
	bare, err := renderNetwork(netPack(), SVG, Options{Width: 800}, nil)
	require.NoError(t, err)
	assert.NotContains(t, string(bare), `<g id="land">`, "no land given, none drawn: export reads no edition")
	graph, err := renderNetwork(netPack(), SVG, Options{Width: 800, Graph: true}, usLand(t))
	require.NoError(t, err)
	assert.NotEqual(t, svg, graph, "--graph adds the routes' lengths")
	assert.Contains(t, string(graph), ">437 km</text>")
	_, err = renderNetwork(netPack(), CSV, Options{}, nil)
	assert.ErrorContains(t, err, "does not apply to a route-network pack")
}

// Across the United States: every station's name is placed, and no two
// names, and no name and station disc, overlap (Sacramento, Little Rock
// and Birmingham were overwritten when names always went up and right).
func TestNetworkBoardNamesDoNotCollide(t *testing.T) {
	p := bundledNetwork(t)
	sc, err := scene.Network(p, usLand(t), scene.Options{Width: 1600})
	require.NoError(t, err)
	var names []orb.Bound
	var discs []orb.Bound
	var walk func(items []scene.Item)
	walk = func(items []scene.Item) {
		for _, it := range items {
			switch v := it.(type) {
			case *scene.Group:
				walk(v.Items)
			case *scene.Text:
				if v.Class == "label" {
					names = append(names, v.Bound())
				}
			case *scene.Circle:
				if v.Class == "station" {
					discs = append(discs, orb.Bound{Min: orb.Point{v.Center[0] - v.R, v.Center[1] - v.R}, Max: orb.Point{v.Center[0] + v.R, v.Center[1] + v.R}})
				}
			}
		}
	}
	walk(sc.Items)
	require.Len(t, names, len(p.Stations))
	require.Len(t, discs, len(p.Stations))
	hit := func(a, b orb.Bound) bool {
		return a.Min[0] < b.Max[0] && b.Min[0] < a.Max[0] && a.Min[1] < b.Max[1] && b.Min[1] < a.Max[1]
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			assert.False(t, hit(names[i], names[j]), "names %d and %d overlap", i, j)
		}
		for j := range discs {
			assert.False(t, hit(names[i], discs[j]), "name %d covers station %d", i, j)
		}
	}
}

// renderNetwork is the one file of a format for a route-network pack, on
// land (nil: none).
func renderNetwork(p *mapdata.NetworkPack, format string, opt Options, land []orb.MultiPolygon) ([]byte, error) {
	files, err := Render(Input{Pack: p, Land: func() ([]orb.MultiPolygon, error) { return land, nil }}, format, opt)
	if err != nil {
		return nil, err
	}
	return files[0].Data, nil
}
