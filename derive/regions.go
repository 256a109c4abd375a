package derive

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/split"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/srcpos"
	"github.com/tendays/tendays/mapdata"
)

// selectRegions turns the features of the borders file into regions: omitted
// features become land, merged ones join their region, split ones become
// several. Ids and names are set here, and every later step sees them.
func (b *builder) selectRegions() error {
	e := b.ed
	features := newResolver()
	for i, f := range b.features {
		features.add(f.ID, i)
		features.add(f.Name, i)
		features.add(e.Regions.IDs[f.ID], i)
		features.add(e.Regions.Names[f.ID], i)
	}
	findFeature := func(name, pointer string) (int, bool) {
		i, ok := features.find(name)
		if !ok {
			b.report(RuleUnknownRegion, diag.Error, pointer, features.suggest(name),
				"%q names no feature of %s", name, strings.Join(e.Borders.Names(), ", "))
		}
		return i, ok
	}
	omitted := map[int]bool{}
	for k, name := range e.Regions.Omit {
		if i, ok := findFeature(name, ptr("regions", "omit", k)); ok {
			omitted[i] = true
		}
	}
	mergedInto := map[int]int{}
	mergedAt := map[int]string{} // where each merge is named, for messages
	for _, kept := range slices.Sorted(maps.Keys(e.Regions.Merge)) {
		k, ok := findFeature(kept, ptr("regions", "merge", kept))
		for j, part := range e.Regions.Merge[kept] {
			at := ptr("regions", "merge", kept, j)
			i, found := findFeature(part, at)
			if !found || !ok || i == k {
				continue
			}
			if prev, dup := mergedInto[i]; dup && prev != k {
				b.report(RuleMergeConflict, diag.Error, at, "merge it into one region",
					"%q is merged into both %q and %q", part, b.features[prev].ID, b.features[k].ID)
				continue
			}
			mergedInto[i], mergedAt[i] = k, at
		}
	}
	splits := map[int]string{}
	for _, name := range slices.Sorted(maps.Keys(e.Regions.Split)) {
		if i, ok := findFeature(name, ptr("regions", "split", name)); ok {
			splits[i] = name
		}
	}
	b.checkMerges(mergedInto, mergedAt, omitted, splits)

	// Regions in file order; a split feature's parts in name order.
	regionOf := map[int]int{}
	for i, f := range b.features {
		if omitted[i] || splits[i] != "" {
			continue
		}
		if _, merged := mergedInto[i]; merged {
			continue
		}
		regionOf[i] = len(b.regions)
		b.regions = append(b.regions, &region{dataName: f.ID, geometry: clonePolys(f.Geometry)})
		b.regionSrc[f.ID] = "/borders/file"
		if f.Name != "" && f.Name != f.ID {
			b.regions[len(b.regions)-1].aliases = append(b.regions[len(b.regions)-1].aliases, f.Name)
		}
	}
	for i, f := range b.features {
		switch {
		case omitted[i]:
			b.units = append(b.units, unit{geometry: f.Geometry, region: -1, name: f.ID})
		case splits[i] != "":
			if err := b.splitFeature(f, splits[i]); err != nil {
				return err
			}
		default:
			target := i
			if k, merged := mergedInto[i]; merged {
				target = k
			}
			r, ok := regionOf[target]
			if !ok {
				b.units = append(b.units, unit{geometry: f.Geometry, region: -1, name: f.ID})
				continue
			}
			if target != i {
				b.regions[r].geometry = append(b.regions[r].geometry, clonePolys(f.Geometry)...)
			}
			b.units = append(b.units, unit{geometry: f.Geometry, region: r, name: f.ID})
		}
	}
	b.nameRegions()
	b.cleanRegions()
	if len(b.regions) < 2 {
		b.report(RuleNoRegions, diag.Error, "/regions", "", "the edition keeps %d region(s); a game needs at least two", len(b.regions))
	}
	return nil
}

