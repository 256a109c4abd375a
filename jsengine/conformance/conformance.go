// Package conformance writes `tendays export PACK --format conformance`: a
// suite of cases for another implementation of the 10 Days rules to test
// itself against, one JSON object a line.
//
// A journey case has "cards" (tokens), "days" (the length to check it
// against: `journey check --days`), "valid", "reason" (worded as `journey
// check --format json` words it), and "fault", "day" and "rule" (what the
// case is about: the link of its one step, a fault); cards that cannot be
// checked at all (an unknown card, a wrong length) have "error": true and
// the message. The cases are every link of the pack, a step over every
// transport card that links and one that does not, a region and a
// non-neighbour, every fault a journey can have, and whole journeys won in
// seeded games of the engine's bots, each also broken in every way. A
// position case ("kind": "legal-moves") is one seat's view of a game (the
// boardgame.io state, see jsengine.State) and the moves the rules allow it.
//
// Every verdict is the engine's (jsengine.Check): the suite says what
// tendays answers, so that an implementation that agrees on every line
// agrees with it. The same pack gives the same bytes.
package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/mapdata"
)

// Case is one line of the suite.
type Case struct {
	// Kind is "" for a journey, "legal-moves" for a position.
	Kind   string   `json:"kind,omitempty"`
	Rule   string   `json:"rule"`
	Cards  []string `json:"cards,omitempty"`
	Days   int      `json:"days,omitempty"`
	Valid  bool     `json:"valid"`
	Reason string   `json:"reason"`
	Fault  string   `json:"fault,omitempty"`
	Day    int      `json:"day,omitempty"`
	Error  bool     `json:"error,omitempty"`
	// A position: the seat, its view of the game, and its legal moves.
	Seat  *int            `json:"seat,omitempty"`
	State *jsengine.State `json:"state,omitempty"`
	Moves []jsengine.Move `json:"moves,omitempty"`
}

