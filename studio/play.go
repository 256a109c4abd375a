package studio

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/kinds"
	"github.com/tendays/tendays/mapdata"
)

// maxGames is how many games the studio keeps; starting one more forgets
// the oldest.
const maxGames = 32

// games holds the games being played, by id.
type games struct {
	mu    sync.Mutex
	byID  map[string]*session
	order []string
}

func newGames() *games { return &games{byID: map[string]*session{}} }

func (gs *games) add(s *session) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	if len(gs.order) >= maxGames {
		delete(gs.byID, gs.order[0])
		gs.order = gs.order[1:]
	}
	gs.byID[s.id] = s
	gs.order = append(gs.order, s.id)
}

func (gs *games) get(id string) *session {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	return gs.byID[id]
}

// session is one game, of its pack's kind (kinds.go's play).
type session struct {
	mu   sync.Mutex
	id   string
	game play
	// seats, at a table (table.go): each person's key, by seat ("" for a
	// bot); nil for a game at one screen.
	seats []string
}

// Seed is a game's seed. It is read from a JSON number or a decimal string
// and written as a string: a JavaScript number holds integers exactly only
// up to 2^53, and a seed is any 64-bit number.
type Seed uint64

// UnmarshalJSON reads 7 or "7".
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := strings.TrimSpace(string(b))
	if text == "null" {
		return nil
	}
	if unq, err := strconv.Unquote(text); err == nil {
		text = strings.TrimSpace(unq)
	}
	if text == "" {
		*s = 0
		return nil
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: want a whole number from 0 to 18446744073709551615", b)
	}
	*s = Seed(v)
	return nil
}

// MarshalJSON writes the seed as a decimal string.
func (s Seed) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(s), 10) + `"`), nil
}

// GameRequest is the body of POST /api/games. Seats 1 to Humans are people
// at one screen (hot seat), the rest bots; Moves replays the people's moves
// (their short forms, as a studio URL carries them; on a route-network pack
// the choices' numbers joined by dots).
type GameRequest struct {
	Bots   int    `json:"bots"`             // 0 to 3 (1 to 3 with one person)
	Humans int    `json:"humans,omitempty"` // 1 to 4; 0: 1
	Bot    string `json:"bot"`              // random, greedy, strong
	Seed   Seed   `json:"seed,omitempty"`   // 0: a random seed
	Days   int    `json:"days,omitempty"`   // 0: the edition's
	Swap   string `json:"swap,omitempty"`   // "", "on", "off"
	Open   bool   `json:"openHands,omitempty"`
	// Refill: "" or "all" (an empty draw pile is made anew from every
	// discard under the face-up tops, as the boxes), "own" (from its own
	// face-up piles only); combined editions.
	Refill string `json:"refill,omitempty"`
	Turns  int    `json:"turnCap,omitempty"` // 0: the simulator's default
	Moves  string `json:"moves,omitempty"`
	// Table seats each person at a device of their own (table.go): each
	// seat joins with its own key and sees its own holder only.
	Table bool `json:"table,omitempty"`
}

// MoveRequest is the body of POST /api/games/{id}/moves: a 10 Days
// action (game.Action: place, take, put or swap), or on a route-network
// game Choice, the number of a move in the game's list of legal moves.
type MoveRequest struct {
	game.Action
	Choice *int `json:"choice,omitempty"`
}

// maxMovesText bounds the moves a request replays.
const maxMovesText = 60000

func (s *Server) postGame(w http.ResponseWriter, r *http.Request) {
	var req GameRequest
	if !decode(w, r, &req) {
		return
	}
	st, _ := s.state()
	if len(req.Moves) > maxMovesText {
		httpError(w, http.StatusBadRequest, fmt.Sprintf("moves: %d characters, at most %d", len(req.Moves), maxMovesText))
		return
	}
	if req.Bot == "" {
		req.Bot = "greedy"
	}
	req.Bot = strings.ToLower(req.Bot)
	seed := uint64(req.Seed)
	if seed == 0 {
		seed = mrand.Uint64()
	}
	if st.played.games == nil {
		httpError(w, http.StatusConflict, "this pack cannot be played here: "+st.played.noGames)
		return
	}
	g, err := st.played.games.deal(req, seed)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	ss := &session{id: newID(), game: g}
	if req.Table {
		s.openTable(w, ss)
		return
	}
	s.games.add(ss)
	writeJSON(w, http.StatusCreated, mustJSON(g.view(ss.id)))
}

