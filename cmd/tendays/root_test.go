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

func TestArgsMessage(t *testing.T) {
	for _, tc := range []struct {
		use  string
		args []string
		want string
	}{
		{"build EDITION", nil, "missing EDITION"},
		{"build EDITION", []string{"a", "b"}, `unexpected argument "b"`},
		{"export PACK --format FORMAT [-o OUT]", nil, "missing PACK"},
		{"init FOLDER --borders FILE", []string{"a", "b", "c"}, `2 unexpected arguments, from "b"`},
		{"schema [pack|edition]", []string{"a", "b"}, `unexpected argument "b"`},
		{"check PACK CARD... | check PACK --batch FILE|-", nil, "missing PACK CARD..."},
	} {
		assert.Equal(t, tc.want, argsMessage(tc.use, tc.args), tc.use)
	}
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{"1024": 1024, "1KiB": 1024, "256MiB": 256 << 20, "1.5k": 1536, "2 GiB": 2 << 30, "1MB": 1e6, "0": 0} {
		var b byteSize
		if assert.NoError(t, b.Set(in), in) {
			assert.Equal(t, want, int64(b), in)
		}
	}
	for _, in := range []string{"", "-1", "KiB", "1ZiB", "NaN", "1e300GiB"} {
		var b byteSize
		assert.Error(t, b.Set(in), in)
	}
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
