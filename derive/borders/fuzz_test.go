package borders

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tendays/tendays/diag"
)

// FuzzDecode feeds both formats to Decode: it must never panic, must fail
// only with a *diag.InputError, and what it returns must keep the package's
// promises (closed rings of 4 or more positions, longitudes within ±180°,
// no segment spanning more than 180°). The seed corpus is in
// testdata/fuzz/FuzzDecode as well as here.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(fc(poly("A", square), poly("B", `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`))))
	f.Add([]byte(fc(poly("A", `[[[170,0],[-170,0],[-170,10],[170,10]]]`))))
	f.Add([]byte(fc(`{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}]}}`)))
	f.Add([]byte(topo2))
	f.Add([]byte(`{"type":"Topology","objects":{"o":{"type":"Polygon","arcs":[[0,-1]]}},"arcs":[[[0,0],[1,0],[1,1]]]}`))
	f.Add([]byte(`{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[NaN,1e999,3,4]]]}}]}`))
	// Issue 12: white space inside arrays, duplicate keys, bad transforms,
	// projected coordinates, a numeric name.
	f.Add([]byte(`{ "type" : "Topology" , "transform" : { "scale" : [ 1 , 1 ] , "translate" : [ 0 , 0 ] } , "objects" : { "o" : { "type" : "Polygon" , "arcs" : [ [ 0 ] ] } } , "arcs" : [ [ [ 0 , 0 ] , [ 1 , 0 ] , [ 0 , 1 ] , [ -1 , 0 ] , [ 0 , -1 ] ] ] }`))
	f.Add([]byte(`{"type":"Topology","transform":{"scale":[0,1],"translate":[0,0]},"objects":{"o":{"type":"Polygon","arcs":[[0]]}},"arcs":[[[0,0],[1,0],[0,1],[-1,0],[0,-1]]]}`))
	f.Add([]byte(`{"type":"Topology","transform":{"scale":[1e300,1],"translate":[0,0]},"objects":{"o":{"type":"Polygon","arcs":[[0]]}},"arcs":[[[0,0],[1e300,0],[0,1],[-1,0],[0,-1]]]}`))
	f.Add([]byte(`{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":7,"name":8},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}`))
	f.Add([]byte(`{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":1907},"geometry":{"type":"Polygon","coordinates":[[[0,0],[100000,0],[1,1],[0,0]]]}}]}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		layer, findings, err := Decode("fuzz.json", src, Options{})
		for _, fd := range findings {
			if fd.Rule == "" || fd.File != "fuzz.json" {
				t.Fatalf("bad finding %+v", fd)
			}
			if s := fd.String(); strings.ContainsAny(s, "\n\r\x1b\x00") {
				t.Fatalf("finding is not one line of text: %q", s)
			}
		}
		if err != nil && strings.ContainsAny(err.Error(), "\n\r\x1b\x00") {
			t.Fatalf("error is not one line of text: %q", err.Error())
		}
		if err != nil {
			var ie *diag.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %T is not a *diag.InputError: %v", err, err)
			}
			return
		}
		if len(layer.Features) == 0 {
			t.Fatal("no error and no features")
		}
		for _, ft := range layer.Features {
			if ft.ID == "" || len(ft.Geometry) == 0 {
				t.Fatalf("feature without id or geometry: %+v", ft)
			}
			for _, p := range ft.Geometry {
				for _, r := range p {
					if len(r) < 4 || r[0] != r[len(r)-1] {
						t.Fatalf("ring not closed or short: %v", r)
					}
					for i, pt := range r {
						if !(pt[0] >= -180 && pt[0] <= 180) || math.IsNaN(pt[1]) || math.IsInf(pt[1], 0) || math.IsNaN(pt[0]) {
							t.Fatalf("position out of range: %v", pt)
						}
						if i > 0 && math.Abs(pt[0]-r[i-1][0]) > 180 {
							t.Fatalf("segment spans more than 180°: %v %v", r[i-1], pt)
						}
					}
				}
			}
		}
	})
}
