package diag

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzOneLine: the result is valid UTF-8 with nothing a terminal acts on,
// escaping twice changes nothing, and text with nothing to escape comes
// back as it was.
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"plain", "a\nb", "\x1b[31m", "\x00\x7f\u009b", "\xff\xfe", "\u2028\u202e", `\n`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := OneLine(s)
		if !utf8.ValidString(got) {
			t.Fatalf("OneLine(%q) = %q is not UTF-8", s, got)
		}
		for _, r := range got {
			if Unsafe(r) {
				t.Fatalf("OneLine(%q) = %q keeps %U", s, got, r)
			}
		}
		if again := OneLine(got); again != got {
			t.Fatalf("not idempotent: %q then %q", got, again)
		}
		if utf8.ValidString(s) && !strings.ContainsFunc(s, Unsafe) && got != s {
			t.Fatalf("OneLine(%q) = %q changed clean text", s, got)
		}
	})
}
