package studio

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/mapdata"
)

// routesView is the page of a route-network pack (kind network): its
// stations, routes, companies and tickets, the board drawn as export draws
// it (on the land the loader read), and its games dealt on engine/route's
// board when it compiles and lint finds no error that makes it unfit to
// play. It has no journeys.
func routesView(b *Build, v *View) (played, error) {
	p := b.Pack.(*mapdata.NetworkPack)
	v.Kind, v.Title = mapdata.KindNetwork, p.Edition.Name
	out := played{noJourneys: mapdata.KindNoun(mapdata.KindNetwork)}
	var buf bytes.Buffer
	if err := mapdata.EncodeJSON(&buf, p); err != nil {
		return out, fmt.Errorf("studio: encoding the pack: %w", err)
	}
	out.pack = buf.Bytes()
	land := func() ([]orb.MultiPolygon, error) { return b.Land, nil }
	pic, err := export.Render(export.Input{Pack: p, Land: land}, export.SVG, export.Options{Width: 1600})
	if err != nil {
		v.SVGNote = err.Error()
	} else {
		v.SVG = string(pic[0].Data)
	}
	v.Network = &NetworkView{Stations: p.Stations, Routes: p.Routes, Companies: p.Companies, Passenger: p.Passenger, Freight: p.Freight}
	nb, err := route.Compile(p)
	switch {
	case err != nil:
		v.Playable = err.Error()
	case b.Unplayable != "":
		v.Playable = b.Unplayable
	default:
		out.games = routesTable{nb}
		v.Network.Players = nb.Players()
	}
	out.noGames = v.Playable
	return out, nil
}

// routesTable deals route-network games on a board.
type routesTable struct{ board *route.Board }

func (t routesTable) deal(req GameRequest, seed uint64) (play, error) {
	return newNetGame(t.board, req, seed)
}

// netGame is a route-network game (Across the United States): the person
// at seat 1, bots at the others, played by engine/route's rules. A move
// is a choice among the legal moves, by its number in the list: the seed,
// the bots and the person's choices replay the game.
type netGame struct {
	board   *route.Board
	seed    uint64
	opts    GameRequest
	seats   []string // "human", then the bots' names
	g       *route.Game
	bots    []route.Bot
	choices []int
	log     []string
}

func newNetGame(b *route.Board, req GameRequest, seed uint64) (*netGame, error) {
	if req.Humans > 1 {
		return nil, fmt.Errorf("humans: %d; a route-network game is one person against bots here", req.Humans)
	}
	players := req.Bots + 1
	if !slices.Contains(b.Players(), players) {
		return nil, fmt.Errorf("bots: %d makes %d players; the pack has setups for %s players", req.Bots, players, joinInts(b.Players()))
	}
	if _, ok := route.NewBot(req.Bot, 0); !ok {
		return nil, fmt.Errorf("bot %q does not play route-network games (want %s)", req.Bot, strings.Join(route.BotNames(), ", "))
	}
	if req.Days != 0 || req.Swap != "" || req.Open || req.Turns != 0 {
		return nil, fmt.Errorf("days, swap, open hands and turn cap are for the 10 Days games: a route-network game plays its rounds")
	}
	ng := &netGame{board: b, seed: seed, opts: GameRequest{Bots: req.Bots, Bot: req.Bot, Seed: Seed(seed)}, seats: []string{"human"}}
	for range req.Bots {
		ng.seats = append(ng.seats, req.Bot)
	}
	choices, err := parseChoices(req.Moves)
	if err != nil {
		return nil, err
	}
	if err := ng.replay(choices); err != nil {
		return nil, err
	}
	return ng, nil
}

// move plays the person's choice: a route-network game takes the number
// of a move in its list of legal moves.
func (ng *netGame) move(req MoveRequest) error {
	if req.Choice == nil {
		return fmt.Errorf("a route-network game takes {\"choice\": N}, the number of a move in its list")
	}
	return ng.choose(*req.Choice)
}

// replayAt: a route-network game is replayed from its URL.
func (ng *netGame) replayAt(string, int) (any, error) {
	return nil, fmt.Errorf("a route-network game is replayed with its URL (seed and moves)")
}

