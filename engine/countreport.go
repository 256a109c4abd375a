package engine

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/internal/textwidth"
)

// CountReport is a count in the shape `tendays journey count --format json`
// prints: the regions fewest journeys first, so that the ones to look at
// lead.
type CountReport struct {
	Pack       string `json:"pack"`
	Days       int    `json:"days"`
	Definition string `json:"definition"`
	// Total and a region's Journeys are JSON numbers of any size.
	Total   json.RawMessage     `json:"total"`
	Regions []RegionCountReport `json:"regions"`

	name, word string
}

// RegionCountReport is one region's line of a CountReport.
type RegionCountReport struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Journeys json.RawMessage `json:"journeys"`
	// Share is rounded to 4 decimals.
	Share float64 `json:"share"`
	Few   bool    `json:"few"`

	share float64 // not rounded, for the text
}

// CountReport turns a count of the board's journeys into its report.
func (b *Board) CountReport(c *Count) *CountReport {
	regions := slices.Clone(c.Regions)
	slices.SortStableFunc(regions, func(x, y RegionCount) int {
		if d := x.Journeys.Cmp(y.Journeys); d != 0 {
			return d
		}
		return strings.Compare(x.ID, y.ID)
	})
	out := &CountReport{Pack: b.Pack().Edition.ID, Days: c.Days, Definition: b.CountDefinition(),
		Total: json.RawMessage(c.Total.String()), name: b.Pack().Edition.Name, word: b.Word()}
	for _, r := range regions {
		out.Regions = append(out.Regions, RegionCountReport{ID: r.ID, Name: r.Name,
			Journeys: json.RawMessage(r.Journeys.String()), Share: round4(r.Share), Few: r.Few, share: r.Share})
	}
	return out
}

// round4 rounds x to 4 decimals, as its decimal text says it.
func round4(x float64) float64 {
	v, _ := json.Number(fmt.Sprintf("%.4f", x)).Float64()
	return v
}

// WriteText writes the report as a table for people: the total, what was
// counted, then each region's journeys and share, the few flagged.
func (r *CountReport) WriteText(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "%s: %s journeys of %d days\ncounted: %s\n\n",
		r.name, numfmt.GroupDigits(string(r.Total)), r.Days, r.Definition); err != nil {
		return err
	}
	table := &textwidth.Table{Gap: "  ", Align: []textwidth.Align{textwidth.Left, textwidth.Right, textwidth.Right}, MinWidth: []int{0, 22, 6}}
	table.Row(r.word, "journeys through it", "share")
	for _, rc := range r.Regions {
		row := []string{rc.Name, numfmt.GroupDigits(string(rc.Journeys)), fmt.Sprintf("%5.1f%%", 100*rc.share)}
		if rc.Few {
			row = append(row, "few")
		}
		table.Row(row...)
	}
	_, err := table.WriteTo(w)
	return err
}
