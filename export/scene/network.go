package scene

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/clip"

	"github.com/tendays/tendays/export/project"
	"github.com/tendays/tendays/mapdata"
)

// Colours of the route-network board.
const (
	routeColor   = "#6b6b6b"
	stationEdge  = "#1b1b1b"
	stationFill  = "#ffffff"
	noSpaceFill  = "#d9d9d9"
	cubeEdge     = "#333333"
	lengthColour = "#3a3a3a"
)

// NetworkLayout is where a route-network board puts things: the page, the
// map's box and projection, and each station on the page. DOT export pins
// its nodes at these points.
type NetworkLayout struct {
	W, H     float64
	MapBox   orb.Bound
	Main     project.Mapper
	Stations []orb.Point // page positions, in the pack's station order

	p                        *mapdata.NetworkPack
	land                     []orb.MultiPolygon
	opt                      Options
	u, margin, legendH, step float64
	boundLL                  orb.Bound
	legendRows               int
}

// LayoutNetwork fits the stations (and the land around them) to the page
// with the projection the regions boards use for the same part of the
// world.
func LayoutNetwork(p *mapdata.NetworkPack, land []orb.MultiPolygon, opt Options) (*NetworkLayout, error) {
	if len(p.Stations) == 0 {
		return nil, fmt.Errorf("the pack has no stations to draw")
	}
	W := opt.Width
	if W <= 0 {
		W = 1600
	}
	u := W / 1600
	l := &NetworkLayout{p: p, land: land, opt: opt, W: W, u: u, margin: 16 * u, step: 0.35 * u}
	titleH := 56 * u
	b := orb.Bound{Min: orb.Point(p.Stations[0].Point), Max: orb.Point(p.Stations[0].Point)}
	for _, s := range p.Stations {
		b = b.Extend(orb.Point(s.Point))
	}
	// Room round the outer stations for their circles and names.
	dx, dy := math.Max(b.Max[0]-b.Min[0], 1)*0.04, math.Max(b.Max[1]-b.Min[1], 1)*0.08
	l.boundLL = orb.Bound{Min: orb.Point{b.Min[0] - dx, b.Min[1] - dy}, Max: orb.Point{b.Max[0] + dx, b.Max[1] + dy}}
	frame := densify(orb.MultiPolygon{{boundRing(l.boundLL)}}, maxSegDeg)
	proj := project.Choose(p.Edition.ID, l.boundLL)
	centre := (l.boundLL.Min[0] + l.boundLL.Max[0]) / 2
	l.Main, l.MapBox = fitMap(proj, centre, project.ProjectedBound(proj, 0, frame), W, l.margin, titleH, u)
	for _, s := range p.Stations {
		l.Stations = append(l.Stations, l.Main.Point(orb.Point(s.Point)))
	}
	l.legendRows = (len(l.legendEntries())+1)/2 + 1 // two columns, and the symbols
	l.legendH = (12 + 24*float64(l.legendRows)) * u
	l.H = l.MapBox.Max[1] + 8*u + l.legendH + l.margin
	return l, nil
}

func boundRing(b orb.Bound) orb.Ring {
	return orb.Ring{b.Min, {b.Max[0], b.Min[1]}, b.Max, {b.Min[0], b.Max[1]}, b.Min}
}

// Network draws a route-network board (Across the United States) through
// the same pipeline as the regions board: the land under it, the routes
// with a row of cube spaces in the company colours, the numbered stations,
// names placed where they cover no station, cube row or other name, a
// title and a legend. With opt.Graph each route is labelled with its
// length.
func Network(p *mapdata.NetworkPack, land []orb.MultiPolygon, opt Options) (*Scene, error) {
	l, err := LayoutNetwork(p, land, opt)
	if err != nil {
		return nil, err
	}
	sc := &Scene{Width: l.W, Height: l.H, Background: waterColor, Title: p.Edition.Name}
	mapItems := &Group{ID: "map", Clip: &l.MapBox}
	if g := l.landLayer(); g != nil {
		mapItems.Items = append(mapItems.Items, g)
	}
	routes, cubes, boxes := l.routeLayers()
	mapItems.Items = append(mapItems.Items, routes, cubes)
	sc.Items = append(sc.Items, mapItems)
	stations, discs := l.stationLayer()
	sc.Items = append(sc.Items, stations)
	lb := newLabeler(l.MapBox, l.u)
	for _, bx := range discs {
		lb.block(bx)
	}
	names := l.nameLayer(lb, boxes)
	if opt.Graph {
		for _, bx := range boxes {
			lb.block(bx)
		}
		sc.Items = append(sc.Items, l.lengthLayer(lb))
	}
	sc.Items = append(sc.Items, names)
	sc.Items = append(sc.Items, titleGroup(p.Edition.Name, l.subtitle(), l.margin, l.u))
	sc.Items = append(sc.Items, l.legend())
	return sc, nil
}

