package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
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
func BenchmarkGameCombined(b *testing.B) { benchCombined(b, "greedy", 3, 1000) }

// BenchmarkGameCombinedStrong is BenchmarkGameCombined with strong bots
// in every seat (the cost of the outlook strong weighs its ties by).
func BenchmarkGameCombinedStrong(b *testing.B) { benchCombined(b, "strong", 3, 1000) }

// BenchmarkGameDoctor plays whole games of 20 Days Around the World as the
// doctor plays them: 4 players, greedy bots, turn cap 300; it prints the
// time of a turn (every player's) too.
func BenchmarkGameDoctor(b *testing.B) { benchCombined(b, "greedy", 4, 300) }

func benchCombined(b *testing.B, name string, seats, turnCap int) {
	board := bot.AroundTheWorld(b)
	b.ReportAllocs()
	seed, stalled, turns := uint64(0), 0, 0
	for b.Loop() {
		seed++
		g, err := game.New(board, game.Config{Players: seats}, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		players := make([]game.Player, seats)
		for s := range players {
			players[s], _ = bot.New(name, rand.New(rand.NewPCG(seed, uint64(s)+1)))
		}
		r, err := game.Play(g, players, turnCap)
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
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(max(turns, 1)), "µs/turn")
}
