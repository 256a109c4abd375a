package bot_test

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// BenchmarkGame plays whole 2-player games on the 50-state pack, one game
// an iteration on one core, all seats the same bot (goal for greedy: at
// least 1,000 games a second).
func BenchmarkGame(b *testing.B) {
	board, err := engine.Compile(packtest.USA())
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range bot.Names() {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			seed, turns := uint64(0), 0
			for b.Loop() {
				seed++
				g, err := game.New(board, game.Config{Players: 2}, rand.New(rand.NewPCG(seed, 0)))
				if err != nil {
					b.Fatal(err)
				}
				players := make([]game.Player, 2)
				for s := range players {
					players[s], _ = bot.New(name, rand.New(rand.NewPCG(seed, uint64(s)+1)))
				}
				r, err := game.Play(g, players, 1000)
				if err != nil {
					b.Fatal(err)
				}
				turns += r.Turns
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

// BenchmarkGameCombined plays whole 3-player games of 20 Days Around the
// World (the four-map combined edition, six face-up piles), greedy bots,
// one game an iteration on one core, turn cap 1000; it prints games a
// second and the share of games stalled at the cap.
func BenchmarkGameCombined(b *testing.B) {
	src, err := os.ReadFile("../testdata/around-the-world.pack.json")
	if err != nil {
		b.Fatal(err)
	}
	doc, err := mapdata.DecodePack("around-the-world.pack.json", src)
	if err != nil {
		b.Fatal(err)
	}
	board, err := engine.Compile(doc.Pack)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seed, stalled, turns := uint64(0), 0, 0
	for b.Loop() {
		seed++
		g, err := game.New(board, game.Config{Players: 3}, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		players := make([]game.Player, 3)
		for s := range players {
			players[s], _ = bot.New("greedy", rand.New(rand.NewPCG(seed, uint64(s)+1)))
		}
		r, err := game.Play(g, players, 1000)
		if err != nil {
			b.Fatal(err)
		}
		if r.Winner < 0 {
			stalled++
		}
		turns += r.Turns
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(stalled)/float64(b.N), "stalled/game")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
