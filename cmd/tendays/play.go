package main

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/pipeline"
	"github.com/tendays/tendays/play"
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
	if res.Network != nil {
		return runPlayNetwork(opts, res, seed)
	}
	if !slices.Contains(bot.Names(), strings.ToLower(opts.Bot)) {
		return usageErrorf("unknown bot %q (want %s)", opts.Bot, strings.Join(bot.Names(), ", "))
	}
	if err := boxPlayers(opts.Game); err != nil {
		return err
	}
	b, err := compileBoard(res)
	if err != nil {
		return err
	}
	err = play.Regions(opts.IO.In, opts.IO.Out, play.Game{Board: b, Config: opts.Game, Seed: seed, Bot: opts.Bot, TurnCap: opts.TurnCap})
	return setupError(err)
}

// runPlayNetwork is play on a route-network pack (Across the United
// States): --players, --seed and --bot (one bot name, or one per bot seat,
// comma-separated) mean something there; the journey variants do not.
func runPlayNetwork(opts *playOptions, res *pipeline.Result, seed uint64) error {
	if len(opts.JourneyFlags) > 0 {
		return usageErrorf("--%s does not apply to a route-network pack (it plays a fixed number of rounds)", opts.JourneyFlags[0])
	}
	players := opts.Variant.Players
	if players < 2 {
		return usageErrorf("--players must be at least 2")
	}
	var bots []string
	for _, name := range strings.Split(opts.Bot, ",") {
		bots = append(bots, strings.ToLower(strings.TrimSpace(name)))
	}
	if len(bots) == 1 {
		bots = slices.Repeat(bots, players-1)
	}
	if len(bots) != players-1 {
		return usageErrorf("--bot names %d bots for %d bot seats (give one name, or one per seat 2-%d)", len(bots), players-1, players)
	}
	b, err := route.Compile(res.Network)
	if err != nil {
		return &diag.InputError{Position: diag.Position{File: res.Name}, Msg: err.Error()}
	}
	// Piped answers are shown, so that the transcript reads as a session.
	f, ok := opts.IO.In.(*os.File)
	echo := !ok || !isTerminal(f)
	return setupError(play.Network(opts.IO.In, opts.IO.Out, play.NetworkGame{Board: b, Seed: seed, Bots: bots, Echo: echo}))
}

// setupError is a game that cannot be dealt as asked: bad usage.
func setupError(err error) error {
	var se *play.SetupError
	if errors.As(err, &se) {
		return usageErrorf("%v", se.Err)
	}
	return err
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
	if res.Network != nil {
		return usageErrorf("--replay plays the 10 Days games' logs; %s is a route-network pack", opts.Pack)
	}
	b, err := compileBoard(res)
	if err != nil {
		return err
	}
	if err := play.Replay(opts.IO.Out, b, name, rec); err != nil {
		return diag.Errorf(diag.Position{File: name}, "%w", err)
	}
	return nil
}
