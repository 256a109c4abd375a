package pipeline

import (
	"fmt"
	"io/fs"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/mapdata"
)

// usLandFile is the outline drawn under a network whose stations all lie in
// the lower 48 states (Across the United States): the states the bundled
// usa edition ships.
const usLandFile = "usa/states-10m.topojson"

// NetworkLand is the land a network's board is drawn on (export.Options.Land):
// the U.S. states when every station lies in the lower 48, nothing elsewhere.
func NetworkLand(p *mapdata.NetworkPack) ([]orb.MultiPolygon, error) {
	// The lower 48's box: Alaska and Hawaii widen the states' own.
	lower48 := orb.Bound{Min: orb.Point{-125, 24}, Max: orb.Point{-66, 50}}
	if len(p.Stations) == 0 {
		return nil, nil
	}
	for _, s := range p.Stations {
		if !lower48.Contains(orb.Point(s.Point)) {
			return nil, nil
		}
	}
	src, err := fs.ReadFile(editions.FS(), usLandFile)
	if err != nil {
		return nil, fmt.Errorf("the land under the board: %w", err)
	}
	layer, _, err := borders.Decode(usLandFile, src, borders.Options{Object: "states"})
	if err != nil {
		return nil, fmt.Errorf("the land under the board: %w", err)
	}
	land := make([]orb.MultiPolygon, 0, len(layer.Features))
	for _, f := range layer.Features {
		land = append(land, f.Geometry)
	}
	return land, nil
}

// Land is the land drawn under the board of a pack without board geometry
// (a network's: NetworkLand), nil for a pack with a board, or none.
func (r *Result) Land() ([]orb.MultiPolygon, error) {
	if r.Pack == nil || r.build().land == nil {
		return nil, nil
	}
	return r.build().land(r.Pack)
}
