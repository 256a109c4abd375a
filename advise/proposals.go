package advise

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/yamledit"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// candidate is a finding and the edits that may fix it, best first.
type candidate struct {
	finding   Finding
	proposals []*edit
}

// edit is one proposed edit and how to judge it.
type edit struct {
	edit    string
	changes []Change
	// pack edits a copy of the pack in memory when there is no edition.
	pack func(p *mapdata.Pack)
	// keep says whether the measured effect is worth proposing.
	keep func(before, after *state) bool
	// effect says the difference in one line.
	effect func(before, after *state) string
	// enough: a clean proposal of this edit leaves no need to try the
	// next edits of the candidate.
	enough func(p Proposal) bool
	// board, when set, is the effect of an edit that changes only how
	// the board is drawn (board.insets): no rule of play moves, so it is
	// judged by building it, not by games (see proposeBoard).
	board string
}

// Apply writes the proposals' changes into edition.yaml's text, keeping its
// comments and layout.
func Apply(editionYAML []byte, proposals []Proposal) ([]byte, error) {
	text := editionYAML
	for _, p := range proposals {
		if p.Unmade != "" {
			return nil, fmt.Errorf("proposal %d (%s) cannot be made in edition.yaml as it is written: %s; make it by hand", p.ID, p.Edit, p.Unmade)
		}
		var err error
		if text, err = applyChanges(text, p.Changes); err != nil {
			return nil, fmt.Errorf("proposal %d (%s): %w", p.ID, p.Edit, err)
		}
	}
	return text, nil
}

func applyChanges(text []byte, changes []Change) ([]byte, error) {
	for _, c := range changes {
		var err error
		if len(c.Path) > 0 {
			text = uncommentTemplate(text, c.Path[0])
		}
		switch c.Op {
		case "set":
			if list, ok := c.Value.([]string); ok {
				// A list (colors.palette) replaces the one-line flow
				// sequence there; yamledit sets scalars.
				edited, ok := setFlowList(text, c.Path, list)
				if !ok {
					return nil, fmt.Errorf("%s is not a one-line list [a, b, ...]", strings.Join(c.Path, "."))
				}
				text = edited
				continue
			}
			text, err = yamledit.Set(text, c.Path, c.Value)
		case "append":
			text, err = yamledit.Append(text, c.Path, c.Value)
		default:
			err = fmt.Errorf("unknown change %q", c.Op)
		}
		if err != nil {
			return nil, err
		}
	}
	return text, nil
}

// templateLine is a top-level key that init's template leaves commented
// out, with an empty value or a placeholder and a note:
// "# air_only: []               regions only planes reach".
var templateLine = regexp.MustCompile(`^# ([A-Za-z_]+): (\[\]|\{[^{}]*\})(\s+)(\S.*)?$`)

// uncommentTemplate makes a missing top-level key real where init's
// template comment for it stands, so a new key lands where the designer
// reads about it, not at the end of the file: the comment line becomes
// "key: [] # note" (or "{}"), which the change then fills. Text with the
// key already, or with no such comment, is returned as it is.
func uncommentTemplate(text []byte, key string) []byte {
	lines := strings.SplitAfter(string(text), "\n")
	at := -1
	for i, line := range lines {
		if strings.HasPrefix(line, key+":") {
			return text // the key is there
		}
		if m := templateLine.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil && m[1] == key && at < 0 {
			at = i
		}
	}
	if at < 0 {
		return text
	}
	m := templateLine.FindStringSubmatch(strings.TrimRight(lines[at], "\r\n"))
	empty := "[]"
	if strings.HasPrefix(m[2], "{") {
		empty = "{}"
	}
	line := key + ": " + empty
	if m[4] != "" {
		line += strings.Repeat(" ", max(1, len(m[2])+len(m[3])-len(empty)-2)) + "# " + m[4]
	}
	lines[at] = line + lines[at][len(strings.TrimRight(lines[at], "\r\n")):]
	return []byte(strings.Join(lines, ""))
}

