package export

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tendays/tendays/mapdata"
)

func render(t *testing.T, in Input, format string, opt Options) map[string][]byte {
	t.Helper()
	files, err := Render(in, format, opt)
	require.NoError(t, err)
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Name] = f.Data
	}
	return out
}

func TestCSVReadsBack(t *testing.T) {
	in := fixture(t)
	files := render(t, in, CSV, Options{})
	read := func(name string) [][]string {
		r := csv.NewReader(bytes.NewReader(files[name]))
		rows, err := r.ReadAll()
		require.NoError(t, err, name)
		return rows
	}
	regions := read("testland.regions.csv")
	require.Equal(t, RegionColumns, regions[0])
	require.Len(t, regions, 1+len(in.regionsPack().Regions))
	for i, row := range regions[1:] {
		r := in.regionsPack().Regions[i] // the pack is in id order already
		assert.Equal(t, []string{r.ID, r.Name, r.Color, strconv.Itoa(r.Copies), strconv.FormatBool(r.AirOnly),
			strings.Join(r.Seas, ";"), strings.Join(r.Rails, ";")}, row)
	}
	links := read("testland.links.csv")
	require.Equal(t, LinkColumns, links[0])
	require.Len(t, links, 1+len(in.regionsPack().Links))
	for i, row := range links[1:] {
		l := in.regionsPack().Links[i]
		assert.Equal(t, l.A, row[0])
		assert.Equal(t, l.B, row[1])
		assert.Equal(t, string(l.Kind), row[2])
		if l.LengthKm != 0 {
			v, err := strconv.ParseFloat(row[3], 64)
			require.NoError(t, err)
			assert.InDelta(t, l.LengthKm, v, 0.0005)
		} else {
			assert.Empty(t, row[3])
		}
		if len(l.Via) > 0 {
			assert.Equal(t, l.Via, strings.Split(row[4], ";"))
		}
		assert.Equal(t, l.Why, row[5], "quotes and commas survive the round trip")
	}
	assert.Contains(t, string(files["testland.links.csv"]), "\"the \"\"Foxtrot\"\" ferry, daily\"\r\n", "RFC 4180 quoting with CRLF")
}

// graphML is the part of GraphML the export writes.
type graphML struct {
	Keys []struct {
		ID   string `xml:"id,attr"`
		For  string `xml:"for,attr"`
		Name string `xml:"attr.name,attr"`
		Type string `xml:"attr.type,attr"`
	} `xml:"key"`
	Graph struct {
		ID          string    `xml:"id,attr"`
		EdgeDefault string    `xml:"edgedefault,attr"`
		Data        []gmlData `xml:"data"`
		Nodes       []struct {
			ID   string    `xml:"id,attr"`
			Data []gmlData `xml:"data"`
		} `xml:"node"`
		Edges []struct {
			ID     string    `xml:"id,attr"`
			Source string    `xml:"source,attr"`
			Target string    `xml:"target,attr"`
			Data   []gmlData `xml:"data"`
		} `xml:"edge"`
	} `xml:"graph"`
}

type gmlData struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

func TestGraphMLReadsBack(t *testing.T) {
	in := fixture(t)
	data := render(t, in, GraphML, Options{})["testland.graphml"]
	var g graphML
	require.NoError(t, xml.Unmarshal(data, &g))
	assert.Equal(t, "undirected", g.Graph.EdgeDefault)
	keys := map[string]string{} // id -> scope/type
	for _, k := range g.Keys {
		keys[k.ID] = k.For + "/" + k.Type
	}
	// Every value is declared for its scope and parses as its declared type.
	check := func(scope string, ds []gmlData) map[string]string {
		out := map[string]string{}
		for _, d := range ds {
			st, ok := keys[d.Key]
			require.True(t, ok, "data key %s is not declared", d.Key)
			parts := strings.SplitN(st, "/", 2)
			require.Equal(t, scope, parts[0], "key %s used on a %s", d.Key, scope)
			var err error
			switch parts[1] {
			case "int":
				_, err = strconv.Atoi(d.Value)
			case "double":
				_, err = strconv.ParseFloat(d.Value, 64)
			case "boolean":
				_, err = strconv.ParseBool(d.Value)
			}
			require.NoError(t, err, "%s=%q is not a %s", d.Key, d.Value, parts[1])
			out[d.Key] = d.Value
		}
		return out
	}
	gd := check("graph", g.Graph.Data)
	assert.Equal(t, in.regionsPack().Edition.Name, gd["g_name"])
	require.Len(t, g.Graph.Nodes, len(in.regionsPack().Regions))
	nodes := map[string]bool{}
	for _, n := range g.Graph.Nodes {
		d := check("node", n.Data)
		r := in.regionsPack().Region(n.ID)
		require.NotNil(t, r, n.ID)
		assert.Equal(t, r.Name, d["n_name"])
		assert.Equal(t, strconv.FormatBool(r.AirOnly), d["n_air_only"])
		nodes[n.ID] = true
	}
	require.Len(t, g.Graph.Edges, len(in.regionsPack().Links))
	for i, e := range g.Graph.Edges {
		d := check("edge", e.Data)
		l := in.regionsPack().Links[i]
		assert.True(t, nodes[e.Source] && nodes[e.Target], "edge %s joins declared nodes", e.ID)
		assert.Equal(t, string(l.Kind), d["e_kind"])
		assert.Equal(t, l.Why, d["e_why"])
	}
}

