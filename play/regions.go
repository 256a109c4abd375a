// Package play is the terminal games: a person against bots, one line of
// input an answer, on a 10 Days pack (or a combined one: three draw piles,
// the every-map win) and on a route-network pack (Across the United
// States, with the sealed final offering). It reads answers and writes the
// table to the streams it is given; the rules are engine's (game, bot,
// network), the pack and its checks the pipeline's (build).
//
// It holds no flags and no game logic of its own: cmd/tendays parses the
// command line, loads the pack, and calls Regions or Network.
package play

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/bot"
	"github.com/tendays/tendays/engine/game"
)

// errQuit ends a game the person left.
var errQuit = errors.New("quit")

// console is the person's side of the game: prompts out, answers in.
type console struct {
	out io.Writer
	in  *bufio.Scanner
	b   *engine.Board
}

// ask prints a prompt and reads an answer; q or the end of the input quits.
func (c *console) ask(prompt string) (string, error) {
	fmt.Fprint(c.out, prompt)
	if !c.in.Scan() {
		fmt.Fprintln(c.out)
		return "", errQuit
	}
	answer := strings.TrimSpace(c.in.Text())
	if strings.EqualFold(answer, "q") || strings.EqualFold(answer, "quit") {
		return "", errQuit
	}
	return answer, nil
}

// Game is a 10 Days game to play at the terminal: the person is seat 1,
// bots (all of one kind) the other seats.
type Game struct {
	Board   *engine.Board
	Config  game.Config
	Seed    uint64
	Bot     string // a name of bot.Names()
	TurnCap int
}

// SetupError is a game that cannot be dealt as asked (too many players for
// the deck, an unknown bot).
type SetupError struct{ Err error }

