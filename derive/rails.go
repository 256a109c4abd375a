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
)

// findRails sets each rail line's stops: listed, or the regions its line in
// a GeoJSON file passes through, in order along the line.
func (b *builder) findRails() error {
	b.railStops = map[string][]string{}
	for _, id := range slices.Sorted(maps.Keys(b.ed.Rails)) {
		spec := b.ed.Rails[id]
		at := ptr("rails", id)
		var stops []int
		for k, name := range spec.Stops {
			if r, ok := b.region(name, ptr("rails", id, "stops", k)); ok {
				stops = append(stops, r)
			}
		}
		if g := spec.Geometry; g != nil {
			ls, err := b.railLine(id, at)
			if err != nil {
				return err
			}
			stops = append(stops, b.regionsAlong(ls)...)
		}
		ids := b.lineStops(stops, at, "rail line "+id, "trains")
		for _, s := range ids {
			r := b.byID[s]
			b.regions[r].rails = append(b.regions[r].rails, id)
		}
		b.railStops[id] = ids
	}
	return nil
}

// lineStops are the ids of a line's stops (a rail line's, a ship
// route's): the regions in order, each once, air-only ones left off with
// a warning at at; fewer than two are warned of too, as their cards (what
// they are called) would link nothing.
func (b *builder) lineStops(stops []int, at, line, cards string) []string {
	seen := map[int]bool{}
	ids := []string{}
	for _, r := range stops {
		if seen[r] {
			continue
		}
		seen[r] = true
		if b.airOnly[r] {
			b.report(RuleAirOnlyOverride, diag.Warning, at, "only planes reach air-only regions", "%s passes air-only %s, which is left off it", line, b.regions[r].id)
			continue
		}
		ids = append(ids, b.regions[r].id)
	}
	if len(ids) < 2 {
		b.report(RuleRailFew, diag.Warning, at, "", "%s has %d stop(s), so its %s link nothing", line, len(ids), cards)
	}
	return ids
}

// railLine reads the line of a rail from its geometry file.
func (b *builder) railLine(id, at string) (orb.LineString, error) {
	g := b.ed.Rails[id].Geometry
	fc, display, err := b.readGeoJSON(g.File, at+"/geometry/file")
	if err != nil {
		return nil, err
	}
	prop, match := g.Property, g.Match
	if prop == "" {
		prop = "name"
	}
	if match == "" {
		match = id
	}
	var line orb.LineString
	for _, f := range fc.Features {
		if !strings.EqualFold(fmt.Sprint(f.Properties[prop]), match) {
			continue
		}
		for _, l := range lines(f.Geometry) {
			line = append(line, l...)
		}
	}
	if len(line) < 2 {
		b.report(RuleBadFile, diag.Error, at+"/geometry", "", "%s has no LineString with %s %q", display, prop, match)
		return nil, nil
	}
	feat := geojson.NewFeature(line)
	feat.Properties = geojson.Properties{"layer": "rail", "rail": id, "name": b.ed.Rails[id].Name}
	b.boardRail = append(b.boardRail, feat)
	return line, nil
}

// regionsAlong lists the regions a line passes through, in order, sampling
// it every 0.05° (about 5 km).
func (b *builder) regionsAlong(line orb.LineString) []int {
	bounds := make([]orb.Bound, len(b.regions))
	for i, r := range b.regions {
		bounds[i] = r.geometry.Bound()
	}
	var out []int
	last := -1
	visit := func(p orb.Point) {
		if last >= 0 && planar.MultiPolygonContains(b.regions[last].geometry, p) {
			return
		}
		for i, r := range b.regions {
			if bounds[i].Contains(p) && planar.MultiPolygonContains(r.geometry, p) {
				if i != last {
					out = append(out, i)
					last = i
				}
				return
			}
		}
	}
	for i := 0; i+1 < len(line); i++ {
		p, q := line[i], line[i+1]
		n := int(math.Ceil(math.Max(math.Abs(q[0]-p[0]), math.Abs(q[1]-p[1])) / 0.05))
		for s := 0; s < max(n, 1); s++ {
			t := float64(s) / float64(max(n, 1))
			visit(orb.Point{p[0] + (q[0]-p[0])*t, p[1] + (q[1]-p[1])*t})
		}
	}
	if len(line) > 0 {
		visit(line[len(line)-1])
	}
	return out
}
