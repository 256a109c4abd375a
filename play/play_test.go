package play

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/mapdata"
)

// grid is the small 10 Days pack the CLI's play session uses (5 days).
func grid(t *testing.T) *engine.Board {
	t.Helper()
	data, err := os.ReadFile("../engine/testdata/grid.pack.json")
	if err != nil {
		t.Fatal(err)
	}
	pd, err := mapdata.DecodePack("grid.pack.json", data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.Compile(pd.Pack)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func playRegions(t *testing.T, b *engine.Board, gm Game, answers string) string {
	t.Helper()
	var out bytes.Buffer
	if err := Regions(strings.NewReader(answers), &out, gm); err != nil {
		t.Fatalf("Regions: %v\n%s", err, out.String())
	}
	return out.String()
}

// A person's answers are read a line at a time: a full day is refused with
// why, the end of the input leaves the game, and the same seed and answers
// give the same table.
func TestRegionsAnswersAndLeaving(t *testing.T) {
	b := grid(t)
	gm := Game{Board: b, Config: game.Config{Players: 2}, Seed: 3, Bot: "greedy", TurnCap: 200}
	answers := "1\n1\n2\n3\n4\n5\n7\ns 1 2\nd\nx\n"
	out := playRegions(t, b, gm, answers)
	for _, want := range []string{
		"You are seat 1; seat 2 is a greedy bot",
		"Seed 3 (play this game again with --seed 3)",
		"day 1 already holds",
		"this game has no swap action",
		"You left the game.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the session does not say %q:\n%s", want, out)
		}
	}
	if again := playRegions(t, b, gm, answers); again != out {
		t.Error("the same seed and answers gave another session")
	}
	if q := playRegions(t, b, gm, "1\nq\n"); !strings.HasSuffix(strings.TrimSpace(q), "You left the game.") {
		t.Errorf("q does not leave the game:\n%s", q)
	}
}

// Bots play the game out when the person always discards what they draw:
// a winner, and its journey explained step by step.
func TestRegionsToTheEnd(t *testing.T) {
	b := grid(t)
	answers := "1\n2\n3\n4\n5\n" + strings.Repeat("d\nx\n1\n", 200)
	out := playRegions(t, b, Game{Board: b, Config: game.Config{Players: 2}, Seed: 7, Bot: "greedy", TurnCap: 200}, answers)
	if !strings.Contains(out, "wins after") && !strings.Contains(out, "You win") && !strings.Contains(out, "No one has won") {
		t.Fatalf("the game did not end:\n%s", out[max(0, len(out)-2000):])
	}
	if strings.Contains(out, "wins after") && !strings.Contains(out, "ok days 1") {
		t.Errorf("the winning journey is not explained:\n%s", out[max(0, len(out)-2000):])
	}
}

// A game that cannot be dealt as asked is a SetupError: the caller's to
// tell as bad usage.
func TestRegionsSetupError(t *testing.T) {
	b := grid(t)
	var out bytes.Buffer
	err := Regions(strings.NewReader(""), &out, Game{Board: b, Config: game.Config{Players: 1}, Seed: 1, Bot: "greedy"})
	var se *SetupError
	if !errors.As(err, &se) {
		t.Fatalf("one player: %v, want a SetupError", err)
	}
	err = Regions(strings.NewReader(""), &out, Game{Board: b, Config: game.Config{Players: 2}, Seed: 1, Bot: "clever"})
	if !errors.As(err, &se) {
		t.Errorf("an unknown bot: %v, want a SetupError", err)
	}
}

// A game log replays: every seat's moves from its seed, each turn shown,
// the end checked against the log; a log of another pack is refused.
func TestReplay(t *testing.T) {
	b := grid(t)
	rec := botsGame(t, b, 11)
	var out bytes.Buffer
	if err := Replay(&out, b, "game.json", rec); err != nil {
		t.Fatalf("Replay: %v\n%s", err, out.String())
	}
	if !strings.HasPrefix(out.String(), "Replaying game.json: ") || !strings.Contains(out.String(), "seed 11") {
		t.Errorf("the replay's first line: %.200s", out.String())
	}
	other := rec
	other.Edition = "another"
	if err := Replay(&out, b, "game.json", other); err == nil {
		t.Error("a log of another edition replays")
	}
	cut := rec
	cut.Moves = cut.Moves[:len(cut.Moves)/2]
	if err := Replay(&out, b, "game.json", cut); err == nil {
		t.Error("a log cut short replays to the log's end")
	}
}

