// Package geopackage reads the polygons of a layer of an OGC GeoPackage (a
// .gpkg: an SQLite database with its gpkg_contents,
// gpkg_geometry_columns and gpkg_spatial_ref_sys tables) into the features
// derive/borders checks and settles like a GeoJSON file's, reprojected from
// the layer's coordinate system to WGS 84 (geo/crs).
//
// The database is read by modernc.org/sqlite, SQLite in pure Go (no cgo),
// from the bytes already read within the input limit, through a read-only
// VFS of one file in memory; it is opened immutable, query-only, with
// trusted_schema off and cell_size_check on (SQLite's advice for database
// files from strangers), and only real tables are read, never views, with
// a bounded number of rows. The geometries (the GeoPackage binary header,
// then WKB) are read by github.com/paulmach/orb's WKB decoder, whose
// allocations are capped; only polygons and multipolygons are handed to it.
//
// It knows nothing of files or folders: derive/borders/load hands it the
// bytes of a .gpkg.
package geopackage

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/encoding/wkb"
	"modernc.org/sqlite/vfs"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/geo/crs"
)

// MaxFeatures bounds the rows read from a layer.
const MaxFeatures = 1_000_000

// Prefix begins the pointer of a row in findings: /layers/states/fid/12.
func Prefix(layer string) string { return "/layers/" + layer + "/" }

// Result is a layer read.
type Result struct {
	Part     *borders.Part
	Findings []diag.Finding // this reader's own (the layer and system used)
	Layer    string
	Layers   []string // every feature layer of the file
	CRS      *crs.CRS
}

