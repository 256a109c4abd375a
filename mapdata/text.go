package mapdata

import (
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/tendays/tendays/diag"
)

// The text rules of the pack schema ($defs/id and $defs/name), in Go, so
// that what derives a pack (build, lint, export, serve of an edition) and
// what writes an edition (init) refuse the same text at its source, before
// a pack exists to hold it.

// MaxName is the longest name a pack holds, in characters.
const MaxName = 200

// MaxID is the longest id a pack holds, in characters.
const MaxID = 64

// CheckName says why s cannot be a name shown to players (a region's, a
// colour's, a sea's, a line's, the edition's): empty, longer than MaxName
// characters, not UTF-8, or holding a control character, a line break or a
// bidi override. nil when it can.
func CheckName(s string) error {
	if s == "" {
		return errors.New("it is empty")
	}
	if !utf8.ValidString(s) {
		return errors.New("it is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > MaxName {
		return fmt.Errorf("it is %d characters long; a name is at most %d", n, MaxName)
	}
	for _, r := range s {
		if diag.Unsafe(r) {
			return fmt.Errorf("it holds the character %U (no control characters, line breaks or bidi overrides)", r)
		}
	}
	return nil
}

// CheckID says why s cannot be an id (a region's, a colour's, a sea's, a
// rail line's): empty, longer than MaxID characters, starting with white
// space, or holding a control, format or line-separator character, ':' or
// ','. nil when it can.
func CheckID(s string) error {
	if s == "" {
		return errors.New("it is empty")
	}
	if !utf8.ValidString(s) {
		return errors.New("it is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > MaxID {
		return fmt.Errorf("it is %d characters long; an id is at most %d", n, MaxID)
	}
	for i, r := range s {
		switch {
		case r == ':' || r == ',':
			return fmt.Errorf("it holds %q, which card tokens and lists use as separators", r)
		case unicode.In(r, unicode.C, unicode.Zl, unicode.Zp):
			return fmt.Errorf("it holds the character %U (no control, format or line-separator characters)", r)
		case i == 0 && unicode.In(r, unicode.Z, unicode.White_Space):
			return errors.New("it starts with white space")
		}
	}
	return nil
}