// unmadeError is an edit the editor cannot make in edition.yaml as it is
// written: reported as a proposal that cannot be made, never dropped.
type unmadeError struct{ err error }

func (e *unmadeError) Error() string { return e.err.Error() }
func (e *unmadeError) Unwrap() error { return e.err }

// edited builds the edition (or pack) with one edit; nil when the edit
// does not build or makes new errors; an *unmadeError when the edit cannot
// be made in the text.
func (d *doctor) edited(base *state, e *edit) (*state, error) {
	var st *state
	var err error
	if base.text != nil {
		text, aerr := applyChanges(base.text, e.changes)
		if aerr != nil {
			return nil, &unmadeError{aerr}
		}
		if st, err = d.build(text, nil); err != nil {
			return nil, nil
		}
	} else {
		if e.pack == nil {
			return nil, nil
		}
		data, jerr := json.Marshal(base.pack)
		if jerr != nil {
			return nil, jerr
		}
		var p mapdata.Pack
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, err
		}
		e.pack(&p)
		mapdata.Canonicalize(&p)
		if st, err = d.build(nil, &p); err != nil {
			return nil, nil
		}
	}
	if errorCount(st) > errorCount(base) {
		return nil, nil
	}
	return st, nil
}

func errorCount(st *state) int {
	n := 0
	for _, f := range st.findings {
		if f.Severity >= diag.Error {
			n++
		}
	}
	return n
}

// candidates are the findings on the edition as it is, each with its
// edits, in the report's order: the deck, colours, groups cut off, the
// regions few journeys pass, colour vision, balance, dead cards, far
// regions that stretch the board, lint errors.
func (d *doctor) candidates(base *state) []candidate {
	var out []candidate
	ed := d.edition(base)
	if c := d.stalls(base, ed); c != nil {
		out = append(out, *c)
	}
	for _, colour := range base.fig.LonelyColors {
		out = append(out, d.lonely(base, ed, colour))
	}
	if c := d.uneven(base, ed); c != nil {
		out = append(out, *c)
	}
	for _, group := range base.fig.CutOff {
		out = append(out, d.cutOff(base, ed, group))
	}
	out = append(out, d.lowTraffic(base, ed)...)
	if c := d.colourVision(base); c != nil {
		out = append(out, *c)
	}
	out = append(out, d.balance(base)...)
	if dead := base.fig.Dead; len(dead) > 0 {
		out = append(out, candidate{finding: Finding{Kind: "dead-cards", Severity: "warning",
			Message:  fmt.Sprintf("%d card(s) are in no winning journey of %d games: %s", len(dead), base.fig.Games, strings.Join(dead, ", ")),
			Evidence: []string{fmt.Sprintf("%d games, seed %d, %d players, greedy bots", base.fig.Games, d.opts.Seed, d.opts.Players)}}})
	}
	out = append(out, d.farRegions(base)...)
	for _, f := range base.findings {
		if f.Severity >= diag.Error {
			out = append(out, candidate{finding: Finding{Kind: "lint", Severity: "error", Subject: f.Rule, Message: f.Message,
				Evidence: []string{f.String()}}})
		}
	}
	return out
}

// edition decodes the edition for names and counts (nil for a pack).
func (d *doctor) edition(base *state) *mapdata.Edition {
	if base.text == nil {
		return nil
	}
	doc, err := mapdata.DecodeEdition(d.file, base.text)
	if err != nil {
		return nil
	}
	return doc.Edition
}

func cars(p *mapdata.Pack) int {
	n := 0
	for _, c := range p.Deck.Cards {
		if c.Kind == mapdata.CarCard {
			n += c.Count
		}
	}
	return n
}

