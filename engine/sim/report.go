package sim

import (
	"fmt"
	"github.com/tendays/tendays/engine/stats"
	"slices"

	"github.com/tendays/tendays/engine"
)

// Stats and Rate are the shared summaries (see engine/stats); the aliases
// keep this report\'s own names.
type (
	Stats = stats.Summary
	Rate  = stats.Rate
)

// Report is what a simulation found. Rates carry a 95% Wilson score
// interval [Low, High].
type Report struct {
	Pack      string   `json:"pack"`
	Games     int      `json:"games"`
	Players   int      `json:"players"`
	Days      int      `json:"days"`
	Swap      bool     `json:"swap"`
	OpenHands bool     `json:"openHands"`
	Seed      uint64   `json:"seed"`
	Bots      []string `json:"bots"`
	TurnCap   int      `json:"turnCap"`
	// Variants lists how the games depart from the box (6 players...);
	// empty for the box's own rules.
	Variants []string `json:"variants,omitempty"`
	// Rules lists how the edition's own rules depart from the boxes
	// before Europa Tour (5 face-up piles, the first to fill starts...),
	// as the games played them; empty when they do not.
	Rules []string `json:"rules,omitempty"`

	Finished int `json:"finished"`
	Stalled  int `json:"stalled"`
	// TurnsToWin counts every player's turns, over the finished games.
	TurnsToWin Stats        `json:"turnsToWin"`
	Seats      []Rate       `json:"seats"`
	Cards      []CardStat   `json:"cards"`
	Dead       []string     `json:"dead"`
	ByBot      []BotStat    `json:"byBot"`
	HeadToHead []HeadToHead `json:"headToHead"`
	// Maps is, on a combined board, how many days of the winning journeys
	// lie on each member map (every one holds at least one); absent on a
	// board of one map.
	Maps []MapStat `json:"maps,omitempty"`
}

// MapStat is the days the winning journeys spend on one member map.
type MapStat struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Days Stats  `json:"days"`
}

// CardStat is how many winning journeys hold a card (at least once).
type CardStat struct {
	Token string  `json:"token"`
	Name  string  `json:"name"`
	Kind  string  `json:"kind"`
	Wins  int     `json:"wins"`
	Share float64 `json:"share"` // of the winning journeys
}

// BotStat is one bot's record: its seat-games and wins, its turns to win
// and the cards of its winning journeys.
type BotStat struct {
	Rate
	TurnsToWin Stats      `json:"turnsToWin"`
	Cards      []CardStat `json:"cards"`
	Dead       []string   `json:"dead"`
}

// HeadToHead counts the games two bots sat in together and how often each
// won them.
type HeadToHead struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Games int    `json:"games"`
	AWins int    `json:"aWins"`
	BWins int    `json:"bWins"`
}

// cardStats counts the winning journeys holding each card, in deck order,
// and lists the dead cards (in no winning journey).
func cardStats(b *engine.Board, journeys [][]engine.CardID) ([]CardStat, []string) {
	wins := make([]int, b.NumCards())
	seen := make([]int, b.NumCards())
	for j, cards := range journeys {
		for _, c := range cards {
			if seen[c] != j+1 {
				seen[c] = j + 1
				wins[c]++
			}
		}
	}
	var out []CardStat
	dead := []string{}
	for c := range b.NumCards() {
		id := engine.CardID(c)
		if b.Copies(id) == 0 {
			continue
		}
		info := b.Card(id)
		cs := CardStat{Token: info.Token, Name: b.Name(id), Kind: info.Kind.String(), Wins: wins[c]}
		if len(journeys) > 0 {
			cs.Share = float64(wins[c]) / float64(len(journeys))
		}
		out = append(out, cs)
		if wins[c] == 0 {
			dead = append(dead, info.Token)
		}
	}
	return out, dead
}

func summarize(b *engine.Board, cfg Config, outcomes []outcome) *Report {
	days := cfg.Game.Days
	if days == 0 {
		days = b.Pack().Rules.DaysFor(cfg.Game.Players, b.Days())
	}
	r := &Report{Pack: b.Pack().Edition.ID, Games: cfg.Games, Players: cfg.Game.Players, Days: days,
		OpenHands: cfg.Game.OpenHands, Seed: cfg.Seed, Bots: cfg.Bots, TurnCap: cfg.TurnCap, Variants: cfg.Game.VariantsOn(b),
		Rules: b.Pack().Departures()}
	switch cfg.Game.Swap {
	case 0:
		r.Swap = b.Pack().Rules.Swap
	case 1:
		r.Swap = true
	}
	var turns []int
	var journeys [][]engine.CardID
	seatWins := make([]int, cfg.Game.Players)
	names := uniq(cfg.Bots)
	botIx := map[string]int{}
	for i, n := range names {
		botIx[n] = i
	}
	botSeats := make([]int, len(names))
	botWins := make([]int, len(names))
	botTurns := make([][]int, len(names))
	botJourneys := make([][][]engine.CardID, len(names))
	together := make([][]int, len(names)) // [a][b]: games with both
	beat := make([][]int, len(names))     // [a][b]: games with both that a won
	for i := range names {
		together[i] = make([]int, len(names))
		beat[i] = make([]int, len(names))
	}
	for _, o := range outcomes {
		present := make([]bool, len(names))
		for _, n := range o.bots {
			botSeats[botIx[n]]++
			present[botIx[n]] = true
		}
		for x := range names {
			for y := range names {
				if x != y && present[x] && present[y] {
					together[x][y]++
				}
			}
		}
		if o.winner < 0 {
			r.Stalled++
			continue
		}
		r.Finished++
		turns = append(turns, o.turns)
		journeys = append(journeys, o.journey)
		seatWins[o.winner]++
		w := botIx[o.bots[o.winner]]
		botWins[w]++
		botTurns[w] = append(botTurns[w], o.turns)
		botJourneys[w] = append(botJourneys[w], o.journey)
		for y := range names {
			if y != w && present[y] {
				beat[w][y]++
			}
		}
	}
	r.TurnsToWin = stats.Of(turns)
	for s, w := range seatWins {
		r.Seats = append(r.Seats, stats.RateOf(seatName(s), w, cfg.Games))
	}
	r.Cards, r.Dead = cardStats(b, journeys)
	if b.NumMaps() > 0 {
		days := make([][]int, b.NumMaps())
		for _, j := range journeys {
			for m, n := range b.Coverage(j) {
				days[m] = append(days[m], n)
			}
		}
		for m := range b.NumMaps() {
			r.Maps = append(r.Maps, MapStat{ID: b.Map(m).ID, Name: b.Map(m).Name, Days: stats.Of(days[m])})
		}
	}
	for i, n := range names {
		bs := BotStat{Rate: stats.RateOf(n, botWins[i], botSeats[i]), TurnsToWin: stats.Of(botTurns[i])}
		bs.Cards, bs.Dead = cardStats(b, botJourneys[i])
		r.ByBot = append(r.ByBot, bs)
	}
	r.HeadToHead = []HeadToHead{}
	for x := range names {
		for y := x + 1; y < len(names); y++ {
			r.HeadToHead = append(r.HeadToHead, HeadToHead{A: names[x], B: names[y], Games: together[x][y],
				AWins: beat[x][y], BWins: beat[y][x]})
		}
	}
	return r
}

func seatName(s int) string { return fmt.Sprintf("seat %d", s+1) }

func uniq(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
