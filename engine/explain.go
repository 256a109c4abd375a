package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// Step is one move of a journey: from the region card on day From to the
// one on day To (0-based), over the transport card on day Via (-1: on
// foot) and, for two ships side by side on seas that connect, the second
// on day Via2 (-1: none). Why says what links them, or why they are not
// linked. Where the rules let a journey start or end on a transport card,
// its first or last step has no region at one end (From or To -1): the
// transport on day Via serves the region at the other.
type Step struct {
	From, Via, To int
	Via2          int
	Linked        bool
	// How: border, bridge, ferry, car, plane, ship or train.
	How  string
	Why  string
	Text string // "Oregon → car → Arizona: car via California or Nevada"
}

// Steps explains every step of the journey, up to and including the one
// that fails (a journey with a fault that is not a step, such as a
// transport on day 1, lists the steps before the fault).
func (v Verdict) Steps() []Step {
	b, cards := v.board, v.cards
	if b == nil {
		return nil
	}
	var steps []Step
	// A fault that is not a step's (a misplaced transport, a card over its
	// copies) ends the list at its day.
	last := len(cards) - 1
	if !v.Valid && v.Fault != NotLinked && v.At >= 0 {
		last = v.At
	}
	i := 0
	if s, ok := b.openStartStep(cards); ok {
		if s.To > last {
			return nil
		}
		steps = append(steps, s)
		if !s.Linked {
			return steps
		}
		i = s.To
	}
	for i+1 < len(cards) {
		if s, ok := b.openEndStep(cards, i); ok {
			if s.Via <= last {
				steps = append(steps, s)
			}
			break
		}
		s, ok := v.stepAt(i)
		if !ok || s.To > last {
			break
		}
		s.Text = b.stepText(cards, s)
		steps = append(steps, s)
		if !s.Linked {
			break
		}
		i = s.To
	}
	return steps
}

// stepAt is the step from the region card on day i (i+1 < len(cards)),
// its Text left empty; false when the cards there make no step (a
// transport where a region should be, a transport at the end).
func (v Verdict) stepAt(i int) (Step, bool) {
	b, cards := v.board, v.cards
	if !b.IsRegion(cards[i]) {
		return Step{}, false
	}
	s := Step{From: i, Via: -1, Via2: -1}
	if b.IsRegion(cards[i+1]) {
		s.To = i + 1
		s.Linked, s.How, s.Why = b.whyFoot(b.RegionOf(cards[i]), b.RegionOf(cards[i+1]))
	} else if i+3 < len(cards) && b.ShipPair(cards[i+1], cards[i+2]) {
		if !b.IsRegion(cards[i+3]) {
			return Step{}, false
		}
		s.Via, s.Via2, s.To = i+1, i+2, i+3
		s.Linked, s.How, s.Why = b.whyPair(cards[i+1], cards[i+2], b.RegionOf(cards[i]), b.RegionOf(cards[i+3]))
	} else {
		if i+2 >= len(cards) || !b.IsRegion(cards[i+2]) || int(cards[i+1]) >= len(b.kind) {
			return Step{}, false
		}
		s.Via, s.To = i+1, i+2
		s.Linked, s.How, s.Why = b.whyLink(cards[i+1], b.RegionOf(cards[i]), b.RegionOf(cards[i+2]))
	}
	return s, true
}

// openStartStep is the first step of a journey that starts on a transport
// card (where the rules allow it): the card on day 0 serving the region on
// day 1.
func (b *Board) openStartStep(cards []CardID) (Step, bool) {
	if !b.openStart || len(cards) < 2 || b.IsRegion(cards[0]) || !b.IsRegion(cards[1]) || int(cards[0]) >= len(b.kind) {
		return Step{}, false
	}
	s := Step{From: -1, Via: 0, Via2: -1, To: 1}
	s.Linked, s.How, s.Why = b.whyServe(cards[0], b.RegionOf(cards[1]), "starts")
	s.Text = b.stepText(cards, s)
	return s, true
}