func (e *SetupError) Error() string { return e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// Regions plays a game of a 10 Days pack (or a combined one) at the
// terminal, reading the person's answers from in and writing the table to
// out, until someone wins, the turn cap is reached, or the person leaves
// (q, or the end of the input: nil then too).
func Regions(in io.Reader, out io.Writer, gm Game) error {
	b := gm.Board
	g, err := game.New(b, gm.Config, game.Rand(gm.Seed))
	if err != nil {
		return &SetupError{err}
	}
	botName := strings.ToLower(gm.Bot)
	bots := make([]game.Player, g.Players())
	for s := 1; s < g.Players(); s++ {
		p, err := bot.New(botName, game.SeatRand(gm.Seed, s))
		if err != nil {
			return &SetupError{err}
		}
		bots[s] = p
	}
	c := &console{out: out, in: bufio.NewScanner(in), b: b}
	w := out
	swap := "no swap"
	if g.SwapAllowed() {
		swap = "swap allowed"
	}
	others := fmt.Sprintf("seat 2 is a %s bot", botName)
	if g.Players() > 2 {
		others = fmt.Sprintf("seats 2-%d are %s bots", g.Players(), botName)
	}
	fmt.Fprintf(w, "%s: %d days, %d players, %s. You are seat 1; %s.\n",
		b.Pack().Edition.Name, g.Days(), g.Players(), swap, others)
	if v := gm.Config.VariantsOn(gm.Board); len(v) > 0 {
		fmt.Fprintf(w, "Variant: %s.\n", strings.Join(v, "; "))
	}
	fmt.Fprintf(w, "Seed %d (play this game again with --seed %d). Type q to leave.\n", gm.Seed, gm.Seed)

	err = playGame(c, g, bots, botName, gm.TurnCap)
	if errors.Is(err, errQuit) {
		fmt.Fprintln(w, "You left the game.")
		return nil
	}
	return err
}

func playGame(c *console, g *game.Game, bots []game.Player, botName string, turnCap int) error {
	w, b := c.out, c.b
	if g.FirstToFill() {
		fmt.Fprintf(w, "\nFilling the holders: everyone at once, each card drawn and placed on an open day; who is quicker is chance here, and the first to fill starts.\n")
	} else {
		fmt.Fprintf(w, "\nFilling the holders: each player draws a card and places it on an open day, in turn.\n")
	}
	for g.Phase() == game.Filling {
		s := g.Seat()
		if s != 0 {
			if err := game.FillStep(g, bots[s]); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(w, "Your holder: %s\n", holderLine(b, g.Holder(0)))
		if err := chooseFillPile(c, g); err != nil {
			return err
		}
		open := g.OpenSlots()
		days := make([]string, len(open))
		for i, d := range open {
			days[i] = strconv.Itoa(d + 1)
		}
		for {
			answer, err := c.ask(fmt.Sprintf("You drew %s. Place it on an open day (%s): ", b.Name(g.Hand()), strings.Join(days, ", ")))
			if err != nil {
				return err
			}
			day, err := strconv.Atoi(answer)
			if err == nil {
				err = g.Place(day - 1)
			}
			if err == nil {
				break
			}
			fmt.Fprintf(w, "  %s\n", plainError(err, "a day number"))
		}
	}
	if g.FirstToFill() {
		fmt.Fprintf(w, "\nThe holders are full. Seat %d filled theirs first and begins.\n", g.Starter()+1)
	} else {
		fmt.Fprintf(w, "\nThe holders are full. Seat 1 begins.\n")
	}
	for g.Phase() != game.Over && g.Turns() < turnCap {
		s := g.Seat()
		if s != 0 {
			if err := game.Step(g, bots[s]); err != nil {
				return err
			}
			fmt.Fprintf(w, "Seat %d (%s) %s\n", s+1, botName, describeTurn(b, g.LastTurn()))
			continue
		}
		if err := humanTurn(c, g); err != nil {
			return err
		}
	}
	fmt.Fprintln(w)
	if g.Phase() != game.Over {
		fmt.Fprintf(w, "No one completed a journey in %d turns.\n", g.Turns())
		showHolder(w, b, g.Holder(0))
		fmt.Fprintf(w, "Your holder: %s\n", b.Check(g.Holder(0)).Reason())
		return nil
	}
	winner := g.Winner()
	if winner == 0 {
		fmt.Fprintf(w, "%d DAYS! You win after %d turns. Your journey:\n", g.Days(), g.Turns())
	} else {
		fmt.Fprintf(w, "%d DAYS! Seat %d (%s) wins after %d turns. Its journey:\n", g.Days(), winner+1, botName, g.Turns())
	}
	WriteVerdict(w, b, g.Holder(winner), b.Check(g.Holder(winner)))
	if winner != 0 {
		fmt.Fprintln(w, "Your holder:")
		showHolder(w, b, g.Holder(0))
		fmt.Fprintf(w, "  %s\n", b.Check(g.Holder(0)).Reason())
	}
	return nil
}

func humanTurn(c *console, g *game.Game) error {
	w, b := c.out, c.b
	fmt.Fprintf(w, "\n— Turn %d, your move —\n", g.Turns()+1)
	showHolder(w, b, g.Holder(0))
	if v := b.Check(g.Holder(0)); !v.Valid {
		fmt.Fprintf(w, "  (not a journey yet: %s)\n", v.Reason())
	}
	if g.OpenHands() {
		for s := 1; s < g.Players(); s++ {
			names := make([]string, g.Days())
			for d, card := range g.Holder(s) {
				names[d] = b.Name(card)
			}
			fmt.Fprintf(w, "Seat %d: %s\n", s+1, strings.Join(names, " | "))
		}
	}
	fmt.Fprintf(w, "Face-up: ")
	for k := range g.NumPiles() {
		fmt.Fprintf(w, "[%d] %s   ", k+1, b.Name(g.Top(k)))
	}
	actions := []string{fmt.Sprintf("1-%d take that face-up card", g.NumPiles())}
	if g.NumDraw() == 1 {
		fmt.Fprintf(w, "Draw pile: %d cards\n", g.DrawSize())
		if g.CanDraw() {
			actions = append([]string{"d draw"}, actions...)
		}
	} else {
		fmt.Fprintf(w, "Draw piles:")
		for i := range g.NumDraw() {
			fmt.Fprintf(w, " [d%d] %d", i+1, g.DrawPileSize(i))
			if m := g.TopMap(i); m >= 0 {
				fmt.Fprintf(w, " (%s on top)", b.Map(m).Name)
			}
		}
		fmt.Fprintf(w, " cards\n")
		if g.CanDraw() {
			actions = append([]string{fmt.Sprintf("d1-d%d draw from that pile", g.NumDraw())}, actions...)
		}
	}
	if g.SwapAllowed() {
		actions = append(actions, "s I J swap days I and J")
	}
	actions = append(actions, "q leave")
	prompt := "Your move (" + strings.Join(actions, ", ") + "): "
	for {
		answer, err := c.ask(prompt)
		if err != nil {
			return err
		}
		fields := strings.Fields(strings.ToLower(answer))
		switch {
		case len(fields) == 1 && (fields[0] == "d" || fields[0] == "draw"):
			err = g.Take(game.FromDraw)
		case len(fields) <= 2 && strings.HasPrefix(fields[0], "d") && g.NumDraw() > 1:
			// d2, or d 2: draw pile 2.
			n, convErr := strconv.Atoi(strings.TrimPrefix(strings.Join(fields, ""), "d"))
			if convErr != nil {
				err = fmt.Errorf("%q is not a move", answer)
			} else {
				err = g.Take(game.DrawPile(n - 1))
			}
		case len(fields) == 3 && fields[0] == "s":
			i, err1 := strconv.Atoi(fields[1])
			j, err2 := strconv.Atoi(fields[2])
			if err1 != nil || err2 != nil {
				err = errors.New("swap takes two day numbers: s 2 7")
			} else if err = g.Swap(i-1, j-1); err == nil {
				fmt.Fprintf(w, "You swapped days %d and %d.\n", i, j)
				return nil
			}
		case len(fields) == 1:
			k, convErr := strconv.Atoi(fields[0])
			if convErr != nil {
				err = fmt.Errorf("%q is not a move", answer)
			} else {
				err = g.Take(game.Source(k - 1))
			}
		default:
			err = fmt.Errorf("%q is not a move", answer)
		}
		if err == nil {
			break
		}
		fmt.Fprintf(w, "  %s\n", plainError(err, "a move"))
	}
	return placeCard(c, g)
}

func placeCard(c *console, g *game.Game) error {
	w, b := c.out, c.b
	card := g.Hand()
	slot := -1
	for {
		answer, err := c.ask(fmt.Sprintf("You hold %s. Replace a day (1-%d), or x to discard it: ", b.Name(card), g.Days()))
		if err != nil {
			return err
		}
		if strings.EqualFold(answer, "x") {
			break
		}
		day, convErr := strconv.Atoi(answer)
		if convErr == nil && day >= 1 && day <= g.Days() {
			slot = day - 1
			break
		}
		fmt.Fprintf(w, "  %q: give a day from 1 to %d, or x\n", answer, g.Days())
	}
	leaving := card
	if slot >= 0 {
		leaving = g.Holder(0)[slot]
	}
	if must := g.MustPile(); must >= 0 {
		fmt.Fprintf(w, "%s goes on pile %d, which you emptied.\n", b.Name(leaving), must+1)
		return g.Put(slot, must)
	}
	for {
		answer, err := c.ask(fmt.Sprintf("Discard %s on which pile (1-%d)? ", b.Name(leaving), g.NumPiles()))
		if err != nil {
			return err
		}
		pile, convErr := strconv.Atoi(answer)
		if convErr != nil {
			fmt.Fprintf(w, "  %q: give a pile from 1 to %d\n", answer, g.NumPiles())
			continue
		}
		if err := g.Put(slot, pile-1); err != nil {
			fmt.Fprintf(w, "  %s\n", plainError(err, "a pile"))
			continue
		}
		return nil
	}
}

// plainError is a refused answer in words: the game's reason, or what was
// expected.
func plainError(err error, want string) string {
	var ge *game.Error
	if errors.As(err, &ge) {
		return ge.Msg
	}
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		return fmt.Sprintf("%q is not %s", ne.Num, want)
	}
	return err.Error()
}

// holderLine is a holder on one line: "1 Oregon | 2 car | 3 —".
func holderLine(b *engine.Board, h []engine.CardID) string {
	parts := make([]string, len(h))
	for d, c := range h {
		name := "—"
		if c != engine.NoCard {
			name = b.Name(c)
		}
		parts[d] = fmt.Sprintf("%d %s", d+1, name)
	}
	return strings.Join(parts, " | ")
}

func showHolder(w io.Writer, b *engine.Board, h []engine.CardID) {
	for d, c := range h {
		name := "—"
		if c != engine.NoCard {
			name = b.Name(c)
		}
		fmt.Fprintf(w, "  day %-2d %s\n", d+1, name)
	}
}

// coverageLine is how many days of journey h lie on each map of a
// combined board ("Europe 6, Asia 5, Africa 5, Americas 4"), or "" on a
// board of one map.
func coverageLine(b *engine.Board, h []engine.CardID) string {
	cov := b.Coverage(h)
	parts := make([]string, len(cov))
	for i, n := range cov {
		parts[i] = fmt.Sprintf("%s %d", b.Map(i).Name, n)
	}
	return strings.Join(parts, ", ")
}

// chooseFillPile asks which map's box to draw the next card of the fill
// from, on a combined board (the tiles' backs show their box).
func chooseFillPile(c *console, g *game.Game) error {
	if !g.MustChooseFill() {
		return nil
	}
	var maps []string
	for m := range g.FillPiles() {
		maps = append(maps, fmt.Sprintf("%d %s (%d left)", m+1, c.b.Map(m).Name, g.FillPileSize(m)))
	}
	for {
		answer, err := c.ask(fmt.Sprintf("Draw from which map's tiles? (%s): ", strings.Join(maps, ", ")))
		if err != nil {
			return err
		}
		m, err := strconv.Atoi(answer)
		if err == nil {
			err = g.DrawFill(m - 1)
		}
		if err == nil {
			return nil
		}
		fmt.Fprintf(c.out, "  %s\n", plainError(err, "a map number"))
	}
}

// describeTurn says what a bot did, as the others at the table see it.
func describeTurn(b *engine.Board, t game.Turn) string {
	if t.Swap {
		return fmt.Sprintf("swapped days %d and %d.", t.I+1, t.J+1)
	}
	took := "drew from the draw pile"
	if i, ok := t.From.Draw(); ok && b.DrawPiles() > 1 {
		took = fmt.Sprintf("drew from draw pile %d", i+1)
		if t.FromMap >= 0 {
			took += fmt.Sprintf(" (a %s tile)", b.Map(t.FromMap).Name)
		}
	} else if !ok {
		took = fmt.Sprintf("took %s from pile %d", b.Name(t.Taken), t.From+1)
	}
	if t.Slot < 0 {
		return fmt.Sprintf("%s and discarded it: %s on pile %d.", took, b.Name(t.Discarded), t.Pile+1)
	}
	return fmt.Sprintf("%s, put it on day %d and discarded %s on pile %d.", took, t.Slot+1, b.Name(t.Discarded), t.Pile+1)
}

// WriteVerdict prints the verdict on a journey as text: the answer, every
// step, and on a combined board the days on each map.
func WriteVerdict(w io.Writer, b *engine.Board, journey []engine.CardID, v engine.Verdict) {
	if v.Valid {
		fmt.Fprintf(w, "valid: %s\n", v.Reason())
	} else {
		fmt.Fprintf(w, "not valid: %s\n", v.Reason())
	}
	for _, s := range v.Steps() {
		mark := "ok"
		if !s.Linked {
			mark = "NO"
		}
		from, to := s.Days()
		fmt.Fprintf(w, "  %-2s days %-6s %s\n", mark, fmt.Sprintf("%d–%d", from+1, to+1), s.Text)
	}
	if cov := coverageLine(b, journey); cov != "" {
		fmt.Fprintf(w, "  maps covered: %s\n", cov)
	}
}
