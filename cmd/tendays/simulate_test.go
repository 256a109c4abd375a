package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
)

// TestProgressOnlyOnATerminal: the bar goes to stderr when it is a terminal
// and the format is text; never with JSON or a pipe.
func TestProgressOnlyOnATerminal(t *testing.T) {
	tests := []struct {
		tty    bool
		format string
		bar    bool
	}{
		{true, "text", true},
		{true, "json", false},
		{false, "text", false},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		opts := &simulateOptions{IO: &IOStreams{Out: &out, ErrOut: &errOut, ErrTTY: tc.tty}, Global: &globalOptions{},
			Pack: usaPack, Games: 20, Seed: 1, Bots: []string{"greedy"}, TurnCap: 1000, Format: tc.format,
			Game: game.Config{Players: 2}}
		require.NoError(t, runSimulate(context.Background(), opts))
		if tc.bar {
			assert.Contains(t, errOut.String(), "simulating [")
			assert.Contains(t, errOut.String(), "20/20")
		} else {
			assert.Empty(t, errOut.String())
		}
		assert.NotContains(t, out.String(), "simulating")
	}
}

func TestVariantFlags(t *testing.T) {
	cmd := &cobra.Command{Use: "x"}
	v := &variantFlags{}
	v.add(cmd, 4)
	require.NoError(t, cmd.ParseFlags([]string{"--players", "3", "--days", "5", "--swap", "off", "--open-hands", "--refill", "own"}))
	assert.Equal(t, variantFlags{Players: 3, Days: 5, Swap: "off", OpenHands: true, Refill: "own"}, *v)
	cfg, err := v.config(cmd)
	require.NoError(t, err)
	assert.Equal(t, game.Config{Players: 3, Days: 5, Swap: game.SwapOff, OpenHands: true, Refill: game.RefillOwn}, cfg)

	defaults := &variantFlags{}
	defaults.add(&cobra.Command{Use: "y"}, 4)
	assert.Equal(t, variantFlags{Players: 4, Swap: "pack", Refill: "all"}, *defaults)
	_, err = (&variantFlags{Players: 2, Swap: "sometimes"}).config(cmd)
	assert.ErrorContains(t, err, `unknown --swap "sometimes"`)
}

// BenchmarkGameUSA plays 2-player games on the bundled USA pack on one core,
// one game an iteration, every seat the same bot (goal for greedy: at least
// 1,000 games a second a core).
func BenchmarkGameUSA(b *testing.B) {
	board := bundledBoard(b, "usa")
	for _, name := range bot.Names() {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			seed, turns := uint64(0), 0
			for b.Loop() {
				seed++
				r, err := sim.Run(context.Background(), board, sim.Config{Games: 1, Seed: seed, Workers: 1,
					Game: game.Config{Players: 2}, Bots: []string{name}})
				if err != nil {
					b.Fatal(err)
				}
				turns += int(r.TurnsToWin.Mean*float64(r.Finished)) + r.Stalled*r.TurnCap
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}