func (l *NetworkLayout) subtitle() string {
	return fmt.Sprintf("%d stations · %d routes · %d railway companies · %s", len(l.p.Stations), len(l.p.Routes), len(l.p.Companies), l.Main.Proj)
}

// landLayer is the land round the network, from the data the toolkit
// ships (the U.S. states under Across the United States).
func (l *NetworkLayout) landLayer() *Group {
	if len(l.land) == 0 {
		return nil
	}
	g := &Group{ID: "land"}
	centre := l.Main.Centre
	for _, mp := range l.land {
		sh := toPage(withinBoundLoose(project.UnwrapMultiPolygon(mp, centre), l.boundLL), l.Main.Point, l.step)
		if len(sh.polys) == 0 || !overlaps(sh.bound, l.MapBox) {
			continue
		}
		g.Items = append(g.Items, &Path{Class: "land", Rings: sh.rings(), Closed: true,
			Style: Style{Fill: landColor, FillOpacity: 1, Stroke: landEdge, StrokeOpacity: 1, StrokeWidth: 0.7 * l.u}})
	}
	return g
}

// index maps station ids to their place in the pack.
func (l *NetworkLayout) index() map[string]int {
	m := make(map[string]int, len(l.p.Stations))
	for i, s := range l.p.Stations {
		m[s.ID] = i
	}
	return m
}

// routeLayers draws the routes, and at the middle of each a row of cube
// spaces, one per company in its colour, turned along the route. It returns
// the boxes of the rows, which names keep off.
func (l *NetworkLayout) routeLayers() (*Group, *Group, []orb.Bound) {
	u := l.u
	routes, cubes := &Group{ID: "routes"}, &Group{ID: "cube-spaces"}
	idx := l.index()
	var boxes []orb.Bound
	cell := 7 * u
	for _, r := range l.p.Routes {
		a, okA := idx[r.A]
		c, okC := idx[r.B]
		if !okA || !okC {
			continue
		}
		pa, pc := l.Stations[a], l.Stations[c]
		routes.Items = append(routes.Items, &Path{Class: "route", Title: fmt.Sprintf("%s – %s, %s km", l.p.Stations[a].Name, l.p.Stations[c].Name, kmText(r.LengthKm)),
			Rings: [][]orb.Point{{pa, pc}}, Style: Style{Stroke: routeColor, StrokeOpacity: 1, StrokeWidth: 3 * u, RoundCaps: true}})
		n := len(l.p.Companies)
		if n == 0 {
			continue
		}
		d := dist(pa, pc)
		if d == 0 {
			continue
		}
		ux, uy := (pc[0]-pa[0])/d, (pc[1]-pa[1])/d // along the route
		vx, vy := -uy, ux                          // across it
		mid := orb.Point{(pa[0] + pc[0]) / 2, (pa[1] + pc[1]) / 2}
		row := emptyBound()
		for k, co := range l.p.Companies {
			off := (float64(k) - float64(n)/2) * cell
			at := func(s, t float64) orb.Point {
				return orb.Point{mid[0] + (off+s)*ux + t*vx, mid[1] + (off+s)*uy + t*vy}
			}
			sq := []orb.Point{at(0, -cell/2), at(cell, -cell/2), at(cell, cell/2), at(0, cell/2), at(0, -cell/2)}
			for _, q := range sq {
				row = row.Extend(q)
			}
			cubes.Items = append(cubes.Items, &Path{Class: "cube-space", Title: co.Name, Rings: [][]orb.Point{sq}, Closed: true,
				Style: Style{Fill: companyHex(co.Hex), FillOpacity: 0.85, Stroke: cubeEdge, StrokeOpacity: 1, StrokeWidth: 0.6 * u}})
		}
		boxes = append(boxes, row)
	}
	return routes, cubes, boxes
}

