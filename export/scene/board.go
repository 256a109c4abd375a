package scene

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/paulmach/orb"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/polylabel"
	"github.com/tendays/tendays/export/project"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/mapdata"
)

// Options shape the board picture.
type Options struct {
	Width float64 // page width in page units (pixels); 0: 1600
	Graph bool    // overlay the link graph: a dot per region, a line per link
}

// Colours of the board that are not the pack's.
const (
	waterColor     = "#dce8f1"
	landColor      = "#ebe6dc"
	landEdge       = "#b9b2a6"
	seaColor       = "#4f8fcb"
	seaText        = "#2a5a86"
	borderColor    = "#2b2b2b"
	textColor      = "#1c1c1c"
	haloColor      = "#ffffff"
	bridgeColor    = "#1f1f1f"
	ferryColor     = "#1d4f8c"
	shipRouteColor = "#0f6f8f" // a ship route: where a ship card sails
	railColor      = "#383838"
	carColor       = "#6f6f6f"
	insetFrame     = "#7a7a7a"
	fallback       = "#bdbdbd"
)

// placed is a region on the page.
type placed struct {
	reg     *mapdata.Region
	shape   shape
	visible shape // shape cut to the map's box
	fill    string
	anchor  orb.Point // pole of inaccessibility: label and link end
	r       float64   // its distance to the edge
	inset   int       // index of its inset, or -1
}

// Board draws a pack's board: regions in their colours with names, other
// land, seas, rail lines, bridges and ferries, air-only regions in insets
// (or marked where they lie inside the map), a title and a legend. The
// layout is worked out first (Layout); each layer is then drawn by one
// function, bottom to top.
func Board(p *mapdata.Pack, b *board.Geometry, opt Options) (*Scene, error) {
	l, err := Layout(p, b, opt)
	if err != nil {
		return nil, err
	}
	return l.Draw(), nil
}

// Draw draws the board laid out: each layer by one function, bottom to
// top.
func (l *BoardLayout) Draw() *Scene {
	p, opt := l.p, l.opt
	sc := &Scene{Width: l.W, Height: l.H, Background: waterColor, Title: p.Edition.Name}
	mapItems := &Group{ID: "map", Clip: &l.MapBox}
	seas := l.seaLayer()
	land := l.landLayer()
	rails := l.railLines()
	lb := newLabeler(l.MapBox, l.u)
	lb.setLand(l.landShapes(land.shapes))
	bands := l.coastBands(lb.onLand)
	for _, g := range []*Group{seas.group, bands.group, land.group, l.regionLayer(), l.symbolLayer(), l.railLayer(rails)} {
		if g != nil {
			mapItems.Items = append(mapItems.Items, g)
		}
	}
	sc.Items = append(sc.Items, mapItems)
	if g := l.linkLayer(); g != nil {
		sc.Items = append(sc.Items, g)
	}
	if g := l.insetLayer(lb); g != nil {
		sc.Items = append(sc.Items, g)
	}
	sc.Items = append(sc.Items, l.labelLayer(lb, seas, bands, rails))
	sc.Items = append(sc.Items, l.titleLayer())
	sc.Items = append(sc.Items, legend(p, l.regions, opt.Graph, len(seas.shapes) > 0, bands, len(rails) > 0, orb.Point{l.margin, l.H - l.margin - l.legendH}, l.W-2*l.margin, l.u))
	return sc
}

// BoardLayout is where a regions board puts things: the page, the map's box
// and projection, and each region's shape and label point. DOT export pins
// its nodes at the label points, so the graph reads as the map.
type BoardLayout struct {
	W, H   float64   // the page
	MapBox orb.Bound // the main map on the page
	Main   project.Mapper

	p                        *mapdata.Pack
	b                        *board.Geometry
	opt                      Options
	u, margin, legendH, step float64
	centre                   float64
	boundLL                  orb.Bound
	regions                  []*placed
	byID                     map[string]*placed
	groups                   []insetGroup // the boxes beside the main map
	insets                   insetLayout
}

// Anchor is a region's label point on the page (y down), where its name and
// its link ends go; false when the board has no such region.
func (l *BoardLayout) Anchor(id string) (orb.Point, bool) {
	pr, ok := l.byID[id]
	if !ok {
		return orb.Point{}, false
	}
	return pr.anchor, true
}

