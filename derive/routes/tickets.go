package routes

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"fmt"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

func sortPairs(ps [][2]string) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i][0] != ps[j][0] {
			return ps[i][0] < ps[j][0]
		}
		return ps[i][1] < ps[j][1]
	})
}

// Distances is the shortest route path between every two stations of a
// pack, in km and in routes (hops); -1 where no path joins them.
type Distances struct {
	Km   [][]float64
	Hops [][]int
}

// ShortestPaths computes Distances over the pack's routes (Floyd–Warshall:
// boards have tens of stations).
func ShortestPaths(p *mapdata.NetworkPack) Distances {
	n := len(p.Stations)
	km := make([][]float64, n)
	hops := make([][]int, n)
	for i := range km {
		km[i] = make([]float64, n)
		hops[i] = make([]int, n)
		for j := range km[i] {
			if i != j {
				km[i][j] = math.Inf(1)
				hops[i][j] = math.MaxInt32
			}
		}
	}
	index := map[string]int{}
	for i, s := range p.Stations {
		index[s.ID] = i
	}
	for _, r := range p.Routes {
		a, okA := index[r.A]
		c, okC := index[r.B]
		if !okA || !okC || a == c {
			continue
		}
		km[a][c] = math.Min(km[a][c], r.LengthKm)
		km[c][a] = km[a][c]
		hops[a][c], hops[c][a] = 1, 1
	}
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if d := km[i][k] + km[k][j]; d < km[i][j] {
					km[i][j] = d
				}
				if h := hops[i][k] + hops[k][j]; h < hops[i][j] {
					hops[i][j] = h
				}
			}
		}
	}
	for i := range km {
		for j := range km[i] {
			if math.IsInf(km[i][j], 1) {
				km[i][j], hops[i][j] = -1, -1
			}
		}
	}
	return Distances{Km: km, Hops: hops}
}

// PassengerPoints turns a distance into points by the edition's rule.
func PassengerPoints(spec mapdata.PointsSpec, d float64) int {
	if spec.Rule == "bands" {
		pts := 0
		for _, band := range spec.Bands {
			pts = band.Points
			if d <= band.UpTo {
				break
			}
		}
		return pts
	}
	per := spec.Per
	if per <= 0 {
		per = 1
	}
	p := int(math.Round(spec.Base + d/per))
	if p < spec.Min {
		p = spec.Min
	}
	if spec.Max > 0 && p > spec.Max {
		p = spec.Max
	}
	return p
}

func (b *builder) dealTickets(p *mapdata.NetworkPack) {
	dist := ShortestPaths(p)
	b.dealPassenger(p, dist)
	b.dealFreight(p)
}

type candidate struct {
	a, c int
	d    float64
	km   float64
	hops int
	key  uint64
}

