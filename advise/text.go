package advise

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine/stats"
	"github.com/tendays/tendays/internal/numfmt"
)

// WriteText writes the report as `tendays doctor` prints it: a headline of
// the games and figures, then each finding with its evidence and its
// numbered proposals, each with its measured effect. Text from the
// edition is written on one line each (diag.OneLine).
func (rep *Report) WriteText(out io.Writer) error {
	w := bufio.NewWriter(out)
	a, f := rep.Analysis, rep.Figures
	lo, hi := stats.Wilson(f.Stalled, f.Games)
	fmt.Fprintf(w, "%s: %s games (seed %d, %d players, %s bots, stalled after %d turns): %d stalled (%s [%s, %s]), turns to win (median) %g; %s; lint: %d error(s), %d warning(s)\n",
		diag.OneLine(rep.Edition), numfmt.GroupDigits(strconv.Itoa(a.Games)), a.Seed, a.Players, a.Bots, a.TurnCap, f.Stalled,
		shareText(f.StalledRate), shareText(lo), shareText(hi), f.TurnsToWin, rep.Counts(), f.Errors, f.Warnings)
	if a.StoppedEarly != "" {
		fmt.Fprintf(w, "(%s)\n", a.StoppedEarly)
	}
	if b := a.Budget; b != nil && b.Limited {
		fmt.Fprintf(w, "(%d games of evidence and %d a measure: what the work budget buys of this edition's games, %s steps each; for more: %s)\n",
			a.Games, a.MeasureGames, numfmt.GroupDigits(strconv.FormatInt(b.WorkPerGame, 10)), b.More)
	}
	if len(rep.Proposals) > 0 && a.Method != "" {
		fmt.Fprintf(w, "(every before → after is %s)\n", a.Method)
	}
	byID := map[int]Proposal{}
	for _, p := range rep.Proposals {
		byID[p.ID] = p
	}
	for _, fd := range rep.Findings {
		fmt.Fprintf(w, "\n%s %s: %s\n", fd.Severity, fd.Kind, diag.OneLine(fd.Message))
		for _, e := range fd.Evidence {
			fmt.Fprintf(w, "    evidence: %s\n", diag.OneLine(e))
		}
		for _, id := range fd.Proposals {
			p := byID[id]
			if p.Unmade != "" {
				fmt.Fprintf(w, "  [%d] (cannot be made) %s\n      %s\n", p.ID, diag.OneLine(p.Edit), diag.OneLine(p.Effect))
				continue
			}
			tag := ""
			if p.TradeOff != "" {
				tag = " (trade-off)"
			}
			if p.Board {
				fmt.Fprintf(w, "  [%d]%s %s\n      built, no game to play: %s\n", p.ID, tag, diag.OneLine(p.Edit), diag.OneLine(p.Effect))
				continue
			}
			fmt.Fprintf(w, "  [%d]%s %s\n      measured on %s paired games: %s\n", p.ID, tag, diag.OneLine(p.Edit),
				numfmt.GroupDigits(strconv.Itoa(p.After.Games)), diag.OneLine(p.Effect))
		}
	}
	if len(rep.Proposals) > 0 {
		fmt.Fprintf(w, "\n%d proposal(s); apply with: tendays doctor EDITION --apply N,...\n", len(rep.Proposals))
	} else {
		if len(rep.Findings) > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, "nothing to fix")
	}
	fmt.Fprintf(w, "(%d games simulated in all)\n", a.TotalGames)
	return w.Flush()
}

// shareText is a share as a percentage, with two significant digits
// under 0.1% (so the interval of 0 of 20,000 games reads [0%, 0.019%]).
func shareText(x float64) string {
	switch {
	case x < 1e-9: // 0, or a rounding error of an interval's bound
		return "0%"
	case 100*x < 0.1:
		return fmt.Sprintf("%.2g%%", 100*x)
	}
	return numfmt.Percent(x)
}

