package advise

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/tendays/tendays/internal/yamledit"
	"github.com/tendays/tendays/mapdata"
)

// Goals are what `doctor --fix` works towards.
type Goals struct {
	// MaxStalled: the share of stalled games must stay under it.
	MaxStalled float64 `json:"maxStalled"`
	// MinTurns and MaxTurns bound the median game length (every player's
	// turns) of the finished games.
	MinTurns float64 `json:"minTurns"`
	MaxTurns float64 `json:"maxTurns"`
}

// DefaultGoals are the goals of an edition whose rules set none: under 1%
// of games stalled (StalledThreshold), and a median game of one and a half
// to twenty-five turns a player (the toolkit's own band: the bundled
// editions' medians, with greedy bots and four players, lie between 9 and
// 11 turns a player; a map of eight or nine regions, whose journeys must
// revisit regions, cannot stretch its games much past 1.5 without
// stalling some). Beside them, always: no lint error, no group of regions
// cut off, and no warning left that a measured proposal fixes cleanly.
func DefaultGoals(players int) Goals {
	return Goals{MaxStalled: StalledThreshold, MinTurns: 1.5 * float64(players), MaxTurns: float64(25 * players)}
}

// Unmet says which goals the figures miss, in words; none when all are
// met. Groups cut off are a goal of their own: "goals met" is never said
// beside a region only a plane reaches.
func (g Goals) Unmet(f Figures) []string {
	var out []string
	if f.Errors > 0 {
		out = append(out, fmt.Sprintf("%d lint error(s)", f.Errors))
	}
	if len(f.CutOff) > 0 {
		out = append(out, fmt.Sprintf("%d group(s) cut off: %d region(s) only a plane reaches (%s)", len(f.CutOff), len(f.PlaneOnly), listShort(f.PlaneOnly, 8)))
	}
	if f.Games == 0 {
		return append(out, "no game could be played")
	}
	if f.StalledRate >= g.MaxStalled {
		out = append(out, fmt.Sprintf("stalled games %s (goal: under %s)", pct(f.StalledRate), pct(g.MaxStalled)))
	}
	if f.TurnsToWin < g.MinTurns || f.TurnsToWin > g.MaxTurns {
		out = append(out, fmt.Sprintf("median game %g turns (goal: %g to %g)", f.TurnsToWin, g.MinTurns, g.MaxTurns))
	}
	return out
}

// settled ranks what an edit changes for certain (no noise in it), lower
// better: lint errors, then groups cut off, then warnings and lonely
// colours.
func settled(f Figures) float64 {
	return 1e9*float64(f.Errors) + 1e6*float64(len(f.CutOff)) + 1e3*float64(f.Warnings+len(f.LonelyColors))
}

// bandGap is how far the median game lies outside the goals' band.
func (g Goals) bandGap(f Figures) float64 {
	switch {
	case f.Games == 0:
		return math.Inf(1)
	case f.TurnsToWin < g.MinTurns:
		return g.MinTurns - f.TurnsToWin
	case f.TurnsToWin > g.MaxTurns:
		return f.TurnsToWin - g.MaxTurns
	}
	return 0
}

// improves says whether a measured edit moves the edition towards the
// goals: what is settled gets better and the stalls do not rise
// significantly; or, that unchanged, the stalls over the goal fall
// significantly (or fall under the goal), or the median game comes nearer
// the band. rank orders the
// edits that improve, lower better.
func (g Goals) improves(b, a Figures, cmp *Comparison) (ok bool, rank [3]float64) {
	rank = [3]float64{settled(a), a.StalledRate, g.bandGap(a)}
	more := cmp != nil && cmp.Verdict == VerdictMore
	switch sb, sa := settled(b), settled(a); {
	case sa < sb:
		return !more || a.Errors < b.Errors, rank
	case sa > sb || more || a.Games == 0:
		return false, rank
	}
	if b.StalledRate >= g.MaxStalled {
		// Significantly fewer; or fewer, and under the goal, which is
		// itself the measured share (near the goal a fall of a few games
		// cannot be significant on a measure's games).
		return cmp != nil && (cmp.Verdict == VerdictFewer || (cmp.Stalls.Diff < 0 && a.StalledRate < g.MaxStalled)), rank
	}
	return g.bandGap(a) < g.bandGap(b), rank
}