// Layout works out the board's page: which regions go to insets, the
// projection and its fit, each region's shape on the page and its label
// point.
func Layout(p *mapdata.Pack, b *board.Geometry, opt Options) (*BoardLayout, error) {
	if len(p.Regions) == 0 {
		return nil, fmt.Errorf("the pack has no regions to draw")
	}
	outline := b.ByID() // looked up for every region below: not b.Region's search
	for _, r := range p.Regions {
		if outline[r.ID] == nil {
			return nil, fmt.Errorf("%s: no outline for region %s", b.File, r.ID)
		}
	}
	W := opt.Width
	if W <= 0 {
		W = 1600
	}
	u := W / 1600 // every size below is for a 1600-wide page, scaled
	l := &BoardLayout{p: p, b: b, opt: opt, W: W, u: u, margin: 16 * u, legendH: 64 * u, step: 0.35 * u}
	titleH := 56 * u

	// Which regions make the main map, and which go to insets: the boxes
	// the edition declares (board.insets), then air-only regions that lie
	// away from the rest (Alaska, Hawaii), each in a box of its own.
	declared := map[int]*insetGroup{}
	var declaredOrder []int
	for i := range p.Regions {
		br := outline[p.Regions[i].ID]
		if br.Inset <= 0 {
			continue
		}
		g, ok := declared[br.Inset]
		if !ok {
			g = &insetGroup{title: br.InsetTitle, airOnly: true}
			declared[br.Inset] = g
			declaredOrder = append(declaredOrder, br.Inset)
		}
		g.ids = append(g.ids, p.Regions[i].ID)
		g.airOnly = g.airOnly && p.Regions[i].AirOnly
	}
	slices.Sort(declaredOrder)
	inDeclared := func(id string) bool { return outline[id].Inset > 0 }
	var mainGeo []orb.MultiPolygon
	for i := range p.Regions {
		if !p.Regions[i].AirOnly && !inDeclared(p.Regions[i].ID) {
			mainGeo = append(mainGeo, outline[p.Regions[i].ID].Geometry)
		}
	}
	if len(mainGeo) == 0 { // only air-only or inset regions: draw them all in place
		declared, declaredOrder = nil, nil
		inDeclared = func(string) bool { return false }
		for i := range p.Regions {
			mainGeo = append(mainGeo, outline[p.Regions[i].ID].Geometry)
		}
	}
	l.centre = project.CentreLon(project.Points(largestParts(mainGeo)...))
	l.boundLL = coreBound(mainGeo, l.centre)
	for _, k := range declaredOrder {
		l.groups = append(l.groups, *declared[k])
	}
	for _, r := range p.Regions {
		if !r.AirOnly || inDeclared(r.ID) {
			continue
		}
		if shareInside(project.UnwrapMultiPolygon(outline[r.ID].Geometry, l.centre), inflateRel(l.boundLL, 0.05)) < 0.5 {
			l.groups = append(l.groups, insetGroup{ids: []string{r.ID}, airOnly: true})
		}
	}
	isInset := map[string]int{}
	for i, g := range l.groups {
		for _, id := range g.ids {
			isInset[id] = i
		}
	}
	if len(isInset) == len(p.Regions) {
		l.groups, isInset = nil, map[string]int{}
	}

	// An air-only region drawn where it lies (not in an inset) is part of
	// the map: the fit takes its mainland in, so that it is never left off
	// the page with its name floating over the title (Guernsey and Jersey,
	// just south of a Northern Europe map).
	for _, r := range p.Regions {
		if _, inset := isInset[r.ID]; !r.AirOnly || inset || inDeclared(r.ID) || len(mainGeo) == len(p.Regions) {
			continue
		}
		geo := outline[r.ID].Geometry
		for _, mp := range largestParts([]orb.MultiPolygon{geo}) {
			l.boundLL = l.boundLL.Union(project.UnwrapMultiPolygon(mp, l.centre).Bound())
		}
		mainGeo = append(mainGeo, geo)
	}
	proj := project.Choose(p.Edition.ID, l.boundLL)
	var fitted []orb.MultiPolygon
	for _, mp := range mainGeo {
		fitted = append(fitted, withinBound(project.UnwrapMultiPolygon(mp, l.centre), l.boundLL)...)
	}
	l.Main, l.MapBox = fitMap(proj, l.centre, project.ProjectedBound(proj, 0, fitted...), W, l.margin, titleH, u)
	l.H = l.MapBox.Max[1] + 8*u + l.legendH + l.margin

	l.byID = map[string]*placed{}
	for i := range p.Regions {
		r := &p.Regions[i]
		pr := &placed{reg: r, fill: fillOf(p, r), inset: -1}
		if k, ok := isInset[r.ID]; ok {
			pr.inset = k
		} else {
			pr.shape = toPage(outline[r.ID].Geometry, l.Main.Point, l.step)
		}
		l.regions = append(l.regions, pr)
		l.byID[r.ID] = pr
	}

	// Insets go in the corner of the map where they hide least land, or in a
	// strip below it when every corner is busy.
	l.insets = layoutInsets(l.groups, b, l.MapBox, l.regions, u)
	l.H += l.insets.strip
	for k, g := range l.groups {
		ib := l.insets.boxes[k]
		geo := groupGeometry(g, b)
		c := project.CentreLon(project.Points(geo))
		ip := project.Auto(project.UnwrapMultiPolygon(geo, c).Bound())
		inner := orb.Bound{Min: orb.Point{ib.Min[0] + 6*u, ib.Min[1] + 20*u}, Max: orb.Point{ib.Max[0] - 6*u, ib.Max[1] - 6*u}}
		m := project.Mapper{Proj: ip, Fit: project.FitBound(project.ProjectedBound(ip, c, geo), inner), Centre: c}
		for _, id := range g.ids {
			l.byID[id].shape = toPage(b.Region(id).Geometry, m.Point, l.step)
		}
	}
	for _, pr := range l.regions {
		// Names and link ends go on the part of a region the page shows.
		pr.visible = pr.shape
		if pr.inset < 0 {
			pr.visible = clipShape(pr.shape, l.MapBox)
		}
		pr.anchor, pr.r = polylabelOf(pr.visible, 0.5*u)
	}
	return l, nil
}

