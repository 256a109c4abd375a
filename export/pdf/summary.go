package pdf

import (
	"fmt"
	"strings"

	"github.com/tendays/tendays/colorvision"
	"github.com/tendays/tendays/export/scene"
	"github.com/tendays/tendays/mapdata"
)

// SummaryMarker begins the summary page's foot line.
const SummaryMarker = "Summary"

// summary is the first page: what is in the box, the colours and their
// symbols, the travel rules beyond the base game's, and how to print.
func (d *doc) summary() {
	f := d.f
	f.AddPageFormat("P", sizeOf(d.sheet.Paper))
	W, _ := f.GetPageSize()
	x, y := 15.0, 20.0
	d.setText(ink)
	d.font(true, d.fit(d.p.Edition.Name, true, W-2*x, 20))
	d.text(x, y, d.p.Edition.Name)
	y += 7
	d.font(false, 10)
	d.text(x, y, fmt.Sprintf("Print and play · %d days · %s paper", d.p.Edition.Days, strings.ToUpper(d.sheet.Paper.Name)))
	y += 10

	heading := func(s string) {
		y += 3
		d.font(true, 12)
		d.setText(ink)
		d.text(x, y, s)
		y += 6
	}
	line := func(s string) {
		d.font(false, 9.5)
		d.setText(ink)
		for _, l := range d.lines(s, W-2*x-4) {
			d.text(x+2, y, l)
			y += 4.6
		}
	}

	heading("The deck")
	regions, copies := 0, 0
	kinds := map[mapdata.CardKind]int{}
	for _, c := range d.cards {
		kinds[c.Kind]++
		if c.Kind == mapdata.RegionCard {
			regions++
			if c.Count > 1 && c.Copy == 2 {
				copies++
			}
		}
	}
	line(fmt.Sprintf("%d cards: %d region cards (%d regions%s) and %d transport cards.", len(d.cards), regions, len(d.p.Regions), plural(copies, "; one region has two cards", "; %d regions have two cards each"), len(d.cards)-regions))
	var planes, ships, trains []string
	for _, c := range d.p.Deck.Cards {
		if c.Count <= 0 {
			continue
		}
		switch c.Kind {
		case mapdata.PlaneCard:
			_, name := d.colour(c.Color)
			planes = append(planes, fmt.Sprintf("%d %s", c.Count, name))
		case mapdata.ShipCard:
			name := c.Sea
			if c.Routes {
				name = "along the ship routes"
			}
			for _, s := range d.p.Seas {
				if s.ID == c.Sea && s.Name != "" {
					name = s.Name
				}
			}
			ships = append(ships, fmt.Sprintf("%d %s", c.Count, name))
		case mapdata.TrainCard:
			name := "any line"
			for _, r := range d.p.Rails {
				if r.ID == c.Rail && c.Rail != "" {
					name = cmpOr(r.Name, r.ID)
				}
			}
			trains = append(trains, fmt.Sprintf("%d %s", c.Count, name))
		}
	}
	// kindsOf is a kind's heading: the box's plural, or the edition's own
	// name for the kind ("Zug cards").
	kindsOf := func(k mapdata.CardKind, plural string) string {
		if t := d.p.Rules.Kind(k); t.Name != (mapdata.Rules{}).Kind(k).Name {
			return t.Name + " cards"
		}
		return plural
	}
	if len(planes) > 0 {
		line(fmt.Sprintf("%s (%d): %s.", kindsOf(mapdata.PlaneCard, "Airplanes"), kinds[mapdata.PlaneCard], strings.Join(planes, ", ")))
	}
	if n := kinds[mapdata.CarCard]; n > 0 {
		line(fmt.Sprintf("%s: %d.", kindsOf(mapdata.CarCard, "Automobiles"), n))
	}
	if len(ships) > 0 {
		line(fmt.Sprintf("%s (%d): %s.", kindsOf(mapdata.ShipCard, "Ships"), kinds[mapdata.ShipCard], strings.Join(ships, ", ")))
	}
	if len(trains) > 0 {
		line(fmt.Sprintf("%s (%d): %s.", kindsOf(mapdata.TrainCard, "Trains"), kinds[mapdata.TrainCard], strings.Join(trains, ", ")))
	}

	heading("Colours and their symbols")
	count := map[string]int{}
	for _, r := range d.p.Regions {
		count[r.Color]++
	}
	for _, c := range d.p.Colors {
		if count[c.ID] == 0 {
			continue
		}
		hex, name := d.colour(c.ID)
		setFill(f, hex)
		setDraw(f, ink)
		f.SetLineWidth(0.2)
		f.Rect(x+2, y-3.4, 8, 4.4, "FD")
		d.symbol(c.ID, x+6, y-1.2, 1.8, scene.SymbolStyle(hex, 0.3))
		d.font(false, 9.5)
		d.setText(ink)
		sym := ""
		if s, ok := d.symbols[c.ID]; ok {
			sym = scene.SymbolNames[s]
		}
		d.text(x+13, y, fmt.Sprintf("%s (%s): %d regions, symbol %s", name, hex, count[c.ID], sym))
		y += 5.4
	}
	if notes := d.cvdNotes(); len(notes) > 0 {
		for _, n := range notes {
			line(n)
		}
	}

	heading("Travel beyond the base game")
	line("As in every edition: on foot between bordering regions, by automobile through a third region that borders both, by airplane between two regions of the plane's colour.")
	for _, r := range d.travelRules() {
		line("• " + r)
	}

	heading("Printing")
	line(fmt.Sprintf("Print at 100%% (no fit to page). Card fronts are %g × %g mm with a %g mm bleed, %d to a sheet; cut on the crop marks. Each fronts page is followed by its backs: print double-sided and flip on the long edge, and every back lands behind its front.", CardW, CardH, Bleed, d.sheet.PerPage()))
	if d.board != nil {
		line(fmt.Sprintf("The board is tiled over %d pages (%d × %d) at %s, each tile overlapping its neighbours by %g mm: trim one edge of each overlap, line up the + marks and tape. A page map comes first.", d.board.cols*d.board.rows, d.board.cols, d.board.rows, d.board.scaleText(), tileOverlap))
	} else {
		line("No board geometry was given, so no board pages (tendays build writes it beside the pack).")
	}
	d.footer(SummaryMarker + " · " + d.p.Edition.Name)
}

