package advise

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/engine/stats"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/mapdata/reach"
	"github.com/tendays/tendays/pipeline"
)

// doctor carries one diagnosis (or one --fix).
type doctor struct {
	ctx   context.Context
	in    Input
	opts  Options
	file  string
	games int // every game played
	// base are the games of the edition as it is: the evidence, and the
	// "before" of every measure (game i is played once, however many
	// measures pair with it).
	base *sim.Games
	// stage is where the diagnosis stands, for Options.Progress.
	stage Progress
	// cache keeps the parsed borders file across the rebuilds of the
	// proposals, which edit edition.yaml alone.
	cache *pipeline.Cache
}

func newDoctor(ctx context.Context, in Input, opts Options) *doctor {
	d := &doctor{ctx: ctx, in: in, opts: opts, file: path.Join(in.Dir, EditionFile), cache: in.Cache}
	if d.cache == nil {
		d.cache = pipeline.NewCache()
	}
	return d
}

// state is one build of the edition (or the pack), analysed.
type state struct {
	text     []byte // edition.yaml (nil for a pack)
	pack     *mapdata.Pack
	findings []diag.Finding
	fig      Figures
	count    *engine.Count
	board    *geojson.FeatureCollection // the board geometry (nil for a pack)
	// games is the simulation report of fig's games (nil before any).
	games *sim.Report
	// stalledTurns is the share of the games' turns played in stalled
	// games.
	stalledTurns float64

	// What the board's geometry gives, worked out once a state.
	linkedOnce, normalOnce, outlineOnce sync.Once
	linkedG                             reach.Groups
	normal                              float64
	outlines                            map[string]reach.Outline
}

// linked are the groups of the state's pack (see mapdata/reach).
func (st *state) linked() reach.Groups {
	st.linkedOnce.Do(func() { st.linkedG = reach.Linked(st.pack, reach.Areas(st.board)) })
	return st.linkedG
}

// outline are the board's outlines of the state's regions (nil without a
// board).
func (st *state) outline() map[string]reach.Outline {
	st.outlineOnce.Do(func() { st.outlines = reach.Outlines(st.board) })
	return st.outlines
}

// normalCrossingKm is the longest crossing the state's own links make
// normal (reach.NormalKm).
func (st *state) normalCrossingKm() float64 {
	st.normalOnce.Do(func() { st.normal = reach.NormalKm(st.pack, st.outline()) })
	return st.normal
}

// withGames is a copy of st's build figures, for the figures of another
// count of its games.
func (st *state) withGames() *state {
	return &state{text: st.text, pack: st.pack, findings: st.findings, fig: st.fig, count: st.count, board: st.board}
}

// StalledThreshold is the share of stalled games from which the doctor
// speaks of stalls.
const StalledThreshold = 0.01

// StalledTurnsToStop is the share of the turns played in stalled games
// from which the evidence may stop early (see gatherEvidence).
const StalledTurnsToStop = 0.5

// evidence is what the edition's own games showed.
type evidence struct {
	budget       *Budget
	stoppedEarly string
	// quick is the edition as it is on a quarter of MeasureGames, which
	// the measures of other findings than stalls use when most games
	// stall (nil otherwise).
	quick bool
}

func diagnose(ctx context.Context, in Input, opts Options) (*Report, error) {
	d := newDoctor(ctx, in, opts)
	base, err := d.examine()
	if err != nil {
		return nil, err
	}
	ev, err := d.gatherEvidence(base)
	if err != nil {
		return nil, err
	}
	found, err := d.measureAll(base, d.candidates(base), ev)
	if err != nil {
		return nil, err
	}
	if err := d.crossCheckStalls(base, found); err != nil {
		return nil, err
	}
	return d.report(base, ev, found), nil
}

// StrongCheckGames is how many games strong bots play to cross-check the
// greedy bots' stalls (strongStalls): none stalled of 1,000 puts the share
// under 0.4% at 95%.
const StrongCheckGames = 1000

