package studio

import (
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/mapdata"
)

// page is the studio's part of a kind: what the page shows of a pack of
// the kind, and what plays its games here. The pipeline decided the kind
// (Build.Pack's PackKind); the kinds package holds what the command line
// does with it, the pipeline how it is built.
type page struct {
	// view fills the kind's part of the page's view (its pack's facts and
	// its board's picture), encodes the pack for GET /api/pack, and says
	// what of the pack plays here.
	view func(b *Build, v *View) (played, error)
}

// played is what of a pack plays here: its games and its journeys, or
// why not.
type played struct {
	pack []byte // the pack as GET /api/pack serves it
	// games deals the pack's games (nil: noGames says why not: the engine
	// refuses the pack, it has lint errors).
	games   table
	noGames string
	// journeys is the board journeys are checked on (nil: noJourneys says
	// why not, a kind whose games are not journeys of cards among them).
	journeys   *engine.Board
	noJourneys string
}

// table deals the games of one pack.
type table interface {
	// deal starts a game as the request asks, with its seed.
	deal(req GameRequest, seed uint64) (play, error)
}

// play is one game being played: a session's game, of its kind.
type play interface {
	// view is the game as the person to move sees it (the page's JSON).
	view(id string) any
	// move plays a person's move, then the bots until a person is to move.
	move(req MoveRequest) error
	// undo takes back the person's last move.
	undo() error
	// replayAt is the game after its first step moves, every holder shown.
	replayAt(id string, step int) (any, error)
	// gameLog is the game log (`tendays play PACK --replay FILE`) and its
	// edition and seed, for the file's name.
	gameLog() (any, string, string, error)
}

// pages is the studio's part of every kind (mapdata.Kinds).
var pages = map[string]page{
	mapdata.KindRegions:  {view: regionsView},
	mapdata.KindCombined: {view: regionsView},
	mapdata.KindNetwork:  {view: routesView},
}
