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
	// level is each card's cost the last time the costs were given out,
	// and since how many calls: the distance recomputes all its tables when
	// they change, so changes are given out every refresh calls, not at
	// once (the seat re-plans a few turns late).
	level []int32
	age   int
}

// refresh is how many calls a change in the costs waits before it is
// given out.
const refresh = 5

func newKnowledge(b *engine.Board) *knowledge {
	n := b.NumCards()
	return &knowledge{b: b, held: make([]int, n), known: make([]int, n), up: make([]int, n), buried: make([]int, n),
		unseen: make([]int, n), acq: make([]int32, b.NumRegions()), tacq: make([]int32, n), level: make([]int32, n)}
}

// costs reads the view and returns the distance's costs (by region, and by
// deck card), and whether they changed since the last call.
func (kn *knowledge) costs(v game.View) (acq, tacq []int32, changed bool) {
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
	kn.age++
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
		changed = changed || kn.level[c] != cost
	}
	if !changed || kn.age < refresh {
		return kn.acq, kn.tacq, false
	}
	kn.age = 0
	copy(kn.level, kn.tacq)
	for c := range engine.CardID(b.NumCards()) {
		if r := b.RegionOf(c); r >= 0 {
			kn.acq[r] = kn.tacq[c]
		}
	}
	return kn.acq, kn.tacq, true
}
