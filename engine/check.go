package engine

import "math/bits"

// Fault is why a journey is not valid.
type Fault uint8

const (
	NoFault Fault = iota
	// Empty: no cards at all.
	Empty
	// UnknownCard: a CardID the board does not have.
	UnknownCard
	// StartsWithTransport, EndsWithTransport: the first or last card is
	// not a region card.
	StartsWithTransport
	EndsWithTransport
	// TransportsSideBySide: two transport cards next to each other.
	TransportsSideBySide
	// TooManyCopies: a card used more often than the deck holds it.
	TooManyCopies
	// NotLinked: a step whose two regions the cards between them do not
	// link (same region, no border, wrong colour, not on the sea...).
	NotLinked
	// MissingMap: on a combined board, no region of some member map.
	MissingMap
)

var faultNames = [...]string{"", "empty", "unknown-card", "starts-with-transport", "ends-with-transport",
	"transports-side-by-side", "too-many-copies", "not-linked", "missing-map"}

// String is a short stable name for the fault, for JSON output.
func (f Fault) String() string {
	if int(f) < len(faultNames) {
		return faultNames[f]
	}
	return "fault"
}

// Verdict is the result of checking a journey. It refers to the checked
// cards (it does not copy them): ask for its Steps or Reason before changing
// that slice.
type Verdict struct {
	Valid bool
	Fault Fault
	// At is the 0-based day where the fault is: the first card of the
	// failing step, the card over its copies, the misplaced transport.
	At    int
	board *Board
	cards []CardID
}

// Check decides whether cards form a valid journey of any length. It does not
// compare the length with the edition's days: that is the caller's choice
// (variants play 5 days). It allocates nothing; the words come from the
// verdict's Reason and Steps, computed only when asked.
func (b *Board) Check(cards []CardID) Verdict { return b.check(cards, true) }

// check is Check, with the deck's copy limits applied or not (counting
// sets them aside).
func (b *Board) check(cards []CardID, copies bool) Verdict {
	v := Verdict{At: -1, board: b, cards: cards}
	n := len(cards)
	if n == 0 {
		v.Fault = Empty
		return v
	}
	nc := CardID(len(b.kind))
	prev := 0
	// seen marks the deck cards met so far, so that only a card met before
	// is counted over the journey (decks up to 1,024 kinds; larger ones
	// always count).
	var seen [16]uint64
	var have uint64 // the maps of the regions so far (combined boards)
	first := 0      // the day of the first region card
	for i := 0; i < n; {
		c := cards[i]
		if c >= nc {
			return v.fail(UnknownCard, i)
		}
		if copies && b.over(cards, i, &seen) {
			return v.fail(TooManyCopies, i)
		}
		if b.kind[c] == RegionCard {
			r := int(b.reg[c])
			if i > first && !b.foot.has(prev, r) {
				return v.fail(NotLinked, i-1)
			}
			have |= 1 << b.regMap[r]
			prev = r
			i++
			continue
		}
		if i == 0 || i == n-1 {
			// A transport at an end: a fault, or where the rules allow it
			// a step to (or from) the region beside it.
			f, at := b.endCard(cards, i, c, prev, &seen, copies)
			if f != NoFault {
				return v.fail(f, at)
			}
			if i > 0 {
				i++ // the last card
				continue
			}
			prev, first = int(b.reg[cards[1]]), 1
			have |= 1 << b.regMap[prev]
			i = 2 // past the region the first card serves
			continue
		}
		d := cards[i+1]
		if d >= nc {
			return v.fail(UnknownCard, i+1)
		}
		if b.kind[d] != RegionCard {
			if !b.ShipPair(c, d) {
				return v.fail(TransportsSideBySide, i)
			}
			// Two ships on seas that connect: region, ship, ship, region.
			if i+2 >= n {
				return v.fail(EndsWithTransport, i+1)
			}
			if copies && b.over(cards, i+1, &seen) {
				return v.fail(TooManyCopies, i+1)
			}
			e := cards[i+2]
			if e >= nc {
				return v.fail(UnknownCard, i+2)
			}
			if b.kind[e] != RegionCard {
				return v.fail(TransportsSideBySide, i+1)
			}
			if copies && b.over(cards, i+2, &seen) {
				return v.fail(TooManyCopies, i+2)
			}
			r := int(b.reg[e])
			if !b.PairLinks(c, d, prev, r) {
				return v.fail(NotLinked, i-1)
			}
			have |= 1 << b.regMap[r]
			prev = r
			i += 3
			continue
		}
		if copies && b.over(cards, i+1, &seen) {
			return v.fail(TooManyCopies, i+1)
		}
		r := int(b.reg[d])
		if !b.link[c].has(prev, r) {
			return v.fail(NotLinked, i-1)
		}
		have |= 1 << b.regMap[r]
		prev = r
		i += 2
	}
	if have&b.allMaps != b.allMaps {
		return v.fail(MissingMap, n-1)
	}
	v.Valid = true
	return v
}

// openEndsScore is what Progress gives a journey's open ends, where the
// rules let it start or end on a transport card: two points for each end
// whose transport serves the region beside it (the end's, and the pair's,
// which no step of the journey holds otherwise).
func (b *Board) openEndsScore(cards []CardID) int {
	n := len(cards)
	if n < 2 {
		return 0
	}
	serves := func(t, r CardID) bool {
		return int(t) < len(b.kind) && b.kind[t] != RegionCard && b.IsRegion(r) && b.Serves(t, int(b.reg[r]))
	}
	score := 0
	if b.openStart && serves(cards[0], cards[1]) {
		score += 2
	}
	if b.openEnd && serves(cards[n-1], cards[n-2]) {
		score += 2
	}
	return score
}

