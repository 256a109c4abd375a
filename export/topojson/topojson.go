// Package topojson writes layers of geographic features as one TopoJSON
// topology (https://github.com/topojson/topojson-specification): every
// layer an object (a GeometryCollection), the lines and rings of all of
// them cut into arcs that neighbours share (a border between two regions,
// or between a region and the land beside it, is stored once), the
// positions quantized to a grid and delta-encoded.
//
// Polygons are wound as d3-geo and the atlases built for it (us-atlas,
// world-atlas) expect: outer rings clockwise, holes counter-clockwise (see
// geo.D3). The winding is decided on the quantized rings, so a ring that
// quantization left is wound as it is written.
//
// It reads no files and knows nothing of packs: the export package hands it
// features with their properties. Reading TopoJSON is derive/borders's job.
package topojson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"strconv"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/geo"
)

// DefaultQuantization is the grid's size along each axis when Options
// leaves it 0: 10⁵ steps, as topojson's geo2topo -q 1e5 and the atlases use
// (about 40 m a step across a continent).
const DefaultQuantization = 100_000

// Feature is one geometry with its id and properties.
type Feature struct {
	ID         any // a string or a number; nil for none
	Properties map[string]any
	Geometry   orb.Geometry // Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or nil
}

// Layer is a named list of features: one object of the topology.
type Layer struct {
	Name     string
	Features []Feature
}

// Options tune Encode.
type Options struct {
	// Quantization is the number of grid steps along each axis (at least
	// 2); 0 means DefaultQuantization.
	Quantization int
}

// Stats says what quantization took away.
type Stats struct {
	Arcs         int // arcs in the topology
	DroppedRings int // rings that collapsed to no area on the grid
	// EmptyFeatures counts the features left with no geometry (every ring
	// collapsed); Encode keeps them, with a null geometry.
	EmptyFeatures int
}

// ErrNoCoordinates is returned when no feature has a position: a topology
// needs a bounding box to quantize in.
var ErrNoCoordinates = errors.New("topojson: no feature has coordinates")

// point is a position on the quantization grid.
type point struct{ x, y int64 }

// path is one line or ring of the input, on the grid; ring paths are closed
// (last point = first).
type path struct {
	pts  []point
	ring bool
}

// geometry is a feature's shape as paths: for polygons, polys[i] lists the
// indexes in paths of a polygon's rings, outer first; for lines, lines lists
// them; points for Point and MultiPoint.
type geometry struct {
	kind   string // the TopoJSON type, "" for none
	polys  [][]int
	lines  []int
	points []point
}

// Encode writes the layers as one topology, objects in the order given.
func Encode(layers []Layer, opt Options) ([]byte, Stats, error) {
	var st Stats
	q := opt.Quantization
	if q == 0 {
		q = DefaultQuantization
	}
	if q < 2 || q > 1<<30 {
		return nil, st, fmt.Errorf("topojson: quantization %d is out of range (2 to %d)", q, 1<<30)
	}
	box, ok := bounds(layers)
	if !ok {
		return nil, st, ErrNoCoordinates
	}
	g := grid{x0: box.Min[0], y0: box.Min[1], kx: 1, ky: 1}
	if dx := box.Max[0] - box.Min[0]; dx > 0 {
		g.kx = float64(q-1) / dx
	}
	if dy := box.Max[1] - box.Min[1]; dy > 0 {
		g.ky = float64(q-1) / dy
	}

	var paths []path
	geoms := make([][]geometry, len(layers))
	for li, l := range layers {
		geoms[li] = make([]geometry, len(l.Features))
		for fi, f := range l.Features {
			gm := g.geometry(f.Geometry, &paths, &st)
			if gm.kind == "" && f.Geometry != nil {
				st.EmptyFeatures++
			}
			geoms[li][fi] = gm
		}
	}
	arcs, refs := buildArcs(paths)
	st.Arcs = len(arcs)

	var b bytes.Buffer
	b.WriteString(`{"type":"Topology","bbox":[`)
	b.WriteString(num(box.Min[0]) + "," + num(box.Min[1]) + "," + num(box.Max[0]) + "," + num(box.Max[1]))
	b.WriteString(`],"transform":{"scale":[`)
	b.WriteString(num(1/g.kx) + "," + num(1/g.ky))
	b.WriteString(`],"translate":[`)
	b.WriteString(num(g.x0) + "," + num(g.y0))
	b.WriteString(`]},"objects":{`)
	for li, l := range layers {
		if li > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(l.Name)
		b.Write(name)
		b.WriteString(`:{"type":"GeometryCollection","geometries":[`)
		for fi, f := range l.Features {
			if fi > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
			if err := writeGeometry(&b, f, geoms[li][fi], refs); err != nil {
				return nil, st, fmt.Errorf("topojson: layer %s, feature %d: %w", l.Name, fi, err)
			}
		}
		b.WriteString("]}")
	}
	b.WriteString("},\n\"arcs\":[")
	for i, a := range arcs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n[")
		var px, py int64
		for k, p := range a {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('[')
			b.WriteString(strconv.FormatInt(p.x-px, 10))
			b.WriteByte(',')
			b.WriteString(strconv.FormatInt(p.y-py, 10))
			b.WriteByte(']')
			px, py = p.x, p.y
		}
		b.WriteByte(']')
	}
	b.WriteString("]}\n")
	return b.Bytes(), st, nil
}

