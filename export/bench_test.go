package export

import (
	"fmt"
	"math"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

// bigBoard is a board the size of a real edition: 50 regions in a 10 by 5
// grid, each outline with about 800 vertices (wavy borders, shared exactly
// between neighbours), so the benchmarks measure what the USA costs.
func bigBoard() Input {
	const cols, rows, steps = 10, 5, 100
	wave := func(a, b orb.Point, salt float64) []orb.Point {
		// The same edge gives the same wave whichever way it is walked.
		var pts []orb.Point
		for i := 0; i < steps; i++ {
			t := float64(i) / steps
			x, y := a[0]+t*(b[0]-a[0]), a[1]+t*(b[1]-a[1])
			w := 0.05 * math.Sin((x+y)*37+salt)
			if a[0] == b[0] {
				x += w
			} else {
				y += w
			}
			pts = append(pts, orb.Point{x, y})
		}
		return pts
	}
	p := &mapdata.Pack{Edition: mapdata.EditionInfo{ID: "big", Name: "10 Days in Bigland", Days: 10},
		Colors: []mapdata.Color{{ID: "a", Name: "A", Hex: "#88aa44"}, {ID: "b", Name: "B", Hex: "#4466cc"}, {ID: "c", Name: "C", Hex: "#cc6644"}}}
	fc := geojson.NewFeatureCollection()
	b := &board.Geometry{File: "big.board.geojson", Features: fc}
	for i := 0; i < cols; i++ {
		for j := 0; j < rows; j++ {
			x, y := -120+float64(i)*5, 30+float64(j)*4
			c := []orb.Point{{x, y}, {x + 5, y}, {x + 5, y + 4}, {x, y + 4}}
			var ring orb.Ring
			for k := 0; k < 4; k++ {
				ring = append(ring, wave(c[k], c[(k+1)%4], 0)...)
			}
			ring = append(ring, ring[0])
			id := fmt.Sprintf("R%d%d", i, j)
			p.Regions = append(p.Regions, mapdata.Region{ID: id, Name: "Region number " + id, Color: []string{"a", "b", "c"}[(i+j)%3], Copies: 1})
			f := geojson.NewFeature(orb.Polygon{ring})
			f.ID = id
			f.Properties["layer"] = "region"
			fc.Append(f)
			b.Regions = append(b.Regions, board.Region{ID: id, Name: id, Geometry: orb.MultiPolygon{{ring}}, Feature: len(fc.Features) - 1})
			p.Deck.Cards = append(p.Deck.Cards, mapdata.Card{Token: id, Kind: mapdata.RegionCard, Region: id, Count: 1})
		}
	}
	for i := 0; i+1 < len(p.Regions); i++ {
		p.Links = append(p.Links, mapdata.Link{A: p.Regions[i].ID, B: p.Regions[i+1].ID, Kind: mapdata.Border, LengthKm: 400})
	}
	p.Deck.Totals = mapdata.TotalsOf(p.Deck.Cards)
	return Input{Pack: p, PackFile: "big.pack.json", Board: b}
}

func benchFormat(b *testing.B, format string, opt Options) {
	in := bigBoard()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Render(in, format, opt); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSVG(b *testing.B)      { benchFormat(b, SVG, Options{}) }
func BenchmarkSVGGraph(b *testing.B) { benchFormat(b, SVG, Options{Graph: true}) }
func BenchmarkGeoJSON(b *testing.B)  { benchFormat(b, GeoJSON, Options{}) }
func BenchmarkGraphML(b *testing.B)  { benchFormat(b, GraphML, Options{}) }

// BenchmarkTTS paints 50 cards at 400 pixels and a 3200-pixel board and
// encodes the PNGs: the default sizes.
func BenchmarkTTS(b *testing.B) { benchFormat(b, TTS, Options{AssetURL: "x/"}) }