// botsGame plays a game of bots to its end and keeps its log, as the
// studio does for its seats.
func botsGame(t *testing.T, b *engine.Board, seed uint64) game.Record {
	t.Helper()
	g, err := game.New(b, game.Config{Players: 2}, game.Rand(seed))
	if err != nil {
		t.Fatal(err)
	}
	seats := []string{"greedy", "greedy"}
	players := make([]game.Player, len(seats))
	for s, name := range seats {
		if players[s], err = bot.New(name, game.SeatRand(seed, s)); err != nil {
			t.Fatal(err)
		}
	}
	rec := game.NewRecord(g, seed, seats, 500)
	for g.Phase() != game.Over && g.Turns() < 500 {
		seat := g.Seat()
		p := players[seat]
		if g.Phase() == game.Filling {
			if g.MustChooseFill() {
				a := game.Action{Action: "fill", Map: game.FillChoice(p, g.ViewOf(seat))}
				if err := a.Apply(g); err != nil {
					t.Fatal(err)
				}
				rec.Moves = append(rec.Moves, game.SeatAction{Seat: seat, Action: a})
			}
			a := game.Action{Action: "place", Day: p.Fill(g.ViewOf(seat), g.Hand())}
			if err := a.Apply(g); err != nil {
				t.Fatal(err)
			}
			rec.Moves = append(rec.Moves, game.SeatAction{Seat: seat, Action: a})
			continue
		}
		if err := game.Step(g, p); err != nil {
			t.Fatal(err)
		}
		for _, a := range game.TurnActions(g.LastTurn()) {
			rec.Moves = append(rec.Moves, game.SeatAction{Seat: seat, Action: a})
		}
	}
	if g.Phase() != game.Over {
		t.Fatalf("seed %d: no winner in 500 turns", seed)
	}
	rec.Winner, rec.Turns = g.Winner(), g.Turns()
	return rec
}

// Across the United States at the terminal: answers by number or by words,
// refused answers explained, the sealed final offering, the scores.
func TestNetworkToTheEnd(t *testing.T) {
	data, err := os.ReadFile("../engine/route/testdata/across-the-us.pack.json")
	if err != nil {
		t.Fatal(err)
	}
	nd, err := mapdata.DecodeNetworkPack("across-the-us.pack.json", data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := route.Compile(nd.Pack)
	if err != nil {
		t.Fatal(err)
	}
	answers := "go west\n12\n" + strings.Repeat("1\n", 400)
	run := func() string {
		var out bytes.Buffer
		if err := Network(strings.NewReader(answers), &out, NetworkGame{Board: b, Seed: 3, Bots: []string{"greedy"}, Echo: true}); err != nil {
			t.Fatalf("Network: %v\n%s", err, out.String())
		}
		return out.String()
	}
	out := run()
	for _, want := range []string{
		"2 players, 11 rounds. You are seat 1; seat 2 is a greedy bot.",
		`no move matches "go west"`,
		"no move 12: give a number from 1 to",
		"— Final public offering —",
		"Revealed together: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the session does not say %q", want)
		}
	}
	if !strings.Contains(out, " wins with ") && !strings.Contains(out, "You win with ") && !strings.Contains(out, "Shared win") {
		t.Errorf("no winner named:\n%s", out[max(0, len(out)-1500):])
	}
	if run() != out {
		t.Error("the same seed and answers gave another session")
	}
	var out2 bytes.Buffer
	err = Network(strings.NewReader(""), &out2, NetworkGame{Board: b, Seed: 3, Bots: []string{"clever"}})
	var se *SetupError
	if !errors.As(err, &se) {
		t.Errorf("a bot that does not play route networks: %v, want a SetupError", err)
	}
}