// FixStep is one edit --fix applied, measured before and after on the same
// seeded games.
type FixStep struct {
	Edit    string      `json:"edit"`
	Changes []Change    `json:"changes"`
	Before  Figures     `json:"before"`
	After   Figures     `json:"after"`
	Paired  *Comparison `json:"paired,omitempty"`
}

// FixReport is what `doctor --fix` did: JSON as `doctor --fix --format
// json` prints it.
type FixReport struct {
	Format  string    `json:"format"` // "tendays.doctor.fix"
	Edition string    `json:"edition"`
	Goals   Goals     `json:"goals"`
	Steps   []FixStep `json:"steps"`
	Before  Figures   `json:"before"`
	After   Figures   `json:"after"`
	// Met says the edition meets every goal; Unmet lists those it misses,
	// the warnings a measured proposal would still fix among them.
	Met   bool     `json:"met"`
	Unmet []string `json:"unmet"`
	// Analysis says how the figures were measured (MeasureGames games a
	// build, the same seed).
	Analysis Analysis `json:"analysis"`
	// Text is edition.yaml with every step applied.
	Text []byte `json:"-"`
}

// MaxFixSteps bounds the edits one --fix applies.
const MaxFixSteps = 12

// editKey names an edit by the text it makes: two edits that write the
// same edition.yaml are one.
type editKey [sha256.Size]byte

// fixer carries one --fix.
type fixer struct {
	*doctor
	goals Goals
	// tried are the edits applied, or found to improve nothing, by the
	// text they make.
	tried map[editKey]bool
	// fixable are the warnings of the last round that a measured edit
	// fixed cleanly, though it was not applied.
	fixable []string
}

// Fix applies measured proposals one at a time, each chosen as the one
// whose measurement (paired on the same seeded games as the edition as the
// last step left it) improves the most by the goals, until the edition
// meets them, no proposal improves it, or MaxFixSteps are applied. It
// edits the text in memory: the caller writes FixReport.Text.
func Fix(ctx context.Context, in Input, opts Options, goals Goals) (*FixReport, error) {
	if in.EditionYAML == nil {
		return nil, errors.New("advise: --fix edits an edition's edition.yaml, not a pack")
	}
	opts = opts.withDefaults()
	if opts.MeasureGames <= 0 {
		// --fix is for an edition folder (a combined edition is refused),
		// whose games are cheap: no budget to size them by.
		opts.MeasureGames = DefaultMeasureGames
	}
	if goals == (Goals{}) {
		goals = DefaultGoals(opts.Players)
	}
	f := &fixer{doctor: newDoctor(ctx, in, opts), goals: goals, tried: map[editKey]bool{}}
	cur, err := f.measureEdition(in.EditionYAML)
	if err != nil {
		return nil, err
	}
	rep := &FixReport{Format: "tendays.doctor.fix", Edition: cur.pack.Edition.ID, Goals: goals, Before: cur.fig, Steps: []FixStep{}}
	for len(rep.Steps) < MaxFixSteps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		step, next, err := f.round(cur)
		if err != nil {
			return nil, err
		}
		if next == nil || len(f.unmet(cur)) == 0 {
			break
		}
		f.fixable = nil // the next round measures them on the new edition
		// The step is said on all MeasureGames, before and after (its
		// paired looks may have stopped sooner): each step starts where
		// the last ended.
		step.Before = cur.fig
		if cur, err = f.measureEdition(next.text); err != nil {
			return nil, err
		}
		step.After = cur.fig
		rep.Steps = append(rep.Steps, step)
	}
	if cur, err = f.boardSteps(cur, rep); err != nil {
		return nil, err
	}
	rep.After, rep.Text = cur.fig, cur.text
	rep.Unmet = append([]string{}, f.unmet(cur)...)
	rep.Met = len(rep.Unmet) == 0
	if cur.fig.StalledRate >= goals.MaxStalled {
		// The goal stands as the greedy bots play; the strong bots say
		// whether it is the deck's to meet.
		c, err := f.strongStalls(cur)
		if err != nil {
			return nil, err
		}
		if i := slices.IndexFunc(rep.Unmet, func(u string) bool { return strings.HasPrefix(u, "stalled games ") }); c != nil && i >= 0 {
			rep.Unmet[i] += ", by greedy bots; " + c.evidence()
			if c.botsAlone() {
				rep.Unmet[i] += ": the stalls are the greedy bots' more than the deck's"
			}
		}
	}
	rep.Analysis = Analysis{Games: opts.MeasureGames, MeasureGames: opts.MeasureGames, Players: opts.Players, Seed: opts.Seed,
		TurnCap: opts.TurnCap, Bots: "greedy", TotalGames: f.games, Method: Method}
	return rep, nil
}