// Bytes is the suite of p as JSON lines.
func Bytes(p *mapdata.Pack) ([]byte, error) {
	cases, err := Cases(p)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// suite gathers cases, each cards list once.
type suite struct {
	e     *jsengine.Engine
	b     *engine.Board
	seen  map[string]bool
	cases []Case
}

// Cases is the suite of p.
func Cases(p *mapdata.Pack) ([]Case, error) {
	e, err := jsengine.New(p)
	if err != nil {
		return nil, err
	}
	s := &suite{e: e, b: e.Board(), seen: map[string]bool{}}
	s.links()
	s.colorless() // before transports, whose steps may be the same cards
	s.transports()
	s.openEnds()
	s.strangers()
	journeys, positions, err := s.games()
	if err != nil {
		return nil, err
	}
	for _, j := range journeys {
		s.journey("journey/won", j)
		s.broken(j)
	}
	s.faults()
	s.cases = append(s.cases, positions...)
	return s.cases, nil
}

func (s *suite) token(c engine.CardID) string { return s.b.Card(c).Token }

func (s *suite) regionToken(r int) (string, bool) {
	c := s.b.Region(r).Card
	if c == engine.NoCard {
		return "", false
	}
	return s.token(c), true
}

// add checks cards with the engine (days 0: as many as the cards) and
// keeps the case, once.
func (s *suite) add(rule string, cards []string, days int) {
	if days == 0 {
		days = len(cards)
	}
	key := fmt.Sprint(days, cards)
	if s.seen[key] {
		return
	}
	s.seen[key] = true
	v := s.e.Check(cards, days)
	s.cases = append(s.cases, Case{Rule: rule, Cards: slices.Clone(cards), Days: days, Valid: v.Valid, Reason: v.Reason, Fault: v.Fault, Day: v.Day, Error: v.Error})
}

func (s *suite) journey(rule string, cards []engine.CardID) {
	toks := make([]string, len(cards))
	for i, c := range cards {
		toks[i] = s.token(c)
	}
	s.add(rule, toks, 0)
}

// links: every walking link of the pack, both ways round once, and every
// car link over the car card.
func (s *suite) links() {
	b := s.b
	ix := map[string]int{}
	for r := range b.NumRegions() {
		ix[b.Region(r).ID] = r
	}
	car := engine.NoCard
	for c := range engine.CardID(b.NumCards()) {
		if b.Kind(c) == engine.CarCard {
			car = c
			break
		}
	}
	for _, l := range b.Pack().Links {
		x, okx := s.regionToken(ix[l.A])
		y, oky := s.regionToken(ix[l.B])
		if !okx || !oky {
			continue
		}
		if l.Kind.Walks() {
			s.add("link/"+string(l.Kind), []string{x, y}, 0)
			continue
		}
		if car != engine.NoCard {
			s.add("link/car", []string{x, s.token(car), y}, 0)
		}
	}
}

// transports: for every transport card, a step it links from each region
// (the first region it reaches) and three it does not.
func (s *suite) transports() {
	b := s.b
	for c := range engine.CardID(b.NumCards()) {
		if b.Kind(c) == engine.RegionCard || b.Copies(c) == 0 {
			continue
		}
		rule := "transport/" + b.Kind(c).String()
		t := s.token(c)
		land, air := 0, 0 // negatives so far: between regions on the ground, to an air-only one
		for x := range b.NumRegions() {
			tx, ok := s.regionToken(x)
			if !ok {
				continue
			}
			linked, unlinked, unlinkedAir := -1, -1, -1
			for y := range b.NumRegions() {
				if _, ok := s.regionToken(y); !ok || y == x {
					continue
				}
				switch {
				case b.Links(c, x, y):
					if linked < 0 {
						linked = y
					}
				case b.Region(y).AirOnly || b.Region(x).AirOnly:
					if unlinkedAir < 0 {
						unlinkedAir = y
					}
				case unlinked < 0:
					unlinked = y
				}
			}
			if linked >= 0 {
				ty, _ := s.regionToken(linked)
				s.add(rule, []string{tx, t, ty}, 0)
			}
			// A sample of steps it does not link: the reasons repeat.
			if unlinked >= 0 && land < 2 {
				ty, _ := s.regionToken(unlinked)
				s.add(rule+"/not-linked", []string{tx, t, ty}, 0)
				land++
			}
			if unlinkedAir >= 0 && air < 1 {
				ty, _ := s.regionToken(unlinkedAir)
				s.add(rule+"/not-linked", []string{tx, t, ty}, 0)
				air++
			}
		}
	}
	// Two ships side by side: on seas that connect, and on one sea.
	for c := range engine.CardID(b.NumCards()) {
		for d := range engine.CardID(b.NumCards()) {
			if b.Kind(c) != engine.ShipCard || b.Kind(d) != engine.ShipCard || b.Copies(c) == 0 || b.Copies(d) == 0 {
				continue
			}
			if !b.ShipPair(c, d) && c != d {
				continue
			}
			for x := range b.NumRegions() {
				tx, ok := s.regionToken(x)
				if !ok {
					continue
				}
				for y := range b.NumRegions() {
					ty, ok := s.regionToken(y)
					if ok && y != x && (b.PairLinks(c, d, x, y) || c == d && b.Links(c, x, y)) {
						s.add("transport/ship-pair", []string{tx, s.token(c), s.token(d), ty}, 0)
						break
					}
				}
				break
			}
		}
	}
}

// colorless: for every plane card and region in no colour, a step the
// plane links from it (the first region it reaches, as the rules say
// planes reach such a region) and one it does not.
func (s *suite) colorless() {
	b := s.b
	for c := range engine.CardID(b.NumCards()) {
		if b.Kind(c) != engine.PlaneCard || b.Copies(c) == 0 {
			continue
		}
		for x := range b.NumRegions() {
			tx, ok := s.regionToken(x)
			if !ok || !b.Region(x).Colorless {
				continue
			}
			linked, unlinked := false, false
			for y := range b.NumRegions() {
				ty, ok := s.regionToken(y)
				if !ok || y == x || b.Region(y).AirOnly {
					continue
				}
				switch on := b.Links(c, x, y); {
				case on && !linked:
					linked = true
					s.add("transport/plane/colorless", []string{tx, s.token(c), ty}, 0)
				case !on && !unlinked:
					unlinked = true
					s.add("transport/plane/colorless/not-linked", []string{tx, s.token(c), ty}, 0)
				}
			}
		}
	}
}

// openEnds: where the rules let a journey start (end) on a transport
// card, for every transport card the first region it serves after it
// (before it) and the first it does not, in journeys of two days.
func (s *suite) openEnds() {
	b := s.b
	if !b.OpenStart() && !b.OpenEnd() {
		return
	}
	for c := range engine.CardID(b.NumCards()) {
		if b.Kind(c) == engine.RegionCard || b.Copies(c) == 0 {
			continue
		}
		t := s.token(c)
		served, unserved := false, false
		for x := range b.NumRegions() {
			tx, ok := s.regionToken(x)
			if !ok {
				continue
			}
			suffix := ""
			switch serves := b.Serves(c, x); {
			case serves && !served:
				served = true
			case !serves && !unserved:
				unserved, suffix = true, "/not-served"
			default:
				continue
			}
			if b.OpenStart() {
				s.add("journey/open-start"+suffix, []string{t, tx}, 0)
			}
			if b.OpenEnd() {
				s.add("journey/open-end"+suffix, []string{tx, t}, 0)
			}
			if served && unserved {
				break
			}
		}
	}
}

// strangers: each region beside one it has no walking link with, itself
// twice, and an air-only region beside its first region.
func (s *suite) strangers() {
	b := s.b
	for x := range b.NumRegions() {
		tx, ok := s.regionToken(x)
		if !ok {
			continue
		}
		s.add("foot/same-region", []string{tx, tx}, 0)
		for y := range b.NumRegions() {
			ty, ok := s.regionToken(y)
			if ok && y != x && !b.Foot(x, y) && !b.SamePlace(x, y) {
				s.add("foot/not-linked", []string{tx, ty}, 0)
				break
			}
		}
	}
}

// games plays seeded games with the engine's bots, through jsengine as a
// boardgame.io master and seats would: the winners' journeys, and
// positions of the seats to move with their legal moves.
func (s *suite) games() ([][]engine.CardID, []Case, error) {
	var journeys [][]engine.CardID
	var positions []Case
	players, games := min(3, game.BoxPlayers), uint64(4)
	if s.b.NumMaps() > 0 {
		players, games = 2, 2 // 20 days on four maps: long games
	}
	// A deck too small for three holders plays two; one too small for
	// two has no game to play.
	for ; players >= 2; players-- {
		if _, err := s.e.Setup(jsengine.GameOptions{Players: players}); err == nil {
			break
		}
	}
	if players < 2 {
		return nil, nil, nil
	}
	for seed := uint64(1); seed <= games; seed++ {
		st, err := s.e.Setup(jsengine.GameOptions{Players: players})
		if err != nil {
			return nil, nil, err
		}
		if st, err = s.e.Deal(st, seed); err != nil {
			return nil, nil, err
		}
		for step := 0; !st.Over(); step++ {
			seat := st.ToMove
			view := st.ViewOf(seat)
			m, err := s.e.Bot("greedy", view, seat)
			if err != nil {
				return nil, nil, err
			}
			// A sample of positions, those where the discard must go on
			// the pile emptied among them.
			mustPile := st.Table != nil && st.Table.MustPile >= 0
			if len(positions) < 12*int(seed) && (step%29 == 3 || mustPile) {
				legal, err := s.e.Legal(view, seat)
				if err != nil {
					return nil, nil, err
				}
				positions = append(positions, Case{Kind: "legal-moves", Rule: "turn/" + st.Phase, Seat: &seat, State: view, Moves: legal, Valid: true,
					Reason: fmt.Sprintf("the moves seat %d may make", seat)})
			}
			if st, err = s.e.Apply(st, seat, *m); err != nil {
				return nil, nil, err
			}
		}
		if st.Winner >= 0 && st.Journey != nil {
			var cards []engine.CardID
			for _, tok := range st.Journey.Cards {
				c, err := s.b.Lookup(tok)
				if err != nil {
					return nil, nil, err
				}
				cards = append(cards, c)
			}
			journeys = append(journeys, cards)
		}
	}
	return journeys, positions, nil
}

// broken breaks a valid journey in every way one card can: each region
// card replaced by the next region's, a transport moved to either end,
// two cards swapped.
func (s *suite) broken(j []engine.CardID) {
	b := s.b
	n := len(j)
	cp := func() []engine.CardID { return slices.Clone(j) }
	for i, c := range j {
		if b.IsRegion(c) {
			k := cp()
			next := (b.RegionOf(c) + 1) % b.NumRegions()
			if nc := b.Region(next).Card; nc != engine.NoCard {
				k[i] = nc
				s.journey("journey/changed", k)
			}
			continue
		}
		k := cp()
		k[0] = c
		s.journey("journey/starts-with-transport", k)
		k = cp()
		k[n-1] = c
		s.journey("journey/ends-with-transport", k)
		if i+1 < n-1 {
			k = cp()
			k[i+1] = c
			s.journey("journey/transports-side-by-side", k)
		}
	}
	k := cp()
	k[1], k[n-2] = k[n-2], k[1]
	s.journey("journey/swapped", k)
	// A region card more often than the deck holds it.
	for i, c := range j {
		if b.IsRegion(c) && i+2 < n {
			k := cp()
			k[i+2] = c
			s.journey("journey/too-many-copies", k)
			break
		}
	}
	// Cut short, and one day too long.
	s.add("journey/length", toks(s, j[:n-1]), n)
	s.add("journey/length", append(toks(s, j), toks(s, j[:1])...), n)
}

func toks(s *suite, cards []engine.CardID) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = s.token(c)
	}
	return out
}

