package editions_test

import (
	"encoding/json"
	"io/fs"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/mapdata"
)

func TestNames(t *testing.T) {
	// The bundled names are part of the command-line contract (DESIGN.md).
	assert.Equal(t, []string{"across-the-us", "africa", "americas", "around-the-world", "asia", "europa-tour", "europe", "usa"}, editions.Names())
}

// regionsEditions are the bundled editions of kind regions (the tests below
// read their borders); network editions have tests of their own.
func regionsEditions(t *testing.T) []string {
	var out []string
	for _, name := range editions.Names() {
		dir, err := editions.Folder(name)
		require.NoError(t, err)
		src, err := fs.ReadFile(dir, editions.EditionFile)
		require.NoError(t, err)
		doc, err := mapdata.ParseYAML(name, src)
		require.NoError(t, err)
		if mapdata.PackKind(doc) == mapdata.KindRegions {
			out = append(out, name)
		}
	}
	return out
}

func TestNetworkEdition(t *testing.T) {
	dir, err := editions.Folder("across-the-us")
	require.NoError(t, err)
	src, err := fs.ReadFile(dir, editions.EditionFile)
	require.NoError(t, err)
	doc, err := mapdata.DecodeNetworkEdition("across-the-us/edition.yaml", src)
	require.NoError(t, err)
	assert.Equal(t, "across-the-us", doc.Edition.ID)
	data, err := fs.ReadFile(dir, doc.Edition.Stations.File)
	require.NoError(t, err)
	assert.True(t, json.Valid(data))
	_, err = fs.Stat(dir, "SOURCES.md")
	assert.NoError(t, err, "every edition says where its data came from")
}

