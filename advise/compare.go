package advise

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/engine/stats"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/mapdata"
)

// trialResult is one edit measured against the edition as it is: both on
// the same seeded games, as many as the looks took.
type trialResult struct {
	before, after *state
	cmp           *Comparison
}

// trial builds the edition with edit e and plays its games beside the
// edition's own (d.base, game i beside game i), looking after an eighth, a
// quarter, a half and all of games: it stops at the first look where the
// stalls rise or fall significantly, or where their whole interval lies
// within Equivalent of no change; or, when futile is given and says so
// at a look, where the edit has shown nothing worth more games (a stop for
// futility only makes an effect harder to declare, never easier, so the
// error bound holds). nil without an edited build (an edit that does not
// build, or makes new errors); an *unmadeError when the edit cannot be
// made in the text.
func (d *doctor) trial(base *state, e *edit, games int, futile func(before, after *state, c *Comparison) bool) (*trialResult, error) {
	after, err := d.edited(base, e)
	if err != nil || after == nil {
		return nil, err
	}
	board, err := d.figures(after)
	if err != nil {
		return nil, err
	}
	t := &trialResult{before: base.withGames(), after: after}
	g := d.start(board)
	if g == nil || d.base == nil {
		// No games to pair: the build's figures alone.
		if err := d.play(t.before, d.base, games); err != nil {
			return nil, err
		}
		return t, d.play(after, g, games)
	}
	plan := stats.Doubling(games, Looks, Alpha)
	z := plan.Z()
	for k, n := range plan.Sizes {
		if err := d.play(t.before, d.base, n); err != nil {
			return nil, err
		}
		if err := d.play(after, g, n); err != nil {
			return nil, err
		}
		if after.fig.Games < n || t.before.fig.Games < n {
			return t, nil // games the engine refused: figures without a comparison
		}
		t.cmp = compare(d.base.Outcomes(n), g.Outcomes(n), z, plan.Level())
		if t.cmp.Verdict != VerdictNoChange || k == len(plan.Sizes)-1 ||
			(t.cmp.Stalls.Low > -Equivalent && t.cmp.Stalls.High < Equivalent) ||
			(futile != nil && futile(t.before, after, t.cmp)) {
			break
		}
	}
	return t, nil
}

// noFewerStalls is futile for an edit meant to stall less: at a look its
// games stall no less than the edition's own.
func noFewerStalls(_, _ *state, c *Comparison) bool { return c.Stalls.Diff >= 0 }

// compare pairs the outcomes game by game.
func compare(before, after []sim.Outcome, z, level float64) *Comparison {
	n := min(len(before), len(after))
	sb, sa := make([]bool, n), make([]bool, n)
	var shifts []int
	for i := range n {
		sb[i], sa[i] = before[i].Stalled, after[i].Stalled
		if !sb[i] && !sa[i] {
			shifts = append(shifts, after[i].Turns-before[i].Turns)
		}
	}
	c := &Comparison{Games: n, Level: level, Stalls: stats.PairedRateOf(sb, sa, z), Turns: stats.PairedShiftOf(shifts, z), Verdict: VerdictNoChange}
	switch {
	case c.Stalls.Low > 0:
		c.Verdict = VerdictMore
	case c.Stalls.High < 0:
		c.Verdict = VerdictFewer
	}
	return c
}

// points is a share's change in percentage points: "+1.2", "−0.4", "0".
func points(x float64) string {
	v := math.Round(1000*x) / 10
	switch {
	case v > 0:
		return fmt.Sprintf("+%.1f", v)
	case v < 0:
		return fmt.Sprintf("−%.1f", -v)
	}
	return "0"
}

// signed is a count's change: "+3", "−2", "0".
func signed(x float64) string {
	switch {
	case x > 0:
		return fmt.Sprintf("+%g", x)
	case x < 0:
		return fmt.Sprintf("−%g", -x)
	}
	return "0"
}

// stallText is the change in stalled games with its interval: "+1.2
// points [+0.4, +2.0] (12 → 36 of 2,000 games)".
func (c *Comparison) stallText() string {
	s := c.Stalls
	return fmt.Sprintf("%s points [%s, %s] (%d → %d of %s paired games)", points(s.Diff), points(s.Low), points(s.High),
		s.Before, s.After, numfmt.GroupDigits(fmt.Sprint(c.Games)))
}

// Text is the comparison in one line: the stalls' verdict and interval,
// then the turns' shift.
func (c *Comparison) Text() string {
	var b strings.Builder
	switch c.Verdict {
	case VerdictNoChange:
		fmt.Fprintf(&b, "stalls: no measurable change (%s paired games; %s points [%s, %s])", numfmt.GroupDigits(fmt.Sprint(c.Games)),
			points(c.Stalls.Diff), points(c.Stalls.Low), points(c.Stalls.High))
	default:
		fmt.Fprintf(&b, "%s: stalled games %s", c.Verdict, c.stallText())
	}
	if t := c.Turns; t.Pairs > 0 && !t.Bounded {
		fmt.Fprintf(&b, "; turns a game %s (too few games ended both ways to bound it)", signed(t.Median))
	} else if t.Pairs > 0 {
		shift := "no measurable change"
		if t.Low > 0 || t.High < 0 {
			shift = "longer"
			if t.High < 0 {
				shift = "shorter"
			}
		}
		fmt.Fprintf(&b, "; turns a game %s [%s, %s]: %s", signed(t.Median), signed(t.Low), signed(t.High), shift)
	}
	fmt.Fprintf(&b, " (%.2f%% intervals)", 100*c.Level)
	return b.String()
}

// joinEffect is an edit's own effect and its paired comparison.
func joinEffect(own string, c *Comparison) string {
	if c == nil {
		return own
	}
	if own == "" {
		return c.Text()
	}
	return own + "; " + c.Text()
}

// balanceOf is the evidence's games seen for fairness.
func balanceOf(r *sim.Report) Balance {
	b := Balance{Seats: []stats.Rate{}, Cards: []CardShare{}}
	if r == nil {
		return b
	}
	b.Seats = append(b.Seats, r.Seats...)
	for _, c := range r.Cards {
		if c.Kind != string(mapdata.RegionCard) {
			b.Cards = append(b.Cards, CardShare{Token: c.Token, Kind: c.Kind, Share: c.Share})
		}
	}
	slices.SortStableFunc(b.Cards, func(x, y CardShare) int {
		switch {
		case x.Share > y.Share:
			return -1
		case x.Share < y.Share:
			return 1
		}
		return 0
	})
	return b
}