// checkMerges reports merges that cannot all hold: into a region that is
// itself merged, omitted or split, or of a region that is omitted or split.
// Without this the merged land silently became no region at all.
func (b *builder) checkMerges(mergedInto map[int]int, mergedAt map[int]string, omitted map[int]bool, splits map[int]string) {
	parts := make([]int, 0, len(mergedInto))
	for i := range mergedInto {
		parts = append(parts, i)
	}
	sort.Ints(parts)
	for _, i := range parts {
		k, at := mergedInto[i], mergedAt[i]
		part, kept := b.features[i].ID, b.features[k].ID
		switch {
		case omitted[i] || omitted[k]:
			b.report(RuleOmittedRegion, diag.Warning, at, "remove the merge, or take it out of regions.omit",
				"%q is merged into %q, but %q is omitted (regions.omit), so the merge is ignored", part, kept, b.features[pick(omitted[i], i, k)].ID)
			delete(mergedInto, i)
		case splits[i] != "" || splits[k] != "":
			b.report(RuleMergeConflict, diag.Error, at, "either split or merge",
				"%q is merged into %q, but %q is split", part, kept, b.features[pick(splits[i] != "", i, k)].ID)
		default:
			if next, chained := mergedInto[k]; chained {
				b.report(RuleMergeConflict, diag.Error, at, fmt.Sprintf("merge %q into %q directly", part, b.features[next].ID),
					"%q is merged into %q, which is itself merged into %q", part, kept, b.features[next].ID)
			}
		}
	}
}

func pick(first bool, a, b int) int {
	if first {
		return a
	}
	return b
}

func clonePolys(mp orb.MultiPolygon) orb.MultiPolygon {
	return append(orb.MultiPolygon(nil), mp...)
}

// splitFeature cuts a feature into the parts its split names: by its own
// polygons, and by the cut lines when the split has a cut file. Each part
// takes the pieces its point lies in; a piece with no point (an island)
// joins the nearest part.
func (b *builder) splitFeature(f borders.Feature, name string) error {
	spec := b.ed.Regions.Split[name]
	at := ptr("regions", "split", name)
	var pieces []orb.Polygon
	if spec.Cut != "" {
		cuts, err := b.readLines(spec.Cut, at+"/cut")
		if err != nil {
			return err
		}
		crossed := false
		for _, poly := range f.Geometry {
			ps, c := split.Polygon(poly, cuts)
			crossed = crossed || c
			pieces = append(pieces, ps...)
		}
		if !crossed {
			b.report(RuleCutMisses, diag.Error, at+"/cut", "draw the lines right across the region, from coast to coast",
				"no line of %s crosses %s", spec.Cut, name)
		}
	} else {
		pieces = append(pieces, f.Geometry...)
	}
	parts := slices.Sorted(maps.Keys(spec.Parts))
	points := make([]orb.Point, len(parts))
	for i, p := range parts {
		points[i] = orb.Point(spec.Parts[p])
	}
	assigned := split.Assign(pieces, points)
	for _, pi := range assigned.Unplaced {
		b.report(RuleSplitPart, diag.Error, ptr("regions", "split", name, "parts", parts[pi]), "give a point inside the part, as [longitude, latitude]",
			"the point of part %s, %v, lies outside %s", parts[pi], spec.Parts[parts[pi]], name)
	}
	for _, crowd := range assigned.Crowded {
		names := make([]string, len(crowd))
		for i, pi := range crowd {
			names[i] = parts[pi]
		}
		b.report(RuleSplitPart, diag.Error, ptr("regions", "split", name, "parts", parts[crowd[1]]), "cut the region between them",
			"parts %v of %s fall in the same piece", names, name)
	}
	first := len(b.regions)
	for _, p := range parts {
		b.regions = append(b.regions, &region{dataName: p})
		b.regionSrc[p] = ptr("regions", "split", name, "parts", p)
	}
	for i, pc := range pieces {
		owner := assigned.Owner[i]
		if owner < 0 {
			continue
		}
		r := first + owner
		b.regions[r].geometry = append(b.regions[r].geometry, pc)
		b.units = append(b.units, unit{geometry: orb.MultiPolygon{pc}, region: r, name: parts[owner]})
	}
	return nil
}

