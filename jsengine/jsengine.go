// Package jsengine is the engine as JavaScript calls it: a pack compiled,
// a journey checked with its reasons and steps, and a game dealt, its legal
// moves listed, a move applied and a bot's choice made, every value plain
// JSON (card tokens, not indexes). The WebAssembly programs under
// jsengine/wasm register these functions for Node and browsers, and the
// boardgame.io package that `tendays export --format boardgameio` writes
// calls them.
//
// A game is a State: what boardgame.io keeps as G. Its public part is what
// every seat sees (the table, the seats' filled and known days, every
// action in order); Players holds each seat's own holder and hand; Secret
// holds the seed the deal and every reshuffle come from, so that the draw
// piles' order is never stored, only replayed. A page hides a State from a
// seat by dropping Secret and the other seats' Players (boardgame.io's
// playerView), and Bot and Legal need no more than that.
//
// It holds no rule: journeys are engine's, the turn and the deal
// engine/game's (Legal, Action.Apply, Position), the choices engine/bot's.
package jsengine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/mapdata"
)

// Engine is one compiled pack and the games being played on it.
type Engine struct {
	board *engine.Board
	live  *liveGames
}

// Load reads a pack (its JSON text; name is for messages) and compiles it.
// A route-network pack is refused: its game (engine/route) is not bridged.
func Load(name string, packJSON []byte) (*Engine, error) {
	if len(packJSON) > int(mapdata.DefaultMaxDocument) {
		return nil, fmt.Errorf("%s: %d bytes, over the %d a pack may have", name, len(packJSON), mapdata.DefaultMaxDocument)
	}
	if p, ok := fastPack(packJSON); ok {
		return New(p)
	}
	doc, err := mapdata.ParseJSON(name, packJSON)
	if err != nil {
		return nil, err
	}
	if mapdata.PackKind(doc) == mapdata.KindNetwork {
		return nil, ErrNetwork
	}
	pd, err := mapdata.DecodePackDoc(doc)
	if err != nil {
		return nil, err
	}
	return New(pd.Pack)
}

// ErrNetwork is the refusal of a route-network pack.
var ErrNetwork = errors.New("a route-network pack (kind network): the JavaScript engine plays the 10 Days games (regions and combined packs); the route-network game of engine/route is not bridged to JavaScript")

// New compiles a decoded pack.
func New(p *mapdata.Pack) (*Engine, error) {
	if p.Kind == mapdata.KindNetwork {
		return nil, ErrNetwork
	}
	b, err := engine.Compile(p)
	if err != nil {
		return nil, err
	}
	return &Engine{board: b, live: newLiveGames()}, nil
}

// Board is the compiled pack.
func (e *Engine) Board() *engine.Board { return e.board }

// Info describes the pack for a program: the edition, its maps, the deck's
// tokens, the piles and the bots.
type Info struct {
	Edition    mapdata.EditionInfo `json:"edition"`
	Maps       []engine.Named      `json:"maps,omitempty"`
	Cards      []string            `json:"cards"`
	Transports []string            `json:"transports"`
	FaceUp     int                 `json:"faceUp"`
	DrawPiles  int                 `json:"drawPiles"`
	Swap       bool                `json:"swap"` // the edition's rule
	MinPlayers int                 `json:"minPlayers"`
	MaxPlayers int                 `json:"maxPlayers"` // the box's
	Bots       []string            `json:"bots"`
}

// Info describes the pack.
func (e *Engine) Info() Info {
	b := e.board
	in := Info{Edition: b.Pack().Edition, FaceUp: max(b.FaceUp(), 1), DrawPiles: max(b.DrawPiles(), 1), Swap: b.Pack().Rules.Swap,
		MinPlayers: 2, MaxPlayers: game.BoxPlayers, Bots: bot.Names(), Cards: []string{}, Transports: []string{}}
	in.Edition.Days = b.Days()
	for m := range b.NumMaps() {
		in.Maps = append(in.Maps, b.Map(m))
	}
	for c := range b.NumCards() {
		info := b.Card(engine.CardID(c))
		in.Cards = append(in.Cards, info.Token)
		if info.Kind != engine.RegionCard {
			in.Transports = append(in.Transports, info.Token)
		}
	}
	return in
}

// Verdict is a checked journey: what `journey check --format json`
// prints, or, for cards that cannot be checked (an unknown card, a wrong
// length), Error set and the reason why, as `journey check --batch` words
// it.
type Verdict struct {
	engine.VerdictReport
	Error bool `json:"error,omitempty"`
}

// MaxCards bounds a journey to check.
const MaxCards = 1000

// Check checks a journey of card tokens; days 0 is the edition's length.
func (e *Engine) Check(tokens []string, days int) Verdict {
	if days <= 0 {
		days = e.board.Days()
	}
	if len(tokens) > MaxCards {
		return badVerdict(tokens, fmt.Sprintf("%d cards: a journey is a few dozen at most", len(tokens)))
	}
	cards, err := e.board.ParseJourneyDays(tokens, days)
	if err != nil {
		return badVerdict(tokens, err.Error())
	}
	return Verdict{VerdictReport: e.board.Report(cards, e.board.Check(cards))}
}

func badVerdict(tokens []string, reason string) Verdict {
	cards := append([]string{}, tokens...)
	return Verdict{VerdictReport: engine.VerdictReport{Reason: reason, Cards: cards, Steps: []engine.StepReport{}}, Error: true}
}

// Move is a boardgame.io move: its name and arguments. fill [map], place
// [day], take [pile] (a face-up pile) or take [-1, draw pile], put [day or
// -1, pile], swap [day, day]; deal [] starts a game set up but not dealt.
type Move struct {
	Move string `json:"move"`
	Args []int  `json:"args"`
}

// moveOf is the boardgame.io move of an action.
func moveOf(a game.Action) Move {
	switch a.Action {
	case "fill":
		return Move{"fill", []int{a.Map}}
	case "place":
		return Move{"place", []int{a.Day}}
	case "take":
		if a.From < 0 {
			return Move{"take", []int{-1, a.Draw}}
		}
		return Move{"take", []int{a.From}}
	case "put":
		return Move{"put", []int{a.Slot, a.Pile}}
	case "swap":
		return Move{"swap", []int{a.I, a.J}}
	}
	return Move{Move: a.Action, Args: []int{}}
}

// actionOf is the action of a boardgame.io move, its arguments counted.
func actionOf(m Move) (game.Action, error) {
	want := map[string][2]int{"fill": {1, 1}, "place": {1, 1}, "take": {1, 2}, "put": {2, 2}, "swap": {2, 2}}
	n, ok := want[m.Move]
	if !ok {
		return game.Action{}, fmt.Errorf("unknown move %q (want %s)", m.Move, strings.Join([]string{"fill", "place", "take", "put", "swap"}, ", "))
	}
	if len(m.Args) < n[0] || len(m.Args) > n[1] {
		return game.Action{}, fmt.Errorf("move %s takes %d argument(s), not %d", m.Move, n[1], len(m.Args))
	}
	a := game.Action{Action: m.Move}
	switch m.Move {
	case "fill":
		a.Map = m.Args[0]
	case "place":
		a.Day = m.Args[0]
	case "take":
		a.From = m.Args[0]
		if len(m.Args) == 2 {
			a.Draw = m.Args[1]
		}
	case "put":
		a.Slot, a.Pile = m.Args[0], m.Args[1]
	case "swap":
		a.I, a.J = m.Args[0], m.Args[1]
	}
	return a, nil
}
