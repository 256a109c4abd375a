package studio

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
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

// session is one game: you are seat 1, bots the others.
type session struct {
	mu      sync.Mutex
	id      string
	g       *game.Game
	bots    []game.Player // by seat; seat 0 is nil (the person)
	botName string
	seed    uint64
	turnCap int
	log     []string
	stalled bool
}

// GameRequest is the body of POST /api/games.
type GameRequest struct {
	Bots int    `json:"bots"`           // 1 to 3
	Bot  string `json:"bot"`            // random, greedy, strong
	Seed uint64 `json:"seed,omitempty"` // 0: a random seed
	Days int    `json:"days,omitempty"` // 0: the edition's
	Swap string `json:"swap,omitempty"` // "", "on", "off"
	Open bool   `json:"openHands,omitempty"`
	// Refill: "" or "all" (an empty draw pile is made anew from every
	// discard under the face-up tops, as the boxes), "own" (from its own
	// face-up piles only); combined editions.
	Refill string `json:"refill,omitempty"`
	Turns  int    `json:"turnCap,omitempty"` // 0: the simulator's default
}

// MoveRequest is the body of POST /api/games/{id}/moves: one of
// fill (Map: the member map whose tiles to draw the next card of the fill
// from, 0-based, on a combined edition, when the view's table says
// mustChooseFill), place (Day), take (From: -1 a draw pile, the one Draw says; 0 up a
// face-up pile), put (Slot: a day or -1 to discard the card taken; Pile)
// or swap (I, J). Days, slots, piles and draw piles are 0-based; Draw is 0
// (the first draw pile) unless the edition has several (three in a
// combined edition).
type MoveRequest struct {
	Action string `json:"action"`
	Map    int    `json:"map"`
	Day    int    `json:"day"`
	From   int    `json:"from"`
	Draw   int    `json:"draw"`
	Slot   int    `json:"slot"`
	Pile   int    `json:"pile"`
	I      int    `json:"i"`
	J      int    `json:"j"`
}

func (s *Server) postGame(w http.ResponseWriter, r *http.Request) {
	var req GameRequest
	if !decode(w, r, &req) {
		return
	}
	st, _ := s.state()
	if st.board == nil {
		httpError(w, http.StatusConflict, "this pack cannot be played here: "+notPlayable(st))
		return
	}
	if req.Bots < 1 || req.Bots > 3 {
		httpError(w, http.StatusBadRequest, fmt.Sprintf("bots: %d (want 1 to 3)", req.Bots))
		return
	}
	if req.Bot == "" {
		req.Bot = "greedy"
	}
	req.Bot = strings.ToLower(req.Bot)
	if !slices.Contains(bot.Names(), req.Bot) {
		httpError(w, http.StatusBadRequest, fmt.Sprintf("unknown bot %q (want %s)", req.Bot, strings.Join(bot.Names(), ", ")))
		return
	}
	if req.Days < 0 || req.Days > 40 || req.Turns < 0 || req.Turns > 100000 {
		httpError(w, http.StatusBadRequest, "days or turn cap out of range")
		return
	}
	cfg := game.Config{Players: req.Bots + 1, Days: req.Days, OpenHands: req.Open}
	switch req.Swap {
	case "":
	case "on":
		cfg.Swap = game.SwapOn
	case "off":
		cfg.Swap = game.SwapOff
	default:
		httpError(w, http.StatusBadRequest, fmt.Sprintf("swap: %q (want on, off or empty for the edition's rule)", req.Swap))
		return
	}
	refill, err := game.ParseRefill(req.Refill)
	if err != nil {
		httpError(w, http.StatusBadRequest, "refill: "+err.Error())
		return
	}
	cfg.Refill = refill
	seed := req.Seed
	if seed == 0 {
		seed = mrand.Uint64()
	}
	rng := mrand.New(mrand.NewPCG(seed, 0x5eed))
	g, err := game.New(st.board, cfg, rng)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	ss := &session{id: newID(), g: g, botName: req.Bot, seed: seed, turnCap: req.Turns, bots: make([]game.Player, cfg.Players)}
	if ss.turnCap == 0 {
		ss.turnCap = sim.DefaultTurnCap
	}
	for seat := 1; seat < cfg.Players; seat++ {
		p, err := bot.New(req.Bot, mrand.New(mrand.NewPCG(seed, uint64(seat))))
		if err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		ss.bots[seat] = p
	}
	ss.log = append(ss.log, fmt.Sprintf("New game: you and %d %s bot(s), seed %d. Fill your holder: each card drawn goes to a day you choose.", req.Bots, req.Bot, seed))
	s.games.add(ss)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	writeJSON(w, http.StatusCreated, mustJSON(ss.view()))
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

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	writeJSON(w, http.StatusOK, mustJSON(ss.view()))
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) {
	var req MoveRequest
	if !decode(w, r, &req) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if err := ss.move(req); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, mustJSON(ss.view()))
}

