package schema

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The schemas are read by validators in other languages, and JSON Schema
// patterns are ECMA-262 regular expressions (Ajv compiles them with the u
// flag), while this package compiles them with Go's regexp. A pattern must
// therefore mean the same in both. portable checks a pattern against the
// common subset, as far as Go can tell without a JavaScript engine (the
// Ajv test in ajv_test.go compiles them in the real one):
//
//   - no \x{...} (Go only), no \u (ECMA only: write the character, or a \u
//     escape of the JSON string, which gives the character itself);
//   - no (?flags) or (?P<name>: only (?: groups;
//   - no . outside a class: Go's matches \r, U+2028 and U+2029, ECMA's not;
//   - no \s or \S: ECMA's takes Unicode spaces, Go's only ASCII ones;
//   - \p{..} and \P{..} only with a general category both read alike (not
//     C: ECMA's holds the unassigned code points, Go's does not; no
//     scripts, which ECMA spells Script=...), and never \pL without braces;
//   - an escaped punctuation character only where the u flag allows it
//     (^$\.*+?()[]{}|/, and - in a class), no \A \z \Q \C or octal;
//   - { only as a quantifier {n}, {n,} or {n,m}; no lone } or ] (syntax
//     errors with the u flag, literals in Go); no [ or [: inside a class.
func portable(pattern string) error {
	if _, err := regexp.Compile(pattern); err != nil {
		return fmt.Errorf("Go's regexp refuses it: %w", err)
	}
	categories := map[string]bool{}
	for _, c := range strings.Fields("L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp Cc Cf Cs Co") {
		categories[c] = true
	}
	quantifier := regexp.MustCompile(`^\{[0-9]+(,[0-9]*)?\}`)
	inClass := false
	for i := 0; i < len(pattern); {
		c := pattern[i]
		switch {
		case c == '\\':
			if i+1 >= len(pattern) {
				return fmt.Errorf("a lone \\ at the end")
			}
			e := pattern[i+1]
			switch {
			case e == 'p' || e == 'P':
				rest := pattern[i+2:]
				end := strings.IndexByte(rest, '}')
				if !strings.HasPrefix(rest, "{") || end < 0 {
					return fmt.Errorf("\\%c without braces (ECMA needs \\%c{..})", e, e)
				}
				if name := rest[1:end]; !categories[name] {
					return fmt.Errorf("\\%c{%s}: not a general category both dialects read alike", e, name)
				}
				i += 2 + end + 1
				continue
			case e == 'x':
				if i+3 >= len(pattern) || !isHex(pattern[i+2]) || !isHex(pattern[i+3]) {
					return fmt.Errorf("\\x not followed by two hex digits (\\x{...} is Go only)")
				}
				i += 4
				continue
			case strings.IndexByte("dDwWnrtfv", e) >= 0:
			case e == 'b' || e == 'B':
				if inClass {
					return fmt.Errorf("\\%c in a class", e)
				}
			case strings.IndexByte(`^$\.*+?()[]{}|/`, e) >= 0:
			case e == '-' && inClass:
			default:
				return fmt.Errorf("escape \\%c is not read alike by ECMA-262 (u flag) and Go", e)
			}
			i += 2
			continue
		case inClass:
			switch c {
			case ']':
				inClass = false
			case '[':
				return fmt.Errorf("an unescaped [ inside a class")
			}
		case c == '[':
			inClass = true
			if strings.HasPrefix(pattern[i+1:], "^") {
				i++
			}
			if strings.HasPrefix(pattern[i+1:], "]") {
				return fmt.Errorf("a class starting with ] (an empty class in ECMA)")
			}
		case c == '.':
			return fmt.Errorf(". matches \\r, U+2028 and U+2029 in Go and not in ECMA: write the class meant")
		case c == '(':
			if strings.HasPrefix(pattern[i+1:], "?") && !strings.HasPrefix(pattern[i+1:], "?:") {
				return fmt.Errorf("(? other than (?: (flags and named groups differ)")
			}
		case c == '{':
			m := quantifier.FindString(pattern[i:])
			if m == "" {
				return fmt.Errorf("a { that is no quantifier (a literal in Go, an error in ECMA with the u flag)")
			}
			i += len(m)
			continue
		case c == '}' || c == ']':
			return fmt.Errorf("a lone %c (a literal in Go, an error in ECMA with the u flag)", c)
		}
		_, size := utf8.DecodeRuneInString(pattern[i:])
		i += size
	}
	return nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// patterns collects every regular expression of a schema document: the
// values of "pattern" and the keys of "patternProperties", with where they
// are.
func patterns(node any, at string, out map[string]string) {
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			switch {
			case k == "pattern":
				if p, ok := v.(string); ok {
					out[at+"/pattern"] = p
				}
			case k == "patternProperties":
				if m, ok := v.(map[string]any); ok {
					for p := range m {
						out[at+"/patternProperties/"+p] = p
					}
				}
			}
			patterns(v, at+"/"+k, out)
		}
	case []any:
		for i, v := range n {
			patterns(v, fmt.Sprintf("%s/%d", at, i), out)
		}
	}
}

