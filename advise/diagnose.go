package advise

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/paulmach/orb/geo"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/internal/unionfind"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// doctor carries one diagnosis.
type doctor struct {
	ctx   context.Context
	in    Input
	opts  Options
	file  string
	games int // every game played
	// base are the games of the edition as it is (see diagnose).
	base *sim.Games
	// stage is where the diagnosis stands, for Options.Progress.
	stage Progress
	// cache keeps the parsed borders file across the rebuilds of the
	// proposals, which edit edition.yaml alone.
	cache *pipeline.Cache
}

// state is one build of the edition (or the pack), analysed.
type state struct {
	text     []byte // edition.yaml (nil for a pack)
	pack     *mapdata.Pack
	findings []diag.Finding
	fig      Figures
	count    *engine.Count
	board    *geojson.FeatureCollection // the board geometry (nil for a pack)
	// stalledTurns is the share of the games' turns played in stalled
	// games.
	stalledTurns float64

	// What the board's geometry gives, worked out once a state: the
	// figures and every plane-only region's proposals ask for it.
	linkedOnce, normalOnce sync.Once
	linkedG                groups
	normal                 float64
}

// linked is linkedGroups of the state's pack and board.
func (st *state) linked() groups {
	st.linkedOnce.Do(func() { st.linkedG = linkedGroups(st.pack, st.board) })
	return st.linkedG
}

// normalCrossingKm is normalKm of the state.
func (st *state) normalCrossingKm() float64 {
	st.normalOnce.Do(func() { st.normal = normalKm(st) })
	return st.normal
}

// StalledThreshold is the share of stalled games from which the doctor
// speaks of stalls.
const StalledThreshold = 0.01

// StalledTurnsToStop is the share of the turns played in stalled games
// from which the evidence may stop early (see diagnose).
const StalledTurnsToStop = 0.5

func diagnose(ctx context.Context, in Input, opts Options) (*Report, error) {
	d := &doctor{ctx: ctx, in: in, opts: opts, file: path.Join(in.Dir, EditionFile), cache: in.Cache}
	if d.cache == nil {
		d.cache = pipeline.NewCache()
	}
	base, err := d.build(in.EditionYAML, in.Pack)
	if err != nil {
		return nil, err
	}
	// The edition as it is plays one series of seeded games: the first
	// size the rest (when a flag does not), the first MeasureGames are the
	// proposals' "before", all of them the evidence. Game i is the same
	// whatever was played before it, so none is played twice.
	before := &state{text: base.text, pack: base.pack, findings: base.findings, board: base.board}
	board, err := d.figures(before)
	if err != nil {
		return nil, err
	}
	d.base = d.start(board)
	budget, err := d.size()
	if err != nil {
		return nil, err
	}
	opts = d.opts
	// Proposals are measured on fewer games: the first MeasureGames of the
	// same seed, for the edition as it is and as edited. Those games come
	// first: when they hold so many stalled games that the full evidence
	// would show stalls whatever the rest did, the answer is clear; and
	// when those stalled games are most of the turns played (a stalled
	// game costs the whole turn cap), the rest would cost much to tell
	// nothing more: the evidence stops there. Stalls among long games (20
	// Days Around the World's) are a small part of their cost: those play
	// on.
	d.stage = Progress{Stage: StageEvidence, Games: opts.Games}
	if err := d.play(before, d.base, opts.MeasureGames); err != nil {
		return nil, err
	}
	base.count = before.count
	stoppedEarly := ""
	if opts.MeasureGames < opts.Games && before.fig.Games > 0 && float64(before.fig.Stalled) >= StalledThreshold*float64(opts.Games) &&
		before.stalledTurns >= StalledTurnsToStop {
		base.fig = before.fig
		stoppedEarly = fmt.Sprintf("stopped after %d of %d games: their %d stalled games are %s of %d already",
			before.fig.Games, opts.Games, before.fig.Stalled, pct(float64(before.fig.Stalled)/float64(opts.Games)), opts.Games)
	} else {
		if _, err := d.figures(base); err != nil {
			return nil, err
		}
		if err := d.play(base, d.base, opts.Games); err != nil {
			return nil, err
		}
	}
	rep := &Report{Format: "tendays.doctor", Edition: base.pack.Edition.ID, Source: "edition", Figures: base.fig}
	switch {
	case in.EditionYAML == nil:
		rep.Source = "pack"
	case base.text == nil:
		rep.Source = mapdata.KindCombined
	}
	var found []measured
	var quick *state // the edition as it is, on a quarter of MeasureGames
	cands := d.candidates(base)
	edits := 0
	for _, c := range cands {
		edits += len(c.proposals)
	}
	tried := 0
	for _, c := range cands {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m := measured{finding: c.finding}
		// When most games stall (the evidence stopped early), the edits
		// for other findings are measured on a quarter of the games: their
		// stall figures are those of the stall, which the stalls finding's
		// own edits address, and each of their stalled games costs the
		// whole turn cap.
		from, games := before, opts.MeasureGames
		if stoppedEarly != "" && c.finding.Kind != "stalls" && len(c.proposals) > 0 {
			if quick == nil {
				quick = &state{text: base.text, pack: base.pack, findings: base.findings, count: base.count, board: base.board}
				if _, err := d.figures(quick); err != nil {
					return nil, err
				}
				if err := d.play(quick, d.base, max(1, opts.MeasureGames/4)); err != nil {
					return nil, err
				}
			}
			from, games = quick, quick.fig.Games
		}
		for k, p := range c.proposals {
			tried++
			d.stage = Progress{Stage: StageMeasure, Edit: p.edit, Tried: tried, Edits: edits, Games: games}
			after, err := d.edited(base, p)
			var unmade *unmadeError
			if errors.As(err, &unmade) {
				// Said, not dropped: the designer can make it by hand.
				m.proposals = append(m.proposals, Proposal{Edit: p.edit, Changes: p.changes, Unmade: unmadeReason(unmade),
					Effect: "not measured: the edit cannot be made in edition.yaml as it is written (" + unmadeReason(unmade) + ")"})
				continue
			}
			if err != nil || after == nil {
				continue // an edit that does not build is no proposal
			}
			if err := d.measure(after, games); err != nil {
				return nil, err
			}
			before := from
			if !p.keep(before, after) {
				continue
			}
			prop := Proposal{Edit: p.edit, Changes: p.changes, Before: before.fig, After: after.fig, Effect: p.effect(before, after)}
			if worse := worsened(before.fig, after.fig); len(worse) > 0 {
				prop.TradeOff = strings.Join(worse, "; ")
				prop.Effect = "fixes this, but " + prop.TradeOff + " (" + prop.Effect + ")"
				m.proposals = append(m.proposals, prop)
				continue // a trade-off is never enough: try the next edit
			}
			m.proposals = append(m.proposals, prop)
			if p.enough != nil && p.enough(after) {
				// The rest of this finding's edits are not tried.
				edits -= len(c.proposals) - k - 1
				break
			}
		}
		found = append(found, m)
	}
	rep.Findings, rep.Proposals = number(found)
	if rep.Findings == nil {
		rep.Findings = []Finding{}
	}
	if rep.Proposals == nil {
		rep.Proposals = []Proposal{}
	}
	rep.Analysis = Analysis{Games: base.fig.Games, StoppedEarly: stoppedEarly, MeasureGames: opts.MeasureGames, Players: opts.Players, Seed: opts.Seed,
		TurnCap: opts.TurnCap, Bots: "greedy", TotalGames: d.games, Budget: budget}
	return rep, nil
}