func setCars(p *mapdata.Pack, n int) {
	for i, c := range p.Deck.Cards {
		if c.Kind == mapdata.CarCard {
			p.Deck.Cards[i].Count = n
			return
		}
	}
	c := mapdata.Card{Kind: mapdata.CarCard, Count: n}
	c.Token = mapdata.CardToken(c)
	p.Deck.Cards = append(p.Deck.Cards, c)
}

func (d *doctor) stalls(base *state, ed *mapdata.Edition) *candidate {
	p, fig := base.pack, base.fig
	need := mapdata.MinDeckFor(lint.MaxPlayers, p.Edition.Days)
	small := fig.DeckCards < need
	if !small && (fig.Games == 0 || fig.StalledRate < StalledThreshold) {
		return nil
	}
	f := Finding{Kind: "stalls", Severity: "warning", Evidence: []string{
		fmt.Sprintf("deck: %d cards (%d cars) for %d players × %d days", fig.DeckCards, cars(p), d.opts.Players, p.Edition.Days)}}
	if fig.Games > 0 {
		f.Message = fmt.Sprintf("%d of %d games stalled (%s): no one won in %d turns", fig.Stalled, fig.Games, pct(fig.StalledRate), d.opts.TurnCap)
		f.Evidence = append(f.Evidence, fmt.Sprintf("turns to win: median %g", fig.TurnsToWin))
	} else {
		f.Severity = "error"
		f.Message = fmt.Sprintf("the deck has %d cards, too few to deal %d players (needs %d)", fig.DeckCards, lint.MaxPlayers, need)
	}
	c0 := cars(p)
	var counts []int
	for _, target := range []int{need + 8, need + 16, need + 28} {
		if k := c0 + target - fig.DeckCards; k > c0 && !slices.Contains(counts, k) {
			counts = append(counts, k)
		}
	}
	c := &candidate{finding: f}
	// A journey holds at least days/2 region cards: with too few region
	// cards for every player's journey, no car count helps.
	regionCards, single := 0, true
	for _, r := range p.Regions {
		regionCards += r.Copies
		single = single && r.Copies == 1
	}
	if want := RegionCardsFor(d.opts.Players, p.Edition.Days); single && regionCards < want {
		f.Evidence = append(f.Evidence, fmt.Sprintf("%d region cards; %d players want %d or more (three in four of their %d days are regions)",
			regionCards, d.opts.Players, want, p.Edition.Days))
		c.finding = f
		e := &edit{edit: fmt.Sprintf("give every region a second card (copies: 2 for all %d regions)", len(p.Regions)),
			pack: func(p *mapdata.Pack) {
				for i := range p.Regions {
					p.Regions[i].Copies = 2
				}
				for i, c := range p.Deck.Cards {
					if c.Kind == mapdata.RegionCard {
						p.Deck.Cards[i].Count = 2
					}
				}
			},
			keep:   fewerStalls,
			effect: deckEffect,
			enough: stallsMended,
		}
		for _, r := range p.Regions {
			e.changes = append(e.changes, Change{Op: "set", Path: []string{"copies", regionKey(ed, r)}, Value: 2})
		}
		c.proposals = append(c.proposals, e)
	}
	for _, k := range counts {
		k := k
		c.proposals = append(c.proposals, &edit{
			edit:    fmt.Sprintf("raise transports.automobile.count from %d to %d", c0, k),
			changes: []Change{{Op: "set", Path: []string{"transports", "automobile", "count"}, Value: k}},
			pack:    func(p *mapdata.Pack) { setCars(p, k) },
			keep:    fewerStalls,
			effect:  deckEffect,
			enough:  stallsMended,
		})
	}
	// The deck edits --fix makes, so that the warning comes with every
	// proposal --fix could take for it.
	if ed != nil {
		for _, e := range []*edit{planesEdit(ed, p, +1), copiesEdit(ed, p, "give the regions with the most neighbours one card more", hubs(p, +1))} {
			if e != nil {
				e.keep, e.effect, e.enough = fewerStalls, deckEffect, stallsMended
				c.proposals = append(c.proposals, e)
			}
		}
	}
	return c
}

