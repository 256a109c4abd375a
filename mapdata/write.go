package mapdata

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/tendays/tendays/internal/atomicfile"
)

// Canonicalize puts a pack in its canonical order: regions, seas, rails and
// colours by id; links by (a, b, kind) with a < b; a region's seas and rails
// sorted; deck cards by kind, then token; lengths rounded to metres. Writing
// a canonical pack twice gives the same bytes.
func Canonicalize(p *Pack) {
	p.Format, p.FormatVersion = Format, FormatVersion
	if p.Kind == "" {
		p.Kind = KindRegions
	}
	sort.Slice(p.Colors, func(i, j int) bool { return p.Colors[i].ID < p.Colors[j].ID })
	for i := range p.Regions {
		r := &p.Regions[i]
		r.Seas = sortedSet(r.Seas)
		r.Rails = sortedSet(r.Rails)
		r.Aliases = sortedSet(r.Aliases)
	}
	sort.Slice(p.Regions, func(i, j int) bool { return p.Regions[i].ID < p.Regions[j].ID })
	canonLinks(p.Links)
	canonLinks(p.Removed)
	sort.Slice(p.Seas, func(i, j int) bool { return p.Seas[i].ID < p.Seas[j].ID })
	sort.Slice(p.Rails, func(i, j int) bool { return p.Rails[i].ID < p.Rails[j].ID })
	sort.Slice(p.ShipRoutes, func(i, j int) bool { return p.ShipRoutes[i].ID < p.ShipRoutes[j].ID })
	sort.SliceStable(p.Rules.Transports, func(i, j int) bool {
		return cardKindOrder(p.Rules.Transports[i].Kind) < cardKindOrder(p.Rules.Transports[j].Kind)
	})
	sort.SliceStable(p.Deck.Cards, func(i, j int) bool {
		a, b := p.Deck.Cards[i], p.Deck.Cards[j]
		if ka, kb := cardKindOrder(a.Kind), cardKindOrder(b.Kind); ka != kb {
			return ka < kb
		}
		return a.Token < b.Token
	})
	p.Deck.Totals = TotalsOf(p.Deck.Cards)
	sort.Slice(p.Provenance.Inputs, func(i, j int) bool { return p.Provenance.Inputs[i].Path < p.Provenance.Inputs[j].Path })
	ensureSlices(p)
}

// ensureSlices writes empty lists as [] rather than null, so readers in any
// language can iterate without a check.
func ensureSlices(p *Pack) {
	if p.Colors == nil {
		p.Colors = []Color{}
	}
	if p.Regions == nil {
		p.Regions = []Region{}
	}
	if p.Links == nil {
		p.Links = []Link{}
	}
	if p.Seas == nil {
		p.Seas = []Sea{}
	}
	if p.Rails == nil {
		p.Rails = []Rail{}
	}
	if p.Deck.Cards == nil {
		p.Deck.Cards = []Card{}
	}
	if p.Provenance.Inputs == nil {
		p.Provenance.Inputs = []Input{}
	}
	for i := range p.Regions {
		if p.Regions[i].Seas == nil {
			p.Regions[i].Seas = []string{}
		}
		if p.Regions[i].Rails == nil {
			p.Regions[i].Rails = []string{}
		}
	}
	for i := range p.Rails {
		if p.Rails[i].Stops == nil {
			p.Rails[i].Stops = []string{}
		}
	}
}

var cardKinds = []CardKind{RegionCard, PlaneCard, CarCard, ShipCard, TrainCard}

func cardKindOrder(k CardKind) int {
	if i := slices.Index(cardKinds, k); i >= 0 {
		return i
	}
	return len(cardKinds)
}

var linkKinds = []LinkKind{Border, Bridge, Ferry, Car}

func linkKindOrder(k LinkKind) int {
	if i := slices.Index(linkKinds, k); i >= 0 {
		return i
	}
	return len(linkKinds)
}

func canonLinks(links []Link) {
	for i := range links {
		l := &links[i]
		if l.B < l.A {
			l.A, l.B = l.B, l.A
		}
		l.Via = sortedSet(l.Via)
		// Beyond 1e305 km the product overflows to +Inf, which JSON cannot
		// hold; such a length has no metres to round anyway.
		if r := math.Round(l.LengthKm*1000) / 1000; !math.IsInf(r, 0) {
			l.LengthKm = r
		}
	}
	sort.SliceStable(links, func(i, j int) bool {
		a, b := links[i], links[j]
		if a.A != b.A {
			return a.A < b.A
		}
		if a.B != b.B {
			return a.B < b.B
		}
		return linkKindOrder(a.Kind) < linkKindOrder(b.Kind)
	})
}

func sortedSet(s []string) []string {
	if len(s) == 0 {
		return s
	}
	out := slices.Clone(s)
	sort.Strings(out)
	return slices.Compact(out)
}

// EncodePack writes the canonical JSON of p (which it canonicalizes first):
// two-space indentation, no HTML escaping, a final newline.
func EncodePack(w io.Writer, p *Pack) error {
	Canonicalize(p)
	return EncodeJSON(w, p)
}

// EncodeJSON writes v as indented JSON without HTML escaping.
func EncodeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// WritePack writes the canonical pack to path atomically: readers see the old
// file or the new one, never a part.
func WritePack(path string, p *Pack) error {
	return atomicfile.Write(path, 0o644, func(w io.Writer) error { return EncodePack(w, p) })
}

// PackFileName is the conventional file name of an edition's pack.
func PackFileName(editionID string) string {
	return strings.ToLower(editionID) + ".pack.json"
}