func TestFolder(t *testing.T) {
	for _, name := range editions.Names() {
		dir, err := editions.Folder(name)
		require.NoError(t, err, name)
		_, err = fs.Stat(dir, editions.EditionFile)
		assert.NoError(t, err, name)
	}
	_, err := editions.Folder("atlantis")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"atlantis"`)
	assert.Contains(t, err.Error(), "usa")
	_, err = editions.Folder(".")
	assert.Error(t, err, "only edition folders are editions")
}

// load decodes a bundled edition.yaml with the same decoder build uses, so an
// unknown or misspelt key fails here.
func load(t *testing.T, name string) (fs.FS, *mapdata.Edition) {
	t.Helper()
	dir, err := editions.Folder(name)
	require.NoError(t, err)
	src, err := fs.ReadFile(dir, editions.EditionFile)
	require.NoError(t, err)
	doc, err := mapdata.DecodeEdition(name+"/"+editions.EditionFile, src)
	require.NoError(t, err)
	return dir, doc.Edition
}

// namedFiles is every file an edition names, with where it names it.
func namedFiles(e *mapdata.Edition) map[string]string {
	files := map[string]string{"borders.file": e.Borders.File}
	for region, s := range e.Regions.Split {
		files["regions.split."+region+".cut"] = s.Cut
	}
	for id, s := range e.Seas {
		if s.Geometry != nil {
			files["seas."+id+".geometry.file"] = s.Geometry.File
		}
	}
	for id, r := range e.Rails {
		if r.Geometry != nil {
			files["rails."+id+".geometry.file"] = r.Geometry.File
		}
	}
	return files
}

func TestNamedFilesExist(t *testing.T) {
	for _, name := range regionsEditions(t) {
		t.Run(name, func(t *testing.T) {
			dir, e := load(t, name)
			assert.Equal(t, name, e.ID, "the folder is named after the edition's id")
			for where, file := range namedFiles(e) {
				if !assert.True(t, fs.ValidPath(file), "%s: %q must be a path inside the folder", where, file) {
					continue
				}
				data, err := fs.ReadFile(dir, file)
				if assert.NoError(t, err, where) {
					assert.True(t, json.Valid(data), "%s: %s is not JSON", where, file)
				}
			}
			_, err := fs.Stat(dir, "SOURCES.md")
			assert.NoError(t, err, "every edition says where its data came from")
		})
	}
}

// dataNames reads the region names of a TopoJSON borders file: the id
// property of every geometry of the object.
func dataNames(t *testing.T, dir fs.FS, b mapdata.BordersSpec) []string {
	t.Helper()
	src, err := fs.ReadFile(dir, b.File)
	require.NoError(t, err)
	var topo struct {
		Type    string `json:"type"`
		Objects map[string]struct {
			Geometries []struct {
				ID         any            `json:"id"`
				Properties map[string]any `json:"properties"`
			} `json:"geometries"`
		} `json:"objects"`
	}
	require.NoError(t, json.Unmarshal(src, &topo))
	require.Equal(t, "Topology", topo.Type, "the bundled editions use TopoJSON")
	obj, ok := topo.Objects[b.Object]
	require.True(t, ok, "object %q", b.Object)
	var names []string
	for i, g := range obj.Geometries {
		n, ok := g.Properties[b.ID].(string)
		require.True(t, ok, "geometry %d has no string property %q", i, b.ID)
		names = append(names, n)
	}
	return names
}

// overrideNames is every region name an edition uses outside regions.ids and
// regions.names, with where it uses it.
func overrideNames(e *mapdata.Edition) [][2]string {
	var out [][2]string
	add := func(where string, names ...string) {
		for _, n := range names {
			out = append(out, [2]string{where, n})
		}
	}
	add("regions.omit", e.Regions.Omit...)
	for k, v := range e.Regions.Merge {
		add("regions.merge", k)
		add("regions.merge."+k, v...)
	}
	add("air_only", e.AirOnly...)
	for k := range e.Colors.Assign {
		add("colors.assign", k)
	}
	for _, g := range e.Colors.Same {
		add("colors.same", g...)
	}
	for k := range e.Copies {
		add("copies", k)
	}
	for _, l := range e.Links.Add {
		add("links.add", l.A, l.B)
	}
	for _, l := range e.Links.Remove {
		add("links.remove", l.A, l.B)
	}
	for id, s := range e.Seas {
		add("seas."+id+".regions", s.Regions...)
		add("seas."+id+".add", s.Add...)
		add("seas."+id+".remove", s.Remove...)
	}
	for id, r := range e.Rails {
		add("rails."+id+".stops", r.Stops...)
	}
	return out
}

func TestOverrideNamesExist(t *testing.T) {
	for _, name := range regionsEditions(t) {
		t.Run(name, func(t *testing.T) {
			dir, e := load(t, name)
			data := map[string]bool{}
			for _, n := range dataNames(t, dir, e.Borders) {
				assert.False(t, data[n], "the data names %q twice", n)
				data[n] = true
			}
			// A split's parts are regions the edition itself defines.
			regionNames := map[string]bool{}
			for n := range data {
				regionNames[n] = true
			}
			for region, s := range e.Regions.Split {
				assert.True(t, data[region], "regions.split: %q is not in the data", region)
				for part := range s.Parts {
					regionNames[part] = true
				}
			}
			for n := range e.Regions.IDs {
				assert.True(t, regionNames[n], "regions.ids: %q names nothing", n)
			}
			for n := range e.Regions.Names {
				assert.True(t, regionNames[n], "regions.names: %q names nothing", n)
			}
			// Elsewhere a region may go by data name, board name or id.
			known := map[string]bool{}
			for n := range regionNames {
				known[n] = true
			}
			for _, v := range e.Regions.Names {
				known[v] = true
			}
			for _, v := range e.Regions.IDs {
				known[v] = true
			}
			for _, wn := range overrideNames(e) {
				assert.True(t, known[wn[1]], "%s: %q names no region", wn[0], wn[1])
			}
			for _, n := range e.Regions.Omit {
				assert.True(t, data[n], "regions.omit: %q must be a feature of the data", n)
			}
		})
	}
}

// regions works out the edition's regions from its data names: omitted and
// merged features go, split ones become their parts.
func regions(e *mapdata.Edition, data []string) []string {
	gone := map[string]bool{}
	for _, n := range e.Regions.Omit {
		gone[n] = true
	}
	for _, v := range e.Regions.Merge {
		for _, n := range v {
			gone[n] = true
		}
	}
	var out []string
	for _, n := range data {
		if gone[n] {
			continue
		}
		if s, ok := e.Regions.Split[n]; ok {
			for part := range s.Parts {
				out = append(out, part)
			}
			continue
		}
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func TestExpectedTotals(t *testing.T) {
	// The rulebooks' figures, independently of the edition files.
	want := map[string][3]int{ // regions, region cards, transport cards
		"usa":    {50, 50, 16},
		"europe": {42, 48, 19},
		"africa": {40, 45, 15},
		"asia":   {50, 57, 21},
		// The toolkit's own reading (no rulebook figures are known).
		"americas": {39, 45, 22},
		// The reviews' figures (no rulebook is at hand): 40 country cards,
		// 10 planes and 10 ships.
		"europa-tour": {40, 40, 20},
	}
	for _, name := range regionsEditions(t) {
		t.Run(name, func(t *testing.T) {
			dir, e := load(t, name)
			rs := regions(e, dataNames(t, dir, e.Borders))
			cards := len(rs)
			for _, c := range e.Copies {
				cards += c - 1
			}
			tr := e.Transports
			transport := 0
			if tr.Airplane != nil {
				transport += tr.Airplane.PerColor * len(e.Colors.Palette)
			}
			if tr.Automobile != nil {
				transport += tr.Automobile.Count
			}
			for sea, n := range tr.Ship {
				_, ok := e.Seas[sea]
				if sea == mapdata.ShipRoutes {
					ok = len(e.ShipRoutes) > 0
				}
				assert.True(t, ok, "transports.ship: %q is no sea of the edition (nor the ship routes)", sea)
				transport += n
			}
			if tr.Train != nil {
				transport += tr.Train.Count
				for _, n := range tr.Train.PerLine {
					transport += n
				}
			}
			w := want[name]
			assert.Len(t, rs, w[0], "regions")
			assert.Equal(t, w[1], cards, "region cards")
			assert.Equal(t, w[2], transport, "transport cards")
			require.NotNil(t, e.Expect.Regions)
			require.NotNil(t, e.Expect.RegionCards)
			require.NotNil(t, e.Expect.TransportCards)
			assert.Equal(t, w[0], *e.Expect.Regions, "expect.regions")
			assert.Equal(t, w[1], *e.Expect.RegionCards, "expect.region_cards")
			assert.Equal(t, w[2], *e.Expect.TransportCards, "expect.transport_cards")
			assert.NotEmpty(t, e.Provenance, "provenance")
		})
	}
}

func TestSeaPolygonsMatch(t *testing.T) {
	for _, name := range regionsEditions(t) {
		t.Run(name, func(t *testing.T) {
			dir, e := load(t, name)
			for id, s := range e.Seas {
				if s.Geometry == nil {
					continue
				}
				src, err := fs.ReadFile(dir, s.Geometry.File)
				require.NoError(t, err)
				var fc struct {
					Features []struct {
						Properties map[string]any `json:"properties"`
						Geometry   struct {
							Type string `json:"type"`
						} `json:"geometry"`
					} `json:"features"`
				}
				require.NoError(t, json.Unmarshal(src, &fc))
				prop := s.Geometry.Property
				if prop == "" {
					prop = "name"
				}
				match := s.Geometry.Match
				if len(match) == 0 {
					match = []string{id}
				}
				for _, m := range match {
					found := false
					for _, f := range fc.Features {
						if f.Properties[prop] == m {
							found = true
							assert.Contains(t, []string{"Polygon", "MultiPolygon"}, f.Geometry.Type, "sea %s", id)
						}
					}
					assert.True(t, found, "sea %s: no feature with %s = %q in %s", id, prop, m, s.Geometry.File)
				}
			}
		})
	}
}

// Every bundled edition says where each of its rules comes from (its
// SOURCES.md's rules table, which `tendays rules` prints), and gives a
// reason for each rule that is the toolkit's own.
func TestEveryEditionListsItsRules(t *testing.T) {
	for _, name := range editions.Names() {
		t.Run(name, func(t *testing.T) {
			src, err := fs.ReadFile(editions.FS(), name+"/"+mapdata.SourcesFile)
			require.NoError(t, err)
			rules, err := mapdata.ParseRuleSheet(name+"/"+mapdata.SourcesFile, src)
			require.NoError(t, err)
			counts := mapdata.OriginCounts(rules)
			assert.Positive(t, counts[mapdata.FromToolkit], "the rules the toolkit had to guess are listed")
			for _, r := range rules {
				if r.Status == mapdata.FromToolkit {
					assert.GreaterOrEqual(t, len(r.Source), 15, "line %d: %q needs its reason", r.Line, r.Rule)
				}
			}
		})
	}
}
