package board

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/internal/jsonscan"
)

// scanCollection reads a board with the borders scanner (internal/jsonscan)
// into the FeatureCollection orb's decoder gives for it, at a fraction of
// the cost: positions go straight into the points of the rings, with no
// tree of interfaces and no reflection. It takes the shape build writes: a
// FeatureCollection with only type and features; features with only id
// (a string or a number), type, geometry (a Polygon, MultiPolygon,
// LineString, MultiLineString, Point or MultiPoint with only type and
// coordinates, every position two finite numbers, no array empty) and
// properties (an object); no member named twice. Anything else is not
// refused here: ok is false and the caller decodes with orb, which gives
// its own verdict and messages.
func scanCollection(src []byte) (fc *geojson.FeatureCollection, ok bool) {
	r := collectionReader{s: jsonscan.Scanner{Src: src}}
	// Points take about a dozen bytes of text each: one arena, carved into
	// rings, grown by chunks when the guess is short.
	r.pts = make([]orb.Point, 0, len(src)/12+16)
	fc, err := r.collection()
	if err != nil || r.s.End() != nil {
		return nil, false
	}
	return fc, true
}

type collectionReader struct {
	s   jsonscan.Scanner
	pts []orb.Point
}

// errShape is any departure from the shape scanCollection takes.
type errShape struct{}

func (errShape) Error() string { return "not the shape of a board build writes" }

func (r *collectionReader) collection() (*geojson.FeatureCollection, error) {
	fc := &geojson.FeatureCollection{}
	sawType, sawFeatures := false, false
	err := r.s.Object(func(key []byte) error {
		switch string(key) {
		case "type":
			t, err := r.s.Str()
			if err != nil || string(t) != "FeatureCollection" {
				return errShape{}
			}
			fc.Type, sawType = "FeatureCollection", true
			return nil
		case "features":
			sawFeatures = true
			if r.s.WS() != '[' {
				return errShape{}
			}
			fc.Features = []*geojson.Feature{}
			ok, err := r.s.Array()
			for ok && err == nil {
				var f *geojson.Feature
				if f, err = r.feature(); err == nil {
					fc.Features = append(fc.Features, f)
					ok, err = r.s.Next()
				}
			}
			return err
		}
		return errShape{}
	})
	if err != nil || !sawType || !sawFeatures {
		return nil, errShape{}
	}
	return fc, nil
}

func (r *collectionReader) feature() (*geojson.Feature, error) {
	f := &geojson.Feature{}
	sawGeometry, sawProperties := false, false
	err := r.s.Object(func(key []byte) error {
		switch string(key) {
		case "id":
			switch c := r.s.WS(); {
			case c == '"':
				id, err := r.s.Str()
				f.ID = string(id)
				return err
			case c == '-' || '0' <= c && c <= '9':
				v, err := r.s.Num()
				if err != nil || math.IsInf(v, 0) {
					return errShape{}
				}
				f.ID = v
				return nil
			}
		case "type":
			t, err := r.s.Str()
			if err != nil || string(t) != "Feature" {
				return errShape{}
			}
			f.Type = "Feature"
			return nil
		case "geometry":
			sawGeometry = true
			g, err := r.geometry()
			f.Geometry = g
			return err
		case "properties":
			sawProperties = true
			if r.s.WS() != '{' {
				return errShape{}
			}
			v, err := r.s.Value()
			if err != nil {
				return err
			}
			props := v.(map[string]any)
			if !finiteValues(props) {
				return errShape{}
			}
			f.Properties = props
			return nil
		}
		return errShape{}
	})
	if err != nil || f.Type != "Feature" || !sawGeometry || !sawProperties {
		return nil, errShape{}
	}
	return f, nil
}

