//go:build ignore

// make_subset writes the Americas' borders, countries.topojson, from the
// toolkit's world borders (../world/countries.topojson, Natural Earth 1:50m
// via world-atlas@2.0.2), the way editions/README.md describes subset.js:
//
//  1. the game countries and the features merged into them, by the data's
//     name, less their polygons with no vertex inside the frame;
//  2. every other feature with a polygon sharing an arc with those, reduced
//     to the polygons that share one (the land beside the game: French
//     Guiana, France's part of South America);
//
// Arcs are copied unchanged with the source's transform, renumbered in order
// of first use; features keep their id and name; one geometry and one arc a
// line, sorted by name, so rerunning gives the same bytes. It is not
// compiled into the binary (build tag ignore). From the repository root:
//
//	go run editions/americas/make_subset.go
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/tendays/tendays/internal/atomicfile"
)

// The game countries by Natural Earth name (the seven small island states
// of the Lesser Antilles among them, each its own region), and the frame
// [west, south, east, north]: the Aleutians west of the antimeridian stay
// off the board.
var (
	game = []string{"Antigua and Barb.", "Argentina", "Bahamas", "Barbados", "Belize", "Bolivia", "Brazil",
		"Canada", "Chile", "Colombia", "Costa Rica", "Cuba", "Dominica", "Dominican Rep.", "Ecuador",
		"El Salvador", "Falkland Is.", "Greenland", "Grenada", "Guatemala", "Guyana", "Haiti", "Honduras",
		"Jamaica", "Mexico", "Nicaragua", "Panama", "Paraguay", "Peru", "Puerto Rico", "Saint Lucia",
		"St. Kitts and Nevis", "St. Vin. and Gren.", "Suriname", "Trinidad and Tobago",
		"United States of America", "Uruguay", "Venezuela"}
	frame = [4]float64{-180, -60, -10, 84}
)

type geometry struct {
	Type       string          `json:"type"`
	Arcs       json.RawMessage `json:"arcs"`
	ID         string          `json:"id,omitempty"`
	Properties map[string]any  `json:"properties"`
}

type topology struct {
	Transform struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Objects struct {
		Countries struct {
			Geometries []geometry `json:"geometries"`
		} `json:"countries"`
	} `json:"objects"`
	Arcs [][][2]int64 `json:"arcs"`
}

type polygon [][]int

func polys(g geometry) []polygon {
	switch g.Type {
	case "Polygon":
		var p polygon
		must(json.Unmarshal(g.Arcs, &p))
		return []polygon{p}
	case "MultiPolygon":
		var ps []polygon
		must(json.Unmarshal(g.Arcs, &ps))
		return ps
	}
	return nil
}

