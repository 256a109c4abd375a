package studio

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// playTo plays the person's side of a game through the API with a simple
// rule (the first open day, draw when it can, discard what it drew) until
// the end or until stop says so; it returns the last view.
func playTo(t *testing.T, ts *httptest.Server, g map[string]any, stop func(map[string]any) bool) map[string]any {
	t.Helper()
	id := g["id"].(string)
	for moves := 0; g["phase"] != "over" && (stop == nil || !stop(g)); moves++ {
		if moves > 5000 {
			t.Fatal("the game does not end")
		}
		m := simpleMove(g)
		var code int
		code, g = post(t, ts, "/api/games/"+id+"/moves", m, nil)
		if code != 200 {
			t.Fatalf("move %d %+v: %d %v", moves, m, code, g)
		}
	}
	return g
}

// simpleMove is the person's move by playTo's rule: the first open day,
// draw when it can, discard what it drew.
func simpleMove(g map[string]any) game.Action {
	var m game.Action
	switch g["phase"] {
	case "filling":
		for i, c := range g["holder"].([]any) {
			if c == nil {
				m = game.Action{Action: "place", Day: i}
				break
			}
		}
	case "choosing":
		m = game.Action{Action: "take", From: -1}
		if !g["canDraw"].(bool) {
			m.From = 0
		}
	case "placing":
		m = game.Action{Action: "put", Slot: -1, Pile: max(0, int(g["mustPile"].(float64)))}
	}
	return m
}

// A seed past 2^53 goes in as a string and comes back as the same string;
// the same seed and moves give the same game, and undo takes a move back.
func TestGameSeedsMovesAndUndo(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{})
	const seed = "9516605731998057287"
	code, g := post(t, ts, "/api/games", map[string]any{"bots": 1, "seed": seed}, nil)
	if code != http.StatusCreated {
		t.Fatalf("POST /api/games: %d %v", code, g)
	}
	if g["seed"] != seed || fmt.Sprint(g["options"].(map[string]any)["seed"]) != seed {
		t.Fatalf("seed %q came back as %v (options %v)", seed, g["seed"], g["options"])
	}
	mid := playTo(t, ts, g, func(v map[string]any) bool { return v["phase"] == "choosing" && v["turns"].(float64) >= 4 })
	moves := mid["moves"].(string)
	if moves == "" || mid["canUndo"] != true {
		t.Fatalf("after some moves: moves %q, canUndo %v", moves, mid["canUndo"])
	}
	// The same seed and moves, in a new game: the same table.
	code, again := post(t, ts, "/api/games", map[string]any{"bots": 1, "seed": seed, "moves": moves}, nil)
	if code != http.StatusCreated {
		t.Fatalf("replaying %q: %d %v", moves, code, again)
	}
	for _, k := range []string{"holder", "tops", "turns", "log", "moves", "pileSizes"} {
		if fmt.Sprint(again[k]) != fmt.Sprint(mid[k]) {
			t.Errorf("replayed %s: %v, played %v", k, again[k], mid[k])
		}
	}
	// Undo: one action back (the put of the last turn), then on.
	code, undone := post(t, ts, "/api/games/"+mid["id"].(string)+"/undo", map[string]any{}, nil)
	if code != 200 || undone["phase"] != "placing" || undone["moves"] != moves[:strings.LastIndexAny(moves, "pdtuxs")] {
		t.Errorf("undo: %d phase %v moves %v (before %q)", code, undone["phase"], undone["moves"], moves)
	}
	if code, out := post(t, ts, "/api/games", map[string]any{"bots": 1, "seed": seed, "moves": "p0p0"}, nil); code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "move 2 (p0)") {
		t.Errorf("moves that break the rules: %d %v", code, out)
	}
	if code, out := post(t, ts, "/api/games", map[string]any{"bots": 1, "seed": "12x"}, nil); code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "whole number") {
		t.Errorf("a bad seed: %d %v", code, out)
	}
}