// insetGroup is the regions drawn in one box beside the main map.
type insetGroup struct {
	ids     []string
	title   string // the edition's caption, or ""
	airOnly bool   // every region in it is air-only
}

// caption is what an inset's box says: the edition's title, else its
// regions' names, "(air only)" when they all are.
func (g insetGroup) caption(l *BoardLayout) string {
	s := g.title
	if s == "" {
		var names []string
		for _, id := range g.ids {
			names = append(names, l.byID[id].reg.Name)
		}
		s = strings.Join(names, ", ")
	}
	if g.airOnly {
		s += " (air only)"
	}
	return s
}

// groupGeometry is every polygon of a group's regions.
func groupGeometry(g insetGroup, b *board.Geometry) orb.MultiPolygon {
	if len(g.ids) == 1 {
		return b.Region(g.ids[0]).Geometry
	}
	var out orb.MultiPolygon
	for _, id := range g.ids {
		out = append(out, b.Region(id).Geometry...)
	}
	return out
}

// fitMap sizes the map's box below the title (its height from the land's
// proportions) and fits the projected land into it.
func fitMap(proj project.Projection, centre float64, pb orb.Bound, W, margin, titleH, u float64) (project.Mapper, orb.Bound) {
	mw := W - 2*margin
	aspect := 0.6
	if w := pb.Max[0] - pb.Min[0]; w > 0 {
		aspect = (pb.Max[1] - pb.Min[1]) / w
	}
	mh := mw * math.Max(0.35, math.Min(aspect, 0.95))
	mapBox := orb.Bound{Min: orb.Point{margin, margin + titleH}, Max: orb.Point{margin + mw, margin + titleH + mh}}
	inner := mapBox.Pad(-10 * u)
	return project.Mapper{Proj: proj, Fit: project.FitBound(pb, inner), Centre: centre}, mapBox
}

func fillOf(p *mapdata.Pack, r *mapdata.Region) string {
	for _, c := range p.Colors {
		if c.ID == r.Color {
			if _, _, _, err := RGB(c.Hex); err == nil {
				return c.Hex
			}
		}
	}
	return fallback
}

// seaLayer is a tint over the water, under the land, for each sea.
type seaLayer struct {
	group  *Group
	shapes map[string]shape
	names  map[string]string
}

func (l *BoardLayout) seaLayer() seaLayer {
	out := seaLayer{shapes: map[string]shape{}, names: map[string]string{}}
	if len(l.b.Seas) == 0 {
		return out
	}
	out.group = &Group{ID: "seas"}
	for _, s := range l.b.Seas {
		// Hand-drawn seas have long straight edges: densified, they follow
		// the projection's curves as the coast does.
		geo := densify(withinBoundLoose(project.UnwrapMultiPolygon(s.Geometry, l.centre), l.boundLL), maxSegDeg)
		sh := toPage(geo, l.Main.Point, l.step)
		if len(sh.polys) == 0 {
			continue
		}
		name := seaName(l.p, s.ID, s.Name)
		out.group.Items = append(out.group.Items, &Path{ID: "sea-" + s.ID, Class: "sea", Title: name, Rings: sh.rings(), Closed: true,
			Style: Style{Fill: seaColor, FillOpacity: 0.28}})
		if prev, ok := out.shapes[s.ID]; ok {
			sh = newShape(append(append([]orb.Polygon(nil), prev.polys...), sh.polys...))
		}
		out.shapes[s.ID] = sh
		out.names[s.ID] = name
	}
	return out
}

// landLayer is the land that is no region, so the coast reads whole.
type landLayer struct {
	group  *Group
	shapes []shape
}

func (l *BoardLayout) landLayer() landLayer {
	var out landLayer
	if len(l.b.Land) == 0 {
		return out
	}
	out.group = &Group{ID: "land"}
	for _, ld := range l.b.Land {
		sh := toPage(withinBoundLoose(project.UnwrapMultiPolygon(ld.Geometry, l.centre), l.boundLL), l.Main.Point, l.step)
		if len(sh.polys) == 0 || !overlaps(sh.bound, l.MapBox) {
			continue
		}
		out.shapes = append(out.shapes, sh)
		out.group.Items = append(out.group.Items, &Path{Class: "land", Title: ld.Name, Rings: sh.rings(), Closed: true,
			Style: Style{Fill: landColor, FillOpacity: 1, Stroke: landEdge, StrokeOpacity: 1, StrokeWidth: 0.6 * l.u}})
	}
	return out
}

