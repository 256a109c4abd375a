package lint

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// bigValidPack is the mini pack grown to about size bytes of minified JSON
// with no finding in it: a chain of regions, each bordering the next (the
// first borders Midshire), in the pack's two colours by turns, each with
// its region card, and the totals and the rulebook's counts to match.
func bigValidPack(tb testing.TB, size int) []byte { return grownPack(tb, size, 0) }

// grownPack is bigValidPack grown until it is size bytes long or holds
// regions regions (whichever is set; regions in steps of 100 past the
// mini pack's five).
func grownPack(tb testing.TB, size, regionCount int) []byte {
	tb.Helper()
	src, err := os.ReadFile("../testdata/packs/mini.pack.json")
	require.NoError(tb, err)
	var p map[string]any
	require.NoError(tb, json.Unmarshal(src, &p))
	regions := p["regions"].([]any)
	links := p["links"].([]any)
	deck := p["deck"].(map[string]any)
	cards := deck["cards"].([]any)
	totals := deck["totals"].(map[string]any)
	expect := p["expect"].(map[string]any)
	colors := []string{"blue", "green"}
	prev, n := "MID", 0
	for {
		out, err := json.Marshal(p)
		require.NoError(tb, err)
		if size > 0 && len(out) >= size || regionCount > 0 && len(regions) >= regionCount {
			return out
		}
		for range 100 {
			id := fmt.Sprintf("R%05d", n)
			regions = append(regions, map[string]any{"id": id, "name": "Région " + id, "color": colors[n%2], "copies": 1, "airOnly": false, "seas": []any{}, "rails": []any{}})
			links = append(links, map[string]any{"a": prev, "b": id, "kind": "border", "lengthKm": 12.5})
			cards = append(cards, map[string]any{"token": id, "kind": "region", "region": id, "count": 1})
			prev = id
			n++
		}
		p["regions"], p["links"], deck["cards"] = regions, links, cards
		totals["regionCards"] = totals["regionCards"].(float64) + 100
		totals["cards"] = totals["cards"].(float64) + 100
		expect["regionCards"] = expect["regionCards"].(float64) + 100
		expect["regions"] = expect["regions"].(float64) + 100
	}
}

// The big pack lint is measured on is valid: nothing to report, so no
// place is ever looked up.
func TestBigValidPackIsClean(t *testing.T) {
	src := bigValidPack(t, 256<<10)
	target, err := DecodePack("big.pack.json", src)
	require.NoError(t, err)
	require.Empty(t, target.Findings, "schema")
	for _, f := range check(target) {
		t.Errorf("%s", f)
	}
}

// BenchmarkLintValidPack: reading and linting a 2 MB valid pack, the work
// `tendays lint` does beside Ajv's whole process (scripts/bench/lint_ajv.sh
// times both as processes).
//
//	go test ./lint -run '^$' -bench LintValidPack -benchtime 5x -count 3
func BenchmarkLintValidPack(b *testing.B) {
	src := bigValidPack(b, 2<<20)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		t, err := DecodePack("big.pack.json", src)
		if err != nil {
			b.Fatal(err)
		}
		if fs := check(t); len(fs) > 0 {
			b.Fatal(fs[0])
		}
	}
}

// TestWriteBigValidPack writes the benchmark's pack for the whole-process
// comparison with Ajv when TENDAYS_BIGPACK names a file: 2 MB, or
// TENDAYS_BIGPACK_REGIONS regions.
func TestWriteBigValidPack(t *testing.T) {
	out := os.Getenv("TENDAYS_BIGPACK")
	if out == "" {
		t.Skip("set TENDAYS_BIGPACK=FILE to write the 2 MB valid pack (scripts/bench/lint_ajv.sh does)")
	}
	src := bigValidPack(t, 2<<20)
	if s := os.Getenv("TENDAYS_BIGPACK_REGIONS"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err)
		src = grownPack(t, 0, n)
	}
	require.NoError(t, os.WriteFile(out, src, 0o644))
}
