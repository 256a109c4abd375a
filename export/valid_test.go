package export

// The geometry tendays writes, checked by an independent validator: the
// board of every bundled edition (as build writes it) and its geojson export
// are read by github.com/peterstace/simplefeatures, which checks every
// polygon against the OGC simple-feature rules (closed simple rings, holes
// inside their shell, no crossing, a connected interior) and gives the
// union of a merged region's source parts, to count its polygons.

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"
	"testing"

	"github.com/paulmach/orb/geojson"
	sf "github.com/peterstace/simplefeatures/geom"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

// bundled is a bundled regions edition, built once for every test here.
type bundled struct {
	name  string
	ed    *mapdata.Edition
	files fs.FS
	pack  *mapdata.Pack
	board []byte // the board GeoJSON, as build writes it
	b     *board.Geometry
	found []diag.Finding
}

var (
	bundledOnce sync.Once
	bundledAll  []*bundled
	bundledErr  error
)

func bundledEditions(t *testing.T) []*bundled {
	t.Helper()
	bundledOnce.Do(func() {
		for _, name := range editions.Names() {
			files, err := editions.Folder(name)
			if err != nil {
				bundledErr = err
				return
			}
			src, err := fs.ReadFile(files, editions.EditionFile)
			if err != nil {
				bundledErr = err
				return
			}
			y, err := mapdata.ParseYAML(name+"/edition.yaml", src)
			if err != nil {
				bundledErr = err
				return
			}
			if mapdata.PackKind(y) != mapdata.KindRegions {
				continue // networks draw no regions; a combined board is its members' boards, checked as theirs
			}
			doc, err := mapdata.DecodeEdition(name+"/edition.yaml", src)
			if err != nil {
				bundledErr = err
				return
			}
			res, err := derive.Build(derive.Input{Doc: doc, FS: files, Dir: "editions/" + name})
			if err != nil {
				bundledErr = fmt.Errorf("%s: %w", name, err)
				return
			}
			text, err := json.Marshal(res.Board)
			if err != nil {
				bundledErr = err
				return
			}
			b, err := board.Decode(name+".board.geojson", text)
			if err != nil {
				bundledErr = err
				return
			}
			bundledAll = append(bundledAll, &bundled{name: name, ed: doc.Edition, files: files, pack: res.Pack, board: text, b: b, found: res.Findings})
		}
	})
	require.NoError(t, bundledErr)
	require.GreaterOrEqual(t, len(bundledAll), 4, "the four bundled regions editions")
	return bundledAll
}

type featureJSON struct {
	ID         any             `json:"id"`
	Properties map[string]any  `json:"properties"`
	Geometry   json.RawMessage `json:"geometry"`
}

// checkPolygons validates every polygon feature of a FeatureCollection and
// checks its winding; it returns the polygon count of each region feature.
func checkPolygons(t *testing.T, what string, text []byte) map[string]int {
	t.Helper()
	var fc struct {
		Features []featureJSON `json:"features"`
	}
	require.NoError(t, json.Unmarshal(text, &fc), what)
	counts := map[string]int{}
	polys := 0
	for i, f := range fc.Features {
		var head struct {
			Type string `json:"type"`
		}
		require.NoError(t, json.Unmarshal(f.Geometry, &head))
		if head.Type != "Polygon" && head.Type != "MultiPolygon" {
			continue
		}
		name := fmt.Sprintf("%s feature %d (%v %v)", what, i, f.Properties["layer"], f.Properties["name"])
		g, err := sf.UnmarshalGeoJSON(f.Geometry) // validates: OGC rules
		if !assert.NoError(t, err, "%s is not a valid geometry", name) {
			continue
		}
		polys++
		assert.True(t, g.IsCCW(), "%s: RFC 7946 winding (outer rings counter-clockwise, holes clockwise)", name)
		if f.Properties["layer"] == mapdata.LayerRegion {
			n := 1
			if mp, ok := g.AsMultiPolygon(); ok {
				n = mp.NumPolygons()
			}
			counts[fmt.Sprint(f.ID)] = n
		}
	}
	assert.Positive(t, polys, what)
	return counts
}

