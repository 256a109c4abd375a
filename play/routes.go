package play

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/internal/textwidth"
)

// NetworkGame is a route-network game to play at the terminal: the person
// is seat 1, the bots (one name a bot seat) the others.
type NetworkGame struct {
	Board *route.Board
	Seed  uint64
	Bots  []string // one per bot seat (seats 2..N)
	// Echo prints each answer after its prompt, so that piped answers
	// read as a session.
	Echo bool
}

// Network plays a game of a route-network pack at the terminal, until it
// ends or the person leaves (nil then too).
func Network(in io.Reader, out io.Writer, gm NetworkGame) error {
	b := gm.Board
	players := len(gm.Bots) + 1
	g, err := route.NewGame(b, players, gm.Seed)
	if err != nil {
		return &SetupError{fmt.Errorf("--players %d: %w", players, err)}
	}
	bots := make([]route.Bot, players)
	names := make([]string, players)
	names[0] = "you"
	for s := 1; s < players; s++ {
		bt, ok := route.NewBot(gm.Bots[s-1], gm.Seed+uint64(s))
		if !ok {
			return &SetupError{fmt.Errorf("bot %q does not play route-network packs (want %s)", gm.Bots[s-1], strings.Join(route.BotNames(), ", "))}
		}
		bots[s], names[s] = bt, gm.Bots[s-1]
	}
	t := &netTable{c: &console{out: out, in: bufio.NewScanner(in)}, g: g, b: b, bots: bots, names: names, echo: gm.Echo}
	w := out
	fmt.Fprintf(w, "%s: %d players, %d rounds. You are seat 1; %s.\n", b.Pack.Edition.Name, players, g.Setup.Rounds, t.seatsLine())
	fmt.Fprintf(w, "Seed %d (play this game again with --seed %d). Type q to leave, ? to list your moves, ? WORDS to list some.\n", gm.Seed, gm.Seed)
	err = t.play()
	if errors.Is(err, errQuit) {
		fmt.Fprintln(w, "You left the game.")
		return nil
	}
	return err
}

// netTable is a network game at the terminal.
type netTable struct {
	c     *console
	g     *route.Game
	b     *route.Board
	bots  []route.Bot
	names []string // "you", then the bots' names
	echo  bool     // print each answer after its prompt
}

// read asks for one answer line, echoing it when the input is not a
// terminal.
func (t *netTable) read(prompt string) (string, error) {
	answer, err := t.c.ask(prompt)
	if err == nil && t.echo {
		fmt.Fprintln(t.c.out, answer)
	}
	return answer, err
}

func (t *netTable) seatsLine() string {
	var parts []string
	for s := 1; s < len(t.names); s++ {
		parts = append(parts, fmt.Sprintf("seat %d is a %s bot", s+1, t.names[s]))
	}
	return strings.Join(parts, ", ")
}

func (t *netTable) who(s int) string {
	if s == 0 {
		return "You"
	}
	return fmt.Sprintf("Seat %d (%s)", s+1, t.names[s])
}

func (t *netTable) play() error {
	w, g := t.c.out, t.g
	var turn []string // what the bot on turn has done so far, as the table sees it
	flush := func(s int) {
		if len(turn) > 0 {
			fmt.Fprintf(w, "%s: %s.\n", t.who(s), strings.Join(turn, "; "))
			turn = turn[:0]
		}
	}
	for g.Phase != route.PhaseFinal && !g.Over() {
		s := g.Seat
		if s == 0 {
			if err := t.humanTurn(); err != nil {
				return err
			}
			continue
		}
		view := g.View(s)
		a := t.bots[s].Choose(view, view.Legal())
		desc := t.describe(s, a, false)
		if err := g.Apply(a); err != nil {
			return fmt.Errorf("seat %d (%s): %w", s+1, t.names[s], err)
		}
		turn = append(turn, desc)
		if g.Seat != s || g.Phase == route.PhaseFinal {
			flush(s)
		}
	}
	// The final public offering: every seat chooses face down, blind to the
	// others; the cards are revealed together.
	fmt.Fprintf(w, "\n— Final public offering —\nEvery player places one of the two cards in hand face down; they are revealed together, the other cards go back to the box.\n")
	t.showSelf()
	a, err := t.ask(g.LegalFor(0), "Your sealed choice")
	if err != nil {
		return err
	}
	if err := g.Commit(0, a); err != nil {
		return err
	}
	fmt.Fprintf(w, "You place %s face down.\n", t.company(a.Company))
	for s := 1; s < len(t.names); s++ {
		view := g.View(s)
		if err := g.Commit(s, t.bots[s].Choose(view, view.LegalFor(s))); err != nil {
			return fmt.Errorf("seat %d (%s): %w", s+1, t.names[s], err)
		}
		fmt.Fprintf(w, "%s has chosen, face down.\n", t.who(s))
	}
	var kept []string
	for s, c := range g.Kept {
		if s == 0 {
			kept = append(kept, "you keep "+t.company(c))
		} else {
			kept = append(kept, fmt.Sprintf("seat %d keeps %s", s+1, t.company(c)))
		}
	}
	fmt.Fprintf(w, "Revealed together: %s.\n", strings.Join(kept, ", "))
	t.scores()
	return nil
}

