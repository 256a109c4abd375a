package scene

import (
	"fmt"

	"github.com/paulmach/orb"
	"github.com/tendays/tendays/mapdata"
)

// legend explains the board's colours (each with its symbol and how many
// regions have it) and its lines, in rows that wrap at the page width.
func legend(p *mapdata.Pack, regions []*placed, graph, seas bool, bands coastBands, rails bool, at orb.Point, width, u float64) Item {
	g := &Group{ID: "legend"}
	x, y := at[0], at[1]+12*u
	size := 12 * u
	row := 24 * u
	next := func(w float64) (float64, float64) {
		if x+w > at[0]+width && x > at[0] {
			x, y = at[0], y+row
		}
		x0 := x
		x += w + 18*u
		return x0, y
	}
	syms := Symbols(p)
	count := map[string]int{}
	for _, pr := range regions {
		count[pr.reg.Color]++
	}
	for _, c := range p.Colors {
		n := count[c.ID]
		if n == 0 {
			continue
		}
		label := fmt.Sprintf("%s (%d)", nameOr(c.Name, c.ID), n)
		x0, y0 := next(20*u + Measure(Regular, label, size))
		hex := c.Hex
		if _, _, _, err := RGB(hex); err != nil {
			hex = fallback
		}
		g.Items = append(g.Items,
			&Path{Class: "legend-swatch", Rings: [][]orb.Point{box(x0, y0-7*u, 14*u, 14*u)}, Closed: true, Style: Style{Fill: hex, FillOpacity: 1, Stroke: borderColor, StrokeOpacity: 1, StrokeWidth: 0.8 * u}})
		if sym, ok := syms[c.ID]; ok {
			g.Items = append(g.Items, Symbol(sym, orb.Point{x0 + 7*u, y0}, 4.6*u, SymbolStyle(hex, 1.1*u)))
		}
		g.Items = append(g.Items, &Text{At: orb.Point{x0 + 20*u, y0}, Lines: []string{label}, Size: size, Anchor: Start, Fill: textColor})
	}
	x, y = at[0], y+row
	line := func(label string, styles ...Style) {
		x0, y0 := next(36*u + Measure(Regular, label, size))
		for _, st := range styles {
			g.Items = append(g.Items, &Path{Class: "legend-line", Rings: [][]orb.Point{{{x0, y0}, {x0 + 28*u, y0}}}, Style: st})
		}
		g.Items = append(g.Items, &Text{At: orb.Point{x0 + 36*u, y0}, Lines: []string{label}, Size: size, Anchor: Start, Fill: textColor})
	}
	has := map[mapdata.LinkKind]bool{}
	for _, l := range p.Links {
		has[l.Kind] = true
	}
	if has[mapdata.Bridge] {
		line("bridge", Style{Stroke: bridgeColor, StrokeOpacity: 1, StrokeWidth: 3 * u, RoundCaps: true})
	}
	if has[mapdata.Ferry] {
		line("ferry", Style{Stroke: ferryColor, StrokeOpacity: 1, StrokeWidth: 2.4 * u, Dash: []float64{7 * u, 5 * u}})
	}
	if len(p.ShipRoutes) > 0 {
		line("ship route (ship cards)", Style{Stroke: shipRouteColor, StrokeOpacity: 1, StrokeWidth: 2.2 * u, Dash: []float64{4 * u, 4 * u}, RoundCaps: true})
	}
	if rails {
		line("rail line", Style{Stroke: railColor, StrokeOpacity: 1, StrokeWidth: 3.2 * u, RoundCaps: true}, Style{Stroke: "#ffffff", StrokeOpacity: 1, StrokeWidth: 1.4 * u, Dash: []float64{5 * u, 5 * u}})
	}
	if graph {
		line("border link", Style{Stroke: "#111111", StrokeOpacity: 0.6, StrokeWidth: 1.2 * u})
		if has[mapdata.Car] {
			line("car link", carStyle(u))
		}
	}
	for _, id := range bands.order {
		label := bands.names[id] + " (ship cards: the coasts it serves)"
		x0, y0 := next(36*u + Measure(Regular, label, size))
		g.Items = append(g.Items,
			&Path{Class: "legend-line", Rings: [][]orb.Point{{{x0 + 3*u, y0}, {x0 + 25*u, y0}}}, Style: Style{Stroke: bands.tints[id], StrokeOpacity: 0.5, StrokeWidth: 2 * bandWidth * u, RoundCaps: true}},
			&Text{At: orb.Point{x0 + 36*u, y0}, Lines: []string{label}, Size: size, Anchor: Start, Fill: textColor})
	}
	if seas {
		label := "sea (ship cards)"
		x0, y0 := next(36*u + Measure(Regular, label, size))
		g.Items = append(g.Items,
			&Path{Class: "legend-swatch", Rings: [][]orb.Point{box(x0, y0-6*u, 28*u, 12*u)}, Closed: true, Style: Style{Fill: seaColor, FillOpacity: 0.28}},
			&Text{At: orb.Point{x0 + 36*u, y0}, Lines: []string{label}, Size: size, Anchor: Start, Fill: textColor})
	}
	return g
}

func box(x, y, w, h float64) []orb.Point {
	return []orb.Point{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}, {x, y}}
}

func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
