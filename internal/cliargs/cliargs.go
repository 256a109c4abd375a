// Package cliargs holds what tendays's command line accepts beyond what
// cobra and pflag check, as plain functions and values: the message for a
// wrong number of arguments, read from a command's Use line; the message
// for an unknown subcommand; the flag values that would silently mean
// something else (NaN, an explicit 0 that means "default"); and the size
// flag value (--max-input 256MiB).
//
// It returns messages and errors; the command turns them into usage errors
// and exit codes, and prints them.
package cliargs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// WrongCount names what is missing or too much from the placeholders of a
// command's Use line: "build EDITION" with no argument is "missing
// EDITION"; with two, "unexpected argument "x"".
func WrongCount(use string, args []string) string {
	want, optional, variadic := placeholders(use)
	switch {
	case len(args) < len(want):
		return "missing " + strings.Join(want[len(args):], " ")
	case !variadic && len(args) > len(want)+optional:
		extra := args[len(want)+optional:]
		if len(extra) == 1 {
			return fmt.Sprintf("unexpected argument %q", extra[0])
		}
		return fmt.Sprintf("%d unexpected arguments, from %q", len(extra), extra[0])
	}
	return fmt.Sprintf("wrong number of arguments (%d)", len(args))
}

// placeholders reads the required positional arguments of a Use line (the
// first of its forms): upper-case words that are neither optional ([...])
// nor a flag's value. CARD... is variadic and needs at least one; optional
// counts the bracketed ones that are no flag ("[pack|edition]").
func placeholders(use string) (want []string, optional int, variadic bool) {
	form, _, _ := strings.Cut(use, " | ")
	words := strings.Fields(form)
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "["):
			if !strings.HasPrefix(w, "[-") {
				optional++
			}
			for !strings.HasSuffix(words[i], "]") && i+1 < len(words) {
				i++
			}
		case strings.HasPrefix(w, "-"):
			i++ // the flag's value
		case strings.ToUpper(w) == w:
			if strings.HasSuffix(w, "...") {
				variadic = true
			}
			want = append(want, w)
		}
	}
	return want, optional, variadic
}

// UnknownCommand is the message for a subcommand of group that does not
// exist, with the nearest names ("unknown command "chek" for "tendays
// journey"; did you mean check?"), or the list of them when none is near.
func UnknownCommand(group *cobra.Command, name string) string {
	msg := fmt.Sprintf("unknown command %q for %q", name, group.CommandPath())
	if s := group.SuggestionsFor(name); len(s) > 0 {
		return msg + "; did you mean " + strings.Join(s, " or ") + "?"
	}
	var names []string
	for _, c := range group.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return msg + " (commands: " + strings.Join(names, ", ") + ")"
}

// ByteSize is a size flag's value: bytes, or a number with a unit (KiB,
// MiB, GiB, KB, MB, GB; B; case ignored). It is a pflag.Value.
type ByteSize int64

var byteUnits = []struct {
	suffix string
	mult   float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30},
	{"b", 1},
}

func (b *ByteSize) String() string {
	if *b == 0 {
		return "0"
	}
	return strconv.FormatInt(int64(*b), 10)
}

// Type names the value in help: "size".
func (b *ByteSize) Type() string { return "size" }

// Set reads a size; a negative, infinite or absurd one is refused.
func (b *ByteSize) Set(s string) error {
	text := strings.ToLower(strings.TrimSpace(s))
	mult := 1.0
	for _, u := range byteUnits {
		if strings.HasSuffix(text, u.suffix) {
			text, mult = strings.TrimSpace(strings.TrimSuffix(text, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(text, 64)
	if err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n) || n*mult > math.MaxInt64/2 {
		return fmt.Errorf("want a size such as 1048576, 1KiB or 256MiB, not %q", s)
	}
	*b = ByteSize(math.Round(n * mult))
	return nil
}

var _ pflag.Value = (*ByteSize)(nil)
