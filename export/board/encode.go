package board

import (
	"bytes"
	"encoding/json"
	"maps"
	"runtime"
	"slices"

	"github.com/paulmach/orb/geojson"
	"golang.org/x/sync/errgroup"
)

// EncodeGeoJSON writes the board geometry as GeoJSON (the board file build
// writes beside a pack; here, not in mapdata, so that the engine's
// readers of packs link no geometry), with a final newline:
// the same bytes as the collection's own MarshalJSON, made faster for the
// rebuild loop of build --watch and serve. The features are encoded on
// every core, without reflection where AppendFeature can (the same bytes),
// and each feature's JSON is used as it comes (the collection's
// MarshalJSON passes every byte of it through encoding/json once more).
func EncodeGeoJSON(fc *geojson.FeatureCollection) ([]byte, error) {
	features := make([][]byte, len(fc.Features))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, f := range fc.Features {
		g.Go(func() (err error) {
			var ok bool
			if features[i], ok = AppendFeature(nil, f); !ok {
				features[i], err = f.MarshalJSON()
			}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}

	// The members as the collection's MarshalJSON gives them: its extra
	// members, type, bbox and features, in the sorted order of a JSON
	// object encoded from a map.
	members := map[string]any{}
	for k, v := range fc.ExtraMembers {
		members[k] = v
	}
	members["type"] = "FeatureCollection" // as MarshalJSON writes it, whatever fc.Type holds
	delete(members, "bbox")
	if fc.BBox != nil {
		members["bbox"] = fc.BBox
	}
	var buf bytes.Buffer
	size := 64 // the members but the features, most often
	for _, f := range features {
		size += len(f) + 1
	}
	buf.Grow(size)
	buf.WriteByte('{')
	members["features"] = nil // written below from the features' own JSON
	for i, key := range slices.Sorted(maps.Keys(members)) {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, err := json.Marshal(key)
		if err != nil {
			return nil, err
		}
		buf.Write(k)
		buf.WriteByte(':')
		if key == "features" {
			buf.WriteByte('[')
			for j, f := range features {
				if j > 0 {
					buf.WriteByte(',')
				}
				buf.Write(f)
			}
			buf.WriteByte(']')
			continue
		}
		v, err := json.Marshal(members[key])
		if err != nil {
			return nil, err
		}
		buf.Write(v)
	}
	buf.WriteString("}\n")
	return buf.Bytes(), nil
}
