package editions_test

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
)

// islandCheck is a point on an island and the subdivision it belongs to
// (its ISO 3166-2 code).
type islandCheck struct {
	island string
	at     orb.Point // longitude, latitude
	iso    string
}

// Islands Natural Earth 5.1 puts in the wrong subdivision, and controls
// beside them: the Amami Islands (Ōshima District) are Kagoshima's, JP-46,
// not Okinawa's, JP-47 (issue 39). make_admin1.mjs moves them
// (misplacedIslands, the same points); this test checks the file as
// bundled. The points are the toolkit's own, one on each island.
var islandChecks = []islandCheck{
	{"Amami Ōshima", orb.Point{129.494, 28.377}, "JP-46"},
	{"Kakeromajima", orb.Point{129.25, 28.12}, "JP-46"},
	{"Kikaijima", orb.Point{129.97, 28.32}, "JP-46"},
	{"Tokunoshima", orb.Point{128.95, 27.80}, "JP-46"},
	{"Okinoerabujima", orb.Point{128.62, 27.38}, "JP-46"},
	{"Yoronjima", orb.Point{128.42, 27.04}, "JP-46"},
	{"Okinawa Island (Naha)", orb.Point{127.68, 26.21}, "JP-47"},
	{"Miyakojima", orb.Point{125.30, 24.78}, "JP-47"},
	{"Kyushu (Kagoshima)", orb.Point{130.56, 31.60}, "JP-46"},
	{"Yakushima", orb.Point{130.53, 30.36}, "JP-46"},
}

// Every island checked lies in one subdivision of the bundled admin-1
// data, the one whose ISO 3166-2 code it belongs to.
func TestAdmin1IslandsInTheirSubdivision(t *testing.T) {
	layer, _, err := borders.Decode(editions.Admin1File, editions.Admin1(), borders.Options{IDProperty: "name"})
	require.NoError(t, err)
	for _, c := range islandChecks {
		var in []string
		for _, f := range layer.Features {
			if planar.MultiPolygonContains(f.Geometry, c.at) {
				iso, _ := f.Properties["iso_3166_2"].(string)
				in = append(in, iso)
			}
		}
		assert.Equal(t, []string{c.iso}, in, "%s at %v", c.island, c.at)
	}
}