func arcIDs(p polygon) []int {
	var out []int
	for _, ring := range p {
		for _, a := range ring {
			if a < 0 {
				a = ^a
			}
			out = append(out, a)
		}
	}
	return out
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func main() {
	src, err := os.ReadFile("editions/world/countries.topojson")
	must(err)
	var w topology
	must(json.Unmarshal(src, &w))
	decode := func(i int) [][2]float64 {
		var x, y int64
		var out [][2]float64
		for _, d := range w.Arcs[i] {
			x, y = x+d[0], y+d[1]
			out = append(out, [2]float64{float64(x)*w.Transform.Scale[0] + w.Transform.Translate[0], float64(y)*w.Transform.Scale[1] + w.Transform.Translate[1]})
		}
		return out
	}
	inFrame := func(p polygon) bool {
		for _, i := range arcIDs(p) {
			for _, pt := range decode(i) {
				if pt[0] >= frame[0] && pt[0] <= frame[2] && pt[1] >= frame[1] && pt[1] <= frame[3] {
					return true
				}
			}
		}
		return false
	}
	type keep struct {
		g     geometry
		polys []polygon
	}
	inGame := map[string]bool{}
	for _, n := range game {
		inGame[n] = true
	}
	var kept []keep
	gameArcs := map[int]bool{}
	found := map[string]bool{}
	for _, g := range w.Objects.Countries.Geometries {
		name, _ := g.Properties["name"].(string)
		if !inGame[name] {
			continue
		}
		found[name] = true
		var ps []polygon
		for _, p := range polys(g) {
			if inFrame(p) {
				ps = append(ps, p)
				for _, a := range arcIDs(p) {
					gameArcs[a] = true
				}
			}
		}
		if n := len(polys(g)) - len(ps); n > 0 {
			fmt.Fprintf(os.Stderr, "%s: %d of %d polygons outside the frame dropped\n", name, n, len(polys(g)))
		}
		kept = append(kept, keep{g, ps})
	}
	for n := range inGame {
		if !found[n] {
			log.Fatalf("no feature %q", n)
		}
	}
	for _, g := range w.Objects.Countries.Geometries {
		name, _ := g.Properties["name"].(string)
		if inGame[name] {
			continue
		}
		var ps []polygon
		for _, p := range polys(g) {
			if slices.ContainsFunc(arcIDs(p), func(a int) bool { return gameArcs[a] }) {
				ps = append(ps, p)
			}
		}
		if len(ps) > 0 {
			fmt.Fprintf(os.Stderr, "%s: neighbour, %d of %d polygons kept\n", name, len(ps), len(polys(g)))
			kept = append(kept, keep{g, ps})
		}
	}
	slices.SortFunc(kept, func(a, b keep) int {
		return strings.Compare(a.g.Properties["name"].(string), b.g.Properties["name"].(string))
	})
	remap := map[int]int{}
	var arcs [][][2]int64
	re := func(a int) int {
		i := a
		if a < 0 {
			i = ^a
		}
		j, ok := remap[i]
		if !ok {
			j = len(arcs)
			remap[i] = j
			arcs = append(arcs, w.Arcs[i])
		}
		if a < 0 {
			return ^j
		}
		return j
	}
	bb := [4]float64{1e9, 1e9, -1e9, -1e9}
	var lines []string
	for _, k := range kept {
		var out []polygon
		for _, p := range k.polys {
			var q polygon
			for _, ring := range p {
				r := make([]int, len(ring))
				for i, a := range ring {
					r[i] = re(a)
				}
				q = append(q, r)
			}
			out = append(out, q)
		}
		g := geometry{Type: "MultiPolygon", ID: k.g.ID, Properties: map[string]any{"name": k.g.Properties["name"]}}
		var arcsJSON []byte
		if len(out) == 1 {
			g.Type = "Polygon"
			arcsJSON, err = json.Marshal(out[0])
		} else {
			arcsJSON, err = json.Marshal(out)
		}
		must(err)
		g.Arcs = arcsJSON
		line, err := json.Marshal(g)
		must(err)
		lines = append(lines, string(line))
	}
	// bbox of the kept arcs, in source order of their ids.
	ids := make([]int, 0, len(remap))
	for i := range remap {
		ids = append(ids, i)
	}
	slices.Sort(ids)
	for _, i := range ids {
		for _, pt := range decode(i) {
			bb = [4]float64{min(bb[0], pt[0]), min(bb[1], pt[1]), max(bb[2], pt[0]), max(bb[3], pt[1])}
		}
	}
	var b strings.Builder
	bbJSON, _ := json.Marshal(bb)
	trJSON, _ := json.Marshal(w.Transform)
	fmt.Fprintf(&b, "{\"type\":\"Topology\",\"bbox\":%s,\"transform\":%s,\n\"objects\":{\"countries\":{\"type\":\"GeometryCollection\",\"geometries\":[\n", bbJSON, trJSON)
	b.WriteString(strings.Join(lines, ",\n"))
	b.WriteString("\n]}},\n\"arcs\":[\n")
	for i, a := range arcs {
		aj, _ := json.Marshal(a)
		if i > 0 {
			b.WriteString(",\n")
		}
		b.Write(aj)
	}
	b.WriteString("\n]}\n")
	must(atomicfile.Write("editions/americas/countries.topojson", 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, b.String())
		return err
	}))
	fmt.Fprintf(os.Stderr, "editions/americas/countries.topojson: %d features, %d arcs, %d bytes\n", len(lines), len(arcs), b.Len())
}
