package mapdata

import (
	"bytes"
	"math"
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

var (
	genID   = rapid.StringMatching(`[A-Za-z][A-Za-z0-9-]{0,7}`)
	genText = rapid.String() // any valid UTF-8, quotes, <, & and all
	genKm   = rapid.Float64Range(0, 1e6)
)

func genStrings(t *rapid.T, g *rapid.Generator[string], label string) []string {
	return rapid.SliceOfN(g, 0, 4).Draw(t, label)
}

// genPack draws a pack with every field set to something: ids, names in any
// script, links of every kind with lengths and via lists, a deck of every
// card kind, provenance. It need not make sense as a game; writing and
// reading must keep it whole all the same.
func genPack(t *rapid.T) *Pack {
	p := &Pack{
		Kind:    rapid.SampledFrom([]string{KindRegions, "routes"}).Draw(t, "kind"),
		Edition: EditionInfo{ID: genID.Draw(t, "edition id"), Name: genText.Draw(t, "edition name"), Days: rapid.IntRange(2, 20).Draw(t, "days")},
		Rules:   Rules{Swap: rapid.Bool().Draw(t, "swap")},
	}
	for i, n := 0, rapid.IntRange(0, 4).Draw(t, "colors"); i < n; i++ {
		p.Colors = append(p.Colors, Color{ID: genID.Draw(t, "color id"), Name: genText.Draw(t, "color name"), Hex: rapid.StringMatching(`#[0-9a-f]{6}`).Draw(t, "hex")})
	}
	for i, n := 0, rapid.IntRange(0, 6).Draw(t, "regions"); i < n; i++ {
		p.Regions = append(p.Regions, Region{
			ID: genID.Draw(t, "region id"), Name: genText.Draw(t, "region name"), Aliases: genStrings(t, genText, "aliases"),
			Color: genID.Draw(t, "region color"), Copies: rapid.IntRange(1, 3).Draw(t, "copies"), AirOnly: rapid.Bool().Draw(t, "air only"),
			Seas: genStrings(t, genID, "region seas"), Rails: genStrings(t, genID, "region rails"),
		})
	}
	kinds := []LinkKind{Border, Bridge, Ferry, Car}
	for i, n := 0, rapid.IntRange(0, 8).Draw(t, "links"); i < n; i++ {
		l := Link{A: genID.Draw(t, "a"), B: genID.Draw(t, "b"), Kind: rapid.SampledFrom(kinds).Draw(t, "link kind")}
		switch l.Kind {
		case Border:
			l.LengthKm = genKm.Draw(t, "km")
		case Car:
			l.Via = rapid.SliceOfN(genID, 1, 3).Draw(t, "via")
		default:
			l.Why = genText.Draw(t, "why")
		}
		p.Links = append(p.Links, l)
	}
	if rapid.Bool().Draw(t, "removed") {
		p.Removed = []Link{{A: genID.Draw(t, "removed a"), B: genID.Draw(t, "removed b"), Kind: Border, Why: genText.Draw(t, "removed why")}}
	}
	for i, n := 0, rapid.IntRange(0, 3).Draw(t, "seas"); i < n; i++ {
		p.Seas = append(p.Seas, Sea{ID: genID.Draw(t, "sea id"), Name: genText.Draw(t, "sea name")})
	}
	for i, n := 0, rapid.IntRange(0, 3).Draw(t, "rails"); i < n; i++ {
		p.Rails = append(p.Rails, Rail{ID: genID.Draw(t, "rail id"), Name: genText.Draw(t, "rail name"), Stops: genStrings(t, genID, "stops")})
	}
	for i, n := 0, rapid.IntRange(0, 8).Draw(t, "cards"); i < n; i++ {
		c := Card{Kind: rapid.SampledFrom([]CardKind{RegionCard, PlaneCard, CarCard, ShipCard, TrainCard}).Draw(t, "card kind"), Count: rapid.IntRange(1, 16).Draw(t, "count")}
		switch c.Kind {
		case RegionCard:
			c.Region = genID.Draw(t, "card region")
		case PlaneCard:
			c.Color = genID.Draw(t, "card color")
		case ShipCard:
			c.Sea = genID.Draw(t, "card sea")
		case TrainCard:
			c.Rail = rapid.SampledFrom([]string{"", "line"}).Draw(t, "card rail")
		}
		c.Token = CardToken(c)
		p.Deck.Cards = append(p.Deck.Cards, c)
	}
	if rapid.Bool().Draw(t, "expect") {
		n := rapid.IntRange(0, 60).Draw(t, "expect regions")
		p.Expect = &Expect{RegionCards: &n}
	}
	p.Provenance = Provenance{Tool: "tendays", Version: genText.Draw(t, "version"),
		Inputs:     []Input{{Path: genText.Draw(t, "input path"), SHA256: rapid.StringMatching(`[0-9a-f]{64}`).Draw(t, "sha"), Bytes: rapid.Int64Range(0, 1<<40).Draw(t, "bytes")}},
		Parameters: rapid.MapOfN(genID, genText, 0, 3).Draw(t, "parameters"),
		Notes:      genStrings(t, genText, "notes"),
	}
	return p
}

// TestPackRoundTrip: a pack written and read back is the pack that was
// written (in its canonical order), and writing it again gives the same
// bytes.
func TestPackRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPack(t)
		var first bytes.Buffer
		if err := EncodePack(&first, p); err != nil { // canonicalizes p
			t.Fatal(err)
		}
		doc, err := DecodePack("p.pack.json", first.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, first.Bytes())
		}
		back := doc.Pack
		// encoding/json reads an empty list back as empty, not nil; a nil
		// one was written as [] or left out. Compare what the file says.
		normalizeEmpty(p)
		normalizeEmpty(back)
		if !reflect.DeepEqual(p, back) {
			t.Fatalf("read back differs:\nwrote %+v\nread  %+v", p, back)
		}
		var second bytes.Buffer
		if err := EncodePack(&second, back); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("writing again changes the bytes:\n%s\n---\n%s", first.Bytes(), second.Bytes())
		}
		for _, l := range back.Links {
			if l.LengthKm != math.Round(l.LengthKm*1000)/1000 {
				t.Fatalf("length %v is not rounded to metres", l.LengthKm)
			}
		}
	})
}

// normalizeEmpty makes empty optional lists and maps nil, where omitempty
// leaves them out of the file.
func normalizeEmpty(p *Pack) {
	for i := range p.Regions {
		if len(p.Regions[i].Aliases) == 0 {
			p.Regions[i].Aliases = nil
		}
	}
	for i := range p.Links {
		if len(p.Links[i].Via) == 0 {
			p.Links[i].Via = nil
		}
	}
	if len(p.Removed) == 0 {
		p.Removed = nil
	}
	if len(p.Provenance.Parameters) == 0 {
		p.Provenance.Parameters = nil
	}
	if len(p.Provenance.Notes) == 0 {
		p.Provenance.Notes = nil
	}
}