// openEndStep is the last step of a journey that ends on a transport card
// (where the rules allow it): the region on day i served by the card after
// it, the last.
func (b *Board) openEndStep(cards []CardID, i int) (Step, bool) {
	n := len(cards)
	if !b.openEnd || i != n-2 || b.IsRegion(cards[n-1]) || int(cards[n-1]) >= len(b.kind) {
		return Step{}, false
	}
	s := Step{From: i, Via: n - 1, Via2: -1, To: -1}
	s.Linked, s.How, s.Why = b.whyServe(cards[n-1], b.RegionOf(cards[i]), "ends")
	s.Text = b.stepText(cards, s)
	return s, true
}

// whyServe explains whether transport card t, opening or closing a
// journey (ends: "starts" or "ends"), serves region r.
func (b *Board) whyServe(t CardID, r int, ends string) (linked bool, how, why string) {
	how = b.Card(t).Kind.String()
	name := b.regions[r].Name
	if b.Serves(t, r) {
		return true, how, fmt.Sprintf("the journey %s on %s, which serves %s", ends, b.Name(t), name)
	}
	return false, how, fmt.Sprintf("%s links %s to no other %s, so the journey cannot %s on it", b.Name(t), name, b.word, strings.TrimSuffix(ends, "s"))
}

// Days is the first and last day (0-based) the step spans: its regions'
// or, at an open end, the transport's in place of the missing region.
func (s Step) Days() (first, last int) {
	first, last = s.From, s.To
	if first < 0 {
		first = s.Via
	}
	if last < 0 {
		last = s.Via
	}
	return first, last
}

func (b *Board) stepText(cards []CardID, s Step) string {
	return string(b.appendStepText(make([]byte, 0, 64), cards, s))
}

// appendStepText appends the step's text: "Oregon → car → Arizona: why";
// at an open end, the transport and the region it serves.
func (b *Board) appendStepText(dst []byte, cards []CardID, s Step) []byte {
	const arrow = " → "
	switch {
	case s.From < 0:
		dst = append(append(append(dst, b.Name(cards[s.Via])...), arrow...), b.Name(cards[s.To])...)
		return append(append(dst, ": "...), s.Why...)
	case s.To < 0:
		dst = append(append(append(dst, b.Name(cards[s.From])...), arrow...), b.Name(cards[s.Via])...)
		return append(append(dst, ": "...), s.Why...)
	}
	dst = append(dst, b.Name(cards[s.From])...)
	for _, via := range [2]int{s.Via, s.Via2} {
		if via >= 0 {
			dst = append(append(dst, arrow...), b.Name(cards[via])...)
		}
	}
	dst = append(append(dst, arrow...), b.Name(cards[s.To])...)
	return append(append(dst, ": "...), s.Why...)
}

// failingStep is the step a journey that is not linked fails at: the
// check stops on the day that step starts (v.At), and the steps before it
// are linked (TestNotLinkedExplainsTheStepTheCheckStoppedAt), so it is
// explained alone, not after every step before it (a batch of random
// journeys asks this of nearly every line). False when the verdict is
// another or the step cannot be made out there.
func (v Verdict) failingStep() (Step, bool) {
	if v.board == nil || v.Valid || v.Fault != NotLinked || v.At < 0 || v.At+1 >= len(v.cards) {
		return Step{}, false
	}
	s, ok := v.stepAt(v.At)
	return s, ok && !s.Linked
}

// appendNotLinked appends the reason of a journey that fails at step s.
func (v Verdict) appendNotLinked(dst []byte, s Step) []byte {
	dst = strconv.AppendInt(append(dst, "days "...), int64(s.From+1), 10)
	dst = strconv.AppendInt(append(dst, "–"...), int64(s.To+1), 10)
	return v.board.appendStepText(append(dst, ": "...), v.cards, s)
}

// AppendReason appends Reason's sentence to dst, a journey that is not
// linked written in place: what a batch of journeys writes line after
// line, with no string made for it.
func (v Verdict) AppendReason(dst []byte) []byte {
	if s, ok := v.failingStep(); ok {
		return v.appendNotLinked(dst, s)
	}
	return append(dst, v.Reason()...)
}