func TestDOTStylesEveryRegionAndLink(t *testing.T) {
	in := fixture(t)
	dot := string(render(t, in, DOT, Options{})["testland.dot"])
	assert.True(t, strings.HasPrefix(dot, "graph \"testland\" {\n"))
	assert.True(t, strings.HasSuffix(dot, "}\n"))
	hex := colorHex(in.regionsPack())
	for _, r := range in.regionsPack().Regions {
		re := regexp.MustCompile(`(?m)^  "` + r.ID + `" \[label="` + regexp.QuoteMeta(r.Name) + `".*fillcolor="` + hex[r.Color] + `"`)
		assert.Regexp(t, re, dot, r.ID)
	}
	want := map[mapdata.LinkKind]string{mapdata.Border: "style=solid", mapdata.Bridge: "style=bold", mapdata.Ferry: "style=dashed", mapdata.Car: "style=dotted"}
	edges := regexp.MustCompile(`(?m)^  "(\w+)" -- "(\w+)" \[kind="(\w+)", ([^,]+),`).FindAllStringSubmatch(dot, -1)
	require.Len(t, edges, len(in.regionsPack().Links))
	for i, m := range edges {
		l := in.regionsPack().Links[i]
		assert.Equal(t, []string{l.A, l.B, string(l.Kind), want[l.Kind]}, m[1:], "edge %d", i)
	}
	assert.Contains(t, dot, `the \"Foxtrot\" ferry`, "quotes are escaped")
	assert.Contains(t, dot, `"GO" [label="Golf", tooltip="GO", fillcolor="#ffffff", style="rounded,filled,dashed", pos=`, "air-only regions are dashed")
	assert.Contains(t, dot, "layout=neato, inputscale=72", "plain dot draws it as a map, positions in points")
}

func TestJSONGraphReadsBack(t *testing.T) {
	in := fixture(t)
	var g struct {
		Directed   bool             `json:"directed"`
		Multigraph bool             `json:"multigraph"`
		Graph      map[string]any   `json:"graph"`
		Nodes      []map[string]any `json:"nodes"`
		Links      []map[string]any `json:"links"`
		Edges      []map[string]any `json:"edges"`
	}
	require.NoError(t, json.Unmarshal(render(t, in, JSONGraph, Options{})["testland.graph.json"], &g))
	assert.False(t, g.Directed)
	assert.True(t, g.Multigraph)
	assert.Equal(t, "testland", g.Graph["id"])
	require.Len(t, g.Nodes, len(in.regionsPack().Regions))
	require.Len(t, g.Links, len(in.regionsPack().Links))
	assert.Equal(t, g.Links, g.Edges, "links and edges hold the same list")
	seen := map[string]bool{}
	for i, l := range g.Links {
		k := fmt.Sprintf("%v|%v|%v", l["source"], l["target"], l["key"])
		assert.False(t, seen[k], "key %s repeats", k)
		seen[k] = true
		assert.Equal(t, string(in.regionsPack().Links[i].Kind), l["kind"])
	}
	// Alpha–Bravo has a border and a car link: keys 0 and 1.
	assert.True(t, seen["AL|BR|0"] && seen["AL|BR|1"])
}

func TestGeoJSONReadsBack(t *testing.T) {
	in := fixture(t)
	fc, err := geojson.UnmarshalFeatureCollection(render(t, in, GeoJSON, Options{})["testland.board.geojson"])
	require.NoError(t, err)
	require.Len(t, fc.Features, len(in.Board.Features.Features))
	// Neighbours counted by hand from the fixture: walks are border, bridge
	// and ferry links.
	want := map[string]struct {
		neighbours, car int
		hex             string
	}{
		"AL": {3, 3, "#c8453a"}, "BR": {4, 4, "#2f6db5"}, "CH": {3, 4, "#4a9e5c"}, "DE": {3, 3, "#c8453a"},
		"EC": {1, 0, "#4a9e5c"}, "FX": {1, 0, "#2f6db5"}, "GO": {0, 0, "#ffffff"}, "HT": {1, 2, "#2f6db5"},
	}
	regions := 0
	for i, f := range fc.Features {
		if f.Properties["layer"] != "region" {
			assert.Equal(t, in.Board.Features.Features[i].Properties, f.Properties, "other layers pass through")
			continue
		}
		regions++
		id := f.ID.(string)
		w := want[id]
		assert.Equal(t, float64(w.neighbours), f.Properties["neighbours"], id)
		assert.Equal(t, float64(w.car), f.Properties["carLinks"], id)
		assert.Equal(t, w.hex, f.Properties["colorHex"], id)
		assert.True(t, orb.Equal(in.Board.Region(id).Geometry, toMulti(f.Geometry)), "%s geometry unchanged", id)
	}
	assert.Equal(t, len(in.regionsPack().Regions), regions)
}

func toMulti(g orb.Geometry) orb.MultiPolygon {
	switch t := g.(type) {
	case orb.Polygon:
		return orb.MultiPolygon{t}
	case orb.MultiPolygon:
		return t
	}
	return nil
}

func TestCSVZipReadsBack(t *testing.T) {
	in := fixture(t)
	files, err := Render(in, CSV, Options{})
	require.NoError(t, err)
	data, err := Zip(files)
	require.NoError(t, err)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	require.Len(t, zr.File, 2)
	for i, zf := range zr.File {
		assert.Equal(t, files[i].Name, zf.Name)
		assert.Equal(t, zipEpoch, zf.Modified.UTC(), "fixed times keep the archive's bytes stable")
		rc, err := zf.Open()
		require.NoError(t, err)
		got, err := io.ReadAll(rc)
		require.NoError(t, err)
		assert.Equal(t, files[i].Data, got)
	}
}