// dealPassenger deals the passenger tickets: the listed ones, then one
// from each of count equal slices of all station pairs sorted by distance,
// so that points spread from short tickets to long ones. Within a slice the
// pair chosen is the one that brings a region no ticket reaches yet, then
// the one whose stations are on the fewest tickets, then a seeded draw.
func (b *builder) dealPassenger(p *mapdata.NetworkPack, dist Distances) {
	spec := b.ed.Tickets.Passenger
	useHops := spec.Distance == "hops"
	measure := func(a, c int) float64 {
		if useHops {
			return float64(dist.Hops[a][c])
		}
		return dist.Km[a][c]
	}
	maxPer := spec.MaxPerStation
	if maxPer == 0 {
		maxPer = 2
	}
	uses := make([]int, len(p.Stations))
	covered := map[string]bool{}
	taken := map[[2]int]bool{}
	add := func(a, c, points int) {
		uses[a]++
		uses[c]++
		covered[p.Stations[a].Region] = true
		covered[p.Stations[c].Region] = true
		taken[[2]int{min(a, c), max(a, c)}] = true
		t := mapdata.PassengerTicket{ID: fmt.Sprintf("P%02d", len(p.Passenger)+1), A: p.Stations[a].ID, B: p.Stations[c].ID,
			Points: points, DistanceKm: max(0, dist.Km[a][c]), Hops: max(0, dist.Hops[a][c])}
		p.Passenger = append(p.Passenger, t)
	}
	for i, l := range spec.List {
		sa, sc := b.find(l.A), b.find(l.B)
		if sa == nil {
			b.unknownStation(ptr("tickets", "passenger", "list", i, "a"), l.A)
		}
		if sc == nil {
			b.unknownStation(ptr("tickets", "passenger", "list", i, "b"), l.B)
		}
		if sa == nil || sc == nil {
			continue
		}
		a, c := p.Station(sa.id), p.Station(sc.id)
		pts := l.Points
		if pts == 0 {
			pts = PassengerPoints(spec.Points, measure(a, c))
		}
		add(a, c, pts)
	}
	want := spec.Count - len(p.Passenger)
	if want <= 0 {
		return
	}
	rng := rand.New(rand.NewPCG(spec.Seed, 0x7469636b657473)) // "tickets"
	var cands []candidate
	for a := range p.Stations {
		for c := a + 1; c < len(p.Stations); c++ {
			if dist.Hops[a][c] < 2 || taken[[2]int{a, c}] {
				continue // joined by one route, or not at all: no ticket
			}
			d := measure(a, c)
			if d < spec.MinDistance {
				continue
			}
			cands = append(cands, candidate{a: a, c: c, d: d, km: dist.Km[a][c], hops: dist.Hops[a][c]})
		}
	}
	for i := range cands {
		cands[i].key = rng.Uint64()
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].d != cands[j].d {
			return cands[i].d < cands[j].d
		}
		return cands[i].key < cands[j].key
	})
	if len(cands) < want {
		b.report(RuleTicketsShort, diag.Error, b.at("/tickets/passenger/count"), "lower the count or min_distance, or add routes",
			"only %d station pairs are two or more routes apart, fewer than the %d passenger tickets to deal", len(cands), want)
		want = len(cands)
	}
	// Regions first: slices whose pairs reach a region no one has reached
	// yet pick before others, so every region is on some ticket.
	slicesOf := make([][]candidate, want)
	for k := 0; k < want; k++ {
		slicesOf[k] = cands[k*len(cands)/want : (k+1)*len(cands)/want]
	}
	done := make([]bool, want)
	bestIn := func(k int) (int, [4]int) {
		bi := -1
		var bs [4]int
		for i, c := range slicesOf[k] {
			if taken[[2]int{c.a, c.c}] {
				continue
			}
			fresh := 0
			for _, s := range []int{c.a, c.c} {
				if r := p.Stations[s].Region; r != "" && !covered[r] {
					fresh++
				}
			}
			if p.Stations[c.a].Region == p.Stations[c.c].Region && fresh == 2 {
				fresh = 1
			}
			over := 0
			if uses[c.a] >= maxPer || uses[c.c] >= maxPer {
				over = 1
			}
			// Higher is better: fresh regions, not over the limit,
			// stations little used; then the seeded key.
			score := [4]int{fresh, -over, -(uses[c.a] + uses[c.c]), -int(c.key >> 33)}
			if bi < 0 || less(bs, score) {
				bi, bs = i, score
			}
		}
		return bi, bs
	}
	for range want {
		// A pair reaching a region no ticket reaches yet is taken first,
		// from whichever slice holds it; otherwise slices go in order.
		bestK, bestI := -1, -1
		var bestScore [4]int
		for k := range slicesOf {
			if done[k] {
				continue
			}
			if i, sc := bestIn(k); i >= 0 && sc[0] > 0 && (bestK < 0 || less(bestScore, sc)) {
				bestK, bestI, bestScore = k, i, sc
			}
		}
		if bestK < 0 {
			for k := range slicesOf {
				if done[k] {
					continue
				}
				if i, _ := bestIn(k); i >= 0 {
					bestK, bestI = k, i
					break
				}
				done[k] = true
			}
		}
		if bestK < 0 {
			break
		}
		c := slicesOf[bestK][bestI]
		done[bestK] = true
		add(c.a, c.c, PassengerPoints(spec.Points, c.d))
	}
	// Number the tickets from the shortest to the longest.
	sort.SliceStable(p.Passenger, func(i, j int) bool { return p.Passenger[i].DistanceKm < p.Passenger[j].DistanceKm })
	for i := range p.Passenger {
		p.Passenger[i].ID = fmt.Sprintf("P%02d", i+1)
	}
}

