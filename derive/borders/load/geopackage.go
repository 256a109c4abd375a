//go:build !js

package load

import "github.com/tendays/tendays/derive/borders/geopackage"

// readGeoPackage reads a GeoPackage's layer. SQLite in pure Go
// (modernc.org/sqlite) does not build for GOOS=js; a build for JavaScript
// (the studio in a page, jsengine/wasm/studio) reads no GeoPackage
// (geopackage_js.go).
func readGeoPackage(name string, data []byte, layer string) (*geopackage.Result, error) {
	return geopackage.Read(name, data, layer)
}
