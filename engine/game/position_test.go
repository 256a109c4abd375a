package game_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

// seen is everything a seat's View answers (and what the game shows the
// seat to move), gathered to compare two games as the seat sees them.
type seen struct {
	Seat, Players, Days, DrawSize, NumDraw, MustPile, NumPiles, Turns, FillPiles int
	Swap, CanDraw, Open                                                          bool
	Refill                                                                       game.RefillRule
	DrawPiles, TopMaps, FillSizes, Shown                                         []int
	CanDrawFrom                                                                  []bool
	Tops, Holder                                                                 []engine.CardID
	Others                                                                       [][]engine.CardID
	Unseen, KnownHeld, Buried                                                    []int
	UnseenN, KnownN, BuriedN                                                     int
	UnseenByMap                                                                  [][]int
	Table                                                                        game.Table
	Phase                                                                        game.Phase
	ToMove, Winner                                                               int
	Hand                                                                         engine.CardID
	MustChooseFill                                                               bool
	Legal                                                                        []game.Action
	DefaultFill                                                                  int
}

func seenBy(g *game.Game, seat int) seen {
	v := g.ViewOf(seat)
	b := v.Board()
	s := seen{Seat: v.Seat(), Players: v.Players(), Days: v.Days(), DrawSize: v.DrawSize(), NumDraw: v.NumDraw(), MustPile: v.MustPile(),
		NumPiles: v.NumPiles(), Turns: v.Turns(), FillPiles: v.FillPiles(), Swap: v.SwapAllowed(), CanDraw: v.CanDraw(), Open: v.OpenHands(),
		Refill: v.Refill(), Holder: slices.Clone(v.Holder()), Table: v.Table(), Phase: g.Phase(), ToMove: g.Seat(), Winner: g.Winner(),
		Hand: engine.NoCard, DefaultFill: -1}
	for i := range v.NumDraw() {
		s.DrawPiles = append(s.DrawPiles, v.DrawPileSize(i))
		s.CanDrawFrom = append(s.CanDrawFrom, v.CanDrawFrom(i))
		s.TopMaps = append(s.TopMaps, v.TopMap(i))
	}
	for m := range v.FillPiles() {
		s.FillSizes = append(s.FillSizes, v.FillPileSize(m))
	}
	for k := range v.NumPiles() {
		s.Tops = append(s.Tops, v.Top(k))
	}
	for c := range b.NumCards() {
		s.Shown = append(s.Shown, v.Shown(engine.CardID(c)))
	}
	for o := range v.Players() {
		s.Others = append(s.Others, slices.Clone(v.HolderOf(o)))
	}
	s.Unseen, s.KnownHeld, s.Buried = make([]int, b.NumCards()), make([]int, b.NumCards()), make([]int, b.NumCards())
	s.UnseenN, s.KnownN, s.BuriedN = v.Unseen(s.Unseen), v.KnownHeld(s.KnownHeld), v.Buried(s.Buried)
	for m := range b.NumMaps() {
		counts := make([]int, b.NumCards())
		v.UnseenOfMap(m, counts)
		s.UnseenByMap = append(s.UnseenByMap, counts)
	}
	if g.Seat() == seat {
		s.Hand, s.MustChooseFill, s.Legal = g.Hand(), g.MustChooseFill(), g.Legal()
		if g.MustChooseFill() {
			s.DefaultFill = game.DefaultFillPile(v)
		}
	}
	return s
}

func worldBoard(t *testing.T) *engine.Board {
	t.Helper()
	src, err := os.ReadFile("../testdata/around-the-world.pack.json")
	require.NoError(t, err)
	doc, err := mapdata.DecodePack("around-the-world.pack.json", src)
	require.NoError(t, err)
	b, err := engine.Compile(doc.Pack)
	require.NoError(t, err)
	return b
}

// positionGames are the games the position tests play: every kind of
// board (one draw pile, a combined board's three), swaps, open hands,
// refills of both rules.
func positionGames(t *testing.T) []struct {
	name string
	b    *engine.Board
	cfg  game.Config
} {
	boards := map[string]*engine.Board{}
	for _, p := range []*mapdata.Pack{packtest.Grid(), packtest.USA(), packtest.Europe()} {
		b, err := engine.Compile(p)
		require.NoError(t, err)
		boards[p.Edition.ID] = b
	}
	world := worldBoard(t)
	return []struct {
		name string
		b    *engine.Board
		cfg  game.Config
	}{
		{"grid", boards[packtest.Grid().Edition.ID], game.Config{Players: 2, Days: 5}},
		{"usa", boards[packtest.USA().Edition.ID], game.Config{Players: 3}},
		{"europe-swap", boards[packtest.Europe().Edition.ID], game.Config{Players: 2, Swap: game.SwapOn}},
		{"usa-open", boards[packtest.USA().Edition.ID], game.Config{Players: 4, OpenHands: true, Days: 5}},
		{"world", world, game.Config{Players: 3}},
		{"world-own", world, game.Config{Players: 2, Refill: game.RefillOwn}},
	}
}

