package lint

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/testenv"
)

// hostileBaseline is a baseline of n entries of one rule and pointer, each
// of its own file, and findings of that rule and pointer in other files (a
// folder of packs linted at once), matching none: issue 33's hostile
// baseline, where every finding was compared with every entry, each
// comparison making both names absolute.
func hostileBaseline(tb testing.TB, n, findings int) ([]byte, []diag.Finding) {
	tb.Helper()
	entries := make([]BaselineEntry, n)
	for i := range entries {
		entries[i] = BaselineEntry{Rule: "colors/cvd", File: fmt.Sprintf("packs/f%d.pack.json", i), Pointer: "/colors/3"}
	}
	src, err := json.Marshal(Baseline{Format: baselineFormat, FormatVersion: 1, Findings: entries})
	if err != nil {
		tb.Fatal(err)
	}
	fs := make([]diag.Finding, findings)
	for i := range fs {
		fs[i] = diag.Finding{Rule: "colors/cvd", Severity: diag.Info,
			Position: diag.Position{File: fmt.Sprintf("packs/g%d.pack.json", i), Pointer: "/colors/3"}}
	}
	return src, fs
}

// BenchmarkHostileBaseline reads and applies baselines of growing size to
// findings growing with them: the CPU time per entry stays flat (linear),
// which go test ./lint -bench HostileBaseline shows (cpu-ns/entry; wall
// time says little on a loaded machine).
func BenchmarkHostileBaseline(b *testing.B) {
	for _, n := range []int{10_000, 40_000, 160_000} {
		src, fs := hostileBaseline(b, n, n/10)
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			cpu := testenv.CPUTime()
			for b.Loop() {
				bl, err := DecodeBaseline("b.json", src)
				if err != nil {
					b.Fatal(err)
				}
				if out := bl.Filter(fs); len(out) != len(fs)+n {
					b.Fatalf("%d findings out", len(out))
				}
			}
			b.ReportMetric(float64(testenv.CPUTime()-cpu)/float64(b.N)/float64(n), "cpu-ns/entry")
		})
	}
}