// measured is a finding and its kept proposals, not yet numbered.
type measured struct {
	finding   Finding
	proposals []Proposal
}

// worsened says which headline measures an edit makes worse, before →
// after: the stalled-game rate (when it reaches StalledThreshold), lint errors and warnings, lonely colours,
// regions only a plane reaches. None: the edit is a clean fix.
func worsened(b, a Figures) []string {
	var out []string
	// Stalls under StalledThreshold are none the doctor speaks of: a game
	// or two more of 2000 there is no worsening.
	if a.Games > 0 && b.Games > 0 && a.StalledRate > b.StalledRate && a.StalledRate >= StalledThreshold {
		if pb, pa := pct(b.StalledRate), pct(a.StalledRate); pb != pa || a.Games != b.Games {
			out = append(out, fmt.Sprintf("stalls rise %s → %s", pb, pa))
		} else {
			out = append(out, fmt.Sprintf("stalls rise %d → %d of %d games", b.Stalled, a.Stalled, a.Games))
		}
	}
	if a.Errors > b.Errors {
		out = append(out, fmt.Sprintf("lint errors rise %d → %d", b.Errors, a.Errors))
	}
	if a.Warnings > b.Warnings {
		out = append(out, fmt.Sprintf("lint warnings rise %d → %d", b.Warnings, a.Warnings))
	}
	if len(a.LonelyColors) > len(b.LonelyColors) {
		out = append(out, fmt.Sprintf("lonely colours rise %d → %d", len(b.LonelyColors), len(a.LonelyColors)))
	}
	if len(a.PlaneOnly) > len(b.PlaneOnly) {
		out = append(out, fmt.Sprintf("regions only a plane reaches rise %d → %d", len(b.PlaneOnly), len(a.PlaneOnly)))
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
// report nor of its finding; last the edits that cannot be made.
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
	}
	return findings, proposals
}

// build derives (from edition text) or takes (a pack) and lints.
func (d *doctor) build(text []byte, pack *mapdata.Pack) (*state, error) {
	st := &state{text: text, pack: pack}
	if text == nil {
		st.findings = d.in.Lint.Apply(lint.Check(&lint.Target{File: pack.Edition.ID, Pack: pack}))
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
	case res.Network != nil:
		return nil, fmt.Errorf("%s: a route-network edition (kind network): the doctor examines 10 Days editions", d.file)
	case res.Kind == mapdata.KindCombined:
		// A combined edition is diagnosed as its pack plays: its
		// proposals are measured on the pack, and edit no file.
		st.text = nil
	}
	st.pack, st.board = res.Pack, res.Board
	st.findings = res.Findings
	return st, nil
}

