package export

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	data, err := RenderNetwork(netPack(), GeoJSON, Options{})
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
	_, err = RenderNetwork(bad, GeoJSON, Options{})
	assert.ErrorContains(t, err, "a–zz")
}

func TestNetworkGraphs(t *testing.T) {
	p := netPack()
	ml, err := RenderNetwork(p, GraphML, Options{})
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

	jg, err := RenderNetwork(p, JSONGraph, Options{})
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

	dot, err := RenderNetwork(p, DOT, Options{})
	require.NoError(t, err)
	assert.Contains(t, string(dot), `"b" -- "c" [length_km="480.000"`)
	assert.Contains(t, string(dot), `tooltip="3 Gamma <3>"`)
}

func TestNetworkSVG(t *testing.T) {
	svg, err := RenderNetwork(netPack(), SVG, Options{Width: 800})
	require.NoError(t, err)
	s := string(svg)
	require.NoError(t, xml.Unmarshal(svg, new(struct{})), "well-formed SVG")
	assert.Equal(t, 3, strings.Count(s, "<circle "), "a circle per station")
	assert.Equal(t, 2, strings.Count(s, "<line "), "a line per route")
	assert.Equal(t, 2*2+2, strings.Count(s, "<rect ")-1, "two cube spaces a route, two legend swatches, and the background")
	assert.Contains(t, s, `fill="#c62828"`, "company colours")
	assert.Contains(t, s, `fill="#808080"`, "a bad colour is grey")
	assert.Contains(t, s, "B&amp;O — Baltimore and Ohio (blue): 15 cards, 0 home station(s)")
	assert.Contains(t, s, `fill="#d9d9d9"`, "a station without a space is grey")
	_, err = RenderNetwork(netPack(), CSV, Options{})
	assert.ErrorContains(t, err, "does not apply to a route-network pack")
}