// fewerStalls keeps a deck edit whose games stall less (as a point
// estimate: the comparison says whether significantly).
func fewerStalls(b, a *state) bool {
	return a.fig.Games > 0 && (b.fig.Games == 0 || a.fig.StalledRate < b.fig.StalledRate)
}

// stallsMended: stalls fell significantly, under the threshold.
func stallsMended(p Proposal) bool {
	return p.After.Games > 0 && p.After.StalledRate < StalledThreshold && (p.Paired == nil || p.Paired.Verdict == VerdictFewer)
}

// RegionCardsFor is the fewest region cards a deck wants for players: a
// journey's days are mostly regions (three in four, as bots play), and
// fewer leaves every region card held and the game stalled.
func RegionCardsFor(players, days int) int { return players*days*3/4 + 3 }

// deckEffect is a deck edit's own effect: the deck's size (the stalls
// are the comparison's).
func deckEffect(b, a *state) string {
	if b.fig.Games == 0 {
		return fmt.Sprintf("deck %d → %d cards; stalled games %s", b.fig.DeckCards, a.fig.DeckCards, pct(a.fig.StalledRate))
	}
	return fmt.Sprintf("deck %d → %d cards", b.fig.DeckCards, a.fig.DeckCards)
}

// regionKey is how edition.yaml names region r in copies and in a sea's
// add list: as the edition's copies name it, else by name.
func regionKey(ed *mapdata.Edition, r mapdata.Region) string {
	if ed == nil {
		return r.Name
	}
	return editionKey(ed.Copies, r)
}

// editionKey is the key of m that names region r (by id, name or alias, case
// and accents aside), or r's name when none does.
func editionKey[V any](m map[string]V, r mapdata.Region) string {
	names := append([]string{r.ID, r.Name}, r.Aliases...)
	for k := range m {
		for _, n := range names {
			if mapdata.Fold(k) == mapdata.Fold(n) {
				return k
			}
		}
	}
	return r.Name
}

// neighbours are each region's walking neighbours, by id.
func neighbours(p *mapdata.Pack) map[string][]string {
	out := map[string][]string{}
	for _, l := range p.Links {
		if l.Kind.Walks() {
			out[l.A] = append(out[l.A], l.B)
			out[l.B] = append(out[l.B], l.A)
		}
	}
	return out
}

// sameColourBorders counts walking links between regions of one colour.
func sameColourBorders(p *mapdata.Pack) int {
	col := map[string]string{}
	for _, r := range p.Regions {
		col[r.ID] = r.Color
	}
	n := 0
	for _, l := range p.Links {
		if l.Kind.Walks() && col[l.A] == col[l.B] {
			n++
		}
	}
	return n
}

// journeyShare is the share of the journeys that pass through region id,
// for a person to read ("1.0%"; the exact counts are in the report's
// JSON).
func journeyShare(st *state, id string) string {
	if st.count == nil {
		return "0%"
	}
	return shareOf(journeys(st, id), st.count.Total)
}

