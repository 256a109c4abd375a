package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/kinds"
	"github.com/tendays/tendays/mapdata"
)

// variantFlags are the game variants simulate and play share.
type variantFlags struct {
	Players   int
	Days      int
	Swap      string
	OpenHands bool
	// VariantPlayers allows 5 or 6 players, beyond the box.
	VariantPlayers bool
	// Refill: how an empty draw pile of several is made anew (all, own).
	Refill string
}

func (v *variantFlags) add(cmd *cobra.Command, players int) {
	cmd.Flags().IntVar(&v.Players, "players", players, "number of players")
	cmd.Flags().IntVar(&v.Days, "days", 0, "journey length, e.g. 5 for the short variant (default: the edition's days)")
	cmd.Flags().StringVar(&v.Swap, "swap", "pack", "the swap action: pack (as the edition's rules say), on or off")
	cmd.Flags().BoolVar(&v.OpenHands, "open-hands", false, "play with holders face up")
	cmd.Flags().BoolVar(&v.VariantPlayers, "variant-players", false, "allow more than 4 players (5 or 6 holders, beyond the box; a variant, marked so in reports)")
	cmd.Flags().StringVar(&v.Refill, "refill", "all", "combined editions: an empty draw pile is made anew from all discards under the face-up tops (all, as the boxes), or from its own face-up piles only (own)")
}

func (v *variantFlags) config(cmd *cobra.Command) (game.Config, error) {
	cfg := game.Config{Players: v.Players, Days: v.Days, OpenHands: v.OpenHands, VariantPlayers: v.VariantPlayers}
	swap, err := kinds.ParseSwap(v.Swap)
	if err != nil {
		return cfg, &usageError{msg: fmt.Sprintf("unknown --swap %q (want %s)", v.Swap, kinds.SwapNames), help: cmd.CommandPath()}
	}
	cfg.Swap = swap
	if v.Days < 0 {
		return cfg, &usageError{msg: "--days must be positive", help: cmd.CommandPath()}
	}
	refill, err := game.ParseRefill(v.Refill)
	if err != nil {
		return cfg, &usageError{msg: "--refill: " + err.Error(), help: cmd.CommandPath()}
	}
	cfg.Refill = refill
	return cfg, nil
}

type simulateOptions struct {
	IO      *IOStreams
	Global  *globalOptions
	Pack    string
	Games   int
	Seed    uint64
	Bots    []string
	TurnCap int
	Workers int
	Format  string
	Variant variantFlags
	Game    game.Config
}

func newSimulateCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &simulateOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "simulate PACK",
		Short: "Play many games with bots and report balance",
		Long: `Play many games of a pack with bots, on every core, and report: games finished
and stalled (stopped at --turn-cap), turns to win (mean, median, 90th
percentile; every player's turns count), the win rate of each seat and each bot
with a 95% confidence interval (Wilson), how often bots beat each other, how
often each card sits in a winning journey, and the dead cards (in none).

Bots (--bots, comma-separated) take the seats in turn, shifted by one seat each
game so that each plays every seat: random (any legal move), greedy (the move
that most raises a journey-progress measure), strong (fewest cards from a valid
journey, weighing the face-up cards against the odds of the draw pile).

The result depends on --seed alone, whatever the number of cores. A progress
bar is shown on stderr when it is a terminal and the format is text.`,
		Example: `  tendays simulate usa.pack.json --games 1000 --players 4 --seed 1
  tendays simulate usa.pack.json --bots greedy,strong --players 2 --format json
  tendays simulate europe.pack.json --swap off --days 5
  tendays simulate around-the-world --days 30 --refill own`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pack = args[0]
			if err := checkFormat(cmd, opts.Format); err != nil {
				return err
			}
			if opts.Games < 1 {
				return &usageError{msg: "--games must be at least 1", help: cmd.CommandPath()}
			}
			if opts.TurnCap < 0 {
				return &usageError{msg: "--turn-cap must be positive", help: cmd.CommandPath()}
			}
			for i, name := range opts.Bots {
				opts.Bots[i] = strings.ToLower(strings.TrimSpace(name))
				if !slices.Contains(bot.Names(), opts.Bots[i]) {
					return &usageError{msg: fmt.Sprintf("unknown bot %q (want %s)", name, strings.Join(bot.Names(), ", ")), help: cmd.CommandPath()}
				}
			}
			cfg, err := opts.Variant.config(cmd)
			if err != nil {
				return err
			}
			opts.Game = cfg
			return runSimulate(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.Games, "games", 1000, "number of games")
	cmd.Flags().Uint64Var(&opts.Seed, "seed", 1, "random seed: the same seed gives the same report")
	cmd.Flags().StringSliceVar(&opts.Bots, "bots", []string{"greedy"}, "bots taking the seats in turn: "+strings.Join(bot.Names(), ", "))
	cmd.Flags().IntVar(&opts.TurnCap, "turn-cap", sim.DefaultTurnCap, "stop a game after this many turns (a stalled game)")
	cmd.Flags().IntVar(&opts.Workers, "workers", 0, "games played at once (0 or left out: one per core)")
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	opts.Variant.add(cmd, 4)
	return cmd
}

func runSimulate(ctx context.Context, opts *simulateOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := loadPlayable(ctx, opts.Pack, opts.IO, opts.Global)
	if err != nil {
		return err
	}
	s := kinds.Simulation{Games: opts.Games, Players: opts.Game.Players, Seed: opts.Seed, Bots: opts.Bots,
		Workers: opts.Workers, Game: opts.Game, TurnCap: opts.TurnCap}
	var bar *progressBar
	if opts.IO.ErrTTY && opts.Format == "text" {
		bar = &progressBar{w: opts.IO.ErrOut, total: opts.Games}
		s.Progress = bar.update
	}
	r, err := kinds.Of(res.Kind).Simulate(ctx, res, s)
	bar.finish()
	if err != nil {
		return err
	}
	if opts.Format == "json" {
		return mapdata.EncodeJSON(opts.IO.Out, r.JSON)
	}
	return r.WriteText(opts.IO.Out)
}

// progressBar draws "simulating [#####     ] 512/1000" on a terminal,
// redrawn at each percent.
type progressBar struct {
	w     io.Writer
	total int
	shown int
}

func (p *progressBar) update(done int) {
	if pct := done * 100 / p.total; pct != p.shown || done == p.total {
		p.shown = pct
		n := done * 30 / p.total
		fmt.Fprintf(p.w, "\rsimulating [%s%s] %d/%d", strings.Repeat("#", n), strings.Repeat(" ", 30-n), done, p.total)
	}
}

func (p *progressBar) finish() {
	if p != nil {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