// humanTurn asks the person's moves until the turn passes on.
func (t *netTable) humanTurn() error {
	g := t.g
	round := g.Round
	fmt.Fprintf(t.c.out, "\n— Round %d of %d, your turn —\n", round+1, g.Setup.Rounds)
	t.showTable()
	t.showSelf()
	for g.Seat == 0 && g.Phase != route.PhaseFinal && !g.Over() {
		prompts := map[route.Phase]string{
			route.PhaseLay:      "Route laying: play a company card and lay its cube",
			route.PhaseStations: "Station actions at the ends of the new route",
			route.PhasePurchase: "Purchase (one)",
			route.PhaseOffer:    "Public offering: a card from your hand becomes a share",
		}
		a, err := t.ask(g.Legal(), prompts[g.Phase])
		if err != nil {
			return err
		}
		desc := t.describe(0, a, true)
		if err := g.Apply(a); err != nil {
			return err
		}
		fmt.Fprintf(t.c.out, "You: %s.\n", desc)
	}
	return nil
}

// ask shows the moves (collapsed when many) and reads one: a number, or
// words that name exactly one move.
func (t *netTable) ask(legal []route.Action, title string) (route.Action, error) {
	w := t.c.out
	descs := make([]string, len(legal))
	for i, a := range legal {
		descs[i] = t.describe(0, a, true)
	}
	if len(legal) == 1 {
		fmt.Fprintf(w, "%s: only one move, %s.\n", title, descs[0])
		return legal[0], nil
	}
	fmt.Fprintf(w, "%s:\n", title)
	listMoves(w, descs, nil, len(descs) > 24)
	for {
		answer, err := t.read("Your move (number or words, ? to list): ")
		if err != nil {
			return route.Action{}, err
		}
		if answer == "?" || strings.HasPrefix(answer, "? ") {
			words := wordsOf(strings.TrimPrefix(answer, "?"))
			listMoves(w, descs, words, false)
			continue
		}
		if n, err := strconv.Atoi(answer); err == nil {
			if n >= 1 && n <= len(legal) {
				return legal[n-1], nil
			}
			fmt.Fprintf(w, "  no move %d: give a number from 1 to %d\n", n, len(legal))
			continue
		}
		words := wordsOf(answer)
		var hits []int
		for i, d := range descs {
			if matches(words, d) {
				hits = append(hits, i)
			}
		}
		for _, i := range hits { // an answer that is a whole move wins
			if slices.Equal(words, wordsOf(descs[i])) {
				hits = []int{i}
				break
			}
		}
		switch {
		case len(words) == 0 || len(hits) == 0:
			fmt.Fprintf(w, "  no move matches %q (? lists them)\n", answer)
		case len(hits) > 1:
			fmt.Fprintf(w, "  %q could be %d moves:\n", answer, len(hits))
			for k, i := range hits {
				if k == 8 {
					fmt.Fprintf(w, "    … and %d more\n", len(hits)-8)
					break
				}
				fmt.Fprintf(w, "    %d) %s\n", i+1, descs[i])
			}
		default:
			return legal[hits[0]], nil
		}
	}
}

// listMoves prints moves numbered. With collapse, when the moves are of
// several kinds, a group of more than six (company cubes bought, exchanges)
// is summed up in one line.
func listMoves(w io.Writer, descs []string, words []string, collapse bool) {
	count, kinds := map[string]int{}, map[string]bool{}
	for _, d := range descs {
		count[groupOf(d)]++
		kinds[firstWord(d)] = true
	}
	collapse = collapse && len(kinds) > 1
	shown := map[string]bool{}
	for i, d := range descs {
		if len(words) > 0 && !matches(words, d) {
			continue
		}
		k := groupOf(d)
		if collapse && count[k] > 6 {
			if !shown[k] {
				shown[k] = true
				fmt.Fprintf(w, "  %d–%d) %s …: %d moves (? %s lists them)\n", i+1, i+count[k], k, count[k], k)
			}
			continue
		}
		fmt.Fprintf(w, "  %d) %s\n", i+1, d)
	}
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// groupOf is a move's kind, and for bought cubes its company too (the
// moves of a group are listed together).
func groupOf(s string) string {
	f := strings.Fields(s)
	if len(f) > 1 && f[0] == "cube" {
		return f[0] + " " + f[1]
	}
	return firstWord(s)
}

// wordsOf splits text into lower-case words of letters, digits and &.
func wordsOf(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&'
	})
}