// gameLog: a route-network game keeps no game log.
func (ng *netGame) gameLog() (any, string, string, error) {
	return nil, "", "", fmt.Errorf("the game log is for the 10 Days games; a route-network game is replayed with its URL")
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}

// parseChoices reads "3.0.12": the numbers of the person's moves.
func parseChoices(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for i, f := range strings.Split(s, ".") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || len(f) > 6 {
			return nil, fmt.Errorf("moves: %q (number %d) is not a move number", f, i+1)
		}
		out = append(out, n)
	}
	return out, nil
}

func formatChoices(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, ".")
}

// deal starts the game anew; bots are seeded as `tendays play` seeds them.
func (ng *netGame) deal() error {
	g, err := route.NewGame(ng.board, len(ng.seats), ng.seed)
	if err != nil {
		return err
	}
	ng.g, ng.choices, ng.log = g, nil, nil
	ng.bots = make([]route.Bot, len(ng.seats))
	for s := 1; s < len(ng.seats); s++ {
		ng.bots[s], _ = route.NewBot(ng.seats[s], ng.seed+uint64(s))
	}
	ng.logf("New game: you and %s, %d rounds, seed %d.", plural(len(ng.seats)-1, ng.opts.Bot+" bot", ng.opts.Bot+" bots"), g.Setup.Rounds, ng.seed)
	return ng.runBots()
}

func (ng *netGame) replay(choices []int) error {
	if err := ng.deal(); err != nil {
		return err
	}
	for i, c := range choices {
		if err := ng.choose(c); err != nil {
			return fmt.Errorf("moves: move %d (choice %d): %w", i+1, c, err)
		}
	}
	return nil
}

func (ng *netGame) undo() error {
	if len(ng.choices) == 0 {
		return fmt.Errorf("nothing to undo: you have not moved yet")
	}
	return ng.replay(slices.Clone(ng.choices[:len(ng.choices)-1]))
}

// legal is the person's moves now (none when it is not their move).
func (ng *netGame) legal() []route.Action {
	g := ng.g
	switch {
	case g.Over():
		return nil
	case g.Phase == route.PhaseFinal:
		if g.Chosen[0] {
			return nil
		}
		return g.LegalFor(0)
	case g.Seat != 0:
		return nil
	}
	return g.Legal()
}

// choose plays the person's choice, then the bots until it is the
// person's move again or the game is over. In the final public offering the person
// places a card face down first, then each bot does, blind to the others;
// the cards are revealed together.
func (ng *netGame) choose(choice int) error {
	g := ng.g
	if g.Over() {
		return fmt.Errorf("the game is over")
	}
	legal := ng.legal()
	if len(legal) == 0 {
		return fmt.Errorf("not your move")
	}
	if choice < 0 || choice >= len(legal) {
		return fmt.Errorf("choice %d: want 0 to %d", choice, len(legal)-1)
	}
	a := legal[choice]
	desc := g.Describe(0, a, true)
	if g.Phase == route.PhaseFinal {
		if err := g.Commit(0, a); err != nil {
			return err
		}
		ng.logf("You place %s face down.", ng.board.Company(a.Company))
	} else {
		if err := g.Apply(a); err != nil {
			return err
		}
		ng.logf("You: %s.", desc)
	}
	ng.choices = append(ng.choices, choice)
	return ng.runBots()
}

