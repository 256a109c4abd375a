package game

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/tendays/tendays/engine"
)

// Rand is the game's random source for a seed (the deal and every
// reshuffle), and SeatRand a bot's at a seat. `tendays play`, the studio and
// a replayed Record all use these, so that one seed deals one game
// everywhere.
func Rand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0)) }

// SeatRand is the random source of the bot at seat (0-based) for a seed.
func SeatRand(seed uint64, seat int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(seat)+1))
}

// Action is one decision of the seat to move, as a person or a bot makes
// it, in a form that can be written down and replayed: fill (Map: the map
// whose tiles the next card of the fill is drawn from, on a combined board),
// place (Day, during the fill), take (From: -1 a draw pile, the one Draw names; 0 up a face-up
// pile), put (Slot: a day, or -1 to discard the card taken; Pile) or swap
// (I, J). Days, slots, piles and draw piles count from 0. The seed and
// every seat's actions replay a game without its bots.
type Action struct {
	Action string `json:"action"`
	Map    int    `json:"map"`
	Day    int    `json:"day"`
	From   int    `json:"from"`
	Draw   int    `json:"draw"`
	Slot   int    `json:"slot"`
	Pile   int    `json:"pile"`
	I      int    `json:"i"`
	J      int    `json:"j"`
}

// Apply plays a on g, refusing a move the rules (or the action's own
// fields) do not allow with an error a person can read.
func (a Action) Apply(g *Game) error {
	switch a.Action {
	case "fill":
		return g.DrawFill(a.Map)
	case "place":
		return g.Place(a.Day)
	case "take":
		src := Source(a.From)
		switch {
		case a.From < -1 || a.From >= g.NumPiles():
			return illegal("from: %d (want -1 for a draw pile, named by draw, or 0 to %d for a face-up pile)", a.From, g.NumPiles()-1)
		case a.From == -1:
			if a.Draw < 0 || a.Draw >= g.NumDraw() {
				return illegal("no draw pile %d (want 0 to %d)", a.Draw, g.NumDraw()-1)
			}
			src = DrawPile(a.Draw)
		case a.Draw != 0:
			return illegal("draw: %d names a draw pile, but from: %d takes from a face-up pile", a.Draw, a.From)
		}
		return g.Take(src)
	case "put":
		return g.Put(a.Slot, a.Pile)
	case "swap":
		return g.Swap(a.I, a.J)
	}
	return illegal("unknown action %q (want fill, place, take, put or swap)", a.Action)
}

// String is the action's short form, the one ParseActions reads: f2 (draw
// the fill's next card from map 3's tiles), p3 (place on day 4), d0 (draw from draw pile 1), t2 (take face-up pile 3), u3.1 (put
// on day 4, discard on pile 2), x1 (discard the card taken on pile 2), s0.4
// (swap days 1 and 5). It is what a studio URL carries.
func (a Action) String() string {
	switch a.Action {
	case "fill":
		return "f" + strconv.Itoa(a.Map)
	case "place":
		return "p" + strconv.Itoa(a.Day)
	case "take":
		if a.From < 0 {
			return "d" + strconv.Itoa(a.Draw)
		}
		return "t" + strconv.Itoa(a.From)
	case "put":
		if a.Slot < 0 {
			return "x" + strconv.Itoa(a.Pile)
		}
		return fmt.Sprintf("u%d.%d", a.Slot, a.Pile)
	case "swap":
		return fmt.Sprintf("s%d.%d", a.I, a.J)
	}
	return "?" + a.Action
}

// FormatActions writes actions in their short forms, one after another.
func FormatActions(as []Action) string {
	var b strings.Builder
	for _, a := range as {
		b.WriteString(a.String())
	}
	return b.String()
}

// MaxActions bounds a list of actions read from outside: a game capped at
// a few thousand turns has two actions a turn.
const MaxActions = 50000