// shareOf is n / total as a percentage: one decimal, or two significant
// digits under 0.1% (so a region some journeys pass through never reads
// 0%).
func shareOf(n, total *big.Int) string {
	if total.Sign() == 0 || n.Sign() == 0 {
		return "0%"
	}
	x, _ := new(big.Rat).SetFrac(n, total).Float64()
	if 100*x < 0.1 {
		return fmt.Sprintf("%.2g%%", 100*x)
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

func journeys(st *state, id string) *big.Int {
	if st.count == nil {
		return new(big.Int)
	}
	for _, rc := range st.count.Regions {
		if rc.ID == id {
			return rc.Journeys
		}
	}
	return new(big.Int)
}

// assignKey is the key of colors.assign naming the region: the one the
// edition uses already, else the region's name.
func assignKey(ed *mapdata.Edition, r mapdata.Region) string {
	if ed == nil {
		return r.Name
	}
	return editionKey(ed.Colors.Assign, r)
}

// recolour proposes giving region r colour c, keeping neighbours apart.
func recolour(ed *mapdata.Edition, r mapdata.Region, colour string, keep func(b, a *state) bool, effect func(b, a *state) string) *edit {
	id := r.ID
	return &edit{
		edit:    fmt.Sprintf("change the colour of %s (%s) from %s to %s", r.Name, r.ID, r.Color, colour),
		changes: []Change{{Op: "set", Path: []string{"colors", "assign", assignKey(ed, r)}, Value: colour}},
		pack: func(p *mapdata.Pack) {
			for i := range p.Regions {
				if p.Regions[i].ID == id {
					p.Regions[i].Color = colour
				}
			}
		},
		keep: func(b, a *state) bool {
			return sameColourBorders(a.pack) <= sameColourBorders(b.pack) && keep(b, a)
		},
		effect: effect,
	}
}

// movable are the regions of colour from that may take colour to: no
// neighbour holds it, fewest journeys first.
func movable(st *state, from, to string) []mapdata.Region {
	p := st.pack
	col := map[string]string{}
	for _, r := range p.Regions {
		col[r.ID] = r.Color
	}
	nb := neighbours(p)
	var out []mapdata.Region
	for _, r := range p.Regions {
		if r.AirOnly || r.Color != from {
			continue
		}
		ok := true
		for _, n := range nb[r.ID] {
			ok = ok && col[n] != to
		}
		if ok {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b mapdata.Region) int { return journeys(st, a.ID).Cmp(journeys(st, b.ID)) })
	return out
}

func classesText(m map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// largest are the colours by class size, largest first.
func largest(m map[string]int) []string {
	keys := slices.Sorted(maps.Keys(m))
	slices.SortStableFunc(keys, func(a, b string) int { return m[b] - m[a] })
	return keys
}

func (d *doctor) lonely(base *state, ed *mapdata.Edition, colour string) candidate {
	fig := base.fig
	c := candidate{finding: Finding{Kind: "lonely-color", Severity: "warning", Subject: colour,
		Message:  fmt.Sprintf("colour %s is held by %d region(s), so its planes link nothing", colour, fig.ColorClasses[colour]),
		Evidence: []string{"regions per colour: " + classesText(fig.ColorClasses)}}}
	for _, from := range largest(fig.ColorClasses) {
		if from == colour || fig.ColorClasses[from] <= 2 {
			continue
		}
		ms := movable(base, from, colour)
		for _, r := range ms[:min(2, len(ms))] {
			c.proposals = append(c.proposals, recolour(ed, r, colour,
				func(b, a *state) bool { return !slices.Contains(a.fig.LonelyColors, colour) },
				func(b, a *state) string {
					return fmt.Sprintf("regions of %s %d → %d; lonely colours %d → %d", colour,
						b.fig.ColorClasses[colour], a.fig.ColorClasses[colour], len(b.fig.LonelyColors), len(a.fig.LonelyColors))
				}))
		}
		if len(c.proposals) > 0 {
			for _, e := range c.proposals {
				e.enough = func(Proposal) bool { return true }
			}
			break
		}
	}
	return c
}

func spread(m map[string]int) int {
	lo, hi := 1<<30, 0
	for _, v := range m {
		lo, hi = min(lo, v), max(hi, v)
	}
	return hi - lo
}

func (d *doctor) uneven(base *state, ed *mapdata.Edition) *candidate {
	fig := base.fig
	if len(fig.LonelyColors) > 0 || len(fig.ColorClasses) < 2 || spread(fig.ColorClasses) < 3 {
		return nil
	}
	order := largest(fig.ColorClasses)
	big, small := order[0], order[len(order)-1]
	c := &candidate{finding: Finding{Kind: "uneven-colors", Severity: "info", Subject: small,
		Message: fmt.Sprintf("colour classes are uneven: %s has %d regions, %s %d (its planes link %d pair(s), %s's %d)",
			big, fig.ColorClasses[big], small, fig.ColorClasses[small], pairs(fig.ColorClasses[small]), big, pairs(fig.ColorClasses[big])),
		Evidence: []string{"regions per colour: " + classesText(fig.ColorClasses)}}}
	cands := movable(base, big, small)
	for _, r := range cands[:min(2, len(cands))] {
		c.proposals = append(c.proposals, recolour(ed, r, small,
			func(b, a *state) bool { return spread(a.fig.ColorClasses) < spread(b.fig.ColorClasses) },
			func(b, a *state) string {
				return fmt.Sprintf("largest minus smallest colour class %d → %d", spread(b.fig.ColorClasses), spread(a.fig.ColorClasses))
			}))
		c.proposals[len(c.proposals)-1].enough = func(Proposal) bool { return true }
	}
	return c
}

func pairs(n int) int { return n * (n - 1) / 2 }

func regionByID(p *mapdata.Pack, id string) mapdata.Region {
	for _, r := range p.Regions {
		if r.ID == id {
			return r
		}
	}
	return mapdata.Region{ID: id, Name: id}
}

// listShort lists up to n ids, then how many more.
func listShort(ids []string, n int) string {
	if len(ids) <= n {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ids[:n], ", "), len(ids)-n)
}

// MaxLowTraffic is how many of the least-travelled regions get a proposal.
const MaxLowTraffic = 3

func (d *doctor) lowTraffic(base *state, ed *mapdata.Edition) []candidate {
	if base.count == nil {
		return nil
	}
	var few []string
	var all []*big.Int
	for _, rc := range base.count.Regions {
		all = append(all, rc.Journeys)
		if rc.Few && !slices.Contains(base.fig.PlaneOnly, rc.ID) && !regionByID(base.pack, rc.ID).AirOnly {
			few = append(few, rc.ID)
		}
	}
	slices.SortFunc(all, func(a, b *big.Int) int { return a.Cmp(b) })
	med := all[len(all)/2]
	slices.SortStableFunc(few, func(a, b string) int { return journeys(base, a).Cmp(journeys(base, b)) })
	var out []candidate
	for k, id := range few {
		r := regionByID(base.pack, id)
		days := base.pack.Edition.Days
		c := candidate{finding: Finding{Kind: "low-traffic", Severity: "info", Subject: id,
			Message: fmt.Sprintf("%s of %d-day journeys pass through %s (%s); the median region %s",
				journeyShare(base, id), days, r.Name, id, shareOf(med, base.count.Total)),
			Evidence: []string{fmt.Sprintf("every %d-day journey counted exactly (tendays journey count; the counts are in the JSON report)", days)},
			Journeys: &JourneyCounts{Days: days, Through: journeys(base, id).String(), Total: base.count.Total.String(), Median: med.String()}}}
		if k < MaxLowTraffic {
			for _, to := range largest(base.fig.ColorClasses) {
				if to == r.Color || base.fig.ColorClasses[to] <= base.fig.ColorClasses[r.Color] {
					continue
				}
				if !slices.ContainsFunc(movable(base, r.Color, to), func(x mapdata.Region) bool { return x.ID == id }) {
					continue
				}
				if base.fig.ColorClasses[r.Color] <= 2 {
					break // moving it would leave its colour lonely
				}
				c.proposals = append(c.proposals, recolour(ed, r, to,
					func(b, a *state) bool {
						return journeys(a, id).Cmp(journeys(b, id)) > 0 && len(a.fig.LonelyColors) <= len(b.fig.LonelyColors)
					},
					func(b, a *state) string {
						return fmt.Sprintf("journeys through %s %s → %s", id, journeyShare(b, id), journeyShare(a, id))
					}))
				c.proposals[len(c.proposals)-1].enough = func(Proposal) bool { return true }
				break
			}
		}
		out = append(out, c)
	}
	return out
}
