package batch

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
)

// benchLines makes n journey lines for board b, as a person or a program
// would write them: each card named by its id, its name or its token in
// mixed case and spacing. valid: random walks the engine finds valid;
// otherwise cards drawn at random from the deck (nearly all invalid, each
// answered with its reason).
func benchLines(t testing.TB, b *engine.Board, n int, valid bool, seed uint64) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	days := b.Days()
	regionCard := func(r int) engine.CardID { return b.Region(r).Card }
	spell := func(c engine.CardID) string {
		if !b.IsRegion(c) {
			tok := b.Card(c).Token
			if rng.IntN(3) == 0 {
				return strings.ToUpper(tok[:1]) + tok[1:]
			}
			return tok
		}
		r := b.Region(b.RegionOf(c))
		switch rng.IntN(4) {
		case 0:
			return r.ID
		case 1:
			return strings.ToLower(r.Name)
		case 2:
			return strings.ReplaceAll(r.Name, " ", "-")
		}
		return r.Name
	}
	var lines []string
	cards := make([]engine.CardID, days)
	for tries := 0; len(lines) < n; tries++ {
		if tries > 1000*n {
			t.Fatalf("found %d valid journeys of %d in %d tries", len(lines), n, tries)
		}
		if valid {
			if !walk(b, rng, cards, regionCard) || !b.Check(cards).Valid {
				continue
			}
		} else {
			for i := range cards {
				cards[i] = engine.CardID(rng.IntN(b.NumCards()))
			}
		}
		words := make([]string, days)
		for i, c := range cards {
			words[i] = spell(c)
		}
		lines = append(lines, strings.Join(words, ","))
	}
	return lines
}

// walk fills cards with a random journey: from a region, a step on foot or
// by a transport card to a region not yet visited. False when it ran into
// a dead end.
func walk(b *engine.Board, rng *rand.Rand, cards []engine.CardID, regionCard func(int) engine.CardID) bool {
	r := rng.IntN(b.NumRegions())
	visited := map[int]bool{r: true}
	unvisited := func(next []int32) int {
		var open []int
		for _, x := range next {
			if !visited[int(x)] {
				open = append(open, int(x))
			}
		}
		if len(open) == 0 {
			return -1
		}
		return open[rng.IntN(len(open))]
	}
	cards[0] = regionCard(r)
	for i := 1; i < len(cards); i++ {
		if i+1 < len(cards) && rng.IntN(3) == 0 {
			if t := engine.CardID(rng.IntN(b.NumCards())); !b.IsRegion(t) {
				if next := unvisited(b.LinkNeighbors(t, r)); next >= 0 {
					r = next
					visited[r] = true
					cards[i], cards[i+1] = t, regionCard(r)
					i++
					continue
				}
			}
		}
		next := unvisited(b.FootNeighbors(r))
		if next < 0 {
			return false
		}
		r = next
		visited[r] = true
		cards[i] = regionCard(r)
	}
	for _, c := range cards {
		if c == engine.NoCard {
			return false
		}
	}
	return true
}

// BenchmarkCheckLines checks 10,000 journey lines of the engine's USA pack
// a round, random and valid, as `journey check --batch` does (the whole
// process's figure: scripts/bench/batch.sh).
func BenchmarkCheckLines(b *testing.B) {
	board := usaBoard(b)
	for _, kind := range []string{"random", "valid"} {
		in := []byte(strings.Join(benchLines(b, board, 10000, kind == "valid", 1), "\n") + "\n")
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				if _, err := Check(context.Background(), board, bytes.NewReader(in), io.Discard, Options{Days: board.Days()}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/line")
		})
	}
}

// TestWriteBenchLines writes the whole-process benchmark's inputs when
// TENDAYS_BATCH_PACK names a pack and TENDAYS_BATCH_OUT a folder:
// random.txt and valid.txt, TENDAYS_BATCH_LINES lines each (default
// 200,000). scripts/bench/batch.sh runs it.
func TestWriteBenchLines(t *testing.T) {
	pack, out := os.Getenv("TENDAYS_BATCH_PACK"), os.Getenv("TENDAYS_BATCH_OUT")
	if pack == "" || out == "" {
		t.Skip("set TENDAYS_BATCH_PACK=PACK and TENDAYS_BATCH_OUT=DIR to write the batch benchmark's lines")
	}
	n := 200000
	if s := os.Getenv("TENDAYS_BATCH_LINES"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	board := compiled(t, pack)
	for i, kind := range []string{"random", "valid"} {
		lines := benchLines(t, board, n, kind == "valid", uint64(i+1))
		require.NoError(t, os.WriteFile(filepath.Join(out, kind+".txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	}
}
