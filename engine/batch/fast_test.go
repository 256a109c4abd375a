package batch

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// FuzzFastPaths: a line cut without copying gives the tokens the quoting
// splitter gives, and an answer written by hand is the bytes
// encoding/json writes (HTML unescaped), whatever the reason holds.
func FuzzFastPaths(f *testing.F) {
	for _, s := range []string{"MID,car,NOR", " a  b\tc ", ",,", "a,,b,", "a\u00a0b", "x\xffy", "\"q\",r",
		"days 1–3: Maine → car → New Hampshire", "a\u2028b", "<&>", "tab\there", `back\slash`} {
		f.Add(s, 7, true)
	}
	f.Fuzz(func(t *testing.T, s string, line int, valid bool) {
		got, errGot := appendCards(nil, s)
		want, errWant := appendQuotedCards(nil, s)
		if (errGot == nil) != (errWant == nil) || !slices.Equal(got, want) {
			t.Fatalf("appendCards(%q) = %q, %v; the quoting splitter gives %q, %v", s, got, errGot, want, errWant)
		}
		res := Line{Line: line, Valid: valid, Reason: s, Error: !valid && line%2 == 0}
		var ref bytes.Buffer
		enc := json.NewEncoder(&ref)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			t.Fatal(err)
		}
		if fast, ok := appendAnswer(nil, res); ok && !bytes.Equal(fast, ref.Bytes()) {
			t.Fatalf("appendAnswer(%+v) = %s, encoding/json %s", res, fast, ref.Bytes())
		}
	})
}