// newTenGame deals a 10 Days game as the request asks: people at seats 1
// to Humans (one when 0), bots after; the number of players, and whether
// the pack deals that many, is the engine's to check (game.New).
func newTenGame(b *engine.Board, req GameRequest, seed uint64) (*tenGame, error) {
	if req.Humans == 0 {
		req.Humans = 1
	}
	if req.Humans < 1 || req.Bots < 0 {
		return nil, fmt.Errorf("%d people and %d bots: a game seats at least one person, and no fewer than no bots", req.Humans, req.Bots)
	}
	if !slices.Contains(bot.Names(), req.Bot) {
		return nil, fmt.Errorf("unknown bot %q (want %s)", req.Bot, strings.Join(bot.Names(), ", "))
	}
	if req.Days < 0 || req.Days > 40 || req.Turns < 0 || req.Turns > 100000 {
		return nil, fmt.Errorf("days or turn cap out of range")
	}
	if req.Table && req.Moves != "" {
		return nil, fmt.Errorf("moves: a table's game starts from its deal (its moves are the seats' secret)")
	}
	tg := &tenGame{board: b, seed: seed, bot: req.Bot, turnCap: req.Turns, opts: req, atTable: req.Table,
		cfg: game.Config{Players: req.Humans + req.Bots, Days: req.Days, OpenHands: req.Open}}
	tg.opts.Seed, tg.opts.Moves = Seed(seed), ""
	swap, err := kinds.ParseSwap(req.Swap)
	if err != nil {
		return nil, fmt.Errorf("swap: %q (want on, off or empty for the edition's rule)", req.Swap)
	}
	tg.cfg.Swap = swap
	refill, err := game.ParseRefill(req.Refill)
	if err != nil {
		return nil, fmt.Errorf("refill: %w", err)
	}
	tg.cfg.Refill = refill
	if tg.turnCap == 0 {
		tg.turnCap = sim.DefaultTurnCap
	}
	for seat := range tg.cfg.Players {
		if seat < req.Humans {
			tg.seats = append(tg.seats, "human")
		} else {
			tg.seats = append(tg.seats, req.Bot)
		}
	}
	actions, err := game.ParseActions(req.Moves)
	if err != nil {
		return nil, err
	}
	if err := tg.replay(actions); err != nil {
		return nil, err
	}
	return tg, nil
}

func newID() string {
	var b [9]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (s *Server) session(w http.ResponseWriter, r *http.Request) *session {
	ss := s.games.get(r.PathValue("id"))
	if ss == nil {
		httpError(w, http.StatusNotFound, "no such game (games are forgotten when the studio stops)")
	}
	return ss
}

func (ss *session) view() any { return ss.game.view(ss.id) }

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.seats != nil {
		tableAnswer(w, r, ss, http.StatusOK)
		return
	}
	writeJSON(w, http.StatusOK, mustJSON(ss.view()))
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) {
	var req MoveRequest
	s.change(w, r, &req, func(ss *session) error { return ss.game.move(req) })
}

// postUndo takes back the last move of a person (the bots' answers with
// it): the game is dealt again from its seed and every earlier move
// replayed.
func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	s.change(w, r, &req, func(ss *session) error { return ss.game.undo() })
}

