package engine

import (
	"os"
	"strings"
	"testing"

	"github.com/tendays/tendays/internal/fuzzcheck"
	"github.com/tendays/tendays/mapdata"
)

// FuzzCompileAndCheck fuzzes the pack and the journey together: any pack
// that decodes is compiled or refused with a PackError, never a panic; on a
// compiled board any journey text is resolved or refused card by card, and
// checked, explained and scored without a panic, with a verdict that holds
// together. (FuzzCheck fuzzes card ids on a fixed board against the
// reference; this one reaches the packs lint would refuse, which Compile
// must survive all the same.)
func FuzzCompileAndCheck(f *testing.F) {
	for _, c := range []struct{ pack, journey string }{
		{"testdata/europe-mini.pack.json", "France,Spain"},
		{"testdata/grid.pack.json", "A1, car, A3"},
		{"testdata/usa.pack.json", "Oregon,car,Arizona,plane:tan,Ohio,West Virginia,Pennsylvania,plane:light-blue,Georgia,Florida"},
		{"testdata/usa.pack.json", "ME,car,NH"},
		{"testdata/usa.pack.json", "plane:red,,train:x,ship:"},
	} {
		src, err := os.ReadFile(c.pack)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src, c.journey)
	}
	f.Add([]byte(`{"format":"tendays.pack","formatVersion":1,"kind":"regions","edition":{"id":"x","name":"X","days":2},"regions":[{"id":"A","color":"red","copies":1},{"id":"A","color":"red","copies":0}],"links":[{"a":"A","b":"Z","kind":"car","via":["Q"]}],"deck":{"cards":[{"token":"A","kind":"region","region":"A","count":1},{"token":"plane:red","kind":"plane","color":"red","count":1},{"token":"car","kind":"car","count":0}]}}`), "A,car,A")
	// The rules block: open ends, a region in no colour, ships of the
	// routes, a kind under its own word.
	f.Add([]byte(`{"format":"tendays.pack","formatVersion":1,"kind":"regions","edition":{"id":"x","name":"X","days":3},"rules":{"swap":false,"faceUp":5,"start":"first-to-fill","journey":{"startOnTransport":true,"endOnTransport":true},"colorless":{"color":"none","planes":"other-end"},"transports":[{"kind":"plane","id":"train","name":"Zug"}]},"colors":[{"id":"red","name":"Red","hex":"#ff0000"},{"id":"none","name":"No colour","hex":"#cccccc"}],"regions":[{"id":"A","name":"A","color":"red","copies":1,"airOnly":false,"seas":[],"rails":[]},{"id":"B","name":"B","color":"none","copies":1,"airOnly":false,"seas":[],"rails":[]},{"id":"C","name":"C","color":"red","copies":1,"airOnly":false,"seas":[],"rails":[]}],"links":[{"a":"A","b":"B","kind":"border"}],"seas":[],"rails":[],"shipRoutes":[{"id":"r","name":"R","stops":["B","C","A"]}],"deck":{"cards":[{"token":"A","kind":"region","region":"A","count":1},{"token":"B","kind":"region","region":"B","count":1},{"token":"C","kind":"region","region":"C","count":1},{"token":"train:red","kind":"plane","color":"red","count":2},{"token":"ship","kind":"ship","routes":true,"count":2}],"totals":{"regionCards":3,"transportCards":4,"cards":7}},"provenance":{"tool":"t","version":"1","inputs":[]}}`), "train:red,B,ship:r,C,ship")
	f.Fuzz(func(t *testing.T, packText []byte, journey string) {
		doc, err := mapdata.DecodePack("fuzz.pack.json", packText)
		if err != nil {
			return // mapdata's own fuzz target covers decoding
		}
		var (
			b          *Board
			compileErr error
			parseErr   error
			cards      []CardID
			v          Verdict
			reason     string
			steps      []Step
		)
		fuzzcheck.Within(t, func() {
			if b, compileErr = Compile(doc.Pack); compileErr != nil {
				return
			}
			if cards, parseErr = b.ParseJourney(strings.Split(journey, ",")); parseErr != nil {
				return
			}
			v = b.Check(cards)
			reason, steps = v.Reason(), v.Steps()
			b.Progress(cards)
		})
		if compileErr != nil {
			if _, ok := compileErr.(*PackError); !ok {
				t.Fatalf("Compile fails with %T, not a PackError: %v", compileErr, compileErr)
			}
			return
		}
		if parseErr != nil {
			if _, ok := parseErr.(*TokenError); !ok {
				t.Fatalf("ParseJourney fails with %T, not a TokenError: %v", parseErr, parseErr)
			}
			return
		}
		if reason == "" {
			t.Fatal("a verdict without a reason")
		}
		if v.Valid != (v.Fault == NoFault) {
			t.Fatalf("valid %v with fault %v", v.Valid, v.Fault)
		}
		if !v.Valid && v.Fault != Empty && (v.At < 0 || v.At >= len(cards)) {
			t.Fatalf("fault %v at day %d of %d", v.Fault, v.At, len(cards))
		}
		if v.Valid {
			for _, s := range steps {
				if !s.Linked {
					t.Fatalf("a valid journey with an unlinked step: %+v", s)
				}
			}
		}
	})
}
