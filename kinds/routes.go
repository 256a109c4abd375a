package kinds

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
	"github.com/tendays/tendays/play"
)

// networkKind is a route network (Across the United States): engine/route's
// games, a fixed number of rounds, no journeys.
var networkKind = &Kind{
	Name:       mapdata.KindNetwork,
	Noun:       mapdata.KindNoun(mapdata.KindNetwork),
	NoVariants: "it plays a fixed number of rounds",
	Bots:       route.BotNames(),
	Simulate:   simulateRoutes,
	Play:       playRoutes,
}

// compileRoutes compiles a route-network pack for engine/route.
func compileRoutes(res *pipeline.Result) (*route.Board, error) {
	b, err := route.Compile(res.Pack.(*mapdata.NetworkPack))
	if err != nil {
		return nil, &diag.InputError{Position: diag.Position{File: res.Name}, Msg: err.Error()}
	}
	return b, nil
}

// simulateRoutes is a simulation of route-network games: the games,
// players, seed, bots and workers mean something there; the journey
// variants do not.
func simulateRoutes(_ context.Context, res *pipeline.Result, s Simulation) (*Report, error) {
	b, err := compileRoutes(res)
	if err != nil {
		return nil, err
	}
	for _, name := range s.Bots {
		if _, ok := route.NewBot(name, 0); !ok {
			return nil, fmt.Errorf("bot %q does not play network packs (want %s)", name, strings.Join(route.BotNames(), ", "))
		}
	}
	r, err := route.Simulate(b, route.Options{Games: s.Games, Players: s.Players, Seed: s.Seed, Bots: s.Bots, Workers: s.Workers})
	if err != nil {
		return nil, err
	}
	return &Report{JSON: r, text: func(w io.Writer) error { return r.WriteText(w, b) }}, nil
}

// playRoutes is a route-network game at the terminal: Match.Bot is one
// bot name, or one per bot seat, comma-separated.
func playRoutes(res *pipeline.Result, m Match) error {
	if m.Players < 2 {
		return fmt.Errorf("--players must be at least 2")
	}
	var bots []string
	for _, name := range strings.Split(m.Bot, ",") {
		bots = append(bots, strings.ToLower(strings.TrimSpace(name)))
	}
	if len(bots) == 1 {
		bots = slices.Repeat(bots, m.Players-1)
	}
	if len(bots) != m.Players-1 {
		return fmt.Errorf("--bot names %d bots for %d bot seats (give one name, or one per seat 2-%d)", len(bots), m.Players-1, m.Players)
	}
	b, err := compileRoutes(res)
	if err != nil {
		return err
	}
	return play.Network(m.In, m.Out, play.NetworkGame{Board: b, Seed: m.Seed, Bots: bots, Echo: m.Echo})
}
