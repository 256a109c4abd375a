package main

import (
	"context"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/kinds"
)

type playOptions struct {
	IO      *IOStreams
	Global  *globalOptions
	Pack    string
	Seed    uint64
	SeedSet bool
	Bot     string
	TurnCap int
	Variant variantFlags
	Game    game.Config
	// JourneyFlags are the journey variants' flags given, which a
	// route-network pack refuses.
	JourneyFlags []string
	// Replay names a game log (the studio's download) to play again.
	Replay string
}

func newPlayCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &playOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "play PACK",
		Short: "Play a game in the terminal against bots",
		Long: `Play a game against bots: you are seat 1, the bots the other seats. Each turn
shows your holder, the face-up cards and what you may do; type the answer and
press Enter. Type q to leave. At the end the winning journey is explained step
by step.

Without --seed a seed is taken from the clock and printed, so that a game can
be played again; the studio deals the same game for the same seed.

With --replay FILE it plays again a game the studio wrote down (its game log,
downloaded from the Play tab): every seat's moves from the same seed, each turn
shown, the end checked against the log.`,
		Example: `  tendays play usa.pack.json
  tendays play europe.pack.json --players 3 --bot strong --seed 7 --days 5
  tendays play usa --replay game.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pack = args[0]
			opts.SeedSet = cmd.Flags().Changed("seed")
			if opts.Replay != "" {
				for _, name := range []string{"seed", "bot", "players", "days", "swap", "open-hands", "turn-cap", "variant-players", "refill"} {
					if cmd.Flags().Changed(name) {
						return usageErrorf("--%s with --replay: the game log says how the game was played", name)
					}
				}
				return runReplay(cmd.Context(), opts)
			}
			for _, name := range []string{"days", "swap", "open-hands", "turn-cap", "refill"} {
				if cmd.Flags().Changed(name) {
					opts.JourneyFlags = append(opts.JourneyFlags, name)
				}
			}
			cfg, err := opts.Variant.config(cmd)
			if err != nil {
				return err
			}
			opts.Game = cfg
			return runPlay(cmd.Context(), opts)
		},
	}
	cmd.Flags().Uint64Var(&opts.Seed, "seed", 0, "random seed (default: from the clock, printed)")
	cmd.Flags().StringVar(&opts.Bot, "bot", "greedy", "the bots' strength: "+strings.Join(bot.Names(), ", "))
	cmd.Flags().IntVar(&opts.TurnCap, "turn-cap", sim.DefaultTurnCap, "end the game without a winner after this many turns")
	cmd.Flags().StringVar(&opts.Replay, "replay", "", "play again the game of a game log (`FILE`, the studio's download; - for standard input)")
	opts.Variant.add(cmd, 2)
	return cmd
}

func runPlay(ctx context.Context, opts *playOptions) error {
	res, err := loadPlayable(ctx, opts.Pack, opts.IO, opts.Global)
	if err != nil {
		return err
	}
	seed := opts.Seed
	if !opts.SeedSet {
		seed = uint64(time.Now().UnixNano())
	}
	k := kinds.Of(res.Kind)
	if k.NoVariants != "" && len(opts.JourneyFlags) > 0 {
		return usageErrorf("--%s does not apply to %s (%s)", opts.JourneyFlags[0], k.Noun, k.NoVariants)
	}
	// Piped answers are shown, so that the transcript reads as a session.
	f, ok := opts.IO.In.(*os.File)
	echo := !ok || !isTerminal(f)
	return k.Play(res, kinds.Match{In: opts.IO.In, Out: opts.IO.Out, Seed: seed, Players: opts.Game.Players, Bot: opts.Bot,
		Game: opts.Game, TurnCap: opts.TurnCap, Echo: echo})
}

// maxGameLog bounds a game log: a game of a few thousand turns is a few
// hundred kilobytes.
const maxGameLog = 16 << 20

// runReplay plays a game log again on the pack. A file that is no log, a
// log of another edition, a move the rules refuse or an end other than the
// log's is bad input (exit 2), named by the file.
func runReplay(ctx context.Context, opts *playOptions) error {
	data, name, err := opts.Global.readInput(opts.Replay, opts.Global.limit(maxGameLog))
	if err != nil {
		return err
	}
	rec, err := game.DecodeRecord(data)
	if err != nil {
		return diag.Errorf(diag.Position{File: name}, "%w", err)
	}
	res, err := loadPlayable(ctx, opts.Pack, opts.IO, opts.Global)
	if err != nil {
		return err
	}
	k := kinds.Of(res.Kind)
	if k.Replay == nil {
		return usageErrorf("--replay plays the 10 Days games' logs; %s is %s", opts.Pack, k.Noun)
	}
	return k.Replay(opts.IO.Out, res, name, rec)
}