// matches: every word of the answer begins a word of the move.
func matches(words []string, desc string) bool {
	dw := wordsOf(desc)
	for _, w := range words {
		if !slices.ContainsFunc(dw, func(d string) bool { return strings.HasPrefix(d, w) }) {
			return false
		}
	}
	return true
}

func (t *netTable) company(c int) string { return t.b.Company(c) }

func (t *netTable) commodity(k int) string { return t.b.Commodity(k) }

func (t *netTable) station(s int) string { return t.b.Station(s) }

// describe says what an action does (route.Game.Describe).
func (t *netTable) describe(seat int, a route.Action, own bool) string {
	return t.g.Describe(seat, a, own)
}

func money(n int) string { return fmt.Sprintf("$%d", n) }

// counts is "UP 2, NYC 1" for the non-zero entries, or "none".
func (t *netTable) counts(xs []int, name func(int) string) string {
	var parts []string
	for i, n := range xs {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", name(i), n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// showTable prints what everyone sees: company prices, the others'
// holdings (hidden cards counted, not shown).
func (t *netTable) showTable() {
	w, g := t.c.out, t.g
	prices := make([]string, t.b.Companies)
	for c := range prices {
		prices[c] = fmt.Sprintf("%s %d", t.company(c), g.CubeN[c])
	}
	fmt.Fprintf(w, "Share prices (cubes on the board): %s\n", strings.Join(prices, ", "))
	for s := 1; s < len(g.Players); s++ {
		p := &g.Players[s]
		fmt.Fprintf(w, "%s: %s, %d transfer(s), goods %s; shares %s; %d passenger, %d freight ticket(s), %d gold token(s)\n",
			t.who(s), money(p.Money), p.Transfers, t.counts(p.Goods, t.commodity), t.counts(p.Shares, t.company),
			len(p.Passenger), len(p.Freight), len(p.Gold))
	}
}

// showSelf prints the person's holdings, hidden ones included.
func (t *netTable) showSelf() {
	w, g := t.c.out, t.g
	p := &g.Players[0]
	fmt.Fprintf(w, "You: %s, %d transfer(s), goods %s; shares %s; hand %s\n",
		money(p.Money), p.Transfers, t.counts(p.Goods, t.commodity), t.counts(p.Shares, t.company), t.counts(p.Hand, t.company))
	links := g.NetworkLinks()
	for _, i := range p.Passenger {
		tk := t.b.Passenger[i]
		state := "not joined"
		if n := links.Companies(tk.A, tk.B); n > 0 {
			state = fmt.Sprintf("joined by %d company(ies)", n)
		}
		fmt.Fprintf(w, "  passenger %s %s-%s, %d points: %s\n", t.b.Pack.Passenger[i].ID, t.station(tk.A), t.station(tk.B), tk.Points, state)
	}
	for _, i := range p.Freight {
		tk := t.b.Freight[i]
		var need []string
		for k, n := range tk.Need {
			for range n {
				need = append(need, t.commodity(k))
			}
		}
		fmt.Fprintf(w, "  freight %s %s, %d points\n", t.b.Pack.Freight[i].ID, strings.Join(need, "+"), tk.Points)
	}
	if len(p.Gold) > 0 {
		gold := make([]string, len(p.Gold))
		for i, v := range p.Gold {
			gold[i] = strconv.Itoa(v)
		}
		fmt.Fprintf(w, "  gold tokens: %s\n", strings.Join(gold, ", "))
	}
}

// scores prints the rulebook's five scoring steps for every seat, then the
// winner (ties broken by completed tickets; still tied, all win).
func (t *netTable) scores() {
	w := t.c.out
	scores := t.g.Scores()
	fmt.Fprintf(w, "\nScores: passenger + freight + shares + gold + money = total (tickets completed)\n")
	for s, sc := range scores {
		fmt.Fprintf(w, "  %s %3d + %3d + %3d + %3d + %3d = %3d (%d)\n", textwidth.PadRight(t.who(s), 18), sc.Passenger, sc.Freight, sc.Shares, sc.Gold, sc.Money, sc.Total, sc.Completed)
	}
	win := route.Winners(scores)
	top := scores[win[0]].Total
	switch {
	case len(win) > 1:
		names := make([]string, len(win))
		for i, s := range win {
			names[i] = t.who(s)
		}
		fmt.Fprintf(w, "Shared win with %d points: %s.\n", top, strings.Join(names, ", "))
	case win[0] == 0:
		fmt.Fprintf(w, "You win with %d points.\n", top)
	default:
		fmt.Fprintf(w, "%s wins with %d points.\n", t.who(win[0]), top)
	}
}