// num writes a float in the shortest form that reads back the same.
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// bounds is the box round every position of every feature.
func bounds(layers []Layer) (orb.Bound, bool) {
	var box orb.Bound
	found := false
	for _, l := range layers {
		for _, f := range l.Features {
			if f.Geometry == nil || isEmpty(f.Geometry) {
				continue
			}
			b := f.Geometry.Bound()
			if !found {
				box, found = b, true
				continue
			}
			box = box.Union(b)
		}
	}
	return box, found
}

func isEmpty(g orb.Geometry) bool {
	switch t := g.(type) {
	case orb.MultiPoint:
		return len(t) == 0
	case orb.LineString:
		return len(t) == 0
	case orb.MultiLineString:
		for _, l := range t {
			if len(l) > 0 {
				return false
			}
		}
		return true
	case orb.Polygon:
		return len(t) == 0 || len(t[0]) == 0
	case orb.MultiPolygon:
		for _, p := range t {
			if len(p) > 0 && len(p[0]) > 0 {
				return false
			}
		}
		return true
	}
	return false
}

// grid quantizes positions: x' = round((x - x0) · kx).
type grid struct{ x0, y0, kx, ky float64 }

func (g grid) at(p orb.Point) point {
	return point{int64(math.Round((p[0] - g.x0) * g.kx)), int64(math.Round((p[1] - g.y0) * g.ky))}
}

// line quantizes a line, dropping repeated positions. A line that
// collapses to one position keeps two (a line needs two).
func (g grid) line(l orb.LineString) []point {
	out := make([]point, 0, len(l))
	for _, p := range l {
		q := g.at(p)
		if n := len(out); n > 0 && out[n-1] == q {
			continue
		}
		out = append(out, q)
	}
	if len(out) == 1 {
		out = append(out, out[0])
	}
	return out
}

// ring quantizes a ring and winds it as d3 expects (outer clockwise,
// holes counter-clockwise); nil when it has no area left on the grid.
func (g grid) ring(r orb.Ring, outer bool) []point {
	pts := g.line(orb.LineString(r))
	if len(pts) > 0 && pts[0] != pts[len(pts)-1] {
		pts = append(pts, pts[0])
	}
	if len(pts) < 4 {
		return nil
	}
	// The winding is decided where it will be read: on the grid, in grid
	// units (exact in float64), by the same rule every export winds with.
	fr := make(orb.Ring, len(pts))
	for i, p := range pts {
		fr[i] = orb.Point{float64(p.x), float64(p.y)}
	}
	if fr.Orientation() == 0 {
		return nil
	}
	for i, p := range geo.WindRing(fr, outer, geo.D3) {
		pts[i] = point{int64(p[0]), int64(p[1])}
	}
	return pts
}

