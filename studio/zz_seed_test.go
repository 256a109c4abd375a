package studio

import (
	"context"
	"testing"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/network"
	"github.com/tendays/tendays/lint"
)

var _ = editions.Names

func TestZZSeeds(t *testing.T) {
	target, err := lint.ReadPack("/tmp/usa.pack.json", 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	_ = context.Background()
	b, err := engine.Compile(target.Pack)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 200; seed++ {
		tg := &tenGame{board: b, seed: seed, bot: "greedy", turnCap: 1000, cfg: game.Config{Players: 3}, seats: []string{"human", "human", "greedy"}}
		if err := tg.deal(); err != nil {
			t.Fatal(err)
		}
		moves := 0
		for !tg.over() {
			g := tg.g
			var a game.Action
			switch g.Phase() {
			case game.Filling:
				a = game.Action{Action: "place", Day: g.OpenSlots()[0]}
			case game.Choosing:
				a = game.Action{Action: "take", From: 0}
				{
					for i := range g.NumDraw() {
						if g.CanDrawFrom(i) {
							a = game.Action{Action: "take", From: -1, Draw: i}
							break
						}
					}
				}
			case game.Placing:
				p := 0
				if m := g.MustPile(); m >= 0 {
					p = m
				}
				a = game.Action{Action: "put", Slot: -1, Pile: p}
			}
			if err := tg.move(a); err != nil {
				t.Fatal(err)
			}
			moves++
		}
		t.Logf("seed %d: winner %d after %d turns, %d moves", seed, tg.g.Winner(), tg.g.Turns(), moves)
	}
}

func TestZZAcross(t *testing.T) {
	target, err := lint.ReadPack("../engine/network/testdata/across-the-us.pack.json", 16<<20)
	if err != nil {
		t.Fatal(err)
	}
	nb, err := compileNet(target)
	if err != nil {
		t.Fatal(err)
	}
	ng, err := newNetGame(nb, GameRequest{Bots: 1, Bot: "greedy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	n, maxLegal := 0, 0
	for !ng.g.Over() {
		maxLegal = max(maxLegal, len(ng.legal()))
		if err := ng.move(0); err != nil {
			t.Fatal(err)
		}
		n++
	}
	t.Logf("%d moves, at most %d legal", n, maxLegal)
}

func compileNet(t *lint.Target) (*network.Board, error) { return network.Compile(t.Network) }