func TestPatternsArePortable(t *testing.T) {
	total := 0
	for _, name := range Names() {
		src, err := Source(name)
		require.NoError(t, err)
		assert.NotContains(t, string(src), `\\x{`, "%s: Go's \\x{...} escape", name)
		found := map[string]string{}
		patterns(decode(t, src), "", found)
		require.NotEmpty(t, found, name)
		for at, p := range found {
			total++
			assert.NoError(t, portable(p), "%s schema at %s: %q", name, at, p)
		}
	}
	t.Logf("%d patterns checked", total)
}

// The checker refuses what it is there to refuse.
func TestPortableRefuses(t *testing.T) {
	for _, p := range []string{
		`^[^\x{202A}]*$`, `(?i)abc`, `(?P<n>a)`, `^a.b$`, `^\s*$`, `^\S$`, `\p{C}`, `\p{Greek}`, `\pL`,
		`a{,3}`, `a}`, `a]`, `\A`, `\z`, `\Q.\E`, `\1`, `\_`, `[[:alpha:]]`, `[\b]`, `\x4`, `[]a]`,
	} {
		assert.Error(t, portable(p), "%q", p)
	}
	for _, p := range []string{
		`^[a-z0-9][a-z0-9-]*$`, "^[^\\p{Cc}\u202A-\u202E]*$", `^[0-9a-f]{64}$`, `^[1-9][0-9]?$`, `^[^/\\][^\\]*$`,
		`^(?:a|b)+\.c\d{2,}$`, `^[\-\]]x\x41$`,
	} {
		assert.NoError(t, portable(p), "%q", p)
	}
}

// What the patterns are for still holds now that they are portable.
func TestNameAndIDPatterns(t *testing.T) {
	src, err := Source(Pack)
	require.NoError(t, err)
	defs := decode(t, src).(map[string]any)["$defs"].(map[string]any)
	name := regexp.MustCompile(defs["name"].(map[string]any)["pattern"].(string))
	id := regexp.MustCompile(defs["id"].(map[string]any)["pattern"].(string))
	for _, s := range []string{"Côte d'Ivoire", "New York", "東京", "Bosnia & Herz."} {
		assert.True(t, name.MatchString(s), s)
		assert.True(t, id.MatchString(s), s)
	}
	for _, s := range []string{"evil\u202Ename", "two\nlines", "bell\a", "iso\u2066late", "line\u2028sep"} {
		assert.False(t, name.MatchString(s), "%q", s)
		assert.False(t, id.MatchString(s), "%q", s)
	}
	for _, s := range []string{" lead", "\u00a0nbsp", "\ufeffbom", "a:b", "a,b", "zero\u200bwidth", "private\ue000"} {
		assert.False(t, id.MatchString(s), "%q", s)
	}
}

func TestPatternMessagesAreWords(t *testing.T) {
	vs, err := Validate(Pack, map[string]any{"format": "tendays.pack", "formatVersion": 1, "kind": "regions",
		"edition": map[string]any{"id": "x", "name": "bad\u202Ename", "days": 10}})
	require.NoError(t, err)
	var msgs []string
	for _, v := range vs {
		if v.Pointer == "/edition/name" {
			msgs = append(msgs, v.Message)
		}
	}
	require.NotEmpty(t, msgs)
	assert.Contains(t, msgs, "does not match the pattern: a name shown to players: no control characters, line breaks or bidi overrides (they would reach a terminal raw); at most 200 characters")
}