func (ng *netGame) runBots() error {
	g := ng.g
	for !g.Over() {
		if g.Phase == route.PhaseFinal {
			if !g.Chosen[0] {
				return nil
			}
			for s := 1; s < len(ng.seats); s++ {
				if g.Chosen[s] {
					continue
				}
				view := g.View(s)
				if err := g.Commit(s, ng.bots[s].Choose(view, view.LegalFor(s))); err != nil {
					return fmt.Errorf("seat %d (%s): %w", s+1, ng.seats[s], err)
				}
				ng.logf("Seat %d (%s) has chosen, face down.", s+1, ng.seats[s])
			}
			if g.Over() {
				var kept []string
				for s, c := range g.Kept {
					kept = append(kept, fmt.Sprintf("%s keeps %s", ng.who(s), ng.board.Company(c)))
				}
				ng.logf("Revealed together: %s.", strings.Join(kept, ", "))
			}
			continue
		}
		s := g.Seat
		if s == 0 {
			return nil
		}
		view := g.View(s)
		a := ng.bots[s].Choose(view, view.Legal())
		desc := g.Describe(s, a, false)
		if err := g.Apply(a); err != nil {
			return fmt.Errorf("seat %d (%s): %w", s+1, ng.seats[s], err)
		}
		ng.logf("%s: %s.", ng.who(s), desc)
	}
	return nil
}

func (ng *netGame) who(s int) string {
	if s == 0 {
		return "You"
	}
	return fmt.Sprintf("Seat %d (%s)", s+1, ng.seats[s])
}

func (ng *netGame) logf(format string, args ...any) {
	ng.log = append(ng.log, fmt.Sprintf(format, args...))
	if len(ng.log) > 300 {
		ng.log = ng.log[len(ng.log)-300:]
	}
}

// NetGameView is a route-network game as the person sees it.
type NetGameView struct {
	ID      string      `json:"id"`
	Kind    string      `json:"kind"` // "network"
	Seed    Seed        `json:"seed"`
	Phase   string      `json:"phase"` // lay, stations, purchase, offer, final, over
	Round   int         `json:"round"` // 1-based
	Rounds  int         `json:"rounds"`
	Seat    int         `json:"seat"`
	Players int         `json:"players"`
	Seats   []SeatView  `json:"seats"`
	Options GameRequest `json:"options"`
	// Moves are the person's choices, numbers joined by dots: with the
	// options they reproduce the game.
	Moves     string           `json:"moves"`
	CanUndo   bool             `json:"canUndo"`
	Companies []NetCompanyView `json:"companies"`
	// Cubes lists, by route (the pack's order), the companies with a cube
	// on it.
	Cubes  [][]string     `json:"cubes"`
	You    NetSelfView    `json:"you"`
	Others []NetOtherView `json:"others"`
	// Legal is what the person may do now, each with the number a move
	// sends back (none while it is not their move).
	Legal   []NetChoice     `json:"legal"`
	Chosen  []bool          `json:"chosen,omitempty"` // the final offering: who has placed a card face down
	Kept    []string        `json:"kept,omitempty"`   // revealed at the end, by seat
	Scores  []NetScoreView  `json:"scores,omitempty"`
	Winners []int           `json:"winners,omitempty"`
	Log     []string        `json:"log"`
	Tickets []NetTicketView `json:"tickets"`
}

// NetCompanyView is a company and its share price (its cubes on the board).
type NetCompanyView struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Hex   string `json:"hex"`
	Cubes int    `json:"cubes"`
}

// NetSelfView is what the person holds, hidden cards included.
type NetSelfView struct {
	Money     int      `json:"money"`
	Transfers int      `json:"transfers"`
	Goods     []string `json:"goods"`  // "coal 2"
	Shares    []string `json:"shares"` // "UP 2"
	Hand      []string `json:"hand"`
	Gold      []int    `json:"gold"`
}

// NetTicketView is one of the person's tickets.
type NetTicketView struct {
	Kind   string `json:"kind"` // passenger, freight
	ID     string `json:"id"`
	Text   string `json:"text"`
	Points int    `json:"points"`
	Done   bool   `json:"done"` // a passenger ticket whose stations a company joins
}

// NetOtherView is what the table sees of another seat.
type NetOtherView struct {
	Seat      int      `json:"seat"`
	Name      string   `json:"name"`
	Money     int      `json:"money"`
	Transfers int      `json:"transfers"`
	Goods     []string `json:"goods"`
	Shares    []string `json:"shares"`
	Hand      int      `json:"hand"`
	Passenger int      `json:"passenger"`
	Freight   int      `json:"freight"`
	Gold      int      `json:"gold"`
}

