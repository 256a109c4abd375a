package studio

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// A table: one 10 Days game, each person at a device of their own (a
// phone, a laptop; serve --lan lets them in). The host opens it (POST
// /api/games with "table": true) and is answered with an invitation for
// each person's seat: a link holding the game's id and the seat's key
// (128 bits of crypto/rand). A request names its seat with ?seat=KEY:
// the game as that seat sees it (its own holder and hand, the others'
// cards counted, never shown), and moves only on that seat's turn. A
// request without a key is a spectator's: the table, no holder. Nothing
// a seat is sent tells another seat's cards before the end: the log says
// what the table sees, and the seed and the moves (which would deal the
// game again) are kept until the game is over. After each move the event
// stream says "game" with the game's id and its steps, and the devices of
// the table ask for their view again; a device that reloads asks with
// the key its address holds, and is back in its seat.

// TableView is a game at a table as one device sees it: its seat's
// (Viewer; -1 a spectator), and for the host as the table opens, the
// invitations.
type TableView struct {
	GameView
	AtTable bool     `json:"atTable"`
	Invites []Invite `json:"invites,omitempty"`
}

// Invite is one seat's way in: its link (through the join link, with the
// table's token, on the LAN) and the QR code's address.
type Invite struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Link string `json:"link"`
	QR   string `json:"qr,omitempty"`
}

// openTable seats a new game's people: a key each, the invitations in the
// answer to the host (who hands them out), the host a spectator until
// they open a seat's link.
func (s *Server) openTable(w http.ResponseWriter, ss *session) {
	tg, ok := ss.game.(*tenGame)
	if !ok {
		httpError(w, http.StatusBadRequest, "table: a table plays a 10 Days game; this pack's game is played at one screen")
		return
	}
	v := TableView{AtTable: true}
	for seat, kind := range tg.seats {
		key := ""
		if kind == "human" {
			key = newSeatKey()
			v.Invites = append(v.Invites, Invite{Seat: seat, Name: tg.who(seat), Link: s.seatLink(ss.id, key), QR: s.seatQR(ss.id, key)})
		}
		ss.seats = append(ss.seats, key)
	}
	v.Invites = append(v.Invites, Invite{Seat: -1, Name: "Spectators", Link: s.seatLink(ss.id, ""), QR: s.seatQR(ss.id, "")})
	s.games.add(ss)
	v.GameView = tableGameView(tg, ss.id, -1)
	writeJSON(w, http.StatusCreated, mustJSON(v))
}

func newSeatKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// seatLink opens a seat (or, with no key, the table as a spectator): on
// the LAN through the join link, which carries the table's token.
func (s *Server) seatLink(id, key string) string {
	if s.opts.Token != "" {
		return s.JoinLink(id, key)
	}
	q := url.Values{"table": {id}}
	if key != "" {
		q.Set("seat", key)
	}
	return "http://" + s.servedHost() + "/?" + q.Encode()
}

// seatQR is the address of the seat link's QR code, on the LAN (a phone
// cannot reach this machine's loopback).
func (s *Server) seatQR(id, key string) string {
	if s.opts.Token == "" {
		return ""
	}
	q := url.Values{"table": {id}}
	if key != "" {
		q.Set("seat", key)
	}
	return "/api/qr?" + q.Encode()
}

// seatOf is the seat a request's key names at ss's table: -1 with no key
// (a spectator), an error for a key that is none of its seats'.
func seatOf(ss *session, r *http.Request) (int, error) {
	key := r.URL.Query().Get("seat")
	if key == "" {
		return -1, nil
	}
	for seat, k := range ss.seats {
		if k != "" && subtle.ConstantTimeCompare([]byte(k), []byte(key)) == 1 {
			return seat, nil
		}
	}
	return 0, fmt.Errorf("seat: this key is none of this table's seats")
}

// tableGameView is the game as seat sees it (-1: a spectator): its own
// holder only; the seed and the moves, which deal the game again, only
// at the end.
func tableGameView(tg *tenGame, id string, seat int) GameView {
	v := tg.viewOf(id, tg.g, seat, tg.over())
	if !tg.over() {
		v.Seed, v.Options.Seed, v.Moves = 0, 0, ""
	}
	v.CanUndo = false
	return v
}

// tableAnswer writes the game as the requesting seat sees it.
func tableAnswer(w http.ResponseWriter, r *http.Request, ss *session, code int) {
	seat, err := seatOf(ss, r)
	if err != nil {
		httpError(w, http.StatusForbidden, err.Error())
		return
	}
	writeJSON(w, code, mustJSON(TableView{GameView: tableGameView(ss.game.(*tenGame), ss.id, seat), AtTable: true}))
}

// tableMayChange: at a table a move is made by the seat to move, from its
// own device; undo is for one screen (a move shown to the table stands).
func tableMayChange(ss *session, r *http.Request) (int, error) {
	if strings.HasSuffix(r.URL.Path, "/undo") {
		return http.StatusConflict, fmt.Errorf("undo: at a table a move stands (undo is for a game at one screen)")
	}
	seat, err := seatOf(ss, r)
	if err != nil {
		return http.StatusForbidden, err
	}
	tg := ss.game.(*tenGame)
	switch {
	case seat < 0:
		return http.StatusForbidden, fmt.Errorf("a spectator does not move: open your seat's link")
	case tg.over():
		return http.StatusBadRequest, fmt.Errorf("the game is over")
	case tg.g.Seat() != seat:
		return http.StatusConflict, fmt.Errorf("not your turn: %s is to move", tg.who(tg.g.Seat()))
	}
	return 0, nil
}

// tableSecret refuses, before the end, what shows every holder (the
// replay, the game log).
func tableSecret(w http.ResponseWriter, ss *session) bool {
	if ss.seats == nil || ss.game.(*tenGame).over() {
		return false
	}
	httpError(w, http.StatusForbidden, "the replay and the log show every holder: at a table they open when the game is over")
	return true
}

// tableMoved tells every device of the table that the game changed.
func (s *Server) tableMoved(ss *session) {
	tg := ss.game.(*tenGame)
	s.broadcast(event{name: "game", data: mustJSON(map[string]any{"id": ss.id, "steps": len(tg.rec.Moves), "over": tg.over()})})
}

// plural is "1 card", "2 cards".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// article is "a" or "an" before a name as it is said: "an Asia tile", "a
// Europe tile", "a USA tile".
func article(name string) string {
	lower := strings.ToLower(name)
	if lower == "" || !strings.ContainsRune("aeiou", rune(lower[0])) {
		return "a"
	}
	for _, sound := range []string{"eu", "uni", "usa", "us ", "ut"} {
		if strings.HasPrefix(lower, sound) {
			return "a"
		}
	}
	return "an"
}
