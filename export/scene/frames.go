package scene

import (
	"fmt"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/mapdata"
)

// Label is a region's label point on the page (its pole of
// inaccessibility, where its name and link ends go) and the radius of the
// largest circle inside it there: a region narrower than a finger on
// screen is one the studio gives a marker. False when the board has no
// such region.
func (l *BoardLayout) Label(id string) (orb.Point, float64, bool) {
	pr, ok := l.byID[id]
	if !ok {
		return orb.Point{}, 0, false
	}
	return pr.anchor, pr.r, true
}

// Frame is one member map of a combined pack drawn as its own board, the
// way the boxes lie side by side on a table: its scene, and its layout
// (where each of its regions is on it).
type Frame struct {
	Map    mapdata.Member
	Scene  *Scene
	Layout *BoardLayout
}

// Frames draws each member map of a combined pack (p.Combined) as a board
// of its own: its regions, links, seas, rail lines, land and colours,
// projected and labelled as the box draws it. Links between maps belong to
// no frame; whoever lays the frames out draws them.
func Frames(p *mapdata.Pack, b *board.Geometry, opt Options) ([]Frame, error) {
	if p.Combined == nil {
		return nil, fmt.Errorf("the pack is not a combined edition")
	}
	var out []Frame
	for _, m := range p.Combined.Members {
		mp, mb := Member(p, b, m)
		if len(mp.Regions) == 0 {
			continue
		}
		l, err := Layout(mp, mb, opt)
		if err != nil {
			return nil, fmt.Errorf("map %s: %w", m.ID, err)
		}
		out = append(out, Frame{Map: m, Scene: l.Draw(), Layout: l})
	}
	return out, nil
}

// Member is one map of a combined pack and its board, as a pack of one
// map: its regions, the links between them, its seas, rail lines (their
// stops on this map), colours and cards, and the board's features of that
// map. Its edition is the member's (so it is projected as that box is).
func Member(p *mapdata.Pack, b *board.Geometry, m mapdata.Member) (*mapdata.Pack, *board.Geometry) {
	q := *p
	q.Combined = nil
	q.Edition.ID, q.Edition.Name = m.ID, m.Name
	in := map[string]bool{}
	colors := map[string]bool{}
	seas := map[string]bool{}
	q.Regions = nil
	for _, r := range p.Regions {
		if r.Map == m.ID {
			q.Regions = append(q.Regions, r)
			in[r.ID] = true
			colors[r.Color] = true
			for _, s := range r.Seas {
				seas[s] = true
			}
		}
	}
	q.Links = nil
	for _, l := range p.Links {
		if in[l.A] && in[l.B] {
			q.Links = append(q.Links, l)
		}
	}
	q.Colors = nil
	for _, c := range p.Colors {
		if colors[c.ID] {
			q.Colors = append(q.Colors, c)
		}
	}
	q.Seas = nil
	for _, s := range p.Seas {
		if seas[s.ID] {
			q.Seas = append(q.Seas, s)
		}
	}
	q.Rails = nil
	rails := map[string]bool{}
	for _, rl := range p.Rails {
		var stops []string
		for _, s := range rl.Stops {
			if in[s] {
				stops = append(stops, s)
			}
		}
		if len(stops) > 0 {
			rl.Stops = stops
			q.Rails = append(q.Rails, rl)
			rails[rl.ID] = true
		}
	}
	own := m.ID + "."
	q.Deck = mapdata.Deck{}
	for _, c := range p.Deck.Cards {
		mine := (c.Region != "" && in[c.Region]) || (c.Color != "" && colors[c.Color]) || (c.Rail != "" && rails[c.Rail]) ||
			(c.Sea != "" && strings.HasPrefix(c.Sea, own))
		if !mine {
			continue
		}
		q.Deck.Cards = append(q.Deck.Cards, c)
		if c.Kind == mapdata.RegionCard {
			q.Deck.Totals.RegionCards += c.Count
		} else {
			q.Deck.Totals.TransportCards += c.Count
		}
		q.Deck.Totals.Cards += c.Count
	}

	mb := &board.Geometry{File: b.File, Features: b.Features}
	for _, r := range b.Regions {
		if in[r.ID] {
			mb.Regions = append(mb.Regions, r)
		}
	}
	for _, l := range b.Land {
		if l.Map == m.ID {
			mb.Land = append(mb.Land, l)
		}
	}
	for _, s := range b.Seas {
		if s.Map == m.ID || (s.Map == "" && seas[s.ID]) {
			mb.Seas = append(mb.Seas, s)
		}
	}
	for _, r := range b.Rails {
		if r.Map == m.ID || (r.Map == "" && rails[r.ID]) {
			mb.Rails = append(mb.Rails, r)
		}
	}
	return &q, mb
}
