package advise

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/mapdata/insets"
)

// farRegions are the groups of far regions that stretch the board's main
// map until most of its frame is empty (mapdata/insets), each a finding
// with one edit: a box of its own beside the main map (board.insets). Only
// for an edition, whose board the doctor has and whose text it can edit.
func (d *doctor) farRegions(base *state) []candidate {
	if base.text == nil || base.board == nil {
		return nil
	}
	names := map[string]string{}
	for _, r := range base.pack.Regions {
		names[r.ID] = r.Name
	}
	var out []candidate
	for _, p := range insets.Propose(insets.OnBoard(base.pack, base.board)) {
		var list []string
		for _, id := range p.Regions {
			list = append(list, names[id])
		}
		empty := 1 - p.FrameAfter/p.FrameBefore
		what := listShort(list, 8)
		f := Finding{Kind: "far-regions", Severity: "warning", Subject: p.Regions[0],
			Message:  fmt.Sprintf("%s lie far from the rest of the map: drawn in place, they leave %s of the main map's frame empty", what, pct(empty)),
			Evidence: []string{fmt.Sprintf("the main map's frame: %.4g square degrees with them, %.4g without (each region by its mainland's box)", p.FrameBefore, p.FrameAfter)}}
		e := &edit{
			edit:    fmt.Sprintf("draw %s in a box of their own beside the main map (board.insets)", what),
			changes: []Change{{Op: "append", Path: []string{"board", "insets"}, Value: map[string]any{"regions": list}}},
			board:   fmt.Sprintf("the main map's frame shrinks to %s of its area; play unchanged (board.insets only draws the board)", pct(p.FrameAfter/p.FrameBefore)),
		}
		out = append(out, candidate{finding: f, proposals: []*edit{e}})
	}
	return out
}

// proposeBoard judges an edit that changes only how the board is drawn:
// built, it must add no lint error and play as before (the same regions,
// links and deck, so the same seeded games). ok is false when it does not
// build or plays otherwise.
func (d *doctor) proposeBoard(base *state, e *edit) (Proposal, bool, error) {
	after, err := d.drawn(base, e)
	var unmade *unmadeError
	if errors.As(err, &unmade) {
		return Proposal{Edit: e.edit, Changes: e.changes, Board: true, Unmade: unmadeReason(unmade),
			Effect: "not made: the edit cannot be made in edition.yaml as it is written (" + unmadeReason(unmade) + ")"}, true, nil
	}
	if err != nil || after == nil {
		return Proposal{}, false, err
	}
	prop := Proposal{Edit: e.edit, Changes: e.changes, Board: true, Before: base.fig, After: after.fig, Effect: e.board}
	if worse := worsened(base.fig, after.fig, nil); len(worse) > 0 {
		prop.TradeOff = strings.Join(worse, "; ")
		prop.Effect = "fixes this, but " + prop.TradeOff + " (" + prop.Effect + ")"
	}
	return prop, true, nil
}

// drawn builds base with a board-only edit: its figures are the build's
// own, with base's games (the play is the same, so are the games); nil
// when it does not build, makes new errors, or changes the play.
func (d *doctor) drawn(base *state, e *edit) (*state, error) {
	after, err := d.edited(base, e)
	if err != nil || after == nil {
		return nil, err
	}
	if !samePlay(base.pack, after.pack) {
		return nil, nil
	}
	after.count = base.count
	if _, err := d.figures(after); err != nil {
		return nil, err
	}
	fig := after.fig
	fig.Games, fig.Stalled, fig.StalledRate, fig.TurnsToWin, fig.Dead = base.fig.Games, base.fig.Stalled, base.fig.StalledRate, base.fig.TurnsToWin, base.fig.Dead
	after.fig, after.games, after.stalledTurns = fig, base.games, base.stalledTurns
	return after, nil
}

// samePlay says whether two packs play alike: everything the engine reads
// (the provenance aside, which hashes edition.yaml).
func samePlay(a, b *mapdata.Pack) bool {
	x, y := *a, *b
	x.Provenance, y.Provenance = mapdata.Provenance{}, mapdata.Provenance{}
	return reflect.DeepEqual(x, y)
}
