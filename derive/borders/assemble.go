package borders

import (
	"math"
	"strconv"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
)

// RawFeature is a feature another reader has read (a Shapefile's record, a
// GeoPackage's row), its rings in WGS 84 longitude/latitude, for
// AssemblePart to check as Decode checks a GeoJSON feature's.
type RawFeature struct {
	ID         string // the feature's own id (a GeoPackage's fid), as text
	HasID      bool
	Properties map[string]any
	// Polygons are the polygons as read: each an exterior ring, then its
	// holes. An empty list is an empty geometry.
	Polygons [][]orb.Ring
	// NotPolygon is the geometry type read when it is not polygonal
	// ("LineString"): the feature is reported and skipped.
	NotPolygon string
	// Null says the feature has no geometry at all.
	Null bool
}

// AssemblePart checks the features another reader read from file as
// DecodePart checks a GeoJSON file's: rings closed, short or non-finite or
// out-of-range positions reported and dropped, self-crossing rings
// reported, polygons cut at the antimeridian, empty and non-polygonal
// geometries reported and skipped. Findings point at prefix + the
// feature's index ("/records/12"); their rings at /polygons/P/R under it.
func AssemblePart(file, prefix string, features []RawFeature) (*Part, []diag.Finding, error) {
	d := &decoder{file: file}
	total := 0
	for i := range features {
		for _, poly := range features[i].Polygons {
			for _, r := range poly {
				total += len(r)
			}
		}
	}
	d.pts.init(16 * total) // the arena's chunks are sized from a source length
	var raw []rawFeature
	for i := range features {
		f := &features[i]
		d.fc = featCtx{prefix: prefix, idx: i, suffix: "/polygons", off: -1}
		fc := &d.fc
		ptr := fc.pointer()
		switch {
		case f.Null:
			d.report(RuleNullGeometry, diag.Warning, ptr, -1, "feature has no geometry; skipped it")
			continue
		case f.NotPolygon != "":
			d.report(RuleNotPolygon, diag.Warning, ptr, -1, "geometry is a %s, not a Polygon or MultiPolygon; skipped it", f.NotPolygon)
			continue
		case len(f.Polygons) == 0:
			d.report(RuleEmpty, diag.Warning, ptr, -1, "feature's geometry is empty (no coordinates); skipped it")
			continue
		}
		mark := len(d.polyBuf)
		for pi, poly := range f.Polygons {
			d.assemblePolygon(fc, pi, poly)
		}
		geom := d.takePolys(mark)
		if len(geom) == 0 {
			d.report(RuleEmpty, diag.Warning, ptr, -1, "feature has no polygon left once bad rings are dropped; skipped it")
			continue
		}
		raw = append(raw, rawFeature{id: f.ID, hasID: f.HasID, props: f.Properties, geom: geom, prefix: prefix, idx: i, off: -1})
	}
	if len(raw) == 0 {
		return nil, d.resolveFindings(), &diag.InputError{Position: diag.Position{File: file}, Msg: "no polygon features in the file"}
	}
	return &Part{d: d, raw: raw}, nil, nil
}

// assemblePolygon is polygon (geojson.go) for rings already in memory.
func (d *decoder) assemblePolygon(fc *featCtx, polyIdx int, rings []orb.Ring) {
	mark := len(d.ringBuf)
	needCut, dropped := false, false
	for ri, ring := range rings {
		rc := ringCtx{feat: fc, poly: polyIdx, ring: ri}
		d.pts.begin()
		for pi, p := range ring {
			switch {
			case math.IsNaN(p[0]+p[1]) || math.IsInf(p[0]+p[1], 0):
				d.reportOnce(fc, RuleNonFinite, diag.Error, rc.ptr()+"/"+strconv.Itoa(pi), -1,
					"position is not a finite number (NaN or infinity); dropped it")
				continue
			case p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90:
				d.reportOnce(fc, RuleOutOfRange, diag.Error, rc.ptr()+"/"+strconv.Itoa(pi), -1,
					"position [%g, %g] is outside longitude [-180, 180] or latitude [-90, 90]: %s", p[0], p[1], projectedHint)
			}
			d.pts.add(p)
		}
		r, cut := d.finishRing(&rc, -1)
		switch {
		case r == nil && ri == 0:
			dropped = true
		case r != nil && !dropped:
			d.ringBuf = append(d.ringBuf, r)
			needCut = needCut || cut
		}
	}
	poly := d.takeRings(mark)
	if dropped || len(poly) == 0 {
		return
	}
	d.addPolygon(fc, poly, needCut, polyIdx, -1)
}
