package game_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/internal/packtest"
)

func TestActionsShortForm(t *testing.T) {
	as := []game.Action{
		{Action: "fill", Map: 2},
		{Action: "place", Day: 3},
		{Action: "take", From: -1, Draw: 2},
		{Action: "take", From: 5},
		{Action: "put", Slot: 9, Pile: 1},
		{Action: "put", Slot: -1, Pile: 0},
		{Action: "swap", I: 0, J: 4},
	}
	s := game.FormatActions(as)
	assert.Equal(t, "f2p3d2t5u9.1x0s0.4", s)
	back, err := game.ParseActions(s)
	require.NoError(t, err)
	assert.Equal(t, as, back)

	for _, bad := range []struct{ in, want string }{
		{"q1", `"q" is no move`},
		{"f", "want a number after 'f'"},
		{"p", "want a number after 'p'"},
		{"u3", "two numbers joined by a dot"},
		{"s1.", "want a number"},
		{"p1234567", "want a number"},
	} {
		_, err := game.ParseActions(bad.in)
		assert.ErrorContains(t, err, bad.want, bad.in)
	}
	none, err := game.ParseActions("")
	assert.NoError(t, err)
	assert.Empty(t, none)
}

// A game played by bots, written down as every seat's actions, replays to
// the same end without the bots; a changed move is refused or caught.
func TestRecordReplaysWithoutTheBots(t *testing.T) {
	b, err := engine.Compile(packtest.USA())
	require.NoError(t, err)
	const seed = 77
	g, err := game.New(b, game.Config{Players: 3}, game.Rand(seed))
	require.NoError(t, err)
	bots := make([]game.Player, 3)
	for s := range bots {
		bots[s], err = bot.New("greedy", game.SeatRand(seed, s))
		require.NoError(t, err)
	}
	rec := game.NewRecord(g, seed, []string{"greedy", "greedy", "greedy"}, 0)
	for g.Phase() == game.Filling {
		s := g.Seat()
		a := game.Action{Action: "place", Day: bots[s].Fill(g.ViewOf(s), g.Hand())}
		require.NoError(t, a.Apply(g))
		rec.Moves = append(rec.Moves, game.SeatAction{Seat: s, Action: a})
	}
	for g.Phase() != game.Over && g.Turns() < 400 {
		s := g.Seat()
		require.NoError(t, game.Step(g, bots[s]))
		for _, a := range game.TurnActions(g.LastTurn()) {
			rec.Moves = append(rec.Moves, game.SeatAction{Seat: s, Action: a})
		}
	}
	rec.Winner, rec.Turns = g.Winner(), g.Turns()
	require.GreaterOrEqual(t, rec.Winner, 0, "seed %d should end with a winner", seed)

	data, err := json.Marshal(rec)
	require.NoError(t, err)
	back, err := game.DecodeRecord(data)
	require.NoError(t, err)
	steps := 0
	r, err := game.Replay(b, back, func(int, game.SeatAction, *game.Game) { steps++ })
	require.NoError(t, err)
	assert.Equal(t, len(rec.Moves), steps)
	assert.Equal(t, g.Holder(g.Winner()), r.Holder(r.Winner()))

	// Out of turn, against the rules, another ending, another edition.
	bad := back
	bad.Moves = append([]game.SeatAction(nil), back.Moves...)
	bad.Moves[0].Seat = 1
	_, err = game.Replay(b, bad, nil)
	assert.ErrorContains(t, err, "move 1 (p")
	assert.ErrorContains(t, err, "seat 2 moves, but it is seat 1's turn")

	bad.Moves[0] = back.Moves[0]
	bad.Moves[3].Action = back.Moves[0].Action // seat 1's second card on its first card's day
	_, err = game.Replay(b, bad, nil)
	assert.ErrorContains(t, err, "move 4")
	assert.ErrorContains(t, err, "already holds")

	short := back
	short.Moves = back.Moves[:len(back.Moves)-2]
	_, err = game.Replay(b, short, nil)
	var mm *game.MismatchError
	assert.ErrorAs(t, err, &mm)

	other := back
	other.Edition = "europe"
	_, err = game.Replay(b, other, nil)
	assert.ErrorContains(t, err, `edition "europe"`)

	_, err = game.DecodeRecord([]byte(strings.Replace(string(data), `"format":"tendays.game"`, `"format":"tendays.pack"`, 1)))
	assert.ErrorContains(t, err, "want \"tendays.game\"")
	_, err = game.DecodeRecord([]byte(`{"format":"tendays.game","formatVersion":1,"extra":1}`))
	assert.ErrorContains(t, err, "unknown field")
}

func FuzzParseActions(f *testing.F) {
	for _, s := range []string{"p3d2t5u9.1x0s0.4", "", "u.", "p999999", "s1.2.3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		as, err := game.ParseActions(s)
		if err != nil {
			return
		}
		// What parses prints back to itself, less leading zeros.
		again, err := game.ParseActions(game.FormatActions(as))
		if err != nil || len(again) != len(as) {
			t.Fatalf("%q: reparsed %v %v", s, again, err)
		}
	})
}
