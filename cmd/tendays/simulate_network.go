package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine/network"
	"github.com/tendays/tendays/internal/textwidth"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// isNetworkPackFile reports whether a path is a pack (a file, "-", an
// edition folder or a bundled edition) of kind network. Anything
// unreadable is left to the regions path, which says what is wrong with it.
func isNetworkPackFile(path string, g *globalOptions) bool {
	if path != "-" && isEditionPath(path) {
		src, err := openEdition(path)
		return err == nil && isNetworkEdition(src, g)
	}
	src, _, err := g.readInput(path, g.limit(mapdata.DefaultMaxDocument))
	if err != nil {
		return false
	}
	doc, err := mapdata.ParseJSON(path, src)
	if err != nil {
		return false
	}
	return mapdata.PackKind(doc) == mapdata.KindNetwork
}

// loadNetworkBoard reads a network pack, refuses it when lint finds errors,
// and compiles it for play.
func loadNetworkBoard(path string, io *IOStreams, g *globalOptions) (*network.Board, error) {
	target, err := loadLintTarget(path, g)
	if err != nil {
		return nil, err
	}
	cfg, err := lint.FindConfig(path)
	if err != nil {
		return nil, err
	}
	var errs []diag.Finding
	for _, f := range cfg.Apply(lint.Check(target)) {
		if f.Severity >= diag.Error {
			errs = append(errs, f)
		}
	}
	if len(errs) > 0 || target.Network == nil {
		for _, f := range errs {
			fmt.Fprintln(io.ErrOut, f.String())
		}
		fmt.Fprintf(io.ErrOut, "tendays: %s: the pack has %d lint error(s); fix them first (tendays lint %s)\n", path, len(errs), path)
		return nil, &silentError{code: exitUsage}
	}
	b, err := network.Compile(target.Network)
	if err != nil {
		return nil, &diag.InputError{Position: diag.Position{File: path}, Msg: err.Error()}
	}
	return b, nil
}

// runSimulateNetwork is simulate on a network pack: the flags that mean
// something there (--games, --players, --seed, --bots, --workers, --format)
// are used; the journey variants are not.
func runSimulateNetwork(opts *simulateOptions) error {
	b, err := loadNetworkBoard(opts.Pack, opts.IO, opts.Global)
	if err != nil {
		return err
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
