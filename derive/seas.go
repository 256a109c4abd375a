package derive

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/paulmach/orb/planar"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/geo"
)

// findSeas decides which regions are on each sea: from geometry (a region
// whose coast lies inside or within tolerance of the sea's polygons), from
// the sea's list, then add and remove.
func (b *builder) findSeas() error {
	for _, id := range slices.Sorted(maps.Keys(b.ed.Seas)) {
		spec := b.ed.Seas[id]
		at := ptr("seas", id)
		on := map[int]bool{}
		if g := spec.Geometry; g != nil {
			polys, err := b.seaPolygons(id, at)
			if err != nil {
				return err
			}
			for r := range b.coastOn(polys, g.ToleranceM, g.MinCoastKm) {
				on[r] = true
			}
		}
		listedAt := map[int]string{} // regions the edition lists on the sea
		for k, name := range spec.Regions {
			if r, ok := b.region(name, ptr("seas", id, "regions", k)); ok {
				on[r] = true
				listedAt[r] = ptr("seas", id, "regions", k)
			}
		}
		for k, name := range spec.Add {
			if r, ok := b.region(name, ptr("seas", id, "add", k)); ok {
				on[r] = true
				listedAt[r] = ptr("seas", id, "add", k)
			}
		}
		for k, name := range spec.Remove {
			if r, ok := b.region(name, ptr("seas", id, "remove", k)); ok {
				delete(on, r)
			}
		}
		count := 0
		for r := range b.regions {
			if !on[r] {
				continue
			}
			if b.airOnly[r] {
				if at, listed := listedAt[r]; listed {
					b.report(RuleAirOnlyOverride, diag.Warning, at, "take it off air_only, or off the sea",
						"%s is air-only, so it is left off sea %s, which lists it", b.regions[r].id, id)
				}
				continue // only planes reach air-only regions
			}
			b.regions[r].seas = append(b.regions[r].seas, id)
			count++
		}
		if count < 2 {
			b.report(RuleSeaFew, diag.Warning, at, "draw the sea's polygons over more of the coast, or add regions",
				"sea %s touches %d region(s), so its ships link nothing", id, count)
		}
	}
	return nil
}

// seaPolygons reads the polygons of a sea's geometry file that match it.
func (b *builder) seaPolygons(id, at string) ([]orb.Polygon, error) {
	g := b.ed.Seas[id].Geometry
	fc, display, err := b.readGeoJSON(g.File, at+"/geometry/file")
	if err != nil {
		return nil, err
	}
	prop := g.Property
	if prop == "" {
		prop = "name"
	}
	match := g.Match
	if len(match) == 0 {
		match = []string{id}
	}
	var polys []orb.Polygon
	var seen []string
	for _, f := range fc.Features {
		v := fmt.Sprint(f.Properties[prop])
		seen = append(seen, v)
		if !slices.ContainsFunc(match, func(m string) bool { return strings.EqualFold(m, v) }) {
			continue
		}
		switch t := f.Geometry.(type) {
		case orb.Polygon:
			polys = append(polys, t)
		case orb.MultiPolygon:
			polys = append(polys, t...)
		}
		b.boardSeas = append(b.boardSeas, seaFeature(id, b.ed.Seas[id].Name, f.Geometry))
	}
	if len(polys) == 0 {
		slices.Sort(seen)
		b.report(RuleSeaNoMatch, diag.Error, at+"/geometry", fmt.Sprintf("%s has %s values %s", display, prop, strings.Join(slices.Compact(seen), ", ")),
			"no polygon of %s has %s matching %s", display, prop, strings.Join(match, " or "))
	}
	return polys, nil
}

func seaFeature(id, name string, g orb.Geometry) *geojson.Feature {
	switch t := g.(type) { // wound as RFC 7946 asks, like every board polygon
	case orb.Polygon:
		g = geometryOf(cleanLand(orb.MultiPolygon{t}))
	case orb.MultiPolygon:
		g = geometryOf(cleanLand(t))
	}
	f := geojson.NewFeature(g)
	f.Properties = geojson.Properties{"layer": "sea", "sea": id, "name": name}
	return f
}

// coastOn finds the regions with at least minKm (any, when 0) of coast
// inside or within tolM of the polygons.
func (b *builder) coastOn(polys []orb.Polygon, tolM, minKm float64) map[int]bool {
	bounds := make([]orb.Bound, len(polys))
	prepared := make([]preparedPolygon, len(polys))
	for i, p := range polys {
		bounds[i] = padBound(p.Bound(), tolM)
		prepared[i] = preparePolygon(p)
	}
	km := map[int]float64{}
	for ui, u := range b.units {
		if u.region < 0 || ui >= len(b.coast) {
			continue
		}
		for _, line := range b.coast[ui] {
			for i := 0; i+1 < len(line); i++ {
				p, q := line[i], line[i+1]
				mid := orb.Point{(p[0] + q[0]) / 2, (p[1] + q[1]) / 2}
				if near(mid, polys, prepared, bounds, tolM) {
					km[u.region] += geo.GreatCircleKm(p, q)
				}
			}
		}
	}
	out := map[int]bool{}
	for r, k := range km {
		if k > 0 && k >= minKm {
			out[r] = true
		}
	}
	return out
}

// padBound grows a bound by metres (generously in longitude near the poles).
func padBound(b orb.Bound, m float64) orb.Bound {
	dLat := m / 110_574
	lat := math.Max(math.Abs(b.Min[1]), math.Abs(b.Max[1]))
	cos := math.Max(math.Cos(lat*math.Pi/180), 0.01)
	dLon := m / (111_320 * cos)
	return orb.Bound{Min: orb.Point{b.Min[0] - dLon, b.Min[1] - dLat}, Max: orb.Point{b.Max[0] + dLon, b.Max[1] + dLat}}
}

// near reports whether pt is inside one of the polygons or within tolM
// metres of its boundary.
func near(pt orb.Point, polys []orb.Polygon, prepared []preparedPolygon, bounds []orb.Bound, tolM float64) bool {
	for i, poly := range polys {
		if !bounds[i].Contains(pt) {
			continue
		}
		if prepared[i].contains(pt) {
			return true
		}
		if tolM > 0 && distanceToPolygonM(pt, poly) <= tolM {
			return true
		}
	}
	return false
}

// distanceToPolygonM measures from pt to the polygon's rings in a local
// equirectangular frame, good to well under a percent over tens of km.
func distanceToPolygonM(pt orb.Point, poly orb.Polygon) float64 {
	kx := 111_320 * math.Cos(pt[1]*math.Pi/180)
	const ky = 110_574
	best := math.Inf(1)
	for _, ring := range poly {
		for i := 0; i+1 < len(ring); i++ {
			a := orb.Point{(ring[i][0] - pt[0]) * kx, (ring[i][1] - pt[1]) * ky}
			c := orb.Point{(ring[i+1][0] - pt[0]) * kx, (ring[i+1][1] - pt[1]) * ky}
			best = math.Min(best, planar.DistanceFromSegment(a, c, orb.Point{}))
		}
	}
	return best
}
