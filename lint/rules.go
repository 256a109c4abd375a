package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/srcpos"
	"github.com/tendays/tendays/mapdata"
)

// Rule ids of the pack rules.
const (
	RuleSchema          = "schema"
	RuleUnknownID       = "ids/unknown"
	RuleDuplicateID     = "ids/duplicate"
	RuleSelfLink        = "links/self"
	RuleDuplicateLink   = "links/duplicate"
	RuleOneSidedLink    = "links/one-sided"
	RuleAirOnlyLink     = "links/air-only"
	RuleLonelyColor     = "colors/lonely"
	RulePlanesNoRegion  = "colors/no-regions"
	RuleIsolated        = "regions/isolated"
	RuleAirOnlyUnmarked = "regions/air-only-unmarked"
	RuleExpectTotals    = "deck/expect-totals"
	RuleDeckTooSmall    = "deck/too-small"
	RuleDeckCopies      = "deck/copies"
)

// MaxPlayers is the player count the deck-size rule checks for.
const MaxPlayers = 4

// packRules judge a regions pack (kind pack).
var packRules = []*Rule{
	{RuleInfo: diag.RuleInfo{ID: RuleUnknownID, Severity: diag.Error,
		Doc: "Every region, colour, sea and rail a link, region, rail, ship route or card names exists, and the ship routes a ship of the routes sails."}, Kind: KindPack, Run: On(checkUnknownIDs)},
	{RuleInfo: diag.RuleInfo{ID: RuleDuplicateID, Severity: diag.Error,
		Doc: "Ids of regions, colours, seas, rails and deck tokens are unique, and so are region names; no region id is, as a card token (case and spacing aside), another region's id or name."}, Kind: KindPack, Run: On(checkDuplicateIDs)},
	{RuleInfo: diag.RuleInfo{ID: RuleSelfLink, Severity: diag.Error,
		Doc: "No link joins a region to itself."}, Kind: KindPack, Run: On(checkSelfLinks)},
	{RuleInfo: diag.RuleInfo{ID: RuleDuplicateLink, Severity: diag.Warning,
		Doc: "A link of one kind between two regions is listed once (in either direction)."}, Kind: KindPack, Run: On(checkDuplicateLinks)},
	{RuleInfo: diag.RuleInfo{ID: RuleOneSidedLink, Severity: diag.Error,
		Doc: "A car link's via regions border both of its ends."}, Kind: KindPack, Run: On(checkOneSidedLinks)},
	{RuleInfo: diag.RuleInfo{ID: RuleAirOnlyLink, Severity: diag.Error,
		Doc: "Air-only regions have no border, bridge, ferry or car links."}, Kind: KindPack, Run: On(checkAirOnlyLinks)},
	{RuleInfo: diag.RuleInfo{ID: RuleLonelyColor, Severity: diag.Warning,
		Doc: "Every colour is held by at least two regions; otherwise its planes link nothing to it."}, Kind: KindPack, Run: On(checkLonelyColors)},
	{RuleInfo: diag.RuleInfo{ID: RulePlanesNoRegion, Severity: diag.Error,
		Doc: "Every plane's colour is held by some region."}, Kind: KindPack, Run: On(checkPlanesWithoutRegions)},
	{RuleInfo: diag.RuleInfo{ID: RuleIsolated, Severity: diag.Error,
		Doc: "Every region has a link of some kind (foot, car, ship, train or plane), or its card can never be played."}, Kind: KindPack, Run: On(checkIsolated)},
	{RuleInfo: diag.RuleInfo{ID: RuleAirOnlyUnmarked, Severity: diag.Warning,
		Doc: "A region only planes reach is marked airOnly, so that the air-only plane rule applies to it."}, Kind: KindPack, Run: On(checkAirOnlyUnmarked)},
	{RuleInfo: diag.RuleInfo{ID: RuleExpectTotals, Severity: diag.Error,
		Doc: "The deck's totals equal what the rulebook states (the edition's expect block)."}, Kind: KindPack, Run: On(checkExpectTotals)},
	{RuleInfo: diag.RuleInfo{ID: RuleDeckTooSmall, Severity: diag.Error,
		Doc: "The deck deals four holders and still has a card for each face-up pile (three, or as the rules say: five in Europa Tour; a combined edition says its own, six in 20 Days Around the World) and one for each draw pile."}, Kind: KindPack, Run: On(checkDeckSize)},
	{RuleInfo: diag.RuleInfo{ID: RuleDeckCopies, Severity: diag.Error,
		Doc: "Every region has a card in the deck, as many as its copies."}, Kind: KindPack, Run: On(checkDeckCopies)},
}

