package board

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
)

// AppendFeature appends the bytes json.Marshal gives for f (orb's
// Feature.MarshalJSON) without reflection, for the features the
// geographic exports write: no bbox or extra members, a geometry of one
// of the six simple types (or none), an id and property values of the
// kinds a board and a pack give (strings, numbers, booleans, null, lists
// of strings, and arrays and objects of those). False for anything else:
// the caller marshals f with encoding/json. FuzzFeatureJSON holds the two
// to the same bytes; reflection was most of what writing a board cost.
func AppendFeature(dst []byte, f *geojson.Feature) ([]byte, bool) {
	if f.BBox != nil || len(f.ExtraMembers) > 0 {
		return dst, false
	}
	start := len(dst)
	dst = append(dst, '{')
	if f.ID != nil {
		dst = append(dst, `"id":`...)
		var ok bool
		if dst, ok = appendValue(dst, f.ID); !ok {
			return dst[:start], false
		}
		dst = append(dst, ',')
	}
	dst = append(dst, `"type":"Feature","geometry":`...)
	var ok bool
	if dst, ok = appendGeometry(dst, f.Geometry); !ok {
		return dst[:start], false
	}
	dst = append(dst, `,"properties":`...)
	if len(f.Properties) == 0 {
		dst = append(dst, "null"...) // orb writes an empty object as null
	} else if dst, ok = appendObject(dst, f.Properties); !ok {
		return dst[:start], false
	}
	return append(dst, '}'), true
}

// appendGeometry writes orb's geometry document: null for none.
func appendGeometry(dst []byte, g orb.Geometry) ([]byte, bool) {
	if g == nil {
		return append(dst, "null"...), true
	}
	var typ string
	switch g.(type) {
	case orb.Point, orb.MultiPoint, orb.LineString, orb.MultiLineString, orb.Polygon, orb.MultiPolygon:
		typ = g.GeoJSONType()
	default:
		return dst, false // a ring, a bound, a collection: orb rewrites them
	}
	dst = append(dst, `{"type":"`...)
	dst = append(dst, typ...)
	dst = append(dst, `","coordinates":`...)
	ok := true
	switch t := g.(type) {
	case orb.Point:
		dst, ok = appendPoint(dst, t)
	case orb.MultiPoint:
		dst, ok = appendPoints(dst, t)
	case orb.LineString:
		dst, ok = appendPoints(dst, t)
	case orb.MultiLineString:
		if t == nil {
			dst = append(dst, "null"...)
			break
		}
		dst, ok = appendList(dst, len(t), func(dst []byte, i int) ([]byte, bool) { return appendPoints(dst, t[i]) })
	case orb.Polygon:
		dst, ok = appendPolygon(dst, t)
	case orb.MultiPolygon:
		if t == nil {
			dst = append(dst, "null"...)
			break
		}
		dst, ok = appendList(dst, len(t), func(dst []byte, i int) ([]byte, bool) { return appendPolygon(dst, t[i]) })
	}
	return append(dst, '}'), ok
}

// appendList writes n elements between brackets (the callers write a nil
// slice as null, as encoding/json does).
func appendList(dst []byte, n int, elem func([]byte, int) ([]byte, bool)) ([]byte, bool) {
	dst = append(dst, '[')
	for i := range n {
		if i > 0 {
			dst = append(dst, ',')
		}
		var ok bool
		if dst, ok = elem(dst, i); !ok {
			return dst, false
		}
	}
	return append(dst, ']'), true
}

func appendPolygon(dst []byte, p orb.Polygon) ([]byte, bool) {
	if p == nil {
		return append(dst, "null"...), true
	}
	return appendList(dst, len(p), func(dst []byte, i int) ([]byte, bool) { return appendPoints(dst, p[i]) })
}

func appendPoints(dst []byte, pts []orb.Point) ([]byte, bool) {
	if pts == nil {
		return append(dst, "null"...), true
	}
	dst = append(dst, '[')
	for i, p := range pts {
		if i > 0 {
			dst = append(dst, ',')
		}
		var ok bool
		if dst, ok = appendPoint(dst, p); !ok {
			return dst, false
		}
	}
	return append(dst, ']'), true
}

func appendPoint(dst []byte, p orb.Point) ([]byte, bool) {
	dst = append(dst, '[')
	dst, ok := appendFloat(dst, p[0])
	dst = append(dst, ',')
	dst, ok2 := appendFloat(dst, p[1])
	return append(dst, ']'), ok && ok2
}

// appendFloat writes f as encoding/json does: the shortest decimal that
// reads back as f, in exponent form below 1e-6 and from 1e21 on (e-09
// written e-9). NaN and the infinities are no JSON: false.
func appendFloat(dst []byte, f float64) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, false
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, true
}

// appendValue writes a property value of the kinds AppendFeature takes.
func appendValue(dst []byte, v any) ([]byte, bool) {
	switch t := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case string:
		return appendString(dst, t), true
	case bool:
		return strconv.AppendBool(dst, t), true
	case float64:
		return appendFloat(dst, t)
	case int:
		return strconv.AppendInt(dst, int64(t), 10), true
	case []string:
		if t == nil {
			return append(dst, "null"...), true
		}
		return appendList(dst, len(t), func(dst []byte, i int) ([]byte, bool) { return appendString(dst, t[i]), true })
	case []any:
		if t == nil {
			return append(dst, "null"...), true
		}
		return appendList(dst, len(t), func(dst []byte, i int) ([]byte, bool) { return appendValue(dst, t[i]) })
	case map[string]any:
		if t == nil {
			return append(dst, "null"...), true
		}
		return appendObject(dst, t)
	case geojson.Properties:
		if t == nil {
			return append(dst, "null"...), true
		}
		return appendObject(dst, t)
	}
	return dst, false // json.Number and the rest: encoding/json knows them
}

// appendObject writes a map with its keys sorted, as encoding/json does.
func appendObject(dst []byte, m map[string]any) ([]byte, bool) {
	var keysBuf [32]string
	keys := keysBuf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		var ok bool
		if dst, ok = appendValue(dst, m[k]); !ok {
			return dst, false
		}
	}
	return append(dst, '}'), true
}

// appendString writes s quoted as json.Marshal does (HTML escaped); a
// string with anything to escape is handed to encoding/json itself.
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return appendMarshalled(dst, s)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return appendMarshalled(dst, s)
		}
		i += size
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

func appendMarshalled(dst []byte, s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return append(dst, b...)
}
