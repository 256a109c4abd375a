// Package borders reads a borders file (a GeoJSON FeatureCollection or a
// TopoJSON Topology) into polygon features in longitude/latitude, ready for
// adjacency and the other derivations, and settles the features of one or
// more files (Settle) into one layer: ids given and checked, and with
// Options.Dissolve the pieces of a region (features sharing an id, or a
// value of DissolveBy) joined into one multi-part feature.
//
// It reads both formats with its own byte scanner, so that a 30 MB file of
// coordinates decodes in tens of milliseconds, and reports what is wrong in
// the file as findings with a JSON pointer and line:col: unclosed or short
// rings, rings that cross themselves (a bow-tie), non-finite or out-of-range
// coordinates, duplicate ids, features that are not polygons, empty
// geometries, wrong winding. Rings that cross the antimeridian are cut at
// ±180° (RFC 7946 §3.1.9), so that no segment spans more than 180° of
// longitude. A GeoJSON file's legacy "crs" member is read and the file
// reprojected to WGS 84 (geo/crs). Input that cannot be read at all
// (malformed JSON, an arc index out of range, a file with no features) is a
// *diag.InputError.
//
// Other readers (derive/borders/shapefile, derive/borders/geopackage) hand
// their features to AssemblePart, which checks their rings the same way;
// derive/borders/load finds the files of a borders input.
//
// It does not compute anything from the geometry (see derive/adjacency) and
// does not know about editions: which features become regions is decided
// elsewhere.
package borders

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/geo/crs"
	"github.com/tendays/tendays/internal/jsonscan"
	"github.com/tendays/tendays/mapdata"
)

// Options say how to read a borders file.
type Options struct {
	// IDProperty names the property holding a feature's id; "" or "$id"
	// means the feature's own id, falling back to the property "name".
	IDProperty string
	// Object is the TopoJSON object to read; "" means the first one.
	Object string
	// MaxBytes refuses bigger files before reading them (0: mapdata.DefaultMaxInput).
	MaxBytes int64
	// Dissolve joins the features that share an id (or, with DissolveBy,
	// a value of that property) into one multi-part feature, its pieces'
	// shared edges dropped, reported once as info (borders/dissolved),
	// instead of reporting the ids as duplicates: the pieces of a state
	// that a file gives one by one.
	Dissolve bool
	// DissolveBy names the property whose value groups the pieces when it
	// is not the id; the feature keeps the id of its first piece.
	DissolveBy string
}

// Feature is one polygon feature of the file.
type Feature struct {
	ID         string
	Name       string // properties.name when it is a string
	Properties map[string]any
	Geometry   orb.MultiPolygon // lon/lat; rings closed; cut at the antimeridian
	Pointer    string           // JSON pointer of the feature (or TopoJSON geometry), for messages
	// File is the file the feature is in, as messages name it (a borders
	// input of several files has several).
	File string
	// Pieces counts the features of the file joined into this one
	// (Options.Dissolve): 1 for a feature read as it is.
	Pieces int
	off    int // byte offset of the feature in File, for messages
}

// Layer is the polygon features of one file, in file order.
type Layer struct {
	File     string
	Features []Feature
}

// Rule ids of the findings this package reports.
const (
	RuleUnclosedRing = "borders/unclosed-ring"
	RuleShortRing    = "borders/short-ring"
	RuleNonFinite    = "borders/non-finite"
	RuleOutOfRange   = "borders/out-of-range"
	RuleDuplicateID  = "borders/duplicate-id"
	RuleMissingID    = "borders/missing-id"
	RuleNotPolygon   = "borders/not-polygon"
	RuleNullGeometry = "borders/null-geometry"
	RuleEmpty        = "borders/empty-geometry"
	RuleWinding      = "borders/winding"
	RuleExtraNumbers = "borders/extra-numbers"
	RuleAntimeridian = "borders/antimeridian-cut"
	RuleUnclosedArcs = "borders/arcs-not-joined"
	RuleSelfCrossing = "borders/self-crossing"
	RuleDissolved    = "borders/dissolved"
	RuleCRS          = "borders/reprojected"
	RuleEncoding     = "borders/encoding"
)