// boardSteps makes the edits that change only how the board is drawn
// (far regions in boxes of their own, board.insets), once the play's
// steps are done: they move no game, so each is built, not measured, and
// its step has the figures of the step before. A warning such an edit
// fixes that MaxFixSteps leaves unmade is left among the unmet goals.
func (f *fixer) boardSteps(cur *state, rep *FixReport) (*state, error) {
	for _, c := range f.farRegions(cur) {
		e := c.proposals[0]
		if len(rep.Steps) >= MaxFixSteps {
			f.fixable = append(f.fixable, c.finding.Kind+": "+c.finding.Message)
			continue
		}
		next, err := f.drawn(cur, e)
		var unmade *unmadeError
		if errors.As(err, &unmade) || (err == nil && next == nil) {
			continue // made by hand, as the doctor's report says
		}
		if err != nil {
			return nil, err
		}
		rep.Steps = append(rep.Steps, FixStep{Edit: e.edit, Changes: e.changes, Before: cur.fig, After: next.fig})
		cur = next
	}
	return cur, nil
}

// measureEdition builds text and plays its MeasureGames: the edition as
// the steps left it, and the "before" of the next round's edits.
func (f *fixer) measureEdition(text []byte) (*state, error) {
	st, err := f.build(text, nil)
	if err != nil {
		return nil, err
	}
	board, err := f.figures(st)
	if err != nil {
		return nil, err
	}
	f.base = f.start(board)
	f.stage = Progress{Stage: StageEvidence, Games: f.opts.MeasureGames}
	return st, f.play(st, f.base, f.opts.MeasureGames)
}

// unmet are the goals cur misses: the figures' and the warnings a
// measured edit would still fix.
func (f *fixer) unmet(cur *state) []string {
	out := f.goals.Unmet(cur.fig)
	if len(f.fixable) > 0 {
		out = append(out, fmt.Sprintf("%d warning(s) left that a measured proposal fixes: %s", len(f.fixable), strings.Join(f.fixable, "; ")))
	}
	return out
}

// round measures every edit --fix may make on cur and returns the step of
// the one that improves it most (next nil when none does). It notes the
// warnings an edit fixed cleanly.
func (f *fixer) round(cur *state) (FixStep, *state, error) {
	var best *trialResult
	var bestEdit *edit
	var bestRank [3]float64
	f.fixable = nil
	edits := f.fixEdits(cur)
	done := map[int]bool{} // findings one of whose edits is enough
	for k, fe := range edits {
		e := fe.edit
		if fe.finding > 0 && done[fe.finding] {
			continue
		}
		f.stage = Progress{Stage: StageMeasure, Edit: e.edit, Tried: k + 1, Edits: len(edits), Games: f.opts.MeasureGames}
		key, ok := f.keyOf(cur, e)
		if !ok || f.tried[key] {
			continue
		}
		t, err := f.trial(cur, e, f.opts.MeasureGames, f.futile)
		var unmade *unmadeError
		if errors.As(err, &unmade) || (err == nil && t == nil) {
			// An edit the editor cannot make in this text, or one that
			// does not build: the next candidate may do.
			f.tried[key] = true
			continue
		}
		if err != nil {
			return FixStep{}, nil, err
		}
		ok, rank := f.goals.improves(t.before.fig, t.after.fig, t.cmp)
		if fe.warning != "" && e.keep != nil && e.keep(t.before, t.after) && len(worsened(t.before.fig, t.after.fig, t.cmp)) == 0 &&
			!slices.Contains(f.fixable, fe.warning) {
			f.fixable = append(f.fixable, fe.warning)
		}
		if !ok {
			f.tried[key] = true
			continue
		}
		if fe.finding > 0 && e.enough != nil && len(worsened(t.before.fig, t.after.fig, t.cmp)) == 0 &&
			e.enough(Proposal{After: t.after.fig, Paired: t.cmp}) {
			done[fe.finding] = true
		}
		if best == nil || slices.Compare(rank[:], bestRank[:]) < 0 {
			best, bestEdit, bestRank = t, e, rank
		}
	}
	if best == nil {
		return FixStep{}, nil, nil
	}
	key, _ := f.keyOf(cur, bestEdit)
	f.tried[key] = true
	return FixStep{Edit: bestEdit.edit, Changes: bestEdit.changes, Before: best.before.fig, After: best.after.fig, Paired: best.cmp}, best.after, nil
}