// facts indexes a pack for the rules.
type facts struct {
	regions map[string]int // id -> index
	colors  map[string]bool
	seas    map[string]bool
	rails   map[string]bool
	walk    map[[2]string]bool // unordered pair -> border, bridge or ferry
}

func indexPack(p *mapdata.Pack) *facts {
	f := &facts{regions: map[string]int{}, colors: map[string]bool{}, seas: map[string]bool{},
		rails: map[string]bool{}, walk: map[[2]string]bool{}}
	for i, r := range p.Regions {
		if _, dup := f.regions[r.ID]; !dup {
			f.regions[r.ID] = i
		}
	}
	for _, c := range p.Colors {
		f.colors[c.ID] = true
	}
	for _, s := range p.Seas {
		f.seas[s.ID] = true
	}
	for _, r := range p.Rails {
		f.rails[r.ID] = true
	}
	for _, l := range p.Links {
		if l.Kind.Walks() {
			f.walk[pairKey(l.A, l.B)] = true
		}
	}
	return f
}

func pairKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

func ptr(tokens ...any) string { return srcpos.Join("", tokens...) }

func regionIDs(p *mapdata.Pack) []string {
	ids := make([]string, len(p.Regions))
	for i, r := range p.Regions {
		ids[i] = r.ID
	}
	return ids
}

func checkUnknownIDs(pass *Pass, p *mapdata.Pack) {
	f := indexPack(p)
	region := func(id, pointer, what string) {
		if _, ok := f.regions[id]; !ok {
			pass.ReportHintf(pointer, suggest(id, regionIDs(p)), "%s names region %q, which is not in the pack's regions", what, id)
		}
	}
	known := func(set map[string]bool, kind, id, pointer, what string) {
		if !set[id] {
			pass.ReportHintf(pointer, suggest(id, slices.Sorted(maps.Keys(set))), "%s names %s %q, which is not in the pack's %ss", what, kind, id, kind)
		}
	}
	for i, l := range p.Links {
		region(l.A, ptr("links", i, "a"), "link")
		region(l.B, ptr("links", i, "b"), "link")
		for j, v := range l.Via {
			region(v, ptr("links", i, "via", j), "car link")
		}
	}
	for i, r := range p.Regions {
		known(f.colors, "colour", r.Color, ptr("regions", i, "color"), "region "+r.ID)
		for j, s := range r.Seas {
			known(f.seas, "sea", s, ptr("regions", i, "seas", j), "region "+r.ID)
		}
		for j, s := range r.Rails {
			known(f.rails, "rail line", s, ptr("regions", i, "rails", j), "region "+r.ID)
		}
	}
	for i, r := range p.Rails {
		for j, s := range r.Stops {
			region(s, ptr("rails", i, "stops", j), "rail line "+r.ID)
		}
	}
	for i, r := range p.ShipRoutes {
		for j, s := range r.Stops {
			region(s, ptr("shipRoutes", i, "stops", j), "ship route "+r.ID)
		}
	}
	for i, c := range p.Deck.Cards {
		at := func(field string) string { return ptr("deck", "cards", i, field) }
		what := fmt.Sprintf("card %q", c.Token)
		switch c.Kind {
		case mapdata.RegionCard:
			region(c.Region, at("region"), what)
		case mapdata.PlaneCard:
			known(f.colors, "colour", c.Color, at("color"), what)
		case mapdata.ShipCard:
			if c.Routes {
				if len(p.ShipRoutes) == 0 {
					pass.ReportHintf(at("routes"), "add the ship routes, or give the card a sea", "%s sails the ship routes, but the pack has none", what)
				}
				continue
			}
			known(f.seas, "sea", c.Sea, at("sea"), what)
		case mapdata.TrainCard:
			if c.Rail != "" {
				known(f.rails, "rail line", c.Rail, at("rail"), what)
			}
		}
	}
}

// suggest names the closest known ids, if any is close.
func suggest(id string, known []string) string {
	best, bestD := "", 1<<30
	for _, k := range known {
		if d := mapdata.EditDistance(strings.ToLower(id), strings.ToLower(k)); d < bestD || d == bestD && k < best {
			best, bestD = k, d
		}
	}
	if best == "" || bestD > max(2, len(id)/2) {
		return ""
	}
	return fmt.Sprintf("did you mean %q?", best)
}

