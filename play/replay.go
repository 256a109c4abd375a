package play

import (
	"errors"
	"fmt"
	"io"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
)

// Replay plays again a game written down (a game.Record, the studio's game
// log): each completed turn as the table saw it, then the end, the winning
// journey explained. name is the log's name in the first line. Its errors
// are the log's faults: another edition, a move the rules refuse, an end
// other than the one recorded (after the end is shown).
func Replay(out io.Writer, b *engine.Board, name string, rec game.Record) error {
	who := func(s int) string {
		if rec.Seats[s] == "human" {
			return fmt.Sprintf("Seat %d (human)", s+1)
		}
		return fmt.Sprintf("Seat %d (%s)", s+1, rec.Seats[s])
	}
	fmt.Fprintf(out, "Replaying %s: %s, %d days, %d players, seed %s, %d moves.\n", name, b.Pack().Edition.Name, rec.Days, rec.Players, rec.Seed, len(rec.Moves))
	filled := false
	g, err := game.Replay(b, rec, func(_ int, m game.SeatAction, g *game.Game) {
		switch {
		case m.Action.Action == "place" && g.Phase() != game.Filling && !filled:
			filled = true
			fmt.Fprintln(out, "The holders are full.")
		case m.Action.Action == "put" || m.Action.Action == "swap":
			fmt.Fprintf(out, "Turn %d: %s %s\n", g.Turns(), who(m.Seat), describeTurn(b, g.LastTurn()))
		}
	})
	var mm *game.MismatchError
	if err != nil && !errors.As(err, &mm) {
		return err
	}
	if w := g.Winner(); w >= 0 {
		fmt.Fprintf(out, "%d DAYS! %s wins after %d turns. Its journey:\n", g.Days(), who(w), g.Turns())
		WriteVerdict(out, b, g.Holder(w), b.Check(g.Holder(w)))
	} else {
		fmt.Fprintf(out, "No one completed a journey in %d turns.\n", g.Turns())
	}
	return err
}