// futile stops measuring an edit that can improve cur only by stalling
// less (what is settled is no better) once its games stall no less.
func (f *fixer) futile(b, a *state, c *Comparison) bool {
	return b.fig.StalledRate >= f.goals.MaxStalled && settled(a.fig) >= settled(b.fig) && c.Stalls.Diff >= 0
}

// keyOf is the key of e on cur: the text it makes.
func (f *fixer) keyOf(cur *state, e *edit) (editKey, bool) {
	text, err := applyChanges(cur.text, e.changes)
	if err != nil {
		return editKey{}, false
	}
	return sha256.Sum256(text), true
}

// fixEdit is an edit --fix may make, and the warning of the doctor's it
// fixes ("" for the deck's and palette's own edits).
type fixEdit struct {
	edit    *edit
	warning string
	// finding numbers the doctor's finding the edit is for (0: none): once
	// one of a finding's edits improves the edition and is enough, the
	// rest of its edits are not measured, as the doctor does.
	finding int
}

// fixEdits are the edits --fix may choose from on the edition as it is:
// every proposal the doctor makes for its findings (cars, recolours,
// ferries, seas, air-only), and the deck and palette edits the goals call
// for: region cards up or down, cars and planes up or down, a colour fewer
// when classes are thin.
func (f *fixer) fixEdits(cur *state) []fixEdit {
	goals := f.goals
	ed := f.edition(cur)
	if ed == nil {
		return nil
	}
	p, fig := cur.pack, cur.fig
	var out []*edit
	stalled := fig.StalledRate >= goals.MaxStalled
	short := fig.Games > 0 && fig.TurnsToWin < goals.MinTurns
	long := fig.Games > 0 && fig.TurnsToWin > goals.MaxTurns
	// The deck first when it decides the goals: it moves every game.
	// Gentle edits first: the first that meets the goals is taken.
	if stalled || long {
		out = append(out, carsEdit(p, +4), planesEdit(ed, p, +1))
		out = append(out, copiesEdit(ed, p, "give the regions with the most neighbours one card more", hubs(p, +1)))
		for _, sea := range slices.Sorted(maps.Keys(ed.Transports.Ship)) {
			n := ed.Transports.Ship[sea]
			out = append(out, &edit{edit: fmt.Sprintf("raise transports.ship.%s from %d to %d", sea, n, n+2),
				changes: []Change{{Op: "set", Path: []string{"transports", "ship", sea}, Value: n + 2}}})
		}
		out = append(out, copiesEdit(ed, p, "give every region one card more", func(r mapdata.Region, n int) int { return n + 1 }))
	}
	if short && !stalled {
		// Fewer cards of each region make journeys harder to complete; the
		// cars they leave room for keep the deck the size four players need.
		for _, e := range []*edit{
			copiesEdit(ed, p, "take a card from each region with the most cards", mostCopies(p, -1)),
			copiesEdit(ed, p, "take a card from every region with more than one", func(r mapdata.Region, n int) int { return max(1, n-1) }),
			copiesEdit(ed, p, "even out the region cards", evenCopies(p)),
		} {
			if e != nil {
				out = append(out, withCars(p, e), e)
			}
		}
		out = append(out, planesEdit(ed, p, -1), carsEdit(p, -4))
	}
	if e := fewerColours(ed, p, fig); e != nil {
		out = append(out, e)
	}
	var all []fixEdit
	for _, e := range out {
		all = append(all, fixEdit{edit: e})
	}
	for n, c := range f.candidates(cur) {
		if c.finding.Severity == "info" {
			continue // no goal of --fix
		}
		warning := ""
		if c.finding.Severity == "warning" {
			warning = c.finding.Kind + ": " + c.finding.Message
		}
		for _, e := range c.proposals {
			all = append(all, fixEdit{edit: e, warning: warning, finding: n + 1})
		}
	}
	// The board's own edits are made after the play's (boardSteps).
	return slices.DeleteFunc(all, func(e fixEdit) bool { return e.edit == nil || len(e.edit.changes) == 0 || e.edit.board != "" })
}

