// Package shapefile reads the polygons of an ESRI Shapefile (.shp with its
// .dbf, .prj and .cpg) into the features derive/borders checks and settles
// like a GeoJSON file's: the records' rings reprojected from the .prj's
// coordinate system to WGS 84 (geo/crs), the attributes decoded from the
// code page the .cpg names, else the one the DBF's language driver byte
// names, else UTF-8 when the text is valid UTF-8 and ISO 8859-1 when not
// (what GDAL assumes).
//
// The records and the dBase table are read by github.com/twpayne/go-shapefile
// (pure Go, bounded: every record's length is checked against its content
// before anything is allocated); this package bounds what it hands it (each
// record at most the file's size, records at most the table's size over a
// record's) and decodes the text itself, because the library knows only the
// .cpg names of HTML and reads ISO 8859-1 without one.
//
// It reads bytes already read (within the input limit) and knows nothing of
// files, folders or zips: derive/borders/load finds the parts of a
// Shapefile and hands them here.
package shapefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/paulmach/orb"
	"github.com/twpayne/go-geom"
	shp "github.com/twpayne/go-shapefile"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/geo/crs"
)

// Files are the parts of one Shapefile, read. SHP and DBF are needed; PRJ
// and CPG may be nil.
type Files struct {
	Name     string // the .shp as messages name it
	SHP, DBF []byte
	PRJ, CPG []byte
}

// Result is a Shapefile read.
type Result struct {
	Part *borders.Part
	// Findings are this reader's own (the code page and coordinate system
	// used); the part's wait for borders.Settle.
	Findings []diag.Finding
	CRS      *crs.CRS
	Encoding string // the code page the text was read in
}

// Prefix begins the pointer of a record in findings: /records/12 is the
// 13th record (the feature GDAL numbers 12).
const Prefix = "/records/"

// Read reads a Shapefile's polygons. A file that cannot be read (not a
// Shapefile, a table whose records do not match the shapes, a coordinate
// system geo/crs cannot carry out) is a *diag.InputError naming it; a
// record the library refuses (a ring of no area) is a warning and skipped.
func Read(f Files) (*Result, error) {
	res := &Result{}
	at := func(ptr string) diag.Position { return diag.Position{File: f.Name, Pointer: ptr} }
	fail := func(format string, args ...any) error {
		return &diag.InputError{Position: at(""), Msg: fmt.Sprintf(format, args...)}
	}
	res.CRS = crs.WGS84()
	if len(bytes.TrimSpace(f.PRJ)) > 0 {
		c, err := crs.FromWKT(string(f.PRJ))
		if err != nil {
			return nil, fail("its .prj: %v: %s", err, borders.ConvertHint(f.Name))
		}
		res.CRS = c
	}
	enc, why, warn := Encoding(f.CPG, f.DBF)
	res.Encoding = enc.name
	if warn != "" {
		res.Findings = append(res.Findings, diag.Finding{Rule: borders.RuleEncoding, Severity: diag.Warning, Position: at(""), Message: warn})
	}
	if enc.name != "UTF-8" {
		res.Findings = append(res.Findings, diag.Finding{Rule: borders.RuleEncoding, Severity: diag.Info, Position: at(""),
			Message: fmt.Sprintf("the attributes are read as %s (%s)", enc.name, why)})
	}
	table, err := readTable(f.DBF)
	if err != nil {
		return nil, fail("its .dbf: %v", err)
	}
	shapes, skipped, err := readShapes(f.SHP)
	if err != nil {
		return nil, fail("%v", err)
	}
	for _, s := range skipped {
		res.Findings = append(res.Findings, diag.Finding{Rule: borders.RuleShortRing, Severity: diag.Warning, Position: at(Prefix + strconv.Itoa(s.index)),
			Message: fmt.Sprintf("record %d cannot be read as polygons (%v); skipped it", s.index, s.err)})
	}
	if len(table.Records) != len(shapes) {
		return nil, fail("its .dbf has %d records and its .shp %d shapes: they are not one Shapefile", len(table.Records), len(shapes))
	}
	names := make([]string, len(table.FieldDescriptors))
	for i, fd := range table.FieldDescriptors {
		names[i] = enc.decode(fd.Name)
	}
	features := make([]borders.RawFeature, 0, len(shapes))
	for i, g := range shapes {
		rec := table.Records[i]
		raw := borders.RawFeature{ID: strconv.Itoa(i), HasID: true}
		if rec == nil { // a record deleted in the table: GDAL skips it too
			raw.Null = true
			features = append(features, raw)
			continue
		}
		raw.Properties = make(map[string]any, len(names))
		for j, v := range rec {
			raw.Properties[names[j]] = value(v, enc)
		}
		switch g := g.(type) {
		case nil:
			raw.Null = true
		case *geom.MultiPolygon:
			raw.Polygons = polygons(g, res.CRS)
		default:
			raw.NotPolygon = geometryName(g)
		}
		features = append(features, raw)
	}
	part, findings, err := borders.AssemblePart(f.Name, Prefix, features)
	if err != nil {
		return nil, errors.Join(append([]error{err}, findingErrors(findings)...)...)
	}
	if !res.CRS.IsWGS84() {
		res.Findings = append(res.Findings, diag.Finding{Rule: borders.RuleCRS, Severity: diag.Info, Position: at(""),
			Message: fmt.Sprintf("coordinates in %s (%s, from its .prj) reprojected to WGS 84 longitude/latitude", res.CRS, res.CRS.Method)})
	}
	res.Part = part
	return res, nil
}