// strongCheck is what strong bots did on the first deals of a state's
// games, and how that pairs with what the greedy bots did on them.
type strongCheck struct {
	games, stalled int
	lo, hi         float64     // the stalled share's 95% Wilson interval
	paired         *Comparison // greedy → strong on the same deals, at 95%
}

// botsAlone says whether the stalls are the greedy bots' more than the
// deck's: the strong bots stall in under StalledThreshold of the deals
// (the Wilson interval's top), and significantly less than the greedy
// bots on the same deals (the paired interval below zero).
func (c *strongCheck) botsAlone() bool {
	return c.hi < StalledThreshold && c.paired.Verdict == VerdictFewer
}

// evidence is the check as the doctor says it.
func (c *strongCheck) evidence() string {
	return fmt.Sprintf("strong bots (which weigh what the draw pile still holds) on the first %s of the same deals: %d stalled (%s [%s, %s], 95%% Wilson); paired with the greedy bots' games: %s",
		numfmt.GroupDigits(strconv.Itoa(c.games)), c.stalled, shareText(float64(c.stalled)/float64(c.games)), shareText(c.lo), shareText(c.hi), c.paired.stallText())
}

// strongStalls plays the first games of st again with strong bots, when
// the greedy ones (d.base, st's games) stall in StalledThreshold or more
// of them; nil when they do not, or the games cannot be played. Greedy
// bots keep every card that raises their progress and climb no further
// from a plateau: on Europa Tour (40 countries, one card each, no cars) 3%
// of their four-player games stall and none of the strong bots' on the
// same deals, a stall of the bots more than of the deck.
func (d *doctor) strongStalls(st *state) (*strongCheck, error) {
	fig := st.fig
	if fig.Games == 0 || fig.StalledRate < StalledThreshold || d.base == nil || d.base.Played() < fig.Games {
		return nil, nil
	}
	b, err := engine.Compile(st.pack)
	if err != nil {
		return nil, nil // the games were played on this pack: it compiles
	}
	n := min(fig.Games, StrongCheckGames)
	g, err := sim.Start(b, sim.Config{Seed: d.opts.Seed, Game: game.Config{Players: d.opts.Players},
		Bots: []string{"strong"}, TurnCap: d.opts.TurnCap, Workers: d.opts.Workers})
	if err == nil {
		err = g.PlayTo(d.ctx, n)
	}
	if err != nil {
		if d.ctx.Err() != nil {
			return nil, d.ctx.Err()
		}
		return nil, nil // no cross-check: the greedy games say what they say
	}
	d.games += n
	r := g.Report(n)
	lo, hi := stats.Wilson(r.Stalled, r.Games)
	return &strongCheck{games: r.Games, stalled: r.Stalled, lo: lo, hi: hi,
		paired: compare(d.base.Outcomes(n), g.Outcomes(n), stats.Z(0.95), 0.95)}, nil
}

// crossCheckStalls adds the strong bots' games (strongStalls) to the
// stalls finding; where they stall in under StalledThreshold of the same
// deals (the Wilson interval's top), the finding is an info, and says why.
func (d *doctor) crossCheckStalls(base *state, found []measured) error {
	i := slices.IndexFunc(found, func(m measured) bool { return m.finding.Kind == "stalls" })
	if i < 0 {
		return nil
	}
	c, err := d.strongStalls(base)
	if c == nil {
		return err
	}
	f, fig := &found[i].finding, base.fig
	f.Evidence = append(f.Evidence, c.evidence())
	if c.botsAlone() {
		f.Severity = "info"
		f.Message = fmt.Sprintf("%d of %d games of greedy bots stalled (%s), but strong bots finish the same deals (%d of %s stalled): the stalls are the greedy bots' more than the deck's",
			fig.Stalled, fig.Games, pct(fig.StalledRate), c.stalled, numfmt.GroupDigits(strconv.Itoa(c.games)))
	}
	return nil
}