// measure fills st.fig: lint, colours, journeys, plane-only regions and a
// seeded simulation of games games.
func (d *doctor) measure(st *state, games int) error {
	b, err := d.figures(st)
	if err != nil {
		return err
	}
	return d.play(st, d.start(b), games)
}

// figures fills st.fig but for the games: lint, colours, journeys and
// plane-only regions. It returns the board the games are played on, nil
// when the engine refuses the pack (which has lint errors to show).
func (d *doctor) figures(st *state) (*engine.Board, error) {
	p := st.pack
	fig := Figures{ColorClasses: map[string]int{}, FewJourneys: map[string]string{}, LonelyColors: []string{}, PlaneOnly: []string{}, Dead: []string{}}
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
	fig.PlaneOnly = cutOff(p, st.linked())
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

// groups are the regions (not air-only) joined by walking, cars, ships
// and trains, and which group is the main one.
type groups struct {
	of   map[string]int // region id -> its group
	main int            // the main group, -1 when none
	// members of each group, in pack order.
	members map[int][]string
	// area of each group in km², from the board (0 without one).
	area map[int]float64
}

// linkedGroups groups the regions a player moves between without a
// plane. The main group is the one with the most regions; a tie is broken
// by area (the board's), never by the regions' order; with no board to
// measure, tied groups are all main (no region is cut off from them).
func linkedGroups(p *mapdata.Pack, board *geojson.FeatureCollection) groups {
	idx := map[string]int{}
	for i, r := range p.Regions {
		idx[r.ID] = i
	}
	sets := unionfind.New(len(p.Regions))
	for _, l := range p.Links {
		sets.Union(idx[l.A], idx[l.B])
	}
	ships, trains := map[string]bool{}, false
	for _, c := range p.Deck.Cards {
		switch c.Kind {
		case mapdata.ShipCard:
			if c.Routes && c.Count > 0 {
				// A ship of the routes joins the stops of each route.
				for _, route := range p.ShipRoutes {
					for _, stop := range route.Stops[min(1, len(route.Stops)):] {
						sets.Union(idx[route.Stops[0]], idx[stop])
					}
				}
				continue
			}
			ships[c.Sea] = c.Count > 0 || ships[c.Sea]
		case mapdata.TrainCard:
			trains = trains || c.Count > 0
		}
	}
	seas, rails := map[string]int{}, map[string]int{}
	for i, r := range p.Regions {
		if r.AirOnly {
			continue
		}
		for _, s := range r.Seas {
			if ships[s] {
				if j, ok := seas[s]; ok {
					sets.Union(i, j)
				}
				seas[s] = i
			}
		}
		for _, l := range r.Rails {
			if trains {
				if j, ok := rails[l]; ok {
					sets.Union(i, j)
				}
				rails[l] = i
			}
		}
	}
	areas := regionAreas(board)
	g := groups{of: map[string]int{}, main: -1, members: map[int][]string{}, area: map[int]float64{}}
	for i, r := range p.Regions {
		if r.AirOnly {
			continue
		}
		root := sets.Find(i)
		g.of[r.ID] = root
		g.members[root] = append(g.members[root], r.ID)
		g.area[root] += areas[r.ID]
	}
	tied := false
	for _, root := range slices.Sorted(maps.Keys(g.members)) {
		switch {
		case g.main < 0 || len(g.members[root]) > len(g.members[g.main]):
			g.main, tied = root, false
		case len(g.members[root]) == len(g.members[g.main]):
			switch a, b := g.area[root], g.area[g.main]; {
			case a > b:
				g.main, tied = root, false
			case a == b:
				tied = true
			}
		}
	}
	if tied {
		g.main = -1 // groups as large as each other, no area to choose by
	}
	return g
}

// cutOff says whether region id is cut off from the main group.
func (g groups) cutOff(id string) bool {
	root, ok := g.of[id]
	return ok && g.main >= 0 && root != g.main
}

// regionAreas are the board's regions' areas in km².
func regionAreas(board *geojson.FeatureCollection) map[string]float64 {
	out := map[string]float64{}
	if board == nil {
		return out
	}
	for _, f := range board.Features {
		if f.Properties.MustString("layer", "") == mapdata.LayerRegion {
			out[f.Properties.MustString("id", "")] += geo.Area(f.Geometry) / 1e6
		}
	}
	return out
}

// planeOnly lists the regions (not air-only) that only a plane reaches
// from the main group of linked regions (see linkedGroups), in pack order.
func planeOnly(p *mapdata.Pack, board *geojson.FeatureCollection) []string {
	return cutOff(p, linkedGroups(p, board))
}

// cutOff lists the regions of p that groups g cuts off, in pack order.
func cutOff(p *mapdata.Pack, g groups) []string {
	out := []string{}
	for _, r := range p.Regions {
		if g.cutOff(r.ID) {
			out = append(out, r.ID)
		}
	}
	return out
}

func pct(x float64) string { return numfmt.PercentShort(x) }
