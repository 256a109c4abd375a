package jsengine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/game"
)

func load(t testing.TB, file string) *Engine {
	t.Helper()
	src, err := os.ReadFile("../engine/testdata/" + file)
	require.NoError(t, err)
	e, err := Load(file, src)
	require.NoError(t, err)
	return e
}

func TestCheck(t *testing.T) {
	e := load(t, "usa.pack.json")
	v := e.Check(strings.Fields("OR car AZ plane:tan OH WV PA plane:light-blue GA FL"), 0)
	assert.True(t, v.Valid, v.Reason)
	assert.False(t, v.Error)
	assert.Len(t, v.Steps, 6) // seven regions, six steps

	v = e.Check(strings.Fields("ME car NH OH MI WI plane:red TX plane:red AK"), 0)
	assert.False(t, v.Valid)
	assert.Equal(t, "not-linked", v.Fault)
	assert.Contains(t, v.Reason, "no third state borders both")

	v = e.Check([]string{"ME", "Atlantis"}, 2)
	assert.True(t, v.Error)
	assert.Contains(t, v.Reason, "Atlantis")

	v = e.Check([]string{"ME", "NH"}, 0)
	assert.True(t, v.Error)
	assert.Contains(t, v.Reason, "10")
	assert.True(t, e.Check([]string{"ME", "NH"}, 2).Valid)
}

func TestNetworkRefused(t *testing.T) {
	src, err := os.ReadFile("../engine/route/testdata/across-the-us.pack.json")
	require.NoError(t, err)
	_, err = Load("across-the-us.pack.json", src)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "route-network")
}

// roundTrip passes st through JSON, as JavaScript holds it.
func roundTrip(t testing.TB, st *State) *State {
	t.Helper()
	data, err := json.Marshal(st)
	require.NoError(t, err)
	var out State
	require.NoError(t, json.Unmarshal(data, &out))
	return &out
}

// playOut plays a game to its end, each seat's bot choosing from that
// seat's view alone (through JSON), the master applying: the moves are the
// engine's own game (they replay as a game log), the views hold no seed
// and no other seat's cards.
func playOut(t *testing.T, e *Engine, opts GameOptions, bots []string, seed uint64) *State {
	t.Helper()
	st, err := e.Setup(opts)
	require.NoError(t, err)
	assert.Equal(t, "deal", st.Phase)
	assert.Nil(t, st.Secret)
	m, err := e.Bot(bots[0], st.ViewOf(0), 0)
	require.NoError(t, err)
	require.Equal(t, "deal", m.Move)
	st, err = e.Deal(st, seed)
	require.NoError(t, err)
	require.NotNil(t, st.Secret)
	for steps := 0; !st.Over(); steps++ {
		require.Less(t, steps, 20000)
		seat := st.ToMove
		for s := range opts.Players {
			view := roundTrip(t, st.ViewOf(s))
			require.Nil(t, view.Secret)
			require.Len(t, view.Players, 1)
			if s != seat {
				none, err := e.Bot(bots[s], view, s)
				require.NoError(t, err)
				require.Nil(t, none)
			}
		}
		view := roundTrip(t, st.ViewOf(seat))
		m, err := e.Bot(bots[seat], view, seat)
		require.NoError(t, err)
		require.NotNil(t, m)
		legal, err := e.Legal(view, seat)
		require.NoError(t, err)
		require.Contains(t, legal, *m)
		st, err = e.Apply(roundTrip(t, st), seat, *m)
		require.NoError(t, err, "step %d: %v", steps, m)
	}
	// The moves and the seed are a game log: the engine replays it.
	cfg, err := st.Options.config()
	require.NoError(t, err)
	rec := game.Record{Format: game.RecordFormat, FormatVersion: 1, Edition: st.Edition, Seed: strconv.FormatUint(seed, 10),
		Players: cfg.Players, Days: st.Options.Days, Swap: st.Options.Swap, OpenHands: st.Options.OpenHands, Winner: st.Winner, Turns: st.Turns}
	if e.board.NumMaps() > 1 {
		rec.Refill = st.Options.Refill
	}
	g, err := game.New(e.board, cfg, game.Rand(seed))
	require.NoError(t, err)
	for _, s := range st.Moves {
		as, err := game.ParseActions(s)
		require.NoError(t, err)
		rec.Moves = append(rec.Moves, game.SeatAction{Seat: g.Seat(), Action: as[0]})
		require.NoError(t, as[0].Apply(g))
	}
	rec.Seats = bots
	_, err = game.Replay(e.board, rec, nil)
	require.NoError(t, err)
	return st
}

