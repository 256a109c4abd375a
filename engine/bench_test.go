package engine

import (
	"testing"

	"github.com/tendays/tendays/engine/internal/packtest"
)

// BenchmarkCheck checks the rulebook's 10-day journey on the 50-state pack
// (goal: ≤ 200 ns, no allocations).
func BenchmarkCheck(b *testing.B) {
	board := compile(b, packtest.USA())
	cases := map[string]string{
		"valid":   "Oregon,car,Arizona,plane:tan,Ohio,West Virginia,Pennsylvania,plane:light-blue,Georgia,Florida",
		"invalid": "OR,WA,ID,UT,WY,CO,NM,OK,car,ME",
	}
	for _, name := range []string{"valid", "invalid"} {
		cards := journey(b, board, cases[name])
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if v := board.Check(cards); v.Valid != (name == "valid") {
					b.Fatal(v.Reason())
				}
			}
		})
	}
}

func BenchmarkProgress(b *testing.B) {
	board := compile(b, packtest.USA())
	cards := journey(b, board, "Oregon,car,Arizona,plane:tan,Ohio,West Virginia,Pennsylvania,plane:red,Georgia,Florida")
	b.ReportAllocs()
	for b.Loop() {
		board.Progress(cards)
	}
}

// BenchmarkCount counts 10-day journeys on the 50-state pack, overall and
// per state (goal: under 1 s).
func BenchmarkCount(b *testing.B) {
	board := compile(b, packtest.USA())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := board.Count(10); err != nil {
			b.Fatal(err)
		}
	}
}
