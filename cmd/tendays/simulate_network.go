package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine/network"
	"github.com/tendays/tendays/internal/textwidth"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// runSimulateNetwork is simulate on a network pack: the flags that mean
// something there (--games, --players, --seed, --bots, --workers, --format)
// are used; the journey variants are not.
func runSimulateNetwork(ctx context.Context, opts *simulateOptions, res *pipeline.Result) error {
	b, err := network.Compile(res.Network)
	if err != nil {
		return &diag.InputError{Position: diag.Position{File: res.Name}, Msg: err.Error()}
	}
	for _, name := range opts.Bots {
		if _, ok := network.NewBot(name, 0); !ok {
			return usageErrorf("bot %q does not play network packs (want %s)", name, strings.Join(network.BotNames(), ", "))
		}
	}
	r, err := network.Simulate(b, network.Options{Games: opts.Games, Players: opts.Game.Players, Seed: opts.Seed,
		Bots: opts.Bots, Workers: opts.Workers})
	if err != nil {
		return usageErrorf("%v", err)
	}
	if opts.Format == "json" {
		return mapdata.EncodeJSON(opts.IO.Out, r)
	}
	writeNetworkReport(opts.IO.Out, b, r)
	return nil
}

func netStats(s network.Stats) string {
	return fmt.Sprintf("mean %.1f, median %g, p90 %d (min %d, max %d)", s.Mean, s.Median, s.P90, s.Min, s.Max)
}

func writeNetworkReport(w io.Writer, b *network.Board, r *network.Report) {
	fmt.Fprintf(w, "%s: %d games, %d players, %d rounds, seed %d, bots %s\n",
		b.Pack.Edition.Name, r.Games, r.Players, r.Rounds, r.Seed, strings.Join(r.Bots, ","))
	fmt.Fprintf(w, "turns a game: %s\n", netStats(r.Turns))
	fmt.Fprintf(w, "score: %s\n", netStats(r.Scores))
	fmt.Fprintf(w, "winning score: %s; shared wins %d\n", netStats(r.WinningScore), r.Ties)
	bd := r.Breakdown
	fmt.Fprintf(w, "mean points: passenger %.1f, freight %.1f, shares %.1f, gold %.1f, money %.1f\n",
		bd.Passenger, bd.Freight, bd.Shares, bd.Gold, bd.Money)
	fmt.Fprintf(w, "\nwin rate by seat (95%% interval)\n")
	seats := rateTable()
	for _, s := range r.Seats {
		rateRow(seats, s, "")
	}
	seats.WriteTo(w)
	if len(r.ByBot) > 1 {
		fmt.Fprintf(w, "\nwin rate by bot, per seat played (95%% interval)\n")
		bots := rateTable()
		for _, s := range r.ByBot {
			rateRow(bots, s.Rate, "; score "+netStats(s.Scores))
		}
		bots.WriteTo(w)
	}
	fmt.Fprintf(w, "\ntickets completed: passenger %s (%d of %d drawn), freight %s (%d of %d drawn)\n",
		pct(r.Passenger.Rate), r.Passenger.Done, r.Passenger.Held, pct(r.Freight.Rate), r.Freight.Done, r.Freight.Held)
	fmt.Fprintf(w, "\ncompany value (cubes on the board at the end)\n")
	companies := &textwidth.Table{Indent: "  ", Gap: " ", MinWidth: []int{4, 24}}
	for _, c := range r.Companies {
		companies.Row(c.ID, c.Name, netStats(c.Price))
	}
	companies.WriteTo(w)
}