func less(a, b [4]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func freightSize(e *mapdata.NetworkEdition) int {
	if e.Tickets.Freight.Size > 0 {
		return e.Tickets.Freight.Size
	}
	return 3
}

// Rarity is each commodity's rarity: the share of commodity stations it
// would have if all had as many, over the share it has (1 for all when the
// mix is even). Stations of any commodity count for none in particular. A
// commodity no station produces counts as half a station.
func Rarity(p *mapdata.NetworkPack) []float64 {
	counts := make([]float64, len(p.Commodities))
	total := 0.0
	for _, t := range p.Tokens {
		if t.Kind != mapdata.TokenCommodity || t.Commodity == "" {
			continue
		}
		if i := p.Commodity(t.Commodity); i >= 0 {
			counts[i] += float64(t.Count)
			total += float64(t.Count)
		}
	}
	out := make([]float64, len(counts))
	for i, c := range counts {
		if total == 0 {
			out[i] = 1
			continue
		}
		out[i] = total / float64(len(counts)) / math.Max(c, 0.5)
	}
	return out
}

// FreightPoints is a combination's points by the rarity rule.
func FreightPoints(spec mapdata.FreightPointsSpec, rarity []float64, combo []int) int {
	sum := 0.0
	for _, c := range combo {
		sum += rarity[c]
	}
	p := int(math.Round(spec.Base + spec.Per*sum))
	if p < spec.Min {
		p = spec.Min
	}
	if spec.Max > 0 && p > spec.Max {
		p = spec.Max
	}
	return p
}

// combos lists the multisets of size k over n commodities, in
// lexicographic order of their sorted indexes.
func combos(n, k int) [][]int {
	var out [][]int
	cur := make([]int, k)
	var rec func(pos, from int)
	rec = func(pos, from int) {
		if pos == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for c := from; c < n; c++ {
			cur[pos] = c
			rec(pos+1, c)
		}
	}
	if n > 0 && k > 0 {
		rec(0, 0)
	}
	return out
}

// dealFreight deals the freight tickets: the listed ones, then every
// combination of size commodities in turn, each next one chosen to keep the
// commodities equally often on the deck (then the one with most distinct
// commodities, then the first), dealing a combination again only once all
// have been dealt.
func (b *builder) dealFreight(p *mapdata.NetworkPack) {
	spec := b.ed.Tickets.Freight
	rarity := Rarity(p)
	appear := make([]int, len(p.Commodities))
	add := func(combo []int, points int) {
		ids := make([]string, len(combo))
		for i, c := range combo {
			ids[i] = p.Commodities[c].ID
			appear[c]++
		}
		p.Freight = append(p.Freight, mapdata.FreightTicket{ID: fmt.Sprintf("F%02d", len(p.Freight)+1), Commodities: ids, Points: points})
	}
	all := combos(len(p.Commodities), freightSize(b.ed))
	used := make([]int, len(all))
	keyIndex := map[string]int{}
	for i, c := range all {
		keyIndex[comboKey(c)] = i
	}
	for i, l := range spec.List {
		var combo []int
		ok := true
		for j, id := range l.Commodities {
			c := p.Commodity(id)
			if c < 0 {
				b.report(RuleUnknownCommodity, diag.Error, b.at(ptr("tickets", "freight", "list", i, "commodities", j)), "commodities: "+commodityIDs(p),
					"freight ticket names commodity %q, which the edition does not list", id)
				ok = false
				continue
			}
			combo = append(combo, c)
		}
		if !ok {
			continue
		}
		slices.Sort(combo)
		if k, found := keyIndex[comboKey(combo)]; found {
			used[k]++
		}
		pts := l.Points
		if pts == 0 {
			pts = FreightPoints(spec.Points, rarity, combo)
		}
		add(combo, pts)
	}
	if len(all) == 0 {
		if spec.Count > len(p.Freight) {
			b.report(RuleTicketsShort, diag.Error, b.at("/tickets/freight"), "", "no commodity combinations to deal freight tickets from")
		}
		return
	}
	for len(p.Freight) < spec.Count {
		best := -1
		var bestScore [3]int
		for i, c := range all {
			spread := spreadAfter(appear, c)
			score := [3]int{-used[i], -spread, distinct(c)}
			if best < 0 || less3(bestScore, score) {
				best, bestScore = i, score
			}
		}
		used[best]++
		add(all[best], FreightPoints(spec.Points, rarity, all[best]))
	}
}

func less3(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func spreadAfter(appear []int, combo []int) int {
	a := slices.Clone(appear)
	for _, c := range combo {
		a[c]++
	}
	return slices.Max(a) - slices.Min(a)
}

func distinct(combo []int) int {
	n := 0
	for i, c := range combo {
		if i == 0 || c != combo[i-1] {
			n++
		}
	}
	return n
}

func comboKey(c []int) string {
	parts := make([]string, len(c))
	for i, x := range c {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}