// move plays the person's move, then the bots until it is the person's
// turn again or the game is over.
func (ss *session) move(m MoveRequest) error {
	g := ss.g
	if ss.over() {
		return fmt.Errorf("the game is over")
	}
	if g.Seat() != 0 {
		return fmt.Errorf("not your turn")
	}
	b := g.Board()
	switch m.Action {
	case "fill":
		if err := g.DrawFill(m.Map); err != nil {
			return err
		}
		ss.logf("You drew %s from the %s tiles.", b.Name(g.Hand()), b.Map(m.Map).Name)
		return nil
	case "place":
		card := g.Hand()
		if err := g.Place(m.Day); err != nil {
			return err
		}
		ss.logf("You put %s on day %d.", b.Name(card), m.Day+1)
	case "take":
		src := game.Source(m.From)
		switch {
		case m.From < -1:
			return fmt.Errorf("from: %d (want -1 for a draw pile, named by draw, or 0 to %d for a face-up pile)", m.From, g.NumPiles()-1)
		case m.From == -1:
			if m.Draw < 0 || m.Draw >= g.NumDraw() {
				return fmt.Errorf("no draw pile %d (want 0 to %d)", m.Draw, g.NumDraw()-1)
			}
			src = game.DrawPile(m.Draw)
		case m.Draw != 0:
			return fmt.Errorf("draw: %d names a draw pile, but from: %d takes from a face-up pile", m.Draw, m.From)
		}
		if err := g.Take(src); err != nil {
			return err
		}
		switch {
		case m.From < 0 && g.NumDraw() > 1:
			ss.logf("You drew %s from draw pile %d.", b.Name(g.Hand()), m.Draw+1)
		case m.From < 0:
			ss.logf("You drew %s.", b.Name(g.Hand()))
		default:
			ss.logf("You took %s from pile %d.", b.Name(g.Hand()), m.From+1)
		}
	case "put":
		if err := g.Put(m.Slot, m.Pile); err != nil {
			return err
		}
		t := g.LastTurn()
		if t.Slot >= 0 {
			ss.logf("You put %s on day %d and discarded %s on pile %d.", b.Name(t.Taken), t.Slot+1, b.Name(t.Discarded), t.Pile+1)
		} else {
			ss.logf("You discarded %s on pile %d.", b.Name(t.Discarded), t.Pile+1)
		}
	case "swap":
		if err := g.Swap(m.I, m.J); err != nil {
			return err
		}
		ss.logf("You swapped days %d and %d.", m.I+1, m.J+1)
	default:
		return fmt.Errorf("unknown action %q (want fill, place, take, put or swap)", m.Action)
	}
	return ss.runBots()
}

func (ss *session) over() bool { return ss.g.Phase() == game.Over || ss.stalled }

// runBots plays the bots' moves until the person is to move.
func (ss *session) runBots() error {
	g := ss.g
	b := g.Board()
	for !ss.over() && g.Seat() != 0 {
		seat := g.Seat()
		p := ss.bots[seat]
		if g.Phase() == game.Filling {
			if err := game.FillStep(g, p); err != nil {
				return fmt.Errorf("bot: %w", err)
			}
			continue
		}
		if err := game.Step(g, p); err != nil {
			return fmt.Errorf("bot: %w", err)
		}
		t := g.LastTurn()
		who := fmt.Sprintf("Seat %d (%s)", t.Seat+1, ss.botName)
		drew := "drew a card"
		d, fromDraw := t.From.Draw()
		if fromDraw && g.NumDraw() > 1 {
			drew = fmt.Sprintf("drew from draw pile %d", d+1)
			if t.FromMap >= 0 {
				drew += fmt.Sprintf(" (a %s tile)", b.Map(t.FromMap).Name)
			}
		}
		switch {
		case t.Swap:
			ss.logf("%s swapped days %d and %d.", who, t.I+1, t.J+1)
		case fromDraw && t.Slot < 0:
			ss.logf("%s %s and discarded it: %s on pile %d.", who, drew, b.Name(t.Discarded), t.Pile+1)
		case fromDraw:
			ss.logf("%s %s, kept it and discarded %s on pile %d.", who, drew, b.Name(t.Discarded), t.Pile+1)
		default:
			ss.logf("%s took %s from pile %d and discarded %s on pile %d.", who, b.Name(t.Taken), int(t.From)+1, b.Name(t.Discarded), t.Pile+1)
		}
		ss.checkCap()
	}
	if g.Phase() == game.Choosing && g.Seat() == 0 {
		ss.checkCap()
	}
	if g.Phase() == game.Over {
		if g.Winner() == 0 {
			ss.logf("You win in %d turns!", g.Turns())
		} else {
			ss.logf("Seat %d (%s) wins in %d turns.", g.Winner()+1, ss.botName, g.Turns())
		}
	}
	return nil
}

func (ss *session) checkCap() {
	if !ss.stalled && ss.g.Phase() != game.Over && ss.g.Turns() >= ss.turnCap {
		ss.stalled = true
		ss.logf("No one has won after %d turns: the game stalls.", ss.g.Turns())
	}
}