// Rules describes the rules above for lint's registry (lint --list-rules,
// .tendays-lint.yaml): each id once, its default severity and what it
// asks of a file.
var Rules = []diag.RuleInfo{
	{ID: RuleUnclosedRing, Severity: diag.Warning, Doc: "Every ring ends where it starts (RFC 7946 §3.1.6); an open ring is closed."},
	{ID: RuleShortRing, Severity: diag.Warning, Doc: "Every ring has at least three distinct positions and every position a longitude and a latitude; what has not is dropped."},
	{ID: RuleNonFinite, Severity: diag.Error, Doc: "Every coordinate is a finite number (no NaN, no infinity)."},
	{ID: RuleOutOfRange, Severity: diag.Warning, Doc: "Longitudes are within [-180, 180] and latitudes within [-90, 90]."},
	{ID: RuleDuplicateID, Severity: diag.Error, Doc: "No two features share an id (the --id property, or the feature's id)."},
	{ID: RuleMissingID, Severity: diag.Warning, Doc: "Every feature has an id (the --id property, or the feature's id); one without is named after its place in the file."},
	{ID: RuleNotPolygon, Severity: diag.Warning, Doc: "Every feature is a Polygon or a MultiPolygon; other geometries are skipped."},
	{ID: RuleNullGeometry, Severity: diag.Warning, Doc: "Every feature has a geometry; a feature without one is skipped."},
	{ID: RuleEmpty, Severity: diag.Warning, Doc: "A feature has at least one polygon (an empty geometry, which RFC 7946 allows, or one left with no ring once its bad rings are dropped, is skipped)."},
	{ID: RuleWinding, Severity: diag.Info, Doc: "Exterior rings are counterclockwise and holes clockwise, as RFC 7946 §3.1.6 asks; rings the other way round are read as they are, the same at every build, so this is said once, as info, with the command that rewrites the file."},
	{ID: RuleExtraNumbers, Severity: diag.Warning, Doc: "A position has at most three numbers (longitude, latitude, elevation); the rest are ignored."},
	{ID: RuleAntimeridian, Severity: diag.Info, Doc: "A polygon crossing the antimeridian is cut at ±180° (RFC 7946 §3.1.9)."},
	{ID: RuleUnclosedArcs, Severity: diag.Warning, Doc: "The arcs of a TopoJSON ring join end to start."},
	{ID: RuleSelfCrossing, Severity: diag.Warning, Doc: "No ring crosses itself; a self-crossing ring gives wrong areas and borders."},
	{ID: RuleDissolved, Severity: diag.Info, Doc: "Features that share an id (or the value of borders.dissolve_by) are pieces of one region: they are joined into one multi-part region, their shared edges dropped, and the pieces each got are counted here."},
	{ID: RuleEncoding, Severity: diag.Info, Doc: "A Shapefile's attributes are read in the code page its .cpg names, else the one its DBF language driver byte names, else UTF-8 when they are valid UTF-8 and ISO 8859-1 when not (as GDAL reads them); a .cpg or driver byte tendays does not know is a warning."},
	{ID: RuleCRS, Severity: diag.Info, Doc: "Coordinates in a projected or non-WGS 84 coordinate system (a .prj, a GeoPackage's srs, a GeoJSON crs member) are reprojected to WGS 84 longitude/latitude."},
}

// projectedHint ends the out-of-range message: such numbers are almost
// always a projected file (metres), which GDAL reprojects in one command.
const projectedHint = "the data looks projected (metres or feet, not degrees); reproject it to longitude/latitude, " +
	"e.g. ogr2ogr -t_srs EPSG:4326 out.geojson in.geojson"

// Read reads and decodes a borders file, refusing files over opts.MaxBytes
// before reading them.
func Read(path string, opts Options) (*Layer, []diag.Finding, error) {
	src, err := mapdata.ReadFile(path, opts.MaxBytes)
	if err != nil {
		return nil, nil, err
	}
	return Decode(path, src, opts)
}