// stationLayer draws each station as a numbered disc (grey where it holds
// no station token), in number order; it returns the discs' boxes.
func (l *NetworkLayout) stationLayer() (*Group, []orb.Bound) {
	u := l.u
	g := &Group{ID: "stations"}
	order := make([]int, len(l.p.Stations))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return l.p.Stations[i].Number - l.p.Stations[j].Number })
	var discs []orb.Bound
	r := 11 * u
	for _, i := range order {
		s := l.p.Stations[i]
		at := l.Stations[i]
		fill := stationFill
		if !s.Space {
			fill = noSpaceFill
		}
		g.Items = append(g.Items, &Group{ID: "station-" + s.ID, Items: []Item{
			&Circle{Class: "station", Center: at, R: r, Style: Style{Fill: fill, FillOpacity: 1, Stroke: stationEdge, StrokeOpacity: 1, StrokeWidth: 2 * u}},
			&Text{Class: "station-number", At: at, Lines: []string{strconv.Itoa(s.Number)}, Size: 11 * u, Font: Bold, Fill: stationEdge},
		}})
		discs = append(discs, orb.Bound{Min: orb.Point{at[0] - r, at[1] - r}, Max: orb.Point{at[0] + r, at[1] + r}})
	}
	return g, discs
}

// lengthLayer (--graph) writes each route's length on it, clear of the
// cube row, the stations and their names.
func (l *NetworkLayout) lengthLayer(lb *labeler) *Group {
	g := &Group{ID: "route-lengths"}
	idx := l.index()
	for _, r := range l.p.Routes {
		a, okA := idx[r.A]
		c, okC := idx[r.B]
		if !okA || !okC {
			continue
		}
		pa, pc := l.Stations[a], l.Stations[c]
		size := 9.5 * l.u
		label := kmText(r.LengthKm) + " km"
		var best *Text
		// On the line, between the cube row and either station: the halo
		// keeps it legible over the route.
		for _, f := range []float64{0.3, 0.7, 0.22, 0.78, 0.38, 0.62} {
			at := orb.Point{pa[0] + f*(pc[0]-pa[0]), pa[1] + f*(pc[1]-pa[1])}
			t := &Text{Class: "route-length", At: at, Lines: []string{label}, Size: size, Fill: lengthColour, Halo: haloColor, HaloWidth: 2.2 * l.u}
			if lb.free(t.Bound()) {
				best = t
				break
			}
		}
		if best == nil {
			continue // a crowded route: its length is in its tooltip
		}
		lb.block(best.Bound())
		g.Items = append(g.Items, best)
	}
	return g
}

// nameLayer places each station's name beside its disc: of sixteen places
// round it, the one that covers no disc or name already placed, then no
// cube row, and crosses the fewest routes; a name with no free place goes
// where it covers least.
func (l *NetworkLayout) nameLayer(lb *labeler, cubes []orb.Bound) *Group {
	u := l.u
	g := &Group{ID: "labels"}
	idx := l.index()
	var segs [][2]orb.Point
	for _, r := range l.p.Routes {
		a, okA := idx[r.A]
		c, okC := idx[r.B]
		if okA && okC {
			segs = append(segs, [2]orb.Point{l.Stations[a], l.Stations[c]})
		}
	}
	// Crowded stations first: they have the fewest free places.
	order := make([]int, len(l.p.Stations))
	for i := range order {
		order[i] = i
	}
	crowd := make([]int, len(order))
	for i, p := range l.Stations {
		for j, q := range l.Stations {
			if i != j && dist(p, q) < 90*u {
				crowd[i]++
			}
		}
	}
	slices.SortStableFunc(order, func(i, j int) int {
		if crowd[i] != crowd[j] {
			return crowd[j] - crowd[i]
		}
		return l.p.Stations[i].Number - l.p.Stations[j].Number
	})
	size := 12.5 * u
	gap := 15 * u
	for _, i := range order {
		s := l.p.Stations[i]
		at := l.Stations[i]
		w := Measure(Regular, s.Name, size)
		type cand struct {
			at     orb.Point
			anchor Anchor
		}
		var cands []cand
		for _, f := range []float64{1, 1.7} { // beside the disc, then a little farther
			gp := gap * f
			d := gp * 0.75
			cands = append(cands,
				cand{orb.Point{at[0] + gp, at[1]}, Start},          // right
				cand{orb.Point{at[0] - gp, at[1]}, End},            // left
				cand{orb.Point{at[0], at[1] - gp - 2*u}, Middle},   // above
				cand{orb.Point{at[0], at[1] + gp + 2*u}, Middle},   // below
				cand{orb.Point{at[0] + d, at[1] - d - 4*u}, Start}, // up right
				cand{orb.Point{at[0] - d, at[1] - d - 4*u}, End},   // up left
				cand{orb.Point{at[0] + d, at[1] + d + 4*u}, Start}, // down right
				cand{orb.Point{at[0] - d, at[1] + d + 4*u}, End})   // down left
		}
		var best *Text
		bestCost := math.Inf(1)
		for k, c := range cands {
			t := &Text{Class: "label", At: c.at, Lines: []string{s.Name}, Size: size, Anchor: c.anchor, Fill: textColor, Halo: haloColor, HaloWidth: 2.6 * u}
			bd := t.Bound()
			cost := float64(k) * 0.01 // the order above breaks ties
			if !inside(bd, lb.area) {
				cost += 1000
			}
			if a := overlapArea(bd.Pad(1.5*u), lb.placed); a > 0 {
				cost += 1000 + a/(w*size) // a disc or a name: never, if it can be helped
			}
			if a := overlapArea(bd, cubes); a > 0 {
				cost += 20 + a/(w*size)
			}
			for _, sg := range segs {
				if segmentHitsBox(sg[0], sg[1], bd) {
					cost++
				}
			}
			if cost < bestCost {
				best, bestCost = t, cost
			}
		}
		lb.block(best.Bound())
		g.Items = append(g.Items, best)
	}
	return g
}

