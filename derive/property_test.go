package derive

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"pgregory.net/rapid"

	"github.com/tendays/tendays/mapdata"
)

// randomGridEdition draws an edition over a random grid map: w×h square
// cells, each belonging to one of n regions (R0, R1, ...), some ferries
// between random regions, and cars that drive through borders only or
// through ferries too. It returns the edition folder, the regions that have
// cells, the pairs whose cells share an edge, and the pairs cars drive
// between directly (borders, and ferries when cars take them).
func randomGridEdition(t *rapid.T) (files fstest.MapFS, regions []string, borders, walk map[[2]string]bool) {
	w, h := rapid.IntRange(1, 6).Draw(t, "w"), rapid.IntRange(1, 6).Draw(t, "h")
	n := rapid.IntRange(2, 7).Draw(t, "regions")
	label := make([][]int, w)
	for x := range label {
		label[x] = make([]int, h)
		for y := range label[x] {
			label[x][y] = rapid.IntRange(0, n-1).Draw(t, fmt.Sprintf("cell %d,%d", x, y))
		}
	}
	name := func(r int) string { return fmt.Sprintf("R%d", r) }
	// One MultiPolygon feature a region, a square polygon a cell.
	cells := map[string][]string{}
	for x := range label {
		for y, r := range label[x] {
			x0, y0 := 10+float64(x)*0.5, float64(y)*0.5
			cells[name(r)] = append(cells[name(r)], fmt.Sprintf("[[[%g,%g],[%g,%g],[%g,%g],[%g,%g],[%g,%g]]]",
				x0, y0, x0+0.5, y0, x0+0.5, y0+0.5, x0, y0+0.5, x0, y0))
		}
	}
	for r := range cells {
		regions = append(regions, r)
	}
	sort.Strings(regions)
	if len(regions) < 2 {
		t.Skip("one region")
	}
	borders = map[[2]string]bool{}
	edge := func(a, b int) {
		if a != b {
			borders[[2]string{min(name(a), name(b)), max(name(a), name(b))}] = true
		}
	}
	for x := range label {
		for y := range label[x] {
			if x+1 < w {
				edge(label[x][y], label[x+1][y])
			}
			if y+1 < h {
				edge(label[x][y], label[x][y+1])
			}
		}
	}
	var merged []string
	for _, r := range regions {
		merged = append(merged, fmt.Sprintf(`{"type": "Feature", "properties": {"name": %q}, "geometry": {"type": "MultiPolygon", "coordinates": [%s]}}`,
			r, strings.Join(cells[r], ",")))
	}
	geojson := `{"type": "FeatureCollection", "features": [` + strings.Join(merged, ",\n") + "]}\n"

	var ferries []string
	walk = map[[2]string]bool{}
	for k := range borders {
		walk[k] = true
	}
	for i := rapid.IntRange(0, 3).Draw(t, "ferries"); i > 0; i-- {
		a := rapid.SampledFrom(regions).Draw(t, "ferry from")
		b := rapid.SampledFrom(regions).Draw(t, "ferry to")
		if a == b {
			continue
		}
		ferries = append(ferries, fmt.Sprintf("{a: %s, b: %s, kind: ferry}", a, b))
		walk[[2]string{min(a, b), max(a, b)}] = true
	}
	throughYAML := ""
	if rapid.Bool().Draw(t, "cars take ferries") {
		throughYAML = ", through: [border, ferry]"
	} else {
		walk = borders
	}
	edition := fmt.Sprintf(`id: grid
name: 3 Days on a Grid
days: 3
borders: {file: borders.geojson, id: name}
colors: {palette: [red, blue]}
links:
  add: [%s]
transports:
  airplane: {per_color: 2}
  automobile: {count: 4%s}
`, strings.Join(ferries, ", "), throughYAML)
	files = fstest.MapFS{
		"edition.yaml":    &fstest.MapFile{Data: []byte(edition)},
		"borders.geojson": &fstest.MapFile{Data: []byte(geojson)},
	}
	return files, regions, borders, walk
}

// TestCarLinksOnRandomGrids: on random grid editions, the border links are
// exactly the pairs of regions whose cells share an edge, and the car links
// are exactly the pairs A ≠ B with a third region bordering both (through
// the kinds cars drive through), each with every such region as via.
func TestCarLinksOnRandomGrids(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		files, regions, borders, walk := randomGridEdition(t)
		doc, err := mapdata.DecodeEdition("grid/edition.yaml", files["edition.yaml"].Data)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Build(Input{Doc: doc, FS: files, Dir: "grid"})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range errorsOf(res.Findings) {
			if f.Rule != RuleColorConflict { // two colours cannot always do
				t.Fatalf("finding: %s", f)
			}
		}
		gotBorders := map[[2]string]bool{}
		cars := map[[2]string][]string{}
		for _, l := range res.Pack.Links {
			if l.A >= l.B {
				t.Fatalf("link %s-%s is not a < b", l.A, l.B)
			}
			switch l.Kind {
			case mapdata.Border:
				gotBorders[[2]string{l.A, l.B}] = true
			case mapdata.Car:
				cars[[2]string{l.A, l.B}] = l.Via
			}
		}
		walks := func(a, b string) bool { return walk[[2]string{min(a, b), max(a, b)}] }
		for a := range regions {
			for b := a + 1; b < len(regions); b++ {
				A, B := regions[a], regions[b]
				var via []string
				for _, C := range regions {
					if C != A && C != B && walks(A, C) && walks(C, B) {
						via = append(via, C)
					}
				}
				got, ok := cars[[2]string{A, B}]
				switch {
				case len(via) == 0 && ok:
					t.Fatalf("car link %s-%s via %v, but no region borders both", A, B, got)
				case len(via) > 0 && !ok:
					t.Fatalf("no car link %s-%s, though %v border both", A, B, via)
				case ok && !slices.Equal(got, via):
					t.Fatalf("car link %s-%s via %v, want %v", A, B, got, via)
				}
			}
		}
		for k := range gotBorders {
			if !borders[k] {
				t.Fatalf("border link %v, but the cells share no edge", k)
			}
		}
		for k := range borders {
			if !gotBorders[k] {
				t.Fatalf("no border link %v, though the cells share an edge", k)
			}
		}
	})
}
