package mapdata

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// The board geometry travels beside a pack, not in it: build writes
// <id>.board.geojson next to <id>.pack.json. It is an RFC 7946
// FeatureCollection (longitude, latitude) whose features say what they are in
// properties.layer:
//
//	"region"  a region's Polygon or MultiPolygon; the feature id is the region
//	          id; properties: id, name, color, airOnly, and inset (1-based)
//	          with insetTitle for a region board.insets draws in a box
//	"land"    a feature of the borders file that is no region (omitted), kept
//	          so that a picture shows the whole coastline; properties: name
//	"sea"     a sea's polygons as the edition drew them; properties: sea, name
//	"rail"    a rail line drawn from geometry, or through its stops' label
//	          points; properties: rail, name
//
// Readers ignore layers they do not know.
const (
	LayerRegion = "region"
	LayerLand   = "land"
	LayerSea    = "sea"
	LayerRail   = "rail"
)

// BoardPathFor gives the board geometry path beside a pack path: x.pack.json
// becomes x.board.geojson.
func BoardPathFor(packPath string) string {
	if base, ok := strings.CutSuffix(packPath, ".pack.json"); ok {
		return base + ".board.geojson"
	}
	return strings.TrimSuffix(packPath, ".json") + ".board.geojson"
}

// BoardHashParameter is the provenance parameter in which a pack records
// the SHA-256 of the board geometry written with it: the pair's id.
const BoardHashParameter = "board.sha256"

// SetBoardHash records in p the hash of its board's bytes.
func SetBoardHash(p *Pack, board []byte) {
	if p.Provenance.Parameters == nil {
		p.Provenance.Parameters = map[string]string{}
	}
	sum := sha256.Sum256(board)
	p.Provenance.Parameters[BoardHashParameter] = hex.EncodeToString(sum[:])
}

// BoardMatches reports whether board is the board p was built with: true
// when p records no board hash (a pack from before pairs had an id, or
// written by hand).
func BoardMatches(p *Pack, board []byte) bool {
	want, ok := p.Provenance.Parameters[BoardHashParameter]
	if !ok {
		return true
	}
	sum := sha256.Sum256(board)
	return want == hex.EncodeToString(sum[:])
}
