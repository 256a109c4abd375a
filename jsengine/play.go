package jsengine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
)

// GameOptions are what a game is set up with: the number of players and
// the variants (the edition's rules where left out).
type GameOptions struct {
	Players   int    `json:"players"`
	Days      int    `json:"days,omitempty"`      // 0: the edition's
	Swap      string `json:"swap,omitempty"`      // "", "on" or "off"
	OpenHands bool   `json:"openHands,omitempty"` // holders face up
	Refill    string `json:"refill,omitempty"`    // "all" (the boxes) or "own" (combined packs)
	TurnCap   int    `json:"turnCap,omitempty"`   // 0: the simulator's; a game past it stalls
}

// config is the engine's variant for opts, and the options as a State
// records them.
func (e *Engine) config(o GameOptions) (game.Config, Options, error) {
	cfg := game.Config{Players: o.Players, Days: o.Days, OpenHands: o.OpenHands}
	switch o.Swap {
	case "":
	case "on":
		cfg.Swap = game.SwapOn
	case "off":
		cfg.Swap = game.SwapOff
	default:
		return cfg, Options{}, fmt.Errorf("swap: %q (want on, off or empty for the edition's rule)", o.Swap)
	}
	refill, err := game.ParseRefill(o.Refill)
	if err != nil {
		return cfg, Options{}, err
	}
	cfg.Refill = refill
	if o.TurnCap < 0 {
		return cfg, Options{}, fmt.Errorf("turnCap %d: want 0 (the default) or more", o.TurnCap)
	}
	// Dealing a game is the one check of a variant: the engine's.
	g, err := game.New(e.board, cfg, game.Rand(0))
	if err != nil {
		return cfg, Options{}, err
	}
	opts := Options{Players: g.Players(), Days: g.Days(), Swap: g.SwapAllowed(), OpenHands: g.OpenHands(), Refill: g.Refill().String(), TurnCap: o.TurnCap}
	if opts.TurnCap == 0 {
		opts.TurnCap = sim.DefaultTurnCap
	}
	return cfg, opts, nil
}

func (o Options) config() (game.Config, error) {
	cfg := game.Config{Players: o.Players, Days: o.Days, OpenHands: o.OpenHands, Swap: game.SwapOff}
	if o.Swap {
		cfg.Swap = game.SwapOn
	}
	refill, err := game.ParseRefill(o.Refill)
	cfg.Refill = refill
	return cfg, err
}

// Setup is a game set up and not dealt: what boardgame.io's setup
// returns, with nothing secret in it (its initial state goes to every
// client). The deal is a move (Deal), after which the seed is held.
func (e *Engine) Setup(o GameOptions) (*State, error) {
	_, opts, err := e.config(o)
	if err != nil {
		return nil, err
	}
	return &State{Edition: e.board.Pack().Edition.ID, Options: opts, Phase: "deal", Winner: -1, Moves: []string{}, Players: map[string]Own{}}, nil
}

// Deal deals the game st sets up from seed.
func (e *Engine) Deal(st *State, seed uint64) (*State, error) {
	if st.Phase != "deal" {
		return nil, fmt.Errorf("the game is dealt already")
	}
	cfg, err := st.Options.config()
	if err != nil {
		return nil, err
	}
	g, err := game.New(e.board, cfg, game.Rand(seed))
	if err != nil {
		return nil, err
	}
	s := strconv.FormatUint(seed, 10)
	e.live.put(s, st.Options, nil, g)
	return e.state(g, st.Options, s, nil), nil
}

// Over reports whether the game is over (won, or stalled at the turn cap).
func (st *State) Over() bool { return st.Phase == "over" }

// Apply plays seat's move on the master's state st (the one that holds the
// seed) and returns the state after it; a move the rules refuse is an
// error a person can read, and st is as it was.
func (e *Engine) Apply(st *State, seat int, m Move) (*State, error) {
	if st.Secret == nil {
		return nil, fmt.Errorf("this state holds no seed: only the game's master applies moves (a view of one seat cannot)")
	}
	if st.Over() {
		return nil, fmt.Errorf("the game is over")
	}
	if st.Phase == "deal" {
		return nil, fmt.Errorf("the game is not dealt yet: deal first")
	}
	a, err := actionOf(m)
	if err != nil {
		return nil, err
	}
	g, err := e.replay(st)
	if err != nil {
		return nil, err
	}
	if seat != g.Seat() {
		e.live.put(st.Secret.Seed, st.Options, st.Moves, g)
		return nil, fmt.Errorf("it is seat %d's turn, not seat %d's", g.Seat()+1, seat+1)
	}
	if err := a.Apply(g); err != nil {
		// A move refused changes nothing: the game stays as it was.
		e.live.put(st.Secret.Seed, st.Options, st.Moves, g)
		return nil, err
	}
	moves := append(slices.Clip(st.Moves), a.String())
	e.live.put(st.Secret.Seed, st.Options, moves, g)
	return e.state(g, st.Options, st.Secret.Seed, moves), nil
}