func (l *BoardLayout) regionLayer() *Group {
	u := l.u
	rg := &Group{ID: "regions"}
	for _, pr := range l.regions {
		if pr.inset >= 0 {
			continue
		}
		st := Style{Fill: pr.fill, FillOpacity: 1, Stroke: borderColor, StrokeOpacity: 0.85, StrokeWidth: 0.8 * u}
		if pr.reg.AirOnly {
			st.Stroke, st.StrokeWidth, st.Dash = textColor, 1.4*u, []float64{4 * u, 3 * u}
		}
		rg.Items = append(rg.Items, &Path{ID: "region-" + pr.reg.ID, Class: "region", Title: regionTitle(pr.reg), Rings: pr.shape.rings(), Closed: true, Style: st})
	}
	return rg
}

// symbolLayer repeats each region's colour symbol over it, a sparse
// pattern in an outline that reads on its fill (SymbolStyle), so that a region's
// colour is never told by colour alone; a region too small for the pattern
// gets one symbol at its label point.
func (l *BoardLayout) symbolLayer() *Group {
	u := l.u
	syms := Symbols(l.p)
	g := &Group{ID: "symbols"}
	step, r := 30*u, 4.2*u
	for _, pr := range l.regions {
		st := SymbolStyle(pr.fill, 1.1*u)
		if pr.inset >= 0 {
			continue
		}
		sym, ok := syms[pr.reg.Color]
		if !ok {
			continue
		}
		n := 0
		b := pr.visible.bound
		for row, y := 0, math.Floor(b.Min[1]/step)*step+step/2; y < b.Max[1]; row, y = row+1, y+step {
			off := 0.0
			if row%2 == 1 {
				off = step / 2 // rows offset by half a step: a looser, diagonal pattern
			}
			for x := math.Floor(b.Min[0]/step)*step + off; x < b.Max[0]; x += step {
				c := orb.Point{x, y}
				if !pr.visible.contains(c) || !pr.visible.contains(orb.Point{x - r, y}) || !pr.visible.contains(orb.Point{x + r, y}) {
					continue
				}
				g.Items = append(g.Items, Symbol(sym, c, r, st))
				n++
			}
		}
		if n == 0 && len(pr.visible.polys) > 0 {
			g.Items = append(g.Items, Symbol(sym, pr.anchor, r, st))
		}
	}
	return g
}

// railLines are the rail lines on the page: from the board's track, or
// through the stops' label points.
func (l *BoardLayout) railLines() map[string][][]orb.Point {
	lines := map[string][][]orb.Point{}
	for _, rl := range l.b.Rails {
		for _, ls := range project.UnwrapMultiLineString(rl.Geometry, l.centre) {
			if pl := thinLine(ls, l.Main.Point, l.step); len(pl) >= 2 {
				lines[rl.ID] = append(lines[rl.ID], pl)
			}
		}
	}
	for _, rl := range l.p.Rails {
		if _, ok := lines[rl.ID]; ok {
			continue
		}
		var pl []orb.Point
		for _, s := range rl.Stops {
			if pr := l.byID[s]; pr != nil && pr.inset < 0 {
				pl = append(pl, pr.anchor)
			}
		}
		if len(pl) >= 2 {
			lines[rl.ID] = [][]orb.Point{pl}
		}
	}
	return lines
}

func (l *BoardLayout) railLayer(lines map[string][][]orb.Point) *Group {
	if len(lines) == 0 {
		return nil
	}
	u := l.u
	g := &Group{ID: "rails"}
	for _, id := range slices.Sorted(maps.Keys(lines)) {
		g.Items = append(g.Items,
			&Path{ID: "rail-" + id, Class: "rail", Title: railName(l.p, id), Rings: lines[id], Style: Style{Stroke: railColor, StrokeOpacity: 1, StrokeWidth: 3.2 * u, RoundCaps: true}},
			&Path{Class: "rail-ties", Rings: lines[id], Style: Style{Stroke: "#ffffff", StrokeOpacity: 1, StrokeWidth: 1.4 * u, Dash: []float64{5 * u, 5 * u}}})
	}
	return g
}

