package board

import (
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

// FuzzDecode: a board file is read or refused with an InputError naming it;
// a board that is read has one outline per region id, rings of three points
// or more, and coordinates a projection can place.
func FuzzDecode(f *testing.F) {
	src, err := os.ReadFile("../testdata/testland.board.geojson")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(src)
	for _, s := range []string{
		`{"type": "FeatureCollection", "features": []}`,
		`{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "A", "properties": {"layer": "region"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}}]}`,
		`{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "A", "properties": {"layer": "region"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1e400],[0,0]]]}}]}`,
		`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"layer": "rail", "rail": "r"}, "geometry": {"type": "Point", "coordinates": [0,0]}}]}`,
		`{"type": "Feature"}`,
		`[`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var b *Geometry
		var err error
		fuzzcheck.Within(t, func() { b, err = Decode("fuzz.board.geojson", src) })
		if err != nil {
			var ie *diag.InputError
			if !errors.As(err, &ie) || !strings.HasPrefix(err.Error(), "fuzz.board.geojson") {
				t.Fatalf("error %T does not name the file first: %v", err, err)
			}
			return
		}
		seen := map[string]bool{}
		for _, r := range b.Regions {
			if r.ID == "" || seen[r.ID] {
				t.Fatalf("region id %q empty or repeated", r.ID)
			}
			seen[r.ID] = true
			for _, poly := range r.Geometry {
				for _, ring := range poly {
					if len(ring) < 3 {
						t.Fatalf("region %s: a ring of %d points", r.ID, len(ring))
					}
					for _, p := range ring {
						if math.IsNaN(p[0]) || math.IsNaN(p[1]) || math.Abs(p[0]) > 540 || math.Abs(p[1]) > 90 {
							t.Fatalf("region %s: point %v", r.ID, p)
						}
					}
				}
			}
		}
	})
}

// FuzzBoardReaders: whatever the borders scanner reads as a board,
// orb's decoder reads as the same FeatureCollection, down to the types of
// the ids and property values, nil and empty alike.
func FuzzBoardReaders(f *testing.F) {
	src, err := os.ReadFile("../testdata/testland.board.geojson")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(src)
	for _, s := range []string{
		`{"features": [{"properties": {}, "geometry": {"coordinates": [1.5e-7, -0], "type": "Point"}, "type": "Feature", "id": 7}], "type": "FeatureCollection"}`,
		`{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "A\u00e9\ud83d\ude00\ud800x", "properties": {"layer": "region", "s": "a\"b\\c\u2028\t", "n": [1, 2.5, null, true, {"x": []}], "bad": "\xff\xfe"}, "geometry": {"type": "MultiPolygon", "coordinates": [[[[0,0],[1,0],[1,1],[0,0]]], [[[2,2],[3,2],[3,3],[2,2]]]]}}]}`,
		`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"layer": "rail"}, "geometry": {"type": "MultiLineString", "coordinates": [[[0,0],[1,1e22]],[[2,2],[3,3]]]}}]}`,
		`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"x": 1e400}, "geometry": null}]}`,
		`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"x": 1, "x": 2}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fast, ok := scanCollection(src)
		if !ok {
			return
		}
		slow, err := geojson.UnmarshalFeatureCollection(src)
		if err != nil {
			t.Fatalf("the scanner reads what orb refuses (%v): %s", err, src)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("the readers differ:\nscanner %#v\norb     %#v", fast, slow)
		}
	})
}
