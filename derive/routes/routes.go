package routes

import (
	"math"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// Gabriel returns the pairs (i < j) of the Gabriel graph of points in the
// plane: i and j are joined when no other point lies inside the circle that
// has the segment ij as its diameter. The graph is planar.
func Gabriel(pts [][2]float64) [][2]int {
	var out [][2]int
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			dij := dist2(pts[i], pts[j])
			ok := true
			for k := range pts {
				if k == i || k == j {
					continue
				}
				if dist2(pts[i], pts[k])+dist2(pts[j], pts[k]) < dij {
					ok = false
					break
				}
			}
			if ok {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// RNG returns the pairs (i < j) of the relative neighbourhood graph: i and j
// are joined when no other point is nearer to both of them than they are to
// each other. It is a subgraph of the Gabriel graph, so planar too.
func RNG(pts [][2]float64) [][2]int {
	var out [][2]int
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			dij := dist2(pts[i], pts[j])
			ok := true
			for k := range pts {
				if k == i || k == j {
					continue
				}
				if math.Max(dist2(pts[i], pts[k]), dist2(pts[j], pts[k])) < dij {
					ok = false
					break
				}
			}
			if ok {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func dist2(a, b [2]float64) float64 {
	dx, dy := a[0]-b[0], a[1]-b[1]
	return dx*dx + dy*dy
}

func routeKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// deriveRoutes draws the proximity graph, drops routes over the maximum
// length, then removes and adds what the edition says.
func (b *builder) deriveRoutes() {
	spec := b.ed.Routes
	graph := spec.Graph
	if graph == "" {
		graph = mapdata.GraphGabriel
	}
	pts := make([][2]float64, len(b.stations))
	for i, s := range b.stations {
		pts[i] = s.point
	}
	plane := mapdata.Plane(pts)
	var pairs [][2]int
	switch graph {
	case mapdata.GraphGabriel:
		pairs = Gabriel(plane)
	case mapdata.GraphRNG:
		pairs = RNG(plane)
	}
	routes := map[[2]string]mapdata.Route{}
	for _, p := range pairs {
		a, c := b.stations[p[0]], b.stations[p[1]]
		km := mapdata.GreatCircleKm(a.point, c.point)
		if spec.MaxKm > 0 && km > spec.MaxKm {
			continue
		}
		k := routeKey(a.id, c.id)
		routes[k] = mapdata.Route{A: k[0], B: k[1], LengthKm: km}
	}
	for i, r := range spec.Remove {
		a, c := b.routeEnds("remove", i, r)
		if a == nil || c == nil {
			continue
		}
		k := routeKey(a.id, c.id)
		old, ok := routes[k]
		if !ok {
			b.report(RuleRemoveMissing, diag.Warning, b.at(ptr("routes", "remove", i)), "",
				"there is no route %s–%s to remove", a.name, c.name)
			continue
		}
		delete(routes, k)
		old.Why = r.Why
		b.removed = append(b.removed, old)
		b.routeSrc[k] = ptr("routes", "remove", i)
	}
	for i, r := range spec.Add {
		a, c := b.routeEnds("add", i, r)
		if a == nil || c == nil {
			continue
		}
		if a == c {
			b.report(RuleUnknownStation, diag.Error, b.at(ptr("routes", "add", i)), "", "a route joins two stations, not %q to itself", a.name)
			continue
		}
		k := routeKey(a.id, c.id)
		why := r.Why
		if why == "" {
			why = "listed by the edition"
		}
		routes[k] = mapdata.Route{A: k[0], B: k[1], LengthKm: mapdata.GreatCircleKm(a.point, c.point), Why: why}
		b.routeSrc[k] = ptr("routes", "add", i)
	}
	for _, k := range sortedRouteKeys(routes) {
		b.routes = append(b.routes, routes[k])
	}
}

func sortedRouteKeys(m map[[2]string]mapdata.Route) [][2]string {
	out := make([][2]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortPairs(out)
	return out
}

// routeEnds finds the two stations of a route the edition adds or removes
// (list is "add" or "remove"), reporting each name that matches no station.
func (b *builder) routeEnds(list string, i int, r mapdata.RouteSpec) (a, c *station) {
	a, c = b.find(r.A), b.find(r.B)
	if a == nil {
		b.unknownStation(ptr("routes", list, i, "a"), r.A)
	}
	if c == nil {
		b.unknownStation(ptr("routes", list, i, "b"), r.B)
	}
	return a, c
}
