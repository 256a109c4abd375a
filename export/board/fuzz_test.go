package board

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

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