// nameRegions sets ids, board names and aliases, and indexes every name for
// the steps that follow.
func (b *builder) nameRegions() {
	e := b.ed
	b.resolve = newResolver()
	byID := map[string]int{}
	for i, r := range b.regions {
		r.id = defaultID(r.dataName)
		if id, ok := e.Regions.IDs[r.dataName]; ok {
			r.id = id
			b.regionSrc[r.id] = ptr("regions", "ids", r.dataName)
		} else {
			b.regionSrc[r.id] = b.regionSrc[r.dataName]
		}
		r.name = r.dataName
		if n, ok := e.Regions.Names[r.dataName]; ok {
			r.name = n
			r.aliases = append(r.aliases, r.dataName)
		}
		if j, dup := byID[mapdata.Fold(r.id)]; dup {
			b.report(RuleDuplicateRegion, diag.Error, b.regionSrc[r.id], "give each region its own id",
				"regions %q and %q both have the id %q", b.regions[j].dataName, r.dataName, r.id)
		}
		byID[mapdata.Fold(r.id)] = i
	}
	b.byID = map[string]int{}
	for i, r := range b.regions {
		b.byID[r.id] = i
		b.resolve.add(r.id, i)
		b.resolve.add(r.name, i)
		b.resolve.add(r.dataName, i)
		for _, a := range r.aliases {
			b.resolve.add(a, i)
		}
	}
	// Unknown names in ids and names maps are typos too.
	for _, m := range []struct {
		key  string
		vals map[string]string
	}{{"ids", e.Regions.IDs}, {"names", e.Regions.Names}} {
		for _, dataName := range slices.Sorted(maps.Keys(m.vals)) {
			if !b.knownDataName(dataName) {
				b.report(RuleUnknownRegion, diag.Error, ptr("regions", m.key, dataName), b.resolve.suggest(dataName),
					"%q names no region of the edition", dataName)
			}
		}
	}
}

// knownDataName: a feature's name, a split part, or an omitted or merged
// feature (which may still carry an id for clarity).
func (b *builder) knownDataName(name string) bool {
	for _, r := range b.regions {
		if r.dataName == name {
			return true
		}
	}
	for _, f := range b.features {
		if f.ID == name {
			return true
		}
	}
	return false
}

// region resolves a name the edition uses after selection, reporting names
// that match no region at pointer.
func (b *builder) region(name, pointer string) (int, bool) {
	if i, ok := b.resolve.find(name); ok {
		return i, true
	}
	for _, u := range b.units {
		if u.region < 0 && mapdata.Fold(u.name) == mapdata.Fold(name) {
			// Omitting a region should not make the designer hunt down every
			// mention of it: the mention is ignored, and said so.
			b.report(RuleOmittedRegion, diag.Warning, pointer, "remove it, or take it out of regions.omit",
				"%q is omitted (regions.omit), so this is ignored", name)
			return -1, false
		}
	}
	b.report(RuleUnknownRegion, diag.Error, pointer, b.resolve.suggest(name), "%q names no region of the edition", name)
	return -1, false
}

// readLines reads the LineStrings of a GeoJSON file (cut lines, rail lines).
func (b *builder) readLines(name, pointer string) ([]orb.LineString, error) {
	fc, display, err := b.readGeoJSON(name, pointer)
	if err != nil {
		return nil, err
	}
	var out []orb.LineString
	for _, f := range fc.Features {
		out = append(out, lines(f.Geometry)...)
	}
	if len(out) == 0 {
		b.report(RuleBadFile, diag.Error, pointer, "", "%s holds no LineString", display)
	}
	return out, nil
}

func lines(g orb.Geometry) []orb.LineString {
	switch t := g.(type) {
	case orb.LineString:
		return []orb.LineString{t}
	case orb.MultiLineString:
		return []orb.LineString(t)
	}
	return nil
}

// readGeoJSON reads a small GeoJSON FeatureCollection of the edition folder.
func (b *builder) readGeoJSON(name, pointer string) (*geojson.FeatureCollection, string, error) {
	src, display, err := b.files.Read(name, pointer)
	if err != nil {
		return nil, display, err
	}
	doc, err := mapdata.ParseJSON(display, src)
	if err != nil {
		return nil, display, err
	}
	fc, err := geojson.UnmarshalFeatureCollection(src)
	if err != nil {
		at := ""
		if p, ok := hugeNumber(doc.Value, ""); ok {
			at = p // 1e400 is JSON, but no float64
		}
		return nil, display, diag.Errorf(doc.Position(at), "not a GeoJSON FeatureCollection: %w", err)
	}
	return fc, display, nil
}

// hugeNumber finds the first number too large for a float64.
func hugeNumber(v any, at string) (string, bool) {
	switch t := v.(type) {
	case json.Number:
		if _, err := t.Float64(); err != nil {
			return at, true
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(t)) {
			if p, ok := hugeNumber(t[k], srcpos.Join(at, k)); ok {
				return p, true
			}
		}
	case []any:
		for i, c := range t {
			if p, ok := hugeNumber(c, srcpos.Join(at, i)); ok {
				return p, true
			}
		}
	}
	return "", false
}
