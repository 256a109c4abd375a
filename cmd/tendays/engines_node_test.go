package main

// The engine for other engines, in Node.js: every bundled 10 Days edition
// exported as a boardgame.io package and as a conformance suite; a whole
// game of each played through boardgame.io's Client with a multiplayer
// Local master, each player's bot choosing from what that player receives,
// every message searched for what it must not hold (another player's
// cards, the draw piles' order, the seed), whole views and patches alike; the suite passed in full by the
// package's engine; require() and import giving { game, engine, bots }. A
// package whose playerView gives too much is caught. The scripts are in
// testdata/node (boardgameio-*.cjs, .mjs); internal/testenv decides where
// this runs.

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

// nodeRun runs a script of testdata/node and returns what it printed; a
// failing script fails the test with its stderr.
func nodeRun(t *testing.T, script string, args ...string) []byte {
	t.Helper()
	bin, project := testenv.NodeModule(t, "boardgame.io")
	cmd := exec.Command(bin, append([]string{filepath.Join(project, script)}, args...)...)
	cmd.Dir = project
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "%s %s: %s", script, strings.Join(args, " "), stderr.String())
	return stdout.Bytes()
}

type played struct {
	Winner  int      `json:"winner"`
	Turns   int      `json:"turns"`
	Stalled bool     `json:"stalled"`
	Seed    string   `json:"seed"`
	Moves   []string `json:"moves"`
	Checked int      `json:"checked"`
	Msgs    int      `json:"messages"`
	Patches int      `json:"patches"`
}