func findingErrors(fs []diag.Finding) []error {
	var out []error
	for _, f := range fs {
		if f.Severity == diag.Error {
			out = append(out, errors.New(f.String()))
		}
	}
	return out
}

// readTable reads the dBase table, its text left as bytes (ISO 8859-1 is
// a byte for a rune: encoding.decode takes them back), within bounds the
// table's own size sets.
func readTable(dbf []byte) (*shp.DBF, error) {
	if len(dbf) < 32 {
		return nil, errors.New("shorter than a dBase header (32 bytes)")
	}
	recordSize := int(dbf[10]) | int(dbf[11])<<8
	maxRecords := len(dbf)
	if recordSize > 0 {
		maxRecords = len(dbf) / recordSize
	}
	return shp.ReadDBF(bytes.NewReader(dbf), int64(len(dbf)), &shp.ReadDBFOptions{
		MaxHeaderSize: len(dbf), MaxRecordSize: len(dbf), MaxRecords: maxRecords + 1, SkipBrokenFields: true,
	})
}

type skippedRecord struct {
	index int
	err   error
}

// readShapes reads the records of the .shp one by one, so that one the
// library refuses is skipped, not the whole file.
func readShapes(data []byte) ([]geom.T, []skippedRecord, error) {
	const headerSize = 100
	if len(data) < headerSize || data[0] != 0 || data[1] != 0 || data[2] != 0x27 || data[3] != 0x0a {
		return nil, nil, errors.New("not a Shapefile's .shp (no file code 9994 at its start)")
	}
	r := bytes.NewReader(data[headerSize:])
	opts := &shp.ReadSHPOptions{MaxRecordSize: len(data), MaxParts: len(data) / 4, MaxPoints: len(data) / 16}
	var out []geom.T
	var skipped []skippedRecord
	for r.Len() > 0 {
		before := r.Len()
		rec, err := shp.ReadSHPRecord(r, opts)
		switch consumed := before - r.Len(); {
		case err == nil:
			out = append(out, rec.Geom)
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			return nil, nil, fmt.Errorf("its .shp ends in the middle of record %d (the file is truncated?)", len(out))
		case consumed <= 8:
			// Refused from its header alone: the next record cannot be found.
			return nil, nil, fmt.Errorf("its .shp: record %d: %v", len(out), err)
		default:
			skipped = append(skipped, skippedRecord{len(out), err})
			out = append(out, nil)
		}
	}
	return out, skipped, nil
}

// polygons are a record's polygons as rings of longitude/latitude.
func polygons(mp *geom.MultiPolygon, c *crs.CRS) [][]orb.Ring {
	stride := mp.Layout().Stride()
	flat := mp.FlatCoords()
	var out [][]orb.Ring
	start := 0
	for _, ends := range mp.Endss() {
		var poly []orb.Ring
		for _, end := range ends {
			ring := make(orb.Ring, 0, (end-start)/stride)
			for i := start; i+1 < end; i += stride {
				lon, lat := c.ToWGS84(flat[i], flat[i+1])
				ring = append(ring, orb.Point{lon, lat})
			}
			poly = append(poly, ring)
			start = end
		}
		out = append(out, poly)
	}
	return out
}

func geometryName(g geom.T) string {
	switch g.(type) {
	case *geom.Point:
		return "Point"
	case *geom.MultiPoint:
		return "MultiPoint"
	case *geom.MultiLineString:
		return "MultiLineString"
	}
	return fmt.Sprintf("%T", g)
}

// value is an attribute as a GeoJSON property holds it: text decoded,
// numbers as float64, dates as YYYY-MM-DD.
func value(v any, enc encoding) any {
	switch v := v.(type) {
	case string:
		return enc.decode(v)
	case shp.DBFMemo:
		return enc.decode(string(v))
	case int:
		return float64(v)
	case time.Time:
		if v.IsZero() {
			return nil
		}
		return v.Format("2006-01-02")
	}
	return v
}

// latin1Bytes undoes the library's ISO 8859-1 reading: each rune below 256
// is the byte it was.
func latin1Bytes(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		if r < 256 {
			out = append(out, byte(r))
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}