// change decodes a request's body into req, finds its game and changes
// it with f; the answer is the game, or f's error (400).
func (s *Server) change(w http.ResponseWriter, r *http.Request, req any, f func(*session) error) {
	if !decode(w, r, req) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.seats != nil {
		if code, err := tableMayChange(ss, r); err != nil {
			httpError(w, code, err.Error())
			return
		}
	}
	if err := f(ss); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if ss.seats != nil {
		s.tableMoved(ss)
		tableAnswer(w, r, ss, http.StatusOK)
		return
	}
	writeJSON(w, http.StatusOK, mustJSON(ss.view()))
}

// getReplay is the game as it stood after its first `step` moves (every
// seat's), every holder shown: a finished game, step by step.
func (s *Server) getReplay(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	step, err := strconv.Atoi(r.URL.Query().Get("step"))
	if err != nil || step < 0 {
		httpError(w, http.StatusBadRequest, "step: want a move number from 0")
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if tableSecret(w, ss) {
		return
	}
	v, err := ss.game.replayAt(ss.id, step)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, mustJSON(v))
}

// getLog is the game log, for `tendays play PACK --replay FILE`.
func (s *Server) getLog(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if tableSecret(w, ss) {
		return
	}
	rec, edition, seed, err := ss.game.gameLog()
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rec); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-game-%s.json"`, safeName(edition), seed))
	writeJSON(w, http.StatusOK, bytes.TrimRight(buf.Bytes(), "\n"))
}

// safeName keeps a file name's letters, digits, dots and dashes.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' {
			return r
		}
		return '-'
	}, s)
}

// tenGame is a 10 Days game: people at seats 1 to Humans, bots after.
type tenGame struct {
	board   *engine.Board
	cfg     game.Config
	opts    GameRequest // as asked (the seed filled in), for the URL
	seats   []string    // "human" or the bots' name, by seat
	bot     string
	seed    uint64
	turnCap int

	// atTable: each person at a device of their own (table.go): the log
	// says only what the table sees, and names seats "Player N".
	atTable bool

	g       *game.Game
	bots    []game.Player // by seat; nil for a person
	people  []game.Action // the people's actions: with the seed they replay the game
	rec     game.Record   // every seat's actions
	log     []string
	logFrom int // lines dropped from the front of log (it keeps the last 200)
	stalled bool
}

// deal starts the game anew from its seed.
func (tg *tenGame) deal() error {
	g, err := game.New(tg.board, tg.cfg, game.Rand(tg.seed))
	if err != nil {
		return err
	}
	tg.g, tg.people, tg.log, tg.logFrom, tg.stalled = g, nil, nil, 0, false
	tg.bots = make([]game.Player, len(tg.seats))
	for seat, name := range tg.seats {
		if name == "human" {
			continue
		}
		if tg.bots[seat], err = bot.New(name, game.SeatRand(tg.seed, seat)); err != nil {
			return err
		}
	}
	tg.rec = game.NewRecord(g, tg.seed, tg.seats, tg.turnCap)
	humans := tg.humans()
	who := "you and " + plural(len(tg.seats)-humans, tg.bot+" bot", tg.bot+" bots")
	switch {
	case tg.atTable:
		who = fmt.Sprintf("%s at a table", plural(humans, "person", "people"))
		if bots := len(tg.seats) - humans; bots > 0 {
			who += fmt.Sprintf(" and %s", plural(bots, tg.bot+" bot", tg.bot+" bots"))
		}
		// The seed is the deal: a table keeps it for the end.
		tg.logf("New game: %s. Fill your holder: each card drawn goes to a day you choose.", who)
		return tg.runBots()
	case humans > 1:
		who = fmt.Sprintf("%d people at one screen", humans)
		if bots := len(tg.seats) - humans; bots > 0 {
			who += " and " + plural(bots, tg.bot+" bot", tg.bot+" bots")
		}
	}
	tg.logf("New game: %s, seed %d. Fill your holder: each card drawn goes to a day you choose.", who, tg.seed)
	return tg.runBots()
}

func (tg *tenGame) humans() int {
	n := 0
	for _, s := range tg.seats {
		if s == "human" {
			n++
		}
	}
	return n
}