func TestBoardgameIOPackages(t *testing.T) {
	testenv.Integration(t, "Node.js and boardgame.io (npm ci --prefix testdata/node) and the Go toolchain for GOOS=js")
	testenv.NodeModule(t, "boardgame.io")
	if _, err := wasmbuild.Engine(context.Background()); err != nil {
		testenv.Missing(t, "the engine for JavaScript cannot be built: "+err.Error(), "")
	}
	dir := t.TempDir()
	for i, name := range editions.Names() {
		packFile := filepath.Join(dir, name+".pack.json")
		tendays(t, "build", name, "-o", packFile)
		src, err := os.ReadFile(packFile)
		require.NoError(t, err)
		doc, err := mapdata.ParseJSON(packFile, src)
		require.NoError(t, err)
		pkg := filepath.Join(dir, name+"-bgio")
		if mapdata.PackKind(doc) == mapdata.KindNetwork {
			var out, errb bytes.Buffer
			code := Main([]string{"export", packFile, "--format", "boardgameio", "-o", pkg}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb})
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errb.String(), "route-network")
			assert.NoDirExists(t, pkg)
			continue
		}
		suite := filepath.Join(dir, name+".conformance.jsonl")
		tendays(t, "export", packFile, "--format", "boardgameio", "-o", pkg)
		tendays(t, "export", packFile, "--format", "conformance", "-o", suite)
		pd, err := mapdata.DecodePack(packFile, src)
		require.NoError(t, err)
		board, err := engine.Compile(pd.Pack)
		require.NoError(t, err)
		t.Run(name, func(t *testing.T) {
			t.Run("game", func(t *testing.T) {
				t.Parallel()
				players, bots := "3", "greedy,strong,greedy"
				if board.NumMaps() > 0 {
					players, bots = "2", "greedy"
				}
				seed := strconv.Itoa(1000 + i)
				// Every other one-map edition's master sends patches of
				// the players' views (deltaState), the others whole
				// views: both are searched. Not around-the-world's:
				// boardgame.io diffs two views of the master's state for
				// each player at each move, which on its long arrays
				// costs minutes.
				args := []string{pkg, players, seed, bots}
				delta := i%2 == 1 && board.NumMaps() == 0
				if delta {
					args = append(args, "0", "delta")
				}
				var got played
				require.NoError(t, json.Unmarshal(nodeRun(t, "boardgameio-play.cjs", args...), &got))
				require.False(t, got.Stalled, "the bots stall")
				require.GreaterOrEqual(t, got.Winner, 0, "a win")
				assert.Positive(t, got.Checked)
				assert.Equal(t, delta, got.Patches > 0, "patches received: %d", got.Patches)
				// The moves and the seed are the engine's own game: they replay.
				n, _ := strconv.Atoi(players)
				rec := game.Record{Format: game.RecordFormat, FormatVersion: 1, Edition: pd.Pack.Edition.ID, Seed: got.Seed, Players: n,
					Days: board.Days(), Swap: pd.Pack.Rules.Swap, Seats: strings.Split(strings.Repeat("bot,", n), ",")[:n], Winner: got.Winner, Turns: got.Turns}
				if board.NumMaps() > 1 {
					rec.Refill = "all"
				}
				g, err := game.New(board, mustConfig(t, rec), game.Rand(mustSeed(t, got.Seed)))
				require.NoError(t, err)
				for _, s := range got.Moves {
					as, err := game.ParseActions(s)
					require.NoError(t, err)
					rec.Moves = append(rec.Moves, game.SeatAction{Seat: g.Seat(), Action: as[0]})
					require.NoError(t, as[0].Apply(g))
				}
				_, err = game.Replay(board, rec, nil)
				require.NoError(t, err)
			})
			t.Run("conformance", func(t *testing.T) {
				t.Parallel()
				var got struct {
					Cases, Passed, Journeys, Positions int
					Failures                           []json.RawMessage
				}
				require.NoError(t, json.Unmarshal(nodeRun(t, "boardgameio-conformance.cjs", pkg, suite), &got))
				assert.Positive(t, got.Journeys)
				assert.Positive(t, got.Positions)
				assert.Equal(t, got.Cases, got.Passed, "failures: %s", got.Failures)
			})
		})
	}
	t.Run("module", func(t *testing.T) {
		pkg := filepath.Join(dir, "usa-bgio")
		cards := strings.Fields("OR car AZ plane:tan OH WV PA plane:light-blue GA FL")
		var got struct {
			Require, Import struct {
				Keys, Phases, Bots []string
				Name               string
				Check              engine.VerdictReport
			}
			Same bool
		}
		require.NoError(t, json.Unmarshal(nodeRun(t, "boardgameio-module.mjs", append([]string{pkg}, cards...)...), &got))
		assert.Equal(t, []string{"game", "engine", "bots"}, got.Require.Keys)
		assert.Equal(t, got.Require, got.Import)
		assert.True(t, got.Same, "import gives the objects require gives")
		assert.Equal(t, []string{"deal", "fill", "play"}, got.Require.Phases)
		var out, errb bytes.Buffer
		Main(append([]string{"journey", "check", filepath.Join(dir, "usa.pack.json"), "--format", "json"}, cards...), &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb})
		var cli engine.VerdictReport
		require.NoError(t, json.Unmarshal(out.Bytes(), &cli))
		assert.Equal(t, cli, got.Require.Check, "engine.check answers as journey check --format json")
	})
	t.Run("leaks-are-caught", func(t *testing.T) {
		// A package whose playerView hands out G as it is: the search of
		// what each player receives must find the others' cards.
		pkg := filepath.Join(dir, "usa-bgio")
		bad := filepath.Join(dir, "usa-leaky")
		require.NoError(t, os.CopyFS(bad, os.DirFS(pkg)))
		core := filepath.Join(bad, "tendays.cjs")
		src, err := os.ReadFile(core)
		require.NoError(t, err)
		leaky := strings.Replace(string(src), "playerView: ({ G, playerID }) => viewOf(G, playerID),", "playerView: ({ G }) => ({ ...G, secret: undefined }),", 1)
		require.NotEqual(t, string(src), leaky)
		require.NoError(t, os.WriteFile(core, []byte(leaky), 0o644))
		bin, project := testenv.NodeModule(t, "boardgame.io")
		for _, delta := range [][]string{nil, {"0", "delta"}} {
			cmd := exec.Command(bin, append([]string{filepath.Join(project, "boardgameio-play.cjs"), bad, "2", "7", "greedy"}, delta...)...)
			cmd.Dir = project
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.Error(t, cmd.Run(), "%v", delta)
			assert.Contains(t, stderr.String(), "receives player 1's own cards", "%v", delta)
		}
	})
}

func mustConfig(t *testing.T, r game.Record) game.Config {
	t.Helper()
	cfg, err := r.Config()
	require.NoError(t, err)
	return cfg
}

func mustSeed(t *testing.T, s string) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(s, 10, 64)
	require.NoError(t, err)
	return n
}