func TestBundledBoardsAreValidGeometry(t *testing.T) {
	for _, e := range bundledEditions(t) {
		t.Run(e.name, func(t *testing.T) {
			checkPolygons(t, e.name+".board.geojson", e.board)
			out, err := GeoJSONBytes(e.pack, e.b)
			require.NoError(t, err)
			checkPolygons(t, e.name+" geojson export", out)
		})
	}
}

// A merged region is its parts dissolved: as many polygons as the union of
// the source features has (so no seam of the old border is left inside).
func TestMergedRegionsHaveNoSeam(t *testing.T) {
	merges := 0
	for _, e := range bundledEditions(t) {
		if len(e.ed.Regions.Merge) == 0 {
			continue
		}
		src, err := fs.ReadFile(e.files, e.ed.Borders.File)
		require.NoError(t, err)
		layer, _, err := borders.Decode(e.ed.Borders.File, src, borders.Options{IDProperty: e.ed.Borders.ID, Object: e.ed.Borders.Object})
		require.NoError(t, err)
		feature := map[string]borders.Feature{}
		for _, f := range layer.Features {
			feature[f.ID] = f
			if f.Name != "" {
				feature[f.Name] = f
			}
		}
		counts := checkPolygons(t, e.name, e.board)
		for kept, parts := range e.ed.Regions.Merge {
			merges++
			var union sf.Geometry
			for _, name := range append([]string{kept}, parts...) {
				f, ok := feature[name]
				require.True(t, ok, "%s: no feature %q", e.name, name)
				text, err := json.Marshal(geojson.NewGeometry(f.Geometry))
				require.NoError(t, err)
				g, err := sf.UnmarshalGeoJSON(text, sf.NoValidate{})
				require.NoError(t, err)
				if union.IsEmpty() {
					union = g
					continue
				}
				union, err = sf.Union(union, g)
				require.NoError(t, err, "%s: union of %s", e.name, kept)
			}
			want := 1
			if mp, ok := union.AsMultiPolygon(); ok {
				want = mp.NumPolygons()
			}
			id := regionIDOf(e.pack, feature[kept])
			require.NotEmpty(t, id, "%s: region of %s", e.name, kept)
			assert.Equal(t, want, counts[id], "%s: region %s (%s merged with %v) has %d polygons; the union of its parts has %d",
				e.name, id, kept, parts, counts[id], want)
		}
	}
	assert.GreaterOrEqual(t, merges, 5, "Sudan, Somalia, China, Cyprus, Finland")
}

// regionIDOf is the pack id of the region a borders feature became.
func regionIDOf(p *mapdata.Pack, f borders.Feature) string {
	for _, r := range p.Regions {
		if r.Name == f.Name || r.Name == f.ID || r.ID == f.ID {
			return r.ID
		}
		for _, a := range r.Aliases {
			if a == f.ID || a == f.Name {
				return r.ID
			}
		}
	}
	return ""
}

// What the source leaves invalid is repaired, and said: the USA's Delaware
// has a ring of zero area (GDAL drops it: "too few points") and Oregon a
// ring that touches itself.
func TestRepairsAreInfoFindings(t *testing.T) {
	var usa *bundled
	for _, e := range bundledEditions(t) {
		if e.name == "usa" {
			usa = e
		}
	}
	require.NotNil(t, usa)
	var got []string
	for _, f := range usa.found {
		if f.Rule == derive.RuleRepaired {
			assert.Equal(t, diag.Info, f.Severity)
			got = append(got, f.Message)
		}
	}
	assert.Equal(t, []string{
		"region Delaware: 1 ring of zero area dropped",
		"region Oregon: 1 ring touching itself split at that point",
	}, got)
}