// Reason says in a sentence why the journey is valid or where it fails.
func (v Verdict) Reason() string {
	b, cards := v.board, v.cards
	if b == nil {
		return "not checked"
	}
	if v.Valid {
		return fmt.Sprintf("a valid %d-day journey", len(cards))
	}
	day := v.At + 1
	name := func(i int) string {
		if i < 0 || i >= len(cards) {
			return "?"
		}
		return b.Name(cards[i])
	}
	w := b.word
	switch v.Fault {
	case Empty:
		return "the journey has no cards"
	case UnknownCard:
		return fmt.Sprintf("day %d: card %d is not a card of this deck", day, cards[v.At])
	case StartsWithTransport:
		return fmt.Sprintf("day 1 is %s, a transport card: a journey starts with a %s card", name(0), w)
	case EndsWithTransport:
		return fmt.Sprintf("day %d is %s, a transport card: a journey ends with a %s card", day, name(v.At), w)
	case TransportsSideBySide:
		msg := fmt.Sprintf("days %d and %d are %s and %s: two transport cards side by side link nothing", day, day+1, name(v.At), name(v.At+1))
		if b.SeasConnect() {
			msg += " (but two ships on seas that connect"
			if c, d := cards[v.At], cards[v.At+1]; b.Kind(c) == ShipCard && b.Kind(d) == ShipCard && b.sea[c] == b.sea[d] {
				msg += ", not two on one sea"
			} else if b.Kind(c) == ShipCard && b.Kind(d) == ShipCard && b.sea[c] >= 0 && b.sea[d] >= 0 && !b.ShipPair(c, d) {
				msg += fmt.Sprintf(", and the %s and the %s do not: the edition's seas say which connect", b.seas[b.sea[c]].Name, b.seas[b.sea[d]].Name)
			} else if v.At > 0 && b.ShipPair(cards[v.At-1], c) {
				msg += ", two and no more"
			}
			msg += ")"
		}
		return msg
	case TooManyCopies:
		c := b.base[cards[v.At]]
		used := 0
		for _, d := range cards[:v.At+1] {
			if b.base[d] == c {
				used++
			}
		}
		setting := "transports" // how many of a transport card the deck holds
		if b.Kind(c) == RegionCard {
			setting = "copies"
		}
		return fmt.Sprintf("day %d: %s is used %d times, but the deck holds %s (the edition's %s)", day, name(v.At), used, times(int(b.count[c])), setting)
	case MissingMap:
		var miss []string
		m := b.missingMaps(cards)
		for i := range b.nmaps {
			if m>>i&1 != 0 {
				miss = append(miss, b.maps[i].Name)
			}
		}
		var all []string
		for _, mp := range b.maps {
			all = append(all, mp.Name)
		}
		maps := "map"
		if len(miss) > 1 {
			maps = "maps"
		}
		return fmt.Sprintf("the journey holds no %s of the %s %s: a journey of this game holds one of every map (%s)", w, andList(miss), maps, strings.Join(all, ", "))
	case NotLinked:
		if s, ok := v.failingStep(); ok {
			return string(v.appendNotLinked(make([]byte, 0, 96), s))
		}
		for _, s := range v.Steps() {
			if !s.Linked {
				from, to := s.Days()
				return fmt.Sprintf("days %d–%d: %s", from+1, to+1, s.Text)
			}
		}
	}
	return "not a valid journey"
}

func times(n int) string {
	switch n {
	case 0:
		return "none"
	case 1:
		return "only one"
	}
	return fmt.Sprintf("only %d", n)
}

// whyFoot explains whether regions x and y are linked on foot.
func (b *Board) whyFoot(x, y int) (linked bool, how, why string) {
	rx, ry := &b.regions[x], &b.regions[y]
	switch {
	case x == y:
		return false, "border", fmt.Sprintf("the same %s twice in a row goes nowhere", b.word)
	case b.SamePlace(x, y):
		return false, "border", b.onePlace(x, y) + fmt.Sprintf(": the same %s twice in a row goes nowhere", b.word)
	case rx.AirOnly:
		return false, "border", rx.Name + onlyByPlane
	case ry.AirOnly:
		return false, "border", ry.Name + onlyByPlane
	}
	n := len(b.regions)
	if li := b.footLink[x*n+y]; li >= 0 {
		l := b.pack.Links[li]
		why = string(l.Kind)
		if l.Kind == mapdata.Border && l.LengthKm > 0 {
			why = fmt.Sprintf("border, %s km", formatKm(l.LengthKm))
		}
		if l.Why != "" {
			why += " (" + l.Why + ")"
		}
		return true, string(l.Kind), why
	}
	why = "they share no border"
	if ri, ok := b.removed[[2]int{min(x, y), max(x, y)}]; ok {
		l := b.pack.Removed[ri]
		why += " (the edition removed the " + string(l.Kind) + " between them"
		if l.Why != "" {
			why += ": " + l.Why
		}
		why += ")"
	}
	return false, "border", why
}