// TestPositionIsWhatTheSeatSees plays games with the bots and, after every
// action, makes a game from each seat's Position: the seat's view of it
// answers exactly as its view of the real game, its Position is the same,
// and fresh bots seeded alike choose the same action in both.
func TestPositionIsWhatTheSeatSees(t *testing.T) {
	for _, tc := range positionGames(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			names, turns := []string{"strong", "greedy", "random", "greedy"}, 120
			if tc.b.NumMaps() > 0 {
				// The strong bot plans long on a combined board: fewer turns.
				names, turns = []string{"greedy", "strong", "random"}, 30
			}
			for seed := range uint64(2) {
				g, err := game.New(tc.b, tc.cfg, game.Rand(seed))
				require.NoError(t, err)
				players := make([]game.Player, tc.cfg.Players)
				for s := range players {
					players[s], err = bot.New(names[s], game.SeatRand(seed, s))
					require.NoError(t, err)
				}
				for step := 0; g.Phase() != game.Over && g.Turns() < turns; step++ {
					for seat := range tc.cfg.Players {
						pos := g.PositionOf(seat)
						g2, err := game.FromPosition(tc.b, pos, rand.New(rand.NewPCG(seed, 7)))
						require.NoError(t, err, "seed %d step %d seat %d", seed, step, seat+1)
						require.Equal(t, seenBy(g, seat), seenBy(g2, seat), "seed %d step %d seat %d", seed, step, seat+1)
						require.Equal(t, pos, g2.PositionOf(seat), "seed %d step %d seat %d", seed, step, seat+1)
						if seat == g.Seat() && step%3 == 0 {
							a1, err := bot.New(names[seat], rand.New(rand.NewPCG(seed, uint64(step))))
							require.NoError(t, err)
							a2, err := bot.New(names[seat], rand.New(rand.NewPCG(seed, uint64(step))))
							require.NoError(t, err)
							require.Equal(t, game.Decide(a1, g.ViewOf(seat)), game.Decide(a2, g2.ViewOf(seat)))
						}
					}
					a := game.Decide(players[g.Seat()], g.ViewOf(g.Seat()))
					require.NoError(t, a.Apply(g), "seed %d step %d: %s", seed, step, a)
				}
			}
		})
	}
}

// TestLegalIsWhatApplyAccepts tries every action of every kind (days,
// piles and maps out of range too) in positions of bot games: Apply
// accepts exactly the ones Legal lists, on a copy of the game made by
// replaying it.
func TestLegalIsWhatApplyAccepts(t *testing.T) {
	for _, tc := range positionGames(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seed := uint64(3)
			g, err := game.New(tc.b, tc.cfg, game.Rand(seed))
			require.NoError(t, err)
			var played []game.Action
			clone := func() *game.Game {
				c, err := game.New(tc.b, tc.cfg, game.Rand(seed))
				require.NoError(t, err)
				for _, a := range played {
					require.NoError(t, a.Apply(c))
				}
				return c
			}
			players := make([]game.Player, tc.cfg.Players)
			for s := range players {
				players[s], err = bot.New("greedy", game.SeatRand(seed, s))
				require.NoError(t, err)
			}
			maps, piles, draws := tc.b.NumMaps(), g.NumPiles(), g.NumDraw()
			var candidates []game.Action
			for m := -1; m <= maps; m++ {
				candidates = append(candidates, game.Action{Action: "fill", Map: m})
			}
			for d := -1; d <= tc.cfg.Days+5; d++ { // days: the edition's, or the config's
				candidates = append(candidates, game.Action{Action: "place", Day: d})
				for k := -1; k <= piles; k++ {
					candidates = append(candidates, game.Action{Action: "put", Slot: d, Pile: k})
				}
				for j := -1; j <= tc.cfg.Days+5; j++ {
					candidates = append(candidates, game.Action{Action: "swap", I: d, J: j})
				}
			}
			for k := -2; k <= piles; k++ {
				for d := -1; d <= draws; d++ {
					candidates = append(candidates, game.Action{Action: "take", From: k, Draw: d})
				}
			}
			candidates = append(candidates, game.Action{Action: "pass"})
			for step := 0; g.Phase() != game.Over && g.Turns() < 60; step++ {
				if step%5 == 0 || g.Phase() == game.Placing && g.MustPile() >= 0 {
					legal := g.Legal()
					for _, a := range candidates {
						err := a.Apply(clone())
						listed := slices.Contains(legal, a) ||
							a.Action == "swap" && slices.Contains(legal, game.Action{Action: "swap", I: a.J, J: a.I}) // the same turn
						require.Equal(t, listed, err == nil, "step %d: %s (%v)", step, a, err)
					}
					require.NotEmpty(t, legal, "step %d: no legal action", step)
				}
				a := game.Decide(players[g.Seat()], g.ViewOf(g.Seat()))
				require.NoError(t, a.Apply(g))
				played = append(played, a)
			}
			if g.Phase() == game.Over {
				require.Empty(t, g.Legal())
			}
		})
	}
}