// replay deals the game and plays the people's actions.
func (tg *tenGame) replay(actions []game.Action) error {
	if err := tg.deal(); err != nil {
		return err
	}
	for i, a := range actions {
		if err := tg.act(a); err != nil {
			return fmt.Errorf("moves: move %d (%s): %w", i+1, a, err)
		}
	}
	return nil
}

func (tg *tenGame) undo() error {
	if len(tg.people) == 0 {
		return fmt.Errorf("nothing to undo: no one has moved yet")
	}
	return tg.replay(slices.Clone(tg.people[:len(tg.people)-1]))
}

// who names a seat in the log: "You" for the one person against bots,
// "Player N" at a hot seat, "Seat N (greedy)" for a bot.
func (tg *tenGame) who(seat int) string {
	switch {
	case tg.seats[seat] != "human":
		return fmt.Sprintf("Seat %d (%s)", seat+1, tg.seats[seat])
	case tg.humans() == 1 && !tg.atTable:
		return "You"
	}
	return fmt.Sprintf("Player %d", seat+1)
}

// move plays a person's action: a 10 Days game takes an action (place,
// take, put or swap), not a choice.
func (tg *tenGame) move(req MoveRequest) error {
	if req.Choice != nil {
		return fmt.Errorf("choice: a 10 Days game takes an action (place, take, put or swap)")
	}
	return tg.act(req.Action)
}

// gameLog is the game log: every seat's actions, the winner and the turns.
func (tg *tenGame) gameLog() (any, string, string, error) {
	rec := tg.rec
	rec.Winner, rec.Turns = tg.g.Winner(), tg.g.Turns()
	return rec, rec.Edition, rec.Seed, nil
}

// act plays a person's action, then the bots until a person is to move or
// the game is over.
func (tg *tenGame) act(a game.Action) error {
	g := tg.g
	if tg.over() {
		return fmt.Errorf("the game is over")
	}
	seat := g.Seat()
	if tg.seats[seat] != "human" {
		return fmt.Errorf("not your turn")
	}
	b := g.Board()
	hand := g.Hand()
	if err := a.Apply(g); err != nil {
		return err
	}
	tg.people = append(tg.people, a)
	tg.rec.Moves = append(tg.rec.Moves, game.SeatAction{Seat: seat, Action: a})
	// One person sees their own cards in the log; at a hot seat the log
	// says only what the table sees.
	secret := tg.humans() > 1 || tg.atTable
	you := tg.who(seat)
	switch a.Action {
	case "fill":
		if secret {
			tg.logf("%s drew a card from the %s tiles.", you, b.Map(a.Map).Name)
		} else {
			tg.logf("%s drew %s from the %s tiles.", you, b.Name(g.Hand()), b.Map(a.Map).Name)
		}
	case "place":
		if !secret {
			tg.logf("%s put %s on day %d.", you, b.Name(hand), a.Day+1)
		}
	case "take":
		switch {
		case secret:
		case a.From < 0 && g.NumDraw() > 1:
			tg.logf("%s drew %s from draw pile %d.", you, b.Name(g.Hand()), a.Draw+1)
		case a.From < 0:
			tg.logf("%s drew %s.", you, b.Name(g.Hand()))
		default:
			tg.logf("%s took %s from pile %d.", you, b.Name(g.Hand()), a.From+1)
		}
	case "put", "swap":
		if secret {
			tg.logf("%s %s", you, tg.describeTurn(g.LastTurn()))
			break
		}
		t := g.LastTurn()
		switch {
		case t.Swap:
			tg.logf("%s swapped days %d and %d.", you, t.I+1, t.J+1)
		case t.Slot >= 0:
			tg.logf("%s put %s on day %d and discarded %s on pile %d.", you, b.Name(t.Taken), t.Slot+1, b.Name(t.Discarded), t.Pile+1)
		default:
			tg.logf("%s discarded %s on pile %d.", you, b.Name(t.Discarded), t.Pile+1)
		}
		tg.checkCap()
	}
	return tg.runBots()
}