// Decode reads a borders file already in memory; file names it in messages.
// The format is sniffed from the top-level "type".
func Decode(file string, src []byte, opts Options) (*Layer, []diag.Finding, error) {
	part, findings, err := DecodePart(file, src, opts)
	if err != nil {
		return nil, findings, err
	}
	layer, findings := Settle(file, []*Part{part}, opts)
	return layer, findings, nil
}

// Part is the features of one file as read, before their ids are settled
// with those of the other files of the same borders (Settle). It keeps the
// findings of its file until then.
type Part struct {
	d   *decoder
	raw []rawFeature
}

// File names the part's file in messages.
func (p *Part) File() string { return p.d.file }

// Len is the number of polygon features of the part.
func (p *Part) Len() int { return len(p.raw) }

// DecodePart reads one GeoJSON or TopoJSON file of a borders input. On
// success its findings wait in the part for Settle; on failure they are
// returned with the error. A GeoJSON file whose legacy "crs" member names a
// projected or other datum's system is reprojected to WGS 84 as it is read.
func DecodePart(file string, src []byte, opts Options) (*Part, []diag.Finding, error) {
	d := &decoder{s: jsonscan.Scanner{Src: src}, file: file, opts: opts}
	raw, err := d.decode()
	if err == nil && d.reproject != nil && d.crsLate {
		// The crs member came after the features: read them again, now
		// that their system is known.
		again := &decoder{s: jsonscan.Scanner{Src: src}, file: file, opts: opts, reproject: d.reproject, crsName: d.crsName, crsOff: d.crsOff}
		d = again
		raw, err = d.decode()
	}
	if err != nil {
		return nil, d.resolveFindings(), d.inputError(err)
	}
	if d.reproject != nil {
		d.report(RuleCRS, diag.Info, "/crs", d.crsOff, "coordinates in %s reprojected to WGS 84 longitude/latitude", d.crsName)
	}
	return &Part{d: d, raw: raw}, nil, nil
}

// Settle gives the features of every part their ids and names, in part
// order, and reports missing and duplicate ids, or with Options.Dissolve
// joins the features that share one. name names the whole input (a file, a
// folder, a zip) in the layer.
func Settle(name string, parts []*Part, opts Options) (*Layer, []diag.Finding) {
	var features []Feature
	seen := map[string]int{}
	global := 0
	for _, p := range parts {
		p.d.opts.IDProperty = opts.IDProperty
		features = p.d.settleIDs(p.raw, features, seen, &global, opts.Dissolve)
	}
	if opts.Dissolve {
		features = dissolvePieces(features, parts, opts)
	}
	var all, findings, wound []diag.Finding
	for _, p := range parts {
		for _, f := range p.d.resolveFindings() {
			all = append(all, f)
			if f.Rule == RuleWinding {
				wound = append(wound, f)
				continue
			}
			findings = append(findings, f)
		}
	}
	if len(wound) <= 1 {
		return &Layer{File: name, Features: features}, all
	}
	{
		// The same fault in every file of a folder is said once.
		f := wound[0]
		files := make([]string, 0, len(wound))
		for _, w := range wound {
			files = append(files, w.File)
		}
		listed := files[:min(3, len(files))]
		more := ""
		if len(files) > len(listed) {
			more = fmt.Sprintf(" and %d more", len(files)-len(listed))
		}
		f.Message = fmt.Sprintf("%d files have rings wound clockwise (%s%s); RFC 7946 wants exterior rings counterclockwise and holes clockwise (read as they are; to rewrite each: ogr2ogr -lco RFC7946=YES OUT.geojson IN.geojson)",
			len(files), strings.Join(listed, ", "), more)
		wound = wound[:1]
		wound[0] = f
	}
	return &Layer{File: name, Features: features}, append(findings, wound...)
}

// pending is a finding whose line and column are not worked out yet.
type pending struct {
	rule string
	sev  diag.Severity
	msg  string
	ptr  string
	off  int // byte offset, -1 when unknown
}

