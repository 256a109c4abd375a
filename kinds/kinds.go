// Package kinds is the table of the kinds of pack and what a pack of each
// kind does once the pipeline has built or read it: its journeys (journey
// check and count, the studio's journey box), a game at the terminal
// (package play), many games simulated (engine/sim, engine/route), a game
// log played again, and the flags that apply to its games.
//
// The pipeline decides a source's kind once (pipeline.Result.Kind, the
// pack's PackKind); the commands look the kind up here (Of) and call what
// its entry holds, instead of asking which pack they were given. Each layer
// keeps its own part of a kind, in one table there: how a pack of the kind
// is derived, linted and described is the pipeline's (pipeline/kinds.go),
// what it exports to is export's Formats, what the studio shows of it and
// how it plays there is the studio's (studio/kinds.go). The code of a kind
// lives in the packages of that kind: engine, engine/game, engine/bot and
// engine/sim for the 10 Days maps (kinds regions and combined); derive/routes
// and engine/route for route networks (kind network).
//
// It prints nothing of its own: the games write to the streams they are
// given, the reports are values the command prints.
package kinds

import (
	"context"
	"io"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// Kind is what a pack of one kind does. A func left nil is something the
// kind's games do not have.
type Kind struct {
	// Name is the kind (mapdata.KindRegions, KindCombined, KindNetwork).
	Name string
	// Noun names a pack of the kind in messages: "a route-network pack".
	Noun string
	// Board compiles the pack for the engine's journeys; nil for a kind
	// whose games are not journeys of cards.
	Board func(res *pipeline.Result) (*engine.Board, error)
	// NoVariants says why the journey variants (--days, --swap,
	// --open-hands, --refill, --variant-players, --turn-cap) do not apply
	// to the kind's games, "" when they do.
	NoVariants string
	// Bots lists the bots that play the kind's games.
	Bots []string
	// Simulate plays many games of the pack with bots and reports.
	Simulate func(ctx context.Context, res *pipeline.Result, s Simulation) (*Report, error)
	// Play plays one game at the terminal: a person against bots.
	Play func(res *pipeline.Result, m Match) error
	// Replay plays a game log (the studio's download) again, writing each
	// turn to out; nil: the kind's games keep no logs.
	Replay func(out io.Writer, res *pipeline.Result, name string, rec game.Record) error
}

// Simulation is what Simulate is asked: games played by bots.
type Simulation struct {
	Games   int
	Players int
	Seed    uint64
	// Bots take the seats in turn (a kind's Bots).
	Bots    []string
	Workers int // games played at once; 0: one per core
	// Game is the journey variant (kinds with Board); its Players is
	// Players.
	Game    game.Config
	TurnCap int
	// Progress, when set, hears of every game finished.
	Progress func(done int)
}

// Match is what Play is asked: a game at the terminal, the person at
// seat 1.
type Match struct {
	In  io.Reader
	Out io.Writer
	// Seed deals the game; the same seed deals the same game.
	Seed uint64
	// Players is the number of seats; Bot the bots' name (a route-network
	// game takes one name a bot seat, comma-separated).
	Players int
	Bot     string
	// Game is the journey variant (kinds with Board), TurnCap where a game
	// without a winner stops.
	Game    game.Config
	TurnCap int
	// Echo prints each answer after its prompt, so that piped answers
	// read as a session (route-network games).
	Echo bool
}

// Report is a simulation's report: JSON is the value to encode, WriteText
// writes it for people.
type Report struct {
	JSON any
	text func(io.Writer) error
}

// WriteText writes the report as a table for people.
func (r *Report) WriteText(w io.Writer) error { return r.text(w) }

// table is every kind, by name: mapdata.Kinds, each once.
var table = map[string]*Kind{
	mapdata.KindRegions:  regionsKind(mapdata.KindRegions),
	mapdata.KindCombined: regionsKind(mapdata.KindCombined),
	mapdata.KindNetwork:  networkKind,
}

// Of is the entry of a kind (mapdata.KindRegions, ...): the kind of a
// pipeline.Result's pack. A kind the table does not hold (a pack whose
// kind is not known) is taken as regions, the default kind.
func Of(kind string) *Kind {
	if k, ok := table[kind]; ok {
		return k
	}
	return table[mapdata.KindRegions]
}
