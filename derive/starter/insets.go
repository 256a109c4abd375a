package starter

import (
	"slices"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/mapdata/insets"
)

// Inset is a box init writes under board.insets: regions (data names)
// that lie so far from the rest that, drawn in place, they would leave
// most of the main map's frame empty.
type Inset struct {
	Regions []string
	// Empty is the share of the main map's frame they would leave empty.
	Empty float64
}

// Insets are the boxes mapdata/insets proposes for the kept features as
// the edition will draw them: the regions marked air-only get a box
// without asking, and are left out.
func Insets(features []borders.Feature, kept []int, airOnly []string) []Inset {
	regions := make([]insets.Region, 0, len(kept))
	for _, i := range kept {
		f := features[i]
		regions = append(regions, insets.Region{ID: f.ID, Geometry: f.Geometry, AirOnly: slices.Contains(airOnly, f.ID)})
	}
	var out []Inset
	for _, p := range insets.Propose(regions) {
		out = append(out, Inset{Regions: p.Regions, Empty: 1 - p.FrameAfter/p.FrameBefore})
	}
	return out
}