// describeTurn says what a seat did, as the others at the table see it.
func (tg *tenGame) describeTurn(t game.Turn) string {
	g, b := tg.g, tg.g.Board()
	drew := "drew a card"
	d, fromDraw := t.From.Draw()
	if fromDraw && g.NumDraw() > 1 {
		drew = fmt.Sprintf("drew from draw pile %d", d+1)
		if t.FromMap >= 0 {
			drew += fmt.Sprintf(" (%s %s tile)", article(b.Map(t.FromMap).Name), b.Map(t.FromMap).Name) // its back shows its box
		}
	}
	switch {
	case t.Swap:
		return fmt.Sprintf("swapped days %d and %d.", t.I+1, t.J+1)
	case fromDraw && t.Slot < 0:
		return fmt.Sprintf("%s and discarded it: %s on pile %d.", drew, b.Name(t.Discarded), t.Pile+1)
	case fromDraw:
		return fmt.Sprintf("%s, kept it and discarded %s on pile %d.", drew, b.Name(t.Discarded), t.Pile+1)
	}
	return fmt.Sprintf("took %s from pile %d and discarded %s on pile %d.", b.Name(t.Taken), int(t.From)+1, b.Name(t.Discarded), t.Pile+1)
}

func (tg *tenGame) over() bool { return tg.g.Phase() == game.Over || tg.stalled }

// runBots plays the bots' moves until a person is to move.
func (tg *tenGame) runBots() error {
	g := tg.g
	for !tg.over() && tg.bots[g.Seat()] != nil {
		seat := g.Seat()
		p := tg.bots[seat]
		if g.Phase() == game.Filling {
			// On a combined board the bot first chooses which map's tiles
			// to draw from (game.FillStep's choice), then a day.
			if g.MustChooseFill() {
				a := game.Action{Action: "fill", Map: game.FillChoice(p, g.ViewOf(seat))}
				if err := a.Apply(g); err != nil {
					return fmt.Errorf("seat %d (bot), filling: %w", seat+1, err)
				}
				tg.rec.Moves = append(tg.rec.Moves, game.SeatAction{Seat: seat, Action: a})
			}
			a := game.Action{Action: "place", Day: p.Fill(g.ViewOf(seat), g.Hand())}
			if err := a.Apply(g); err != nil {
				return fmt.Errorf("seat %d (bot), filling: %w", seat+1, err)
			}
			tg.rec.Moves = append(tg.rec.Moves, game.SeatAction{Seat: seat, Action: a})
			continue
		}
		if err := game.Step(g, p); err != nil {
			return fmt.Errorf("bot: %w", err)
		}
		for _, a := range game.TurnActions(g.LastTurn()) {
			tg.rec.Moves = append(tg.rec.Moves, game.SeatAction{Seat: seat, Action: a})
		}
		tg.logf("%s %s", tg.who(seat), tg.describeTurn(g.LastTurn()))
		tg.checkCap()
	}
	if g.Phase() == game.Choosing {
		tg.checkCap()
	}
	if g.Phase() == game.Over {
		who, verb := tg.who(g.Winner()), "wins"
		if who == "You" {
			verb = "win"
		}
		tg.logf("%s %s in %d turns!", who, verb, g.Turns())
	}
	return nil
}

func (tg *tenGame) checkCap() {
	if !tg.stalled && tg.g.Phase() != game.Over && tg.g.Turns() >= tg.turnCap {
		tg.stalled = true
		tg.logf("No one has won after %d turns: the game stalls.", tg.g.Turns())
	}
}

func (tg *tenGame) logf(format string, args ...any) {
	tg.log = append(tg.log, fmt.Sprintf(format, args...))
	if len(tg.log) > 200 {
		tg.logFrom += len(tg.log) - 200
		tg.log = tg.log[len(tg.log)-200:]
	}
}