func checkDuplicateIDs(pass *Pass, p *mapdata.Pack) {
	dup := func(what string, ids []string, pointer func(i int) string) {
		first := map[string]int{}
		for i, id := range ids {
			if j, seen := first[id]; seen {
				pass.Reportf(pointer(i), "%s %q is listed twice (first at %s)", what, id, pointer(j))
				continue
			}
			first[id] = i
		}
	}
	dup("region id", regionIDs(p), func(i int) string { return ptr("regions", i, "id") })
	names := make([]string, len(p.Regions))
	for i, r := range p.Regions {
		names[i] = mapdata.Fold(r.Name)
	}
	firstName := map[string]int{}
	for i, n := range names {
		if j, seen := firstName[n]; seen {
			pass.ReportHintf(ptr("regions", i, "name"), "a card token by name would be ambiguous",
				"region name %q is also the name of region %q", p.Regions[i].Name, p.Regions[j].ID)
			continue
		}
		firstName[n] = i
	}
	// A token is case-insensitive and ids come first: a region id that
	// folds to another region's name (or id) makes that token silently
	// name the one region, never the other. Combined packs refuse such a
	// token across maps; within one map it is refused here, in every kind
	// of pack.
	type place struct {
		i    int
		what string
	}
	byToken := map[[2]string]place{}
	for i, r := range p.Regions {
		k := [2]string{r.Map, mapdata.Fold(r.ID)}
		if j, seen := byToken[k]; seen && p.Regions[j.i].ID != r.ID {
			pass.ReportHintf(ptr("regions", i, "id"), "give one of them another id",
				"region id %q is the token of region %q too (its %s): a card %q would name only one of them", r.ID, p.Regions[j.i].ID, j.what, r.ID)
			continue
		}
		byToken[k] = place{i, "id"}
	}
	for i, r := range p.Regions {
		k := [2]string{r.Map, mapdata.Fold(r.Name)}
		if j, seen := byToken[k]; seen && j.what == "id" && j.i != i {
			pass.ReportHintf(ptr("regions", i, "name"), "rename the region, or give the other region another id",
				"region name %q is also the id of %q (region %s): a card %q names %q, never this one", r.Name, p.Regions[j.i].Name, p.Regions[j.i].ID, r.Name, p.Regions[j.i].Name)
		}
	}
	ids := func(n int, get func(i int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = get(i)
		}
		return out
	}
	dup("colour id", ids(len(p.Colors), func(i int) string { return p.Colors[i].ID }), func(i int) string { return ptr("colors", i, "id") })
	dup("sea id", ids(len(p.Seas), func(i int) string { return p.Seas[i].ID }), func(i int) string { return ptr("seas", i, "id") })
	dup("rail id", ids(len(p.Rails), func(i int) string { return p.Rails[i].ID }), func(i int) string { return ptr("rails", i, "id") })
	dup("card token", ids(len(p.Deck.Cards), func(i int) string { return strings.ToLower(p.Deck.Cards[i].Token) }), func(i int) string { return ptr("deck", "cards", i, "token") })
}

func checkSelfLinks(pass *Pass, p *mapdata.Pack) {
	for i, l := range p.Links {
		if l.A == l.B {
			pass.Reportf(ptr("links", i), "%s link joins %q to itself", l.Kind, l.A)
		}
	}
}

func checkDuplicateLinks(pass *Pass, p *mapdata.Pack) {
	type key struct {
		pair [2]string
		kind mapdata.LinkKind
	}
	first := map[key]int{}
	for i, l := range p.Links {
		k := key{pairKey(l.A, l.B), l.Kind}
		if j, seen := first[k]; seen {
			pass.Reportf(ptr("links", i), "%s link %s–%s is listed twice (first at %s)", l.Kind, l.A, l.B, ptr("links", j))
			continue
		}
		first[k] = i
	}
}

func checkOneSidedLinks(pass *Pass, p *mapdata.Pack) {
	f := indexPack(p)
	for i, l := range p.Links {
		if l.Kind != mapdata.Car {
			continue
		}
		for j, v := range l.Via {
			a, b := f.walk[pairKey(v, l.A)], f.walk[pairKey(v, l.B)]
			switch {
			case a && b:
			case !a && !b:
				pass.Reportf(ptr("links", i, "via", j), "car link %s–%s goes via %s, which borders neither end", l.A, l.B, v)
			default:
				missing := l.B
				if !a {
					missing = l.A
				}
				pass.Reportf(ptr("links", i, "via", j), "car link %s–%s goes via %s, which does not border %s", l.A, l.B, v, missing)
			}
		}
	}
}

func checkAirOnlyLinks(pass *Pass, p *mapdata.Pack) {
	f := indexPack(p)
	airOnly := func(id string) bool {
		i, ok := f.regions[id]
		return ok && p.Regions[i].AirOnly
	}
	for i, l := range p.Links {
		for _, end := range []string{l.A, l.B} {
			if airOnly(end) {
				pass.ReportHintf(ptr("links", i), "planes are the only way to and from an air-only region",
					"%s link %s–%s touches air-only region %s", l.Kind, l.A, l.B, end)
				break
			}
		}
	}
}

