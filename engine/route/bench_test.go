package route

import "testing"

// BenchmarkGame plays one 4-player game a iteration with the named bots.
func BenchmarkGame(b *testing.B) {
	board := loadBoard(b)
	for _, bot := range []string{"random", "greedy"} {
		b.Run(bot, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				g, err := NewGame(board, 4, uint64(i))
				if err != nil {
					b.Fatal(err)
				}
				bots := make([]Bot, 4)
				for s := range bots {
					bots[s], _ = NewBot(bot, uint64(i*4+s))
				}
				if _, err := Play(g, bots, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