// decoder holds the state of one Decode call.
type decoder struct {
	s        jsonscan.Scanner
	file     string
	opts     Options
	findings []pending
	lines    []int // offsets of line starts, built on first need
	members  int   // members of "features", usable or not
	expand   int   // TopoJSON: positions the rings may still take from the arcs
	topo     bool  // reading a TopoJSON Topology (quantized: rings may collapse)
	pts      arena

	fc        featCtx           // the feature being read
	ringBuf   []orb.Ring        // rings of the polygon being read
	polyBuf   []orb.Polygon     // polygons of the feature being read
	ringArena []orb.Ring        // chunks the features' polygons are carved from
	polyArena []orb.Polygon     // chunks the features' multipolygons are carved from
	keys      map[string]string // property names, shared between features

	refScratch refScratch // TopoJSON arc indexes of the geometry being read
	intArena   []int      // chunks they are carved from

	// reproject takes positions to WGS 84 when the GeoJSON crs member
	// names another system (nil: none named, or WGS 84).
	reproject    func(x, y float64) (float64, float64)
	crsName      string
	crsOff       int
	crsLate      bool // the crs member came after "features"
	featuresRead bool
}

func (d *decoder) report(rule string, sev diag.Severity, ptr string, off int, format string, args ...any) {
	d.findings = append(d.findings, pending{rule, sev, fmt.Sprintf(format, args...), ptr, off})
}

// reportOnce reports a position-level rule once per feature.
func (d *decoder) reportOnce(fc *featCtx, rule string, sev diag.Severity, ptr string, off int, format string, args ...any) {
	for _, r := range fc.once {
		if r == rule {
			return
		}
	}
	fc.once = append(fc.once, rule)
	d.report(rule, sev, ptr, off, format, args...)
}

// lineCol turns a byte offset into a 1-based line and a column counted in
// characters.
func (d *decoder) lineCol(off int) (int, int) {
	src := d.s.Src
	if d.lines == nil {
		d.lines = append(d.lines, 0)
		for i, c := range src {
			if c == '\n' {
				d.lines = append(d.lines, i+1)
			}
		}
	}
	off = max(0, min(off, len(src)))
	i := sort.Search(len(d.lines), func(i int) bool { return d.lines[i] > off }) - 1
	return i + 1, utf8.RuneCount(src[d.lines[i]:off]) + 1
}

func (d *decoder) position(ptr string, off int) diag.Position {
	p := diag.Position{File: d.file, Pointer: ptr}
	if off >= 0 {
		p.Line, p.Col = d.lineCol(off)
	}
	return p
}

func (d *decoder) resolveFindings() []diag.Finding {
	if len(d.findings) == 0 {
		return nil
	}
	// Work out every line and column in one pass over the source: a
	// minified file is one line, and counting from its start for each
	// finding would cost the file's length each time.
	order := make([]int, len(d.findings))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return d.findings[order[a]].off < d.findings[order[b]].off })
	out := make([]diag.Finding, len(d.findings))
	src := d.s.Src
	line, col, at := 1, 1, 0
	for _, i := range order {
		f := d.findings[i]
		pos := diag.Position{File: d.file, Pointer: f.ptr}
		if f.off >= 0 {
			for end := min(f.off, len(src)); at < end; {
				c := src[at]
				switch {
				case c == '\n':
					line, col = line+1, 1
					at++
				case c < utf8.RuneSelf:
					col++
					at++
				default:
					_, size := utf8.DecodeRune(src[at:end])
					col++
					at += size
				}
			}
			pos.Line, pos.Col = line, col
		}
		out[i] = diag.Finding{Rule: f.rule, Severity: f.sev, Message: f.msg, Position: pos}
	}
	return out
}

// placedError is an error about a place in the file that is not a syntax error.
type placedError struct {
	ptr string
	off int
	msg string
}

func (e *placedError) Error() string { return e.msg }

func (d *decoder) errAt(ptr string, off int, format string, args ...any) error {
	return &placedError{ptr, off, fmt.Sprintf(format, args...)}
}

func (d *decoder) inputError(err error) error {
	var se *jsonscan.SyntaxError
	var pe *placedError
	switch {
	case errors.As(err, &se):
		return &diag.InputError{Position: d.position("", se.Off), Msg: se.Msg}
	case errors.As(err, &pe):
		return &diag.InputError{Position: d.position(pe.ptr, pe.off), Msg: pe.msg}
	}
	return &diag.InputError{Position: diag.Position{File: d.file}, Err: err}
}