// onlyByPlane ends the reason a region no foot, car, ship or train reaches
// gives, naming the edition's setting that makes it so.
const onlyByPlane = " is reached only by plane (the edition's air_only)"

// whyNoCar says why no car links regions x and y, naming the edition's
// setting when it decides: the edition removed the car link, or a third
// region joins both only over a link kind its cars do not drive through
// (transports.automobile.through; issue 39: bridges and ferries do not
// count for cars unless listed there, which the reason did not say).
func (b *Board) whyNoCar(x, y int) string {
	if ri, ok := b.removed[[2]int{min(x, y), max(x, y)}]; ok && b.pack.Removed[ri].Kind == mapdata.Car {
		why := "the edition removed the car link between them (links.remove"
		if w := b.pack.Removed[ri].Why; w != "" {
			why += ": " + w
		}
		return why + ")"
	}
	plain := fmt.Sprintf("no third %s borders both", b.word)
	through, known := mapdata.CarThrough(b.pack)
	if !known {
		return plain
	}
	n := len(b.regions)
	for c := range b.regions {
		if c == x || c == y || b.regions[c].AirOnly {
			continue
		}
		l1, l2 := b.footLink[x*n+c], b.footLink[c*n+y]
		if l1 < 0 || l2 < 0 {
			continue
		}
		var off []string
		for _, li := range []int32{l1, l2} {
			if k := b.pack.Links[li].Kind; !slices.Contains(through, k) && !slices.Contains(off, string(k)) {
				off = append(off, string(k))
			}
		}
		if len(off) == 0 {
			continue // a car link the edition has not (a combined map's edge)
		}
		kinds := make([]string, len(through))
		for i, k := range through {
			kinds[i] = string(k)
		}
		return fmt.Sprintf("%s: %s joins them over a %s, which cars take only when the edition's transports.automobile.through lists it (it lists %s)",
			plain, b.regions[c].Name, orList(off), strings.Join(kinds, ", "))
	}
	return plain
}

// carCrossings are the link kinds, other than borders, a car link from x
// to y takes through its middle regions: what the edition's
// transports.automobile.through let it take.
func (b *Board) carCrossings(x, y int) []string {
	li := b.carLink[x*len(b.regions)+y]
	if li < 0 {
		return nil
	}
	n := len(b.regions)
	var out []string
	for _, id := range b.pack.Links[li].Via {
		c := slices.IndexFunc(b.regions, func(r RegionInfo) bool { return r.ID == id })
		if c < 0 {
			continue
		}
		for _, f := range []int32{b.footLink[x*n+c], b.footLink[c*n+y]} {
			if f < 0 {
				continue
			}
			if k := b.pack.Links[f].Kind; k != mapdata.Border && !slices.Contains(out, string(k)) {
				out = append(out, string(k))
			}
		}
	}
	return out
}

// onePlace says that two regions of two maps are one place: "Russia
// (Europe) and Russia (Asia) are one place".
func (b *Board) onePlace(x, y int) string {
	return fmt.Sprintf("%s and %s are one place", b.regions[x].Name, b.regions[y].Name)
}

func formatKm(km float64) string {
	if km >= 10 {
		return fmt.Sprintf("%.0f", km)
	}
	return fmt.Sprintf("%.1f", km)
}

