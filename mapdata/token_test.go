package mapdata

import (
	"os"
	"strings"
	"testing"
	"unicode"
)

// foldByRunes is Fold as it was first written, rune by rune through a
// strings.Builder: the reference the fast path must agree with.
func foldByRunes(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		if r == ' ' || r == '-' || r == '_' || r == '.' || unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

var foldSeeds = []string{"", " ", "new york", "New York", "new-york", "new_york", "  New..York  ",
	"OR", "or", "a b", "a  b", " a", "a ", "\tA\n", "Côte d'Ivoire", "ÅLAND", "\u00a0x\u00a0", "x\u0085y",
	"\xff\xfe", "a\xffB", "İstanbul", "ΣΊΣΥΦΟΣ", "plane:Dark Blue", strings.Repeat("Ab-", 40)}

// FuzzFold: the fast fold gives what the rune-by-rune fold gives, and a
// string it takes as folded (ASCII only: the check is conservative) is one
// folding leaves as it is.
func FuzzFold(f *testing.F) {
	for _, s := range foldSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := foldByRunes(s)
		if got := Fold(s); got != want {
			t.Fatalf("Fold(%q) = %q, want %q", s, got, want)
		}
		if isFolded(s) && want != s {
			t.Fatalf("isFolded(%q) = %v, but Fold gives %q", s, isFolded(s), want)
		}
	})
}

// TestLookupAllocatesNothing: a token naming a card of the deck, by id,
// name or token in any case and spacing, resolves without allocating.
func TestLookupAllocatesNothing(t *testing.T) {
	doc := miniPack(t)
	ix := NewTokenIndex(doc.Pack)
	var tokens []string
	for _, r := range doc.Pack.Regions {
		tokens = append(tokens, r.ID, r.Name, strings.ToUpper(r.Name), strings.ReplaceAll(r.Name, " ", "-"))
	}
	for _, c := range doc.Pack.Deck.Cards {
		tokens = append(tokens, c.Token, " "+strings.ToUpper(c.Token)+" ")
	}
	tokens = append(tokens, "airplane:RED", "automobile")
	for _, tok := range tokens {
		want, err := ix.Lookup(tok)
		if err != nil {
			t.Fatalf("%q: %v", tok, err)
		}
		allocs := testing.AllocsPerRun(50, func() {
			if i, err := ix.Lookup(tok); err != nil || i != want {
				t.Fatalf("%q: %d, %v", tok, i, err)
			}
		})
		if allocs != 0 {
			t.Errorf("Lookup(%q) allocates %.0f times", tok, allocs)
		}
	}
}

func BenchmarkLookup(b *testing.B) {
	ix := NewTokenIndex(miniPack(b).Pack)
	tokens := []string{"MID", "isle of gulls", "Isle-of-Gulls", "plane:red", "Airplane:Red", "car"}
	b.ReportAllocs()
	for b.Loop() {
		for _, tok := range tokens {
			if _, err := ix.Lookup(tok); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// miniPack is the repository's mini pack, decoded.
func miniPack(tb testing.TB) *PackDoc {
	tb.Helper()
	src, err := os.ReadFile("../testdata/packs/mini.pack.json")
	if err != nil {
		tb.Fatal(err)
	}
	doc, err := DecodePack("mini.pack.json", src)
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}