// geometry adds a feature's lines and rings to paths and says which they
// are.
func (g grid) geometry(in orb.Geometry, paths *[]path, st *Stats) geometry {
	var out geometry
	addPolys := func(mp orb.MultiPolygon) {
		for _, poly := range mp {
			var rings []int
			for k, r := range poly {
				pts := g.ring(r, k == 0)
				if pts == nil {
					st.DroppedRings++
					if k == 0 {
						st.DroppedRings += len(poly) - 1 // its holes go with it
						break
					}
					continue
				}
				rings = append(rings, len(*paths))
				*paths = append(*paths, path{pts: pts, ring: true})
			}
			if len(rings) > 0 {
				out.polys = append(out.polys, rings)
			}
		}
		switch len(out.polys) {
		case 0:
		case 1:
			out.kind = "Polygon"
		default:
			out.kind = "MultiPolygon"
		}
	}
	addLines := func(ml orb.MultiLineString, multi bool) {
		for _, l := range ml {
			if len(l) == 0 {
				continue
			}
			out.lines = append(out.lines, len(*paths))
			*paths = append(*paths, path{pts: g.line(l)})
		}
		switch {
		case len(out.lines) == 0:
		case multi || len(out.lines) > 1:
			out.kind = "MultiLineString"
		default:
			out.kind = "LineString"
		}
	}
	switch t := in.(type) {
	case orb.Point:
		out.kind, out.points = "Point", []point{g.at(t)}
	case orb.MultiPoint:
		for _, p := range t {
			out.points = append(out.points, g.at(p))
		}
		if len(out.points) > 0 {
			out.kind = "MultiPoint"
		}
	case orb.LineString:
		addLines(orb.MultiLineString{t}, false)
	case orb.MultiLineString:
		addLines(t, true)
	case orb.Polygon:
		addPolys(orb.MultiPolygon{t})
	case orb.MultiPolygon:
		addPolys(t)
	}
	return out
}