// whyLink explains whether transport card t links regions x and y.
func (b *Board) whyLink(t CardID, x, y int) (linked bool, how, why string) {
	info := b.Card(t)
	how = info.Kind.String()
	rx, ry := &b.regions[x], &b.regions[y]
	linked = b.link[t].has(x, y)
	if x == y {
		return false, how, fmt.Sprintf("the same %s at both ends goes nowhere", b.word)
	}
	if b.SamePlace(x, y) {
		return false, how, b.onePlace(x, y) + fmt.Sprintf(": the same %s at both ends goes nowhere", b.word)
	}
	if info.Kind != PlaneCard {
		for _, r := range []*RegionInfo{rx, ry} {
			if r.AirOnly {
				return false, how, r.Name + onlyByPlane
			}
		}
	}
	switch info.Kind {
	case CarCard:
		if !linked {
			return false, how, b.whyNoCar(x, y)
		}
		why = b.Transport(CarCard).ID
		if li := b.carLink[x*len(b.regions)+y]; li >= 0 {
			if via := b.pack.Links[li].Via; len(via) > 0 {
				names := make([]string, len(via))
				for i, id := range via {
					names[i] = id
					if r := b.pack.Region(id); r != nil && r.Name != "" {
						names[i] = r.Name
					}
				}
				why += " via " + orList(names)
			}
			if kinds := b.carCrossings(x, y); len(kinds) > 0 {
				// The link stands on the edition's setting: say which.
				why += fmt.Sprintf(" (over a %s, which the edition's transports.automobile.through lets cars take)", orList(kinds))
			}
		}
		return true, how, why
	case PlaneCard:
		c := b.colors[info.Color].Name
		colorOf := func(r *RegionInfo) string { return b.colors[r.Color].Name }
		if why, ok := b.whyColorless(info, rx, ry, linked); ok {
			return linked, how, why
		}
		switch {
		case rx.AirOnly && ry.AirOnly:
			return true, how, fmt.Sprintf("any plane serves between %s and %s", rx.Name, ry.Name)
		case rx.AirOnly || ry.AirOnly:
			air, other := rx, ry
			if ry.AirOnly {
				air, other = ry, rx
			}
			if linked {
				return true, how, fmt.Sprintf("%s is reached only by plane, and the plane matches %s's colour, %s", air.Name, other.Name, c)
			}
			return false, how, fmt.Sprintf("a plane to or from %s must match %s's colour (%s), not %s", air.Name, other.Name, colorOf(other), c)
		case linked:
			return true, how, fmt.Sprintf("%s and %s are both %s", rx.Name, ry.Name, c)
		}
		if rx.Color == ry.Color {
			return false, how, fmt.Sprintf("%s and %s are both %s, not %s", rx.Name, ry.Name, colorOf(rx), c)
		}
		var off []string
		for _, r := range []*RegionInfo{rx, ry} {
			if r.Color != info.Color {
				off = append(off, fmt.Sprintf("%s is %s", r.Name, colorOf(r)))
			}
		}
		return false, how, strings.Join(off, " and ") + ", not " + c
	case ShipCard:
		if info.Routes {
			return b.whyRoute(info, x, y, linked)
		}
		sea := b.seas[info.Sea].Name
		if linked {
			return true, how, "both on the " + sea
		}
		return false, how, notOn(rx, ry, sea, func(r *RegionInfo) []int { return r.Seas }, info.Sea)
	case TrainCard:
		if info.Rail >= 0 {
			line := b.rails[info.Rail].Name
			if linked {
				return true, how, "both on the " + line
			}
			why = notOn(rx, ry, line, func(r *RegionInfo) []int { return r.Rails }, info.Rail)
			if others := b.sharedLines(rx, ry); len(others) > 0 {
				why += "; " + orList(others) + " would link them"
			} else {
				why += "; no line links them"
			}
			return false, how, why
		}
		if linked {
			for _, l := range rx.Rails {
				for _, m := range ry.Rails {
					if l == m {
						return true, how, "both on the " + b.rails[l].Name
					}
				}
			}
		}
		return false, how, fmt.Sprintf("%s and %s share no rail line", rx.Name, ry.Name)
	}
	return linked, how, ""
}

