package studio

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tendays/tendays/engine/game"
)

// tableSeat is one device at a table: its seat and its key.
type tableSeat struct {
	seat int
	key  string
}

// checkPrivate fails when a view sent to seat (-1: a spectator) shows a
// holder that is not its own, a hand off its turn, or the deal's secrets
// before the end.
func checkPrivate(t *testing.T, seat int, v map[string]any) {
	t.Helper()
	if int(v["viewer"].(float64)) != seat {
		t.Fatalf("seat %d was sent the view of seat %v", seat, v["viewer"])
	}
	over := v["phase"] == "over"
	if seat < 0 && len(v["holder"].([]any)) != 0 {
		t.Errorf("a spectator was sent a holder: %v", v["holder"])
	}
	if v["hand"] != nil && int(v["seat"].(float64)) != seat {
		t.Errorf("seat %d was sent the hand of seat %v", seat, v["seat"])
	}
	for _, o := range v["others"].([]any) {
		o := o.(map[string]any)
		if int(o["seat"].(float64)) == seat {
			t.Errorf("seat %d is among its own others", seat)
		}
		if o["holder"] != nil && !over {
			t.Errorf("seat %d was sent seat %v's holder before the end", seat, o["seat"])
		}
	}
	if !over && (v["seed"] != "0" || v["moves"] != "" || v["options"].(map[string]any)["seed"] != nil && v["options"].(map[string]any)["seed"] != "0") {
		t.Errorf("seat %d was sent the deal's secrets before the end: seed %v, moves %v", seat, v["seed"], v["moves"])
	}
	for _, line := range v["log"].([]any) {
		if strings.Contains(line.(string), " on day ") && !strings.Contains(line.(string), "Seat ") {
			t.Errorf("the log tells a person's card placed: %q", line)
		}
	}
}

// TestTable: a table of two people and a bot, each person moving from
// their own "device" (their seat's key), to the end. Every answer each
// seat gets shows its own holder only; a move off one's turn, from a
// spectator or with a made-up key is refused; the replay and the log wait
// for the end; the event stream tells the table of each move.
func TestTable(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{})
	code, host := post(t, ts, "/api/games", GameRequest{Humans: 2, Bots: 1, Bot: "greedy", Seed: 11, Table: true, Turns: 60}, nil)
	if code != http.StatusCreated || host["atTable"] != true {
		t.Fatalf("opening a table: %d %v", code, host)
	}
	checkPrivate(t, -1, host)
	if !strings.Contains(fmt.Sprint(host["log"]), "2 people at a table and 1 greedy bot") {
		t.Errorf("the log does not say a table: %v", host["log"])
	}
	id := host["id"].(string)
	invites := host["invites"].([]any)
	if len(invites) != 3 {
		t.Fatalf("invites: %v, want two seats and the spectators", invites)
	}
	var seats []tableSeat
	for _, inv := range invites[:2] {
		inv := inv.(map[string]any)
		u, err := url.Parse(inv["link"].(string))
		if err != nil || u.Query().Get("table") != id || u.Query().Get("seat") == "" {
			t.Fatalf("invite %v", inv)
		}
		seats = append(seats, tableSeat{seat: int(inv["seat"].(float64)), key: u.Query().Get("seat")})
	}
	if seats[0].key == seats[1].key {
		t.Fatal("two seats with one key")
	}
	view := func(s tableSeat) map[string]any {
		t.Helper()
		code, body := get(t, ts, "/api/games/"+id+"?seat="+s.key, "")
		var v map[string]any
		if code != 200 || json.Unmarshal(body, &v) != nil {
			t.Fatalf("seat %d's view: %d %s", s.seat, code, body)
		}
		checkPrivate(t, s.seat, v)
		return v
	}
	if code, _ := get(t, ts, "/api/games/"+id+"?seat=00ff", ""); code != http.StatusForbidden {
		t.Errorf("a made-up key: %d, want 403", code)
	}
	if code, _ := post(t, ts, "/api/games/"+id+"/moves", game.Action{Action: "place", Day: 0}, nil); code != http.StatusForbidden {
		t.Errorf("a spectator's move: %d, want 403", code)
	}
	if code, _ := get(t, ts, "/api/games/"+id+"/replay?step=1", ""); code != http.StatusForbidden {
		t.Errorf("the replay before the end: %d, want 403", code)
	}
	if code, _ := get(t, ts, "/api/games/"+id+"/log", ""); code != http.StatusForbidden {
		t.Errorf("the log before the end: %d, want 403", code)
	}
	if code, _ := post(t, ts, "/api/games/"+id+"/undo?seat="+seats[0].key, struct{}{}, nil); code != http.StatusConflict {
		t.Errorf("undo at a table: %d, want 409", code)
	}

	g := view(seats[0])
	for moves := 0; g["phase"] != "over"; moves++ {
		if moves > 5000 {
			t.Fatal("the game does not end")
		}
		turn := int(g["seat"].(float64))
		var mover, other tableSeat
		for _, s := range seats {
			if s.seat == turn {
				mover = s
			} else {
				other = s
			}
		}
		g = view(mover)
		// The other person cannot move now.
		if code, _ := post(t, ts, "/api/games/"+id+"/moves?seat="+other.key, game.Action{Action: "take", From: -1}, nil); code != http.StatusConflict {
			t.Fatalf("seat %d moved on seat %d's turn: %d", other.seat, turn, code)
		}
		m := simpleMove(g)
		var code int
		code, g = post(t, ts, "/api/games/"+id+"/moves?seat="+mover.key, m, nil)
		if code != 200 {
			t.Fatalf("move %d %+v by seat %d: %d %v", moves, m, mover.seat, code, g)
		}
		checkPrivate(t, mover.seat, g)
		checkPrivate(t, other.seat, view(other))
		// What one seat holds, the other sees counted.
		mine := 0
		for _, c := range g["holder"].([]any) {
			if c != nil {
				mine++
			}
		}
		for _, o := range view(other)["others"].([]any) {
			if o := o.(map[string]any); int(o["seat"].(float64)) == mover.seat && int(o["filled"].(float64)) != mine {
				t.Fatalf("seat %d holds %d cards; seat %d sees %v", mover.seat, mine, other.seat, o["filled"])
			}
		}
	}
	end := view(seats[1])
	if end["seed"] != "11" {
		t.Errorf("the seed at the end: %v, want 11", end["seed"])
	}
	if code, _ := get(t, ts, "/api/games/"+id+"/log", ""); code != 200 {
		t.Errorf("the log after the end: %d", code)
	}
}

func TestArticleAndPlural(t *testing.T) {
	for name, want := range map[string]string{"Asia": "an", "Africa": "an", "Americas": "an", "Europe": "a", "USA": "a", "Oceania": "an", "Japan": "a"} {
		if got := article(name); got != want {
			t.Errorf("article(%q) = %q, want %q", name, got, want)
		}
	}
	if plural(1, "card", "cards") != "1 card" || plural(0, "card", "cards") != "0 cards" || plural(3, "greedy bot", "greedy bots") != "3 greedy bots" {
		t.Error("plural")
	}
}
