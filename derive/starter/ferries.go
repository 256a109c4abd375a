package starter

import (
	"fmt"
	"math"
	"sort"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/internal/unionfind"
)

// Ferry is a ferry init writes between two regions (data names), with the
// distance between their nearest coasts.
type Ferry struct {
	A, B string
	Km   float64
}

// maxCoastPoints is how many points of a region's outline the ferry search
// reads: enough to find the nearest coasts to a few km.
const maxCoastPoints = 400

// IslandFerries joins the groups of bordering regions of a selection of
// islands with the fewest ferries of the least total length (a minimum
// spanning tree over the groups, each ferry between the nearest coasts of
// two groups), so that a journey can be walked at all: with every region an
// island, each step of a journey would need a transport card, and a journey
// holds at most four. Nil unless SeaFor would write a sea (most regions
// are islands).
func IslandFerries(features []borders.Feature, res *Result) []Ferry {
	if !res.Islands() {
		return nil
	}
	// Groups of bordering kept regions.
	groups := unionfind.New(len(features))
	for _, p := range res.Borders {
		groups.Union(p[0], p[1])
	}
	// Outline points of each kept region, thinned.
	pts := map[int][]orb.Point{}
	bounds := map[int]orb.Bound{}
	for _, i := range res.Kept {
		var all []orb.Point
		for _, poly := range features[i].Geometry {
			if len(poly) > 0 {
				all = append(all, poly[0]...)
			}
		}
		step := max(1, len(all)/maxCoastPoints)
		for k := 0; k < len(all); k += step {
			pts[i] = append(pts[i], all[k])
		}
		bounds[i] = features[i].Geometry.Bound()
	}
	// Candidate ferries: each region to its nearest regions of other
	// groups (by the gap between their boxes, then measured).
	type edge struct {
		a, b int
		km   float64
	}
	var edges []edge
	const near = 4
	for _, i := range res.Kept {
		var others []int
		for _, j := range res.Kept {
			if !groups.Same(i, j) {
				others = append(others, j)
			}
		}
		sort.SliceStable(others, func(x, y int) bool {
			return geo.BoxGapKm(bounds[i], bounds[others[x]]) < geo.BoxGapKm(bounds[i], bounds[others[y]])
		})
		for _, j := range others[:min(near, len(others))] {
			if i < j {
				edges = append(edges, edge{i, j, geo.NearestKm(pts[i], pts[j], math.Inf(1))})
			} else {
				edges = append(edges, edge{j, i, geo.NearestKm(pts[j], pts[i], math.Inf(1))})
			}
		}
	}
	sort.SliceStable(edges, func(x, y int) bool {
		if edges[x].km != edges[y].km {
			return edges[x].km < edges[y].km
		}
		if edges[x].a != edges[y].a {
			return edges[x].a < edges[y].a
		}
		return edges[x].b < edges[y].b
	})
	var out []Ferry
	for _, e := range edges {
		if groups.Union(e.a, e.b) {
			out = append(out, Ferry{A: features[e.a].ID, B: features[e.b].ID, Km: e.km})
		}
	}
	return out
}

// describeKm is a distance for a comment.
func describeKm(km float64) string {
	if km < 1 {
		return "under 1 km"
	}
	return fmt.Sprintf("%.0f km", km)
}
