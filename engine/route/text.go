package route

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/tendays/tendays/engine/stats"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/internal/textwidth"
)

// WriteText writes the report for people, as `tendays simulate` prints it
// for a network pack: the games, turns and scores, the mean points of each
// scoring step, win rates by seat (and by bot when several play), tickets
// completed and the companies' final values. b is the board simulated.
func (r *Report) WriteText(w io.Writer, b *Board) error {
	var out bytes.Buffer
	fmt.Fprintf(&out, "%s: %d games, %d players, %d rounds, seed %d, bots %s\n",
		b.Pack.Edition.Name, r.Games, r.Players, r.Rounds, r.Seed, strings.Join(r.Bots, ","))
	fmt.Fprintf(&out, "turns a game: %s\n", r.Turns.Text())
	fmt.Fprintf(&out, "score: %s\n", r.Scores.Text())
	fmt.Fprintf(&out, "winning score: %s; shared wins %d\n", r.WinningScore.Text(), r.Ties)
	bd := r.Breakdown
	fmt.Fprintf(&out, "mean points: passenger %.1f, freight %.1f, shares %.1f, gold %.1f, money %.1f\n",
		bd.Passenger, bd.Freight, bd.Shares, bd.Gold, bd.Money)
	fmt.Fprintf(&out, "\nwin rate by seat (95%% interval)\n")
	seats := stats.RateTable()
	for _, s := range r.Seats {
		stats.AddRate(seats, s, "")
	}
	seats.WriteTo(&out)
	if len(r.ByBot) > 1 {
		fmt.Fprintf(&out, "\nwin rate by bot, per seat played (95%% interval)\n")
		bots := stats.RateTable()
		for _, s := range r.ByBot {
			stats.AddRate(bots, s.Rate, "; score "+s.Scores.Text())
		}
		bots.WriteTo(&out)
	}
	fmt.Fprintf(&out, "\ntickets completed: passenger %s (%d of %d drawn), freight %s (%d of %d drawn)\n",
		numfmt.Percent(r.Passenger.Rate), r.Passenger.Done, r.Passenger.Held, numfmt.Percent(r.Freight.Rate), r.Freight.Done, r.Freight.Held)
	fmt.Fprintf(&out, "\ncompany value (cubes on the board at the end)\n")
	companies := &textwidth.Table{Indent: "  ", Gap: " ", MinWidth: []int{4, 24}}
	for _, c := range r.Companies {
		companies.Row(c.ID, c.Name, c.Price.Text())
	}
	companies.WriteTo(&out)
	_, err := w.Write(out.Bytes())
	return err
}
