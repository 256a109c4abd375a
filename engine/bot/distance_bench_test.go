package bot

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/mapdata"
)

// AroundTheWorld is the board of 20 Days Around the World
// (engine/testdata), for the benchmarks of this package and bot_test.
func AroundTheWorld(tb testing.TB) *engine.Board {
	tb.Helper()
	src, err := os.ReadFile("../testdata/around-the-world.pack.json")
	if err != nil {
		tb.Fatal(err)
	}
	doc, err := mapdata.DecodePack("around-the-world.pack.json", src)
	if err != nil {
		tb.Fatal(err)
	}
	board, err := engine.Compile(doc.Pack)
	if err != nil {
		tb.Fatal(err)
	}
	return board
}

// recorder is a greedy seat that notes the holder at each of its turns.
type recorder struct {
	Greedy
	holders [][]engine.CardID
}

func (r *recorder) Choose(v game.View) game.Move {
	r.holders = append(r.holders, append([]engine.CardID(nil), v.Holder()...))
	return r.Greedy.Choose(v)
}

// BenchmarkDistanceCombined is the distance's dynamic programme alone on
// 20 Days Around the World: the holders one greedy seat saw turn by turn
// in four 4-player games, each computed after the last (rows kept where
// the holders agree), with the costs a seat starts with. An iteration is
// one holder.
func BenchmarkDistanceCombined(b *testing.B) { benchDistance(b, true) }

// BenchmarkDistanceLinked is BenchmarkDistanceCombined with the maps set
// aside (one mask, as the fill weighs a card).
func BenchmarkDistanceLinked(b *testing.B) { benchDistance(b, false) }

func benchDistance(b *testing.B, maps bool) {
	board := AroundTheWorld(b)
	var holders [][]engine.CardID
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := game.New(board, game.Config{Players: 4}, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		rec := &recorder{Greedy: Greedy{rng: rand.New(rand.NewPCG(seed, 1))}}
		players := []game.Player{rec}
		for s := 1; s < 4; s++ {
			players = append(players, &Greedy{rng: rand.New(rand.NewPCG(seed, uint64(s)+1))})
		}
		if _, err := game.Play(g, players, 300); err != nil {
			b.Fatal(err)
		}
		holders = append(holders, rec.holders...)
	}
	d := newDistanceMaps(board, maps)
	var sum int64
	i := 0
	for b.Loop() {
		sum += int64(d.compute(holders[i%len(holders)]))
		i++
	}
	if sum <= 0 {
		b.Fatal("no distance")
	}
}