// replay is the live game of st: kept from the last move made on it, or
// dealt again from the seed and every move replayed.
func (e *Engine) replay(st *State) (*game.Game, error) {
	if g := e.live.take(st.Secret.Seed, st.Options, st.Moves); g != nil {
		return g, nil
	}
	seed, err := strconv.ParseUint(st.Secret.Seed, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("seed %q: want a decimal number below 2^64", st.Secret.Seed)
	}
	cfg, err := st.Options.config()
	if err != nil {
		return nil, err
	}
	g, err := game.New(e.board, cfg, game.Rand(seed))
	if err != nil {
		return nil, err
	}
	if len(st.Moves) > game.MaxActions {
		return nil, fmt.Errorf("%d moves: at most %d", len(st.Moves), game.MaxActions)
	}
	for i, s := range st.Moves {
		as, err := game.ParseActions(s)
		if err != nil || len(as) != 1 {
			return nil, fmt.Errorf("move %d: %q is not one action", i+1, s)
		}
		if err := as[0].Apply(g); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, s, err)
		}
	}
	return g, nil
}

// seatGame is the game of st as seat knows it, when seat is to move: a
// game made from its Position (game.FromPosition), so that a seat's view
// (boardgame.io's playerView of it) is enough.
func (e *Engine) seatGame(st *State, seat int) (*game.Game, error) {
	if st.Over() || st.Phase == "deal" || seat != st.ToMove {
		return nil, nil
	}
	pos, err := e.position(st, seat)
	if err != nil {
		return nil, err
	}
	return game.FromPosition(e.board, pos, game.Rand(0))
}

// dealMove is the move that deals a game set up; seat 0 makes it.
var dealMove = Move{Move: "deal", Args: []int{}}

// Legal lists the moves seat may make in st (the master's state or seat's
// view): none when it is not to move or the game is over.
func (e *Engine) Legal(st *State, seat int) ([]Move, error) {
	out := []Move{}
	if st.Phase == "deal" {
		if seat == 0 {
			out = append(out, dealMove)
		}
		return out, nil
	}
	g, err := e.seatGame(st, seat)
	if err != nil || g == nil {
		return out, err
	}
	for _, a := range g.Legal() {
		out = append(out, moveOf(a))
	}
	return out, nil
}

// Bot is the move the bot name makes for seat in st (the master's state
// or seat's view), nil when seat is not to move. A bot is made afresh for
// each move, its ties broken by a source seeded from the seat and the
// number of moves so far: the same state gives the same move.
func (e *Engine) Bot(name string, st *State, seat int) (*Move, error) {
	if st.Phase == "deal" {
		if seat == 0 {
			return &dealMove, nil
		}
		return nil, nil
	}
	p, err := bot.New(name, rand.New(rand.NewPCG(uint64(len(st.Moves)), uint64(seat)+1)))
	if err != nil {
		return nil, err
	}
	g, err := e.seatGame(st, seat)
	if err != nil || g == nil {
		return nil, err
	}
	m := moveOf(game.Decide(p, g.ViewOf(seat)))
	return &m, nil
}

// liveGames keeps the games last played, so that a move replays nothing
// when it follows the last one made on its game.
type liveGames struct {
	mu    sync.Mutex
	games []*liveGame // most recent last
}

type liveGame struct {
	seed  string
	opts  Options
	moves []string
	g     *game.Game
}

// maxLive bounds the games kept.
const maxLive = 16

func newLiveGames() *liveGames { return &liveGames{} }

// take removes and returns the game of seed and opts after exactly moves,
// or nil.
func (l *liveGames) take(seed string, opts Options, moves []string) *game.Game {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, lg := range l.games {
		if lg.seed == seed && lg.opts == opts && slices.Equal(lg.moves, moves) {
			l.games = slices.Delete(l.games, i, i+1)
			return lg.g
		}
	}
	return nil
}

func (l *liveGames) put(seed string, opts Options, moves []string, g *game.Game) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.games = slices.DeleteFunc(l.games, func(lg *liveGame) bool { return lg.seed == seed && lg.opts == opts })
	if len(l.games) >= maxLive {
		l.games = l.games[1:]
	}
	l.games = append(l.games, &liveGame{seed: seed, opts: opts, moves: slices.Clone(moves), g: g})
}

// Secrets are what only the master of a game knows: every holder and the
// draw piles' order (tops last), card tokens. A server may check with them
// that what it sends holds none of them.
type Secrets struct {
	Holders [][]*string `json:"holders"`
	Draws   [][]string  `json:"draws"`
}

// Secrets reads the secrets of the master's state st.
func (e *Engine) Secrets(st *State) (*Secrets, error) {
	if st.Secret == nil {
		return nil, fmt.Errorf("this state holds no seed: only the game's master knows its secrets")
	}
	if st.Phase == "deal" {
		return &Secrets{Holders: [][]*string{}, Draws: [][]string{}}, nil
	}
	g, err := e.replay(st)
	if err != nil {
		return nil, err
	}
	defer e.live.put(st.Secret.Seed, st.Options, st.Moves, g)
	out := &Secrets{}
	for s := range g.Players() {
		row := []*string{}
		for _, c := range g.Holder(s) {
			row = append(row, e.token(c))
		}
		out.Holders = append(out.Holders, row)
	}
	for i := range g.NumDraw() {
		row := []string{}
		for _, c := range g.DrawCards(i) {
			row = append(row, *e.token(c))
		}
		out.Draws = append(out.Draws, row)
	}
	return out, nil
}
