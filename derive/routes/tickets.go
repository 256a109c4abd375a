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
	d := newPassengerDeal(b, p, dist)
	d.dealListed()
	want := d.spec.Count - len(p.Passenger)
	if want <= 0 {
		return
	}
	cands := d.candidates()
	if len(cands) < want {
		b.report(RuleTicketsShort, diag.Error, b.at("/tickets/passenger/count"), "lower the count or min_distance, or add routes",
			"only %d station pairs are two or more routes apart, fewer than the %d passenger tickets to deal", len(cands), want)
		want = len(cands)
	}
	d.dealFromSlices(cands, want)
	// Number the tickets from the shortest to the longest.
	sort.SliceStable(p.Passenger, func(i, j int) bool { return p.Passenger[i].DistanceKm < p.Passenger[j].DistanceKm })
	for i := range p.Passenger {
		p.Passenger[i].ID = fmt.Sprintf("P%02d", i+1)
	}
}

// passengerDeal is the passenger tickets being dealt: which stations and
// regions they reach so far, and which pairs they hold.
type passengerDeal struct {
	b       *builder
	p       *mapdata.NetworkPack
	dist    Distances
	spec    mapdata.PassengerSpec
	maxPer  int             // tickets a station should be on at most
	uses    []int           // tickets on each station
	covered map[string]bool // regions a ticket reaches
	taken   map[[2]int]bool // pairs on a ticket, lower station first
}

func newPassengerDeal(b *builder, p *mapdata.NetworkPack, dist Distances) *passengerDeal {
	d := &passengerDeal{b: b, p: p, dist: dist, spec: b.ed.Tickets.Passenger, maxPer: b.ed.Tickets.Passenger.MaxPerStation,
		uses: make([]int, len(p.Stations)), covered: map[string]bool{}, taken: map[[2]int]bool{}}
	if d.maxPer == 0 {
		d.maxPer = 2
	}
	return d
}

// measure is the distance a ticket's points follow: hops or kilometres.
func (d *passengerDeal) measure(a, c int) float64 {
	if d.spec.Distance == "hops" {
		return float64(d.dist.Hops[a][c])
	}
	return d.dist.Km[a][c]
}

// add deals the ticket of stations a and c.
func (d *passengerDeal) add(a, c, points int) {
	p := d.p
	d.uses[a]++
	d.uses[c]++
	d.covered[p.Stations[a].Region] = true
	d.covered[p.Stations[c].Region] = true
	d.taken[[2]int{min(a, c), max(a, c)}] = true
	t := mapdata.PassengerTicket{ID: fmt.Sprintf("P%02d", len(p.Passenger)+1), A: p.Stations[a].ID, B: p.Stations[c].ID,
		Points: points, DistanceKm: max(0, d.dist.Km[a][c]), Hops: max(0, d.dist.Hops[a][c])}
	p.Passenger = append(p.Passenger, t)
}

// dealListed deals the tickets the edition lists, each naming two
// stations (an unknown one is a finding), with its points or those its
// distance gives.
func (d *passengerDeal) dealListed() {
	b := d.b
	for i, l := range d.spec.List {
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
		a, c := d.p.Station(sa.id), d.p.Station(sc.id)
		pts := l.Points
		if pts == 0 {
			pts = PassengerPoints(d.spec.Points, d.measure(a, c))
		}
		d.add(a, c, pts)
	}
}

// candidates are the pairs a ticket may join: two or more routes apart,
// at least min_distance, on no ticket yet; sorted by distance, ties in a
// seeded order.
func (d *passengerDeal) candidates() []candidate {
	p, dist := d.p, d.dist
	rng := rand.New(rand.NewPCG(d.spec.Seed, 0x7469636b657473)) // "tickets"
	var cands []candidate
	for a := range p.Stations {
		for c := a + 1; c < len(p.Stations); c++ {
			if dist.Hops[a][c] < 2 || d.taken[[2]int{a, c}] {
				continue // joined by one route, or not at all: no ticket
			}
			m := d.measure(a, c)
			if m < d.spec.MinDistance {
				continue
			}
			cands = append(cands, candidate{a: a, c: c, d: m, km: dist.Km[a][c], hops: dist.Hops[a][c]})
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
	return cands
}

// dealFromSlices deals want tickets, one from each of want equal slices of
// the candidates. A pair reaching a region no ticket reaches yet is taken
// first, from whichever slice holds it, so that every region is on some
// ticket; otherwise the slices go in order.
func (d *passengerDeal) dealFromSlices(cands []candidate, want int) {
	slicesOf := make([][]candidate, want)
	for k := 0; k < want; k++ {
		slicesOf[k] = cands[k*len(cands)/want : (k+1)*len(cands)/want]
	}
	done := make([]bool, want)
	for range want {
		k, i := d.freshPick(slicesOf, done)
		if k < 0 {
			k, i = d.nextPick(slicesOf, done)
		}
		if k < 0 {
			break
		}
		c := slicesOf[k][i]
		done[k] = true
		d.add(c.a, c.c, PassengerPoints(d.spec.Points, c.d))
	}
}

// freshPick is the slice and the pair, of the slices not dealt from yet,
// that reach a region no ticket reaches, the best first (-1: none does).
func (d *passengerDeal) freshPick(slicesOf [][]candidate, done []bool) (int, int) {
	bestK, bestI := -1, -1
	var bestScore [4]int
	for k := range slicesOf {
		if done[k] {
			continue
		}
		if i, sc := d.bestIn(slicesOf[k]); i >= 0 && sc[0] > 0 && (bestK < 0 || less(bestScore, sc)) {
			bestK, bestI, bestScore = k, i, sc
		}
	}
	return bestK, bestI
}

// nextPick is the first slice not dealt from yet that has a free pair, and
// its best pair; a slice with none is marked done (-1: no slice has one).
func (d *passengerDeal) nextPick(slicesOf [][]candidate, done []bool) (int, int) {
	for k := range slicesOf {
		if done[k] {
			continue
		}
		if i, _ := d.bestIn(slicesOf[k]); i >= 0 {
			return k, i
		}
		done[k] = true
	}
	return -1, -1
}

// bestIn is the best free pair of a slice and its score (-1: none free).
// Higher is better: regions no ticket reaches, stations not over the
// limit, stations little used; then the seeded key.
func (d *passengerDeal) bestIn(slice []candidate) (int, [4]int) {
	p := d.p
	bi := -1
	var bs [4]int
	for i, c := range slice {
		if d.taken[[2]int{c.a, c.c}] {
			continue
		}
		fresh := 0
		for _, s := range []int{c.a, c.c} {
			if r := p.Stations[s].Region; r != "" && !d.covered[r] {
				fresh++
			}
		}
		if p.Stations[c.a].Region == p.Stations[c.c].Region && fresh == 2 {
			fresh = 1
		}
		over := 0
		if d.uses[c.a] >= d.maxPer || d.uses[c.c] >= d.maxPer {
			over = 1
		}
		score := [4]int{fresh, -over, -(d.uses[c.a] + d.uses[c.c]), -int(c.key >> 33)}
		if bi < 0 || less(bs, score) {
			bi, bs = i, score
		}
	}
	return bi, bs
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