// Two people at one screen and a bot: the view is the person to move's,
// their hands apart; the game ends, replays step by step, and its log
// replays in engine/game without the bots.
func TestHotSeatReplayAndLog(t *testing.T) {
	ts, s, _ := newTestServer(t, "mini", Options{})
	code, g := post(t, ts, "/api/games", GameRequest{Humans: 2, Bots: 1, Seed: 21}, nil)
	if code != http.StatusCreated {
		t.Fatalf("POST /api/games: %d %v", code, g)
	}
	if g["humans"].(float64) != 2 || len(g["seats"].([]any)) != 3 || g["viewer"].(float64) != 0 {
		t.Fatalf("a hot seat: %v people, seats %v, viewer %v", g["humans"], g["seats"], g["viewer"])
	}
	viewers := map[float64]bool{}
	g = playTo(t, ts, g, func(v map[string]any) bool { viewers[v["viewer"].(float64)] = true; return false })
	if !viewers[0] || !viewers[1] || viewers[2] {
		t.Errorf("the views were seats %v' (want the two people's)", viewers)
	}
	for _, l := range g["log"].([]any) {
		line := fmt.Sprint(l)
		_, drew, _ := strings.Cut(line, " drew ")
		if strings.Contains(line, "Player 2 put ") || (strings.HasPrefix(line, "Player") && drew != "" && !strings.HasPrefix(drew, "a card") && !strings.HasPrefix(drew, "from draw pile")) {
			t.Errorf("the hot-seat log shows a hidden card: %q", l)
		}
	}
	id := g["id"].(string)
	steps := int(g["steps"].(float64))
	code, body := get(t, ts, fmt.Sprintf("/api/games/%s/replay?step=%d", id, steps), "")
	var end GameView
	if err := json.Unmarshal(body, &end); code != 200 || err != nil || end.Phase != g["phase"] || end.Turns != int(g["turns"].(float64)) {
		t.Fatalf("replay at the last step: %d %v %s", code, err, body[:min(len(body), 300)])
	}
	code, body = get(t, ts, fmt.Sprintf("/api/games/%s/replay?step=3", id), "")
	var early GameView
	if err := json.Unmarshal(body, &early); code != 200 || err != nil || early.Phase != "replay" || *early.Step != 3 || !strings.HasPrefix(early.Last, "Seat 3 (greedy) put ") {
		t.Errorf("replay at step 3: %d %v %+v", code, err, early.Last)
	}
	if len(early.Others) != 2 || early.Others[0].Holder == nil {
		t.Errorf("a replay shows every holder: %+v", early.Others)
	}
	if code, _ := get(t, ts, fmt.Sprintf("/api/games/%s/replay?step=%d", id, steps+1), ""); code != 400 {
		t.Errorf("replay past the end: %d", code)
	}

	code, body = get(t, ts, "/api/games/"+id+"/log", "")
	if code != 200 {
		t.Fatalf("GET log: %d %s", code, body)
	}
	rec, err := game.DecodeRecord(body)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Seed != "21" || strings.Join(rec.Seats, ",") != "human,human,greedy" || len(rec.Moves) != steps {
		t.Errorf("the log: seed %s, seats %v, %d moves (want %d)", rec.Seed, rec.Seats, len(rec.Moves), steps)
	}
	st, _ := s.state()
	if _, err := game.Replay(st.played.journeys, rec, nil); err != nil {
		t.Errorf("the log does not replay: %v", err)
	}
	for _, bad := range []map[string]any{{"humans": 5, "bots": 0}, {"humans": 1, "bots": 0}, {"humans": 3, "bots": 2}} {
		if code, out := post(t, ts, "/api/games", bad, nil); code != 400 {
			t.Errorf("%v: %d %v", bad, code, out)
		}
	}
}

