package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/game"
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
	require.NoError(t, cmd.ParseFlags([]string{"--players", "3", "--days", "5", "--swap", "off", "--open-hands"}))
	assert.Equal(t, variantFlags{Players: 3, Days: 5, Swap: "off", OpenHands: true}, *v)
	cfg, err := v.config(cmd)
	require.NoError(t, err)
	assert.Equal(t, game.Config{Players: 3, Days: 5, Swap: game.SwapOff, OpenHands: true}, cfg)

	defaults := &variantFlags{}
	defaults.add(&cobra.Command{Use: "y"}, 4)
	assert.Equal(t, variantFlags{Players: 4, Swap: "pack"}, *defaults)
	_, err = (&variantFlags{Players: 2, Swap: "sometimes"}).config(cmd)
	assert.ErrorContains(t, err, `unknown --swap "sometimes"`)
}