func (ss *session) logf(format string, args ...any) {
	ss.log = append(ss.log, fmt.Sprintf(format, args...))
	if len(ss.log) > 200 {
		ss.log = ss.log[len(ss.log)-200:]
	}
}

// CardView is a card as the page shows it.
type CardView struct {
	Token  string `json:"token"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Region string `json:"region,omitempty"`
	Hex    string `json:"hex,omitempty"` // the region's or the plane's colour
}

// GameView is a game as seat 1 sees it.
type GameView struct {
	ID          string                `json:"id"`
	Seed        uint64                `json:"seed"`
	Phase       string                `json:"phase"` // filling, choosing, placing, over
	Seat        int                   `json:"seat"`  // 0-based seat to move; 0 is you
	Players     int                   `json:"players"`
	Days        int                   `json:"days"`
	Bot         string                `json:"bot"`
	Hand        *CardView             `json:"hand,omitempty"`
	Holder      []*CardView           `json:"holder"` // null: an open day
	Tops        []*CardView           `json:"tops"`
	PileSizes   []int                 `json:"pileSizes"`
	Draw        int                   `json:"draw"`      // cards in all the draw piles
	CanDraw     bool                  `json:"canDraw"`   // some draw pile can give a card
	DrawPiles   []int                 `json:"drawPiles"` // each draw pile's cards (one pile, or three in a combined edition)
	CanDrawFrom []bool                `json:"canDrawFrom"`
	PileDraw    []int                 `json:"pileDraw"` // the draw pile each face-up pile was turned up from
	MustPile    int                   `json:"mustPile"`
	SwapAllowed bool                  `json:"swapAllowed"`
	Turns       int                   `json:"turns"`
	TurnCap     int                   `json:"turnCap"`
	Others      []OtherView           `json:"others"`
	Log         []string              `json:"log"`
	Winner      int                   `json:"winner"` // -1: none (yet)
	Stalled     bool                  `json:"stalled"`
	Yours       *engine.VerdictReport `json:"yours,omitempty"`   // your full holder, checked
	Journey     *engine.VerdictReport `json:"journey,omitempty"` // the winning journey, explained
	Winning     []*CardView           `json:"winning,omitempty"`
	// Coverage is the winning journey's regions on each member map of a
	// combined edition (as play's "maps covered"); none for one map.
	Coverage []MapCount `json:"coverage,omitempty"`
	// Table is the piles as every seat sees them: which map each draw
	// pile's top card is from, the maps' piles of the fill, the refill rule.
	Table game.Table `json:"table"`
}

// MapCount is how many regions of a journey lie on one member map.
type MapCount struct {
	Map     string `json:"map"`
	Name    string `json:"name"`
	Regions int    `json:"regions"`
}

// OtherView is a bot's seat: its cards only when hands are open or the
// game is over.
type OtherView struct {
	Seat   int         `json:"seat"`
	Filled int         `json:"filled"`
	Holder []*CardView `json:"holder,omitempty"`
}

func (ss *session) view() GameView {
	g := ss.g
	b := g.Board()
	phase := map[game.Phase]string{game.Filling: "filling", game.Choosing: "choosing", game.Placing: "placing", game.Over: "over"}[g.Phase()]
	if ss.stalled {
		phase = "over"
	}
	v := GameView{ID: ss.id, Seed: ss.seed, Phase: phase, Seat: g.Seat(), Players: g.Players(), Days: g.Days(), Bot: ss.botName,
		SwapAllowed: g.SwapAllowed(), Turns: g.Turns(), TurnCap: ss.turnCap, Draw: g.DrawSize(), CanDraw: g.CanDraw(), MustPile: g.MustPile(),
		Winner: g.Winner(), Stalled: ss.stalled, Log: ss.log, Table: g.Table()}
	if g.Seat() == 0 && (g.Phase() == game.Filling || g.Phase() == game.Placing) {
		v.Hand = cardView(b, g.Hand())
	}
	v.Holder = holderView(b, g.Holder(0))
	for i := range g.NumDraw() {
		v.DrawPiles = append(v.DrawPiles, g.DrawPileSize(i))
		v.CanDrawFrom = append(v.CanDrawFrom, g.CanDrawFrom(i))
	}
	for k := range g.NumPiles() {
		v.Tops = append(v.Tops, cardView(b, g.Top(k)))
		v.PileSizes = append(v.PileSizes, g.PileSize(k))
		v.PileDraw = append(v.PileDraw, k*g.NumDraw()/g.NumPiles())
	}
	over := g.Phase() == game.Over || ss.stalled
	for seat := 1; seat < g.Players(); seat++ {
		h := g.Holder(seat)
		o := OtherView{Seat: seat}
		for _, c := range h {
			if c != engine.NoCard {
				o.Filled++
			}
		}
		if over || g.OpenHands() {
			o.Holder = holderView(b, h)
		}
		v.Others = append(v.Others, o)
	}
	if mine := g.Holder(0); !slices.Contains(mine, engine.NoCard) {
		yv := b.Report(mine, b.Check(mine))
		v.Yours = &yv
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
	return cv
}
