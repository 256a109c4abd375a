package scene

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/tendays/tendays/mapdata"
)

// Colour is never the only sign of a colour: each colour of a pack also has
// a symbol, drawn over its regions on the board, on its cards and in the
// legend, so that a player who confuses two colours (colors/cvd) tells
// them apart by shape.

// SymbolNames are the symbols, in the order colours take them.
var SymbolNames = []string{"circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "down-triangle"}

// Symbols gives each colour of the pack its symbol (an index into
// SymbolNames): in the order of the pack's colours, so the same pack
// always gets the same symbols, starting again for each map of a combined
// pack (a plane flies within its map), and round again after the eighth.
func Symbols(p *mapdata.Pack) map[string]int {
	mapOf := map[string]string{}
	for _, r := range p.Regions {
		if _, ok := mapOf[r.Color]; !ok {
			mapOf[r.Color] = r.Map
		}
	}
	next := map[string]int{}
	out := map[string]int{}
	for _, c := range p.Colors {
		if _, dup := out[c.ID]; dup {
			continue
		}
		m := mapOf[c.ID]
		out[c.ID] = next[m] % len(SymbolNames)
		next[m]++
	}
	return out
}

// Symbol draws symbol i centred on c, r from the centre to its farthest
// point, in style st.
func Symbol(i int, c orb.Point, r float64, st Style) Item {
	i = ((i % len(SymbolNames)) + len(SymbolNames)) % len(SymbolNames)
	if SymbolNames[i] == "circle" {
		return &Circle{Class: "symbol", Center: c, R: r * 0.85, Style: st}
	}
	return &Path{Class: "symbol", Rings: [][]orb.Point{SymbolRing(i, c, r)}, Closed: true, Style: st}
}

// SymbolRing is the outline of symbol i (not the circle: a 32-gon for it),
// centred on c, r from the centre to its farthest point, y down.
func SymbolRing(i int, c orb.Point, r float64) []orb.Point {
	i = ((i % len(SymbolNames)) + len(SymbolNames)) % len(SymbolNames)
	polar := func(n int, radius func(k int) float64, start float64) []orb.Point {
		var out []orb.Point
		for k := 0; k < n; k++ {
			a := start + 2*math.Pi*float64(k)/float64(n)
			out = append(out, orb.Point{c[0] + radius(k)*math.Cos(a), c[1] + radius(k)*math.Sin(a)})
		}
		return append(out, out[0])
	}
	full := func(int) float64 { return r }
	switch SymbolNames[i] {
	case "square":
		return polar(4, func(int) float64 { return r * 0.95 }, math.Pi/4)
	case "triangle":
		return polar(3, full, -math.Pi/2)
	case "diamond":
		return polar(4, full, -math.Pi/2)
	case "star":
		return polar(10, func(k int) float64 {
			if k%2 == 0 {
				return r
			}
			return r * 0.45
		}, -math.Pi/2)
	case "cross":
		t := r * 0.34
		pts := []orb.Point{{-t, -r}, {t, -r}, {t, -t}, {r, -t}, {r, t}, {t, t}, {t, r}, {-t, r}, {-t, t}, {-r, t}, {-r, -t}, {-t, -t}, {-t, -r}}
		for k := range pts {
			pts[k] = orb.Point{c[0] + pts[k][0], c[1] + pts[k][1]}
		}
		return pts
	case "hexagon":
		return polar(6, full, 0)
	case "down-triangle":
		return polar(3, full, math.Pi/2)
	}
	return polar(32, func(int) float64 { return r * 0.85 }, 0)
}

// SymbolStyle is how a symbol is drawn over a fill: a dark outline, or a
// light one on a dark fill.
func SymbolStyle(fill string, width float64) Style {
	if Luminance(fill) < 0.15 {
		return Style{Stroke: "#ffffff", StrokeOpacity: 0.75, StrokeWidth: width}
	}
	return Style{Stroke: textColor, StrokeOpacity: 0.6, StrokeWidth: width}
}
