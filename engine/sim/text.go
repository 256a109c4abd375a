package sim

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/stats"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/internal/textwidth"
)

// WriteText writes the report for people, as `tendays simulate` prints it:
// the games, turns to win, win rates by seat (and by bot, with their head to
// head, when several play), the maps of a combined board, the cards of the
// winning journeys and the dead cards. b is the board simulated, which
// names the cards.
func (r *Report) WriteText(w io.Writer, b *engine.Board) error {
	var out bytes.Buffer
	swap := "off"
	if r.Swap {
		swap = "on"
	}
	hands := ""
	if r.OpenHands {
		hands = ", open hands"
	}
	fmt.Fprintf(&out, "%s: %d games, %d players, %d days, swap %s%s, seed %d, bots %s\n",
		b.Pack().Edition.Name, r.Games, r.Players, r.Days, swap, hands, r.Seed, strings.Join(r.Bots, ","))
	if len(r.Rules) > 0 {
		fmt.Fprintf(&out, "rules: %s\n", strings.Join(r.Rules, "; "))
	}
	if len(r.Variants) > 0 {
		fmt.Fprintf(&out, "variant: %s\n", strings.Join(r.Variants, "; "))
	}
	fmt.Fprintf(&out, "finished %d, stalled %d (turn cap %d)\n", r.Finished, r.Stalled, r.TurnCap)
	fmt.Fprintf(&out, "turns to win (every player's turns): %s\n", winStats(r.TurnsToWin))

	fmt.Fprintf(&out, "\nwin rate by seat (95%% interval)\n")
	seats := stats.RateTable()
	for _, s := range r.Seats {
		stats.AddRate(seats, s, "")
	}
	seats.WriteTo(&out)
	if len(r.ByBot) > 1 || len(r.Bots) > 1 {
		fmt.Fprintf(&out, "\nwin rate by bot, per seat played (95%% interval)\n")
		bots := stats.RateTable()
		bots.MinWidth = nil
		turns := &textwidth.Table{Indent: "  ", Gap: "  "}
		for _, bs := range r.ByBot {
			stats.AddRate(bots, bs.Rate, "")
			turns.Row(bs.Name, fmt.Sprintf("%s; dead cards %d", winStats(bs.TurnsToWin), len(bs.Dead)))
		}
		bots.WriteTo(&out)
		fmt.Fprintf(&out, "\nturns to win by bot\n")
		turns.WriteTo(&out)
		if len(r.HeadToHead) > 0 {
			fmt.Fprintf(&out, "\nhead to head (games sat in together: wins)\n")
			for _, h := range r.HeadToHead {
				fmt.Fprintf(&out, "  %s %d – %d %s  (%d games)\n", h.A, h.AWins, h.BWins, h.B, h.Games)
			}
		}
	}

	if len(r.Maps) > 0 {
		fmt.Fprintf(&out, "\nmaps covered by the winning journeys (regions on each map)\n")
		maps := &textwidth.Table{Indent: "  ", Gap: "  "}
		for _, m := range r.Maps {
			maps.Row(m.Name, winStats(m.Days))
		}
		maps.WriteTo(&out)
	}

	cards := slices.Clone(r.Cards)
	slices.SortStableFunc(cards, func(x, y CardStat) int { return y.Wins - x.Wins })
	fmt.Fprintf(&out, "\ncards in winning journeys (share of the %d wins)\n", r.Finished)
	table := &textwidth.Table{Indent: "  ", Gap: "  ", Align: []textwidth.Align{textwidth.Left, textwidth.Right}, MinWidth: []int{0, 6}}
	for _, c := range cards {
		table.Row(c.Name, numfmt.Percent(c.Share), strconv.Itoa(c.Wins))
	}
	table.WriteTo(&out)
	if len(r.Dead) == 0 {
		fmt.Fprintf(&out, "\ndead cards: none\n")
	} else {
		names := make([]string, len(r.Dead))
		for i, tok := range r.Dead {
			names[i] = tok
			if c, err := b.Lookup(tok); err == nil {
				names[i] = b.Name(c)
			}
		}
		fmt.Fprintf(&out, "\ndead cards (in no winning journey): %s\n", strings.Join(names, ", "))
	}
	_, err := w.Write(out.Bytes())
	return err
}

// winStats is a summary of the winning games, "no wins" when there are none.
func winStats(s Stats) string {
	if s.N == 0 {
		return "no wins"
	}
	return s.Text()
}
