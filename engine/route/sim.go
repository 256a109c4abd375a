package route

import (
	"fmt"
	"runtime"
	"slices"

	"github.com/tendays/tendays/engine/stats"
	"golang.org/x/sync/errgroup"
)

// Stats and Rate are the shared summaries (see engine/stats). A shared win
// counts for every winner.
type (
	Stats = stats.Summary
	Rate  = stats.Rate
)

// Result is one finished game.
type Result struct {
	Scores  []Score
	Winners []int
	Turns   int
	Actions int
	Cubes   []int // per company: its price
	// Held and done tickets, by ticket index.
	PassengerHeld, PassengerDone []int
	FreightHeld, FreightDone     []int
}

// Play runs a game to its end with one bot a seat. With check set it
// verifies the invariants after every action and stops at the first
// broken one.
func Play(g *Game, bots []Bot, check bool) (*Result, error) {
	if len(bots) != len(g.Players) {
		return nil, fmt.Errorf("%d bots for %d players", len(bots), len(g.Players))
	}
	if check {
		if err := g.Check(); err != nil {
			return nil, fmt.Errorf("after setup: %w", err)
		}
	}
	for !g.Over() {
		// In the final public offering each bot chooses from its own View,
		// blind to the choices already sealed.
		view := g.View(g.Seat)
		a := bots[g.Seat].Choose(view, view.Legal())
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("round %d seat %d: %w", g.Round, g.Seat, err)
		}
		if check {
			if err := g.Check(); err != nil {
				return nil, fmt.Errorf("round %d, action %d (%s): %w", g.Round, g.Actions, a, err)
			}
		}
	}
	scores := g.Scores()
	res := &Result{Scores: scores, Winners: Winners(scores), Turns: g.Turns, Actions: g.Actions, Cubes: slices.Clone(g.CubeN),
		PassengerHeld: make([]int, len(g.B.Passenger)), PassengerDone: make([]int, len(g.B.Passenger)),
		FreightHeld: make([]int, len(g.B.Freight)), FreightDone: make([]int, len(g.B.Freight))}
	for i, p := range g.Players {
		for j, t := range p.Passenger {
			res.PassengerHeld[t]++
			if scores[i].PassengerMask[j] {
				res.PassengerDone[t]++
			}
		}
		for j, t := range p.Freight {
			res.FreightHeld[t]++
			if scores[i].FreightMask[j] {
				res.FreightDone[t]++
			}
		}
	}
	return res, nil
}

// Options of a simulation.
type Options struct {
	Games   int
	Players int
	Seed    uint64
	Bots    []string // one per seat, or one for all; default random
	Check   bool     // verify invariants after every action
	Workers int      // games played at once (0: every core); the report does not depend on it
}

// playAll plays every game, each from its own seed, on several goroutines;
// results come back in game order.
func playAll(b *Board, opts Options, names []string) ([]*Result, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]*Result, opts.Games)
	// Every game is played and the error told is the first game's in
	// order, not the first to fail on the clock: the same run says the
	// same thing.
	errs := make([]error, opts.Games)
	var pool errgroup.Group
	pool.SetLimit(workers)
	for gi := range opts.Games {
		pool.Go(func() error {
			seed := splitmix(opts.Seed + uint64(gi))
			g, err := NewGame(b, opts.Players, seed)
			if err != nil {
				errs[gi] = err
				return nil
			}
			bots := make([]Bot, opts.Players)
			for i, n := range names {
				bots[i], _ = NewBot(n, splitmix(seed+uint64(i)+1))
			}
			res, err := Play(g, bots, opts.Check)
			if err != nil {
				errs[gi] = fmt.Errorf("game %d (seed %d): %w", gi, seed, err)
				return nil
			}
			results[gi] = res
			return nil
		})
	}
	_ = pool.Wait() // the games report through errs
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// Report is what a simulation of a network pack found. Its shape follows
// the regions simulation's: scores, seat win rates, turns, ticket
// completion rates, company values, and the same by bot.
type Report struct {
	Pack    string   `json:"pack"`
	Kind    string   `json:"kind"`
	Games   int      `json:"games"`
	Players int      `json:"players"`
	Rounds  int      `json:"rounds"`
	Seed    uint64   `json:"seed"`
	Bots    []string `json:"bots"`

	Turns        Stats         `json:"turns"`
	Actions      Stats         `json:"actions"`
	Scores       Stats         `json:"scores"`
	WinningScore Stats         `json:"winningScore"`
	Breakdown    Breakdown     `json:"breakdown"`
	Seats        []Rate        `json:"seats"`
	Ties         int           `json:"ties"`
	Passenger    TicketRates   `json:"passenger"`
	Freight      TicketRates   `json:"freight"`
	Companies    []CompanyStat `json:"companies"`
	ByBot        []BotStat     `json:"byBot"`
}

// Breakdown is the mean points of a player at each scoring step.
type Breakdown struct {
	Passenger float64 `json:"passenger"`
	Freight   float64 `json:"freight"`
	Shares    float64 `json:"shares"`
	Gold      float64 `json:"gold"`
	Money     float64 `json:"money"`
}

// TicketRates is how often tickets drawn were completed, overall and by
// ticket.
type TicketRates struct {
	Held    int          `json:"held"`
	Done    int          `json:"done"`
	Rate    float64      `json:"rate"`
	Tickets []TicketRate `json:"tickets"`
}

