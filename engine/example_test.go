package engine_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

func usa() *engine.Board {
	res, err := pipeline.Load(context.Background(), pipeline.Source{Path: "usa"}, pipeline.Options{})
	if err != nil {
		panic(err)
	}
	b, err := engine.Compile(res.Pack.(*mapdata.Pack))
	if err != nil {
		panic(err)
	}
	return b
}

// Check a journey, card by card, with the reason for every step.
func ExampleBoard_Check() {
	b := usa()
	cards, err := b.ParseJourney([]string{"OR", "car", "AZ", "plane:tan", "OH", "WV", "PA", "plane:light-blue", "GA", "FL"})
	if err != nil {
		panic(err)
	}
	v := b.Check(cards)
	fmt.Println(v.Valid, v.Steps()[0].Text)
	// Output: true Oregon → car → Arizona: car via California or Nevada
}

// Play one game between bots, seeded: the same seed, the same game.
func ExampleBoard_play() {
	b := usa()
	g, err := game.New(b, game.Config{Players: 2}, rand.New(rand.NewPCG(7, 0)))
	if err != nil {
		panic(err)
	}
	players := make([]game.Player, 2)
	for s := range players {
		if players[s], err = bot.New("greedy", rand.New(rand.NewPCG(7, uint64(s)+1))); err != nil {
			panic(err)
		}
	}
	res, err := game.Play(g, players, 500)
	if err != nil {
		panic(err)
	}
	fmt.Println("won by seat", res.Winner+1, "with a valid journey:", b.Check(res.Journey).Valid)
}

// Simulate many games on every core; the report depends on the seed alone.
func ExampleBoard_simulate() {
	r, err := sim.Run(context.Background(), usa(), sim.Config{Games: 50, Seed: 1, Game: game.Config{Players: 3}})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Games, "games:", r.Finished+r.Stalled == r.Games)
	// Output: 50 games: true
}
