// Package advise is the designer's doctor: it looks at an edition (or a
// pack) for what will make the game bad, and proposes concrete edits, each
// measured by rebuilding the edition in memory and re-running the same seeded
// analysis (exact journey counts, lint, a seeded simulation), before → after.
//
// Findings carry their evidence (exact journey counts, colour classes,
// stalled games out of so many, groups cut off with their crossings, seat
// and card balance, dead cards). Proposals are edits to edition.yaml that
// Apply writes keeping the file's comments and layout. Every before →
// after is paired on common seeds and looked at sequentially (Method,
// compare.go); what is a trade-off follows significance.
//
// It prints nothing: Diagnose returns a Report, which is what
// `tendays doctor --format json` prints, and the studio serves the same;
// Report.WriteText and FixReport.WriteText write the text the doctor
// prints to a writer they are given. ApplyFile and FixFile write
// edition.yaml, never over a save made since the diagnosis read it.
package advise

import (
	"io/fs"

	"github.com/tendays/tendays/engine/sim"
	"github.com/tendays/tendays/engine/stats"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// Input is what the doctor examines: an edition folder (whose edition.yaml
// proposals edit and rebuild), or a pack alone (proposals are then measured
// by editing the pack in memory, and cannot be applied to a file).
type Input struct {
	// FS is the edition's folder; nil for a pack alone.
	FS fs.FS
	// Dir names the folder in messages ("editions/usa", "./my-edition").
	Dir string
	// EditionYAML is the text of edition.yaml (nil for a pack alone).
	EditionYAML []byte
	// Pack is the pack to examine when there is no edition.
	Pack *mapdata.Pack
	// MaxBytes limits each file read (0: mapdata.DefaultMaxInput).
	MaxBytes int64
	// Lint changes rules' severities or turns rules off, as
	// .tendays-lint.yaml says (nil: the defaults): a finding turned off is
	// none the doctor counts or fixes.
	Lint *lint.Config
	// Cache keeps what the rebuilds of the proposals reuse (parsed
	// borders, a combined edition's bundled members); nil: one for this
	// diagnosis.
	Cache *pipeline.Cache
}

// Options set the analysis. Zero values take the defaults below.
type Options struct {
	// Games is the number of simulated games behind the evidence
	// (0: sized by the work budget, DefaultGames at most; see Budget).
	Games int
	// MeasureGames is the number of games each proposal is measured with,
	// before and after (the same seeded games; 0: sized by the work
	// budget, DefaultMeasureGames at most).
	MeasureGames int
	// Players seats each simulated game (default 4).
	Players int
	// Seed makes the report reproducible (default 1).
	Seed uint64
	// TurnCap: a game no one has won after this many turns is stalled
	// (default DefaultTurnCap).
	TurnCap int
	// Workers plays games at once (0: every core).
	Workers int
	// Progress, when set, hears where the diagnosis stands after each
	// game, from one goroutine at a time and never after Diagnose
	// returns: for a progress line (the report itself does not depend on
	// it).
	Progress func(Progress) `json:"-"`
	// limits replace the work budget's figures (tests: export_test.go).
	limits *limits
}

// Defaults of Options.
const (
	DefaultGames        = 20000
	DefaultMeasureGames = 2000
	DefaultPlayers      = 4
	// DefaultTurnCap is the toolkit's one stall rule (sim.DefaultTurnCap):
	// simulate, the doctor, --fix and the studio count a game no one has
	// won in so many turns as stalled, and nothing else.
	DefaultTurnCap = sim.DefaultTurnCap
)

// The statistics of every before → after: the same seeded games played on
// the edition as it is and as edited, game i beside game i.
const (
	// Alpha bounds the chance that a measure shows an effect that is not
	// there, over all the looks one measure takes (Bonferroni).
	Alpha = 0.05
	// Looks is how many times a measure looks at its games: after an
	// eighth, a quarter, a half and all of MeasureGames; it stops at the
	// first look where the verdict is clear.
	Looks = 4
	// Equivalent is the change in the share of stalled games (either way)
	// below which a measure whose whole interval lies within it reads "no
	// measurable change" before its last look.
	Equivalent = StalledThreshold / 2
	// Method says it in words, as reports print it.
	Method = "paired on common seeds; stalls: Newcombe's interval for a paired difference of rates; turns: the sign test's interval for the median shift; looks at 1/8, 1/4, 1/2 and all of the games, each at 98.75% (Bonferroni: 95% over the four)"
)

// Report is what the doctor found: JSON as `tendays doctor --format json`
// prints it.
type Report struct {
	Format  string `json:"format"` // "tendays.doctor"
	Edition string `json:"edition"`
	// Source is "edition" (proposals can be applied), "pack", or
	// "combined" (a combined edition, diagnosed as its pack plays: the
	// proposals are measured on the pack and cannot be applied).
	Source string `json:"source"`
	// Analysis says how the figures were measured.
	Analysis Analysis `json:"analysis"`
	// Figures are the edition's own, from Analysis.Games games.
	Figures Figures `json:"figures"`
	// Balance is who wins and with what, from the same games.
	Balance   Balance    `json:"balance"`
	Findings  []Finding  `json:"findings"`
	Proposals []Proposal `json:"proposals"`
}

// Balance is the evidence's games seen for fairness: each seat's wins,
// with 95% Wilson intervals, and the transport cards in the most winning
// journeys.
type Balance struct {
	Seats []stats.Rate `json:"seats"`
	// Cards are the transport cards, each with the share of winning
	// journeys holding it, most first.
	Cards []CardShare `json:"cards"`
}

// CardShare is a card and the share of winning journeys that hold it.
type CardShare struct {
	Token string  `json:"token"`
	Kind  string  `json:"kind"`
	Share float64 `json:"share"`
}

// Analysis is the seeded analysis behind every figure.
type Analysis struct {
	Games int `json:"games"` // games behind Report.Figures
	// StoppedEarly says why the evidence stopped before Options.Games
	// games (its first games stalled so often that the rest could not
	// change the finding); empty when every game was played.
	StoppedEarly string `json:"stoppedEarly,omitempty"`
	MeasureGames int    `json:"measureGames"` // games behind each Before and After
	Players      int    `json:"players"`
	Seed         uint64 `json:"seed"`
	TurnCap      int    `json:"turnCap"`
	Bots         string `json:"bots"`
	// TotalGames counts every game played for this report (a game the
	// evidence and a "before" share is played once).
	TotalGames int `json:"totalGames"`
	// Budget says how Games and MeasureGames were sized when a flag did
	// not fix them; absent when both were given.
	Budget *Budget `json:"budget,omitempty"`
	// Method says how every before → after is compared (see Method).
	Method string `json:"method"`
}

// Figures are the measured facts of one build of the edition.
type Figures struct {
	Games       int     `json:"games"`
	Stalled     int     `json:"stalled"`
	StalledRate float64 `json:"stalledRate"`
	// TurnsToWin is the median number of turns (every player's) of the
	// finished games.
	TurnsToWin float64 `json:"turnsToWin"`
	// Errors and Warnings are lint's findings on the build.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// LonelyColors are colours held by fewer than two regions.
	LonelyColors []string `json:"lonelyColors"`
	// ColorClasses is the number of regions of each palette colour.
	ColorClasses map[string]int `json:"colorClasses"`
	// FewJourneys are the regions few journeys pass through (engine's
	// journey count flags them), with their exact counts.
	FewJourneys map[string]string `json:"fewJourneys"`
	// PlaneOnly are the regions only a plane reaches from the main group
	// of linked regions (air-only regions aside): the regions of CutOff.
	PlaneOnly []string `json:"planeOnly"`
	// CutOff are the groups of regions cut off from the main one (see
	// mapdata/reach), each its region ids.
	CutOff [][]string `json:"cutOff"`
	// Dead are the cards in no winning journey.
	Dead []string `json:"dead"`
	// DeckCards is the size of the deck.
	DeckCards int `json:"deckCards"`
}

// Finding is one thing that will make the game worse, with its evidence.
type Finding struct {
	// Kind: stalls, lonely-color, uneven-colors, cut-off, low-traffic,
	// colour-vision, seat-advantage, dominant-card, scattered-region,
	// dead-cards, far-regions, lint.
	Kind     string   `json:"kind"`
	Severity string   `json:"severity"` // error, warning, info
	Subject  string   `json:"subject,omitempty"`
	Message  string   `json:"message"`
	Evidence []string `json:"evidence"`
	// Proposals are the ids of the proposals that address it.
	Proposals []int `json:"proposals"`
	// Journeys are the exact counts behind a low-traffic finding (the
	// message says them as shares).
	Journeys *JourneyCounts `json:"journeys,omitempty"`
}

// JourneyCounts are exact journey counts (engine's journey count), as
// decimal strings: they outgrow 64 bits.
type JourneyCounts struct {
	Days int `json:"days"`
	// Through is the number of journeys through the finding's region,
	// Total of every journey, Median through the median region.
	Through string `json:"through"`
	Total   string `json:"total"`
	Median  string `json:"median"`
}

// Proposal is one edit, measured.
type Proposal struct {
	ID int `json:"id"`
	// Edit is the edit in one line ("raise transports.automobile.count to 14").
	Edit string `json:"edit"`
	// Changes are the edits to edition.yaml that Apply makes.
	Changes []Change `json:"changes"`
	// Effect says the measured difference in one line
	// ("stalled games 24.1% → 0.3%").
	Effect string `json:"effect"`
	// TradeOff, when set, says which headline measures the edit makes
	// worse ("stalls rise 42.9% → 44.4%"): such a proposal fixes its
	// finding at a cost, and is numbered after every clean fix.
	TradeOff string `json:"tradeOff,omitempty"`
	// Unmade, when set, says why the edit cannot be made in edition.yaml
	// as it is written (a layout the editor refuses, an alias in the
	// way): the proposal is reported, unmeasured, numbered after every
	// other, and Apply refuses it.
	Unmade string `json:"unmade,omitempty"`
	// Board says the edit changes only how the board is drawn
	// (board.insets), no rule of play: it is built, not played, and After
	// holds Before's game figures beside the edited build's own (lint,
	// colours, groups cut off); Effect says what it does to the board.
	Board bool `json:"board,omitempty"`
	// Before and After are the figures of the same seeded games (the
	// first After.Games of the report's), as the edition is and as
	// edited; Paired compares them game by game.
	Before Figures     `json:"before"`
	After  Figures     `json:"after"`
	Paired *Comparison `json:"paired,omitempty"`
}

// Comparison is a before → after over paired games (see Method).
type Comparison struct {
	// Games are the pairs played (the measure stops at the first look
	// where the verdict is clear); Level is each look's confidence.
	Games int     `json:"games"`
	Level float64 `json:"level"`
	// Stalls is the change in the share of stalled games.
	Stalls stats.PairedRate `json:"stalls"`
	// Turns is the change in a game's turns, over the games both ended.
	Turns stats.PairedShift `json:"turns"`
	// Verdict on stalls: "fewer stalls", "more stalls" (both significant at
	// Level), or "no measurable change".
	Verdict string `json:"verdict"`
}

// The verdicts of a Comparison.
const (
	VerdictFewer    = "fewer stalls"
	VerdictMore     = "more stalls"
	VerdictNoChange = "no measurable change"
)

// Change is one edit to edition.yaml, by key path.
type Change struct {
	// Op is "set" (the scalar at Path becomes Value, created with its
	// parents when missing) or "append" (Value is added to the sequence at
	// Path, created when missing).
	Op   string   `json:"op"`
	Path []string `json:"path"`
	// Value is a string, a number, or (for append) a map of strings
	// (a link) or of a list of strings (an inset: {regions: [...]}).
	Value any `json:"value"`
}