// examine builds the edition as it is and works out its figures but the
// games.
func (d *doctor) examine() (*state, error) {
	base, err := d.build(d.in.EditionYAML, d.in.Pack)
	if err != nil {
		return nil, err
	}
	board, err := d.figures(base)
	if err != nil {
		return nil, err
	}
	d.base = d.start(board)
	return base, nil
}

// gatherEvidence sizes the games (when a flag does not) and plays the
// edition's own. The first MeasureGames come first: when they hold so many
// stalled games that all Games would show stalls whatever the rest did,
// and those stalled games are most of the turns played (a stalled game
// costs the whole turn cap), the rest would cost much to tell nothing
// more, and the evidence stops there. Stalls among long games (20 Days
// Around the World's) are a small part of their cost: those play on.
func (d *doctor) gatherEvidence(base *state) (evidence, error) {
	var ev evidence
	asked := d.opts.Games > 0 // --games: all of them, no early look
	budget, err := d.size()
	if err != nil {
		return ev, err
	}
	ev.budget = budget
	opts := d.opts
	d.stage = Progress{Stage: StageEvidence, Games: opts.Games}
	first := base.withGames()
	if err := d.play(first, d.base, opts.MeasureGames); err != nil {
		return ev, err
	}
	if opts.MeasureGames < opts.Games && first.fig.Games > 0 && float64(first.fig.Stalled) >= StalledThreshold*float64(opts.Games) &&
		first.stalledTurns >= StalledTurnsToStop {
		base.fig, base.games, base.stalledTurns = first.fig, first.games, first.stalledTurns
		ev.stoppedEarly = fmt.Sprintf("stopped after %d of %d games: their %d stalled games are %s of %d already",
			first.fig.Games, opts.Games, first.fig.Stalled, pct(float64(first.fig.Stalled)/float64(opts.Games)), opts.Games)
		ev.quick = true
		return ev, nil
	}
	// Then the evidence grows, look by look, until what it says is clear
	// (see settledEvidence), or all Games are played; when Options.Games
	// asks for a count, all of it.
	plan := stats.Doubling(opts.Games, Looks, Alpha)
	for k, n := range plan.Sizes {
		if n < opts.MeasureGames && k < len(plan.Sizes)-1 {
			continue
		}
		if err := d.play(base, d.base, n); err != nil {
			return ev, err
		}
		if !asked && n < opts.Games && base.games != nil && settledEvidence(base.games, plan.Z()) {
			ev.stoppedEarly = fmt.Sprintf("stopped after %s of %s games: the stalls and the cards were clear at %.2f%%",
				numfmt.GroupDigits(fmt.Sprint(n)), numfmt.GroupDigits(fmt.Sprint(opts.Games)), 100*plan.Level())
			break
		}
	}
	return ev, nil
}

// settledEvidence says whether the games' verdicts are clear at quantile
// z: the share of stalled games on one side of StalledThreshold, and the
// transport card in the most winning journeys on one side of
// DominantShare. The seats' wins are said with the intervals of the games
// played, whatever their count: a seat advantage small enough to need
// more games is too small to speak of (SeatMargin).
func settledEvidence(r *sim.Report, z float64) bool {
	if r.Games == 0 {
		return true
	}
	if lo, hi := stats.WilsonZ(r.Stalled, r.Games, z); lo <= StalledThreshold && hi >= StalledThreshold {
		return false
	}
	if cards := balanceOf(r).Cards; len(cards) > 0 && r.Finished > 0 {
		wins := int(math.Round(cards[0].Share * float64(r.Finished)))
		if lo, hi := stats.WilsonZ(wins, r.Finished, z); lo <= DominantShare && hi >= DominantShare {
			return false
		}
	}
	return true
}

