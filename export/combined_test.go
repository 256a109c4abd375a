package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/export/svg"
	"github.com/tendays/tendays/mapdata"
)

// combinedFixture is testland dressed as a combined pack of two maps
// (regions A to D on "north", the rest on "south"), as build writes a
// combined edition: a Combined block and every region marked with its map.
func combinedFixture(t *testing.T) Input {
	t.Helper()
	in := fixture(t)
	p := *in.regionsPack()
	p.Combined = &mapdata.Combined{Members: []mapdata.Member{{ID: "north", Name: "North"}, {ID: "south", Name: "South"}},
		DrawPiles: 3, FaceUp: 6, Win: mapdata.WinEveryMap, Planes: mapdata.PlanesWithinMap}
	p.Regions = append([]mapdata.Region(nil), p.Regions...)
	for i := range p.Regions {
		p.Regions[i].Map = "south"
		if p.Regions[i].ID < "E" {
			p.Regions[i].Map = "north"
		}
	}
	in.Pack = &p
	return in
}

// mapOf is the map combinedFixture gives a region.
func mapOf(id string) string {
	if id < "E" {
		return "north"
	}
	return "south"
}

// Every format accepts a combined pack, and those that describe regions
// say which map each is on; the single-map output is unchanged (the
// goldens hold it).
func TestEveryFormatAcceptsACombinedPack(t *testing.T) {
	in := combinedFixture(t)
	n := len(in.regionsPack().Regions)
	for _, f := range Names() {
		files, err := Render(in, f, Options{AssetURL: "x/", CardWidth: 100, BoardWidth: 400})
		require.NoError(t, err, f)
		require.NotEmpty(t, files, f)
	}

	t.Run("csv", func(t *testing.T) {
		rows, err := csv.NewReader(bytes.NewReader(render(t, in, CSV, Options{})["testland.regions.csv"])).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, n+1)
		assert.Equal(t, append(append([]string{}, RegionColumns...), MapColumn), rows[0])
		for _, r := range rows[1:] {
			assert.Equal(t, mapOf(r[0]), r[len(r)-1], r[0])
		}
	})
	t.Run("datapackage", func(t *testing.T) {
		var d Descriptor
		require.NoError(t, json.Unmarshal(render(t, in, DataPackage, Options{})["datapackage.json"], &d))
		assert.Contains(t, d.Description, "a combined edition of North, South")
		var fields []string
		for _, r := range d.Resources {
			if r.Name == "regions" {
				for _, f := range r.TableSchema.Fields {
					fields = append(fields, f.Name)
				}
			}
		}
		assert.Equal(t, append(append([]string{}, RegionColumns...), MapColumn), fields, "the schema lists the csv's columns")
	})
	t.Run("graphml", func(t *testing.T) {
		var doc struct {
			Graph struct {
				Data  []struct{ Key, Value string } `xml:"data"`
				Nodes []struct {
					ID   string `xml:"id,attr"`
					Data []struct {
						Key   string `xml:"key,attr"`
						Value string `xml:",chardata"`
					} `xml:"data"`
				} `xml:"node"`
			} `xml:"graph"`
		}
		data := render(t, in, GraphML, Options{})["testland.graphml"]
		require.NoError(t, xml.Unmarshal(data, &doc))
		require.Len(t, doc.Graph.Nodes, n)
		for _, node := range doc.Graph.Nodes {
			got := ""
			for _, d := range node.Data {
				if d.Key == "n_map" {
					got = d.Value
				}
			}
			assert.Equal(t, mapOf(node.ID), got, node.ID)
		}
		assert.Contains(t, string(data), `<data key="g_members">north;south</data>`)
		assert.Contains(t, string(data), `<data key="g_win">every-map</data>`)
	})
	t.Run("json-graph", func(t *testing.T) {
		var g struct {
			Graph map[string]any `json:"graph"`
			Nodes []struct{ ID, Map string }
		}
		require.NoError(t, json.Unmarshal(render(t, in, JSONGraph, Options{})["testland.graph.json"], &g))
		require.Len(t, g.Nodes, n)
		for _, node := range g.Nodes {
			assert.Equal(t, mapOf(node.ID), node.Map, node.ID)
		}
		assert.Equal(t, []any{"north", "south"}, g.Graph["members"])
		assert.Equal(t, 3.0, g.Graph["draw_piles"])
		assert.Equal(t, 6.0, g.Graph["face_up"])
	})
	t.Run("dot", func(t *testing.T) {
		dot := string(render(t, in, DOT, Options{})["testland.dot"])
		assert.Equal(t, n, strings.Count(dot, `map="`), "every region names its map")
		assert.Contains(t, dot, `"AL" [label=`)
		assert.Regexp(t, `"AL" \[[^\]]*map="north"`, dot)
		assert.Regexp(t, `"HT" \[[^\]]*map="south"`, dot)
	})
	t.Run("geojson", func(t *testing.T) {
		var fc struct{ Features []featureJSON }
		require.NoError(t, json.Unmarshal(render(t, in, GeoJSON, Options{})["testland.board.geojson"], &fc))
		seen := 0
		for _, f := range fc.Features {
			if f.Properties["layer"] != "region" {
				continue
			}
			seen++
			id, _ := f.Properties["id"].(string)
			assert.Equal(t, mapOf(id), f.Properties["map"], id)
		}
		assert.Equal(t, n, seen)
	})
	t.Run("tts", func(t *testing.T) {
		var save struct{ Rules string }
		require.NoError(t, json.Unmarshal(render(t, in, TTS, Options{AssetURL: "x/", CardWidth: 100, BoardWidth: 400})["testland.tts.json"], &save))
		assert.Contains(t, save.Rules, "the maps of North, South")
		assert.Contains(t, save.Rules, "3 draw piles")
		assert.Contains(t, save.Rules, "6 face-up piles")
		assert.Contains(t, save.Rules, "at least one region of every map")
		single := render(t, fixture(t), TTS, Options{AssetURL: "x/", CardWidth: 100, BoardWidth: 400})["testland.tts.json"]
		assert.Contains(t, string(single), `"Rules": ""`, "a single box plays by its rulebook")
	})
}

