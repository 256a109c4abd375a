package diag

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOneLine: what a terminal acts on is escaped, the rest kept as is, and
// escaping twice changes nothing.
func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain région":           "plain région",
		"a\nb\r\nc\td":           `a\nb\r\nc\td`,
		"\x1b[31mred\x1b[0m":     `\x1b[31mred\x1b[0m`,
		"nul\x00del\x7f":         `nul\x00del\x7f`,
		"c1\u009bX":              `c1\u009bX`,
		"raw \x9b byte":          `raw \x9b byte`,
		"line\u2028sep":          `line\u2028sep`,
		"bidi\u202eevil\u2066ok": `bidi\u202eevil\u2066ok`,
		`already \n escaped`:     `already \n escaped`,
	} {
		got := OneLine(in)
		assert.Equal(t, want, got, "%q", in)
		assert.Equal(t, got, OneLine(got), "idempotent on %q", in)
	}
}

// TestMessagesStayOneLine: a finding or an input error about an id with a
// newline and an ESC sequence prints as one line with no ESC.
func TestMessagesStayOneLine(t *testing.T) {
	id := "A\n\x1b]0;pwned\x07B\x00"
	f := Finding{Rule: "r/x", Severity: Error, Message: "unknown region " + id, Hint: "did you mean " + id, Position: Position{File: "f\n.json", Line: 1, Col: 2}}
	e := Errorf(Position{File: "e.json", Line: 3}, "bad id %q or %s", id, id)
	w := &InputError{Position: Position{File: "x"}, Err: errors.New("cause\x1b[2J")}
	for _, s := range []string{f.String(), e.Error(), w.Error()} {
		assert.False(t, strings.ContainsAny(s, "\n\r\x1b\x00\x07"), "%q", s)
	}
	assert.Equal(t, `f\n.json:1:2: error r/x: unknown region A\n\x1b]0;pwned\x07B\x00 (did you mean A\n\x1b]0;pwned\x07B\x00)`, f.String())
}