func TestGamesPlayedFromViews(t *testing.T) {
	usa := load(t, "usa.pack.json")
	st := playOut(t, usa, GameOptions{Players: 3}, []string{"greedy", "strong", "random"}, 11)
	if !st.Stalled {
		require.GreaterOrEqual(t, st.Winner, 0)
		require.NotNil(t, st.Journey)
		assert.True(t, st.Journey.Valid)
	}
	europe := load(t, "europe-mini.pack.json")
	st = playOut(t, europe, GameOptions{Players: 2, Days: 5}, []string{"random", "greedy"}, 5)
	assert.True(t, st.Options.Swap, "the edition's swap rule")
	st = playOut(t, usa, GameOptions{Players: 4, OpenHands: true, Days: 5, TurnCap: 30}, []string{"greedy", "greedy", "random", "random"}, 3)
	assert.True(t, st.Over())
	if st.Stalled {
		assert.Equal(t, 30, st.Turns)
	}
}

func TestCombinedGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a 20-day game of three maps")
	}
	world := load(t, "around-the-world.pack.json")
	st := playOut(t, world, GameOptions{Players: 2, TurnCap: 60}, []string{"greedy", "greedy"}, 2)
	assert.Len(t, st.Table.Draws, 3)
	assert.True(t, st.Over())
}

func TestApplyRefuses(t *testing.T) {
	e := load(t, "usa.pack.json")
	st, err := e.Setup(GameOptions{Players: 2})
	require.NoError(t, err)
	_, err = e.Apply(st, 0, Move{Move: "place", Args: []int{0}})
	require.ErrorContains(t, err, "seed")
	st, err = e.Deal(st, 9)
	require.NoError(t, err)
	_, err = e.Apply(st.ViewOf(0), 0, Move{Move: "place", Args: []int{0}})
	require.ErrorContains(t, err, "only the game's master")
	_, err = e.Apply(st, 1, Move{Move: "place", Args: []int{0}})
	require.ErrorContains(t, err, "seat 1's turn")
	_, err = e.Apply(st, 0, Move{Move: "take", Args: []int{-1, 0}})
	require.Error(t, err)
	_, err = e.Apply(st, 0, Move{Move: "place", Args: []int{10}})
	require.ErrorContains(t, err, "day 11")
	_, err = e.Apply(st, 0, Move{Move: "fly", Args: []int{}})
	require.ErrorContains(t, err, "unknown move")
	// Refused moves changed nothing: the game goes on from st.
	next, err := e.Apply(st, 0, Move{Move: "place", Args: []int{3}})
	require.NoError(t, err)
	assert.Equal(t, []string{"p3"}, next.Moves)
	assert.Equal(t, 1, next.ToMove)
	// The same state again (a stale copy) replays and gives the same.
	again, err := e.Apply(st, 0, Move{Move: "place", Args: []int{3}})
	require.NoError(t, err)
	assert.Equal(t, next, again)
	_, err = e.Setup(GameOptions{Players: 9})
	require.ErrorContains(t, err, "9 players")
	_, err = e.Setup(GameOptions{Players: 2, Swap: "maybe"})
	require.ErrorContains(t, err, "swap")
}

// TestOldPacks loads every pack an older tendays wrote
// (mapdata/testdata/formats), as the JavaScript engine does.
func TestOldPacks(t *testing.T) {
	files, err := filepath.Glob("../mapdata/testdata/formats/*.pack.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		_, err = Load(file, src)
		if strings.Contains(file, "across-the-us") {
			require.ErrorIs(t, err, ErrNetwork)
			continue
		}
		require.NoError(t, err, file)
	}
}
