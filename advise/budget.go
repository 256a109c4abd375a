package advise

import (
	"fmt"

	"github.com/tendays/tendays/diag"
)

// The work budget: when no flag fixes the number of games, the doctor
// plays PilotGames first and sizes the evidence and each measure by the
// work they took (engine/bot's steps: a day the progress measure weighs,
// a cell of the distance's tables), never by time, so the same inputs and
// seed give the same report on any machine. A single-map edition's game
// is some 30,000 to 50,000 steps, and its counts stay DefaultGames and
// DefaultMeasureGames with room to spare; a game of 20 Days Around the
// World (four maps, 171 regions, the bots planning every map) is some 11
// million, and the budget buys it a few hundred games: the report in
// about a minute on a 2-core machine, where the defaults would take hours.
const (
	// PilotGames are played first, to size the rest (they are the first
	// games of the evidence and of every "before").
	PilotGames = 40
	// EvidenceWork is the work the evidence may take, in steps.
	EvidenceWork int64 = 3_000_000_000
	// MeasureWork is the work each proposal's measure may take (the edited
	// edition's games; its "before" are the evidence's first games). A
	// report holds a handful of proposals: each measure gets a quarter of
	// the evidence's work, so that together they cost about what the
	// evidence does, and each is enough games to tell a stall rate's rise
	// from noise.
	MeasureWork int64 = EvidenceWork / 4
	// MinGames and MinMeasureGames bound the budget's counts from below:
	// fewer games than that tell little, whatever they cost.
	MinGames        = 100
	MinMeasureGames = 40
)

// limits are the work budget's figures (the constants above; tests set
// smaller ones through Options.limits).
type limits struct {
	pilot                int
	evidence, measure    int64
	minGames, minMeasure int
}

var defaultLimits = limits{pilot: PilotGames, evidence: EvidenceWork, measure: MeasureWork, minGames: MinGames, minMeasure: MinMeasureGames}

// Budget says how the games were counted when a flag did not fix them.
type Budget struct {
	// PilotGames were played first; WorkPerGame is their mean work, in
	// engine/bot's steps (the same for the same seed on any machine).
	PilotGames  int   `json:"pilotGames"`
	WorkPerGame int64 `json:"workPerGame"`
	// EvidenceWork and MeasureWork are the budgets (in steps) the counts
	// were sized to.
	EvidenceWork int64 `json:"evidenceWork"`
	MeasureWork  int64 `json:"measureWork"`
	// Limited says the budget cut the counts below the defaults
	// (DefaultGames, DefaultMeasureGames); More then says how to ask for
	// them.
	Limited bool   `json:"limited"`
	More    string `json:"more,omitempty"`
}

// size fixes d.opts.Games and d.opts.MeasureGames: as the options give
// them, else by the work budget, from the first games of the edition as
// it is (d.base, played here). It returns the budget's account, nil when
// both counts were given.
func (d *doctor) size() (*Budget, error) {
	o := &d.opts
	if o.Games > 0 && o.MeasureGames > 0 {
		return nil, nil
	}
	lim := defaultLimits
	if o.limits != nil {
		lim = *o.limits
	}
	b := &Budget{EvidenceWork: lim.evidence, MeasureWork: lim.measure}
	games, measure := DefaultGames, DefaultMeasureGames
	if d.base != nil {
		b.PilotGames = lim.pilot
		if o.Games > 0 {
			b.PilotGames = min(b.PilotGames, o.Games)
		}
		d.stage = Progress{Stage: StageSizing, Games: b.PilotGames}
		if err := d.base.PlayTo(d.ctx, b.PilotGames); err != nil {
			if d.ctx.Err() != nil {
				return nil, d.ctx.Err()
			}
			d.base = nil // games the engine refuses: none to size by
		} else {
			d.games += b.PilotGames
			b.WorkPerGame = max(1, d.base.Work(b.PilotGames)/int64(b.PilotGames))
			games = sized(lim.evidence, b.WorkPerGame, lim.minGames, DefaultGames)
			measure = sized(lim.measure, b.WorkPerGame, lim.minMeasure, DefaultMeasureGames)
		}
	}
	if d.base == nil {
		b.PilotGames = 0
	}
	if o.Games <= 0 {
		o.Games = games
		b.Limited = b.Limited || games < DefaultGames
	}
	if o.MeasureGames <= 0 {
		o.MeasureGames = measure
		b.Limited = b.Limited || measure < DefaultMeasureGames
	}
	if b.Limited {
		b.More = fmt.Sprintf("--games %d --measure-games %d", DefaultGames, DefaultMeasureGames)
	}
	return b, nil
}

// sized is the number of games of perGame steps that work buys, within
// [least, most].
func sized(work, perGame int64, least, most int) int {
	return int(max(int64(least), min(int64(most), work/perGame)))
}

// Progress is where a diagnosis stands, for a progress line: Options.Progress
// hears of it after each game.
type Progress struct {
	// Stage is StageSizing, StageEvidence or StageMeasure.
	Stage string
	// Done of Games games of this stage are played.
	Done, Games int
	// Edit is the proposal being measured (StageMeasure), the Tried'th of
	// the Edits the findings call for (some are not tried: a finding's
	// edits stop at the first that is enough).
	Edit         string
	Tried, Edits int
}

// The stages of a diagnosis.
const (
	StageSizing   = "sizing"   // the first games, which size the rest
	StageEvidence = "evidence" // the games behind the figures
	StageMeasure  = "measure"  // a proposal's games
)

// progress passes the games done to Options.Progress.
func (d *doctor) progress(done int) {
	if d.opts.Progress == nil {
		return
	}
	p := d.stage
	p.Done = min(done, p.Games)
	d.opts.Progress(p)
}

// Percent is how much of its stage p has played, 0 to 100.
func (p Progress) Percent() int { return 100 * p.Done / max(p.Games, 1) }

// String is p as the doctor's progress line says it: "doctor: evidence
// 120/530 games (22%)", the edit measured cut to 48 characters.
func (p Progress) String() string {
	switch p.Stage {
	case StageSizing:
		return fmt.Sprintf("doctor: sizing the games %d/%d (%d%%)", p.Done, p.Games, p.Percent())
	case StageEvidence:
		return fmt.Sprintf("doctor: evidence %d/%d games (%d%%)", p.Done, p.Games, p.Percent())
	}
	edit := diag.OneLine(p.Edit)
	if r := []rune(edit); len(r) > 48 {
		edit = string(r[:47]) + "…"
	}
	return fmt.Sprintf("doctor: measuring edit %d of %d (%s): %d/%d games (%d%%)", p.Tried, p.Edits, edit, p.Done, p.Games, p.Percent())
}
