package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// bigPack is the mini pack grown to about size bytes of minified JSON by
// adding regions (with their region cards), written minified (one line)
// or indented.
func bigPack(tb testing.TB, size int, minified bool) []byte {
	tb.Helper()
	src, err := os.ReadFile("../testdata/packs/mini.pack.json")
	if err != nil {
		tb.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(src, &p); err != nil {
		tb.Fatal(err)
	}
	regions := p["regions"].([]any)
	deck := p["deck"].(map[string]any)
	cards := deck["cards"].([]any)
	for {
		out, _ := json.Marshal(p)
		if len(out) >= size {
			break
		}
		for range 100 {
			id := fmt.Sprintf("R%05d", len(regions))
			regions = append(regions, map[string]any{"id": id, "name": "Région " + id, "color": "red", "copies": 1, "airOnly": false, "seas": []any{}, "rails": []any{}})
			cards = append(cards, map[string]any{"token": id, "kind": "region", "region": id, "count": 1})
		}
		p["regions"], deck["cards"] = regions, cards
	}
	var out []byte
	if minified {
		out, err = json.Marshal(p)
	} else {
		out, err = json.MarshalIndent(p, "", "  ")
	}
	if err != nil {
		tb.Fatal(err)
	}
	if minified && bytes.Count(out, []byte("\n")) != 0 {
		tb.Fatal("minified pack has line breaks")
	}
	return out
}

// BenchmarkLintMinified: reading and linting a 2 MB pack written on one
// line costs about what the same pack indented costs (positions are found
// through a line index and a per-line cursor, not by counting from the
// start of the line each time):
//
//	go test ./lint -run '^$' -bench LintMinified -benchtime 3x
func BenchmarkLintMinified(b *testing.B) {
	for _, minified := range []bool{false, true} {
		src := bigPack(b, 2<<20, minified)
		name := "indented"
		if minified {
			name = "minified"
		}
		b.Run(fmt.Sprintf("%s-%dKB", name, len(src)>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				t, err := DecodePack("big.pack.json", src)
				if err != nil {
					b.Fatal(err)
				}
				check(t)
			}
		})
	}
}