// colorHolders counts the regions (not air-only) of each colour.
// colorHolders counts the regions a plane serves by each colour: air-only
// regions and those in no colour (the rules' colorless) aside.
func colorHolders(p *mapdata.Pack) map[string]int {
	n := map[string]int{}
	for _, r := range p.Regions {
		if !r.AirOnly && (p.Rules.Colorless == nil || r.Color != p.Rules.Colorless.Color) {
			n[r.Color]++
		}
	}
	return n
}

func planeColors(p *mapdata.Pack) map[string]int {
	n := map[string]int{}
	for i, c := range p.Deck.Cards {
		if c.Kind == mapdata.PlaneCard {
			if _, seen := n[c.Color]; !seen {
				n[c.Color] = i
			}
		}
	}
	return n
}

func checkLonelyColors(pass *Pass, p *mapdata.Pack) {
	holders := colorHolders(p)
	planes := planeColors(p)
	for i, c := range p.Colors {
		n, hasPlanes := holders[c.ID], false
		_, hasPlanes = planes[c.ID]
		if n == 1 && hasPlanes {
			pass.ReportHintf(ptr("colors", i), "give another region this colour, or change this one",
				"colour %q is held by only one region, so its planes link nothing", c.ID)
		} else if n == 1 {
			pass.Reportf(ptr("colors", i), "colour %q is held by only one region", c.ID)
		}
	}
}

func checkPlanesWithoutRegions(pass *Pass, p *mapdata.Pack) {
	holders := colorHolders(p)
	seen := map[string]bool{}
	for i, c := range p.Deck.Cards {
		if c.Kind != mapdata.PlaneCard || seen[c.Color] {
			continue
		}
		seen[c.Color] = true
		if holders[c.Color] == 0 {
			pass.Reportf(ptr("deck", "cards", i), "%d plane card(s) of colour %q, which no region has", c.Count, c.Color)
		}
	}
}

// reach says how each region can be reached, for the isolation rules.
type reach struct {
	ground bool // border, bridge, ferry, car, ship or train
	plane  bool
}

func reachability(p *mapdata.Pack) []reach {
	f := indexPack(p)
	out := make([]reach, len(p.Regions))
	for _, l := range p.Links {
		if l.A == l.B {
			continue
		}
		for _, id := range []string{l.A, l.B} {
			if i, ok := f.regions[id]; ok {
				out[i].ground = true
			}
		}
	}
	ships, trains, neutralTrains := map[string]bool{}, map[string]bool{}, false
	anyPlane := false
	for _, c := range p.Deck.Cards {
		switch c.Kind {
		case mapdata.ShipCard:
			if c.Routes {
				// A ship of the routes takes every stop of a route of two
				// stops or more to another.
				for _, route := range p.ShipRoutes {
					for _, id := range route.Stops {
						if i, ok := f.regions[id]; ok && len(route.Stops) > 1 {
							out[i].ground = true
						}
					}
				}
				continue
			}
			ships[c.Sea] = true
		case mapdata.TrainCard:
			if c.Rail == "" {
				neutralTrains = true
			}
			trains[c.Rail] = true
		case mapdata.PlaneCard:
			anyPlane = true
		}
	}
	onSea, onRail := map[string]int{}, map[string]int{}
	for _, r := range p.Regions {
		for _, s := range r.Seas {
			onSea[s]++
		}
		for _, l := range r.Rails {
			onRail[l]++
		}
	}
	holders := colorHolders(p)
	planes := planeColors(p)
	airOnlyCount := 0
	for _, r := range p.Regions {
		if r.AirOnly {
			airOnlyCount++
		}
	}
	for i, r := range p.Regions {
		for _, s := range r.Seas {
			if ships[s] && onSea[s] > 1 {
				out[i].ground = true
			}
		}
		for _, l := range r.Rails {
			if (trains[l] || neutralTrains) && onRail[l] > 1 {
				out[i].ground = true
			}
		}
		_, colorPlanes := planes[r.Color]
		wild := r.AirOnly || (p.Rules.Colorless != nil && r.Color == p.Rules.Colorless.Color && p.Rules.Colorless.Planes == mapdata.ColorlessOtherEnd)
		switch {
		case wild:
			// Any plane to another air-only region; a plane of the other end's colour otherwise.
			out[i].plane = anyPlane && (airOnlyCount > 1 || servedColor(planes, holders))
		default:
			out[i].plane = colorPlanes && (holders[r.Color] > 1 || airOnlyCount > 0)
		}
	}
	return out
}

