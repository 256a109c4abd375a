package borders

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/jsonscan"
)

// fc wraps features in a FeatureCollection.
func fc(features ...string) string {
	return `{"type":"FeatureCollection","features":[` + strings.Join(features, ",") + `]}`
}

// poly is a Polygon feature with the given id and ring coordinates.
func poly(id, rings string) string {
	return `{"type":"Feature","id":"` + id + `","properties":{"name":"N` + id + `"},"geometry":{"type":"Polygon","coordinates":` + rings + `}}`
}

const square = `[[[0,0],[1,0],[1,1],[0,1],[0,0]]]`

// at gives the 1-based line and column of the first occurrence of marker.
func at(t *testing.T, src, marker string) (int, int) {
	t.Helper()
	i := strings.Index(src, marker)
	require.GreaterOrEqual(t, i, 0, "marker %q not in source", marker)
	line := strings.Count(src[:i], "\n") + 1
	return line, i - strings.LastIndex(src[:i], "\n")
}

func TestDecodeGeoJSON(t *testing.T) {
	src := fc(
		poly("A", square),
		`{"type":"Feature","id":7,"properties":{"name":"Two parts","code":12.5},"geometry":{"type":"MultiPolygon","coordinates":[`+
			`[[[2,0],[3,0],[3,1],[2,1],[2,0]],[[2.2,0.2],[2.2,0.8],[2.8,0.8],[2.8,0.2],[2.2,0.2]]],`+
			`[[[4,0],[5,0],[5,1],[4,1],[4,0]]]]}}`,
		`{"geometry":{"geometries":[{"coordinates":[[[6,0],[7,0],[7,1],[6,1],[6,0]]],"type":"Polygon"}],"type":"GeometryCollection"},"properties":{"name":"Late type"},"type":"Feature"}`,
	)
	layer, findings, err := Decode("f.geojson", []byte(src), Options{})
	require.NoError(t, err)
	assert.Empty(t, findings)
	require.Len(t, layer.Features, 3)
	assert.Equal(t, "f.geojson", layer.File)

	a := layer.Features[0]
	assert.Equal(t, "A", a.ID)
	assert.Equal(t, "NA", a.Name)
	assert.Equal(t, "/features/0", a.Pointer)
	assert.Equal(t, orb.MultiPolygon{{{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}}}, a.Geometry)

	b := layer.Features[1]
	assert.Equal(t, "7", b.ID, "a numeric id keeps its text")
	assert.Equal(t, 12.5, b.Properties["code"])
	require.Len(t, b.Geometry, 2)
	assert.Len(t, b.Geometry[0], 2, "exterior and hole")
	assert.Equal(t, orb.Point{2.2, 0.8}, b.Geometry[0][1][1])

	c := layer.Features[2]
	assert.Equal(t, "Late type", c.ID, "no id: the name")
	assert.Equal(t, orb.Ring{{6, 0}, {7, 0}, {7, 1}, {6, 1}, {6, 0}}, c.Geometry[0][0],
		"coordinates before type, GeometryCollection of a Polygon")
}