// rawFeature is a feature as read, before its id is settled. Its pointer
// is prefix+idx (prefix alone when idx < 0).
type rawFeature struct {
	id         string // the feature's own id, as text
	hasID      bool
	props      map[string]any
	geom       orb.MultiPolygon
	prefix     string
	idx        int
	off        int
	wrongWound bool
}

func (f *rawFeature) pointer() string {
	if f.idx < 0 {
		return f.prefix
	}
	return f.prefix + strconv.Itoa(f.idx)
}

func (d *decoder) decode() ([]rawFeature, error) {
	s := &d.s
	if len(s.Src) >= 3 && string(s.Src[:3]) == "\xef\xbb\xbf" {
		return nil, &jsonscan.SyntaxError{Off: 0, Msg: "file starts with a UTF-8 byte order mark (remove it: JSON files must not have one)"}
	}
	if !utf8.Valid(s.Src) {
		return nil, &jsonscan.SyntaxError{Off: firstInvalidUTF8(s.Src), Msg: "invalid UTF-8 (JSON text must be UTF-8)"}
	}
	if s.WS() != '{' {
		return nil, s.Fail("expected a GeoJSON FeatureCollection or a TopoJSON Topology (a JSON object)")
	}
	d.pts.init(len(s.Src))
	var (
		typ             string
		typOff          int
		features        []rawFeature
		sawFeatures     bool
		topo            topology
		objectsOff      = -1
		sawArcs, sawObj bool
	)
	err := s.Object(func(key []byte) error {
		switch string(key) {
		case "type":
			typOff = s.Pos
			b, err := s.Str()
			typ = string(b)
			return err
		case "features":
			sawFeatures = true
			var err error
			features, err = d.featureCollection()
			d.featuresRead = true
			return err
		case "crs":
			return d.readCRS()
		case "arcs":
			sawArcs = true
			return topo.readArcs(s)
		case "transform":
			return topo.readTransform(s)
		case "objects":
			sawObj = true
			objectsOff = s.Pos
			return s.Skip() // read once the transform and arcs are known
		}
		return s.Skip()
	})
	if err != nil {
		return nil, err
	}
	if err := s.End(); err != nil {
		return nil, err
	}
	switch typ {
	case "FeatureCollection":
		if !sawFeatures {
			return nil, d.errAt("", 0, "FeatureCollection has no \"features\" member")
		}
		if d.members == 0 {
			return nil, d.errAt("/features", -1, "FeatureCollection has no features")
		}
		d.checkWinding(features)
	case "Topology":
		if !sawObj || !sawArcs {
			return nil, d.errAt("", 0, "Topology needs both \"objects\" and \"arcs\"")
		}
		if err := topo.decodeArcs(s); err != nil {
			return nil, err
		}
		d.expand = expandFactor*len(topo.pts) + expandSlack
		d.topo = true
		s.Pos, s.Depth = objectsOff, 1
		features, err = d.topoObjects(&topo)
		if err != nil {
			return nil, err
		}
	case "":
		return nil, d.errAt("", 0, "no \"type\" member: expected a GeoJSON FeatureCollection or a TopoJSON Topology")
	default:
		return nil, d.errAt("/type", typOff, "type is %q: expected a GeoJSON FeatureCollection or a TopoJSON Topology", typ)
	}
	usable := 0
	for i := range features {
		if len(features[i].geom) > 0 {
			usable++
		}
	}
	if usable == 0 {
		ptr := "/features"
		if typ == "Topology" {
			ptr = "/objects"
		}
		return nil, d.errAt(ptr, -1, "no polygon features in the file")
	}
	return features, nil
}

