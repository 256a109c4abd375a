package mapdata

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/fuzzcheck"
)

// checkInputError fails unless err is a *diag.InputError naming file.
func checkInputError(t *testing.T, file string, err error) {
	t.Helper()
	var ie *diag.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("error %T is not a *diag.InputError: %v", err, err)
	}
	if ie.File != file || !strings.HasPrefix(err.Error(), file) {
		t.Fatalf("error does not name %s first: %v", file, err)
	}
}

func addFile(f *testing.F, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(src)
}

// FuzzDecodePack: DecodePack never panics and fails only with an InputError
// naming the file; a pack it accepts writes canonical JSON that reads back
// and writes again to the same bytes.
func FuzzDecodePack(f *testing.F) {
	addFile(f, "../testdata/packs/mini.pack.json")
	for _, s := range []string{
		`{"format": "tendays.pack", "formatVersion": 1}`,
		`{"format": "tendays.pack", "formatVersion": 9}`,
		`{"format": "tendays.pack", "formatVersion": 1.5}`,
		`{"format": "tendays.pack", "formatVersion": 1, "regions": [{"id": "A", "copies": 1e400}]}`,
		`{"format": "tendays.pack", "formatVersion": 1, "links": [{"a": "B", "b": "A", "lengthKm": 1e300}]}`,
		`{"format": "tendays.pack", "formatVersion": 1, "colour": []}`,
		`[]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var doc *PackDoc
		var err error
		fuzzcheck.Within(t, func() { doc, err = DecodePack("fuzz.pack.json", src) })
		if err != nil {
			checkInputError(t, "fuzz.pack.json", err)
			return
		}
		var first bytes.Buffer
		if err := EncodePack(&first, doc.Pack); err != nil {
			t.Fatalf("a pack that was read does not write: %v", err)
		}
		again, err := DecodePack("again.pack.json", first.Bytes())
		if err != nil {
			t.Fatalf("a written pack does not read back: %v\n%s", err, first.Bytes())
		}
		var second bytes.Buffer
		if err := EncodePack(&second, again.Pack); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("writing is not stable:\n%s\n---\n%s", first.Bytes(), second.Bytes())
		}
	})
}

// FuzzDecodeEdition: DecodeEdition never panics and fails only with an
// InputError naming the file and a line.
func FuzzDecodeEdition(f *testing.F) {
	for _, name := range []string{"usa", "europe", "africa", "asia", "americas"} {
		addFile(f, "../editions/"+name+"/edition.yaml")
	}
	for _, s := range []string{
		"id: x\nname: X\ndays: ten\n",
		"id: x\nname: X\ndays: 10\nborders:\n  fiel: a.json\n",
		"- a\n- b\n",
		"",
		"regions:\n  split:\n    A: {parts: {B: [1, 2, 3]}}\n",
		"copies: {A: 99999999999999999999}\n",
		"a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var err error
		fuzzcheck.Within(t, func() { _, err = DecodeEdition("edition.yaml", src) })
		if err != nil {
			checkInputError(t, "edition.yaml", err)
			var ie *diag.InputError
			errors.As(err, &ie)
			if ie.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
		}
	})
}

// FuzzTokens: resolving a token never panics; a token that resolves names a
// card whose own token resolves to the same card; an unknown token says so.
func FuzzTokens(f *testing.F) {
	src, err := os.ReadFile("../testdata/packs/mini.pack.json")
	if err != nil {
		f.Fatal(err)
	}
	doc, err := DecodePack("mini.pack.json", src)
	if err != nil {
		f.Fatal(err)
	}
	ix := NewTokenIndex(doc.Pack)
	for _, s := range []string{"MID", "isle of gulls", "Isle-of-Gulls", "plane:red", "airplane:Red", "car",
		"ship:Gull Gulf", "train", "train:x", "car:fast", "", " ", ":", "plane:", "ship:gluf", "Midshir",
		"\xff\xfe", "é-ñ", strings.Repeat("a", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, token string) {
		var i int
		var err error
		fuzzcheck.Within(t, func() { i, err = ix.Lookup(token) })
		if err != nil {
			var ue *UnknownCardError
			if !errors.As(err, &ue) || ue.Token != token {
				t.Fatalf("error %T does not name the token: %v", err, err)
			}
			if i != -1 {
				t.Fatalf("error with index %d", i)
			}
			return
		}
		if i < 0 || i >= len(doc.Pack.Deck.Cards) {
			t.Fatalf("index %d out of the deck", i)
		}
		j, err := ix.Lookup(doc.Pack.Deck.Cards[i].Token)
		if err != nil || j != i {
			t.Fatalf("%q resolves to card %d, whose token resolves to %d (%v)", token, i, j, err)
		}
	})
}

// FuzzDecodeNetworkPack: a route-network pack is read or refused with its
// place, and one that is read writes, reads back and writes the same bytes.
func FuzzDecodeNetworkPack(f *testing.F) {
	addFile(f, "../engine/route/testdata/across-the-us.pack.json")
	for _, s := range []string{
		`{"format": "tendays.pack", "formatVersion": 1, "kind": "network"}`,
		`{"format": "tendays.pack", "formatVersion": 1, "kind": "regions"}`,
		`{"format": "tendays.pack", "formatVersion": 1, "kind": "network", "stations": [{"id": "A"}, {"id": "A"}], "routes": [{"a": "A", "b": "Z"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var doc *NetworkPackDoc
		var err error
		fuzzcheck.Within(t, func() { doc, err = DecodeNetworkPack("fuzz.pack.json", src) })
		if err != nil {
			checkInputError(t, "fuzz.pack.json", err)
			return
		}
		var first, second bytes.Buffer
		if err := EncodeNetworkPack(&first, doc.Pack); err != nil {
			t.Fatalf("a pack that was read does not write: %v", err)
		}
		again, err := DecodeNetworkPack("again.pack.json", first.Bytes())
		if err != nil {
			t.Fatalf("a written pack does not read back: %v\n%s", err, first.Bytes())
		}
		if err := EncodeNetworkPack(&second, again.Pack); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("writing is not stable:\n%s\n---\n%s", first.Bytes(), second.Bytes())
		}
	})
}

// FuzzDecodeNetworkEdition: a route-network edition.yaml is read or refused
// with the file and a line.
func FuzzDecodeNetworkEdition(f *testing.F) {
	addFile(f, "../editions/across-the-us/edition.yaml")
	for _, s := range []string{
		"kind: network\nid: x\n",
		"kind: regions\n",
		"kind: network\nstations: {file: ../x.geojson}\n",
		"- kind\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var err error
		fuzzcheck.Within(t, func() { _, err = DecodeNetworkEdition("edition.yaml", src) })
		if err != nil {
			checkInputError(t, "edition.yaml", err)
			var ie *diag.InputError
			errors.As(err, &ie)
			if ie.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
		}
	})
}
