package derive

import (
	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/derive/split"
	"github.com/tendays/tendays/mapdata"
)

// board is the geometry that travels beside the pack (see mapdata/board.go):
// regions, the land that is no region, the seas and the rail lines.
func (b *builder) board(p *mapdata.Pack) *geojson.FeatureCollection {
	fc := geojson.NewFeatureCollection()
	for _, pr := range p.Regions {
		r := b.regions[b.byID[pr.ID]]
		f := geojson.NewFeature(geometryOf(r.geometry))
		f.ID = pr.ID
		f.Properties = geojson.Properties{"layer": mapdata.LayerRegion, "id": pr.ID, "name": pr.Name,
			"color": pr.Color, "airOnly": pr.AirOnly}
		if k, ok := b.insets[b.byID[pr.ID]]; ok {
			// board.insets: drawn in box k beside the main map.
			f.Properties["inset"] = k
			if t := b.insetTitle[k]; t != "" {
				f.Properties["insetTitle"] = t
			}
		}
		fc.Append(f)
	}
	for _, u := range b.units {
		if u.region >= 0 {
			continue
		}
		f := geojson.NewFeature(geometryOf(cleanLand(u.geometry)))
		f.Properties = geojson.Properties{"layer": mapdata.LayerLand, "name": u.name}
		fc.Append(f)
	}
	for _, f := range b.boardSeas {
		fc.Append(f)
	}
	drawn := map[string]bool{}
	for _, f := range b.boardRail {
		drawn[f.Properties.MustString("rail", "")] = true
		fc.Append(f)
	}
	// Rails given as stops are drawn through their stops' inner points,
	// each found once however many lines stop there.
	labels := map[string]orb.Point{}
	for _, rail := range p.Rails {
		if drawn[rail.ID] || len(rail.Stops) < 2 {
			continue
		}
		var line orb.LineString
		for _, id := range rail.Stops {
			pt, ok := labels[id]
			if !ok {
				pt = labelPoint(b.regions[b.byID[id]].geometry)
				labels[id] = pt
			}
			line = append(line, pt)
		}
		f := geojson.NewFeature(line)
		f.Properties = geojson.Properties{"layer": mapdata.LayerRail, "rail": rail.ID, "name": rail.Name}
		fc.Append(f)
	}
	return fc
}

func geometryOf(mp orb.MultiPolygon) orb.Geometry {
	if len(mp) == 1 {
		return mp[0]
	}
	return mp
}

// labelPoint is a point inside the region's largest polygon.
func labelPoint(mp orb.MultiPolygon) orb.Point {
	best, bestA := -1, -1.0
	for i, p := range mp {
		if len(p) == 0 {
			continue
		}
		b := p.Bound()
		if a := (b.Max[0] - b.Min[0]) * (b.Max[1] - b.Min[1]); a > bestA {
			best, bestA = i, a
		}
	}
	if best < 0 {
		return orb.Point{}
	}
	return split.InteriorPoint(mp[best])
}