// linkLayer draws bridges, ferries and (on request) the whole link graph,
// between the regions' label points. They may run into an inset, so they
// are not clipped to the map.
func (l *BoardLayout) linkLayer() *Group {
	u := l.u
	links := &Group{ID: "links"}
	if l.opt.Graph {
		for _, lk := range l.p.Links {
			a, bb := l.byID[lk.A], l.byID[lk.B]
			if a == nil || bb == nil {
				continue
			}
			seg := [][]orb.Point{{a.anchor, bb.anchor}}
			switch lk.Kind {
			case mapdata.Border:
				links.Items = append(links.Items, &Path{Class: "link-border", Title: linkTitle(lk), Rings: seg, Style: Style{Stroke: "#111111", StrokeOpacity: 0.6, StrokeWidth: 1.2 * u}})
			case mapdata.Car:
				links.Items = append(links.Items, &Path{Class: "link-car", Title: linkTitle(lk), Rings: seg, Style: carStyle(u)})
			}
		}
	}
	var land []shape
	for _, r := range l.regions {
		if r.inset < 0 {
			land = append(land, r.shape)
		}
	}
	for _, lk := range l.p.Links {
		a, bb := l.byID[lk.A], l.byID[lk.B]
		if a == nil || bb == nil || !(lk.Kind == mapdata.Bridge || lk.Kind == mapdata.Ferry) {
			continue
		}
		// Coast to coast, not label to label: a line from Sweden's name
		// to Denmark's would cross Norway.
		seg := [][]orb.Point{{a.anchor, bb.anchor}}
		if a.inset < 0 && bb.inset < 0 {
			c := crossing(a.shape, bb.shape, land, 14*u)
			seg = [][]orb.Point{{c[0], c[1]}}
		}
		switch lk.Kind {
		case mapdata.Bridge:
			links.Items = append(links.Items, &Path{Class: "link-bridge", Title: linkTitle(lk), Rings: seg, Style: Style{Stroke: bridgeColor, StrokeOpacity: 1, StrokeWidth: 3 * u, RoundCaps: true}})
		case mapdata.Ferry:
			links.Items = append(links.Items, &Path{Class: "link-ferry", Title: linkTitle(lk), Rings: seg, Style: Style{Stroke: ferryColor, StrokeOpacity: 1, StrokeWidth: 2.4 * u, Dash: []float64{7 * u, 5 * u}}})
		}
	}
	links.Items = append(links.Items, l.shipRoutes(land)...)
	if l.opt.Graph {
		for _, pr := range l.regions {
			links.Items = append(links.Items, &Circle{Class: "node", Center: pr.anchor, R: 3 * u, Style: Style{Fill: "#111111", FillOpacity: 1, Stroke: "#ffffff", StrokeOpacity: 1, StrokeWidth: 1 * u}})
		}
	}
	if len(links.Items) == 0 {
		return nil
	}
	return links
}

// shipRoutes draws the ship routes, as the box prints its ferry lines:
// dashed, coast to coast from each stop to the next.
func (l *BoardLayout) shipRoutes(land []shape) []Item {
	u := l.u
	var out []Item
	for _, route := range l.p.ShipRoutes {
		var segs [][]orb.Point
		for i := 0; i+1 < len(route.Stops); i++ {
			a, bb := l.byID[route.Stops[i]], l.byID[route.Stops[i+1]]
			if a == nil || bb == nil {
				continue
			}
			seg := []orb.Point{a.anchor, bb.anchor}
			if a.inset < 0 && bb.inset < 0 {
				c := crossing(a.shape, bb.shape, land, 14*u)
				seg = []orb.Point{c[0], c[1]}
			}
			segs = append(segs, seg)
		}
		if len(segs) > 0 {
			out = append(out, &Path{ID: "route-" + route.ID, Class: "ship-route", Title: "ship route: " + route.Name, Rings: segs,
				Style: Style{Stroke: shipRouteColor, StrokeOpacity: 1, StrokeWidth: 2.2 * u, Dash: []float64{4 * u, 4 * u}, RoundCaps: true}})
		}
	}
	return out
}

// insetLayer draws each inset: a frame, the region, and its name as the
// caption; the labeler learns to keep off the frames.
func (l *BoardLayout) insetLayer(lb *labeler) *Group {
	if len(l.groups) == 0 {
		return nil
	}
	u := l.u
	syms := Symbols(l.p)
	g := &Group{ID: "insets"}
	for k, grp := range l.groups {
		ib := l.insets.boxes[k]
		frame := [][]orb.Point{{ib.Min, {ib.Max[0], ib.Min[1]}, ib.Max, {ib.Min[0], ib.Max[1]}, ib.Min}}
		caption := &Text{Class: "inset-caption", At: orb.Point{ib.Min[0] + 6*u, ib.Min[1] + 11*u}, Lines: []string{grp.caption(l)}, Size: 12 * u, Font: Italic, Anchor: Start, Fill: textColor}
		items := []Item{&Path{Class: "inset-frame", Rings: frame, Closed: true, Style: Style{Fill: waterColor, FillOpacity: 1}}}
		for _, id := range grp.ids {
			pr := l.byID[id]
			st := Style{Fill: pr.fill, FillOpacity: 1, Stroke: borderColor, StrokeOpacity: 0.85, StrokeWidth: 0.8 * u}
			if pr.reg.AirOnly && !grp.airOnly {
				st.Stroke, st.StrokeWidth, st.Dash = textColor, 1.4*u, []float64{4 * u, 3 * u}
			}
			items = append(items, &Path{ID: "region-" + id, Class: "region", Title: regionTitle(pr.reg), Rings: pr.shape.rings(), Closed: true, Style: st})
		}
		if !grp.airOnly || len(grp.ids) > 1 {
			// Regions a traveller walks or sails to carry their colour's
			// symbol and their names, as on the main map.
			for _, id := range grp.ids {
				pr := l.byID[id]
				if sym, ok := syms[pr.reg.Color]; ok && len(pr.shape.polys) > 0 {
					items = append(items, Symbol(sym, pr.anchor, 4.2*u, SymbolStyle(pr.fill, 1.1*u)))
				}
			}
			for _, id := range grp.ids {
				pr := l.byID[id]
				if len(pr.shape.polys) > 0 {
					at := orb.Point{pr.anchor[0], math.Min(ib.Max[1]-8*u, pr.anchor[1]+12*u)}
					items = append(items, &Text{Class: "label", At: at, Lines: []string{pr.reg.Name}, Size: 11 * u, Fill: textColor, Halo: haloColor, HaloWidth: 2.2 * u})
				}
			}
		}
		items = append(items, caption)
		g.Items = append(g.Items, &Group{ID: "inset-" + grp.ids[0], Clip: &ib, Items: items}, &Path{Class: "inset-frame", Rings: frame, Closed: true, Style: Stroked(insetFrame, 1*u)})
		lb.block(ib)
	}
	return g
}

