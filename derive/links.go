package derive

import (
	"cmp"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// markAirOnly marks the regions only planes reach. They keep no walking
// links: the rulebook connects them by plane alone.
// A region with land borders that is listed air-only loses them, and the
// designer is told which (an island marked so has none to lose).
func (b *builder) markAirOnly() error {
	listedAt := map[int]string{}
	for k, name := range b.ed.AirOnly {
		if i, ok := b.region(name, ptr("air_only", k)); ok {
			b.airOnly[i] = true
			listedAt[i] = ptr("air_only", k)
		}
	}
	dropped := map[int][]string{}
	for _, k := range slices.SortedFunc(maps.Keys(b.walk), func(x, y [2]int) int { return cmp.Compare(x[0], y[0])*2 + cmp.Compare(x[1], y[1]) }) {
		if !b.airOnly[k[0]] && !b.airOnly[k[1]] {
			continue
		}
		for side, r := range k {
			if b.airOnly[r] && b.walk[k].Kind == mapdata.Border {
				dropped[r] = append(dropped[r], b.regions[k[1-side]].id)
			}
		}
		delete(b.walk, k)
	}
	for _, r := range slices.Sorted(maps.Keys(dropped)) {
		b.report(RuleAirOnlyOverride, diag.Warning, listedAt[r], "take it off air_only to keep its borders, or keep it there if only planes should reach it",
			"%s is air-only, so its land border(s) with %s are dropped", b.regions[r].id, strings.Join(dropped[r], ", "))
	}
	return nil
}

// markInsets reads board.insets: which regions the board draws in a box
// of their own (export/scene). A region named twice keeps its first box.
func (b *builder) markInsets() error {
	for k, in := range b.ed.Board.Insets {
		for j, name := range in.Regions {
			if i, ok := b.region(name, ptr("board", "insets", k, "regions", j)); ok {
				if b.insets == nil {
					b.insets, b.insetTitle = map[int]int{}, map[int]string{}
				}
				if _, dup := b.insets[i]; !dup {
					b.insets[i] = k + 1
				}
			}
		}
		if in.Title != "" {
			if b.insetTitle == nil {
				b.insets, b.insetTitle = map[int]int{}, map[int]string{}
			}
			b.insetTitle[k+1] = in.Title
		}
	}
	return nil
}

// readTranslations reads regions.translations: each region's names in
// other languages, which the pack carries (mapdata.Region.Names).
func (b *builder) readTranslations() error {
	keys := slices.Sorted(maps.Keys(b.ed.Regions.Translations))
	for _, key := range keys {
		i, ok := b.region(key, ptr("regions", "translations", key))
		if !ok {
			continue
		}
		if b.translations == nil {
			b.translations = map[int]map[string]string{}
		}
		if b.translations[i] == nil {
			b.translations[i] = map[string]string{}
		}
		for lang, name := range b.ed.Regions.Translations[key] {
			b.translations[i][lang] = name
		}
	}
	return nil
}

// editLinks adds the edition's bridges and ferries and removes what it
// removes (borders, bridges, ferries; car links are removed after they are
// derived).
func (b *builder) editLinks() error {
	for k, add := range b.ed.Links.Add {
		at := ptr("links", "add", k)
		i, okA := b.region(add.A, at+"/a")
		j, okB := b.region(add.B, at+"/b")
		if !okA || !okB {
			continue
		}
		if i == j {
			b.report(RuleUnknownRegion, diag.Error, at, "", "a link from %s to itself", add.A)
			continue
		}
		if b.airOnly[i] || b.airOnly[j] {
			b.report(RuleAirOnlyOverride, diag.Warning, at, "only planes reach air-only regions", "link %s–%s touches an air-only region and is ignored", add.A, add.B)
			continue
		}
		kind := mapdata.LinkKind(add.Kind)
		if kind == "" {
			kind = mapdata.Ferry
		}
		pair := pairOf(i, j)
		link := &mapdata.Link{A: b.regions[pair[0]].id, B: b.regions[pair[1]].id, Kind: kind, Why: add.Why}
		if prev, exists := b.walk[pair]; exists && prev.Kind == mapdata.Border {
			// A border already walks; the bridge or ferry is recorded beside it.
			b.links = append(b.links, *link)
			b.linkSrc[keyOf(*link)] = at
			continue
		}
		b.walk[pair] = link
		b.linkSrc[keyOf(*link)] = at
	}
	b.removeLinks(false)
	for _, k := range sortedPairs(b.walk) {
		l := *b.walk[k]
		b.links = append(b.links, l)
		if _, known := b.linkSrc[keyOf(l)]; !known {
			b.linkSrc[keyOf(l)] = "/adjacency"
		}
	}
	return nil
}

func keyOf(l mapdata.Link) linkKey {
	a, c := l.A, l.B
	if c < a {
		a, c = c, a
	}
	return linkKey{a, c, l.Kind}
}

// removeLinks applies links.remove: walking kinds before cars are derived
// (so a removed border carries no car either), car links after.
func (b *builder) removeLinks(cars bool) {
	for k, rm := range b.ed.Links.Remove {
		kind := mapdata.LinkKind(rm.Kind)
		if kind == "" {
			kind = mapdata.Border
		}
		if (kind == mapdata.Car) != cars {
			continue
		}
		at := ptr("links", "remove", k)
		i, okA := b.region(rm.A, at+"/a")
		j, okB := b.region(rm.B, at+"/b")
		if !okA || !okB {
			continue
		}
		pair := pairOf(i, j)
		found := false
		if !cars {
			if l, ok := b.walk[pair]; ok && l.Kind == kind {
				delete(b.walk, pair)
				found = true
			}
		}
		want := linkKey{b.regions[pair[0]].id, b.regions[pair[1]].id, kind}
		kept := b.links[:0]
		for _, l := range b.links {
			if keyOf(l) == want {
				found = true
				continue
			}
			kept = append(kept, l)
		}
		b.links = kept
		if !found {
			b.report(RuleRemoveMissing, diag.Warning, at, "", "there is no %s link %s–%s to remove", kind, rm.A, rm.B)
			continue
		}
		b.removed = append(b.removed, mapdata.Link{A: want.a, B: want.b, Kind: kind, Why: rm.Why})
	}
}

func (b *builder) throughKinds() []mapdata.LinkKind {
	auto := b.ed.Transports.Automobile
	if auto == nil || len(auto.Through) == 0 {
		return []mapdata.LinkKind{mapdata.Border}
	}
	out := make([]mapdata.LinkKind, len(auto.Through))
	for i, k := range auto.Through {
		out[i] = mapdata.LinkKind(k)
	}
	return out
}

// carLinks: from A to B (A ≠ B) through a third region C that borders both,
// where "borders" means a link of a kind automobile.through names.
func (b *builder) carLinks() error {
	if b.ed.Transports.Automobile == nil {
		return nil // no car cards, so no car links: the pack stays to the point
	}
	through := b.throughKinds()
	nbrs := make([][]int, len(b.regions))
	for _, l := range b.links {
		if !slices.Contains(through, l.Kind) {
			continue
		}
		i, j := b.byID[l.A], b.byID[l.B]
		if b.airOnly[i] || b.airOnly[j] {
			continue
		}
		nbrs[i] = append(nbrs[i], j)
		nbrs[j] = append(nbrs[j], i)
	}
	// Each middle region C makes a car link for every two of its
	// neighbours: the links grow with the square of C's neighbours, and
	// the pack with it. Counted first, refused past the bound.
	total, widest := 0, 0
	for c, ns := range nbrs {
		ns = slices.Compact(sortedInts(ns))
		nbrs[c] = ns
		total += len(ns) * (len(ns) - 1) / 2
		if len(ns) > len(nbrs[widest]) {
			widest = c
		}
	}
	if total > MaxCarVias {
		b.report(RuleTooManyCarLinks, diag.Error, "/transports/automobile", "",
			"the car links would name %d middle regions in all, more than the %d a pack holds: %s borders %d regions (regions meeting at one point, or stacked?); no car links made",
			total, MaxCarVias, b.regions[widest].id, len(nbrs[widest]))
		return nil
	}
	via := map[[2]int][]string{}
	for c, ns := range nbrs {
		for x := 0; x < len(ns); x++ {
			for y := x + 1; y < len(ns); y++ {
				k := pairOf(ns[x], ns[y])
				via[k] = append(via[k], b.regions[c].id)
			}
		}
	}
	for _, k := range sortedPairs(via) {
		l := mapdata.Link{A: b.regions[k[0]].id, B: b.regions[k[1]].id, Kind: mapdata.Car, Via: via[k]}
		b.links = append(b.links, l)
		b.linkSrc[keyOf(l)] = "/transports/automobile"
	}
	b.removeLinks(true)
	return nil
}

func sortedInts(s []int) []int {
	out := slices.Clone(s)
	sort.Ints(out)
	return out
}