// CardView is a card as the page shows it.
type CardView struct {
	Token string `json:"token"`
	// Name is a region's name, or a transport's token; where the edition
	// names the kind itself, its own name and the token's colour, sea or
	// line ("Zug red"), with the kind's Pictogram.
	Name      string `json:"name"`
	Pictogram string `json:"pictogram,omitempty"`
	Kind      string `json:"kind"`
	Region    string `json:"region,omitempty"`
	Hex       string `json:"hex,omitempty"` // the region's or the plane's colour
}

// SeatView says who plays a seat.
type SeatView struct {
	Seat  int    `json:"seat"`
	Human bool   `json:"human"`
	Name  string `json:"name"` // "You", "Player 2", "Seat 3 (greedy)"
}

// GameView is a game as the person to move sees it (at the end, as
// everyone does).
type GameView struct {
	ID      string     `json:"id"`
	Kind    string     `json:"kind"` // "regions": a 10 Days game
	Seed    Seed       `json:"seed"`
	Phase   string     `json:"phase"` // filling, choosing, placing, over
	Seat    int        `json:"seat"`  // 0-based seat to move
	Viewer  int        `json:"viewer"`
	Players int        `json:"players"`
	Humans  int        `json:"humans"`
	Seats   []SeatView `json:"seats"`
	Days    int        `json:"days"`
	Bot     string     `json:"bot"`
	// Options are the game's settings as a URL states them (the seed
	// included), and Moves the people's actions in short forms: together
	// they reproduce the game.
	Options     GameRequest `json:"options"`
	Moves       string      `json:"moves"`
	CanUndo     bool        `json:"canUndo"`
	Steps       int         `json:"steps"` // every seat's actions so far: a replay's steps
	Hand        *CardView   `json:"hand,omitempty"`
	Holder      []*CardView `json:"holder"` // the viewer's; null: an open day
	Tops        []*CardView `json:"tops"`
	PileSizes   []int       `json:"pileSizes"`
	Draw        int         `json:"draw"`      // cards in all the draw piles
	CanDraw     bool        `json:"canDraw"`   // some draw pile can give a card
	DrawPiles   []int       `json:"drawPiles"` // each draw pile's cards (one pile, or three in a combined edition)
	CanDrawFrom []bool      `json:"canDrawFrom"`
	PileDraw    []int       `json:"pileDraw"` // the draw pile each face-up pile was turned up from
	MustPile    int         `json:"mustPile"`
	SwapAllowed bool        `json:"swapAllowed"`
	// FirstToFill: everyone fills at once and the first to fill starts
	// (Europa Tour); Starter is then that seat, once known.
	FirstToFill bool        `json:"firstToFill,omitempty"`
	Starter     *int        `json:"starter,omitempty"`
	OpenHands   bool        `json:"openHands"`
	Turns       int         `json:"turns"`
	TurnCap     int         `json:"turnCap"`
	Others      []OtherView `json:"others"`
	Log         []string    `json:"log"`
	// LogFrom is the number of the log's first line kept (from 0): a page
	// counts the lines it has said by it, past the last 200 kept.
	LogFrom int                   `json:"logFrom"`
	Winner  int                   `json:"winner"` // -1: none (yet)
	Stalled bool                  `json:"stalled"`
	Yours   *engine.VerdictReport `json:"yours,omitempty"`   // the viewer's full holder, checked
	Journey *engine.VerdictReport `json:"journey,omitempty"` // the winning journey, explained
	Winning []*CardView           `json:"winning,omitempty"`
	// Coverage is the winning journey's regions on each member map of a
	// combined edition (as play's "maps covered"); none for one map.
	Coverage []MapCount `json:"coverage,omitempty"`
	// Table is the piles as every seat sees them: which map each draw
	// pile's top card is from, the maps' piles of the fill, the refill rule.
	Table game.Table `json:"table"`
	// Step and Last are set in a replay: the moves played, and the last
	// of them in words.
	Step *int   `json:"step,omitempty"`
	Last string `json:"last,omitempty"`
}

