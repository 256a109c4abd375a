// Package sim plays many games of a pack with bots, in parallel, and
// reports balance: games finished and stalled, turns to win, win rates by
// seat and by bot with confidence intervals, how often each card sits in a
// winning journey, and the cards that never do.
//
// The result depends on the seed alone, not on the number of workers: each
// game's random sources are derived from (seed, game index) and the results
// are aggregated in game order. It holds no rules (engine, engine/game) and
// prints nothing: Report.WriteText writes a report on the writer it is
// given.
package sim

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/tendays/tendays/engine/stats"
	"golang.org/x/sync/errgroup"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
)

// Config is a simulation.
type Config struct {
	Games int
	Seed  uint64
	// Game is the variant; Game.Players is the number of seats.
	Game game.Config
	// Bots are dealt to seats in turn, shifted by one seat each game so
	// that every bot plays every seat: seat s of game g gets
	// Bots[(s+g) % len(Bots)]. Empty: greedy everywhere.
	Bots []string
	// TurnCap stops a game after this many turns (a stalled game);
	// 0 means DefaultTurnCap.
	TurnCap int
	// Workers is the number of games played at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, if set, is called after each game with the number done,
	// from one goroutine at a time.
	Progress func(done int)
}

// DefaultTurnCap is the one stall rule of the toolkit: a game no one has
// won in this many turns (every player's) is stalled. simulate, the
// doctor, --fix and the studio all count by it. It is far beyond a normal
// game (tens of turns) and beyond the slow ones: the bundled editions'
// slowest of 400 games take 200 to 400 turns, an island edition's 600, and
// a cap of 300 counted such games, which end, as stalls.
const DefaultTurnCap = 1000

// outcome is one game's result.
type outcome struct {
	bots    []string // by seat
	winner  int
	turns   int
	journey []engine.CardID
	work    int64 // see Games.Work
}

// Run plays the games and reports. A bot making an illegal move (a bug) or
// an impossible variant is an error.
func Run(ctx context.Context, b *engine.Board, cfg Config) (*Report, error) {
	if cfg.Games < 1 {
		return nil, errors.New("at least one game")
	}
	g, err := Start(b, cfg)
	if err != nil {
		return nil, err
	}
	if err := g.PlayTo(ctx, cfg.Games); err != nil {
		return nil, err
	}
	return g.Report(cfg.Games), nil
}

// Games are the games of one simulation played so far, game 0 first. Game
// i is the same whatever was played before it (its random sources come
// from the seed and i), so the report of the first n games is the report
// Run gives for n games, and a caller that wants n games, then more, plays
// none twice.
type Games struct {
	b        *engine.Board
	cfg      Config
	outcomes []outcome
}

// Start checks cfg (its Games aside: PlayTo says how many) and plays no
// game yet.
func Start(b *engine.Board, cfg Config) (*Games, error) {
	if len(cfg.Bots) == 0 {
		cfg.Bots = []string{"greedy"}
	}
	for _, name := range cfg.Bots {
		if _, err := bot.New(name, nil); err != nil {
			return nil, err
		}
	}
	if cfg.TurnCap <= 0 {
		cfg.TurnCap = DefaultTurnCap
	}
	// Refuse an impossible variant before starting workers.
	if _, err := game.New(b, cfg.Game, rand.New(rand.NewPCG(0, 0))); err != nil {
		return nil, err
	}
	return &Games{b: b, cfg: cfg}, nil
}

// Played is the number of games played.
func (g *Games) Played() int { return len(g.outcomes) }

// PlayTo plays games until n are played (none when n are already), on
// Config.Workers at once; Config.Progress hears of each, counting every
// game played so far. It stops when ctx is cancelled, keeping none of
// the games it was playing.
func (g *Games) PlayTo(ctx context.Context, n int) error {
	from := len(g.outcomes)
	if n <= from {
		return nil
	}
	cfg := g.cfg
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	outcomes := make([]outcome, n-from)
	// Every game started is played to its end; the error told is the
	// first game's in order, whatever failed first on the clock.
	errs := make([]error, n-from)
	var pool errgroup.Group
	pool.SetLimit(workers)
	var mu sync.Mutex // Progress is called from one goroutine at a time
	finished := from
	for i := range n - from {
		if ctx.Err() != nil {
			break // no new game once cancelled; Go waited for a free worker
		}
		pool.Go(func() error {
			outcomes[i], errs[i] = playOne(g.b, cfg, from+i)
			if cfg.Progress != nil {
				mu.Lock()
				finished++
				cfg.Progress(finished)
				mu.Unlock()
			}
			return nil
		})
	}
	_ = pool.Wait() // the games report through errs
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("game %d: %w", from+i+1, err)
		}
	}
	g.outcomes = append(g.outcomes, outcomes...)
	return nil
}

// Report is the report of the first n games played (n at most Played).
func (g *Games) Report(n int) *Report {
	cfg := g.cfg
	cfg.Games = n
	return summarize(g.b, cfg, g.outcomes[:n])
}

// Outcome is how one game ended: whether it stalled (no one won within
// the turn cap) and its turns (every player's).
type Outcome struct {
	Stalled bool
	Turns   int
}

// Outcomes are the ends of the first n games played, game 0 first: game i
// of two Games of one seed is dealt alike, so two boards' outcomes pair.
func (g *Games) Outcomes(n int) []Outcome {
	out := make([]Outcome, n)
	for i, o := range g.outcomes[:n] {
		out[i] = Outcome{Stalled: o.winner < 0, Turns: o.turns}
	}
	return out
}

// Work is the work of the first n games played: a step a turn, and every
// step the bots counted (engine/bot's Work). It depends on the games
// alone, never on time: the same seed gives the same work.
func (g *Games) Work(n int) int64 {
	var w int64
	for _, o := range g.outcomes[:n] {
		w += o.work
	}
	return w
}

// playOne plays game i.
func playOne(b *engine.Board, cfg Config, i int) (outcome, error) {
	seed := stats.GameSeed(cfg.Seed, i)
	g, err := game.New(b, cfg.Game, game.Rand(seed))
	if err != nil {
		return outcome{}, err
	}
	o := outcome{bots: make([]string, cfg.Game.Players)}
	players := make([]game.Player, cfg.Game.Players)
	for s := range players {
		o.bots[s] = cfg.Bots[(s+i)%len(cfg.Bots)]
		players[s], err = bot.New(o.bots[s], game.SeatRand(seed, s))
		if err != nil {
			return outcome{}, err
		}
	}
	r, err := game.Play(g, players, cfg.TurnCap)
	if err != nil {
		return outcome{}, err
	}
	o.winner, o.turns, o.journey = r.Winner, r.Turns, r.Journey
	o.work = int64(r.Turns)
	for _, p := range players {
		if w, ok := p.(interface{ Work() int64 }); ok {
			o.work += w.Work()
		}
		// The bots' tables go to the next game's (engine/bot).
		if rel, ok := p.(interface{ Release() }); ok {
			rel.Release()
		}
	}
	return o, nil
}
