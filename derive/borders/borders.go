// Package borders reads a borders file (a GeoJSON FeatureCollection or a
// TopoJSON Topology) into polygon features in longitude/latitude, ready for
// adjacency and the other derivations.
//
// It reads both formats with its own byte scanner, so that a 30 MB file of
// coordinates decodes in tens of milliseconds, and reports what is wrong in
// the file as findings with a JSON pointer and line:col: unclosed or short
// rings, rings that cross themselves (a bow-tie), non-finite or out-of-range
// coordinates, duplicate ids, features that are not polygons, wrong winding.
// Rings that cross the antimeridian are cut at ±180° (RFC 7946 §3.1.9), so
// that no segment spans more than 180° of longitude. Input that cannot be
// read at all (malformed JSON, an arc index out of range, a file with no
// features) is a *diag.InputError.
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
	"unicode/utf8"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
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
}

// Feature is one polygon feature of the file.
type Feature struct {
	ID         string
	Name       string // properties.name when it is a string
	Properties map[string]any
	Geometry   orb.MultiPolygon // lon/lat; rings closed; cut at the antimeridian
	Pointer    string           // JSON pointer of the feature (or TopoJSON geometry), for messages
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
	{ID: RuleEmpty, Severity: diag.Warning, Doc: "A feature keeps at least one polygon once its bad rings are dropped; an empty one is skipped."},
	{ID: RuleWinding, Severity: diag.Warning, Doc: "Exterior rings are counterclockwise and holes clockwise, as RFC 7946 §3.1.6 asks."},
	{ID: RuleExtraNumbers, Severity: diag.Warning, Doc: "A position has at most three numbers (longitude, latitude, elevation); the rest are ignored."},
	{ID: RuleAntimeridian, Severity: diag.Info, Doc: "A polygon crossing the antimeridian is cut at ±180° (RFC 7946 §3.1.9)."},
	{ID: RuleUnclosedArcs, Severity: diag.Warning, Doc: "The arcs of a TopoJSON ring join end to start."},
	{ID: RuleSelfCrossing, Severity: diag.Warning, Doc: "No ring crosses itself; a self-crossing ring gives wrong areas and borders."},
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
	d := &decoder{s: jsonscan.Scanner{Src: src}, file: file, opts: opts}
	layer, err := d.decode()
	findings := d.resolveFindings()
	if err != nil {
		return nil, findings, d.inputError(err)
	}
	return layer, findings, nil
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

func (d *decoder) decode() (*Layer, error) {
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
			return err
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
	layer := &Layer{File: d.file, Features: d.settleIDs(features)}
	if len(layer.Features) == 0 {
		ptr := "/features"
		if typ == "Topology" {
			ptr = "/objects"
		}
		return nil, d.errAt(ptr, -1, "no polygon features in the file")
	}
	return layer, nil
}

// settleIDs gives every feature its id and name, reports missing and
// duplicate ids, and drops features without geometry.
func (d *decoder) settleIDs(raw []rawFeature) []Feature {
	out := make([]Feature, 0, len(raw))
	seen := make(map[string]int, len(raw))
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
		if len(r.geom) == 0 {
			continue
		}
		f := Feature{Properties: r.props, Geometry: r.geom, Pointer: ptr}
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
			f.ID = "feature-" + strconv.Itoa(i)
			what := "no id and no \"name\" property"
			if !own {
				what = fmt.Sprintf("no property %q", prop)
			}
			d.report(RuleMissingID, diag.Warning, ptr, r.off, "feature has %s; calling it %q", what, f.ID)
		}
		if j, dup := seen[f.ID]; dup {
			d.report(RuleDuplicateID, diag.Error, ptr, r.off, "id %q is also the id of the feature at %s", f.ID, out[j].Pointer)
		} else {
			seen[f.ID] = len(out)
		}
		out = append(out, f)
	}
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