// copiesEdit sets every region's cards to f(region, cards now); nil when
// nothing changes.
func copiesEdit(ed *mapdata.Edition, p *mapdata.Pack, what string, f func(r mapdata.Region, n int) int) *edit {
	e := &edit{edit: what}
	before, after := 0, 0
	for _, r := range p.Regions {
		n := min(MaxCopies, max(1, f(r, r.Copies)))
		before += r.Copies
		after += n
		if n != r.Copies {
			e.changes = append(e.changes, Change{Op: "set", Path: []string{"copies", regionKey(ed, r)}, Value: n})
		}
	}
	if len(e.changes) == 0 {
		return nil
	}
	e.edit = fmt.Sprintf("%s (region cards %d → %d)", what, before, after)
	return e
}

// withCars is e (region cards down) with as many cars more as it takes
// region cards away, so the deck keeps its size.
func withCars(p *mapdata.Pack, e *edit) *edit {
	taken := 0
	for _, c := range e.changes {
		if len(c.Path) == 2 && c.Path[0] == "copies" {
			if n, ok := c.Value.(int); ok {
				taken += regionByName(p, c.Path[1]).Copies - n
			}
		}
	}
	if taken <= 0 {
		return nil
	}
	k := cars(p) + taken
	return &edit{edit: fmt.Sprintf("%s, and raise transports.automobile.count from %d to %d", e.edit, cars(p), k),
		changes: append(slices.Clone(e.changes), Change{Op: "set", Path: []string{"transports", "automobile", "count"}, Value: k})}
}

// regionByName is the region a copies key names (id, name or alias).
func regionByName(p *mapdata.Pack, key string) mapdata.Region {
	for _, r := range p.Regions {
		for _, n := range append([]string{r.ID, r.Name}, r.Aliases...) {
			if mapdata.Fold(n) == mapdata.Fold(key) {
				return r
			}
		}
	}
	return mapdata.Region{}
}

// MaxCopies is the most cards of one region (schema: copies).
const MaxCopies = 16

// hubs adds delta to the regions with at least the median number of
// walking neighbours.
func hubs(p *mapdata.Pack, delta int) func(mapdata.Region, int) int {
	nb := neighbours(p)
	var degrees []int
	for _, r := range p.Regions {
		if !r.AirOnly {
			degrees = append(degrees, len(nb[r.ID]))
		}
	}
	if len(degrees) == 0 {
		return func(_ mapdata.Region, n int) int { return n }
	}
	sort.Ints(degrees)
	med := degrees[len(degrees)/2]
	return func(r mapdata.Region, n int) int {
		if !r.AirOnly && len(nb[r.ID]) >= max(1, med) {
			return n + delta
		}
		return n
	}
}

// evenCopies gives every region a plane does not alone reach the mean of
// their cards, rounded down: a hub with many cards makes journeys that
// shuttle through it, and games won in a round.
func evenCopies(p *mapdata.Pack) func(mapdata.Region, int) int {
	sum, n := 0, 0
	for _, r := range p.Regions {
		if !r.AirOnly {
			sum, n = sum+r.Copies, n+1
		}
	}
	if n == 0 {
		return func(_ mapdata.Region, c int) int { return c }
	}
	return func(r mapdata.Region, c int) int {
		if r.AirOnly {
			return c
		}
		return max(1, sum/n)
	}
}