// NetChoice is one legal move.
type NetChoice struct {
	Choice int    `json:"choice"`
	Kind   string `json:"kind"`
	Text   string `json:"text"`
}

// NetScoreView is one seat's final score, step by step.
type NetScoreView struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	route.Score
}

func counts(xs []int, name func(int) string) []string {
	out := []string{}
	for i, n := range xs {
		if n > 0 {
			out = append(out, fmt.Sprintf("%s %d", name(i), n))
		}
	}
	return out
}

func (ng *netGame) view(id string) any { return ng.netView(id) }

func (ng *netGame) netView(id string) NetGameView {
	g, b := ng.g, ng.board
	v := NetGameView{ID: id, Kind: "network", Seed: Seed(ng.seed), Phase: g.Phase.String(), Round: min(g.Round+1, g.Setup.Rounds), Rounds: g.Setup.Rounds,
		Seat: g.Seat, Players: len(ng.seats), Options: ng.opts, Moves: formatChoices(ng.choices), CanUndo: len(ng.choices) > 0,
		Log: ng.log, Legal: []NetChoice{}, Tickets: []NetTicketView{}}
	for s := range ng.seats {
		v.Seats = append(v.Seats, SeatView{Seat: s, Human: s == 0, Name: ng.who(s)})
	}
	for c, co := range b.Pack.Companies {
		v.Companies = append(v.Companies, NetCompanyView{ID: co.ID, Name: co.Name, Hex: co.Hex, Cubes: g.CubeN[c]})
	}
	v.Cubes = make([][]string, len(g.Cubes))
	for r, on := range g.Cubes {
		v.Cubes[r] = []string{}
		for c, yes := range on {
			if yes {
				v.Cubes[r] = append(v.Cubes[r], b.Company(c))
			}
		}
	}
	p := &g.Players[0]
	v.You = NetSelfView{Money: p.Money, Transfers: p.Transfers, Goods: counts(p.Goods, b.Commodity), Shares: counts(p.Shares, b.Company),
		Hand: counts(p.Hand, b.Company), Gold: slices.Clone(p.Gold)}
	if v.You.Gold == nil {
		v.You.Gold = []int{}
	}
	links := g.NetworkLinks()
	for _, i := range p.Passenger {
		tk := b.Passenger[i]
		v.Tickets = append(v.Tickets, NetTicketView{Kind: "passenger", ID: b.Pack.Passenger[i].ID, Points: tk.Points,
			Text: fmt.Sprintf("%s – %s", b.Station(tk.A), b.Station(tk.B)), Done: links.Companies(tk.A, tk.B) > 0})
	}
	for _, i := range p.Freight {
		tk := b.Freight[i]
		var need []string
		for k, n := range tk.Need {
			for range n {
				need = append(need, b.Commodity(k))
			}
		}
		v.Tickets = append(v.Tickets, NetTicketView{Kind: "freight", ID: b.Pack.Freight[i].ID, Points: tk.Points, Text: strings.Join(need, " + ")})
	}
	for s := 1; s < len(ng.seats); s++ {
		q := &g.Players[s]
		v.Others = append(v.Others, NetOtherView{Seat: s, Name: ng.who(s), Money: q.Money, Transfers: q.Transfers, Goods: counts(q.Goods, b.Commodity),
			Shares: counts(q.Shares, b.Company), Hand: q.HandSize(), Passenger: len(q.Passenger), Freight: len(q.Freight), Gold: len(q.Gold)})
	}
	for i, a := range ng.legal() {
		v.Legal = append(v.Legal, NetChoice{Choice: i, Kind: a.Kind.String(), Text: g.Describe(0, a, true)})
	}
	if g.Phase == route.PhaseFinal || g.Over() {
		v.Chosen = slices.Clone(g.Chosen)
	}
	if g.Over() {
		for _, c := range g.Kept {
			v.Kept = append(v.Kept, b.Company(c))
		}
		for s, sc := range g.Scores() {
			v.Scores = append(v.Scores, NetScoreView{Seat: s, Name: ng.who(s), Score: sc})
		}
		v.Winners = route.Winners(g.Scores())
	}
	return v
}