// measureAll measures each candidate's edits, best first: a finding's
// edits stop at the first clean one that is enough.
func (d *doctor) measureAll(base *state, cands []candidate, ev evidence) ([]measured, error) {
	edits := 0
	for _, c := range cands {
		edits += len(c.proposals)
	}
	tried := 0
	var found []measured
	for _, c := range cands {
		if err := d.ctx.Err(); err != nil {
			return nil, err
		}
		m := measured{finding: c.finding}
		// When most games stall (the evidence stopped early), the edits
		// for other findings are measured on a quarter of the games: their
		// stall figures are those of the stall, which the stalls finding's
		// own edits address, and each of their stalled games costs the
		// whole turn cap.
		games := d.opts.MeasureGames
		if ev.quick && c.finding.Kind != "stalls" {
			games = max(1, games/4)
		}
		for k, e := range c.proposals {
			tried++
			d.stage = Progress{Stage: StageMeasure, Edit: e.edit, Tried: tried, Edits: edits, Games: games}
			var futile func(b, a *state, c *Comparison) bool
			if c.finding.Kind == "stalls" {
				futile = noFewerStalls // a deck edit is worth only its fewer stalls
			}
			prop, ok, err := d.propose(base, e, games, futile)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			m.proposals = append(m.proposals, prop)
			if prop.Unmade == "" && prop.TradeOff == "" && e.enough != nil && e.enough(prop) {
				edits -= len(c.proposals) - k - 1 // the rest are not tried
				break
			}
		}
		found = append(found, m)
	}
	return found, nil
}

// propose measures one edit into a proposal; ok is false when it is none
// (it does not build, or its effect is not worth proposing). An edit
// of the board alone is built, not played (proposeBoard).
func (d *doctor) propose(base *state, e *edit, games int, futile func(b, a *state, c *Comparison) bool) (Proposal, bool, error) {
	if e.board != "" {
		return d.proposeBoard(base, e)
	}
	t, err := d.trial(base, e, games, futile)
	var unmade *unmadeError
	if errors.As(err, &unmade) {
		// Said, not dropped: the designer can make it by hand.
		return Proposal{Edit: e.edit, Changes: e.changes, Unmade: unmadeReason(unmade),
			Effect: "not measured: the edit cannot be made in edition.yaml as it is written (" + unmadeReason(unmade) + ")"}, true, nil
	}
	if err != nil || t == nil {
		return Proposal{}, false, err
	}
	if !e.keep(t.before, t.after) {
		return Proposal{}, false, nil
	}
	prop := Proposal{Edit: e.edit, Changes: e.changes, Before: t.before.fig, After: t.after.fig, Paired: t.cmp,
		Effect: joinEffect(e.effect(t.before, t.after), t.cmp)}
	if worse := worsened(t.before.fig, t.after.fig, t.cmp); len(worse) > 0 {
		prop.TradeOff = strings.Join(worse, "; ")
		prop.Effect = "fixes this, but " + prop.TradeOff + " (" + prop.Effect + ")"
	}
	return prop, true, nil
}

// report numbers what was found.
func (d *doctor) report(base *state, ev evidence, found []measured) *Report {
	opts := d.opts
	rep := &Report{Format: "tendays.doctor", Edition: base.pack.Edition.ID, Source: "edition", Figures: base.fig, Balance: balanceOf(base.games)}
	switch {
	case d.in.EditionYAML == nil:
		rep.Source = "pack"
	case base.text == nil:
		rep.Source = mapdata.KindCombined
	}
	rep.Findings, rep.Proposals = number(found)
	rep.Analysis = Analysis{Games: base.fig.Games, StoppedEarly: ev.stoppedEarly, MeasureGames: opts.MeasureGames, Players: opts.Players, Seed: opts.Seed,
		TurnCap: opts.TurnCap, Bots: "greedy", TotalGames: d.games, Budget: ev.budget, Method: Method}
	return rep
}

// measured is a finding and its kept proposals, not yet numbered.
type measured struct {
	finding   Finding
	proposals []Proposal
}

