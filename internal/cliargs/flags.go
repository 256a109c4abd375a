package cliargs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// FlagError is a flag given a value it refuses.
type FlagError struct {
	Name, Value string
	Msg         string
}

func (e *FlagError) Error() string { return fmt.Sprintf("--%s %s: %s", e.Name, e.Value, e.Msg) }

// CheckFlags is the one check every command's flags go through before the
// command runs, for what a command's own range check would let through; it
// looks at the flags given only, the first fault found is its *FlagError:
//
//   - a float flag set to NaN or ±Inf (strconv reads "NaN" and "Inf", and
//     NaN passes every "x < lo || x > hi" test: --width NaN wrote an SVG
//     full of NaN);
//   - a flag whose zero value means "the default", given 0 (or empty)
//     explicitly: --days 0, --turn-cap 0 and --bots ” silently took the
//     default, --workers -1 every core, --only ” selected every feature.
//     Left out, they still do; --workers 0 is documented as one per core.
func CheckFlags(flags *pflag.FlagSet) error {
	var err error
	flags.Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		bad := func(format string, args ...any) {
			err = &FlagError{Name: f.Name, Value: f.Value.String(), Msg: fmt.Sprintf(format, args...)}
		}
		switch f.Value.Type() {
		case "float64", "float32":
			if v, perr := strconv.ParseFloat(f.Value.String(), 64); perr == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
				bad("must be a finite number")
				return
			}
		}
		switch f.Name {
		case "days":
			if n, _ := strconv.Atoi(f.Value.String()); n == 0 { // negative: the command says so
				bad("a journey has at least 2 days (leave --days out for the edition's)")
			}
		case "turn-cap":
			if n, _ := strconv.Atoi(f.Value.String()); n == 0 {
				bad("must be at least 1 (leave --turn-cap out for the default)")
			}
		case "workers":
			if n, _ := strconv.Atoi(f.Value.String()); n < 0 { // 0 is documented: one per core
				bad("must be at least 1 (0 or left out: one per core)")
			}
		case "only":
			// --only '' selected every feature: an empty selection is a
			// mistake, never "all".
			if s, ok := f.Value.(pflag.SliceValue); ok {
				if len(s.GetSlice()) == 0 {
					bad("names no feature (give one or more names, comma-separated; leave --only out to keep them all)")
					return
				}
				for _, name := range s.GetSlice() {
					if strings.TrimSpace(name) == "" {
						bad("has an empty feature name (give one or more names, comma-separated)")
						return
					}
				}
			}
		case "bots":
			if s, ok := f.Value.(pflag.SliceValue); ok {
				for _, name := range s.GetSlice() {
					if strings.TrimSpace(name) == "" {
						bad("has an empty bot name (give one or more names, comma-separated)")
						return
					}
				}
				if len(s.GetSlice()) == 0 {
					bad("names no bot (give one or more, comma-separated)")
				}
			}
		}
	})
	return err
}