// mostCopies adds delta to the regions with the most cards.
func mostCopies(p *mapdata.Pack, delta int) func(mapdata.Region, int) int {
	most := 0
	for _, r := range p.Regions {
		most = max(most, r.Copies)
	}
	return func(r mapdata.Region, n int) int {
		if n == most && most > 1 {
			return n + delta
		}
		return n
	}
}

func carsEdit(p *mapdata.Pack, delta int) *edit {
	c0 := cars(p)
	k := max(0, c0+delta)
	if k == c0 {
		return nil
	}
	verb := "raise"
	if delta < 0 {
		verb = "lower"
	}
	return &edit{edit: fmt.Sprintf("%s transports.automobile.count from %d to %d", verb, c0, k),
		changes: []Change{{Op: "set", Path: []string{"transports", "automobile", "count"}, Value: k}}}
}

func planesEdit(ed *mapdata.Edition, p *mapdata.Pack, delta int) *edit {
	if ed.Transports.Airplane == nil {
		return nil
	}
	per := ed.Transports.Airplane.PerColor
	if per <= 0 || per+delta < 1 {
		return nil
	}
	return &edit{edit: fmt.Sprintf("%s transports.airplane.per_color from %d to %d", map[bool]string{true: "raise", false: "lower"}[delta > 0], per, per+delta),
		changes: []Change{{Op: "set", Path: []string{"transports", "airplane", "per_color"}, Value: per + delta}}}
}

// fewerColours drops the palette's last colour no region is assigned when
// classes are thin (a colour held by fewer than three regions, or one held
// by one alone): planes of a colour held by two regions link one pair.
func fewerColours(ed *mapdata.Edition, p *mapdata.Pack, fig Figures) *edit {
	palette := ed.Colors.Palette
	if len(palette) < 3 {
		return nil
	}
	thin := len(fig.LonelyColors) > 0
	for _, c := range palette {
		thin = thin || fig.ColorClasses[c] < 3
	}
	if !thin {
		return nil
	}
	for i := len(palette) - 1; i >= 0; i-- {
		c := palette[i]
		used := false
		for _, a := range ed.Colors.Assign {
			used = used || a == c
		}
		if used {
			continue
		}
		rest := slices.Delete(slices.Clone(palette), i, i+1)
		return &edit{edit: fmt.Sprintf("drop %s from colors.palette: %d colours for %d regions (regions per colour: %s)",
			c, len(rest), len(p.Regions), classesText(fig.ColorClasses)),
			changes: []Change{{Op: "set", Path: []string{"colors", "palette"}, Value: rest}}}
	}
	return nil
}

// flowList is a key holding a one-line flow sequence: "  palette: [a, b]".
var flowList = regexp.MustCompile(`(?m)^(\s*)(\w+):\s*\[[^\]\n]*\](.*)$`)

// setFlowList replaces the one-line flow sequence at path (as init writes
// colors.palette) with list, keeping the line's comment; ok is false when
// the key is not written so.
func setFlowList(text []byte, keyPath []string, list []string) ([]byte, bool) {
	if len(keyPath) == 0 {
		return nil, false
	}
	lines := strings.SplitAfter(string(text), "\n")
	depth := 0
	for i, line := range lines {
		trimmed := strings.TrimRight(line, "\r\n")
		indent := len(trimmed) - len(strings.TrimLeft(trimmed, " "))
		if strings.TrimSpace(trimmed) == "" || strings.HasPrefix(strings.TrimSpace(trimmed), "#") {
			continue
		}
		if indent < 2*depth {
			return nil, false // left the block before finding the key
		}
		if indent != 2*depth || !strings.HasPrefix(strings.TrimSpace(trimmed), keyPath[depth]+":") {
			continue
		}
		if depth < len(keyPath)-1 {
			depth++
			continue
		}
		m := flowList.FindStringSubmatch(trimmed)
		if m == nil || m[2] != keyPath[depth] {
			return nil, false
		}
		quoted := make([]string, len(list))
		for k, s := range list {
			quoted[k] = yamledit.Quote(s)
		}
		lines[i] = m[1] + m[2] + ": [" + strings.Join(quoted, ", ") + "]" + m[3] + line[len(trimmed):]
		return []byte(strings.Join(lines, "")), true
	}
	return nil, false
}
