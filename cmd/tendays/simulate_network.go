package main

import (
	"context"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// runSimulateNetwork is simulate on a network pack: the flags that mean
// something there (--games, --players, --seed, --bots, --workers, --format)
// are used; the journey variants are not.
func runSimulateNetwork(ctx context.Context, opts *simulateOptions, res *pipeline.Result) error {
	b, err := route.Compile(res.Network)
	if err != nil {
		return &diag.InputError{Position: diag.Position{File: res.Name}, Msg: err.Error()}
	}
	for _, name := range opts.Bots {
		if _, ok := route.NewBot(name, 0); !ok {
			return usageErrorf("bot %q does not play network packs (want %s)", name, strings.Join(route.BotNames(), ", "))
		}
	}
	r, err := route.Simulate(b, route.Options{Games: opts.Games, Players: opts.Game.Players, Seed: opts.Seed,
		Bots: opts.Bots, Workers: opts.Workers})
	if err != nil {
		return usageErrorf("%v", err)
	}
	if opts.Format == "json" {
		return mapdata.EncodeJSON(opts.IO.Out, r)
	}
	return r.WriteText(opts.IO.Out, b)
}
