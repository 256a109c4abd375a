package advise

import (
	"fmt"
	"math"
	"strings"

	"github.com/tendays/tendays/engine/stats"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/mapdata/reach"
)

// DominantShare is the share of winning journeys from which a transport
// card is said to decide the game: most of them hold it.
const DominantShare = 0.5

// balance are the findings of fairness the evidence's games show, in
// words: a seat that wins significantly more or less than its share, a
// transport card in most winning journeys, a region in pieces so far apart
// that its borders make shortcuts.
func (d *doctor) balance(base *state) []candidate {
	var out []candidate
	if c := seatAdvantage(base); c != nil {
		out = append(out, *c)
	}
	if base.games != nil {
		for _, c := range balanceOf(base.games).Cards {
			if c.Share <= DominantShare {
				break
			}
			out = append(out, candidate{finding: Finding{Kind: "dominant-card", Severity: "info", Subject: c.Token,
				Message: fmt.Sprintf("%s is in %s of the winning journeys: the game turns on that %s card", c.Token, numfmt.Percent(c.Share), c.Kind),
				Evidence: []string{fmt.Sprintf("%s winning journeys of %s games, seed %d; the next transport cards: %s",
					grouped(base.games.Finished), grouped(base.games.Games), d.opts.Seed, nextCards(balanceOf(base.games).Cards, c.Token))}}})
		}
	}
	out = append(out, scattered(base)...)
	return out
}

// SeatMargin is the least difference from a fair share of wins that the
// doctor speaks of (1.5 points: 26.5% or 23.5% of four-player games).
const SeatMargin = 0.015

// seatAdvantage says when a seat wins significantly more (or less) than
// a fair share, 1/players: its Wilson interval at 95% over all the seats
// (Bonferroni) leaves the fair share out.
func seatAdvantage(base *state) *candidate {
	r := base.games
	if r == nil || r.Finished == 0 || len(r.Seats) < 2 {
		return nil
	}
	fair := 1 / float64(len(r.Seats))
	z := stats.Z(1 - Alpha/float64(len(r.Seats)))
	var off, all []string
	for _, s := range r.Seats {
		lo, hi := stats.WilsonZ(s.Wins, s.Games, z)
		all = append(all, fmt.Sprintf("%s %s [%s, %s]", s.Name, numfmt.Percent(s.Rate), numfmt.Percent(s.Low), numfmt.Percent(s.High)))
		switch {
		case math.Abs(s.Rate-fair) < SeatMargin:
			// significant or not, too small to be worth a sentence
		case lo > fair:
			off = append(off, fmt.Sprintf("%s wins more (%s)", s.Name, numfmt.Percent(s.Rate)))
		case hi < fair:
			off = append(off, fmt.Sprintf("%s wins less (%s)", s.Name, numfmt.Percent(s.Rate)))
		}
	}
	if len(off) == 0 {
		return nil
	}
	return &candidate{finding: Finding{Kind: "seat-advantage", Severity: "info",
		Message: fmt.Sprintf("the seats are not even: %s than a fair %s of %s games (significant at 95%% over the %d seats, and 1.5 points or more)",
			strings.Join(off, ", "), numfmt.Percent(fair), grouped(r.Games), len(r.Seats)),
		Evidence: []string{"wins by seat (95% Wilson intervals): " + strings.Join(all, ", ")}}}
}

// grouped is a count with its digits grouped: 20,000.
func grouped(n int) string { return numfmt.GroupDigits(fmt.Sprint(n)) }

// nextCards are the transport cards after token, up to three, with their
// shares.
func nextCards(cards []CardShare, token string) string {
	var out []string
	for _, c := range cards {
		if c.Token != token && len(out) < 3 {
			out = append(out, fmt.Sprintf("%s %s", c.Token, numfmt.Percent(c.Share)))
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// scattered are the regions whose pieces lie farther apart than the
// edition's normal crossing: one card, one step on foot, from coast to
// coast (an exclave that acts as a shortcut).
func scattered(base *state) []candidate {
	normal := base.normalCrossingKm()
	if normal <= 0 {
		return nil
	}
	var ids []string
	for _, r := range base.pack.Regions {
		if !r.AirOnly {
			ids = append(ids, r.ID)
		}
	}
	var out []candidate
	nb := neighbours(base.pack)
	for _, s := range reach.ScatteredRegions(base.outline(), ids, nb, normal) {
		r := regionByID(base.pack, s.ID)
		out = append(out, candidate{finding: Finding{Kind: "scattered-region", Severity: "info", Subject: s.ID,
			Message: fmt.Sprintf("%s (%s) lies in %d pieces up to %s apart: a walk through it joins its %d neighbours as if they were next to each other (an exclave that acts as a shortcut)",
				r.Name, s.ID, s.Pieces, kmText(s.Gap), len(nb[s.ID])),
			Evidence: []string{fmt.Sprintf("the edition's links make %.0f km normal; neighbours: %s", normal, strings.Join(nb[s.ID], ", "))}}})
	}
	return out
}