// finiteValues reports whether every number in v is finite: a number out
// of float64's range is an error to encoding/json, not an infinity.
func finiteValues(v any) bool {
	switch t := v.(type) {
	case float64:
		return !math.IsInf(t, 0)
	case map[string]any:
		for _, e := range t {
			if !finiteValues(e) {
				return false
			}
		}
	case []any:
		for _, e := range t {
			if !finiteValues(e) {
				return false
			}
		}
	}
	return true
}

// geometry reads {"type": ..., "coordinates": ...}; the coordinates of a
// geometry whose type comes after them are read again once it is known.
func (r *collectionReader) geometry() (orb.Geometry, error) {
	var kind string
	var g orb.Geometry
	coords, depth := -1, 0
	err := r.s.Object(func(key []byte) error {
		switch string(key) {
		case "type":
			t, err := r.s.Str()
			kind = string(t)
			return err
		case "coordinates":
			if kind != "" {
				var err error
				g, err = r.coordinates(kind)
				coords = r.s.Pos
				return err
			}
			coords, depth = r.s.Pos, r.s.Depth
			return r.s.Skip()
		}
		return errShape{}
	})
	if err != nil || coords < 0 {
		return nil, errShape{}
	}
	if g == nil {
		end, after := r.s.Pos, r.s.Depth
		r.s.Pos, r.s.Depth = coords, depth
		g, err = r.coordinates(kind)
		r.s.Pos, r.s.Depth = end, after
	}
	return g, err
}

// coordinates reads the coordinates of a geometry of type kind.
func (r *collectionReader) coordinates(kind string) (orb.Geometry, error) {
	switch kind {
	case "Point":
		return r.position()
	case "MultiPoint":
		ring, err := r.positions()
		return orb.MultiPoint(ring), err
	case "LineString":
		ring, err := r.positions()
		return orb.LineString(ring), err
	case "MultiLineString":
		var out orb.MultiLineString
		err := r.each(func() error {
			ring, err := r.positions()
			out = append(out, orb.LineString(ring))
			return err
		})
		return out, err
	case "Polygon":
		return r.polygon()
	case "MultiPolygon":
		var out orb.MultiPolygon
		err := r.each(func() error {
			p, err := r.polygon()
			out = append(out, p)
			return err
		})
		return out, err
	}
	return nil, errShape{}
}

// each reads a non-empty array, calling fn on each element.
func (r *collectionReader) each(fn func() error) error {
	ok, err := r.s.Array()
	if !ok {
		return errShape{} // empty, or not an array
	}
	for ok && err == nil {
		if err = fn(); err == nil {
			ok, err = r.s.Next()
		}
	}
	return err
}

func (r *collectionReader) polygon() (orb.Polygon, error) {
	var out orb.Polygon
	err := r.each(func() error {
		ring, err := r.positions()
		out = append(out, orb.Ring(ring))
		return err
	})
	return out, err
}

// positions reads a non-empty array of positions into the arena.
func (r *collectionReader) positions() ([]orb.Point, error) {
	start := len(r.pts)
	err := r.each(func() error {
		p, err := r.position()
		if err == nil {
			if len(r.pts) == cap(r.pts) {
				// Start a new chunk, moving the ring read so far into it.
				grown := make([]orb.Point, 0, max(cap(r.pts), 1024))
				r.pts = append(grown, r.pts[start:]...)
				start = 0
			}
			r.pts = append(r.pts, p)
		}
		return err
	})
	ring := r.pts[start:len(r.pts):len(r.pts)]
	return ring, err
}

// position reads [x, y]: two finite numbers.
func (r *collectionReader) position() (orb.Point, error) {
	var p orb.Point
	if ok, err := r.s.Array(); !ok || err != nil {
		return p, errShape{}
	}
	for i := range 2 {
		v, err := r.s.Num()
		if err != nil || math.IsInf(v, 0) {
			return p, errShape{}
		}
		p[i] = v
		more, err := r.s.Next()
		if err != nil || more != (i == 0) {
			return p, errShape{}
		}
	}
	return p, nil
}
