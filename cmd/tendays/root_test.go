package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
)

// Every command of tendays, the root and the groups included, shows how it
// is used.
func TestEveryCommandHasExamples(t *testing.T) {
	root := newRootCmd(&IOStreams{In: nil, Out: io.Discard, ErrOut: io.Discard})
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		n++
		assert.NotEmpty(t, c.Example, "%s has no examples", c.CommandPath())
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	assert.Greater(t, n, 12)
}

// The benchmark tables say what was measured: no "?" or "nan" cells.
func TestBenchmarkTablesHaveNoUnknownCells(t *testing.T) {
	src, err := os.ReadFile("../../docs/BENCHMARKS.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for i, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		rows++
		for _, cell := range strings.Split(strings.Trim(line, "|"), "|") {
			c := strings.ToLower(strings.TrimSpace(cell))
			assert.False(t, c == "?" || c == "nan" || c == "nanx",
				"docs/BENCHMARKS.md:%d: cell %q", i+1, cell)
		}
	}
	assert.Greater(t, rows, 10)
}