// landShapes are the main map's regions and the other land: what labels
// outside a region keep off, and what a coast faces away from.
func (l *BoardLayout) landShapes(land []shape) []shape {
	var out []shape
	for _, pr := range l.regions {
		if pr.inset < 0 {
			out = append(out, pr.shape)
		}
	}
	return append(out, land...)
}

// labelLayer names the regions (inside them where they fit, else outside
// with a leader), the seas and the rail lines, keeping labels apart.
func (l *BoardLayout) labelLayer(lb *labeler, seas seaLayer, bands coastBands, rails map[string][][]orb.Point) *Group {
	var jobs []*labelJob
	for _, pr := range l.regions {
		if pr.inset >= 0 {
			continue
		}
		j := &labelJob{id: pr.reg.ID, name: pr.reg.Name, anchor: pr.anchor, r: pr.r, shape: pr.visible}
		if pr.reg.AirOnly {
			j.note = "air only"
		}
		jobs = append(jobs, j)
	}
	labels := lb.place(jobs)
	for _, id := range slices.Sorted(maps.Keys(seas.shapes)) {
		if t := lb.seaLabel(seas.names[id], seas.shapes[id]); t != nil {
			labels = append(labels, t)
		}
	}
	for _, id := range bands.order {
		var others []shape
		for _, o := range bands.order {
			if o != id {
				others = append(others, bands.shapes[o])
			}
		}
		if t := lb.bandLabel(bands.names[id], bands.shapes[id], bands.tints[id], others); t != nil {
			labels = append(labels, t)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(rails)) {
		if t := lb.lineLabel(railName(l.p, id), rails[id]); t != nil {
			labels = append(labels, t)
		}
	}
	return &Group{ID: "labels", Items: labels}
}

func (l *BoardLayout) titleLayer() *Group {
	return titleGroup(l.p.Edition.Name, subtitle(l.p, l.Main.Proj), l.margin, l.u)
}

// titleGroup is a board's title and the line under it.
func titleGroup(title, sub string, margin, u float64) *Group {
	return &Group{ID: "title", Items: []Item{
		&Text{At: orb.Point{margin, margin + 14*u}, Lines: []string{title}, Size: 24 * u, Font: Bold, Anchor: Start, Fill: textColor},
		&Text{At: orb.Point{margin, margin + 40*u}, Lines: []string{sub}, Size: 12.5 * u, Anchor: Start, Fill: "#4a4a4a"},
	}}
}

// largestParts keeps each region's largest polygon: its mainland.
func largestParts(mps []orb.MultiPolygon) []orb.MultiPolygon {
	out := make([]orb.MultiPolygon, 0, len(mps))
	for _, mp := range mps {
		if poly, ok := geo.LargestPolygon(mp); ok {
			out = append(out, orb.MultiPolygon{poly})
		}
	}
	return out
}

// coreBound is the longitude/latitude bound of the board's main body: each
// region's mainland, and every other part that lies near it. A far-off part
// of a region (French Guiana in France, say) would otherwise shrink the map
// to a strip; it is left out of the bound and clipped. So is most of an
// oversized region, one whose mainland's box is over half as large as the
// box of all the others (Russia on the Europe board): the map shows the
// part of it near the rest, as the printed boards do.
func coreBound(mps []orb.MultiPolygon, centre float64) orb.Bound {
	main := largestParts(mps)
	boxes := make([]orb.Bound, len(main))
	for i, mp := range main {
		boxes[i] = project.UnwrapMultiPolygon(mp, centre).Bound()
	}
	oversized := make([]bool, len(boxes))
	if len(boxes) >= 3 {
		// The box of all the others is the union of the boxes before and
		// after: kept as running unions both ways, so each is found once
		// (a union of every other box for each was quadratic, issue 33).
		after := make([]orb.Bound, len(boxes)+1)
		after[len(boxes)] = emptyBound()
		for i := len(boxes) - 1; i >= 0; i-- {
			after[i] = after[i+1].Union(boxes[i])
		}
		before := emptyBound()
		for i := range boxes {
			others := before.Union(after[i+1])
			oversized[i] = area(boxes[i]) > 0.5*area(others)
			before = before.Union(boxes[i])
		}
	}
	b := emptyBound()
	for i, bx := range boxes {
		if !oversized[i] {
			b = b.Union(bx)
		}
	}
	if !validBound(b) { // every region oversized: keep them all
		for _, bx := range boxes {
			b = b.Union(bx)
		}
	}
	reach := inflateRel(b, 0.12)
	for i, bx := range boxes {
		if oversized[i] {
			if c, ok := intersect(bx, reach); ok {
				b = b.Union(c)
			}
		}
	}
	near := inflateRel(b, 0.05)
	for i, mp := range mps {
		if i < len(oversized) && oversized[i] {
			continue
		}
		for _, poly := range project.UnwrapMultiPolygon(mp, centre) {
			if pb := poly.Bound(); inside(pb, near) {
				b = b.Union(pb)
			}
		}
	}
	return b
}

func area(b orb.Bound) float64 { return (b.Max[0] - b.Min[0]) * (b.Max[1] - b.Min[1]) }

func intersect(a, b orb.Bound) (orb.Bound, bool) {
	c := orb.Bound{Min: orb.Point{math.Max(a.Min[0], b.Min[0]), math.Max(a.Min[1], b.Min[1])}, Max: orb.Point{math.Min(a.Max[0], b.Max[0]), math.Min(a.Max[1], b.Max[1])}}
	return c, c.Min[0] <= c.Max[0] && c.Min[1] <= c.Max[1]
}

// shareInside is the share of mp's vertices inside b: how much of a region
// lies on the main map (Alaska's box touches the lower 48's; its land
// does not).
func shareInside(mp orb.MultiPolygon, b orb.Bound) float64 {
	in, all := 0, 0
	for pt := range project.Points(mp) {
		all++
		if b.Contains(pt) {
			in++
		}
	}
	if all == 0 {
		return 0
	}
	return float64(in) / float64(all)
}

// withinBound keeps the polygons that lie near b (the parts coreBound
// counted), for fitting.
func withinBound(mp orb.MultiPolygon, b orb.Bound) []orb.MultiPolygon {
	var keep orb.MultiPolygon
	for _, poly := range mp {
		if inside(poly.Bound(), inflateRel(b, 0.001)) {
			keep = append(keep, poly)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	return []orb.MultiPolygon{keep}
}

// withinBoundLoose keeps the polygons that come anywhere near the map, so
// land and seas far away are not projected at all (an azimuthal projection
// folds the far side of the globe onto its rim).
func withinBoundLoose(mp orb.MultiPolygon, b orb.Bound) orb.MultiPolygon {
	near := inflateRel(b, 0.5)
	var keep orb.MultiPolygon
	for _, poly := range mp {
		if overlaps(poly.Bound(), near) {
			keep = append(keep, poly)
		}
	}
	return keep
}

func inflateRel(b orb.Bound, f float64) orb.Bound {
	dx, dy := (b.Max[0]-b.Min[0])*f, (b.Max[1]-b.Min[1])*f
	return orb.Bound{Min: orb.Point{b.Min[0] - dx, b.Min[1] - dy}, Max: orb.Point{b.Max[0] + dx, b.Max[1] + dy}}
}

func polylabelOf(s shape, precision float64) (orb.Point, float64) {
	if len(s.polys) == 0 {
		return orb.Point{}, 0
	}
	return polylabel.FindMulti(orb.MultiPolygon(s.polys), precision)
}

type insetLayout struct {
	boxes []orb.Bound
	strip float64 // extra page height for a strip below the map, or 0
}

// layoutInsets sizes one box per inset region (its shape's proportions,
// a fixed share of the map's area) and puts the row in the corner of the
// map that covers the fewest region label points and the least land.
func layoutInsets(groups []insetGroup, b *board.Geometry, mapBox orb.Bound, regions []*placed, u float64) insetLayout {
	if len(groups) == 0 {
		return insetLayout{}
	}
	mw, mh := mapBox.Max[0]-mapBox.Min[0], mapBox.Max[1]-mapBox.Min[1]
	var aspects []float64
	for _, g := range groups {
		geo := groupGeometry(g, b)
		c := project.CentreLon(project.Points(geo))
		pb := project.ProjectedBound(project.Auto(project.UnwrapMultiPolygon(geo, c).Bound()), c, geo)
		a := 1.3
		if h := pb.Max[1] - pb.Min[1]; h > 0 {
			a = math.Max(0.7, math.Min((pb.Max[0]-pb.Min[0])/h, 1.8))
		}
		aspects = append(aspects, a)
	}
	gap, in := 8*u, 4*u
	// place lays the boxes out in a row from a corner; share is each box's
	// part of the map's area.
	place := func(share, x0, y0 float64, leftToRight, top bool) ([]orb.Bound, float64) {
		var out []orb.Bound
		x, tallest := x0, 0.0
		for _, a := range aspects {
			area := mw * mh * share
			w := math.Sqrt(area * a)
			h := area / w
			var bx orb.Bound
			if leftToRight {
				bx.Min[0], bx.Max[0] = x, x+w
				x += w + gap
			} else {
				bx.Min[0], bx.Max[0] = x-w, x
				x -= w + gap
			}
			if top {
				bx.Min[1], bx.Max[1] = y0, y0+h
			} else {
				bx.Min[1], bx.Max[1] = y0-h, y0
			}
			out = append(out, bx)
			tallest = math.Max(tallest, h)
		}
		return out, tallest
	}
	// The largest boxes that fit a corner without hiding land; smaller ones
	// if need be; a strip below the map if no corner is free.
	for _, share := range []float64{0.035, 0.028, 0.022} {
		var candidates [][]orb.Bound
		for _, c := range []struct {
			x, y     float64
			ltr, top bool
		}{
			{mapBox.Min[0] + in, mapBox.Max[1] - in, true, false},  // bottom left
			{mapBox.Max[0] - in, mapBox.Max[1] - in, false, false}, // bottom right
			{mapBox.Min[0] + in, mapBox.Min[1] + in, true, true},   // top left
			{mapBox.Max[0] - in, mapBox.Min[1] + in, false, true},  // top right
		} {
			boxes, _ := place(share, c.x, c.y, c.ltr, c.top)
			if boxes[len(boxes)-1].Min[0] >= mapBox.Min[0] && boxes[len(boxes)-1].Max[0] <= mapBox.Max[0] {
				candidates = append(candidates, boxes)
			}
		}
		best, bestCost := -1, math.Inf(1)
		for i, boxes := range candidates {
			cost := 0.0
			for _, bx := range boxes {
				cost += coverCost(bx, regions, u)
			}
			if cost < bestCost {
				best, bestCost = i, cost
			}
		}
		if best >= 0 && bestCost < 0.015 {
			return insetLayout{boxes: candidates[best]}
		}
	}
	boxes, tallest := place(0.035, mapBox.Min[0], mapBox.Max[1]+gap, true, true)
	return insetLayout{boxes: boxes, strip: tallest + gap}
}

// coverCost is the share of a box that main-map regions fill (sampled on a
// grid), plus a heavy charge for each region wholly hidden.
func coverCost(bx orb.Bound, regions []*placed, u float64) float64 {
	const n = 12
	hits, all := 0, 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			pt := orb.Point{bx.Min[0] + (float64(i)+0.5)*(bx.Max[0]-bx.Min[0])/n, bx.Min[1] + (float64(j)+0.5)*(bx.Max[1]-bx.Min[1])/n}
			all++
			for _, pr := range regions {
				if pr.inset < 0 && pr.shape.contains(pt) {
					hits++
					break
				}
			}
		}
	}
	cost := float64(hits) / float64(all)
	for _, pr := range regions {
		if pr.inset < 0 && len(pr.shape.polys) > 0 && inside(pr.shape.bound, bx) {
			cost += 1
		}
	}
	return cost
}

func regionTitle(r *mapdata.Region) string {
	s := r.Name + " (" + r.ID + ")"
	if r.AirOnly {
		s += ", air only"
	}
	return s
}

func linkTitle(l mapdata.Link) string {
	s := fmt.Sprintf("%s–%s %s", l.A, l.B, l.Kind)
	if len(l.Via) > 0 {
		s += " via " + strings.Join(l.Via, ", ")
	}
	if l.Why != "" {
		s += ": " + l.Why
	}
	return s
}

// seaName is the pack's name for a sea, else the board's, else its id.
func seaName(p *mapdata.Pack, id, boardName string) string {
	for _, ps := range p.Seas {
		if ps.ID == id && ps.Name != "" {
			return ps.Name
		}
	}
	if boardName != "" {
		return boardName
	}
	return id
}

func railName(p *mapdata.Pack, id string) string {
	for _, r := range p.Rails {
		if r.ID == id && r.Name != "" {
			return r.Name
		}
	}
	return id
}

func subtitle(p *mapdata.Pack, proj project.Projection) string {
	walk, car := 0, 0
	for _, l := range p.Links {
		if l.Kind.Walks() {
			walk++
		} else if l.Kind == mapdata.Car {
			car++
		}
	}
	return fmt.Sprintf("%d regions · %d cards · %d foot links, %d car links · %s", len(p.Regions), p.Deck.Totals.Cards, walk, car, proj)
}

// carStyle draws car links dotted and grey: there are many, and they are
// the least of the links.
func carStyle(u float64) Style {
	return Style{Stroke: carColor, StrokeOpacity: 0.75, StrokeWidth: 1.8 * u, Dash: []float64{0.1 * u, 4 * u}, RoundCaps: true}
}
