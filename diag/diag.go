// Package diag holds the small vocabulary every tendays package uses to talk
// about problems in its input: a Position in a source file, a Finding (a rule's
// verdict on a place) and an Error (input that could not be read at all).
//
// It holds no rules and no output formats: rules live in lint, and reporters
// in lint's reporters; this package only describes what was found and where.
package diag

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Severity orders findings. The zero value is Info so that a forgotten
// severity never fails a build.
type Severity int

const (
	Info Severity = iota
	Warning
	Error
)

var severityNames = [...]string{"info", "warning", "error"}

func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return fmt.Sprintf("severity(%d)", int(s))
	}
	return severityNames[s]
}

// ParseSeverity reads "info", "warning" or "error" (and "off" as ok=false).
func ParseSeverity(s string) (Severity, error) {
	for i, n := range severityNames {
		if strings.EqualFold(s, n) {
			return Severity(i), nil
		}
	}
	return Info, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

// MarshalText writes the severity's name, so JSON shows "error", not 2.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity's name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Position is a place in a source file. Line and Col are 1-based; zero means
// unknown. Pointer is an RFC 6901 JSON pointer into the document ("" is the
// whole document).
type Position struct {
	File    string `json:"file,omitempty"`
	Pointer string `json:"pointer"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"column,omitempty"`
}

// String gives "file:line:col", dropping what is unknown, and falls back to
// the pointer when no line is known.
func (p Position) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
		if p.Col > 0 {
			fmt.Fprintf(&b, ":%d", p.Col)
		}
	} else if p.Pointer != "" {
		if b.Len() > 0 {
			b.WriteString(":")
		}
		b.WriteString(p.Pointer)
	}
	return b.String()
}

// Finding is one verdict of a rule: what is wrong, where, and how to fix it.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint,omitempty"`
	Position
}

func (f Finding) String() string {
	s := fmt.Sprintf("%s: %s %s: %s", f.Position, f.Severity, f.Rule, f.Message)
	if f.Hint != "" {
		s += " (" + f.Hint + ")"
	}
	return OneLine(s)
}

// OneLine escapes what a terminal would act on instead of showing: control
// characters (newline, carriage return, tab, ESC, NUL, DEL, the C1 range),
// the Unicode line and paragraph separators and the bidirectional
// overrides. A message built from input (a region id with an ESC sequence
// or a newline) then stays one line of plain text, and a line-oriented
// reader (grep, CI annotations) sees one finding per line. Finding.String
// and InputError.Error go through it; JSON and SARIF output escape by
// their own rules and keep the text as it is.
func OneLine(s string) string {
	clean := utf8.ValidString(s)
	for _, r := range s {
		if !clean || Unsafe(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1: // a byte that is not UTF-8 (0x9b is CSI to some terminals)
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && Unsafe(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case Unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Unsafe reports a character a terminal would act on instead of showing:
// control characters (C0, DEL, C1), line and paragraph separators, bidi
// overrides and isolates. OneLine escapes them; mapdata refuses them in
// names.
func Unsafe(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) ||
		r == 0x2028 || r == 0x2029 || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// InputError is input that could not be read: malformed syntax, a wrong type,
// a missing file. Its message names the place first, as a compiler's does.
type InputError struct {
	Position
	Msg string
	Err error
}

func (e *InputError) Error() string {
	msg := e.Msg
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	} else if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	if pos := e.Position.String(); pos != "" {
		return OneLine(pos + ": " + msg)
	}
	return OneLine(msg)
}

func (e *InputError) Unwrap() error { return e.Err }

// Errorf builds an InputError at pos; %w in format wraps a cause.
func Errorf(pos Position, format string, args ...any) *InputError {
	return &InputError{Position: pos, Err: fmt.Errorf(format, args...)}
}

// RuleInfo describes a rule for reporters and configuration: its id (such as
// "deck/expect-totals"), a one-line doc and its default severity. Packages
// that find problems while loading or deriving declare their rules with it so
// that lint can document them and let a config change their severity.
type RuleInfo struct {
	ID       string
	Doc      string
	Severity Severity
}
