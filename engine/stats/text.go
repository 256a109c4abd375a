package stats

import (
	"fmt"

	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/internal/textwidth"
)

// Text is the summary as the text reports write it: "mean 3.2, median 3,
// p90 5 (min 1, max 9)".
func (s Summary) Text() string {
	return fmt.Sprintf("mean %.1f, median %g, p90 %d (min %d, max %d)", s.Mean, s.Median, s.P90, s.Min, s.Max)
}

// RateTable is a table of win rates as the text reports lay them out: name,
// rate, 95% interval, wins/games (see AddRate).
func RateTable() *textwidth.Table {
	return &textwidth.Table{Indent: "  ", Gap: "  ", Align: []textwidth.Align{textwidth.Left, textwidth.Right}, MinWidth: []int{7, 6}}
}

// AddRate adds a win rate to a RateTable; suffix ends its last cell.
func AddRate(t *textwidth.Table, r Rate, suffix string) {
	t.Row(r.Name, numfmt.Percent(r.Rate), fmt.Sprintf("[%s, %s]", numfmt.Percent(r.Low), numfmt.Percent(r.High)),
		fmt.Sprintf("%d/%d%s", r.Wins, r.Games, suffix))
}
