package kinds

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
	"github.com/tendays/tendays/play"
)

// regionsKind is a 10 Days map (kind regions) or several played at once
// (kind combined, three draw piles and the every-map win): the engine's
// journeys and games.
func regionsKind(name string) *Kind {
	return &Kind{
		Name:     name,
		Noun:     mapdata.KindNoun(name),
		Board:    compile,
		Bots:     bot.Names(),
		Simulate: simulateRegions,
		Play:     playRegions,
		Replay:   replayRegions,
	}
}

// compile compiles a 10 Days pack for the engine; what the engine refuses
// is told at its place in the source.
func compile(res *pipeline.Result) (*engine.Board, error) {
	b, err := engine.Compile(res.Pack.(*mapdata.Pack))
	if err != nil {
		var pe *engine.PackError
		if errors.As(err, &pe) {
			return nil, &diag.InputError{Position: res.Locate(pe.Pointer), Msg: pe.Msg}
		}
		return nil, fmt.Errorf("%s: %w", res.Name, err)
	}
	return b, nil
}

// BoxPlayers refuses more players than a 10 Days box holds holders for,
// unless the variant is asked for (--variant-players). The words are the
// command line's: the engine refuses the same counts in its own.
func BoxPlayers(cfg game.Config) error {
	if cfg.Players > game.BoxPlayers && !cfg.VariantPlayers {
		return fmt.Errorf("--players %d: the box is for 2-%d players; 5 or 6 is a variant (add --variant-players)", cfg.Players, game.BoxPlayers)
	}
	if cfg.Players > game.MaxVariantPlayers {
		return fmt.Errorf("--players %d: the box is for 2-%d players and the variant for %d or %d", cfg.Players, game.BoxPlayers, game.BoxPlayers+1, game.MaxVariantPlayers)
	}
	return nil
}

func simulateRegions(ctx context.Context, res *pipeline.Result, s Simulation) (*Report, error) {
	cfg := s.Game
	cfg.Players = s.Players
	if err := BoxPlayers(cfg); err != nil {
		return nil, err
	}
	b, err := compile(res)
	if err != nil {
		return nil, err
	}
	r, err := sim.Run(ctx, b, sim.Config{Games: s.Games, Seed: s.Seed, Game: cfg, Bots: s.Bots,
		TurnCap: s.TurnCap, Workers: s.Workers, Progress: s.Progress})
	if err != nil {
		return nil, err
	}
	return &Report{JSON: r, text: func(w io.Writer) error { return r.WriteText(w, b) }}, nil
}

func playRegions(res *pipeline.Result, m Match) error {
	if !slices.Contains(bot.Names(), strings.ToLower(m.Bot)) {
		return fmt.Errorf("unknown bot %q (want %s)", m.Bot, strings.Join(bot.Names(), ", "))
	}
	cfg := m.Game
	cfg.Players = m.Players
	if err := BoxPlayers(cfg); err != nil {
		return err
	}
	b, err := compile(res)
	if err != nil {
		return err
	}
	return play.Regions(m.In, m.Out, play.Game{Board: b, Config: cfg, Seed: m.Seed, Bot: m.Bot, TurnCap: m.TurnCap})
}

func replayRegions(out io.Writer, res *pipeline.Result, name string, rec game.Record) error {
	b, err := compile(res)
	if err != nil {
		return err
	}
	if err := play.Replay(out, b, name, rec); err != nil {
		return diag.Errorf(diag.Position{File: name}, "%w", err)
	}
	return nil
}

// SwapNames are the names ParseSwap reads, as messages list them.
const SwapNames = "pack, on or off"

// ParseSwap reads the swap rule of a 10 Days game by name: "pack" (or
// "", the default: as the edition's rules say), "on" or "off". The
// command line (--swap) and the studio (a game's "swap") read it here.
func ParseSwap(name string) (game.SwapRule, error) {
	switch name {
	case "", "pack":
		return game.SwapAsPack, nil
	case "on":
		return game.SwapOn, nil
	case "off":
		return game.SwapOff, nil
	}
	return game.SwapAsPack, fmt.Errorf("unknown swap rule %q (want %s)", name, SwapNames)
}