// MapCount is how many regions of a journey lie on one member map.
type MapCount struct {
	Map     string `json:"map"`
	Name    string `json:"name"`
	Regions int    `json:"regions"`
}

// OtherView is another seat: its cards only when hands are open or the
// game is over.
type OtherView struct {
	Seat   int         `json:"seat"`
	Name   string      `json:"name"`
	Human  bool        `json:"human"`
	Filled int         `json:"filled"`
	Holder []*CardView `json:"holder,omitempty"`
}

func (tg *tenGame) view(id string) any { return tg.tableView(id) }

func (tg *tenGame) tableView(id string) GameView {
	viewer := 0
	if s := tg.g.Seat(); !tg.over() && tg.seats[s] == "human" {
		viewer = s
	}
	return tg.viewOf(id, tg.g, viewer, tg.over())
}

func (tg *tenGame) viewOf(id string, g *game.Game, viewer int, open bool) GameView {
	b := g.Board()
	phase := map[game.Phase]string{game.Filling: "filling", game.Choosing: "choosing", game.Placing: "placing", game.Over: "over"}[g.Phase()]
	if tg.stalled && g == tg.g {
		phase = "over"
	}
	v := GameView{ID: id, Kind: "regions", Seed: Seed(tg.seed), Phase: phase, Seat: g.Seat(), Viewer: viewer, Players: g.Players(), Humans: tg.humans(),
		Days: g.Days(), Bot: tg.bot, Options: tg.opts, Moves: game.FormatActions(tg.people), CanUndo: len(tg.people) > 0, Steps: len(tg.rec.Moves),
		SwapAllowed: g.SwapAllowed(), OpenHands: g.OpenHands(), Turns: g.Turns(), TurnCap: tg.turnCap, Draw: g.DrawSize(), CanDraw: g.CanDraw(),
		MustPile: g.MustPile(), Winner: g.Winner(), Stalled: tg.stalled && g == tg.g, Log: tg.log, LogFrom: tg.logFrom, Table: g.Table(), FirstToFill: g.FirstToFill()}
	if s := g.Starter(); g.FirstToFill() && s >= 0 {
		v.Starter = &s
	}
	for seat := range tg.seats {
		v.Seats = append(v.Seats, SeatView{Seat: seat, Human: tg.seats[seat] == "human", Name: tg.who(seat)})
	}
	if g.Seat() == viewer && (g.Phase() == game.Filling || g.Phase() == game.Placing) {
		v.Hand = cardView(b, g.Hand())
	}
	v.Holder = []*CardView{} // a spectator (viewer -1) holds none
	if viewer >= 0 {
		v.Holder = holderView(b, g.Holder(viewer))
	}
	for i := range g.NumDraw() {
		v.DrawPiles = append(v.DrawPiles, g.DrawPileSize(i))
		v.CanDrawFrom = append(v.CanDrawFrom, g.CanDrawFrom(i))
	}
	for k := range g.NumPiles() {
		v.Tops = append(v.Tops, cardView(b, g.Top(k)))
		v.PileSizes = append(v.PileSizes, g.PileSize(k))
		v.PileDraw = append(v.PileDraw, k*g.NumDraw()/g.NumPiles())
	}
	for seat := range g.Players() {
		if seat == viewer {
			continue
		}
		h := g.Holder(seat)
		o := OtherView{Seat: seat, Name: tg.who(seat), Human: tg.seats[seat] == "human"}
		for _, c := range h {
			if c != engine.NoCard {
				o.Filled++
			}
		}
		if open || g.OpenHands() {
			o.Holder = holderView(b, h)
		}
		v.Others = append(v.Others, o)
	}
	if viewer >= 0 {
		if mine := g.Holder(viewer); !slices.Contains(mine, engine.NoCard) {
			yv := b.Report(mine, b.Check(mine))
			v.Yours = &yv
		}
	}
	if w := g.Winner(); w >= 0 {
		h := g.Holder(w)
		jv := b.Report(h, b.Check(h))
		v.Journey = &jv
		v.Winning = holderView(b, h)
		v.Coverage = coverage(b, h)
	}
	return v
}