// ParseActions reads actions in their short forms (see Action.String). It
// checks their shape, not their legality: Apply does that.
func ParseActions(s string) ([]Action, error) {
	var out []Action
	for i := 0; i < len(s); {
		letter := s[i]
		start := i
		i++
		num := func() (int, error) {
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j == i || j-i > 6 {
				return 0, fmt.Errorf("moves: at %d (%q): want a number after %q", i+1, s[start:min(len(s), j+1)], letter)
			}
			n, _ := strconv.Atoi(s[i:j])
			i = j
			return n, nil
		}
		pair := func() (int, int, error) {
			x, err := num()
			if err != nil {
				return 0, 0, err
			}
			if i >= len(s) || s[i] != '.' {
				return 0, 0, fmt.Errorf("moves: at %d (%q): want two numbers joined by a dot", start+1, s[start:i])
			}
			i++
			y, err := num()
			return x, y, err
		}
		var a Action
		var err error
		switch letter {
		case 'f':
			a.Action = "fill"
			a.Map, err = num()
		case 'p':
			a.Action = "place"
			a.Day, err = num()
		case 'd':
			a.Action, a.From = "take", -1
			a.Draw, err = num()
		case 't':
			a.Action = "take"
			a.From, err = num()
		case 'u':
			a.Action = "put"
			a.Slot, a.Pile, err = pair()
		case 'x':
			a.Action, a.Slot = "put", -1
			a.Pile, err = num()
		case 's':
			a.Action = "swap"
			a.I, a.J, err = pair()
		default:
			return nil, fmt.Errorf("moves: at %d: %q is no move (want f, p, d, t, u, x or s)", start+1, string(rune(letter)))
		}
		if err != nil {
			return nil, err
		}
		if len(out) == MaxActions {
			return nil, fmt.Errorf("moves: more than %d", MaxActions)
		}
		out = append(out, a)
	}
	return out, nil
}

// TurnActions are the actions of a completed turn (what a bot did, as
// Game.LastTurn records it): a swap, or a take and a put.
func TurnActions(t Turn) []Action {
	if t.Swap {
		return []Action{{Action: "swap", I: t.I, J: t.J}}
	}
	take := Action{Action: "take", From: int(t.From)}
	if d, ok := t.From.Draw(); ok {
		take.From, take.Draw = -1, d
	}
	return []Action{take, {Action: "put", Slot: t.Slot, Pile: t.Pile}}
}

// SeatAction is an action and the seat that made it.
type SeatAction struct {
	Seat int `json:"seat"`
	Action
}

// MarshalJSON writes the seat, the action and only the fields of its
// kind: {"seat":0,"action":"put","slot":3,"pile":1}.
func (m SeatAction) MarshalJSON() ([]byte, error) {
	type written struct {
		Seat   int    `json:"seat"`
		Action string `json:"action"`
		Map    *int   `json:"map,omitempty"`
		Day    *int   `json:"day,omitempty"`
		From   *int   `json:"from,omitempty"`
		Draw   *int   `json:"draw,omitempty"`
		Slot   *int   `json:"slot,omitempty"`
		Pile   *int   `json:"pile,omitempty"`
		I      *int   `json:"i,omitempty"`
		J      *int   `json:"j,omitempty"`
	}
	w := written{Seat: m.Seat, Action: m.Action.Action}
	switch m.Action.Action {
	case "fill":
		w.Map = &m.Map
	case "place":
		w.Day = &m.Day
	case "take":
		w.From = &m.From
		if m.From < 0 {
			w.Draw = &m.Draw
		}
	case "put":
		w.Slot, w.Pile = &m.Slot, &m.Pile
	case "swap":
		w.I, w.J = &m.I, &m.J
	}
	return json.Marshal(w)
}

// RecordFormat names a game log.
const RecordFormat = "tendays.game"

// Record is a game written down: the edition it was played on, the seed,
// the variant and every seat's actions in order; Replay plays it again
// without the bots. The seed is a decimal string, as JavaScript numbers
// cannot hold every 64-bit seed.
type Record struct {
	Format        string `json:"format"`
	FormatVersion int    `json:"formatVersion"`
	Edition       string `json:"edition"`
	Seed          string `json:"seed"`
	Players       int    `json:"players"`
	Days          int    `json:"days"`
	Swap          bool   `json:"swap"`
	OpenHands     bool   `json:"openHands"`
	// Refill is how an empty draw pile of a combined board is made anew
	// ("all" or "own"; "" on one map).
	Refill  string       `json:"refill,omitempty"`
	TurnCap int          `json:"turnCap,omitempty"`
	Seats   []string     `json:"seats"` // "human", or the bot's name
	Moves   []SeatAction `json:"moves"`
	// Winner (0-based, -1: none) and Turns are how the game stood when it
	// was written; Replay checks them.
	Winner int `json:"winner"`
	Turns  int `json:"turns"`
}