// Counts is what the report holds, as its header says it: "2
// finding(s): 1 warning, 1 info; 3 proposal(s)".
func (rep *Report) Counts() string {
	by := map[string]int{}
	for _, f := range rep.Findings {
		by[f.Severity]++
	}
	var parts []string
	for _, sev := range []string{"error", "warning", "info"} {
		if by[sev] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", by[sev], sev))
		}
	}
	s := fmt.Sprintf("%d finding(s)", len(rep.Findings))
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s + fmt.Sprintf("; %d proposal(s)", len(rep.Proposals))
}

// WriteText writes what --fix did as `tendays doctor --fix` prints it: the
// goals, the figures before, each step with the figures it moved, the
// figures after and whether the goals are met.
func (rep *FixReport) WriteText(out io.Writer) error {
	w := bufio.NewWriter(out)
	a, g := rep.Analysis, rep.Goals
	fmt.Fprintf(w, "%s: goals: no lint error, no group cut off, no warning a measured proposal fixes, under %.0f%% of games stalled, median game %g to %g turns (%d games a measure, seed %d, %d players, %s bots, stalled after %d turns)\n",
		diag.OneLine(rep.Edition), 100*g.MaxStalled, g.MinTurns, g.MaxTurns, a.MeasureGames, a.Seed, a.Players, a.Bots, a.TurnCap)
	fmt.Fprintf(w, "before: %s\n", figuresText(rep.Before))
	for i, s := range rep.Steps {
		fmt.Fprintf(w, "step %d: %s\n    %s\n", i+1, diag.OneLine(s.Edit), changeText(s.Before, s.After))
		if s.Paired != nil {
			fmt.Fprintf(w, "    %s\n", s.Paired.Text())
		}
	}
	if len(rep.Steps) == 0 {
		fmt.Fprintln(w, "no step applied")
	}
	fmt.Fprintf(w, "after: %s\n", figuresText(rep.After))
	if rep.Met {
		fmt.Fprintln(w, "goals met")
	} else {
		fmt.Fprintf(w, "goals not met: %s\n", diag.OneLine(strings.Join(rep.Unmet, "; ")))
	}
	fmt.Fprintf(w, "(%d games simulated in all)\n", a.TotalGames)
	return w.Flush()
}

// figuresText is the headline figures of a fix's before or after.
func figuresText(f Figures) string {
	return fmt.Sprintf("stalled games %s, median game %g turns, %d error(s), %d warning(s), %d lonely colour(s), %d group(s) cut off (%d region(s) only a plane reaches)",
		pct(f.StalledRate), f.TurnsToWin, f.Errors, f.Warnings, len(f.LonelyColors), len(f.CutOff), len(f.PlaneOnly))
}

// changeText is a step's before → after, the figures that moved (the
// stalled games and the median game always).
func changeText(b, a Figures) string {
	parts := []string{fmt.Sprintf("stalled games %s → %s", pct(b.StalledRate), pct(a.StalledRate)),
		fmt.Sprintf("median game %g → %g turns", b.TurnsToWin, a.TurnsToWin)}
	if b.DeckCards != a.DeckCards {
		parts = append(parts, fmt.Sprintf("deck %d → %d cards", b.DeckCards, a.DeckCards))
	}
	for _, m := range []struct {
		what string
		b, a int
	}{{"errors", b.Errors, a.Errors}, {"warnings", b.Warnings, a.Warnings}, {"lonely colours", len(b.LonelyColors), len(a.LonelyColors)},
		{"groups cut off", len(b.CutOff), len(a.CutOff)}, {"regions only a plane reaches", len(b.PlaneOnly), len(a.PlaneOnly)}} {
		if m.b != m.a {
			parts = append(parts, fmt.Sprintf("%s %d → %d", m.what, m.b, m.a))
		}
	}
	return strings.Join(parts, "; ")
}

// Chosen are the proposals numbered ids (1-based, as the report numbers
// them), in the order given.
func (rep *Report) Chosen(ids []int) ([]Proposal, error) {
	var chosen []Proposal
	for _, id := range ids {
		if id < 1 || id > len(rep.Proposals) {
			return nil, fmt.Errorf("--apply %d: the report has %d proposal(s)", id, len(rep.Proposals))
		}
		chosen = append(chosen, rep.Proposals[id-1])
	}
	return chosen, nil
}