// A combined pack drawn as its boards: one frame per member map, each with
// that map's regions only, every region with a label point inside its
// frame's page and a positive inscribed radius.
func TestFramesDrawEachMap(t *testing.T) {
	in := combinedFixture(t)
	frames, err := scene.Frames(in.regionsPack(), in.Board, scene.Options{Width: 800})
	require.NoError(t, err)
	require.Len(t, frames, 2)
	seen := 0
	for _, f := range frames {
		var buf bytes.Buffer
		require.NoError(t, svg.Write(&buf, f.Scene))
		doc := buf.String()
		assert.Contains(t, doc, "<title>"+f.Map.Name+"</title>")
		for _, r := range in.regionsPack().Regions {
			at, rad, ok := f.Layout.Label(r.ID)
			drawn := strings.Contains(doc, `id="region-`+r.ID+`"`)
			assert.Equal(t, r.Map == f.Map.ID, ok, "%s in frame %s", r.ID, f.Map.ID)
			assert.Equal(t, ok, drawn, "%s drawn in frame %s", r.ID, f.Map.ID)
			if ok {
				seen++
				assert.Greater(t, rad, 0.0, r.ID)
				assert.True(t, at[0] > 0 && at[0] < f.Scene.Width && at[1] > 0 && at[1] < f.Scene.Height, "%s at %v", r.ID, at)
			}
		}
	}
	assert.Equal(t, len(in.regionsPack().Regions), seen)
	_, err = scene.Frames(fixture(t).regionsPack(), in.Board, scene.Options{})
	assert.ErrorContains(t, err, "not a combined edition")
}