// NewRecord starts the record of g, dealt from seed, on board b.
func NewRecord(g *Game, seed uint64, seats []string, turnCap int) Record {
	r := Record{Format: RecordFormat, FormatVersion: 1, Edition: g.board.Pack().Edition.ID, Seed: strconv.FormatUint(seed, 10),
		Players: g.players, Days: g.days, Swap: g.swap, OpenHands: g.open, TurnCap: turnCap, Seats: seats, Moves: []SeatAction{}, Winner: -1}
	if g.NumMaps() > 1 {
		r.Refill = g.refill.String()
	}
	return r
}

// DecodeRecord reads a game log, checking its format.
func DecodeRecord(data []byte) (Record, error) {
	var r Record
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("not a game log: %w", err)
	}
	if r.Format != RecordFormat || r.FormatVersion != 1 {
		return r, fmt.Errorf("format %q version %d: want %q version 1", r.Format, r.FormatVersion, RecordFormat)
	}
	if len(r.Moves) > MaxActions {
		return r, fmt.Errorf("%d moves: at most %d", len(r.Moves), MaxActions)
	}
	if len(r.Seats) != r.Players {
		return r, fmt.Errorf("%d seats named for %d players", len(r.Seats), r.Players)
	}
	return r, nil
}

// Config is the variant the record was played with.
func (r Record) Config() (Config, error) {
	cfg := Config{Players: r.Players, Days: r.Days, Swap: SwapOff, OpenHands: r.OpenHands, VariantPlayers: r.Players > BoxPlayers}
	if r.Swap {
		cfg.Swap = SwapOn
	}
	refill, err := ParseRefill(r.Refill)
	cfg.Refill = refill
	return cfg, err
}

// Replay deals the recorded game on b and plays its moves, calling step
// (when not nil) after each. It refuses a log of another edition, a move
// out of turn or against the rules (naming the move), and an ending other
// than the one recorded.
func Replay(b *engine.Board, r Record, step func(i int, m SeatAction, g *Game)) (*Game, error) {
	if id := b.Pack().Edition.ID; r.Edition != id {
		return nil, fmt.Errorf("the log is of edition %q, not %q", r.Edition, id)
	}
	seed, err := strconv.ParseUint(r.Seed, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("seed %q: want a decimal number below 2^64", r.Seed)
	}
	cfg, err := r.Config()
	if err != nil {
		return nil, err
	}
	g, err := New(b, cfg, Rand(seed))
	if err != nil {
		return nil, err
	}
	for i, m := range r.Moves {
		if g.Phase() == Over {
			return nil, fmt.Errorf("move %d (%s): the game was over", i+1, m.Action)
		}
		if m.Seat != g.Seat() {
			return nil, fmt.Errorf("move %d (%s): seat %d moves, but it is seat %d's turn", i+1, m.Action, m.Seat+1, g.Seat()+1)
		}
		if err := m.Action.Apply(g); err != nil {
			return nil, fmt.Errorf("move %d (%s, seat %d): %w", i+1, m.Action, m.Seat+1, err)
		}
		if step != nil {
			step(i, m, g)
		}
	}
	if g.Winner() != r.Winner || g.Turns() != r.Turns {
		return g, &MismatchError{Recorded: ending(r.Winner, r.Turns), Replayed: ending(g.Winner(), g.Turns())}
	}
	return g, nil
}

func ending(winner, turns int) string {
	if winner < 0 {
		return fmt.Sprintf("no winner after %d turns", turns)
	}
	return fmt.Sprintf("seat %d winning after %d turns", winner+1, turns)
}

// MismatchError is a replay that ended otherwise than its log says.
type MismatchError struct{ Recorded, Replayed string }

func (e *MismatchError) Error() string {
	return fmt.Sprintf("the log says %s; replayed, the game has %s", e.Recorded, e.Replayed)
}