func TestIDProperty(t *testing.T) {
	src := fc(
		`{"type":"Feature","id":"x","properties":{"code":5,"name":"Five"},"geometry":{"type":"Polygon","coordinates":`+square+`}}`,
		`{"type":"Feature","properties":{"code":"06","name":"Six"},"geometry":{"type":"Polygon","coordinates":`+square+`}}`,
		`{"type":"Feature","properties":{"name":"Seven"},"geometry":{"type":"Polygon","coordinates":`+square+`}}`,
	)
	tests := []struct {
		prop string
		want []string
		miss bool
	}{
		{"", []string{"x", "Six", "Seven"}, false},
		{"$id", []string{"x", "Six", "Seven"}, false},
		{"code", []string{"5", "06", "feature-2"}, true},
		{"name", []string{"Five", "Six", "Seven"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.prop, func(t *testing.T) {
			layer, findings, err := Decode("f.geojson", []byte(src), Options{IDProperty: tt.prop})
			require.NoError(t, err)
			var ids []string
			for _, f := range layer.Features {
				ids = append(ids, f.ID)
			}
			assert.Equal(t, tt.want, ids)
			if tt.miss {
				require.Len(t, findings, 1)
				assert.Equal(t, RuleMissingID, findings[0].Rule)
				assert.Equal(t, "/features/2", findings[0].Pointer)
				assert.Contains(t, findings[0].Message, `no property "code"`)
			} else {
				assert.Empty(t, findings)
			}
		})
	}
}

func TestFindings(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		rule     string
		sev      diag.Severity
		pointer  string
		marker   string // where line:col must point
		msg      string
		features int
		check    func(t *testing.T, l *Layer)
	}{
		{
			name: "unclosed ring is closed", src: fc(poly("A", `[[[0,0],[1,0],[1,1],[0,1]]]`)),
			rule: RuleUnclosedRing, sev: diag.Warning, pointer: "/features/0/geometry/coordinates/0", marker: "[[0,0],[1,0],[1,1],[0,1]]",
			msg: "not closed", features: 1,
			check: func(t *testing.T, l *Layer) {
				assert.Equal(t, orb.Ring{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}, l.Features[0].Geometry[0][0])
			},
		},
		{
			name: "ring of two distinct positions is kept, padded", src: fc(poly("A", `[[[0,0],[1,0],[0,0]]]`)),
			rule: RuleShortRing, sev: diag.Warning, pointer: "/features/0/geometry/coordinates/0", marker: "[[0,0],[1,0],[0,0]]",
			msg: "fewer than 4", features: 1,
			check: func(t *testing.T, l *Layer) {
				assert.Equal(t, orb.Ring{{0, 0}, {1, 0}, {0, 0}, {0, 0}}, l.Features[0].Geometry[0][0])
			},
		},
		{
			name: "ring of one position is dropped", src: fc(poly("A", `[[[0,0],[0,0]]]`), poly("B", square)),
			rule: RuleShortRing, sev: diag.Warning, pointer: "/features/0/geometry/coordinates/0", marker: "[[0,0],[0,0]]",
			msg: "single distinct position", features: 1,
		},
		{
			name: "a hole is dropped with its exterior", src: fc(poly("A", `[[[0,0],[0,0]],[[0.2,0.2],[0.2,0.8],[0.8,0.8],[0.2,0.2]]]`), poly("B", square)),
			rule: RuleShortRing, sev: diag.Warning, pointer: "/features/0/geometry/coordinates/0", marker: "[[0,0],[0,0]]",
			features: 1,
		},
		{
			name: "NaN", src: fc(poly("A", `[[[0,0],[1,0],[NaN,0.5],[1,1],[0,1],[0,0]]]`)),
			rule: RuleNonFinite, sev: diag.Error, pointer: "/features/0/geometry/coordinates/0/2", marker: "[NaN",
			features: 1,
			check: func(t *testing.T, l *Layer) {
				assert.Len(t, l.Features[0].Geometry[0][0], 5, "the position is dropped")
			},
		},
		{
			name: "overflow to infinity", src: fc(poly("A", `[[[0,0],[1,0],[1,1e999],[1,1],[0,1],[0,0]]]`)),
			rule: RuleNonFinite, sev: diag.Error, pointer: "/features/0/geometry/coordinates/0/2", marker: "[1,1e999]",
			features: 1,
		},
		{
			name: "latitude out of range", src: fc(poly("A", `[[[0,0],[1,0],[1,91],[0,1],[0,0]]]`)),
			rule: RuleOutOfRange, sev: diag.Error, pointer: "/features/0/geometry/coordinates/0/2", marker: "[1,91]",
			msg: "[1, 91] is outside longitude [-180, 180] or latitude [-90, 90]: the data looks projected", features: 1,
		},
		{
			name: "more than three numbers", src: fc(poly("A", `[[[0,0,1,2],[1,0],[1,1],[0,1],[0,0]]]`)),
			rule: RuleExtraNumbers, sev: diag.Warning, pointer: "/features/0/geometry/coordinates/0/0", marker: "[0,0,1,2]",
			msg: "4 numbers", features: 1,
		},
		{
			name: "duplicate id", src: fc(poly("A", square), poly("A", `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`)),
			rule: RuleDuplicateID, sev: diag.Error, pointer: "/features/1", msg: `id "A" is also the id of the feature at /features/0`,
			features: 2,
		},
		{
			name: "not a polygon", src: fc(`{"type":"Feature","id":"P","geometry":{"type":"Point","coordinates":[1,2]}}`, poly("A", square)),
			rule: RuleNotPolygon, sev: diag.Warning, pointer: "/features/0/geometry", marker: `{"type":"Point"`, msg: `"Point"`,
			features: 1,
		},
		{
			name: "null geometry", src: fc(`{"type":"Feature","id":"N","geometry":null}`, poly("A", square)),
			rule: RuleNullGeometry, sev: diag.Warning, pointer: "/features/0", marker: `{"type":"Feature","id":"N"`,
			features: 1,
		},
		{
			name: "clockwise exterior", src: fc(poly("A", square), poly("B", `[[[0,0],[0,1],[1,1],[1,0],[0,0]]]`)),
			rule: RuleWinding, sev: diag.Info, pointer: "/features/1", msg: "1 of 2 features have rings wound clockwise; RFC 7946 wants exterior rings counterclockwise and holes clockwise (read as they are; to rewrite the file: ogr2ogr -lco RFC7946=YES f-rfc7946.geojson f.geojson)",
			features: 2,
		},
		{
			name: "an empty MultiPolygon (RFC 7946 allows it)", src: fc(poly("A", square), `{"type":"Feature","properties":{"name":"B"},"geometry":{"type":"MultiPolygon","coordinates":[]}}`),
			rule: RuleEmpty, sev: diag.Warning, pointer: "/features/1", msg: "feature's geometry is empty (no coordinates); skipped it",
			features: 1,
		},
		{
			name: "an empty Polygon", src: fc(poly("A", square), `{"type":"Feature","properties":{"name":"B"},"geometry":{"type":"Polygon","coordinates":[]}}`),
			rule: RuleEmpty, sev: diag.Warning, pointer: "/features/1", msg: "empty",
			features: 1,
		},
		{
			name: "no id, no name", src: fc(`{"type":"Feature","geometry":{"type":"Polygon","coordinates":` + square + `}}`),
			rule: RuleMissingID, sev: diag.Warning, pointer: "/features/0", msg: `calling it "feature-0"`,
			features: 1,
		},
		{
			name: "crossing the antimeridian", src: fc(poly("A", `[[[170,0],[-170,0],[-170,10],[170,10],[170,0]]]`)),
			rule: RuleAntimeridian, sev: diag.Info, pointer: "/features/0/geometry/coordinates", msg: "2 pieces",
			features: 1,
			check:    func(t *testing.T, l *Layer) { assert.Len(t, l.Features[0].Geometry, 2) },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			layer, findings, err := Decode("f.geojson", []byte(tt.src), Options{})
			require.NoError(t, err)
			var got *diag.Finding
			for i := range findings {
				if findings[i].Rule == tt.rule {
					got = &findings[i]
					break
				}
			}
			require.NotNil(t, got, "no %s finding in %v", tt.rule, findings)
			assert.Equal(t, tt.sev, got.Severity)
			assert.Equal(t, tt.pointer, got.Pointer)
			assert.Equal(t, "f.geojson", got.File)
			assert.Contains(t, got.Message, tt.msg)
			if tt.marker != "" {
				line, col := at(t, tt.src, tt.marker)
				assert.Equal(t, [2]int{line, col}, [2]int{got.Line, got.Col}, "line:col")
			} else {
				assert.Positive(t, got.Line)
			}
			require.Len(t, layer.Features, tt.features)
			if tt.check != nil {
				tt.check(t, layer)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"truncated", `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0]`,
			"f.json:1:115: unexpected end of input (the file is truncated?)"},
		{"malformed", `{"type":"FeatureCollection","features":[}`, "f.json:1:41: expected an object"},
		{"trailing text", fc(poly("A", square)) + ` x`, "unexpected text after the end of the document"},
		{"empty FeatureCollection", `{"type":"FeatureCollection","features":[]}`, "f.json:/features: FeatureCollection has no features"},
		{"no polygon at all", fc(`{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}`), "no polygon features in the file"},
		{"coordinates missing", fc(`{"type":"Feature","geometry":{"type":"Polygon"}}`), `f.json:1:70: Polygon has no "coordinates"`},
		{"only empty geometries", fc(`{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[]]}}`), "no polygon features in the file"},
		{"a string for a number", fc(poly("A", `[[["0",0],[1,0],[1,1],[0,0]]]`)), "expected a number"},
		{"not a borders file", `{"type":"Point","coordinates":[0,0]}`, `f.json:1:9: type is "Point": expected a GeoJSON FeatureCollection or a TopoJSON Topology`},
		{"no type", `{"features":[]}`, `no "type" member`},
		{"an array", `[1,2]`, "f.json:1:1: expected a GeoJSON FeatureCollection or a TopoJSON Topology"},
		{"byte order mark", "\xef\xbb\xbf" + fc(poly("A", square)), "byte order mark"},
		{"nested too deep", `{"type":"FeatureCollection","x":` + strings.Repeat("[", 300) + strings.Repeat("]", 300) + `,"features":[]}`, "nested deeper than 256"},
		{"bad escape", `{"type":"Feature\q"}`, "bad escape"},
		{"control character", "{\"type\":\"a\tb\"}", "control character"},
		{"arc index out of range", `{"type":"Topology","objects":{"o":{"type":"Polygon","arcs":[[0,5]]}},"arcs":[[[0,0],[1,0],[1,1],[0,0]]]}`,
			"f.json:1:60: arc index 5 at /objects/o/arcs/0/1 is out of range (the topology has 1 arcs)"},
		{"reversed arc index out of range", `{"type":"Topology","objects":{"o":{"type":"Polygon","arcs":[[-3]]}},"arcs":[[[0,0],[1,0],[1,1],[0,0]]]}`,
			"arc index -3 at /objects/o/arcs/0/0 is out of range"},
		{"arc index not an integer", `{"type":"Topology","objects":{"o":{"type":"Polygon","arcs":[[0.5]]}},"arcs":[]}`, "arc index is not an integer"},
		{"topology object missing", `{"type":"Topology","objects":{"a":{"type":"Polygon","arcs":[[0]]},"b":null},"arcs":[]}`,
			`Topology has no object "c" (it has a, b)`},
		{"topology polygon without arcs", `{"type":"Topology","objects":{"o":{"type":"Polygon","arcs":[]}},"arcs":[]}`, "Polygon has no arcs"},
		{"topology arcs nested wrong", `{"type":"Topology","objects":{"o":{"type":"Polygon","arcs":[[[0]]]}},"arcs":[[[0,0],[1,0],[1,1],[0,0]]]}`,
			"arcs of a Polygon must be nested 2 deep, not 3"},
		{"topology without arcs", `{"type":"Topology","objects":{}}`, `Topology needs both "objects" and "arcs"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{}
			if strings.Contains(tt.name, "object missing") {
				opts.Object = "c"
			}
			layer, _, err := Decode("f.json", []byte(tt.src), opts)
			require.Error(t, err)
			assert.Nil(t, layer)
			var ie *diag.InputError
			require.True(t, errors.As(err, &ie), "want a *diag.InputError, got %T", err)
			assert.Equal(t, "f.json", ie.File)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestReadLimits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.geojson")
	require.NoError(t, os.WriteFile(path, []byte(fc(poly("A", square))), 0o644))

	layer, _, err := Read(path, Options{})
	require.NoError(t, err)
	assert.Len(t, layer.Features, 1)

	_, _, err = Read(path, Options{MaxBytes: 20})
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+": file is")
	assert.Contains(t, err.Error(), "over the limit of 20")

	_, _, err = Read(filepath.Join(dir, "missing.geojson"), Options{})
	var ie *diag.InputError
	require.True(t, errors.As(err, &ie))
	assert.Contains(t, err.Error(), "missing.geojson: no such file")

	_, _, err = Read(dir, Options{})
	assert.ErrorContains(t, err, "is a folder")
}

// A small topology: two unit squares side by side sharing arc 0 (the
// segment x=1), quantized to a 0.5° grid, delta-encoded.
const topo2 = `{"type":"Topology",
"objects":{
 "other":{"type":"GeometryCollection","geometries":[]},
 "cells":{"type":"GeometryCollection","geometries":[
  {"type":"Polygon","id":"W","properties":{"name":"West"},"arcs":[[0,1]]},
  {"type":"MultiPolygon","id":9,"arcs":[[[-1,2]]]},
  {"type":"GeometryCollection","properties":{"name":"Pair"},"geometries":[
     {"type":"Polygon","arcs":[[3]]},{"type":"Polygon","arcs":[[4]]}]},
  {"type":null,"id":"nothing"},
  {"type":"LineString","arcs":[0],"id":"line"}
 ]}},
"transform":{"scale":[0.5,0.5],"translate":[10,20]},
"arcs":[
 [[2,0],[0,2]],
 [[2,2],[-2,0],[0,-2],[2,0]],
 [[2,0],[2,0],[0,2],[-2,0]],
 [[0,6],[2,0],[0,2],[-2,0],[0,-2]],
 [[4,6],[2,0],[0,2],[-2,0],[0,-2]]
]}`

func TestDecodeTopoJSON(t *testing.T) {
	layer, findings, err := Decode("t.json", []byte(topo2), Options{Object: "cells"})
	require.NoError(t, err)
	require.Len(t, layer.Features, 3)

	w := layer.Features[0]
	assert.Equal(t, "W", w.ID)
	assert.Equal(t, "West", w.Name)
	assert.Equal(t, "/objects/cells/geometries/0", w.Pointer)
	// arc 0 then arc 1: (11,20) (11,21) then (11,21) (10,21) (10,20) (11,20)
	assert.Equal(t, orb.Ring{{11, 20}, {11, 21}, {10, 21}, {10, 20}, {11, 20}}, w.Geometry[0][0])

	e := layer.Features[1]
	assert.Equal(t, "9", e.ID)
	// arc 0 reversed, then arc 2.
	assert.Equal(t, orb.Ring{{11, 21}, {11, 20}, {12, 20}, {12, 21}, {11, 21}}, e.Geometry[0][0])

	pair := layer.Features[2]
	assert.Equal(t, "Pair", pair.ID)
	assert.Len(t, pair.Geometry, 2, "a GeometryCollection of polygons is one region")

	rules := map[string]string{}
	for _, f := range findings {
		rules[f.Rule] = f.Pointer
	}
	assert.Equal(t, "/objects/cells/geometries/3", rules[RuleNullGeometry])
	assert.Equal(t, "/objects/cells/geometries/4", rules[RuleNotPolygon])

	// The first object is the default.
	_, _, err = Decode("t.json", []byte(topo2), Options{})
	assert.ErrorContains(t, err, "t.json:3:10: object has no geometries")
}

func TestTopoJSONWithoutTransform(t *testing.T) {
	src := `{"type":"Topology","arcs":[[[0.5,0],[1.5,0],[1.5,1],[0.5,0]]],"objects":{"o":{"type":"Polygon","arcs":[[0]],"id":"T"}}}`
	layer, _, err := Decode("t.json", []byte(src), Options{})
	require.NoError(t, err)
	assert.Equal(t, orb.Ring{{0.5, 0}, {1.5, 0}, {1.5, 1}, {0.5, 0}}, layer.Features[0].Geometry[0][0])
}

func TestAntimeridianCut(t *testing.T) {
	tests := []struct {
		name   string
		ring   orb.Ring
		pieces int
	}{
		{"square across", orb.Ring{{170, 0}, {-170, 0}, {-170, 10}, {170, 10}, {170, 0}}, 2},
		{"from the west", orb.Ring{{-175, -5}, {-175, 5}, {175, 5}, {178, 0}, {175, -5}, {-175, -5}}, 2},
		{"longitudes past 180", orb.Ring{{175, 0}, {185, 0}, {185, 5}, {175, 5}, {175, 0}}, 2},
		{"all past 180", orb.Ring{{185, 0}, {190, 0}, {190, 5}, {185, 5}, {185, 0}}, 1},
		// A concave ring crossing twice: the clip leaves one piece on the
		// west side with a zero-width bridge along the cut.
		{"U shape", orb.Ring{{170, 0}, {-170, 0}, {-170, 10}, {170, 10}, {170, 8}, {-175, 8}, {-175, 2}, {170, 2}, {170, 0}}, 2},
		// Antarctica: a ring round the south pole, closed along it.
		{"round the pole", orb.Ring{{-180, -70}, {-90, -75}, {0, -70}, {90, -75}, {180, -70}, {-180, -70}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pieces := cutPolygon(orb.Polygon{tt.ring})
			require.Len(t, pieces, tt.pieces)
			area := 0.0
			for _, p := range pieces {
				r := p[0]
				assert.Equal(t, r[0], r[len(r)-1], "closed")
				assert.GreaterOrEqual(t, len(r), 4)
				for i, pt := range r {
					assert.True(t, pt[0] >= -180 && pt[0] <= 180, "longitude %v in range", pt[0])
					if i > 0 {
						assert.LessOrEqual(t, math.Abs(pt[0]-r[i-1][0]), 180.0, "segment %v-%v", r[i-1], pt)
					}
				}
				area += math.Abs(signedArea(r))
			}
			if tt.name != "round the pole" {
				assert.InDelta(t, math.Abs(signedArea(tt.ring)), area, 1e-9, "the pieces cover the ring")
			}
		})
	}
}

// Two rings sharing a segment that crosses the antimeridian must be cut at
// the same point, whichever way round they run.
func TestCutPointIsShared(t *testing.T) {
	a := cutPolygon(orb.Polygon{{{170, 0}, {-170, 3.3}, {-170, 10}, {170, 10}, {170, 0}}})
	b := cutPolygon(orb.Polygon{{{170, 0}, {160, -5}, {-160, -5}, {-170, 3.3}, {170, 0}}})
	pointsOnCut := func(ps []orb.Polygon) map[orb.Point]bool {
		m := map[orb.Point]bool{}
		for _, p := range ps {
			for _, pt := range p[0] {
				if math.Abs(pt[0]) == 180 {
					m[orb.Point{180, pt[1]}] = true
				}
			}
		}
		return m
	}
	pa, pb := pointsOnCut(a), pointsOnCut(b)
	shared := 0
	for p := range pa {
		if pb[p] {
			shared++
		}
	}
	assert.Equal(t, 1, shared, "the crossing of segment (170,0)-(-170,3.3) is one point: %v %v", pa, pb)
}

func TestNumbersMatchStrconv(t *testing.T) {
	inputs := []string{"0", "-0", "1", "-1", "0.1", "0.3", "-86.5073", "12.345678901", "123456789012345678",
		"1234567890123456789012", "0.000000000000000000001", "1e22", "1e23", "4.9e-324", "1.7976931348623157e308",
		"2.2250738585072014e-308", "9007199254740993", "0.1e-5", "5e-1", "1E+2", "179.99999999999997",
		"0.30000000000000004", "-0.0000", "100000000000000000000000000000000000000001"}
	// A fixed pseudo-random walk through many shapes of numbers.
	x := uint64(42)
	for range 20000 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		f := math.Float64frombits(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		prec := int(x>>60) - 1
		inputs = append(inputs, strconv.FormatFloat(f, 'g', prec, 64), strconv.FormatFloat(float64(int64(x>>20))/1e9, 'f', int(x%13), 64))
	}
	for _, in := range inputs {
		s := jsonscan.Scanner{Src: []byte(in)}
		got, err := s.Num()
		require.NoError(t, err, in)
		want, _ := strconv.ParseFloat(in, 64)
		assert.Equal(t, math.Float64bits(want), math.Float64bits(got), "%s: got %v want %v", in, got, want)
		assert.Equal(t, len(in), s.Pos, in)
	}
}