// writeGeometry writes one TopoJSON geometry object.
func writeGeometry(b *bytes.Buffer, f Feature, g geometry, refs [][]int) error {
	head := map[string]any{}
	if g.kind != "" {
		head["type"] = g.kind
	} else {
		head["type"] = nil
	}
	if f.ID != nil {
		head["id"] = f.ID
	}
	if f.Properties != nil {
		head["properties"] = f.Properties
	}
	text, err := json.Marshal(head)
	if err != nil {
		return err
	}
	b.Write(text[:len(text)-1]) // the members after it follow
	ints := func(v []int) {
		b.WriteByte('[')
		for i, n := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(n))
		}
		b.WriteByte(']')
	}
	pos := func(p point) {
		b.WriteString("[" + strconv.FormatInt(p.x, 10) + "," + strconv.FormatInt(p.y, 10) + "]")
	}
	switch g.kind {
	case "Point":
		b.WriteString(`,"coordinates":`)
		pos(g.points[0])
	case "MultiPoint":
		b.WriteString(`,"coordinates":[`)
		for i, p := range g.points {
			if i > 0 {
				b.WriteByte(',')
			}
			pos(p)
		}
		b.WriteByte(']')
	case "LineString":
		b.WriteString(`,"arcs":`)
		ints(refs[g.lines[0]])
	case "MultiLineString":
		b.WriteString(`,"arcs":[`)
		for i, l := range g.lines {
			if i > 0 {
				b.WriteByte(',')
			}
			ints(refs[l])
		}
		b.WriteByte(']')
	case "Polygon", "MultiPolygon":
		b.WriteString(`,"arcs":[`)
		if g.kind == "MultiPolygon" {
			b.WriteByte('[')
		}
		for pi, poly := range g.polys {
			if pi > 0 {
				b.WriteString("],[")
			}
			for ri, r := range poly {
				if ri > 0 {
					b.WriteByte(',')
				}
				ints(refs[r])
			}
		}
		if g.kind == "MultiPolygon" {
			b.WriteByte(']')
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return nil
}

// buildArcs cuts every path into arcs at its junctions and stores each arc
// once: it returns the arcs (grid positions) and, for each path, the arc
// references that spell it (i for arc i, ^i, i.e. -i-1, for arc i read
// backwards), as TopoJSON §2.2 has them.
//
// A junction is a position where paths meet or part: the ends of a line, and
// any position that two passes reach from different neighbours (a position
// on a shared border has the same two neighbours, in one order or the
// other, on both sides of it; where three regions meet it has not). Between
// junctions, two paths that share a border share the same positions, so
// the arc cut from one equals the arc cut from the other, or its reverse.
// A ring with no junction (an island) starts at its least position, so an
// island drawn in two layers is one arc too.
func buildArcs(paths []path) (arcs [][]point, refs [][]int) {
	junction := junctions(paths)
	seed := maphash.MakeSeed()
	index := map[uint64][]int{} // arcs by the hash of their positions
	hash := func(pts []point, backwards bool) uint64 {
		var h maphash.Hash
		h.SetSeed(seed)
		var buf [16]byte
		for i := range pts {
			p := pts[i]
			if backwards {
				p = pts[len(pts)-1-i]
			}
			putInt(buf[:8], p.x)
			putInt(buf[8:], p.y)
			h.Write(buf[:])
		}
		return h.Sum64()
	}
	same := func(a, b []point, backwards bool) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			j := i
			if backwards {
				j = len(b) - 1 - i
			}
			if a[i] != b[j] {
				return false
			}
		}
		return true
	}
	add := func(pts []point) int {
		for _, i := range index[hash(pts, false)] {
			if same(pts, arcs[i], false) {
				return i
			}
		}
		for _, i := range index[hash(pts, true)] {
			if same(pts, arcs[i], true) {
				return ^i
			}
		}
		h := hash(pts, false)
		index[h] = append(index[h], len(arcs))
		arcs = append(arcs, pts)
		return len(arcs) - 1
	}
	refs = make([][]int, len(paths))
	for pi, p := range paths {
		pts := p.pts
		if p.ring {
			pts = rotate(pts, junction)
		}
		var r []int
		start := 0
		for i := 1; i < len(pts); i++ {
			if i == len(pts)-1 || junction[pts[i]] {
				r = append(r, add(pts[start:i+1]))
				start = i
			}
		}
		refs[pi] = r
	}
	return arcs, refs
}

func putInt(b []byte, v int64) {
	for i := range 8 {
		b[i] = byte(v >> (8 * i))
	}
}

// rotate starts a closed ring at its first junction, or at its least
// position when it has none; the result is closed again.
func rotate(ring []point, junction map[point]bool) []point {
	open := ring[:len(ring)-1]
	at := -1
	for i, p := range open {
		if junction[p] {
			at = i
			break
		}
	}
	if at < 0 {
		at = 0
		for i, p := range open {
			if p.x < open[at].x || p.x == open[at].x && p.y < open[at].y {
				at = i
			}
		}
	}
	if at == 0 {
		return ring
	}
	out := make([]point, 0, len(ring))
	out = append(out, open[at:]...)
	out = append(out, open[:at]...)
	return append(out, open[at])
}

// junctions finds the positions where paths meet or part (see buildArcs).
func junctions(paths []path) map[point]bool {
	type pair struct{ a, b point } // a position's two neighbours, ordered
	seen := map[point]pair{}
	junction := map[point]bool{}
	visit := func(p, prev, next point) {
		if junction[p] {
			return
		}
		n := pair{prev, next}
		if next.x < prev.x || next.x == prev.x && next.y < prev.y {
			n = pair{next, prev}
		}
		if old, ok := seen[p]; ok {
			if old != n {
				junction[p] = true
			}
			return
		}
		seen[p] = n
	}
	for _, p := range paths {
		pts := p.pts
		if p.ring {
			open := pts[:len(pts)-1]
			for i, q := range open {
				visit(q, open[(i+len(open)-1)%len(open)], open[(i+1)%len(open)])
			}
			continue
		}
		junction[pts[0]] = true
		junction[pts[len(pts)-1]] = true
		for i := 1; i+1 < len(pts); i++ {
			visit(pts[i], pts[i-1], pts[i+1])
		}
	}
	return junction
}
