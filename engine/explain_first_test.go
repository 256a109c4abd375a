package engine

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/tendays/tendays/mapdata"
)

// TestNotLinkedExplainsTheStepTheCheckStoppedAt: for a journey that is not
// linked, the first step Steps finds unlinked starts on the day the check
// stopped at, so that Reason can explain that step alone and say what the
// walk over every step said.
func TestNotLinkedExplainsTheStepTheCheckStoppedAt(t *testing.T) {
	for _, file := range []string{"usa", "europe-mini", "around-the-world", "grid"} {
		t.Run(file, func(t *testing.T) {
			src, err := os.ReadFile("testdata/" + file + ".pack.json")
			if err != nil {
				t.Fatal(err)
			}
			doc, err := mapdata.DecodePack(file, src)
			if err != nil {
				t.Fatal(err)
			}
			b := compile(t, doc.Pack)
			rng := rand.New(rand.NewPCG(1, 2))
			cards := make([]CardID, b.Days())
			notLinked := 0
			for range 20000 {
				// Mostly regions and their neighbours, so that steps after
				// the first are linked too.
				r := rng.IntN(b.NumRegions())
				for i := range cards {
					switch next := b.FootNeighbors(r); {
					case rng.IntN(4) == 0:
						cards[i] = CardID(rng.IntN(b.NumCards()))
					case len(next) > 0 && rng.IntN(5) > 0:
						r = int(next[rng.IntN(len(next))])
						cards[i] = b.Region(r).Card
					default:
						r = rng.IntN(b.NumRegions())
						cards[i] = b.Region(r).Card
					}
					if b.IsRegion(cards[i]) {
						r = b.RegionOf(cards[i])
					}
				}
				v := b.Check(cards)
				if v.Fault != NotLinked {
					continue
				}
				notLinked++
				want := ""
				for _, s := range v.Steps() {
					if !s.Linked {
						if s.From != v.At {
							t.Fatalf("%v: the check stopped at day %d, the steps at day %d", cards, v.At+1, s.From+1)
						}
						want = "days " + strconv.Itoa(s.From+1) + "–" + strconv.Itoa(s.To+1) + ": " + s.Text
						break
					}
				}
				if got := v.Reason(); got != want {
					t.Fatalf("%v: Reason %q, the steps say %q", cards, got, want)
				}
			}
			if notLinked < 1000 {
				t.Fatalf("only %d journeys not linked of 20,000", notLinked)
			}
		})
	}
}
