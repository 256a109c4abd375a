package derive

import (
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/dissolve"
	"github.com/tendays/tendays/diag"
)

// cleanRegions makes every region's outline valid and wound as RFC 7946
// asks: merged parts are dissolved into one polygon along the borders they
// share (so Sudan and South Sudan have no seam), rings that touch
// themselves are split and rings of zero area dropped. The repairs are
// reported as info findings, naming the region; the dissolve of a merge
// and the winding are not, as they are what a merge and the format ask.
func (b *builder) cleanRegions() {
	for _, r := range b.regions {
		geo, st := dissolve.Clean(r.geometry)
		if len(geo) == 0 {
			continue // nothing valid left: keep the source's, lint and export will say
		}
		r.geometry = geo
		if st.Repaired() {
			b.report(RuleRepaired, diag.Info, "/borders/file", "", "region %s: %s", r.dataName, describeRepair(st))
		}
	}
}

// cleanLand does the same for land that is no region, without findings:
// it is only drawn.
func cleanLand(mp orb.MultiPolygon) orb.MultiPolygon {
	if geo, _ := dissolve.Clean(mp); len(geo) > 0 {
		return geo
	}
	return mp
}

func describeRepair(st dissolve.Stats) string {
	var parts []string
	if st.DroppedRings > 0 {
		parts = append(parts, plural(st.DroppedRings, "ring of zero area dropped", "rings of zero area dropped"))
	}
	if st.SplitRings > 0 {
		parts = append(parts, plural(st.SplitRings, "ring touching itself split at that point", "points where a ring touches itself split"))
	}
	if st.OrphanHoles > 0 {
		parts = append(parts, plural(st.OrphanHoles, "hole outside its polygon dropped", "holes outside their polygon dropped"))
	}
	return strings.Join(parts, "; ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