// faults: the faults no change of a won journey makes.
func (s *suite) faults() {
	b := s.b
	first, _ := s.regionToken(0)
	s.add("journey/empty", []string{}, b.Days())
	s.add("journey/unknown-card", []string{first, "no-such-card"}, 2)
	var transport string
	for c := range engine.CardID(b.NumCards()) {
		if !b.IsRegion(c) && b.Copies(c) > 0 {
			transport = s.token(c)
			break
		}
	}
	if transport != "" {
		s.add("journey/transport-alone", []string{transport}, 1)
	}
	if b.NumMaps() > 0 {
		// A journey of one map's regions: every step holds, a map is missing.
		if j := s.footWalk(b.Days(), 0); j != nil {
			s.journey("journey/missing-map", j)
		}
	}
}

// footWalk is a walk of days distinct regions of map m on foot, found by
// a seeded search, or nil.
func (s *suite) footWalk(days, m int) []engine.CardID {
	b := s.b
	rng := rand.New(rand.NewPCG(uint64(days), uint64(m)))
	var path []int
	used := map[int]bool{}
	budget := 200000
	var walk func(r int) bool
	walk = func(r int) bool {
		budget--
		if budget < 0 {
			return false
		}
		path = append(path, r)
		used[r] = true
		if len(path) == days {
			return true
		}
		next := slices.Clone(b.FootNeighbors(r))
		rng.Shuffle(len(next), func(i, j int) { next[i], next[j] = next[j], next[i] })
		for _, y := range next {
			if !used[int(y)] && b.MapOf(int(y)) == m && b.Region(int(y)).Card != engine.NoCard {
				if walk(int(y)) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		used[r] = false
		return false
	}
	for r := range b.NumRegions() {
		if b.MapOf(r) == m && b.Region(r).Card != engine.NoCard && walk(r) {
			out := make([]engine.CardID, len(path))
			for i, x := range path {
				out[i] = b.Region(x).Card
			}
			return out
		}
	}
	return nil
}