// cvdNotes say which colours people with a colour-vision deficiency confuse,
// and that the symbols tell them apart.
func (d *doc) cvdNotes() []string {
	var ids []string
	var rgb []colorvision.RGB
	for _, c := range d.p.Deck.Cards {
		if c.Kind != mapdata.PlaneCard || c.Count <= 0 {
			continue
		}
		col, ok := d.colours[c.Color]
		if !ok {
			continue
		}
		v, err := colorvision.ParseHex(col.Hex)
		if err != nil {
			continue
		}
		ids = append(ids, c.Color)
		rgb = append(rgb, v)
	}
	var out []string
	for _, p := range colorvision.Below(rgb, colorvision.Deficiencies, colorvision.Threshold) {
		if d.p.Combined != nil && mapOf(d.p, ids[p.A]) != mapOf(d.p, ids[p.B]) {
			continue
		}
		_, a := d.colour(ids[p.A])
		_, b := d.colour(ids[p.B])
		out = append(out, fmt.Sprintf("With %s, %s and %s look alike (%.1f apart): tell them by their symbols.", p.Vision, a, b, p.Distance))
	}
	return out
}

func mapOf(p *mapdata.Pack, colour string) string {
	for _, r := range p.Regions {
		if r.Color == colour {
			return r.Map
		}
	}
	return ""
}

// travelRules are the pack's ways of travelling and playing that the base
// game (foot, automobile, airplane, ten days) does not have.
func (d *doc) travelRules() []string {
	p := d.p
	var out []string
	if p.Edition.Days != 10 {
		out = append(out, fmt.Sprintf("A journey is %d days long.", p.Edition.Days))
	}
	var air []string
	for _, r := range p.Regions {
		if r.AirOnly {
			air = append(air, r.Name)
		}
	}
	if len(air) > 0 {
		out = append(out, fmt.Sprintf("Only airplanes reach %s; a plane to or from it matches the colour of the other end, and between two such regions any plane serves.", andList(air)))
	}
	has := map[mapdata.LinkKind]int{}
	for _, l := range p.Links {
		has[l.Kind]++
	}
	if n := has[mapdata.Bridge] + has[mapdata.Ferry]; n > 0 {
		out = append(out, fmt.Sprintf("Bridges and ferries (%d) count as borders for walking.", n))
	}
	if len(p.Seas) > 0 {
		out = append(out, "A ship links two regions on the sea named on its card.")
		for _, s := range p.Seas {
			if len(s.Connects) > 0 {
				out = append(out, fmt.Sprintf("%s connects with %s: two ship cards side by side cross from one to the other.", cmpOr(s.Name, s.ID), strings.Join(s.Connects, ", ")))
			}
		}
	}
	if len(p.Rails) > 0 {
		out = append(out, "A train links two stops of one rail line (a line's name on the card limits it to that line).")
	}
	if n := len(p.ShipRoutes); n > 0 {
		out = append(out, fmt.Sprintf("A ship of the routes links two stops of one of the %d ship routes drawn on the board, and no other two coasts.", n))
	}
	if p.Rules.Swap {
		out = append(out, "A player may swap two cards of their journey instead of drawing.")
	}
	for _, rule := range p.Rules.Departures() {
		out = append(out, strings.ToUpper(rule[:1])+rule[1:]+".")
	}
	if c := p.Combined; c != nil {
		var maps []string
		for _, m := range c.Members {
			maps = append(maps, cmpOr(m.Name, m.ID))
		}
		out = append(out, fmt.Sprintf("Several maps at once (%s): %d draw piles and %d face-up piles; a winning journey holds a region of every map; planes %s.", strings.Join(maps, ", "), c.DrawPiles, c.FaceUp, strings.ReplaceAll(cmpOr(c.Planes, "within-map"), "-", " ")))
	}
	return out
}

func andList(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func plural(n int, one, many string) string {
	switch n {
	case 0:
		return ""
	case 1:
		return one
	}
	return fmt.Sprintf(many, n)
}