// overlapArea is how much of b the boxes cover.
func overlapArea(b orb.Bound, boxes []orb.Bound) float64 {
	s := 0.0
	for _, o := range boxes {
		if c, ok := intersect(b, o); ok {
			s += area(c)
		}
	}
	return s
}

// segmentHitsBox reports whether segment pq passes through box b.
func segmentHitsBox(p, q orb.Point, b orb.Bound) bool {
	if b.Contains(p) || b.Contains(q) {
		return true
	}
	return len(clip.LineString(b, orb.LineString{p, q})) > 0
}

// legendEntries are the legend's rows: the companies, then the symbols.
func (l *NetworkLayout) legendEntries() []string {
	homes := map[string]int{}
	for _, t := range l.p.Tokens {
		if t.Kind == mapdata.TokenHome {
			homes[t.Company] += t.Count
		}
	}
	var rows []string
	for _, co := range l.p.Companies {
		name := co.Name
		if co.Short != "" {
			name = co.Short + " — " + co.Name
		}
		rows = append(rows, fmt.Sprintf("%s (%s): %d cards, %d home station(s)", name, co.Color, co.Cards, homes[co.ID]))
	}
	return rows
}

// legend lists the railway companies with their colours, cards and home
// tokens in two columns, and what the symbols mean.
func (l *NetworkLayout) legend() *Group {
	u := l.u
	g := &Group{ID: "legend"}
	x0, y := l.margin, l.MapBox.Max[1]+8*u+12*u
	size := 12 * u
	rows := l.legendEntries()
	colW := (l.W - 2*l.margin) / 2
	half := (len(rows) + 1) / 2
	for k, text := range rows {
		x, yy := x0, y+float64(k)*24*u
		if k >= half {
			x, yy = x0+colW, y+float64(k-half)*24*u
		}
		co := l.p.Companies[k]
		g.Items = append(g.Items,
			&Path{Class: "legend-swatch", Rings: [][]orb.Point{box(x, yy-6*u, 12*u, 12*u)}, Closed: true, Style: Style{Fill: companyHex(co.Hex), FillOpacity: 1, Stroke: cubeEdge, StrokeOpacity: 1, StrokeWidth: 0.8 * u}},
			&Text{At: orb.Point{x + 18*u, yy}, Lines: []string{text}, Size: size, Anchor: Start, Fill: textColor})
	}
	yy := y + float64(half)*24*u
	g.Items = append(g.Items,
		&Circle{Center: orb.Point{x0 + 6*u, yy}, R: 6 * u, Style: Style{Fill: noSpaceFill, FillOpacity: 1, Stroke: stationEdge, StrokeOpacity: 1, StrokeWidth: 1.2 * u}},
		&Text{At: orb.Point{x0 + 18*u, yy}, Lines: []string{"station without a space for a station token"}, Size: size, Anchor: Start, Fill: textColor})
	return g
}

// companyHex is a company's colour when it is a valid #rrggbb, else grey.
func companyHex(h string) string {
	if _, _, _, err := RGB(h); err == nil {
		return strings.ToLower(h)
	}
	return "#808080"
}

// kmText is a length in whole kilometres.
func kmText(v float64) string { return strconv.Itoa(int(math.Round(v))) }