// TicketRate is one ticket's record.
type TicketRate struct {
	ID     string  `json:"id"`
	Points int     `json:"points"`
	Held   int     `json:"held"`
	Done   int     `json:"done"`
	Rate   float64 `json:"rate"`
}

// CompanyStat is a company's final price (cubes on the board).
type CompanyStat struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Price Stats  `json:"price"`
}

// BotStat is one bot's record over its seats.
type BotStat struct {
	Rate
	Scores Stats `json:"scores"`
}

// Simulate plays games with bots and reports. Games are played one after
// another, each from its own seed derived from opts.Seed, so the report
// depends only on the options.
func Simulate(b *Board, opts Options) (*Report, error) {
	setup := b.Pack.Setup(opts.Players)
	if setup == nil {
		return nil, fmt.Errorf("--players %d: the pack has setups for %s players only", opts.Players, intList(b.Players()))
	}
	names := opts.Bots
	if len(names) == 0 {
		names = []string{"random"}
	}
	if len(names) == 1 {
		names = slices.Repeat(names, opts.Players)
	}
	if len(names) != opts.Players {
		return nil, fmt.Errorf("%d bots named for %d players", len(names), opts.Players)
	}
	for _, n := range names {
		if _, ok := NewBot(n, 0); !ok {
			return nil, fmt.Errorf("unknown bot %q (want %v)", n, BotNames())
		}
	}
	rep := &Report{Pack: b.Pack.Edition.ID, Kind: "network", Games: opts.Games, Players: opts.Players, Rounds: setup.Rounds, Seed: opts.Seed, Bots: names}
	var turns, actions, scores, winning []int
	seatWins := make([]int, opts.Players)
	botWins, botGames := map[string]int{}, map[string]int{}
	botScores := map[string][]int{}
	prices := make([][]int, b.Companies)
	pHeld, pDone := make([]int, len(b.Passenger)), make([]int, len(b.Passenger))
	fHeld, fDone := make([]int, len(b.Freight)), make([]int, len(b.Freight))
	var bd Breakdown
	results, err := playAll(b, opts, names)
	if err != nil {
		return nil, err
	}
	for _, res := range results {
		turns = append(turns, res.Turns)
		actions = append(actions, res.Actions)
		best := 0
		for i, s := range res.Scores {
			scores = append(scores, s.Total)
			botScores[names[i]] = append(botScores[names[i]], s.Total)
			botGames[names[i]]++
			best = max(best, s.Total)
			bd.Passenger += float64(s.Passenger)
			bd.Freight += float64(s.Freight)
			bd.Shares += float64(s.Shares)
			bd.Gold += float64(s.Gold)
			bd.Money += float64(s.Money)
		}
		winning = append(winning, best)
		if len(res.Winners) > 1 {
			rep.Ties++
		}
		for _, w := range res.Winners {
			seatWins[w]++
			botWins[names[w]]++
		}
		for c, p := range res.Cubes {
			prices[c] = append(prices[c], p)
		}
		for i := range pHeld {
			pHeld[i] += res.PassengerHeld[i]
			pDone[i] += res.PassengerDone[i]
		}
		for i := range fHeld {
			fHeld[i] += res.FreightHeld[i]
			fDone[i] += res.FreightDone[i]
		}
	}
	n := float64(max(1, len(scores)))
	rep.Breakdown = Breakdown{bd.Passenger / n, bd.Freight / n, bd.Shares / n, bd.Gold / n, bd.Money / n}
	rep.Turns, rep.Actions, rep.Scores, rep.WinningScore = stats.Of(turns), stats.Of(actions), stats.Of(scores), stats.Of(winning)
	for i, w := range seatWins {
		rep.Seats = append(rep.Seats, stats.RateOf(fmt.Sprintf("seat %d", i+1), w, opts.Games))
	}
	for i, t := range b.Pack.Passenger {
		rep.Passenger.Tickets = append(rep.Passenger.Tickets, ticketRate(t.ID, t.Points, pHeld[i], pDone[i]))
	}
	for i, t := range b.Pack.Freight {
		rep.Freight.Tickets = append(rep.Freight.Tickets, ticketRate(t.ID, t.Points, fHeld[i], fDone[i]))
	}
	rep.Passenger.Held, rep.Passenger.Done = sum(pHeld), sum(pDone)
	rep.Freight.Held, rep.Freight.Done = sum(fHeld), sum(fDone)
	rep.Passenger.Rate = ratio(rep.Passenger.Done, rep.Passenger.Held)
	rep.Freight.Rate = ratio(rep.Freight.Done, rep.Freight.Held)
	for c, co := range b.Pack.Companies {
		rep.Companies = append(rep.Companies, CompanyStat{ID: co.ID, Name: co.Name, Price: stats.Of(prices[c])})
	}
	var botOrder []string
	for _, nm := range names {
		if !slices.Contains(botOrder, nm) {
			botOrder = append(botOrder, nm)
		}
	}
	slices.Sort(botOrder)
	for _, nm := range botOrder {
		rep.ByBot = append(rep.ByBot, BotStat{Rate: stats.RateOf(nm, botWins[nm], botGames[nm]), Scores: stats.Of(botScores[nm])})
	}
	return rep, nil
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func ticketRate(id string, points, held, done int) TicketRate {
	return TicketRate{ID: id, Points: points, Held: held, Done: done, Rate: ratio(done, held)}
}
