package game

// Legal lists the actions the seat to move may make now, each one that
// Action.Apply accepts, and no other: during the fill, the maps whose pile
// holds a card (a combined board, before the card is drawn) or the open
// days; a turn's first decision, every draw pile that can give a card,
// every face-up pile, and every swap of two days where the game allows it
// (days i < j: swapping j and i is the same turn); its second, every day
// to replace (or -1, discarding the card taken) on every pile the discard
// may go on. Nothing once the game is over. The order is fixed: the same
// position lists the same actions.
func (g *Game) Legal() []Action {
	var out []Action
	switch g.phase {
	case Filling:
		if g.MustChooseFill() {
			for m, f := range g.fill {
				if len(f) > 0 {
					out = append(out, Action{Action: "fill", Map: m})
				}
			}
			return out
		}
		for d, c := range g.slots[g.seat] {
			if c == noCard {
				out = append(out, Action{Action: "place", Day: d})
			}
		}
	case Choosing:
		for i := range g.draws {
			if g.CanDrawFrom(i) {
				out = append(out, Action{Action: "take", From: -1, Draw: i})
			}
		}
		for k, p := range g.piles {
			if len(p) > 0 {
				out = append(out, Action{Action: "take", From: k})
			}
		}
		if g.swap {
			for i := range g.days {
				for j := i + 1; j < g.days; j++ {
					out = append(out, Action{Action: "swap", I: i, J: j})
				}
			}
		}
	case Placing:
		piles := []int{g.MustPile()}
		if piles[0] < 0 {
			piles = piles[:0]
			for k := range g.piles {
				piles = append(piles, k)
			}
		}
		for slot := -1; slot < g.days; slot++ {
			for _, k := range piles {
				out = append(out, Action{Action: "put", Slot: slot, Pile: k})
			}
		}
	}
	return out
}

// Decide is the action p makes for the seat to move in v's game, the seat
// whose view v is: on a combined board's fill the map to draw from
// (FillChoice) and then the day, a turn's first decision (take or swap)
// and its second (put); a swap names its days in Legal's order (the
// smaller first). It is the zero Action (Action "") when v's seat
// is not to move or the game is over.
func Decide(p Player, v View) Action {
	g := v.g
	if g.seat != v.seat {
		return Action{}
	}
	switch g.phase {
	case Filling:
		if g.MustChooseFill() {
			return Action{Action: "fill", Map: FillChoice(p, v)}
		}
		return Action{Action: "place", Day: p.Fill(v, g.Hand())}
	case Choosing:
		m := p.Choose(v)
		if m.Swap {
			// Days in the order Legal lists them: the same turn.
			return Action{Action: "swap", I: min(m.I, m.J), J: max(m.I, m.J)}
		}
		a := Action{Action: "take", From: int(m.From)}
		if d, ok := m.From.Draw(); ok {
			a.From, a.Draw = -1, d
		}
		return a
	case Placing:
		put := p.Place(v, g.Hand())
		return Action{Action: "put", Slot: put.Slot, Pile: put.Pile}
	}
	return Action{}
}
