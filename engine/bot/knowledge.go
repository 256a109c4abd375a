package bot

import (
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// unit is what bringing a card into the holder costs when a copy is there
// to be had (the distance's costs are in these units, so that a card
// unlikely to come can cost a fraction more).
const unit = 4

// knowledge is what one seat knows of where the copies of each card are,
// from its view alone: in its own holder, face up, under the face-up tops,
// seen going into another seat's holder (taken face up and kept), or
// unseen (in a draw pile or another seat's hand). From it, what bringing a
// card into the holder costs the distance:
//
//   - far when no copy can be had: every copy is in the seat's own holder
//     or known to be in another's (a second Yemen where the deck has one);
//   - unit when one is face up or under the tops (it comes back when a
//     draw pile is made anew);
//   - unit and up to two units more when the copies are unseen and none
//     has shown itself face up for a long while: each card of the draw
//     piles is drawn once in about as many turns as the piles hold cards,
//     and one drawn and not laid down again sits in another seat's holder.
//     So a plan waiting for a card another seat keeps is dropped for one
//     that does not, and the seat re-plans when its target cannot come.
type knowledge struct {
	b                               *engine.Board
	held, known, up, buried, unseen []int
	acq, tacq                       []int32
	// level is each card's cost as the distance has it (given out, see
	// learn), age the calls since.
	level []int32
	age   int
}

// newKnowledge starts a seat's knowledge, and d's costs at unit a card.
func newKnowledge(b *engine.Board, d *distance) *knowledge {
	n := b.NumCards()
	kn := &knowledge{b: b, held: make([]int, n), known: make([]int, n), up: make([]int, n), buried: make([]int, n),
		unseen: make([]int, n), acq: make([]int32, b.NumRegions()), tacq: make([]int32, n), level: make([]int32, n)}
	for c := range kn.tacq {
		kn.tacq[c], kn.level[c] = unit, unit
	}
	for r := range kn.acq {
		kn.acq[r] = unit
	}
	d.setCosts(kn.acq, kn.tacq)
	return kn
}

// learn reads the view into d's costs and returns the distance of holder
// h. The distance recomputes all its tables when costs change, so changes
// wait and are given out together every refresh calls; but a card the
// holder's plan needs (it lies on a journey within a card of the
// distance) that no copy of can be had any more is given out at once, so
// the seat re-plans when its target becomes unreachable.
//
// When the changes are due anyway and no transport card is a candidate
// for that test (a transport's test counts steps, a region's does not),
// the tables for h at the old costs are not computed only to be thrown
// away: their steps are counted as if they were (see distance.steps), so
// the work, and what the doctor sizes by it, stays the same.
func (kn *knowledge) learn(v game.View, d *distance, h []engine.CardID) int32 {
	kn.costs(v)
	kn.age++
	b := kn.b
	changed, transport := false, false
	for c := range engine.CardID(b.NumCards()) {
		if kn.level[c] != kn.tacq[c] && b.Copies(c) > 0 {
			changed = true
			transport = transport || kn.tacq[c] == far && kn.held[c] == 0 && !b.IsRegion(c)
		}
	}
	if changed && kn.age >= refresh && !transport {
		pending := d.stepsOf(h)
		if d.setCosts(kn.acq, kn.tacq) {
			d.steps += pending
		}
		kn.age = 0
		copy(kn.level, kn.tacq)
		return d.compute(h)
	}
	d0 := d.compute(h)
	urgent := false
	for c := range engine.CardID(b.NumCards()) {
		old, cost := kn.level[c], kn.tacq[c]
		if old == cost || b.Copies(c) == 0 {
			continue
		}
		// A card the holder holds is in its plans at no cost: what another
		// copy costs (far, when it held the last) can wait.
		if cost == far && kn.held[c] == 0 && d.through(c) <= d0+unit {
			urgent = true
			break
		}
	}
	if !urgent && (!changed || kn.age < refresh) {
		return d0
	}
	kn.age = 0
	copy(kn.level, kn.tacq)
	d.setCosts(kn.acq, kn.tacq)
	return d.compute(h)
}

// refresh is how many calls changes that are not urgent wait before they
// are given out.
const refresh = 10

// costs reads the view into the costs by region (acq) and by deck card
// (tacq).
func (kn *knowledge) costs(v game.View) {
	b := kn.b
	for _, s := range [][]int{kn.held, kn.known, kn.up, kn.buried, kn.unseen} {
		clear(s)
	}
	for _, c := range v.Holder() {
		if c != engine.NoCard {
			kn.held[c]++
		}
	}
	v.KnownHeld(kn.known)
	for k := range v.NumPiles() {
		if c := v.Top(k); c != engine.NoCard {
			kn.up[c]++
		}
	}
	v.Buried(kn.buried)
	v.Unseen(kn.unseen)
	draw := v.DrawSize() + 1
	turn := v.Turns()
	for c := range engine.CardID(b.NumCards()) {
		cost := int32(unit)
		switch {
		case b.Copies(c)-kn.held[c]-kn.known[c] <= 0:
			cost = far
		case kn.up[c] > 0 || kn.buried[c] > 0:
		case kn.unseen[c] > 0:
			// Unseen: the longer since a copy last lay face up, against
			// the turns a pass through the draw piles takes, the likelier
			// every copy sits in another seat's holder.
			since := turn - v.Shown(c)
			switch {
			case 2*since >= 3*draw:
				cost += 2 * unit
			case 4*since >= 3*draw:
				cost += unit
			}
		}
		kn.tacq[c] = cost
		if r := b.RegionOf(c); r >= 0 {
			kn.acq[r] = cost
		}
	}
}

// unseenUnder fills counts (one a card, cleared first) with the cards
// draw pile i's top may be: the unseen cards of the box its back shows, or
// every unseen card on a board of one map. It returns how many there are.
func unseenUnder(v game.View, i int, counts []int) int {
	clear(counts)
	if m := v.TopMap(i); m >= 0 {
		return v.UnseenOfMap(m, counts)
	}
	return v.Unseen(counts)
}