// replayAt deals the game again and plays its first step actions (every
// seat's), showing every holder and the last action in words.
func (tg *tenGame) replayAt(id string, step int) (any, error) { return tg.replayView(id, step) }

func (tg *tenGame) replayView(id string, step int) (GameView, error) {
	moves := tg.rec.Moves
	if step > len(moves) {
		return GameView{}, fmt.Errorf("step %d: the game has %d moves", step, len(moves))
	}
	g, err := game.New(tg.board, tg.cfg, game.Rand(tg.seed))
	if err != nil {
		return GameView{}, err
	}
	b := g.Board()
	last := "The cards are dealt."
	for i, m := range moves[:step] {
		who := tg.who(m.Seat)
		before := engine.NoCard
		if m.Action.Action == "take" && m.From >= 0 {
			before = g.Top(m.From)
		}
		hand := g.Hand()
		if err := m.Apply(g); err != nil {
			return GameView{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		switch m.Action.Action {
		case "fill":
			last = fmt.Sprintf("%s drew %s from the %s tiles.", who, b.Name(g.Hand()), b.Map(m.Map).Name)
		case "place":
			last = fmt.Sprintf("%s put %s on day %d.", who, b.Name(hand), m.Day+1)
		case "take":
			if m.From >= 0 {
				last = fmt.Sprintf("%s took %s from pile %d.", who, b.Name(before), m.From+1)
			} else {
				last = fmt.Sprintf("%s drew %s.", who, b.Name(g.Hand()))
			}
		case "put":
			t := g.LastTurn()
			if t.Slot >= 0 {
				last = fmt.Sprintf("%s put %s on day %d and discarded %s on pile %d.", who, b.Name(t.Taken), t.Slot+1, b.Name(t.Discarded), t.Pile+1)
			} else {
				last = fmt.Sprintf("%s discarded %s on pile %d.", who, b.Name(t.Discarded), t.Pile+1)
			}
		case "swap":
			last = fmt.Sprintf("%s swapped days %d and %d.", who, m.I+1, m.J+1)
		}
	}
	v := tg.viewOf(id, g, 0, true)
	if g.Phase() != game.Over && step < len(moves) {
		v.Phase = "replay"
	}
	v.Hand = cardView(b, g.Hand())
	v.Step, v.Last, v.Log = &step, last, nil
	return v, nil
}

func holderView(b *engine.Board, h []engine.CardID) []*CardView {
	out := make([]*CardView, len(h))
	for i, c := range h {
		out[i] = cardView(b, c)
	}
	return out
}

func cardView(b *engine.Board, c engine.CardID) *CardView {
	if c == engine.NoCard || int(c) >= b.NumCards() {
		return nil
	}
	info := b.Card(c)
	cv := &CardView{Token: info.Token, Name: b.Name(c), Kind: info.Kind.String()}
	p := b.Pack()
	hexOf := func(colorID string) string {
		for _, col := range p.Colors {
			if col.ID == colorID {
				return col.Hex
			}
		}
		return ""
	}
	switch info.Kind {
	case engine.RegionCard:
		r := b.Region(info.Region)
		cv.Region = r.ID
		cv.Hex = hexOf(b.Color(r.Color).ID)
	case engine.PlaneCard:
		cv.Hex = hexOf(b.Color(info.Color).ID)
	}
	if own := b.Transport(info.Kind); info.Kind != engine.RegionCard && own.Name != (mapdata.Rules{}).Kind(own.Kind).Name {
		cv.Name, cv.Pictogram = own.Name, own.Pictogram
		if _, arg, ok := strings.Cut(info.Token, ":"); ok {
			cv.Name += " " + arg
		}
	}
	return cv
}