// whyColorless explains a plane between two regions one of which is in
// no colour (ok false when neither is): no plane reaches it, or the plane
// takes the other end's colour, as the rules say.
func (b *Board) whyColorless(info CardInfo, rx, ry *RegionInfo, linked bool) (string, bool) {
	if !rx.Colorless && !ry.Colorless {
		return "", false
	}
	plane := info.Token
	none, other := rx, ry
	if !rx.Colorless {
		none, other = ry, rx
	}
	switch {
	case !b.colorlessOtherEnd:
		return fmt.Sprintf("%s is in no colour: no %s reaches it", none.Name, b.pack.Rules.Kind(mapdata.PlaneCard).ID), true
	case b.wild(other):
		return fmt.Sprintf("any %s serves between %s and %s", b.pack.Rules.Kind(mapdata.PlaneCard).ID, rx.Name, ry.Name), true
	case linked:
		return fmt.Sprintf("%s is in no colour, and %s matches %s's colour, %s", none.Name, plane, other.Name, b.colors[info.Color].Name), true
	}
	return fmt.Sprintf("%s is in no colour: the %s to or from it must match %s's colour (%s), not %s", none.Name, b.pack.Rules.Kind(mapdata.PlaneCard).ID,
		other.Name, b.colors[other.Color].Name, b.colors[info.Color].Name), true
}

// whyRoute explains whether a ship of the routes (info) links x and y:
// both stops of one ship route (of its own route, when it is named on one).
func (b *Board) whyRoute(info CardInfo, x, y int, linked bool) (bool, string, string) {
	rx, ry := &b.regions[x], &b.regions[y]
	var joining []string
	first := info.Route
	for k, stops := range b.routeStops {
		if slices.Contains(stops, int32(x)) && slices.Contains(stops, int32(y)) {
			joining = append(joining, b.routes[k].Name)
			if first < 0 {
				first = k
			}
		}
	}
	if linked {
		return true, "ship", "along the ship route " + b.routes[first].Name
	}
	if info.Route >= 0 && len(joining) > 0 {
		return false, "ship", fmt.Sprintf("the ship route %s does not join %s and %s; %s does", b.routes[info.Route].Name, rx.Name, ry.Name, orList(joining))
	}
	return false, "ship", fmt.Sprintf("no ship route joins %s and %s: ships sail only along the routes drawn on the board", rx.Name, ry.Name)
}

// whyPair explains whether ships c then d, side by side, take a journey
// from x to y.
func (b *Board) whyPair(c, d CardID, x, y int) (linked bool, how, why string) {
	rx, ry := &b.regions[x], &b.regions[y]
	sc, sd := b.seas[b.sea[c]].Name, b.seas[b.sea[d]].Name
	switch {
	case x == y:
		return false, "ship", fmt.Sprintf("the same %s at both ends goes nowhere", b.word)
	case b.SamePlace(x, y):
		return false, "ship", b.onePlace(x, y) + fmt.Sprintf(": the same %s at both ends goes nowhere", b.word)
	case rx.AirOnly:
		return false, "ship", rx.Name + onlyByPlane
	case ry.AirOnly:
		return false, "ship", ry.Name + onlyByPlane
	}
	onX, onY := b.onSeaHas(int(b.sea[c]), x), b.onSeaHas(int(b.sea[d]), y)
	switch {
	case onX && onY:
		return true, "ship", fmt.Sprintf("%s on the %s, %s on the %s, and the two connect", rx.Name, sc, ry.Name, sd)
	case !onX && !onY:
		return false, "ship", fmt.Sprintf("%s is not on the %s and %s is not on the %s", rx.Name, sc, ry.Name, sd)
	case !onX:
		return false, "ship", fmt.Sprintf("%s is not on the %s", rx.Name, sc)
	}
	return false, "ship", fmt.Sprintf("%s is not on the %s", ry.Name, sd)
}

// sharedLines lists the tokens of the trains that would link two regions:
// every line both are on, as a player would name it (train:LINE).
func (b *Board) sharedLines(rx, ry *RegionInfo) []string {
	var out []string
	for _, l := range rx.Rails {
		if slices.Contains(ry.Rails, l) {
			out = append(out, "train:"+b.rails[l].ID)
		}
	}
	return out
}

// notOn says which of two regions is not on a sea or a line.
func notOn(rx, ry *RegionInfo, what string, of func(*RegionInfo) []int, id int) string {
	has := func(r *RegionInfo) bool {
		for _, v := range of(r) {
			if v == id {
				return true
			}
		}
		return false
	}
	switch {
	case !has(rx) && !has(ry):
		return fmt.Sprintf("neither %s nor %s is on the %s", rx.Name, ry.Name, what)
	case !has(rx):
		return fmt.Sprintf("%s is not on the %s", rx.Name, what)
	default:
		return fmt.Sprintf("%s is not on the %s", ry.Name, what)
	}
}

func andList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
