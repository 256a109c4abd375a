package load

import (
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/geo/crs"
)

// geoPackageResult is what a GeoPackage gives, as geopackage.Result is (a
// build for JavaScript links no SQLite, so not that package).
type geoPackageResult struct {
	Part     *borders.Part
	CRS      *crs.CRS
	Findings []diag.Finding
}

// readGeoPackage refuses: a build for JavaScript (the studio in a page,
// which reads no edition's borders) has no SQLite to read a GeoPackage
// with.
func readGeoPackage(name string, _ []byte, _ string) (*geoPackageResult, error) {
	return nil, diag.Errorf(diag.Position{File: name}, "a GeoPackage is not read in a build for JavaScript: convert it to GeoJSON (ogr2ogr -f GeoJSON)")
}