// endCard checks transport card c on day i, the first or the last of the
// journey: a fault where the rules keep region cards at that end; else it
// must serve the region beside it (prev, before a last card; the card on
// day 1, a region card within the deck's copies, after a first one).
func (b *Board) endCard(cards []CardID, i int, c CardID, prev int, seen *[16]uint64, copies bool) (Fault, int) {
	n := len(cards)
	switch {
	case i == 0 && (!b.openStart || n == 1):
		return StartsWithTransport, 0
	case i == n-1 && i > 0 && !b.openEnd:
		return EndsWithTransport, i
	case i == n-1:
		if !b.Serves(c, prev) {
			return NotLinked, i - 1
		}
		return NoFault, 0
	}
	d := cards[1]
	switch {
	case d >= CardID(len(b.kind)):
		return UnknownCard, 1
	case b.kind[d] != RegionCard:
		return TransportsSideBySide, 0
	case copies && b.over(cards, 1, seen):
		return TooManyCopies, 1
	case !b.Serves(c, int(b.reg[d])):
		return NotLinked, 0
	}
	return NoFault, 0
}

// Serves reports whether transport card t can take a journey on from
// region r (or bring it there): t links r to some region. A journey may
// start or end on such a card where the rules say (OpenStart, OpenEnd).
func (b *Board) Serves(t CardID, r int) bool {
	if int(t) >= len(b.kind) || b.kind[t] == RegionCard || r < 0 || r >= len(b.regions) {
		return false
	}
	m := b.link[t]
	for _, w := range m.bits[r*m.w : (r+1)*m.w] {
		if w != 0 {
			return true
		}
	}
	return false
}

// OpenStart and OpenEnd report whether a journey may start or end on a
// transport card that serves the region beside it (the pack's
// rules.journey); else region cards are at both ends.
func (b *Board) OpenStart() bool { return b.openStart }
func (b *Board) OpenEnd() bool   { return b.openEnd }

func (v Verdict) fail(f Fault, at int) Verdict {
	v.Fault, v.At = f, at
	return v
}

// over is overCopies, counting only cards met before (seen).
func (b *Board) over(cards []CardID, i int, seen *[16]uint64) bool {
	c := b.base[cards[i]]
	if w := int(c >> 6); w < len(seen) {
		m := uint64(1) << (c & 63)
		if seen[w]&m == 0 {
			seen[w] |= m
			return b.count[c] < 1
		}
	}
	return b.overCopies(cards, i)
}

// overCopies reports whether cards[i] is one more copy than the deck holds,
// counting the same card earlier in the journey.
func (b *Board) overCopies(cards []CardID, i int) bool {
	c := b.base[cards[i]]
	seen := int32(1)
	for _, d := range cards[:i] {
		if b.base[d] == c {
			seen++
		}
	}
	return seen > b.count[c]
}

// Progress measures how near cards are to a valid journey, for bots: one
// point for a region card at each end (or a transport serving the region
// beside it, where the rules let a journey start or end on one:
// openEndsScore), and one for every pair of adjacent slots that holds (two
// linked regions, or a transport and a region of a step that links). A valid journey scores len(cards)+1 and only a valid
// journey (copies aside) does. NoCard slots score nothing. It allocates
// nothing.
func (b *Board) Progress(cards []CardID) int {
	n := len(cards)
	if n == 0 {
		return 0
	}
	nc := CardID(len(b.kind))
	isRegion := func(i int) bool { return cards[i] < nc && b.kind[cards[i]] == RegionCard }
	score := 0
	if b.openStart || b.openEnd {
		score = b.openEndsScore(cards)
	}
	if isRegion(0) {
		score++
	}
	if isRegion(n - 1) {
		score++
	}
	for i := 0; i+1 < n; i++ {
		a, c := cards[i], cards[i+1]
		if a >= nc || c >= nc {
			continue
		}
		ra, rc := b.kind[a] == RegionCard, b.kind[c] == RegionCard
		switch {
		case ra && rc:
			if b.foot.has(int(b.reg[a]), int(b.reg[c])) {
				score++
			}
		case ra && !rc:
			// a transport after a region: holds if the step to i+2 links
			// (or to i+3 over two ships whose seas connect).
			if i+2 < n && isRegion(i+2) && b.link[c].has(int(b.reg[a]), int(b.reg[cards[i+2]])) {
				score++
			} else if i+3 < n && isRegion(i+3) && b.PairLinks(c, cards[i+2], int(b.reg[a]), int(b.reg[cards[i+3]])) {
				score++
			}
		case !ra && rc:
			if i > 0 && isRegion(i-1) && b.link[a].has(int(b.reg[cards[i-1]]), int(b.reg[c])) {
				score++
			} else if i > 1 && isRegion(i-2) && b.PairLinks(cards[i-1], a, int(b.reg[cards[i-2]]), int(b.reg[c])) {
				score++
			}
		default:
			// two ships side by side, between two regions they link.
			if i > 0 && i+2 < n && isRegion(i-1) && isRegion(i+2) && b.PairLinks(a, c, int(b.reg[cards[i-1]]), int(b.reg[cards[i+2]])) {
				score++
			}
		}
	}
	if b.nmaps > 0 {
		// A journey short of a map is short of a win.
		score -= bits.OnesCount64(b.missingMaps(cards))
	}
	return score
}