// settleIDs gives every feature its id and name, appending them to out,
// reports missing ids (and duplicate ones unless they are to be dissolved),
// and drops features without geometry. seen maps the ids of out to their
// index; global counts the features before these, for the names of those
// without an id.
func (d *decoder) settleIDs(raw []rawFeature, out []Feature, seen map[string]int, global *int, dissolving bool) []Feature {
	if out == nil {
		out = make([]Feature, 0, len(raw))
	}
	prop := d.opts.IDProperty
	own := prop == "" || prop == "$id"
	// Every pointer is a substring of one string: one allocation, not one
	// per feature.
	var all []byte
	for i := range raw {
		all = append(all, raw[i].prefix...)
		if raw[i].idx >= 0 {
			all = strconv.AppendInt(all, int64(raw[i].idx), 10)
		}
	}
	ptrs := string(all)
	at := 0
	for i := range raw {
		r := &raw[i]
		n := len(r.prefix)
		if r.idx >= 0 {
			n += digits(r.idx)
		}
		ptr := ptrs[at : at+n]
		at += n
		index := *global + i
		if len(r.geom) == 0 {
			continue
		}
		f := Feature{Properties: r.props, Geometry: r.geom, Pointer: ptr, File: d.file, Pieces: 1}
		switch n := r.props["name"].(type) {
		case string:
			f.Name = n
		case float64: // "name": 1907 is a name, not a missing one
			f.Name = propText(n)
		}
		switch {
		case own && r.hasID:
			f.ID = r.id
		case own && f.Name != "":
			f.ID = f.Name
		case !own:
			if v, ok := r.props[prop]; ok && v != nil {
				f.ID = propText(v)
			}
		}
		if f.ID == "" {
			f.ID = "feature-" + strconv.Itoa(index)
			what := "no id and no \"name\" property"
			if !own {
				what = fmt.Sprintf("no property %q", prop)
			}
			d.report(RuleMissingID, diag.Warning, ptr, r.off, "feature has %s; calling it %q", what, f.ID)
		}
		if j, dup := seen[f.ID]; dup && !dissolving {
			where := out[j].Pointer
			if out[j].File != d.file {
				where = out[j].File + ":" + where
			}
			d.report(RuleDuplicateID, diag.Error, ptr, r.off, "id %q is also the id of the feature at %s", f.ID, where)
		} else if !dup {
			seen[f.ID] = len(out)
		}
		f.off = r.off
		out = append(out, f)
	}
	*global += len(raw)
	return out
}

// digits is the length of the decimal form of n >= 0.
func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

// propText writes a property value as an id: strings as they are, numbers
// in their shortest form.
func propText(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return fmt.Sprint(v)
}

// firstInvalidUTF8 is the offset of the first byte that is not valid UTF-8.
func firstInvalidUTF8(src []byte) int {
	for off := 0; off < len(src); {
		r, size := utf8.DecodeRune(src[off:])
		if r == utf8.RuneError && size <= 1 {
			return off
		}
		off += size
	}
	return len(src)
}

// readCRS reads the legacy "crs" member of a GeoJSON file (GeoJSON 2008:
// {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::3857"}}).
// RFC 7946 dropped it, and says coordinates are WGS 84; a file that still
// names another system is reprojected, or refused with the command that
// converts it.
func (d *decoder) readCRS() error {
	s := &d.s
	off := s.Pos
	v, err := s.Value()
	if err != nil {
		return err
	}
	if v == nil {
		return nil
	}
	obj, _ := v.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	name, _ := props["name"].(string)
	if typ, _ := obj["type"].(string); typ != "name" || name == "" {
		return d.errAt("/crs", off, "the crs member is not {\"type\": \"name\", \"properties\": {\"name\": ...}}: %s", ConvertHint(d.file))
	}
	c, err := crs.FromName(name)
	if err != nil {
		return d.errAt("/crs/properties/name", off, "%v: %s", err, ConvertHint(d.file))
	}
	if c.IsWGS84() || d.reproject != nil {
		return nil
	}
	d.reproject, d.crsName, d.crsOff = c.ToWGS84, c.String(), off
	d.crsLate = d.featuresRead
	return nil
}

// ConvertHint is the command that converts a GIS file to what tendays
// reads as it is (GeoJSON in WGS 84), for a message about file.
func ConvertHint(file string) string {
	base := file
	if i := strings.LastIndexAny(base, "/\\"); i >= 0 {
		base = base[i+1:]
	}
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return "convert it with: ogr2ogr -t_srs EPSG:4326 " + shellQuote(base+"-wgs84.geojson") + " " + shellQuote(file)
}

// shellQuote quotes a file name for a command a user copies.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == ':' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
