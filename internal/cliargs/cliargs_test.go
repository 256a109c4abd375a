package cliargs

import (
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrongCount(t *testing.T) {
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
		{"check PACK CARD... | check PACK --batch FILE|-", []string{"usa"}, "missing CARD..."},
		{"serve [EDITION|PACK]", []string{"a"}, "wrong number of arguments (1)"},
	} {
		assert.Equal(t, tc.want, WrongCount(tc.use, tc.args), tc.use)
	}
}

func TestPlaceholders(t *testing.T) {
	want, optional, variadic := placeholders("export PACK --format FORMAT [-o OUT] [EXTRA words]")
	assert.Equal(t, []string{"PACK"}, want, "a flag's value is no argument")
	assert.Equal(t, 1, optional, "[-o OUT] is a flag, [EXTRA words] an optional argument")
	assert.False(t, variadic)
	want, _, variadic = placeholders("check PACK CARD...")
	assert.Equal(t, []string{"PACK", "CARD..."}, want)
	assert.True(t, variadic)
}

func TestUnknownCommand(t *testing.T) {
	root := &cobra.Command{Use: "tendays"}
	journey := &cobra.Command{Use: "journey"}
	root.AddCommand(journey)
	noop := func(*cobra.Command, []string) {}
	journey.AddCommand(&cobra.Command{Use: "check", Run: noop}, &cobra.Command{Use: "count", Run: noop},
		&cobra.Command{Use: "secret", Hidden: true, Run: noop})
	journey.SuggestionsMinimumDistance = 2
	assert.Equal(t, `unknown command "chek" for "tendays journey"; did you mean check?`, UnknownCommand(journey, "chek"))
	assert.Equal(t, `unknown command "play" for "tendays journey" (commands: check, count)`, UnknownCommand(journey, "play"),
		"hidden commands are not listed")
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{"1024": 1024, "1KiB": 1024, "256MiB": 256 << 20, "1.5k": 1536, "2 GiB": 2 << 30, "1MB": 1e6, "0": 0} {
		var b ByteSize
		if assert.NoError(t, b.Set(in), in) {
			assert.Equal(t, want, int64(b), in)
		}
	}
	for _, in := range []string{"", "-1", "KiB", "1ZiB", "NaN", "1e300GiB"} {
		var b ByteSize
		assert.Error(t, b.Set(in), in)
	}
	b := ByteSize(2048)
	assert.Equal(t, "2048", b.String())
	assert.Equal(t, "size", b.Type())
}

func TestCheckFlags(t *testing.T) {
	newCmd := func() *cobra.Command {
		c := &cobra.Command{Use: "x"}
		c.Flags().Int("days", 0, "")
		c.Flags().Int("turn-cap", 100, "")
		c.Flags().Int("workers", 0, "")
		c.Flags().Float64("width", 800, "")
		c.Flags().StringSlice("only", nil, "")
		c.Flags().StringSlice("bots", []string{"greedy"}, "")
		return c
	}
	for _, tc := range []struct {
		args []string
		want string // "" for no fault
	}{
		{nil, ""},
		{[]string{"--days", "5", "--workers", "0", "--width", "12.5", "--bots", "a,b"}, ""},
		{[]string{"--days", "0"}, "--days 0: a journey has at least 2 days (leave --days out for the edition's)"},
		{[]string{"--turn-cap", "0"}, "--turn-cap 0: must be at least 1 (leave --turn-cap out for the default)"},
		{[]string{"--workers", "-1"}, "--workers -1: must be at least 1 (0 or left out: one per core)"},
		{[]string{"--width", "NaN"}, "--width NaN: must be a finite number"},
		{[]string{"--width", "-Inf"}, "--width -Inf: must be a finite number"},
		{[]string{"--only", ""}, "--only []: names no feature (give one or more names, comma-separated; leave --only out to keep them all)"},
		{[]string{"--only", "a,,b"}, "--only [a,,b]: has an empty feature name (give one or more names, comma-separated)"},
		{[]string{"--bots", ""}, "--bots []: names no bot (give one or more, comma-separated)"},
		{[]string{"--bots", "greedy, "}, `--bots [greedy," "]: has an empty bot name (give one or more names, comma-separated)`},
	} {
		c := newCmd()
		require.NoError(t, c.ParseFlags(tc.args), tc.args)
		err := CheckFlags(c.Flags())
		if tc.want == "" {
			assert.NoError(t, err, tc.args)
			continue
		}
		var fe *FlagError
		if assert.ErrorAs(t, err, &fe, tc.args) {
			assert.Equal(t, tc.want, err.Error())
		}
	}
}