// Read reads the polygons of a layer of a GeoPackage (layer "" : the only
// feature layer, or the first holding polygons). What is not a GeoPackage,
// a layer it lacks, a coordinate system geo/crs cannot carry out, are
// *diag.InputError naming the file.
func Read(name string, data []byte, layer string) (*Result, error) {
	fail := func(format string, args ...any) error {
		return &diag.InputError{Position: diag.Position{File: name}, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) < 100 || !bytes.HasPrefix(data, []byte("SQLite format 3\x00")) {
		return nil, fail("not a GeoPackage (an SQLite database file)")
	}
	db, closeDB, err := open(data)
	if err != nil {
		return nil, fail("cannot be opened as an SQLite database: %v", err)
	}
	defer closeDB()
	// A hostile file cannot make a query run for ever: the reads are
	// bounded in rows, and in time as a last resort.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	r := &reader{ctx: ctx, db: db, name: name}
	res, err := r.read(layer)
	if err != nil {
		var in *diag.InputError
		if errors.As(err, &in) {
			return nil, err
		}
		return nil, fail("%v", err)
	}
	return res, nil
}

type reader struct {
	ctx  context.Context
	db   *sql.DB
	name string
}

type layerInfo struct {
	table, column, geomType string
	srsID                   int64
}

func (r *reader) read(want string) (*Result, error) {
	res := &Result{}
	layers, err := r.layers()
	if err != nil {
		return nil, err
	}
	if len(layers) == 0 {
		return nil, errors.New("a GeoPackage with no feature layer (gpkg_contents lists none)")
	}
	for _, l := range layers {
		res.Layers = append(res.Layers, l.table)
	}
	var chosen *layerInfo
	for i := range layers {
		l := &layers[i]
		switch {
		case want != "" && l.table == want:
			chosen = l
		case want == "" && chosen == nil && polygonal(l.geomType):
			chosen = l
		}
	}
	if chosen == nil {
		if want != "" {
			return nil, fmt.Errorf("the GeoPackage has no layer %q (it has %s; borders.layer or --layer names one)", want, strings.Join(res.Layers, ", "))
		}
		return nil, fmt.Errorf("no layer of the GeoPackage holds polygons (it has %s)", strings.Join(res.Layers, ", "))
	}
	res.Layer = chosen.table
	if len(layers) > 1 && want == "" {
		res.Findings = append(res.Findings, diag.Finding{Rule: borders.RuleCRS, Severity: diag.Info, Position: diag.Position{File: r.name},
			Message: fmt.Sprintf("read the layer %q, the first that holds polygons (the file has %s; borders.layer names another)", chosen.table, strings.Join(res.Layers, ", "))})
	}
	res.CRS, err = r.system(chosen.srsID)
	if err != nil {
		return nil, err
	}
	features, err := r.features(chosen, res.CRS)
	if err != nil {
		return nil, err
	}
	part, findings, err := borders.AssemblePart(r.name, Prefix(chosen.table), features)
	if err != nil {
		for _, f := range findings {
			if f.Severity == diag.Error {
				return nil, fmt.Errorf("%w (%s)", err, f.String())
			}
		}
		return nil, err
	}
	if !res.CRS.IsWGS84() {
		res.Findings = append(res.Findings, diag.Finding{Rule: borders.RuleCRS, Severity: diag.Info, Position: diag.Position{File: r.name, Pointer: "/layers/" + chosen.table},
			Message: fmt.Sprintf("coordinates in %s (%s, from gpkg_spatial_ref_sys) reprojected to WGS 84 longitude/latitude", res.CRS, res.CRS.Method)})
	}
	res.Part = part
	return res, nil
}

func polygonal(t string) bool {
	switch strings.ToUpper(t) {
	case "POLYGON", "MULTIPOLYGON", "GEOMETRY", "CURVEPOLYGON", "MULTISURFACE":
		return true
	}
	return false
}

// layers are the feature layers gpkg_contents lists, with their geometry
// column, in the file's order.
func (r *reader) layers() ([]layerInfo, error) {
	rows, err := r.db.QueryContext(r.ctx, `SELECT c.table_name, g.column_name, g.geometry_type_name, g.srs_id
		FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
		WHERE c.data_type = 'features' ORDER BY c.rowid LIMIT 1000`)
	if err != nil {
		return nil, fmt.Errorf("not a GeoPackage (no gpkg_contents and gpkg_geometry_columns tables): %w", err)
	}
	defer rows.Close()
	var out []layerInfo
	for rows.Next() {
		var l layerInfo
		if err := rows.Scan(&l.table, &l.column, &l.geomType, &l.srsID); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// system is the coordinate system srs_id names: its WKT (the WKT 2 column
// of the extension first, then the definition), else the EPSG code it
// names. 0 and -1 are the GeoPackage's undefined geographic and Cartesian
// systems: the coordinates are taken as longitude/latitude, which the
// borders' range check then confirms or refutes.
func (r *reader) system(srsID int64) (*crs.CRS, error) {
	if srsID == 0 || srsID == -1 {
		return crs.WGS84(), nil
	}
	var def, org string
	var code int64
	err := r.db.QueryRowContext(r.ctx, `SELECT definition, organization, organization_coordsys_id FROM gpkg_spatial_ref_sys WHERE srs_id = ?`, srsID).Scan(&def, &org, &code)
	if err != nil {
		return nil, fmt.Errorf("gpkg_spatial_ref_sys has no system %d: %w", srsID, err)
	}
	var wkt2 sql.NullString
	if r.db.QueryRowContext(r.ctx, `SELECT definition_12_063 FROM gpkg_spatial_ref_sys WHERE srs_id = ?`, srsID).Scan(&wkt2) == nil &&
		wkt2.Valid && strings.Contains(wkt2.String, "[") {
		if c, err := crs.FromWKT(wkt2.String); err == nil {
			return c, nil
		}
	}
	var c *crs.CRS
	if strings.Contains(def, "[") {
		c, err = crs.FromWKT(def)
	} else if strings.EqualFold(org, "EPSG") {
		c, err = crs.FromEPSG(int(code))
	} else {
		err = &crs.UnsupportedError{Name: fmt.Sprintf("%s:%d", org, code), Why: "no definition"}
	}
	if err != nil {
		return nil, &diag.InputError{Position: diag.Position{File: r.name, Pointer: "/gpkg_spatial_ref_sys/" + strconv.FormatInt(srsID, 10)},
			Msg: fmt.Sprintf("%v: %s", err, convertHint(r.name))}
	}
	return c, nil
}

// convertHint is borders.ConvertHint for a GeoPackage.
func convertHint(name string) string { return borders.ConvertHint(name) }

// quoteIdent quotes an SQL identifier.
func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// features reads the rows of a layer's table: the geometry decoded and
// reprojected, the other columns as properties, the primary key as the
// feature's id.
func (r *reader) features(l *layerInfo, c *crs.CRS) ([]borders.RawFeature, error) {
	var kind string
	if err := r.db.QueryRowContext(r.ctx, `SELECT type FROM sqlite_master WHERE name = ?`, l.table).Scan(&kind); err != nil || kind != "table" {
		return nil, fmt.Errorf("the layer %q is not a table of the file (a view is not read)", l.table)
	}
	cols, err := r.db.QueryContext(r.ctx, `SELECT name, pk FROM pragma_table_info(?)`, l.table)
	if err != nil {
		return nil, err
	}
	var names []string
	pk := -1
	for cols.Next() {
		var n string
		var isPK int
		if err := cols.Scan(&n, &isPK); err != nil {
			_ = cols.Close() // the scan's error is the one to report
			return nil, err
		}
		if isPK == 1 && pk < 0 {
			pk = len(names)
		}
		names = append(names, n)
	}
	if err := errors.Join(cols.Err(), cols.Close()); err != nil {
		return nil, err
	}
	geomCol := -1
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = quoteIdent(n)
		if strings.EqualFold(n, l.column) {
			geomCol = i
		}
	}
	if geomCol < 0 {
		return nil, fmt.Errorf("the layer %q has no column %q (gpkg_geometry_columns names it)", l.table, l.column)
	}
	rows, err := r.db.QueryContext(r.ctx, fmt.Sprintf(`SELECT %s FROM %s LIMIT %d`, strings.Join(quoted, ", "), quoteIdent(l.table), MaxFeatures+1))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []borders.RawFeature
	vals := make([]any, len(names))
	ptrs := make([]any, len(names))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if len(out) == MaxFeatures {
			return nil, fmt.Errorf("the layer %q has more than %d features", l.table, MaxFeatures)
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		f := borders.RawFeature{Properties: map[string]any{}}
		for i, v := range vals {
			switch {
			case i == geomCol:
				blob, _ := v.([]byte)
				if err := decodeGeometry(blob, &f, c); err != nil {
					f.NotPolygon = "geometry that cannot be read (" + err.Error() + ")"
				}
			case i == pk:
				f.ID, f.HasID = propertyText(v), v != nil
			default:
				f.Properties[names[i]] = property(v)
			}
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

func propertyText(v any) string {
	switch v := v.(type) {
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case []byte:
		return string(v)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// property is a column's value as a GeoJSON property holds it.
func property(v any) any {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case []byte:
		return strings.ToValidUTF8(string(v), "\uFFFD")
	case string:
		return strings.ToValidUTF8(v, "\uFFFD")
	case time.Time:
		return v.UTC().Format(time.RFC3339)
	}
	return v
}

// WKB geometry type codes (ISO 19125), 2D.
const (
	wkbPolygon      = 3
	wkbMultiPolygon = 6
)

var wkbNames = map[uint32]string{1: "Point", 2: "LineString", 3: "Polygon", 4: "MultiPoint", 5: "MultiLineString", 6: "MultiPolygon", 7: "GeometryCollection",
	10: "CurvePolygon", 12: "MultiSurface"}

// decodeGeometry reads a GeoPackage geometry blob (GeoPackage 1.x §2.1.3:
// "GP", version, flags, srs_id, envelope, then WKB) into f.
func decodeGeometry(blob []byte, f *borders.RawFeature, c *crs.CRS) error {
	if blob == nil {
		f.Null = true
		return nil
	}
	if len(blob) < 8 || blob[0] != 'G' || blob[1] != 'P' {
		return errors.New("not a GeoPackage geometry")
	}
	flags := blob[3]
	if flags&0x20 != 0 {
		return errors.New("an extended geometry")
	}
	envelope := [8]int{0, 32, 48, 48, 64}
	ind := int(flags>>1) & 7
	if ind > 4 {
		return errors.New("an envelope indicator out of range")
	}
	start := 8 + envelope[ind]
	if len(blob) < start+5 {
		if flags&0x10 != 0 { // the empty flag, with no WKB after it
			return nil
		}
		return errors.New("too short")
	}
	w := blob[start:]
	var typ uint32
	switch w[0] {
	case 0:
		typ = binary.BigEndian.Uint32(w[1:5])
	case 1:
		typ = binary.LittleEndian.Uint32(w[1:5])
	default:
		return errors.New("not WKB")
	}
	if typ != wkbPolygon && typ != wkbMultiPolygon {
		name, ok := wkbNames[typ%1000]
		if !ok {
			name = "geometry of WKB type " + strconv.FormatUint(uint64(typ), 10)
		}
		if typ >= 1000 && (typ%1000 == wkbPolygon || typ%1000 == wkbMultiPolygon) {
			name += " with Z or M (write it in 2D: ogr2ogr -dim XY)"
		}
		f.NotPolygon = name
		return nil
	}
	g, err := wkb.Unmarshal(w)
	if err != nil {
		return err
	}
	var mp orb.MultiPolygon
	switch g := g.(type) {
	case orb.Polygon:
		if len(g) > 0 {
			mp = orb.MultiPolygon{g}
		}
	case orb.MultiPolygon:
		mp = g
	}
	for _, poly := range mp {
		var rings []orb.Ring
		for _, ring := range poly {
			out := make(orb.Ring, len(ring))
			for i, p := range ring {
				lon, lat := c.ToWGS84(p[0], p[1])
				out[i] = orb.Point{lon, lat}
			}
			rings = append(rings, out)
		}
		if len(rings) > 0 {
			f.Polygons = append(f.Polygons, rings)
		}
	}
	return nil
}

// open opens the bytes of a database, read-only, through a VFS serving
// them from memory.
func open(data []byte) (*sql.DB, func(), error) {
	name, fsys, err := vfs.New(memFS{data: data})
	if err != nil {
		return nil, nil, err
	}
	dsn := "file:" + memName + "?vfs=" + name + "&mode=ro&immutable=1" +
		"&_pragma=query_only(1)&_pragma=trusted_schema(0)&_pragma=cell_size_check(1)&_pragma=mmap_size(0)"
	db, err := sql.Open("sqlite", dsn)
	if err == nil {
		db.SetMaxOpenConns(1)
		err = db.Ping()
	}
	closeAll := func() {
		// A read-only database in memory: closing it can lose nothing, and
		// the error that led here (if any) is the one to report.
		if db != nil {
			_ = db.Close()
		}
		vfsClose.Lock()
		_ = fsys.Close()
		vfsClose.Unlock()
	}
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return db, closeAll, nil
}

var vfsClose sync.Mutex

// memName is the one file of memFS.
const memName = "layer.gpkg"

// memFS is a file system of one file held in memory, which the VFS of
// modernc.org/sqlite reads with Seek and Read.
type memFS struct{ data []byte }

func (m memFS) Open(name string) (fs.File, error) {
	if name != memName {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &memFile{Reader: bytes.NewReader(m.data), size: int64(len(m.data))}, nil
}

type memFile struct {
	*bytes.Reader
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f.size}, nil }
func (f *memFile) Close() error               { return nil }

type memInfo struct{ size int64 }

func (i memInfo) Name() string       { return memName }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

var _ io.Seeker = (*memFile)(nil)