// Across the United States against a bot: the person's choices to the
// sealed final offering and the scores.
func TestNetworkGame(t *testing.T) {
	target, err := lint.ReadPack("../engine/route/testdata/across-the-us.pack.json", 16<<20)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(context.Background(), Options{Load: func(context.Context) (*Build, error) {
		return &Build{Pack: target.Pack}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	ts.Config.Handler = srv.Handler(ts.Listener.Addr().String())
	ts.Start()
	defer ts.Close()
	code, g := post(t, ts, "/api/games", GameRequest{Bots: 1, Bot: "greedy", Seed: 4}, nil)
	if code != http.StatusCreated || g["kind"] != "network" {
		t.Fatalf("POST /api/games: %d %v", code, g)
	}
	id := g["id"].(string)
	final := false
	for n := 0; g["phase"] != "over"; n++ {
		if n > 2000 {
			t.Fatal("the game does not end")
		}
		legal := g["legal"].([]any)
		if len(legal) == 0 {
			t.Fatalf("no move for the person in phase %v", g["phase"])
		}
		if g["phase"] == "final" {
			final = true
			if k := legal[0].(map[string]any)["kind"]; k != "keep" {
				t.Errorf("the final offering offers %v", k)
			}
		}
		code, g = post(t, ts, "/api/games/"+id+"/moves", map[string]any{"choice": n % len(legal)}, nil)
		if code != 200 {
			t.Fatalf("move %d: %d %v", n, code, g)
		}
	}
	if !final || len(g["scores"].([]any)) != 2 || len(g["kept"].([]any)) != 2 || len(g["winners"].([]any)) == 0 {
		t.Errorf("the end: final %v, scores %v, kept %v, winners %v", final, g["scores"], g["kept"], g["winners"])
	}
	// The same seed and choices: the same end.
	code, again := post(t, ts, "/api/games", map[string]any{"bots": 1, "seed": "4", "moves": g["moves"]}, nil)
	if code != http.StatusCreated || fmt.Sprint(again["scores"]) != fmt.Sprint(g["scores"]) {
		t.Errorf("replayed: %d %v, played %v", code, again["scores"], g["scores"])
	}
	if code, out := post(t, ts, "/api/games", GameRequest{Bots: 9}, nil); code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "setups for") {
		t.Errorf("too many bots: %d %v", code, out)
	}
}

// Europa Tour in the studio: five face-up piles, the first to fill
// begins, the ship routes drawn on the board, the kinds' own names on the
// cards.
func TestEuropaTourGame(t *testing.T) {
	ts, _ := serveStudio(t, Pipeline(pipeline.Source{Path: "europa-tour"}, pipeline.Options{}))
	code, g := post(t, ts, "/api/games", map[string]any{"bots": 2, "seed": "1"}, nil)
	if code != http.StatusCreated {
		t.Fatalf("POST /api/games: %d %v", code, g)
	}
	if g["firstToFill"] != true || g["starter"] != nil {
		t.Fatalf("while filling: firstToFill %v, starter %v", g["firstToFill"], g["starter"])
	}
	g = playTo(t, ts, g, func(v map[string]any) bool { return v["phase"] == "choosing" })
	if tops := g["tops"].([]any); len(tops) != 5 {
		t.Fatalf("%d face-up piles, want 5", len(tops))
	}
	starter, ok := g["starter"].(float64)
	if !ok {
		t.Fatalf("no starter once the holders are full: %v", g["starter"])
	}
	// The person (seat 1) moves now: either they filled first, or the
	// bots that did have played their turns.
	if want := int(starter); want == 0 && g["turns"].(float64) != 0 {
		t.Errorf("seat 1 filled first, but %v turns were played before its first", g["turns"])
	}
	named := 0
	for _, c := range append(g["holder"].([]any), g["tops"].([]any)...) {
		card, _ := c.(map[string]any)
		switch {
		case card == nil:
		case card["kind"] == "plane":
			if !strings.HasPrefix(card["name"].(string), "Flugzeug ") || card["pictogram"] != "airplane" {
				t.Errorf("a plane card shows %v (%v)", card["name"], card["pictogram"])
			}
			named++
		case card["kind"] == "ship":
			if card["name"] != "Schiff" || card["token"] != "ship" {
				t.Errorf("a ship card shows %v, token %v", card["name"], card["token"])
			}
			named++
		}
	}
	if named == 0 {
		t.Error("no transport card in the holder or on the piles with this seed: choose another")
	}
	res, err := http.Get(ts.URL + "/api/view")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var view struct {
		SVG string `json:"svg"`
	}
	if err := json.NewDecoder(res.Body).Decode(&view); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(view.SVG, `class="ship-route"`); n != 15 {
		t.Errorf("the board draws %d ship routes, want 15 (status %d)", n, res.StatusCode)
	}
}

// The studio's table holds a page for every kind of pack.
func TestPagesHoldEveryKind(t *testing.T) {
	if len(pages) != len(mapdata.Kinds) {
		t.Errorf("pages has %d kinds, mapdata.Kinds %d", len(pages), len(mapdata.Kinds))
	}
	for _, kind := range mapdata.Kinds {
		if p, ok := pages[kind]; !ok || p.view == nil {
			t.Errorf("kind %s has no page", kind)
		}
	}
}
