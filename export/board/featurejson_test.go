package board

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
)

// FuzzFeatureJSON: a feature written by AppendFeature is the bytes
// json.Marshal gives, for the board's features and for made-up ones of
// every geometry type with any strings and numbers.
func FuzzFeatureJSON(f *testing.F) {
	f.Add("A", "New <York> & \u2028 \"q\" \\ \t é", 1.5, math.Copysign(0, -1), 3, uint8(0))
	f.Add("", "\xff", 1e-7, 1e21, 0, uint8(1))
	f.Add("x", "", math.MaxFloat64, math.SmallestNonzeroFloat64, -4, uint8(6))
	f.Fuzz(func(t *testing.T, id, text string, x, y float64, n int, kind uint8) {
		pts := []orb.Point{{x, y}, {y, x}, {x, x}}
		var g orb.Geometry
		switch kind % 8 {
		case 0:
			g = orb.Point{x, y}
		case 1:
			g = orb.MultiPoint(pts)
		case 2:
			g = orb.LineString(pts)
		case 3:
			g = orb.MultiLineString{pts, nil}
		case 4:
			g = orb.Polygon{pts}
		case 5:
			g = orb.MultiPolygon{{pts}, nil}
		case 6:
			g = orb.MultiPolygon(nil)
		}
		props := geojson.Properties{text: n, "name": text, "x": x, "list": []string{text, id}, "none": nil,
			"nested": map[string]any{"a": []any{y, true, text}}, "empty": []string{}}
		if kind&8 != 0 {
			props = geojson.Properties{}
		}
		var fid any = id
		if kind&16 != 0 {
			fid = x
		}
		feat := &geojson.Feature{Type: "Feature", ID: fid, Geometry: g, Properties: props}
		want, err := json.Marshal(feat)
		got, ok := AppendFeature(nil, feat)
		if !ok {
			if err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) && !math.IsNaN(y) && !math.IsInf(y, 0) {
				t.Fatalf("AppendFeature passed over a feature json.Marshal writes: %s", want)
			}
			return
		}
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("AppendFeature:\n%s\njson.Marshal (%v):\n%s", got, err, want)
		}
	})
}

// TestFeatureJSONOfABoard: every feature of the test edition's board, as
// the GeoJSON export sets its properties, is written as json.Marshal does.
func TestFeatureJSONOfABoard(t *testing.T) {
	src, err := os.ReadFile("../testdata/testland.board.geojson")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode("testland.board.geojson", src)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range b.Features.Features {
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := AppendFeature(nil, f)
		if !ok || !bytes.Equal(got, want) {
			t.Fatalf("feature %d (taken %v):\n%s\nwant\n%s", i, ok, got, want)
		}
	}
}