// worsened says which headline measures an edit makes worse, before →
// after: the stalled games when they rise significantly (the paired
// interval above zero), lint errors and warnings, lonely colours, groups
// cut off and regions only a plane reaches. None: the edit is a clean fix.
func worsened(b, a Figures, cmp *Comparison) []string {
	var out []string
	if cmp != nil && cmp.Verdict == VerdictMore {
		out = append(out, "stalls rise "+cmp.stallText())
	}
	for _, m := range []struct {
		what string
		b, a int
	}{{"lint errors", b.Errors, a.Errors}, {"lint warnings", b.Warnings, a.Warnings}, {"lonely colours", len(b.LonelyColors), len(a.LonelyColors)},
		{"groups cut off", len(b.CutOff), len(a.CutOff)}, {"regions only a plane reaches", len(b.PlaneOnly), len(a.PlaneOnly)}} {
		if m.a > m.b {
			out = append(out, fmt.Sprintf("%s rise %d → %d", m.what, m.b, m.a))
		}
	}
	return out
}

// unmadeReason is the editor's refusal without its package prefix.
func unmadeReason(e *unmadeError) string {
	return strings.TrimPrefix(e.Error(), "yamledit: ")
}

// number gives the proposals their ids: every clean fix first (in the
// order of the findings), then every trade-off, so a proposal that makes
// a headline measure worse is never the first choice, neither of the
// report nor of its finding; last the edits that cannot be made. Whether
// a proposal is clean is decided by significance (see worsened), so the
// order does not flip on noise.
func number(found []measured) ([]Finding, []Proposal) {
	findings := make([]Finding, len(found))
	proposals := []Proposal{}
	group := func(p Proposal) int {
		switch {
		case p.Unmade != "":
			return 2
		case p.TradeOff != "":
			return 1
		}
		return 0
	}
	for g := range 3 {
		for i, m := range found {
			for _, p := range m.proposals {
				if group(p) != g {
					continue
				}
				p.ID = len(proposals) + 1
				proposals = append(proposals, p)
				found[i].finding.Proposals = append(found[i].finding.Proposals, p.ID)
			}
		}
	}
	for i, m := range found {
		findings[i] = m.finding
		if findings[i].Proposals == nil {
			findings[i].Proposals = []int{}
		}
		if findings[i].Evidence == nil {
			findings[i].Evidence = []string{}
		}
	}
	return findings, proposals
}

// build derives (from edition text) or takes (a pack) and lints.
func (d *doctor) build(text []byte, pack *mapdata.Pack) (*state, error) {
	st := &state{text: text, pack: pack}
	if text == nil {
		st.findings = d.in.Lint.Apply(pipeline.LintRules().Check(&lint.Target{File: pack.Edition.ID, Pack: pack}))
		return st, nil
	}
	// The edition is built as build builds it (the pipeline), from the
	// text in memory and the files of its folder.
	res, err := pipeline.Edition(d.ctx, pipeline.Source{Text: text, FS: d.in.FS, Dir: d.in.Dir}, pipeline.Options{MaxInput: d.in.MaxBytes, Cache: d.cache, Config: d.in.Lint})
	if err != nil {
		return nil, err
	}
	switch {
	case !res.Derived():
		msg := "see tendays build"
		if len(res.Findings) > 0 {
			msg = res.Findings[0].Message
		}
		return nil, fmt.Errorf("%s: the edition breaks its schema (%s); run tendays build for every place", d.file, msg)
	case res.Kind == mapdata.KindNetwork:
		return nil, fmt.Errorf("%s: a route-network edition (kind network): the doctor examines 10 Days editions", d.file)
	case res.Kind == mapdata.KindCombined:
		// A combined edition is diagnosed as its pack plays: its
		// proposals are measured on the pack, and edit no file.
		st.text = nil
	}
	st.pack, st.board = res.Pack.(*mapdata.Pack), res.Board
	st.findings = res.Findings
	return st, nil
}