func checkIsolated(pass *Pass, p *mapdata.Pack) {
	for i, r := range reachability(p) {
		if !r.ground && !r.plane {
			reg := p.Regions[i]
			pass.ReportHintf(ptr("regions", i), "add a link, a sea or a rail line, or give it a colour that planes serve",
				"region %s (%s) has no link of any kind: its card can never sit in a journey", reg.ID, reg.Name)
		}
	}
}

func checkAirOnlyUnmarked(pass *Pass, p *mapdata.Pack) {
	for i, r := range reachability(p) {
		reg := p.Regions[i]
		if !reg.AirOnly && !r.ground && r.plane {
			pass.ReportHintf(ptr("regions", i, "airOnly"), "list it under air_only in the edition",
				"only planes reach region %s (%s), but it is not marked air-only", reg.ID, reg.Name)
		}
	}
}

func checkExpectTotals(pass *Pass, p *mapdata.Pack) {
	if p.Expect == nil {
		return
	}
	got := mapdata.TotalsOf(p.Deck.Cards)
	if e := p.Expect.RegionCards; e != nil && *e != got.RegionCards {
		pass.ReportHintf(ptr("deck", "totals", "regionCards"), "check copies and the region list against the rulebook",
			"the deck has %s; the rulebook says %d", plural(got.RegionCards, "region card", "region cards"), *e)
	}
	if e := p.Expect.TransportCards; e != nil && *e != got.TransportCards {
		pass.ReportHintf(ptr("deck", "totals", "transportCards"), "check the transports recipe against the rulebook",
			"the deck has %s; the rulebook says %d", plural(got.TransportCards, "transport card", "transport cards"), *e)
	}
	if e := p.Expect.Regions; e != nil && *e != len(p.Regions) {
		pass.Reportf(ptr("regions"), "the pack has %s; the rulebook says %d", plural(len(p.Regions), "region", "regions"), *e)
	}
}

// deckPiles is the number of face-up piles and of draw piles a pack's game
// lays out after dealing: three (or as the rules say: five in Europa Tour)
// and one for a box, what the combined block
// says for a combined edition (six and three in 20 Days Around the World),
// as the engine deals them.
func deckPiles(p *mapdata.Pack) (faceUp, draw int) {
	faceUp, draw = p.Rules.FaceUpPiles(), 1
	if c := p.Combined; c != nil {
		if c.FaceUp > 0 {
			faceUp = c.FaceUp
		}
		if c.DrawPiles > 0 {
			draw = c.DrawPiles
		}
	}
	return faceUp, draw
}

func checkDeckSize(pass *Pass, p *mapdata.Pack) {
	days := p.Edition.Days
	if days <= 0 {
		return
	}
	faceUp, draw := deckPiles(p)
	need := MaxPlayers*days + faceUp + draw
	if got := mapdata.TotalsOf(p.Deck.Cards).Cards; got < need {
		cars := 0
		for _, c := range p.Deck.Cards {
			if c.Kind == mapdata.CarCard {
				cars += c.Count
			}
		}
		// Cars are neutral: raising their count never unbalances colours.
		fix := fmt.Sprintf("raise transports.automobile.count from %d to %d", cars, cars+need-got)
		if cars == 0 {
			fix = fmt.Sprintf("add transports: {automobile: {count: %d}}", need-got)
		}
		pass.ReportHintf(ptr("deck", "totals", "cards"), fmt.Sprintf("%s; %d players × %d days + %d face-up + %d to draw", fix, MaxPlayers, days, faceUp, draw),
			"the deck has %s, too few for %d players (needs %d)", plural(got, "card", "cards"), MaxPlayers, need)
	}
}

func checkDeckCopies(pass *Pass, p *mapdata.Pack) {
	counts := map[string]int{}
	for _, c := range p.Deck.Cards {
		if c.Kind == mapdata.RegionCard {
			counts[c.Region] += c.Count
		}
	}
	for i, r := range p.Regions {
		switch n := counts[r.ID]; {
		case n == 0:
			pass.Reportf(ptr("regions", i), "region %s has no card in the deck", r.ID)
		case n != r.Copies:
			pass.Reportf(ptr("regions", i, "copies"), "region %s has %d copies but the deck holds %d of its cards", r.ID, r.Copies, n)
		}
	}
}

// servedColor reports whether some colour has both planes and a region.
func servedColor(planes, holders map[string]int) bool {
	for c := range planes {
		if holders[c] > 0 {
			return true
		}
	}
	return false
}