// figures fills st.fig but for the games: lint, colours, journeys and
// groups cut off. It returns the board the games are played on, nil
// when the engine refuses the pack (which has lint errors to show).
func (d *doctor) figures(st *state) (*engine.Board, error) {
	p := st.pack
	fig := Figures{ColorClasses: map[string]int{}, FewJourneys: map[string]string{}, LonelyColors: []string{}, PlaneOnly: []string{}, CutOff: [][]string{}, Dead: []string{}}
	for _, f := range st.findings {
		switch f.Severity {
		case diag.Error:
			fig.Errors++
		case diag.Warning:
			fig.Warnings++
		}
	}
	fig.DeckCards = mapdata.TotalsOf(p.Deck.Cards).Cards
	planes := map[string]bool{}
	for _, c := range p.Deck.Cards {
		if c.Kind == mapdata.PlaneCard && c.Count > 0 {
			planes[c.Color] = true
		}
	}
	for _, r := range p.Regions {
		if !r.AirOnly {
			fig.ColorClasses[r.Color]++
		}
	}
	for _, c := range slices.Sorted(maps.Keys(planes)) {
		if _, ok := fig.ColorClasses[c]; !ok {
			fig.ColorClasses[c] = 0
		}
		if fig.ColorClasses[c] < 2 && !d.in.Lint.IsOff(lint.RuleLonelyColor) {
			fig.LonelyColors = append(fig.LonelyColors, c)
		}
	}
	if !d.in.Lint.IsOff(lint.RuleCutOff) {
		for _, g := range st.linked().CutOff() {
			fig.CutOff = append(fig.CutOff, g)
			fig.PlaneOnly = append(fig.PlaneOnly, g...)
		}
		order := map[string]int{}
		for i, r := range p.Regions {
			order[r.ID] = i
		}
		slices.SortFunc(fig.PlaneOnly, func(a, b string) int { return order[a] - order[b] })
	}
	st.fig = fig
	b, err := engine.Compile(p)
	if err != nil {
		return nil, nil // a pack the engine refuses has lint errors to show
	}
	if st.count == nil {
		if st.count, err = b.Count(p.Edition.Days); err != nil {
			return nil, err
		}
	}
	for _, rc := range st.count.Regions {
		if rc.Few {
			st.fig.FewJourneys[rc.ID] = rc.Journeys.String()
		}
	}
	return b, nil
}

// start sets up the seeded games of board b, to be played by play; nil
// when there is no board or the games cannot be dealt (a deck too small
// for the players), which leaves the figures without games.
func (d *doctor) start(b *engine.Board) *sim.Games {
	if b == nil {
		return nil
	}
	g, err := sim.Start(b, sim.Config{Seed: d.opts.Seed, Game: game.Config{Players: d.opts.Players},
		TurnCap: d.opts.TurnCap, Workers: d.opts.Workers, Progress: d.progress})
	if err != nil {
		return nil
	}
	return g
}

// play fills st.fig's game figures from the first n games of g, playing
// those not played yet.
func (d *doctor) play(st *state, g *sim.Games, n int) error {
	if g == nil {
		return nil
	}
	played := g.Played()
	if err := g.PlayTo(d.ctx, n); err != nil {
		if d.ctx.Err() != nil {
			return d.ctx.Err()
		}
		return nil // a game the engine refuses leaves the figures without games
	}
	d.games += g.Played() - played
	rep := g.Report(n)
	st.games = rep
	st.fig.Games, st.fig.Stalled = rep.Games, rep.Stalled
	st.fig.StalledRate = float64(rep.Stalled) / float64(rep.Games)
	st.fig.TurnsToWin = float64(rep.TurnsToWin.Median)
	st.fig.Dead = append([]string{}, rep.Dead...)
	stalled := float64(rep.Stalled * rep.TurnCap)
	if all := stalled + rep.TurnsToWin.Mean*float64(rep.Finished); all > 0 {
		st.stalledTurns = stalled / all
	}
	return nil
}

// planeOnly lists the regions (not air-only) that only a plane reaches
// from the main group of linked regions, in pack order.
func planeOnly(p *mapdata.Pack, board *geojson.FeatureCollection) []string {
	out := []string{}
	g := reach.Linked(p, reach.Areas(board))
	for _, r := range p.Regions {
		if g.IsCutOff(r.ID) {
			out = append(out, r.ID)
		}
	}
	return out
}

func pct(x float64) string { return numfmt.PercentShort(x) }
